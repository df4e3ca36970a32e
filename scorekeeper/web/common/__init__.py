"""What every page family stands on: the device's cookie (:mod:`.device`), the reader's
language (:mod:`.language`), the assets' addresses and the static files sent compressed
(:mod:`.assets`, :mod:`.static_files`), the installable app (:mod:`.pwa`), the error
pages (:mod:`.errors`) and the unindented HTML (:mod:`.unindented`). It imports no
family."""
