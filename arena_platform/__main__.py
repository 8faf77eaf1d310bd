"""`python -m arena_platform ...` runs the `arena` command (a checkout without the entry point)."""

import sys

from arena_platform.cli import main

sys.exit(main())
