"""Check a rule document itself: every worked step block, field by field.

A *worked step block* is what the Horse Race document prints after a placement::

    Angelegt: [4|4]
    Gewertete Beiträge: 2 + 8 = 10. Gutschrift für das Anlegen: 10 Rohpunkte (2 Anzeigepunkte).
    Gewertete Beiträge: 2 + 8 = 10. Gutschrift ... Steine: [1|4], [1|1], [4|4]. Spinner: ...
        Verbindungen: ... Freie Anlegestellen: ... Gewertete Beiträge: [1|1]: 2; [4|4]: 8.

(the same form with the Fives and Threes wording ends its credit in
"Spielpunkte"). In Markdown, quote and list markers, emphasis and backticks
around the block lines are ignored. :func:`check_document` finds every block in a plain-text or
Markdown file, rebuilds the layout from the block's *own* ``Steine`` and
``Verbindungen`` (tiles in order of play, each joined where its connection
says), lets the engine describe that layout, and compares every claim: the
placed tile, the summands and their sum, the credit and its wording, the
spinners, the connections, the free points and every contribution. Each
difference is reported with its line ("line 57: sum is 10, the text says 11");
a block whose connections cannot be laid is reported as such.

Which game a block belongs to is read from its credit wording: the game whose
point words (``GameRules.point_words``) the credit uses.

The prose outside the blocks is read by :mod:`dominolab.doclaims`: every claim
in the forms these documents use is checked against the game description and
the engine (:class:`DocumentReport` ``claims``), and numeric sentences no reader
understands are listed as ``not_checked``. All parsing here is linear in the
length of a line (``str.find``, no backtracking patterns).

:func:`fix_document` (``dominolab check DOC --fix``) rewrites the numbers, tiles
and points of wrong blocks to what the engine computes from each block's own
``Steine`` and ``Verbindungen`` - never prose - shows a unified diff, keeps the
original as ``DOC.orig`` and writes atomically.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import re
import stat
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from dominolab.core import userfiles
from dominolab.core.errors import DominoError, shorten
from dominolab.core.layout import AttachmentPoint, Layout, Placement
from dominolab.core.rules import GAMES, GameRules
from dominolab.core.tiles import Tile
from dominolab.text.steptext import SIDE_LABELS, credit_phrase, description, step_text
from dominolab.text.language import DOCUMENTS
from dominolab.text.words import WORDS
from dominolab.verify.doclaims import Claim, NotChecked, check_prose, game_of_text

# The document's field words are the step texts' words (dominolab.text.words): one source.
_S = WORDS[DOCUMENTS].step
_WORDS = {"placed": f"{_S.placed}: ", "contributions": f"{_S.contributions}: ", "credit": f"{_S.credit}: ",
          "tiles": f" {_S.tiles}: ", "spinners": f" {_S.spinners}: ", "connections": f" {_S.connections}: ",
          "open": f" {_S.open}: ", "none": _S.none}
_LABEL_TO_SIDE = {label: side for side, label in SIDE_LABELS[DOCUMENTS].items()}
_TILE = r"\[\d\|\d\]"
_MARKUP = re.compile(r"^(?:>\s*|[-*+]\s+|\d+\.\s+)*")


@dataclass(frozen=True)
class BlockResult:
    """The check of one block: where it starts, what it placed, what is wrong."""

    line: int                      #: 1-based line of the ``Angelegt:`` line
    placed: str                    #: the placed tile as the text names it
    game: str                      #: the game the block was read as ("" if unknown)
    problems: tuple[str, ...] = field(default=())  #: "line N: ..." messages; empty when ok

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class Block:
    """The text lines of one worked step block (1-based line numbers)."""

    line: int
    placed: str
    step: str | None
    step_line: int
    desc: str | None
    desc_line: int


def _clean(line: str) -> str:
    """A line without Markdown decoration: quote and list markers, ``**``/``__`` emphasis, backticks."""
    line = _MARKUP.sub("", line.strip())
    return line.replace("**", "").replace("__", "").replace("`", "")


def find_blocks(text: str) -> tuple[list[Block], list[str]]:
    """The blocks of a document and problems with stray block lines (step text without "Angelegt:")."""
    lines = [_clean(x) for x in text.splitlines()]
    blocks: list[Block] = []
    stray: list[str] = []
    used: set[int] = set()
    for i, line in enumerate(lines):
        if not line.startswith(_WORDS["placed"]):
            continue
        found: list[tuple[int, str]] = []
        j = i + 1
        while j < len(lines) and len(found) < 2:
            if lines[j].startswith(_WORDS["placed"]):
                break
            if lines[j]:
                if not lines[j].startswith(_WORDS["contributions"]):
                    break
                found.append((j, lines[j]))
            j += 1
        used.update(k for k, _ in found)
        step = found[0] if found else (i, None)
        desc = found[1] if len(found) > 1 else (i, None)
        blocks.append(Block(i + 1, line[len(_WORDS["placed"]):].strip(), step[1], step[0] + 1, desc[1], desc[0] + 1))
    for i, line in enumerate(lines):
        if i not in used and line.startswith(_WORDS["contributions"]) and _WORDS["credit"] in line:
            stray.append(f"line {i + 1}: a step text without its 'Angelegt:' line")
    return blocks, stray


# -- parsing the claims of a block --------------------------------------------------------

class _Unreadable(Exception):
    pass


_STEP_HEAD = f"{_S.contributions}: "
_STEP_CREDIT = f". {_S.credit}: "


#: Most digits of a number in a step block (sums and pips are small; Python refuses above 4,300).
MAX_DIGITS = 20


def _int(text: str, line: int, what: str) -> int:
    """A number of a step block, at most :data:`MAX_DIGITS` digits; a longer one is reported, not converted."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Unreadable(f"line {line}: {what} is a number of {digits:,} digits (at most {MAX_DIGITS})")
    return int(text)


