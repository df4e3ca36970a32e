"""The referee's pages (:mod:`.routes`): a game's rulings asked and kept, each game's own
part coming from its kind in the registry. Builds on the game's pages."""
