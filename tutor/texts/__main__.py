"""`python -m tutor.texts check`."""

import sys

from tutor.texts.cli import main

sys.exit(main())