def _parse_step(text: str, line: int) -> tuple[list[int], int, str, str]:
    """Summands, sum, credit wording and the rest of a step text (found with str.find: linear in the line)."""
    bad = _Unreadable(f"line {line}: not a step text ('{_S.contributions}: … = N. {_S.credit}: …')")
    if not text.startswith(_STEP_HEAD):
        raise bad
    cut = text.find(_STEP_CREDIT)
    if cut < 0:
        raise bad
    summands_text, eq, total = text[len(_STEP_HEAD):cut].rpartition(" = ")
    credit_end = text.find(".", cut + len(_STEP_CREDIT))
    if not eq or credit_end < 0 or not re.fullmatch(r"-?\d+", total):
        raise bad
    parts = summands_text.split(" + ")
    if not all(re.fullmatch(r"-?\d+", x) for x in parts):
        raise _Unreadable(f"line {line}: summands {shorten(summands_text, 40)} are not numbers joined by ' + '")
    summands = [_int(x, line, f"summand {k}") for k, x in enumerate(parts, 1)]
    return summands, _int(total, line, "the sum"), text[cut + len(_STEP_CREDIT):credit_end], text[credit_end + 1:]


def _game_of(credit: str) -> GameRules | None:
    """The game whose credit wording this is (numbers aside; singular and plural forms)."""
    shape = re.sub(r"\d+", "N", credit)
    for rules in GAMES.values():
        if any(re.sub(r"\d+", "N", credit_phrase(n, rules, DOCUMENTS)) == shape for n in (0, 1, 2)):
            return rules
    return None


#: The description's fields in order, each with the label in front of it (the step texts' words).
_FIELD_LABELS = tuple((key, (" " if i == 0 else ". ") + getattr(_S, key) + ": ")
                      for i, key in enumerate(("tiles", "spinners", "connections", "open", "contributions")))


