"""A night's pages (:mod:`.routes`): a new night, the organiser's page, the view-only page a
player opens to see where to sit, the print and the TV board. Builds on the game's and the
group's pages."""
