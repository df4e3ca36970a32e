"""A night of several tables (docs/night.md). Its engine (:mod:`.engine`: who sits where
each round, the balance of the tables, the night's standing) is plain Python over plain
data, like each game's; beside it, the night kept in the database (:mod:`.store`) and its
rounds started and taken back (:mod:`.rounds`). The top feature: it builds on the league
and on trust, and neither imports it."""
