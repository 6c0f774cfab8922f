"""The examples catalogue: every worked and numeric example of both rule documents.

The examples live once, as TOML data beside this module. The format is defined
once, as data, in :mod:`dominolab.verify.examples.schema` (the book page Beispielformat
is generated from it; ``sample.dominolab.toml`` is an annotated sample). pytest,
``dominolab check`` and the book all read examples through :func:`catalogue` or
:func:`load_examples` (which validates a file completely) and run them through
:func:`run`; a user's own example files are run the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from dominolab.core.engine import Round, book_settlement, position
from dominolab.core.moves import parse_move as _parse_move
from dominolab.core.errors import DominoError, ExampleError, shorten
from dominolab.core.layout import AttachmentPoint, Layout, Placement, parse_placements
from dominolab.core import userfiles
from dominolab.core.record import event_to_json
from dominolab.core.rules import GameRules
from dominolab.core.scoring import EndReason
from dominolab.text.steptext import description, step_text
from dominolab.core.tiles import Tile
from dominolab.verify.examples.schema import KINDS, ExampleKind, validate_continues, validate_example  # KINDS: re-exported

HERE = Path(__file__).parent
SAMPLE_FILE = HERE / "sample.dominolab.toml"
#: The catalogue: one example file per game in this folder (the annotated sample excluded), the two
#: games of the rule documents first - a third game's examples are one more file here.
CATALOGUE_FILES = tuple(sorted((p for p in HERE.glob("*.toml") if p != SAMPLE_FILE),
                               key=lambda p: (p.stem not in ("horse-race", "fives-and-threes"),
                                              p.stem != "horse-race", p.stem)))


@dataclass(frozen=True)
class Example:
    """One example: its identity, where the document states it, and its data."""

    id: str
    kind: str
    game: GameRules
    section: str
    title: str
    data: dict[str, Any] = field(repr=False, compare=False)
    source: str = ""

    @property
    def reconstructed(self) -> str | None:
        return self.data.get("reconstructed")


@dataclass(frozen=True)
class Result:
    """The outcome of one checked row (an example, or one step of a layout example)."""

    example: str
    section: str
    expected: str
    got: str
    ok: bool
    detail: str = ""


@dataclass(frozen=True)
class Step:
    """One placement of a layout example, with the layout just after it."""

    index: int
    placement: Placement
    layout: Layout
    expect: dict[str, Any]

    @property
    def skipped_in_document(self) -> bool:
        return bool(self.expect.get("skipped_in_document"))


# -- loading -------------------------------------------------------------------

def _parse_file(path: Path) -> list[Example]:
    data = userfiles.read_toml(path, what="an example file", error=ExampleError)
    for key in data:
        if key != "example":
            raise ExampleError(f"{path}: key {key}: unknown top-level key; example files hold [[example]] tables only")
    raw = data.get("example")
    if not isinstance(raw, list) or not raw:
        raise ExampleError(f"{path}: no [[example]] tables")
    out = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        example_id, game = validate_example(str(path), i, item)
        if example_id in seen:
            raise ExampleError(f"{path}: example {shorten(example_id, 40)}: key id: used twice in this file")
        seen.add(example_id)
        out.append(Example(example_id, item["kind"], game, item.get("section", ""), item.get("title", ""),
                           item, str(path)))
    return out


def load_examples(paths: Iterable[str | Path], *, with_catalogue: bool = True) -> list[Example]:
    """Load and validate example files completely, before anything runs.

    Ids must be unique across the files; ``continues`` may name an example of
    these files or (``with_catalogue``) of the built-in catalogue. The files' ids
    are their own namespace: an id that the catalogue also uses names the file's
    example for the files, and the catalogue's chains keep their own examples.
    """
    examples: list[Example] = []
    seen: dict[str, str] = {}
    for path in paths:
        for ex in _parse_file(Path(path)):
            if ex.id in seen:
                raise ExampleError(f"{ex.source}: example {shorten(ex.id, 40)}: key id: also used in {seen[ex.id]}")
            seen[ex.id] = ex.source
            examples.append(ex)
    built_in = catalogue_examples() if with_catalogue else ()
    pool = {e.id: (e.source, e.data) for e in built_in}
    pool.update({e.id: (e.source, e.data) for e in examples})
    validate_continues(pool, starts=[e.id for e in examples], settled={e.id for e in built_in} - set(seen))
    return examples


_CATALOGUE_SOURCES = frozenset(str(p) for p in CATALOGUE_FILES)


@lru_cache(maxsize=1)
def catalogue_examples() -> tuple[Example, ...]:
    return tuple(load_examples(CATALOGUE_FILES, with_catalogue=False))


def catalogue(game: str | None = None, kind: str | None = None, section: str | None = None) -> list[Example]:
    """The built-in examples, optionally filtered."""
    return [e for e in catalogue_examples()
            if (game is None or e.game.name == game) and (kind is None or e.kind == kind)
            and (section is None or e.section == section)]


def get(example_id: str, pool: Iterable[Example] | None = None) -> Example:
    for ex in (pool if pool is not None else catalogue_examples()):
        if ex.id == example_id:
            return ex
    raise ExampleError(f"no example with id {example_id!r}")


# -- layout examples -----------------------------------------------------------

def setup_placements(example: Example, pool: Iterable[Example] | None = None) -> list[Placement]:
    """Placements laid before the example's first step (from ``setup`` or ``continues``)."""
    pool = list(pool) if pool is not None else list(catalogue_examples())
    data = example.data
    if "continues" in data:
        base = get(data["continues"], pool)
        if base.kind != ExampleKind.LAYOUT:
            raise ExampleError(f"example {example.id}: continues {base.id}, which is not a layout example")
        if base.source in _CATALOGUE_SOURCES:    # the catalogue's chains stay inside the catalogue
            pool = list(catalogue_examples())
        return setup_placements(base, pool) + [Placement.parse(s["play"]) for s in base.data.get("step", [])]
    if "setup" in data:
        return parse_placements(data["setup"])
    return []


