"""What every game's pages are built from, below the page routes (scorekeeper/web/) and the
games (scorekeeper/games/): the score sheet and its chart (``sheet``), the pieces forms
share (``forms``), and the referee's card picker (``picker``). Nothing here routes, names
a game or reads the database."""
