"""Hand's referee: a question in the JSON API's body shape decided by the engine
(``questions``), one question as its page holds it (``desk``), what the pages show of a
verdict and of the rulings a game kept (``verdicts``), and the pages themselves
(``pages``)."""
