"""Trust between the sides (docs/trust.md): deals the other side confirms or disputes
(:mod:`.confirmations`) and the signatures the game's history keeps of them
(:mod:`.signatures`). Built on the league (a confirmed game's result counts); the night
builds on it."""
