"""``dominolab check``: example files, rule documents and records."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dominolab.cli.common import add_game_arguments, game_of


def cmd_check(args: argparse.Namespace) -> int:
    from dominolab.verify.checking import run_check, sample_text

    if args.sample:
        sys.stdout.write(sample_text())
        return 0
    return run_check(args.files, rules=game_of(args, required=False))


def add_parser(sub: Any) -> None:
    """Register ``dominolab check``."""
    from dominolab.verify.checking import SAMPLE_HINT
    p = sub.add_parser("check", help="check example files, rule documents or records (default: the catalogue)",
                       epilog=SAMPLE_HINT)
    p.add_argument("files", nargs="*", metavar="FILE",
                   help=".toml example files, .txt/.md rule documents (every worked step block), .json records")
    p.add_argument("--sample", action="store_true", help="print an annotated sample example file and exit")
    add_game_arguments(p, required=False)
    p.set_defaults(func=cmd_check)