def _split_fields(rest: str, line: int) -> dict[str, str]:
    """The fields of a description, each label found once with str.find from the last (linear in the line)."""
    names = ", ".join(getattr(_S, key) for key, _ in _FIELD_LABELS)
    bad = _Unreadable(f"line {line}: the description does not have the fields {names} in this order")
    if not rest.startswith(_FIELD_LABELS[0][1]) or not rest.endswith("."):
        raise bad
    fields: dict[str, str] = {}
    pos = len(_FIELD_LABELS[0][1])
    for (key, _), (_, label) in zip(_FIELD_LABELS, _FIELD_LABELS[1:]):
        cut = rest.find(label, pos)
        if cut < 0:
            raise bad
        fields[key] = rest[pos:cut]
        pos = cut + len(label)
    fields["contributions"] = rest[pos:-1]
    return fields


def _items(text: str, sep: str) -> list[str]:
    return [] if text == _WORDS["none"] else text.split(sep)


def _tile(text: str, line: int, what: str) -> Tile:
    try:
        return Tile.parse(text.strip())
    except (DominoError, ValueError):
        raise _Unreadable(f"line {line}: {what}: {shorten(text, 30)} is not a tile") from None


def _point(text: str, line: int, what: str) -> AttachmentPoint:
    m = re.fullmatch(rf"\s*({_TILE}) \(([^),]+)\)\s*", text)
    if not m or m[2] not in _LABEL_TO_SIDE:
        raise _Unreadable(f"line {line}: {what}: {shorten(text, 50)} is not 'TILE (point name)'")
    tile = _tile(m[1], line, what)
    try:
        return AttachmentPoint(tile, _LABEL_TO_SIDE[m[2]])
    except DominoError:
        raise _Unreadable(f"line {line}: {what}: {tile} has no point '{m[2]}'") from None


def _rebuild(tiles: list[Tile], connections: list[tuple[AttachmentPoint, AttachmentPoint]], rules: GameRules,
             line: int) -> Layout:
    """Lay the tiles in order, each where its connection says."""
    layout = Layout(rules.spinners)
    joined_by = {}
    for anchor, new in connections:
        if new.tile in joined_by:
            raise _Unreadable(f"line {line}: connections cannot be laid: {new.tile} is joined twice")
        joined_by[new.tile] = (anchor, new)
    if len(set(tiles)) != len(tiles):
        raise _Unreadable(f"line {line}: connections cannot be laid: a tile is named twice under {_S.tiles}")
    for k, tile in enumerate(tiles):
        try:
            if k == 0:
                if tile in joined_by:
                    raise _Unreadable(f"line {line}: connections cannot be laid: the first tile {tile} "
                                      "is joined to something")
                layout.place(Placement(tile, None))
                continue
            if tile not in joined_by:
                raise _Unreadable(f"line {line}: connections cannot be laid: no connection lays {tile}")
            anchor, _ = joined_by[tile]
            if anchor.tile not in layout:
                raise _Unreadable(f"line {line}: connections cannot be laid: {tile} joins {anchor.tile}, "
                                  "which is not on the table before it")
            layout.place(Placement(tile, anchor))
        except DominoError as exc:
            raise _Unreadable(f"line {line}: connections cannot be laid: {exc}") from None
    stray = set(joined_by) - set(tiles)
    if stray:
        raise _Unreadable(f"line {line}: connections cannot be laid: {min(stray)} is connected "
                          f"but not listed under {_S.tiles}")
    return layout


def _name(point: AttachmentPoint) -> str:
    return f"{point.tile}.{point.side.notation}"


def _compare_list(what: str, got: list[str], said: list[str], line: int) -> list[str]:
    if got == said:
        return []
    missing = [x for x in got if x not in said]
    extra = [x for x in said if x not in got]
    parts = []
    if missing:
        parts.append(f"{', '.join(missing)} missing")
    if extra:
        parts.append(f"{', '.join(extra)} should not be there")
    if not parts:
        parts.append(f"order is {'; '.join(got)}")
    return [f"line {line}: {what}: {'; '.join(parts)}"]


