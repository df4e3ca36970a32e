"""The table's league (docs/league.md): what a group's games add up to. Its engine
(:mod:`.engine`: a game's result, the standings, the rating) is plain Python over plain
data, naming no game and needing neither Flask nor the database; the modules beside it keep
the league in the database: groups and their members (:mod:`.groups`, :mod:`.members`,
a rename followed into the nights by :mod:`.renames`), each game's result
(:mod:`.results`), the ratings (:mod:`.ratings`) and the rematch (:mod:`.rematch`). The
bottom feature: trust and the night build on it, never the other way."""