def steps(example: Example, pool: Iterable[Example] | None = None) -> tuple[Layout, list[Step]]:
    """The layout before the first step and every step with the layout after it."""
    try:
        layout = Layout.from_placements(setup_placements(example, pool), example.game.spinners)
        start = layout.copy()
        out = []
        for i, step in enumerate(example.data.get("step", [])):
            placement = Placement.parse(step["play"])
            layout.place(placement)
            out.append(Step(i, placement, layout.copy(), step))
    except DominoError as exc:
        raise ExampleError(f"example {example.id}: {exc}") from None
    if not out:
        raise ExampleError(f"example {example.id}: a layout example needs at least one [[example.step]]")
    return start, out


def text_difference(expected: str, got: str) -> str:
    """Where two step texts first differ, readably: character position and both sides."""
    k = next((i for i, (a, b) in enumerate(zip(expected, got)) if a != b), min(len(expected), len(got)))
    start = max(0, k - 20)
    return (f"differs at character {k + 1}: expected …{expected[start:k + 30]!r}, "
            f"got …{got[start:k + 30]!r}")


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _run_layout(example: Example, pool: Iterable[Example] | None) -> list[Result]:
    rules = example.game
    _, all_steps = steps(example, pool)
    results = []
    for step in all_steps:
        layout, expect = step.layout, step.expect
        contributions = layout.contributions()
        got_sum = layout.end_sum
        got_points = rules.credit(got_sum)
        problems = []
        for key, produce in (("text", step_text), ("description", description)):
            if key in expect and expect[key] != produce(layout, rules):
                problems.append(f"{key}: {text_difference(expect[key], produce(layout, rules))}")
        if "sum" in expect and expect["sum"] != got_sum:
            problems.append(f"sum: expected {expect['sum']}, got {got_sum}")
        if "points" in expect and expect["points"] != got_points:
            problems.append(f"points: expected {expect['points']}, got {got_points}")
        by_tile: dict[str, int] = {}
        for point, value in contributions:
            by_tile[str(point.tile)] = by_tile.get(str(point.tile), 0) + value
        for tile, value in expect.get("contributions", {}).items():
            tile = str(Tile.parse(tile))
            if by_tile.get(tile) != value:
                problems.append(f"contribution of {tile}: expected {value}, got {by_tile.get(tile, 'none')}")
        for tile in expect.get("not_scored", []):
            tile = str(Tile.parse(tile))
            if tile in by_tile:
                problems.append(f"{tile} should not be scored, but contributes {by_tile[tile]}")
        open_now = {str(p) for p in layout.open_points()}
        for point in expect.get("open_includes", []):
            if str(AttachmentPoint.parse(point)) not in open_now:
                problems.append(f"{point} should be a free attachment point")
        if "text" in expect:
            expected, got = _short(expect["text"]), _short(step_text(layout, rules, "de"))   # the documents' German
        else:
            expected, got = _expect_summary(expect), _got_summary(expect, got_sum, got_points, by_tile, open_now,
                                                         description(layout, rules, "de"))
        results.append(Result(f"{example.id} #{step.index + 1} {step.placement}", example.section,
                              expected, got, not problems, "; ".join(problems)))
    return results


