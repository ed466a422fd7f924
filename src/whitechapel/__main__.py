"""`python -m whitechapel` runs the same command as `whitechapel`."""

import sys

from whitechapel.cli import main

if __name__ == "__main__":  # not when a worker process imports it (core/thinking.py)
    sys.exit(main())
