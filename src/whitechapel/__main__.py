"""`python -m whitechapel` runs the same command as `whitechapel`."""

import sys

from whitechapel.cli import main

sys.exit(main())
