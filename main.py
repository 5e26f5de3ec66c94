"""Start Crescent from a source checkout: ``python main.py [options]``."""

import sys

from crescent.__main__ import main

if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # In the one-file executable a worker process (the pure "Still winnable?" search,
        # when the search core is not there) starts this same program: freeze_support()
        # runs the worker there, never a second game. From source it does nothing, and
        # multiprocessing (pickle, socket, selectors) is not imported at start.
        import multiprocessing

        multiprocessing.freeze_support()
    sys.exit(main())
