"""A night of several tables (docs/night.md): who sits where each round
(:mod:`.schedule`) and the night's standing from each table's result (:mod:`.standing`).
Plain Python over plain data, like each game's engine: no Flask, no database, no game
named — a table's game is an ordinary game of the app, read through the league's
result."""
