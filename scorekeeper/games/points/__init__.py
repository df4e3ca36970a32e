"""A plain points sheet, the third game: for the other card games a table plays (Tarneeb,
Baloot, Kout, Trix…), each side's points per deal typed in, to a target or a number of
deals. Its engine (``rules``), its JSON (``codec``), how its deals fill the database's rows
(``store``), its league (``league``), its forms, sheet and pages (``forms``, ``sheet``,
``pages``), all gathered in one kind (``kind.POINTS``) that the registry lists. It has no
referee.

Importing this package imports nothing else: the engine is plain Python."""
