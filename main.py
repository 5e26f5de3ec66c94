"""Start Crescent from a source checkout: ``python main.py [options]``."""

import multiprocessing
import sys

from crescent.__main__ import main

if __name__ == "__main__":
    # In the one-file executable a worker process (the "Still winnable?" search) starts
    # this same program: freeze_support() runs the worker there, never a second game.
    multiprocessing.freeze_support()
    sys.exit(main())
