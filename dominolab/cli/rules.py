"""``dominolab rules``: print a game's description as a TOML file, the starting point of house rules."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dominolab.cli.common import RawFormatter, wrap
from dominolab.core.errors import UnknownGame
from dominolab.core.gamefile import loads_rules, registered_games, rules_to_toml
from dominolab.core.rules import GAMES


def cmd_rules(args: argparse.Namespace) -> int:
    games = registered_games()
    if args.game not in games:
        raise UnknownGame(f"unknown game {args.game!r}; choose one of: {', '.join(games)}")
    rules = games[args.game]
    name = args.name if args.name is not None else (f"{rules.name}-house" if rules.name in GAMES else rules.name)
    text = rules_to_toml(rules, name=name)
    loads_rules(text, "--name")          # a bad --name fails here, before anything is printed
    sys.stdout.write(text)
    return 0


def add_parser(sub: Any) -> None:
    """Register ``dominolab rules``."""
    names = list(registered_games())
    p = sub.add_parser("rules", help="print a game's description as TOML, to start house rules from",
                       description=wrap("Print the description of a game in the TOML form that --rules FILE "
                                        "reads: every rule of the game is one key. Save it, give it a name of "
                                        "its own, change what your table plays differently, and use it with "
                                        "layout, simulate, replay, tournament, play or check."),
                       epilog="example: dominolab rules horse-race > my-race.toml\n"
                              "         dominolab simulate --rules my-race.toml --players 2 --matches 10",
                       formatter_class=RawFormatter)
    p.add_argument("game", metavar="GAME", help="the game to start from: " + ", ".join(names))
    p.add_argument("--name", metavar="NAME",
                   help="the name of the new description (default: GAME-house for a built-in game; "
                        "lowercase letters, digits and '-')")
    p.set_defaults(func=cmd_rules)