def _expect_summary(expect: dict[str, Any]) -> str:
    parts = []
    if "sum" in expect:
        parts.append(f"sum {expect['sum']}")
    if "points" in expect:
        parts.append(f"{expect['points']} points")
    for tile, value in expect.get("contributions", {}).items():
        parts.append(f"{tile} counts {value}")
    for tile in expect.get("not_scored", []):
        parts.append(f"{tile} not scored")
    for point in expect.get("open_includes", []):
        parts.append(f"{point} free")
    if "description" in expect:
        parts.append("description " + _short(expect["description"], 30))
    return ", ".join(parts)


def _got_summary(expect: dict[str, Any], got_sum: int, got_points: int, by_tile: dict[str, int],
                 open_now: set[str], got_description: str) -> str:
    parts = []
    if "sum" in expect:
        parts.append(f"sum {got_sum}")
    if "points" in expect:
        parts.append(f"{got_points} points")
    for tile in expect.get("contributions", {}):
        parts.append(f"{tile} counts {by_tile.get(tile, 'nothing')}")
    for tile in expect.get("not_scored", []):
        parts.append(f"{tile} counts {by_tile[tile]}" if tile in by_tile else f"{tile} not scored")
    for point in expect.get("open_includes", []):
        parts.append(f"{point} {'free' if point in open_now else 'not free'}")
    if "description" in expect:
        parts.append("description " + _short(got_description, 30))
    return ", ".join(parts)


# -- other kinds -----------------------------------------------------------------

def _run_credit(example: Example) -> list[Result]:
    data = example.data
    got = example.game.credit(data["sum"])
    ok = got == data["points"]
    detail = "" if ok else f"points for sum {data['sum']}: expected {data['points']}, got {got}"
    return [Result(example.id, example.section, f"{data['sum']} -> {data['points']}",
                   f"{data['sum']} -> {got}", ok, detail)]


