"""``dominolab layout``: place tiles and print each step (text, JSON, pictures)."""

from __future__ import annotations

import argparse
import json
from typing import Any, Iterator, Sequence

from dominolab.cli.common import RawFormatter, add_game_arguments, the_game
from dominolab.core.errors import DominoError, shorten
from dominolab.core.layout import Layout, Placement
from dominolab.core.rules import GameRules, get_game
from dominolab.text import language
from dominolab.text.steptext import LANGUAGES, step_lines


def _tokens(arguments: str | Sequence[str]) -> list[tuple[str, int, str]]:
    """Every placement with the argument it came from: (placement, argument number, argument)."""
    args = [arguments] if isinstance(arguments, str) else list(arguments)
    return [(token, number, arg) for number, arg in enumerate(args, 1) for token in arg.split()]


def _steps(layout_text: str | Sequence[str], rules: GameRules) -> Iterator[tuple[Layout, Placement]]:
    """Place the tiles one by one; errors say which placement (``placement 2 of 3: ...``) and, when
    an argument holds several words, which argument the user typed (``'[1 | 4]'`` is one argument)."""
    tokens = _tokens(layout_text)
    if not tokens:
        raise DominoError("empty layout: give at least one placement, e.g. '[1|4]'")
    several = not isinstance(layout_text, str) and len(layout_text) > 1
    layout = Layout(rules.spinners)
    for number, (token, arg_number, arg) in enumerate(tokens, 1):
        try:
            placement = Placement.parse(token)
            layout.place(placement)
        except DominoError as exc:
            where = f"placement {number} of {len(tokens)}"
            if len(arg.split()) > 1:
                argument = f"argument {arg_number} {shorten(arg, 40)}" if several else f"the argument {shorten(arg, 40)}"
                hint = " (spaces separate placements: write a tile without spaces, e.g. [1|4])" if "[" in token \
                    and "]" not in token else ""
                where = f"{argument}, {where}"
                raise DominoError(f"{where}: {exc}{hint}") from None
            raise DominoError(f"{where}: {exc}") from None
        yield layout, placement


def layout_steps_json(layout_text: str | Sequence[str], game: str | GameRules) -> list[dict[str, Any]]:
    """The ``dominolab layout --json`` array for a sequence of placements (a game name or description)."""
    rules = get_game(game)
    out = []
    for layout, placement in _steps(layout_text, rules):
        contributions = layout.contributions()
        total = sum(v for _, v in contributions)
        out.append({
            "placed": str(placement.tile),
            "contributions": [{"tile": str(p.tile), "point": p.side.notation, "value": v} for p, v in contributions],
            "sum": total,
            "points": rules.credit(total),
            "open": [{"tile": str(p.tile), "point": p.side.notation, "pips": p.pips} for p in layout.open_points()],
        })
    return out


def cmd_layout(args: argparse.Namespace) -> int:
    rules = the_game(args)
    text = list(args.placements)
    if args.json:
        print(json.dumps(layout_steps_json(text, rules), ensure_ascii=False))
        return 0
    lines = []
    final = None
    for layout, placement in _steps(text, rules):
        lines.extend(step_lines(layout, placement, rules))
        final = layout
    if final is not None and (args.svg or args.png):  # picture export: code in dominolab.pictures.export
        from dominolab.pictures.export import layout_files, write_files

        write_files(layout_files(final, rules, svg_path=args.svg, png_path=args.png, lang=language.current()),
                    "--svg" if args.svg else "--png")
    print("\n".join(lines))
    return 0


def add_parser(sub: Any) -> None:
    """Register ``dominolab layout``."""
    p = sub.add_parser("layout", help="place tiles and print each step (text or --json)",
                       description="Place tiles in order and print, for each placement, what it scores.",
                       epilog="example: dominolab layout --game horse-race '[1|4]' '[1|1]@[1|4].low'\n"
                              "         dominolab layout --game horse-race --json '[5|5] [2|5]@[5|5].A'",
                       formatter_class=RawFormatter)
    add_game_arguments(p)
    p.add_argument("--json", action="store_true",
                   help="print one JSON array (the interchange contract) instead of text (default: text)")
    p.add_argument("--lang", default="de", choices=LANGUAGES, metavar="LANG",
                   help=f"language of the step texts: {', '.join(LANGUAGES)} (default: de)")
    p.add_argument("placements", nargs="+", metavar="PLACEMENT",
                   help="placements in the order played, quoted for the shell: the opening tile alone, "
                        "then TILE@TILE.POINT, e.g. '[1|4]' '[1|1]@[1|4].low'")
    p.add_argument("--svg", metavar="FILE", help="also write the picture of the final layout as SVG (default: no picture)")
    p.add_argument("--png", metavar="FILE", help="also write the picture of the final layout as PNG, needs Matplotlib "
                                                   "(default: no picture)")
    p.set_defaults(func=cmd_layout)