def _check_step_claims(summands: list[int], total: int, credit: str, layout: Layout, rules: GameRules,
                       line: int) -> list[str]:
    values = [v for _, v in layout.contributions()]
    got_total = sum(values)
    problems = []
    if summands != values:
        problems.append(f"line {line}: summands are {' + '.join(map(str, values)) or '0'}, "
                        f"the text says {' + '.join(map(str, summands))}")
    if total != got_total:
        problems.append(f"line {line}: sum is {got_total}, the text says {total}")
    elif sum(summands) != total and summands == values:
        problems.append(f"line {line}: the summands do not add up to {total}")
    want_credit = credit_phrase(rules.credit(got_total), rules, DOCUMENTS)
    if credit != want_credit:
        problems.append(f"line {line}: credit is {want_credit!r}, the text says {credit!r}")
    return problems


def _check_block(block: Block, given: GameRules | None = None) -> BlockResult:
    problems: list[str] = []
    game = ""
    try:
        if block.step is None or block.desc is None:
            raise _Unreadable(f"line {block.line}: incomplete block: the step text and the description "
                              "must follow the 'Angelegt:' line")
        placed = _tile(block.placed, block.line, "placed tile")
        summands, total, credit, rest = _parse_step(block.step, block.step_line)
        rules = given if given is not None else _game_of(credit)
        if rules is None:
            raise _Unreadable(f"line {block.step_line}: credit {shorten(credit, 50)} is in the wording of no game")
        game = rules.name
        if rest.strip():
            problems.append(f"line {block.step_line}: unexpected text after the credit: {shorten(rest.strip(), 40)}")
        d_summands, d_total, d_credit, d_rest = _parse_step(block.desc, block.desc_line)
        fields = _split_fields(d_rest, block.desc_line)
        line = block.desc_line
        tiles = [_tile(t, line, _S.tiles) for t in _items(fields["tiles"], ", ")]
        spinners = [_tile(t, line, _S.spinners) for t in _items(fields["spinners"], ", ")]
        connections = []
        for item in _items(fields["connections"], "; "):
            left, dash, right = item.partition(" – ")
            if not dash:
                raise _Unreadable(f"line {line}: {_S.connections}: {shorten(item, 50)} is not 'TILE (point) – TILE (point)'")
            connections.append((_point(left, line, _S.connections), _point(right, line, _S.connections)))
        if not tiles:
            raise _Unreadable(f"line {line}: {_S.tiles}: no tiles")
        layout = _rebuild(tiles, connections, rules, line)
        if placed != tiles[-1]:
            problems.append(f"line {block.line}: the placed tile is {placed}, but the last tile laid "
                            f"under {_S.tiles} is {tiles[-1]}")
        problems += _check_step_claims(summands, total, credit, layout, rules, block.step_line)
        problems += _check_step_claims(d_summands, d_total, d_credit, layout, rules, line)
        labels = SIDE_LABELS[DOCUMENTS]
        problems += _compare_list(_S.spinners, [str(t) for t in layout.spinner_tiles()], [str(t) for t in spinners], line)
        got_conn = [f"{a.tile} ({labels[a.side]}) – {b.tile} ({labels[b.side]})" for a, b in layout.connections]
        said_conn = _items(fields["connections"], "; ")
        for got, said in zip(got_conn, said_conn):
            if got != said:
                problems.append(f"line {line}: the connection laid is {got}, the text says {said}")
        problems += _check_open(layout, _items(fields["open"], "; "), line)
        problems += _check_contributions(layout, _items(fields["contributions"], "; "), line)
        if not problems:
            # every field agrees; the whole text must also agree byte for byte
            want = [step_text(layout, rules, DOCUMENTS), description(layout, rules, DOCUMENTS)]
            for said, got, where in ((block.step, want[0], block.step_line), (block.desc, want[1], line)):
                if said != got:
                    k = next((i for i, (a, b) in enumerate(zip(said, got)) if a != b), min(len(said), len(got)))
                    problems.append(f"line {where}: text differs at character {k + 1}: "
                                    f"expected {shorten(got[k:k + 30], 40)}, the text has {shorten(said[k:k + 30], 40)}")
    except _Unreadable as exc:
        problems.append(str(exc))
    except DominoError as exc:  # pragma: no cover - every parse above raises _Unreadable; a safety net
        problems.append(f"line {block.line}: {exc}")
    return BlockResult(block.line, block.placed, game, tuple(problems))


