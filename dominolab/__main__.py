import sys

from dominolab.cli import main

sys.exit(main())