def settlement_of(example: Example) -> dict[str, Any]:
    """Compute a settlement example as the engine books it: pips, winners, credits, scores, match winners.

    The settlement goes through the engine's settlement booking (:func:`~dominolab.core.engine.book_settlement`),
    so ``credits`` are those the round's ``settle`` event would book: under an exact target a credit that
    would pass it is void, and ``scores`` stay where they were for that side. ``settlement`` is what the
    pips are worth (the :class:`~dominolab.core.scoring.Settlement`).
    """
    data, rules = example.data, example.game
    seating = rules.seating(data["players"], data.get("partnerships", False))
    hands = [[Tile.parse(t) for t in hand] for hand in data["hands"]]
    if len(hands) != seating.players:
        raise ExampleError(f"example {example.id}: {len(hands)} hands for {seating.players} players")
    pips = [sum(t.pips for t in hand) for hand in hands]
    domino_seat = data.get("domino_seat") if data["reason"] == EndReason.DOMINO else None
    before = list(data.get("scores_before", [0] * seating.n_sides))
    settlement, booked = book_settlement(rules, seating, pips, domino_seat, before)
    winners, credits = list(settlement.winners), list(booked)
    scores = [b + c for b, c in zip(before, credits)]
    return {"hands": hands, "pips": pips, "winners": winners, "credits": credits, "scores_before": before,
            "scores": scores, "match_winners": list(rules.sides_at_target(scores)),
            "seating": seating, "settlement": settlement}


def _run_settlement(example: Example) -> list[Result]:
    data = example.data
    got = settlement_of(example)
    pairs = [("winners", "expect_winners"), ("credits", "expect_credits"), ("scores", "expect_scores"),
             ("match_winners", "expect_match_winners")]
    expected, found, problems = [], [], []
    for key, ekey in pairs:
        if ekey in data:
            expected.append(f"{key} {data[ekey]}")
            found.append(f"{key} {got[key]}")
            if list(data[ekey]) != list(got[key]):
                problems.append(f"{key}: expected {data[ekey]}, got {got[key]}")
    return [Result(example.id, example.section, ", ".join(expected), ", ".join(found), not problems,
                   "; ".join(problems))]


#: A round position from notation; the engine's :func:`dominolab.core.engine.position` (kept under this name).
build_position = position


def position_of(example: Example) -> Round:
    """The round position a ``move`` example starts from."""
    data = example.data
    try:
        return build_position(example.game, data["players"], data.get("partnerships", False),
                              layout=data.get("layout", ""), hands=data["hands"], stock=data.get("stock", []),
                              to_move=data["to_move"], scores=data.get("scores"))
    except DominoError as exc:
        raise ExampleError(f"example {example.id}: {exc}") from None


#: ``draw``, ``pass`` or a placement in notation: :func:`dominolab.core.moves.parse_move`.
parse_move = _parse_move


def _run_move(example: Example) -> list[Result]:
    data = example.data
    rnd = position_of(example)
    try:
        events = rnd.apply(parse_move(data["play"]))
    except DominoError as exc:
        raise ExampleError(f"example {example.id}: {exc}") from None
    got = event_to_json(events[0])
    got["end"] = rnd.end
    got["match_winners"] = list(rnd.match_winners)
    expect = data.get("expect", {})
    problems = [f"{k}: expected {v}, got {got.get(k)}" for k, v in expect.items() if got.get(k) != v]
    keys = [k for k in ("scored", "scores", "end") if k in expect] or list(expect)
    return [Result(example.id, example.section, ", ".join(f"{k} {expect[k]}" for k in keys),
                   ", ".join(f"{k} {got.get(k)}" for k in keys), not problems, "; ".join(problems))]


def run(example: Example, pool: Iterable[Example] | None = None) -> list[Result]:
    """Run one example through the engine; one :class:`Result` per checked row."""
    try:
        if example.kind == ExampleKind.LAYOUT:
            return _run_layout(example, pool)
        if example.kind == ExampleKind.CREDIT:
            return _run_credit(example)
        if example.kind == ExampleKind.SETTLEMENT:
            return _run_settlement(example)
        return _run_move(example)
    except ExampleError:
        raise
    except (KeyError, TypeError) as exc:
        raise ExampleError(f"example {example.id}: missing or malformed field {exc}") from None
    except DominoError as exc:
        raise ExampleError(f"example {example.id}: {exc}") from None


def run_all(examples: Iterable[Example] | None = None) -> list[Result]:
    examples = list(examples) if examples is not None else list(catalogue_examples())
    pool = [e for e in examples if e not in catalogue_examples()] + list(catalogue_examples())
    return [r for ex in examples for r in run(ex, pool)]
