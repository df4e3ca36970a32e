"""Hand, the rummy game of two packs and two jokers (seeds 000, 001, 002 and 004): its
engine (``rules``), its JSON (``codec``), its referee's questions (``referee``,
``answers``), how its deals fill the database's rows (``store``, ``stored``), its forms,
sheet, labels and pages (``forms``, ``sheet``, ``labels``, ``verdicts``, ``pages``,
``refpages``), all gathered in one kind (``kind.HAND``) that the registry lists.

Importing this package imports nothing else: the engine is plain Python."""
