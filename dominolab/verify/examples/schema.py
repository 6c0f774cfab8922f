"""The example file format as data: every key per kind, its type, its range.

:func:`validate_file` checks a parsed example file completely before anything
is run: unknown or misspelt keys (with a "did you mean" suggestion), wrong
types, impossible values (duplicate tiles, an unknown end reason, a domino
without its seat, seats out of range, hands larger than the deal, a
``continues`` cycle) and examples or steps that expect nothing. Every problem
is one :class:`~dominolab.core.errors.ExampleError` line naming the file, the
example id and the key.

The same data drives the book page *Beispielformat* (:func:`field_rows`), so
the documentation cannot drift from what the checker accepts.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterable, Mapping, Sequence

from dominolab.core.errors import DominoError, ExampleError, shorten
from dominolab.core.layout import AttachmentPoint, Placement, parse_placements
from dominolab.core.rules import GAMES, GameRules, get_game
from dominolab.core.scoring import EndReason
from dominolab.core.tiles import Tile
from dominolab.core.userfiles import suggest



class ExampleKind(enum.StrEnum):
    """What an ``[[example]]`` checks; the values are what example files write (``kind = "..."``)."""

    LAYOUT = "layout"              #: placements step by step, each step checked
    CREDIT = "credit"              #: an end sum and its credit
    SETTLEMENT = "settlement"      #: the remaining hands at the end of a round
    MOVE = "move"                  #: one move from a position, and the event it makes


KINDS: tuple[str, ...] = tuple(ExampleKind)
REASONS = (EndReason.DOMINO.value, EndReason.BLOCKED.value)     #: how a settled round can end
#: Fields of the play event (``dominolab.record/1``) plus what a move example may also expect.
MOVE_EXPECT_KEYS = ("type", "seat", "tile", "at", "source", "sum", "credit", "bonus", "scored", "scores",
                    "end", "match_winners")


@dataclass(frozen=True)
class Field:
    """One key of the format."""

    name: str
    where: str            #: "example" (all kinds), a kind, "step" (layout steps) or "expect" (move)
    type: str             #: "text", "integer", "boolean", "tiles", ... (see TYPE_WORDS)
    required: bool
    en: str               #: what it means (English, for --help and errors)
    de: str               #: what it means (German, for the book)
    expectation: bool = False  #: the key states an expected result


TYPE_WORDS = {
    # type: (English, German)
    "text": ("string", "Text"),
    "integer": ("integer ≥ 0", "ganze Zahl ≥ 0"),
    "boolean": ("true or false", "true oder false"),
    "kind": ("one of " + ", ".join(KINDS), "eins von " + ", ".join(KINDS)),
    "game": ("one of " + ", ".join(GAMES), "eins von " + ", ".join(GAMES)),
    "reason": ("one of " + ", ".join(REASONS), "eins von " + ", ".join(REASONS)),
    "placements": ("placements in notation", "Anlegezüge in Notation"),
    "placement": ("one placement in notation", "ein Anlegezug in Notation"),
    "move": ("a placement, \"draw\" or \"pass\"", "ein Anlegezug, \"draw\" oder \"pass\""),
    "id": ("id of another layout example", "id eines anderen Auslagebeispiels"),
    "steps": ("array of tables [[example.step]]", "Liste von Tabellen [[example.step]]"),
    "tile-list": ("array of tiles", "Liste von Steinen"),
    "point-list": ("array of attachment points", "Liste von Anlegestellen"),
    "contributions": ("table tile = integer", "Tabelle Stein = Zahl"),
    "hands": ("array (one per seat) of arrays of tiles", "Liste (je Sitz) von Listen von Steinen"),
    "seat": ("seat number 0 … players−1", "Sitznummer 0 … Spieler−1"),
    "side-list": ("array of side numbers", "Liste von Seitennummern"),
    "score-list": ("array of integers, one per side", "Liste von Zahlen, eine je Seite"),
    "expect": ("table of expected play-event fields", "Tabelle erwarteter Felder des Anlege-Ereignisses"),
}

FIELDS: tuple[Field, ...] = (
    Field("id", "example", "text", True, "unique name of the example", "eindeutiger Name des Beispiels"),
    Field("kind", "example", "kind", True, "what the example checks", "was das Beispiel prüft"),
    Field("game", "example", "game", True, "which game's rules apply", "nach den Regeln welches Spiels"),
    Field("section", "example", "text", False, "heading of the rule document it comes from",
          "Überschrift des Regeldokuments, aus dem es stammt"),
    Field("title", "example", "text", False, "one line saying what it shows", "eine Zeile, was es zeigt"),
    Field("reconstructed", "example", "text", False, "what was chosen or reconstructed, and why",
          "was gewählt oder rekonstruiert wurde und warum"),
    Field("title_en", "example", "text", False, "the title in English (the English edition)",
          "der Titel auf Englisch (die englische Ausgabe)"),
    Field("reconstructed_en", "example", "text", False, "the reconstruction note in English",
          "die Rekonstruktionsnotiz auf Englisch"),
    # layout
    Field("setup", "layout", "placements", False, "placements laid before the first step (not checked)",
          "Anlegezüge vor dem ersten Schritt (ungeprüft)"),
    Field("continues", "layout", "id", False, "start from the final layout of that example (instead of setup)",
          "beginnt mit der letzten Auslage jenes Beispiels (statt setup)"),
    Field("step", "layout", "steps", True, "the placements to check, in order", "die zu prüfenden Anlegezüge"),
    Field("play", "step", "placement", True, "the placement of this step", "der Anlegezug dieses Schritts"),
    Field("text", "step", "text", False, "exact German step text (second line of a worked step)",
          "genauer Schritttext (zweite Zeile eines Schrittblocks)", True),
    Field("description", "step", "text", False, "exact German structured description (third line)",
          "genaue strukturierte Beschreibung (dritte Zeile)", True),
    Field("sum", "step", "integer", False, "sum of the scored contributions", "Summe der gewerteten Beiträge", True),
    Field("points", "step", "integer", False, "credit in game points", "Gutschrift in Spielpunkten", True),
    Field("contributions", "step", "contributions", False, "what the named tiles contribute",
          "was die genannten Steine beitragen", True),
    Field("not_scored", "step", "tile-list", False, "tiles that must contribute nothing",
          "Steine, die nichts beitragen dürfen", True),
    Field("open_includes", "step", "point-list", False, "attachment points that must be free",
          "Anlegestellen, die frei sein müssen", True),
    Field("skipped_in_document", "step", "boolean", False, "the document does not print this step",
          "das Dokument druckt diesen Schritt nicht"),
    Field("reconstructed", "step", "text", False, "what was reconstructed in this step",
          "was in diesem Schritt rekonstruiert wurde"),
    Field("reconstructed_en", "step", "text", False, "the step's reconstruction note in English",
          "die Rekonstruktionsnotiz des Schritts auf Englisch"),
    # credit
    Field("sum", "credit", "integer", True, "an end sum", "eine Endsumme"),
    Field("points", "credit", "integer", True, "the credit it must give", "die Gutschrift, die sie bringen muss",
          True),
    # settlement and move: the table
    Field("players", "settlement", "integer", True, "number of players", "Zahl der Spieler"),
    Field("partnerships", "settlement", "boolean", False, "partnership play (default false)",
          "Partnerschaftsspiel (Vorgabe false)"),
    Field("reason", "settlement", "reason", True, "how the round ended", "wie die Runde endete"),
    Field("domino_seat", "settlement", "seat", False, "the seat that played its last tile (required for domino)",
          "der Sitz, der ausgespielt hat (Pflicht bei domino)"),
    Field("hands", "settlement", "hands", True, "tiles left in each hand", "verbliebene Steine je Hand"),
    Field("scores_before", "settlement", "score-list", False, "scores before the settlement (default 0)",
          "Punktestände vor der Abrechnung (Vorgabe 0)"),
    Field("expect_winners", "settlement", "side-list", False, "sides that win the round",
          "Seiten, die die Runde gewinnen", True),
    Field("expect_credits", "settlement", "score-list", False, "credit of each side", "Gutschrift je Seite", True),
    Field("expect_scores", "settlement", "score-list", False, "scores after the settlement",
          "Punktestände nach der Abrechnung", True),
    Field("expect_match_winners", "settlement", "side-list", False, "sides that have won the match",
          "Seiten, die die Partie gewonnen haben", True),
    Field("players", "move", "integer", True, "number of players", "Zahl der Spieler"),
    Field("partnerships", "move", "boolean", False, "partnership play (default false)",
          "Partnerschaftsspiel (Vorgabe false)"),
    Field("scores", "move", "score-list", False, "scores before the move (default 0)",
          "Punktestände vor dem Zug (Vorgabe 0)"),
    Field("layout", "move", "placements", False, "the layout so far", "die bisherige Auslage"),
    Field("hands", "move", "hands", True, "each seat's hand", "die Hand jedes Sitzes"),
    Field("stock", "move", "tile-list", False, "the stock, drawn from the front", "der Talon, von vorn gezogen"),
    Field("to_move", "move", "seat", True, "the seat to move", "der Sitz am Zug"),
    Field("play", "move", "move", True, "the move", "der Zug"),
    Field("expect", "move", "expect", True, "expected fields of the play event, plus end and match_winners",
          "erwartete Felder des Anlege-Ereignisses, dazu end und match_winners", True),
)


def fields_of(where: str) -> dict[str, Field]:
    """The keys allowed in an example of kind ``where`` (or in a "step")."""
    own = {f.name: f for f in FIELDS if f.where == where}
    if where in KINDS:
        return {**{f.name: f for f in FIELDS if f.where == "example"}, **own}
    return own


def field_rows(lang: str = "de") -> list[tuple[str, str, str, str, str]]:
    """(where, key, type, required, meaning) rows for documentation."""
    rows = []
    for f in FIELDS:
        type_word = TYPE_WORDS[f.type][0 if lang == "en" else 1]
        req = ("required" if f.required else "optional") if lang == "en" else ("Pflicht" if f.required else "optional")
        rows.append((f.where, f.name, type_word, req, f.en if lang == "en" else f.de))
    return rows


# -- validation ---------------------------------------------------------------------------


class _Ctx:
    def __init__(self, path: str, example_id: str):
        self.path, self.example_id = path, example_id

    def fail(self, key: str, what: str) -> ExampleError:
        where = f"{self.path}: example {shorten(self.example_id, 40)}"
        return ExampleError(f"{where}: key {key}: {what}" if key else f"{where}: {what}")


def _check_keys(ctx: _Ctx, table: Mapping[str, Any], allowed: Mapping[str, Field], prefix: str = "") -> None:
    for key in table:
        if key not in allowed:
            raise ctx.fail(prefix + str(key), f"unknown key{suggest(str(key), list(allowed))}")
    for name, f in allowed.items():
        if f.required and name not in table:
            raise ctx.fail(prefix + name, "missing (required)")


def _type_name(value: object) -> str:
    return {str: "a string", int: "an integer", bool: "a boolean", list: "an array", dict: "a table",
            float: "a float"}.get(type(value), type(value).__name__)


def _want(ctx: _Ctx, key: str, value: object, typ: type, word: str) -> None:
    if typ is int and isinstance(value, bool) or not isinstance(value, typ):
        raise ctx.fail(key, f"must be {word}, not {_type_name(value)} {shorten(repr(value), 40)}")


def _nat(ctx: _Ctx, key: str, value: object) -> int:
    _want(ctx, key, value, int, "an integer")
    assert isinstance(value, int)
    if value < 0:
        raise ctx.fail(key, f"must not be negative, not {value}")
    return value


def _text(ctx: _Ctx, key: str, value: object) -> str:
    _want(ctx, key, value, str, "a string")
    assert isinstance(value, str)
    return value


def _parsed(ctx: _Ctx, key: str, value: object, parse: Callable[[str], Any]) -> Any:
    text = _text(ctx, key, value)
    try:
        return parse(text)
    except DominoError as exc:
        raise ctx.fail(key, str(exc)) from None


def _list(ctx: _Ctx, key: str, value: object) -> list[Any]:
    _want(ctx, key, value, list, "an array")
    assert isinstance(value, list)
    return value


def _tiles(ctx: _Ctx, key: str, value: object) -> list[Tile]:
    tiles = [_parsed(ctx, f"{key}[{i}]", v, Tile.parse) for i, v in enumerate(_list(ctx, key, value))]
    seen: set[Tile] = set()
    for t in tiles:
        if t in seen:
            raise ctx.fail(key, f"tile {t} is named twice")
        seen.add(t)
    return tiles


def _ints(ctx: _Ctx, key: str, value: object, length: int | None, upper: int | None = None) -> list[int]:
    items = [_nat(ctx, f"{key}[{i}]", v) for i, v in enumerate(_list(ctx, key, value))]
    if length is not None and len(items) != length:
        raise ctx.fail(key, f"needs {length} entries (one per side), has {len(items)}")
    if upper is not None:
        for v in items:
            if v >= upper:
                raise ctx.fail(key, f"side {v} out of range (sides 0 … {upper - 1})")
    return items


def _seating(ctx: _Ctx, data: Mapping[str, Any], rules: GameRules) -> Any:
    players = _nat(ctx, "players", data["players"])
    partnerships = data.get("partnerships", False)
    _want(ctx, "partnerships", partnerships, bool, "true or false")
    try:
        return rules.seating(players, partnerships)
    except DominoError as exc:
        raise ctx.fail("players", str(exc)) from None


def _hands(ctx: _Ctx, value: object, players: int, limit: int, used: set[Tile]) -> list[list[Tile]]:
    hands = _list(ctx, "hands", value)
    if len(hands) != players:
        raise ctx.fail("hands", f"needs {players} hands (one per seat), has {len(hands)}")
    out = []
    for seat, hand in enumerate(hands):
        tiles = _tiles(ctx, f"hands[{seat}]", hand)
        if len(tiles) > limit:
            raise ctx.fail(f"hands[{seat}]", f"{len(tiles)} tiles, but this seating deals {limit} per hand")
        _unique(ctx, f"hands[{seat}]", tiles, used)
        out.append(tiles)
    return out


def _unique(ctx: _Ctx, key: str, tiles: Sequence[Tile], used: set[Tile]) -> None:
    for t in tiles:
        if t in used:
            raise ctx.fail(key, f"tile {t} appears more than once in layout, hands and stock")
        used.add(t)


def _no_expectation(ctx: _Ctx, key: str) -> ExampleError:
    return ctx.fail(key, "expects nothing; add at least one expectation, otherwise it could never fail")


def _validate_layout(ctx: _Ctx, data: Mapping[str, Any]) -> None:
    if "setup" in data and "continues" in data:
        raise ctx.fail("continues", "use either setup or continues, not both")
    if "setup" in data:
        _parsed(ctx, "setup", data["setup"], parse_placements)
    if "continues" in data:
        _text(ctx, "continues", data["continues"])
    steps = _list(ctx, "step", data["step"])
    if not steps:
        raise ctx.fail("step", "needs at least one [[example.step]]")
    allowed = fields_of("step")
    for i, step in enumerate(steps):
        prefix = f"step[{i + 1}]."
        if not isinstance(step, dict):
            raise ctx.fail(f"step[{i + 1}]", f"must be a table, not {_type_name(step)}")
        _check_keys(ctx, step, allowed, prefix)
        _parsed(ctx, prefix + "play", step["play"], Placement.parse)
        for key in ("text", "description", "reconstructed"):
            if key in step:
                _text(ctx, prefix + key, step[key])
        for key in ("sum", "points"):
            if key in step:
                _nat(ctx, prefix + key, step[key])
        if "skipped_in_document" in step:
            _want(ctx, prefix + "skipped_in_document", step["skipped_in_document"], bool, "true or false")
        if "contributions" in step:
            table = step["contributions"]
            _want(ctx, prefix + "contributions", table, dict, "a table tile = integer")
            if not table:
                raise ctx.fail(prefix + "contributions", "is empty")
            for tile, value in table.items():
                _parsed(ctx, prefix + "contributions", tile, Tile.parse)
                _nat(ctx, f"{prefix}contributions.{tile}", value)
        if "not_scored" in step:
            _tiles(ctx, prefix + "not_scored", step["not_scored"])
        if "open_includes" in step:
            for j, p in enumerate(_list(ctx, prefix + "open_includes", step["open_includes"])):
                _parsed(ctx, f"{prefix}open_includes[{j}]", p, AttachmentPoint.parse)
        if not any(allowed[k].expectation for k in step if k in allowed):
            raise _no_expectation(ctx, f"step[{i + 1}]")


def _validate_settlement(ctx: _Ctx, data: Mapping[str, Any], rules: GameRules) -> None:
    if not rules.pip_settlement:
        raise ctx.fail("kind", f"{rules.title} has no settlement of remaining pips")
    seating = _seating(ctx, data, rules)
    reason = _text(ctx, "reason", data["reason"])
    if reason not in REASONS:
        raise ctx.fail("reason", f"unknown reason {shorten(reason, 30)}{suggest(reason, REASONS)}")
    hands = _hands(ctx, data["hands"], seating.players, rules.hand_sizes[seating], set())
    if reason == EndReason.DOMINO:
        if "domino_seat" not in data:
            raise ctx.fail("domino_seat", "missing: a round ended by domino needs the seat that went out")
        seat = _nat(ctx, "domino_seat", data["domino_seat"])
        if seat >= seating.players:
            raise ctx.fail("domino_seat", f"seat {seat} out of range (seats 0 … {seating.players - 1})")
        if hands[seat]:
            raise ctx.fail("hands", f"seat {seat} went out (domino_seat) but still holds {len(hands[seat])} tiles")
    elif "domino_seat" in data:
        raise ctx.fail("domino_seat", "only a round ended by domino has a domino seat")
    sides = seating.n_sides
    if "scores_before" in data:
        _ints(ctx, "scores_before", data["scores_before"], sides)
    for key in ("expect_credits", "expect_scores"):
        if key in data:
            _ints(ctx, key, data[key], sides)
    for key in ("expect_winners", "expect_match_winners"):
        if key in data:
            _ints(ctx, key, data[key], None, sides)
    if not any(k.startswith("expect_") for k in data):
        raise _no_expectation(ctx, "expect_*")


def _validate_move(ctx: _Ctx, data: Mapping[str, Any], rules: GameRules) -> None:
    from dominolab.core.engine import DRAW, PASS

    seating = _seating(ctx, data, rules)
    used: set[Tile] = set()
    if "layout" in data:
        placements = _parsed(ctx, "layout", data["layout"], parse_placements)
        _unique(ctx, "layout", [p.tile for p in placements], used)
    _hands(ctx, data["hands"], seating.players, rules.hand_sizes[seating], used)
    if "stock" in data:
        stock = _tiles(ctx, "stock", data["stock"])
        if stock and not rules.drawing:
            raise ctx.fail("stock", f"{rules.title} has no stock (undealt tiles are out of play)")
        _unique(ctx, "stock", stock, used)
    seat = _nat(ctx, "to_move", data["to_move"])
    if seat >= seating.players:
        raise ctx.fail("to_move", f"seat {seat} out of range (seats 0 … {seating.players - 1})")
    if "scores" in data:
        _ints(ctx, "scores", data["scores"], seating.n_sides)

    def move(text: str) -> object:
        return DRAW if text.strip() == "draw" else PASS if text.strip() == "pass" else Placement.parse(text)

    _parsed(ctx, "play", data["play"], move)
    expect = data["expect"]
    _want(ctx, "expect", expect, dict, "a table")
    if not expect:
        raise _no_expectation(ctx, "expect")
    for key in expect:
        if key not in MOVE_EXPECT_KEYS:
            raise ctx.fail(f"expect.{key}", f"unknown key{suggest(key, MOVE_EXPECT_KEYS)}")


def validate_example(path: str, index: int, item: object) -> tuple[str, GameRules]:
    """Check one ``[[example]]`` table completely; return its id and game."""
    if not isinstance(item, dict):
        raise ExampleError(f"{path}: example {index + 1}: must be a table, not {_type_name(item)}")
    raw_id = item.get("id", f"#{index + 1}")
    ctx = _Ctx(path, raw_id if isinstance(raw_id, str) else f"#{index + 1}")
    kind = item.get("kind")
    if kind is None:
        raise ctx.fail("kind", f"missing (required; one of {', '.join(KINDS)})")
    kind = _text(ctx, "kind", kind)
    if kind not in KINDS:
        raise ctx.fail("kind", f"unknown kind {shorten(kind, 30)}{suggest(kind, KINDS)}")
    _check_keys(ctx, item, fields_of(kind))
    _text(ctx, "id", item["id"])
    game_name = _text(ctx, "game", item["game"])
    try:
        rules = get_game(game_name)
    except DominoError:
        raise ctx.fail("game", f"unknown game {shorten(game_name, 30)}{suggest(game_name, list(GAMES))}") from None
    for key in ("section", "title", "reconstructed", "title_en", "reconstructed_en"):
        if key in item:
            _text(ctx, key, item[key])
    if kind == ExampleKind.LAYOUT:
        _validate_layout(ctx, item)
    elif kind == ExampleKind.CREDIT:
        _nat(ctx, "sum", item["sum"])
        _nat(ctx, "points", item["points"])
    elif kind == ExampleKind.SETTLEMENT:
        _validate_settlement(ctx, item, rules)
    else:
        _validate_move(ctx, item, rules)
    return ctx.example_id, rules


def validate_continues(examples: Mapping[str, tuple[str, Mapping[str, Any]]], *,
                       starts: Iterable[str] | None = None, settled: Collection[str] = ()) -> None:
    """Every ``continues`` names a layout example of the same game, and no chain loops.

    ``examples`` maps id -> (source file, data) over everything that can be referred to;
    ``starts`` are the ids whose chains are checked (default: all); a chain that reaches an
    id in ``settled`` (the built-in catalogue, checked on its own) stops there.
    """
    for start in (examples if starts is None else starts):
        path, data = examples[start]
        seen = [start]
        current = data
        while "continues" in current:
            target = current["continues"]
            ctx = _Ctx(path, seen[-1] if len(seen) == 1 else start)
            if target not in examples:
                close = suggest(target, list(examples))
                raise ctx.fail("continues", f"no example with id {shorten(target, 40)}{close}")
            base = examples[target][1]
            if base.get("kind") != ExampleKind.LAYOUT:
                raise ctx.fail("continues", f"{target} is not a layout example")
            if base.get("game") != data.get("game"):
                raise ctx.fail("continues", f"{target} is an example of another game")
            if target in seen:
                chain = " -> ".join(seen + [target])
                raise ctx.fail("continues", f"cycle: {chain}")
            if target in settled:
                break
            seen.append(target)
            current = base


WHERE_WORDS = {"example": "jedes Beispiel", "layout": "kind = \"layout\"", "step": "[[example.step]]",
               "credit": "kind = \"credit\"", "settlement": "kind = \"settlement\"", "move": "kind = \"move\""}
#: The table's own words per language (the head, "every example", the expectation mark).
TABLE_WORDS = {
    "de": {"head": ("Wo", "Schlüssel", "Typ", "Pflicht?", "Bedeutung"), "example": "jedes Beispiel",
           "expectation": "(Erwartung)"},
    "en": {"head": ("Where", "Key", "Type", "Required?", "Meaning"), "example": "every example",
           "expectation": "(expectation)"},
}


def format_table_html(table_class: str = "", lang: str = "de") -> str:
    """The format as an HTML table (German, or English with ``lang="en"``), generated from :data:`FIELDS`."""
    import html

    words = TABLE_WORDS[lang]
    rows = []
    for where, key, type_word, req, meaning in field_rows(lang):
        field = next(f for f in FIELDS if f.where == where and f.name == key)
        mark = f" <small>{words['expectation']}</small>" if field.expectation else ""
        shown = words["example"] if where == "example" else WHERE_WORDS[where]
        rows.append(f"<tr><td>{html.escape(str(shown))}</td><td><code>{html.escape(key)}</code>{mark}</td>"
                    f"<td>{html.escape(type_word)}</td><td>{html.escape(req)}</td><td>{html.escape(meaning)}</td></tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in words["head"])
    return (f"<table class='{html.escape(table_class)}'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")
