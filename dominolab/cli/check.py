"""``dominolab check``: example files, rule documents and records."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dominolab.cli.common import add_game_arguments, game_of
from dominolab.core.errors import DominoError


def cmd_check(args: argparse.Namespace) -> int:
    from dominolab.verify.checking import run_check, sample_text

    if args.sample:
        sys.stdout.write(sample_text())
        return 0
    if args.fix or args.dry_run or args.overwrite:
        from dominolab.verify.doccheck import fix_command

        if not args.fix:
            raise DominoError("--dry-run and --overwrite go with --fix")
        return fix_command(args.files, dry_run=args.dry_run, overwrite=args.overwrite)
    return run_check(args.files, rules=game_of(args, required=False))


def add_parser(sub: Any) -> None:
    """Register ``dominolab check``."""
    from dominolab.verify.checking import SAMPLE_HINT
    p = sub.add_parser("check", help="check example files, rule documents or records (default: the catalogue)",
                       epilog=SAMPLE_HINT)
    p.add_argument("files", nargs="*", metavar="FILE",
                   help=".toml example files, .txt/.md rule documents (every worked step block), .json records")
    p.add_argument("--sample", action="store_true", help="print an annotated sample example file and exit")
    p.add_argument("--fix", action="store_true",
                   help="rule documents: rewrite the numbers, tiles and points of wrong worked step blocks to what "
                        "the engine computes (never prose); shows a unified diff, keeps DOC.orig (default: only check)")
    p.add_argument("--dry-run", action="store_true", help="with --fix: only show the diff, write nothing")
    p.add_argument("--overwrite", action="store_true", help="with --fix: replace an existing DOC.orig (default: refuse)")
    add_game_arguments(p, required=False)
    p.set_defaults(func=cmd_check)
