"""A group's pages: the group, its members and its games (:mod:`.routes`, the lists in
:mod:`.games`, the forms in :mod:`.forms`), a new game of the group and "Play again"
(:mod:`.play`), its season's standings (:mod:`.season`) and its ratings
(:mod:`.ratings`). Builds on the game's pages."""
