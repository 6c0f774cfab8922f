"""``dominolab coverage``: prove the rule tests by mutants (see :mod:`dominolab.verify.mutants`)."""

from __future__ import annotations

import argparse
from typing import Any

from dominolab.cli.common import int_arg, wrap


def cmd_coverage(args: argparse.Namespace) -> int:
    from dominolab.verify.mutants import cmd_coverage as run

    return run(args.jobs, args.fresh, only=args.mutant, leave_out=args.leave_out)


def add_parser(sub: Any) -> None:
    """Register ``dominolab coverage``."""
    p = sub.add_parser("coverage", help="prove the rule tests: apply every mutant and run its statement's tests",
                       description=wrap("Run the tests marked @pytest.mark.rule unchanged, then apply every "
                                        "mutant named in rules_coverage.toml in a fresh process and run the tests "
                                        "of the statements naming it. Prints progress on stderr and "
                                        "'N statements, N mutants caught'; exit 1 when a mutant survives. The "
                                        "result is stored under _build/rule-coverage/ for these sources."))
    p.add_argument("--jobs", type=int_arg(1, 64), default=None, metavar="J",
                   help="mutant runs in parallel, 1 to 64 (default: the cores, at most 4)")
    p.add_argument("--fresh", action="store_true", help="run again even when a result for these sources is stored")
    p.add_argument("--mutant", action="append", default=[], metavar="SPEC",
                   help="run only this mutant (repeatable; the result is not stored; default: every mutant)")
    p.add_argument("--leave-out", action="append", default=[], metavar="FILE",
                   help="audit: do not count the rule tests of this test file (repeatable, e.g. "
                        "tests/verify/test_rules_catch.py); a mutant only its tests catch then survives. The result "
                        "is not stored")
    p.set_defaults(func=cmd_coverage)