def _check_open(layout: Layout, said: list[str], line: int) -> list[str]:
    labels = SIDE_LABELS[DOCUMENTS]
    got = {f"{p.tile} ({labels[p.side]})": p.pips for p in layout.open_points()}
    claims: dict[str, int] = {}
    problems = []
    for item in said:
        m = re.fullmatch(rf"({_TILE} \([^,)]+), (-?\d+)\)", item)
        if not m:
            return [f"line {line}: {_S.open}: {shorten(item, 40)} is not 'TILE (point, pips)'"]
        claims[m[1] + ")"] = _int(m[2], line, f"the pips of free point {m[1]})")
    for name, pips in got.items():
        if name not in claims:
            problems.append(f"line {line}: {name} is a free point, the text does not list it")
        elif claims[name] != pips:
            problems.append(f"line {line}: free point {name} shows {pips}, the text says {claims[name]}")
    for name in claims:
        if name not in got:
            problems.append(f"line {line}: {name} is listed as free but is not a free point")
    if not problems and list(claims) != list(got):
        problems.append(f"line {line}: {_S.open} are not in the engine's order")
    return problems


def _check_contributions(layout: Layout, said: list[str], line: int) -> list[str]:
    got = layout.contributions()
    parsed = []
    for item in said:
        m = re.fullmatch(rf"({_TILE}): (-?\d+)", item)
        if not m:
            return [f"line {line}: {_S.contributions}: {shorten(item, 40)} is not 'TILE: value'"]
        parsed.append((str(_tile(m[1], line, _S.contributions)), _int(m[2], line, f"the contribution of {m[1]}")))
    problems = []
    for k, (point, value) in enumerate(got):
        if k >= len(parsed):
            problems.append(f"line {line}: {_name(point)} contributes {value}, the text does not list it")
        elif parsed[k][0] != str(point.tile):
            problems.append(f"line {line}: contribution {k + 1} is {_name(point)}: {value}, "
                            f"the text says {parsed[k][0]}: {parsed[k][1]}")
        elif parsed[k][1] != value:
            problems.append(f"line {line}: {_name(point)} contributes {value}, the text says {parsed[k][1]}")
    for tile, value in parsed[len(got):]:
        problems.append(f"line {line}: {tile}: {value} is listed but contributes nothing")
    return problems


@dataclass(frozen=True)
class DocumentReport:
    path: str
    blocks: tuple[BlockResult, ...]
    stray: tuple[str, ...]
    claims: tuple[Claim, ...] = ()              #: prose claims checked (:mod:`dominolab.doclaims`)
    not_checked: tuple[NotChecked, ...] = ()    #: numeric prose sentences no reader understood
    game: str = ""                              #: the game the prose describes ("" if none is named)

    @property
    def passed(self) -> int:
        return sum(b.ok for b in self.blocks) + sum(c.ok for c in self.claims)

    @property
    def failed(self) -> int:
        return (len(self.blocks) - sum(b.ok for b in self.blocks) + len(self.stray)
                + sum(not c.ok for c in self.claims))


def _block_lines(blocks: list[Block], lines: list[str]) -> set[int]:
    """1-based numbers of every line that belongs to a worked step block (or is a stray step line)."""
    out: set[int] = set()
    for b in blocks:
        out.update((b.line, b.step_line, b.desc_line))
    for k, line in enumerate(lines, start=1):
        clean = _clean(line)
        if clean.startswith(_WORDS["contributions"]) or clean.startswith(_WORDS["placed"]):
            out.add(k)
    return out


def check_text(text: str, path: str = "<text>", rules: GameRules | None = None) -> DocumentReport:
    """Check every worked step block and every prose claim of a document's text; ``rules`` is the
    document's game (default: recognised from the credit wording, and for the prose from the text)."""
    blocks, stray = find_blocks(text)
    lines = text.splitlines()
    prose_rules = rules or game_of_text(text)
    claims, missed = check_prose(lines, _block_lines(blocks, lines), prose_rules)
    return DocumentReport(path, tuple(_check_block(b, rules) for b in blocks), tuple(stray), tuple(claims),
                          tuple(missed), prose_rules.name if prose_rules else "")


