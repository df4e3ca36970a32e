# A package, so that its conftest.py is imported as browser.conftest: --doctest-modules
# imports every conftest.py, and two top-level "conftest" modules would clash.
