"""Server-rendered pages (HTML), as opposed to the JSON API in ``scorekeeper.api``."""