def read_document(path: str | Path) -> str:
    """The text of a rule document (bounded in size; failures are one-line errors)."""
    return userfiles.read_text(path, what="a rule document")


def check_document(path: str | Path, rules: GameRules | None = None) -> DocumentReport:
    """Check every worked step block and prose claim of a rule document (see the module docstring)."""
    return check_text(read_document(path), str(path), rules)


# -- fix mode ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FixPlan:
    """What ``--fix`` would do to a document: the new text, the blocks rewritten, the blocks left."""

    text: str
    fixed: tuple[int, ...]          #: lines of the 'Angelegt:' of every rewritten block
    unfixable: tuple[str, ...]      #: why a wrong block was not rewritten ("line N: ...")


def _layout_of(block: Block, fallback: GameRules | None) -> tuple[Layout, GameRules]:
    """The layout a block's own Steine and Verbindungen lay, and its game (the credit wording, else ``fallback``)."""
    if block.desc is None:
        raise _Unreadable(f"line {block.line}: incomplete block: no description line to rebuild it from")
    line = block.desc_line
    at = block.desc.find(_FIELD_LABELS[0][1])
    if at < 0:
        raise _Unreadable(f"line {line}: the description has no field '{_S.tiles}:'")
    fields = _split_fields(block.desc[at:], line)
    rules = None
    for text in (block.step, block.desc):
        cut = text.find(_STEP_CREDIT) if text else -1
        if text and cut >= 0:
            rules = _game_of(text[cut + len(_STEP_CREDIT):].split(".", 1)[0])
            if rules is not None:
                break
    rules = rules or fallback
    if rules is None:
        raise _Unreadable(f"line {block.step_line}: the credit is in the wording of no game")
    tiles = [_tile(t, line, _S.tiles) for t in _items(fields["tiles"], ", ")]
    if not tiles:
        raise _Unreadable(f"line {line}: {_S.tiles}: no tiles")
    connections = []
    for item in _items(fields["connections"], "; "):
        left, dash, right = item.partition(" – ")
        if not dash:
            raise _Unreadable(f"line {line}: Verbindungen: {shorten(item, 50)} is not 'TILE (point) – TILE (point)'")
        connections.append((_point(left, line, "Verbindungen"), _point(right, line, "Verbindungen")))
    return _rebuild(tiles, connections, rules, line), rules


def _replace_in_line(raw: str, old: str, new: str) -> str | None:
    """``raw`` with the cleaned text ``old`` replaced by ``new`` (line end and Markdown markers kept), or None."""
    body = raw.rstrip("\r\n")
    end = raw[len(body):]
    at = body.find(old)
    if at < 0:
        return None
    return body[:at] + new + body[at + len(old):] + end


def fix_text(text: str) -> FixPlan:
    """Rewrite the numbers, tiles and points of every wrong worked step block to what the engine computes.

    Only block lines change (the 'Angelegt:' tile, the step text, the description), each rebuilt from the
    block's own Steine and Verbindungen; prose is never touched. A block whose connections cannot be laid,
    or whose line carries Markdown decoration inside the text, is left as it is and reported.
    """
    lines = text.splitlines(keepends=True)
    blocks, _ = find_blocks(text)
    fallback = game_of_text(text)
    fixed: list[int] = []
    unfixable: list[str] = []
    for block in blocks:
        if _check_block(block).ok:
            continue
        try:
            layout, rules = _layout_of(block, fallback)
        except _Unreadable as exc:
            unfixable.append(f"{exc} (block of line {block.line} not rewritten)")
            continue
        changes = [(block.line, block.placed, str(layout.placements[-1].tile)),
                   (block.step_line, block.step, step_text(layout, rules, DOCUMENTS)),
                   (block.desc_line, block.desc, description(layout, rules, DOCUMENTS))]
        new_lines: dict[int, str] = {}
        for number, old, new in changes:
            if old is None:
                continue
            replaced = _replace_in_line(new_lines.get(number, lines[number - 1]), old, new)
            if replaced is None:
                unfixable.append(f"line {number}: Markdown decoration inside the block text; "
                                 f"block of line {block.line} not rewritten")
                break
            new_lines[number] = replaced
        else:
            for number, line in new_lines.items():
                lines[number - 1] = line
            fixed.append(block.line)
    return FixPlan("".join(lines), tuple(fixed), tuple(unfixable))


