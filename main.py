"""Start Crescent from a source checkout: ``python main.py [options]``."""

import sys

from crescent.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
