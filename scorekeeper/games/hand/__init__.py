"""Hand, the rummy game of two packs and two jokers (seeds 000, 001, 002 and 004): its
engine (``rules``), its JSON (``codec``), its referee (``referee``: the questions, the
pages and what they show of a verdict), its answers to the API's game-free questions
(``answers``), how its deals fill the database's rows (``store``, ``stored``), its forms,
sheet, labels and pages (``forms``, ``sheet``, ``labels``, ``pages``), all gathered in one
kind (``kind.HAND``) that the registry lists.

Importing this package imports nothing else: the engine is plain Python."""