def _writable_document(path: Path) -> os.stat_result:
    """The stat of a document ``--fix`` may rewrite: a regular file in a writable folder (else one line)."""
    shown = userfiles.shown_name(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise DominoError(f"{shown}: no such file") from None
    except OSError as exc:
        raise DominoError(f"{shown}: cannot read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(st.st_mode):
        raise DominoError(f"{shown}: is a directory, not a rule document")
    if not stat.S_ISREG(st.st_mode):
        raise DominoError(f"{shown}: not a regular file (a device or pipe); --fix rewrites files only")
    if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
        raise DominoError(f"{shown}: permission denied (--fix must write the file and {path.name}.orig beside it)")
    return st


def _write_atomically(path: Path, data: bytes, mode: int) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, stat.S_IMODE(mode))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def fix_document(path: str | Path, *, dry_run: bool = False, overwrite: bool = False,
                 out: TextIO | None = None) -> int:
    """``dominolab check DOC --fix``: show the unified diff, keep ``DOC.orig``, write DOC atomically.

    Returns 0 when every block is right afterwards (or nothing was wrong), 1 when a wrong block could not
    be rewritten or, with ``dry_run``, when the document has blocks to fix. Bad input raises a one-line
    :class:`DominoError` before anything is written.
    """
    out = out if out is not None else sys.stdout
    path = Path(path)
    shown = userfiles.shown_name(path)
    st = _writable_document(path) if not dry_run else None
    raw = userfiles.read_bytes(path, what="a rule document")
    text = read_document(path)
    bom = raw[:3] if raw.startswith(b"\xef\xbb\xbf") else b""
    plan = fix_text(text)
    diff = list(difflib.unified_diff(text.splitlines(keepends=True), plan.text.splitlines(keepends=True),
                                     fromfile=f"{shown}", tofile=f"{shown} (fixed)"))
    out.writelines(line if line.endswith("\n") else line + "\n" for line in diff)
    for problem in plan.unfixable:
        print(f"NOT FIXED {problem}", file=out)
    if not plan.fixed:
        print(f"{shown}: no block to rewrite" + (f"; {len(plan.unfixable)} wrong block(s) left" if plan.unfixable
                                                  else ""), file=out)
        return 1 if plan.unfixable else 0
    if dry_run:
        print(f"{shown}: {len(plan.fixed)} block(s) would be rewritten (--dry-run: nothing written)", file=out)
        return 1
    orig = path.with_name(path.name + ".orig")
    if orig.exists() and not overwrite:
        raise DominoError(f"{userfiles.shown_name(orig)} exists; --overwrite replaces it with the current {path.name}")
    assert st is not None
    _write_atomically(orig, raw, st.st_mode)
    _write_atomically(path, bom + plan.text.encode("utf-8"), st.st_mode)
    print(f"{shown}: {len(plan.fixed)} block(s) rewritten (lines {', '.join(map(str, plan.fixed))}); "
          f"the original is kept as {orig.name}", file=out)
    return 1 if plan.unfixable else 0


def fix_command(files: list[str], *, dry_run: bool, overwrite: bool) -> int:
    """The ``--fix`` path of ``dominolab check``: rule documents only; the worst exit code of all files."""
    if not files:
        raise DominoError("--fix needs the rule documents to rewrite (dominolab check DOC --fix)")
    for f in files:
        if Path(f).suffix.lower() not in (".txt", ".md", ".markdown"):
            raise DominoError(f"{f}: --fix rewrites rule documents (.txt, .md) only")
    codes = [fix_document(f, dry_run=dry_run, overwrite=overwrite) for f in files]
    return max(codes)
