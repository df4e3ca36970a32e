"""A game's pages: the home page's list of this phone's games (:mod:`.home`), the new-game
form (:mod:`.setup`), the sheet, its deal form and a deal recorded (:mod:`.routes`), a
deal corrected or undone (:mod:`.corrections`, :mod:`.undo`, what a stale form meets in
:mod:`.conflicts`), the history (:mod:`.audit`), print, CSV, JSON and QR code
(:mod:`.files`, :mod:`.downloads`), the result picture (:mod:`.share`), the view-only
link (:mod:`.viewonly`), the live rows other phones fetch and the pages kept rendered
(:mod:`.live`, :mod:`.saved`, :mod:`.pressed`), and the other side's confirmations
(:mod:`.trust`, its marks on the sheet in :mod:`.marks`). The first family: the others
build on it."""
