"""``python -m dominolab.verify.mutants --child SPEC REPORT TARGETS``: one mutant run, a child process
of ``dominolab coverage``."""

import sys

from dominolab.verify.mutants import main

sys.exit(main(sys.argv[1:]))
