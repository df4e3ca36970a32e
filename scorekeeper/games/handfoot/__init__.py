"""Hand and Foot, the partnership game of piles (seed 003): its engine (``rules``), its
JSON (``codec``), its referee's questions (``referee``), how its deals fill the database's
rows (``store``), its forms, sheet and pages (``forms``, ``sheet``, ``pages``,
``refpages``), all gathered in one kind (``kind.HANDFOOT``) that the registry lists.

Importing this package imports nothing else: the engine is plain Python."""
