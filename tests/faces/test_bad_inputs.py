"""Bad input, table-driven: every case is ONE clean error line and changes no file.

Each case runs the command line in-process (``dominolab.cli.main``) inside a
scratch folder and asserts: the exit code (2 bad input, 1 a rule violation),
exactly one line on stderr starting ``dominolab: error:``, at most 300
characters, no traceback, the expected words in the message, and that no file
or folder in the scratch folder was created, changed or removed. A few cases
run a real process: Ctrl-C, ``/dev/zero``, standard input, a closed pipe.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from dominolab import cli
from dominolab.core.engine import Match, random_policy
from dominolab.core.errors import DominoError, RecordError, RecordFormatError
from dominolab.core.record import (MAX_BYTES, load_record, loads_record, match_to_record, parse_record, replay,
                              write_record)

from clikit import assert_clean_error, snapshot

HR, FT = "horse-race", "fives-and-threes"
LONG = "[1|1]@@" + "x" * 100_000


@functools.lru_cache(maxsize=None)
def _record_text(game: str, players: int, partnerships: bool, seed: int) -> str:
    return json.dumps(match_to_record(Match(game, players, partnerships, seed=seed).play(random_policy)))


def record(game: str = HR, players: int = 2, partnerships: bool = False, seed: int = 3) -> dict[str, Any]:
    return json.loads(_record_text(game, players, partnerships, seed))


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


# -- the scratch folder every case runs in -------------------------------------------------

@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with a good record, a plain file, a folder and a folder of another run's records."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "good.json").write_text(_record_text(HR, 2, False, 3), encoding="utf-8")
    (tmp_path / "x.json").write_text("not a folder", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    old = tmp_path / "old"
    old.mkdir()
    (old / "horse-race-2i-random-seed0-00001.json").write_text(_record_text(HR, 2, False, 3), encoding="utf-8")
    (tmp_path / "blocked").mkdir()
    (tmp_path / "blocked" / "horse-race-2i-random-seed0-00001.json").mkdir()   # a folder where a record goes
    return tmp_path


def _write(scratch: Path, name: str, content: bytes | str) -> str:
    path = scratch / name
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return name


# -- layout ------------------------------------------------------------------------------

LAYOUT_CASES: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("pips-7", ["[7|1]"], ("[7|1]",)),
    ("half-empty", ["[1|4]", "[1|]"], ("placement 2 of 2", "[1|]")),
    ("dash", ["1-4"], ("1-4",)),
    ("empty-token", [""], ("empty layout",)),
    ("blank-token", [" "], ("empty layout",)),
    ("unclosed", ["[1|4"], ("[1|4",)),
    ("letters", ["[a|b]"], ("[a|b]",)),
    ("negative", ["[-1|2]"], ("[-1|2]",)),
    ("extra-bracket", ["[1|4]]"], ("[1|4]]",)),
    ("double-bracket", ["[[1|4]"], ("[[1|4]",)),
    ("three-halves", ["[1|2|3]"], ("[1|2|3]",)),
    ("arabic-digits", ["[١|٤]"], ("not a tile",)),
    ("fullwidth-digits", ["[１|４]"], ("not a tile",)),
    ("nul", ["[1|\x00]"], ("not a tile",)),
    ("at-nothing", ["[1|4]", "[1|1]@"], ("placement 2",)),
    ("at-tile-only", ["[1|4]", "[1|1]@[1|4]"], ("placement 2",)),
    ("at-sign-first", ["@[1|4].low"], ("placement 1",)),
    ("double-at", ["[1|4]", "[1|1]@@[1|4].low"], ("placement 2 of 2", "2 '@' signs")),
    ("unknown-point", ["[1|4]", "[1|1]@[1|4].up"], ("up",)),
    ("point-case", ["[1|4]", "[1|1]@[1|4].LOW"], ("LOW",)),
    ("long-token", ["[1|4]", LONG], ("placement 2 of 2", "characters")),
    ("long-point", ["[1|4]", "[1|1]@[1|4]." + "z" * 5000], ("placement 2",)),
    ("pips-mismatch", ["[1|4]", "[2|3]@[1|4].low"], ("[2|3]",)),
    ("occupied", ["[1|4]", "[1|1]@[1|4].low", "[1|2]@[1|4].low"], ("placement 3 of 3", "occupied")),
    ("twice", ["[1|4]", "[1|4]@[1|4].low"], ("[1|4]",)),
    ("unknown-anchor", ["[1|4]", "[2|2]@[2|5].low"], ("[2|5]",)),
    ("second-opening", ["[1|4]", "[2|2]"], ("placement 2",)),
    ("first-with-at", ["[1|1]@[1|4].low"], ("placement 1",)),
    ("arm-early", ["[1|1]", "[1|5]@[1|1].armA"], ("side arm",)),
    ("arm-on-non-double", ["[1|4]", "[1|1]@[1|4].armA"], ("[1|4]",)),
    ("line-side-on-non-double", ["[1|4]", "[1|1]@[1|4].A"], ("[1|4]",)),
    ("low-on-double", ["[1|1]", "[1|4]@[1|1].low"], ("[1|1]",)),
]
LAYOUT_OPTION_CASES: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("no-game", ["layout", "[1|4]"], ("--game",)),
    ("unknown-game", ["layout", "--game", "muggins", "[1|4]"], ("muggins",)),
    ("empty-game", ["layout", "--game", "", "[1|4]"], ("--game",)),
    ("long-game", ["layout", "--game", "g" * 100_000, "[1|4]"], ("--game", "characters")),
    ("bad-lang", ["layout", "--game", HR, "--lang", "fr", "[1|4]"], ("fr",)),
    ("no-placements", ["layout", "--game", HR], ("PLACEMENT",)),
    ("unknown-option", ["layout", "--game", HR, "--frob", "[1|4]"], ("--frob",)),
    ("arms-in-fives-and-threes", ["layout", "--game", FT, "[1|1]", "[1|2]@[1|1].A", "[1|3]@[1|1].B",
                                  "[1|5]@[1|1].armA"], ("placement 4 of 4",)),
    ("json-bad", ["layout", "--game", HR, "--json", "[1|4]", "[2|3]@[1|4].low"], ("[2|3]",)),
    ("lang-empty", ["layout", "--game", HR, "--lang", "", "[1|4]"], ("--lang",)),
    # --rules '' is not the current folder ("'.': is a directory"): the value itself is named (issue 42)
    ("rules-empty", ["layout", "--rules", "", "[1|4]"], ("--rules: the value is empty or blank ('')", "muggins.toml")),
    ("rules-blank", ["layout", "--rules", "  ", "[1|4]"], ("--rules: the value is empty or blank",)),
    ("replay-rules-empty", ["replay", "--rules", "", "good.json"], ("--rules: the value is empty",)),
    ("check-rules-empty", ["check", "--rules", "", "good.json"], ("--rules: the value is empty",)),
    ("simulate-rules-empty", ["simulate", "--rules", "", "--players", "2"], ("--rules: the value is empty",)),
]


@pytest.mark.parametrize("placements,needles", [c[1:] for c in LAYOUT_CASES], ids=[c[0] for c in LAYOUT_CASES])
@pytest.mark.parametrize("json_output", [False, True], ids=["text", "json"])
def test_layout_bad_placements(placements: list[str], needles: tuple[str, ...], json_output: bool, scratch: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(scratch)
    argv = ["layout", "--game", HR] + (["--json"] if json_output else []) + placements
    code, out, err = run_cli(argv, capsys)
    assert_clean_error(code, out, err, 2, needles)
    assert out == ""                      # nothing half printed
    assert snapshot(scratch) == before


@pytest.mark.parametrize("argv,needles", [c[1:] for c in LAYOUT_OPTION_CASES], ids=[c[0] for c in LAYOUT_OPTION_CASES])
def test_layout_bad_options(argv: list[str], needles: tuple[str, ...], scratch: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(scratch)
    code, out, err = run_cli(argv, capsys)
    assert_clean_error(code, out, err, 2, needles)
    assert out == ""
    assert snapshot(scratch) == before


# -- simulate ------------------------------------------------------------------------------

SIM = ["simulate", "--game", HR, "--quiet"]
SIMULATE_CASES: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("players-letters", SIM + ["--players", "abc"], ("--players", "abc")),
    ("players-float", SIM + ["--players", "2.0"], ("--players", "2.0")),
    ("players-underscore", SIM + ["--players", "1_0"], ("--players",)),
    ("players-empty", SIM + ["--players", ""], ("--players",)),
    ("players-negative", SIM + ["--players", "-1"], ("--players",)),
    ("players-zero", SIM + ["--players", "0"], ("--players",)),
    ("players-huge", SIM + ["--players", "9" * 5000], ("--players", "characters")),
    ("players-space", SIM + ["--players", " 2"], ("--players",)),
    ("players-arabic", SIM + ["--players", "٢"], ("--players",)),
    ("players-one", SIM + ["--players", "1"], ("1 player", "allowed")),
    ("players-five", SIM + ["--players", "5"], ("5 players",)),
    ("players-missing", SIM, ("--players",)),
    ("partnerships-two", SIM + ["--players", "2", "--partnerships"], ("2",)),
    ("partnerships-three", SIM + ["--players", "3", "--partnerships"], ("3",)),
    ("ft-four-individual", ["simulate", "--game", FT, "--players", "4", "--quiet"], ("4",)),
    ("game-missing", ["simulate", "--players", "2"], ("--game",)),
    ("game-unknown", ["simulate", "--game", "muggins", "--players", "2"], ("muggins",)),
    ("matches-zero", SIM + ["--players", "2", "--matches", "0"], ("--matches",)),
    ("matches-negative", SIM + ["--players", "2", "--matches", "-3"], ("--matches",)),
    ("matches-float", SIM + ["--players", "2", "--matches", "1.5"], ("--matches",)),
    ("matches-too-many", SIM + ["--players", "2", "--matches", "100000001"], ("--matches", "100,000,000")),
    ("matches-letters", SIM + ["--players", "2", "--matches", "many"], ("--matches",)),
    ("seed-negative", SIM + ["--players", "2", "--seed", "-1"], ("--seed",)),
    ("seed-exponent", SIM + ["--players", "2", "--seed", "1e3"], ("--seed",)),
    ("seed-too-big", SIM + ["--players", "2", "--seed", str(2**63)], ("--seed",)),
    ("seed-5000-digits", SIM + ["--players", "2", "--seed", "1" * 5000], ("--seed", "characters")),
    ("policy-unknown", SIM + ["--players", "2", "--policy", "clever"], ("clever",)),
    ("policy-empty", SIM + ["--players", "2", "--policy", ""], ("--policy",)),
    ("policy-budget", SIM + ["--players", "2", "--policy", "strong@soon"], ("strong@soon", "milliseconds")),
    ("jobs-zero", SIM + ["--players", "2", "--jobs", "0"], ("--jobs",)),
    ("jobs-too-many", SIM + ["--players", "2", "--jobs", "100000"], ("--jobs",)),
    ("jobs-letters", SIM + ["--players", "2", "--jobs", "all"], ("--jobs",)),
    ("think-zero", SIM + ["--players", "2", "--think", "0"], ("--think",)),
    ("think-negative", SIM + ["--players", "2", "--think", "-5"], ("--think",)),
    ("think-nan", SIM + ["--players", "2", "--think", "nan"], ("--think",)),
    ("think-inf", SIM + ["--players", "2", "--think", "inf"], ("--think",)),
    ("think-huge", SIM + ["--players", "2", "--think", "1000000000"], ("--think",)),
    ("record-dir-empty", SIM + ["--players", "2", "--record-dir", ""], ("--record-dir", "empty")),
    ("record-dir-blank", SIM + ["--players", "2", "--record-dir", "  "], ("--record-dir", "empty")),
    ("record-dir-is-file", SIM + ["--players", "2", "--record-dir", "x.json"], ("x.json", "not a folder")),
    ("record-dir-below-file", SIM + ["--players", "2", "--record-dir", "x.json/sub"], ("x.json", "not a folder")),
    ("record-dir-deep-below-file", SIM + ["--players", "2", "--record-dir", "x.json/a/b/c"], ("not a folder",)),
    ("record-dir-proc", SIM + ["--players", "2", "--record-dir", "/proc/dominolab-test/x"], ("--record-dir",)),
    ("record-dir-nul", SIM + ["--players", "2", "--record-dir", "a\x00b"], ("NUL",)),
    ("record-dir-name-too-long", SIM + ["--players", "2", "--record-dir", "n" * 5000], ("--record-dir",)),
    ("record-dir-other-run", SIM + ["--players", "2", "--policy", "greedy", "--record-dir", "old"],
     ("another run", "--overwrite")),
    ("record-dir-other-seed", SIM + ["--players", "2", "--seed", "9", "--record-dir", "old"], ("another run",)),
    ("record-dir-folder-in-the-way", SIM + ["--players", "2", "--record-dir", "blocked", "--overwrite"],
     ("in the way",)),
    ("record-dir-missing-value", SIM + ["--players", "2", "--record-dir"], ("--record-dir",)),
    ("unknown-option", SIM + ["--players", "2", "--fast"], ("--fast",)),
]


@pytest.mark.parametrize("argv,needles", [c[1:] for c in SIMULATE_CASES], ids=[c[0] for c in SIMULATE_CASES])
def test_simulate_bad_input(argv: list[str], needles: tuple[str, ...], scratch: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(scratch)
    code, out, err = run_cli(argv, capsys)
    assert_clean_error(code, out, err, 2, needles)
    assert out == ""
    assert snapshot(scratch) == before


def test_simulate_unwritable_folder(scratch: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    locked = scratch / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        # root ignores the mode bits (CI runs as root): let the file system refuse
        # exactly as it refuses an ordinary user, for everything below the folder.
        real_mkdir = Path.mkdir

        def refuse(self: Path, *args: object, **kwargs: object) -> None:
            if locked in self.absolute().parents:
                raise PermissionError(13, "Permission denied", str(self))
            real_mkdir(self, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(Path, "mkdir", refuse)
    try:
        before = snapshot(scratch)
        code, out, err = run_cli(SIM + ["--players", "2", "--record-dir", "locked/sub"], capsys)
        assert_clean_error(code, out, err, 2, ("locked",))
        assert snapshot(scratch) == before
    finally:
        locked.chmod(0o700)


# -- replay: files that are not records ------------------------------------------------------

def _deep(n: int) -> str:
    return "[" * n + "]" * n


FILE_CASES: list[tuple[str, bytes | str | None, tuple[str, ...]]] = [
    ("missing", None, ("no such file",)),
    ("empty", b"", ("empty",)),
    ("blank", b"  \n\t ", ("empty",)),
    ("not-json", "{oops", ("not JSON", "line 1")),
    ("array", "[]", ("JSON object",)),
    ("null", "null", ("JSON object",)),
    ("number", "42", ("JSON object",)),
    ("string", '"record"', ("JSON object",)),
    ("binary", b"\xff\xfe\x00\x01", ("UTF-8",)),
    ("utf16", '{"format": 1}'.encode("utf-16"), ("UTF-8",)),
    ("latin1", '{"game": "Dominó"}'.encode("latin-1"), ("UTF-8",)),
    ("nul-bytes", b"\x00" * 1000, ("not JSON",)),
    ("deep-array-100000", _deep(100_000), ("nest deeper",)),
    ("deep-array-33", _deep(33), ("nest deeper",)),
    ("deep-open-only", "[" * 100_000, ("nest deeper",)),
    ("deep-objects", '{"a":' * 100_000 + "1" + "}" * 100_000, ("nest deeper",)),
    ("deep-in-record", None, ("nest deeper",)),
    ("int-5000-digits", '{"players": ' + "7" * 5000 + "}", ("5,000 digits",)),
    ("int-21-digits", '{"players": ' + "1" * 21 + "}", ("21 digits",)),
    ("nan", '{"players": NaN}', ("NaN",)),
    ("infinity", '{"players": Infinity}', ("Infinity",)),
    ("minus-infinity", '{"players": -Infinity}', ("Infinity",)),
    ("duplicate-key", '{"players": 2, "players": 3}', ("twice",)),
    ("trailing-garbage", "{} x", ("not JSON",)),
    ("two-objects", "{}{}", ("not JSON",)),
    ("single-quotes", "{'a': 1}", ("not JSON",)),
    ("trailing-comma", '{"a": 1,}', ("not JSON",)),
    ("control-char-in-string", '{"a": "\x01"}', ("not JSON",)),
    ("lone-surrogate-key", '{"\\ud800": 1}', ("missing key",)),
    ("empty-object", "{}", ("missing key 'format'",)),
    ("too-large", None, ("larger than", "MiB")),
    ("long-line-of-spaces", " " * 100_000 + "{", ("not JSON",)),
]


def _file_case(scratch: Path, case: str, content: bytes | str | None) -> str:
    if case == "missing":
        return "nope.json"
    if case == "deep-in-record":
        rec = record()
        rec["rounds"][0]["events"][0]["scores"] = json.loads(_deep(40))
        return _write(scratch, "case.json", json.dumps(rec))
    if case == "too-large":
        path = scratch / "big.json"
        with open(path, "wb") as out:
            out.write(b" " * (MAX_BYTES + 1))
        return path.name
    assert content is not None
    return _write(scratch, "case.json", content)


@pytest.mark.parametrize("case,content,needles", FILE_CASES, ids=[c[0] for c in FILE_CASES])
def test_replay_unreadable_files(case: str, content: bytes | str | None, needles: tuple[str, ...], scratch: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    name = _file_case(scratch, case, content)
    before = snapshot(scratch)
    code, out, err = run_cli(["replay", name], capsys)
    assert_clean_error(code, out, err, 2, needles + (name,))
    assert snapshot(scratch) == before


def test_replay_of_a_folder(scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(scratch)
    assert_clean_error(*run_cli(["replay", "folder"], capsys), 2, ("folder", "directory"))
    assert snapshot(scratch) == before


# -- replay: records with wrong types, shapes or values ----------------------------------------

def _set(*path: Any) -> Callable[[dict[str, Any]], None]:
    """A mutation setting (or, with the value ``DELETE``, deleting) one key of a record."""
    *keys, last, value = path

    def mutate(rec: dict[str, Any]) -> None:
        node: Any = rec
        for key in keys:
            node = node[key]
        if value is DELETE:
            del node[last]
        else:
            node[last] = value(node[last]) if callable(value) else value
    return mutate


DELETE = object()
E0 = ("rounds", 0, "events", 0)     # the opening play of round 1
E1 = ("rounds", 0, "events", 1)     # the second event of round 1 (a play in this record)
R0 = ("rounds", 0)

# (id, mutation, expected exit code, words in the message)
RECORD_CASES: list[tuple[str, Callable[[dict[str, Any]], None], int, tuple[str, ...]]] = [
    ("format-other", _set("format", "dominolab.record/2"), 2, ("format",)),
    ("format-number", _set("format", 1), 2, ("format", "integer")),
    ("format-missing", _set("format", DELETE), 2, ("format",)),
    ("game-unknown", _set("game", "muggins"), 2, ("muggins",)),
    ("game-number", _set("game", 5), 2, ("game",)),
    ("game-long", _set("game", "g" * 100_000), 2, ("game", "characters")),
    ("players-true", _set("players", True), 2, ("players", "boolean")),
    ("players-string", _set("players", "2"), 2, ("players", "string")),
    ("players-float", _set("players", 2.0), 2, ("players", "decimal")),
    ("players-null", _set("players", None), 2, ("players", "null")),
    ("players-five", _set("players", 5), 1, ("5 players",)),
    ("players-zero", _set("players", 0), 1, ("players",)),
    ("players-negative", _set("players", -2), 1, ("players",)),
    ("partnerships-one", _set("partnerships", 1), 2, ("partnerships",)),
    ("partnerships-string", _set("partnerships", "no"), 2, ("partnerships",)),
    ("partnerships-true", _set("partnerships", True), 1, ("partnerships",)),
    ("target-60", _set("target", 60), 1, ("target", "61")),
    ("target-float", _set("target", 61.0), 2, ("target",)),
    ("target-true", _set("target", True), 2, ("target", "boolean")),
    ("rounds-object", _set("rounds", {}), 2, ("rounds", "array")),
    ("rounds-null", _set("rounds", None), 2, ("rounds",)),
    ("rounds-number-item", _set("rounds", [1]), 2, ("rounds[0]", "object")),
    ("rounds-missing", _set("rounds", DELETE), 2, ("rounds",)),
    ("scores-string", _set("scores", "61"), 2, ("scores",)),
    ("scores-true", _set("scores", 0, True), 2, ("scores[0]", "boolean")),
    ("scores-float", _set("scores", 0, lambda v: float(v)), 2, ("scores[0]",)),
    ("scores-wrong", _set("scores", 0, lambda v: v + 1), 1, ("scores",)),
    ("winners-float", _set("winners", [0.0]), 2, ("winners[0]",)),
    ("winners-wrong", _set("winners", lambda w: [1 - w[0]]), 1, ("winners",)),
    ("unknown-top-key", _set("comment", "hi"), 2, ("comment", "unknown key")),
    ("round-number-true", _set(*R0, "number", True), 2, ("rounds[0].number", "boolean")),
    ("round-number-float", _set(*R0, "number", 1.0), 2, ("rounds[0].number",)),
    ("round-number-two", _set(*R0, "number", 2), 1, ("round 1", "number")),
    ("round-number-missing", _set(*R0, "number", DELETE), 2, ("rounds[0]", "number")),
    ("opener-true", _set(*R0, "opener", True), 2, ("rounds[0].opener", "boolean")),
    ("opener-string", _set(*R0, "opener", "0"), 2, ("rounds[0].opener",)),
    ("opener-negative", _set(*R0, "opener", -1), 1, ("opener",)),
    ("opener-nine", _set(*R0, "opener", 9), 1, ("opener",)),
    ("hands-string", _set(*R0, "hands", "x"), 2, ("rounds[0].hands",)),
    ("hands-number-hand", _set(*R0, "hands", 0, 1), 2, ("rounds[0].hands[0]",)),
    ("hands-number-tile", _set(*R0, "hands", 0, 0, 1), 2, ("rounds[0].hands[0][0]",)),
    ("hands-bad-tile", _set(*R0, "hands", 0, 0, "[7|7]"), 2, ("rounds[0].hands[0][0]", "[7|7]")),
    ("hands-long-tile", _set(*R0, "hands", 0, 0, "[" * 100_000), 2, ("rounds[0].hands[0][0]", "characters")),
    ("hands-three", _set(*R0, "hands", lambda h: h + [[]]), 1, ("hands",)),
    ("hands-short", _set(*R0, "hands", 0, lambda h: h[:-1]), 1, ("seat 0",)),
    ("hands-duplicate", _set(*R0, "hands", 0, 0, lambda t: None), 2, ("rounds[0].hands[0][0]", "null")),
    ("stock-not-list", _set(*R0, "stock", "[1|1]"), 2, ("rounds[0].stock",)),
    ("stock-bad-tile", _set(*R0, "stock", 0, "1-1"), 2, ("rounds[0].stock[0]", "1-1")),
    ("stock-missing", _set(*R0, "stock", DELETE), 2, ("stock",)),
    ("events-object", _set(*R0, "events", {}), 2, ("rounds[0].events",)),
    ("events-number", _set(*R0, "events", 0, 1), 2, ("rounds[0].events[0]",)),
    ("event-type-missing", _set(*E0, "type", DELETE), 2, ("rounds[0].events[0]", "type")),
    ("event-type-unknown", _set(*E0, "type", "jump"), 2, ("jump",)),
    ("event-type-true", _set(*E0, "type", True), 2, ("rounds[0].events[0].type", "boolean")),
    ("event-unknown-key", _set(*E0, "note", "x"), 2, ("rounds[0].events[0].note", "unknown key")),
    ("event-missing-at", _set(*E0, "at", DELETE), 2, ("rounds[0].events[0]", "at")),
    ("seat-true", _set(*E0, "seat", lambda s: bool(s)), 2, ("rounds[0].events[0].seat", "boolean")),
    ("seat-string", _set(*E0, "seat", lambda s: str(s)), 2, ("rounds[0].events[0].seat", "string")),
    ("seat-float", _set(*E0, "seat", lambda s: float(s)), 2, ("rounds[0].events[0].seat", "decimal")),
    ("seat-big-float", _set(*E0, "seat", 1e300), 2, ("rounds[0].events[0].seat",)),
    ("seat-wrong", _set(*E0, "seat", lambda s: 1 - s), 1, ("round 1", "event 0", "seat")),
    ("at-42", _set(*E1, "at", 42), 2, ("rounds[0].events[1].at", "integer (42)")),
    ("at-list", _set(*E1, "at", []), 2, ("rounds[0].events[1].at", "array")),
    ("at-no-point", _set(*E1, "at", "[1|4]"), 2, ("rounds[0].events[1].at",)),
    ("at-bad-point", _set(*E1, "at", lambda a: a.split(".")[0] + ".up"), 2, ("rounds[0].events[1].at", "up")),
    ("at-long", _set(*E1, "at", "[1|4]." + "x" * 100_000), 2, ("rounds[0].events[1].at", "characters")),
    ("at-on-opening", _set(*E0, "at", "[0|0].A"), 1, ("round 1", "event 0")),
    ("tile-number", _set(*E0, "tile", 5), 2, ("rounds[0].events[0].tile", "integer")),
    ("tile-unclosed", _set(*E0, "tile", "[1|4"), 2, ("rounds[0].events[0].tile",)),
    ("source-unknown", _set(*E0, "source", "pocket"), 2, ("rounds[0].events[0].source", "pocket")),
    ("source-null", _set(*E0, "source", None), 2, ("rounds[0].events[0].source", "null")),
    ("source-drawn", _set(*E0, "source", "drawn"), 1, ("event 0", "source")),
    ("sum-float", _set(*E0, "sum", lambda v: float(v)), 2, ("rounds[0].events[0].sum", "decimal")),
    ("sum-true", _set(*E0, "sum", True), 2, ("rounds[0].events[0].sum", "boolean")),
    ("sum-wrong", _set(*E1, "sum", lambda v: v + 1), 1, ("round 1", "event 1", "sum")),
    ("credit-string", _set(*E0, "credit", "1"), 2, ("rounds[0].events[0].credit", "string")),
    ("credit-wrong", _set(*E0, "credit", lambda v: v + 1), 1, ("event 0", "credit")),
    ("bonus-wrong", _set(*E0, "bonus", 3), 1, ("event 0", "bonus")),
    ("scored-wrong", _set(*E0, "scored", lambda v: v + 5), 1, ("event 0", "scored")),
    ("event-scores-float", _set(*E0, "scores", 0, lambda v: float(v)), 2, ("rounds[0].events[0].scores[0]",)),
    ("event-scores-short", _set(*E0, "scores", lambda v: v[:1]), 1, ("event 0", "scores")),
    ("seat-21-digits", None, 2, ("21 digits",)),
    ("end-unknown", _set(*R0, "end", "finished"), 2, ("rounds[0].end", "finished")),
    ("end-number", _set(*R0, "end", 5), 2, ("rounds[0].end",)),
    ("end-wrong", _set(*R0, "end", lambda e: "blocked" if e != "blocked" else "domino"), 1, ("round 1", "end")),
    ("round-unknown-key", _set(*R0, "extra", 1), 2, ("rounds[0].extra", "unknown key")),
    ("events-dropped", _set(*R0, "events", lambda ev: ev[1:]), 1, ("round 1", "event 0")),
    ("events-truncated", _set(*R0, "events", lambda ev: ev[:3]), 1, ("round 1",)),
    ("event-after-end", _set(*R0, "events", lambda ev: ev + [{"type": "pass", "seat": 0}]), 1, ("already ended",)),
    ("pass-instead-of-play", _set(*E1, lambda e: {"type": "pass", "seat": e["seat"]}), 1,
     ("illegal pass: seat",)),
    ("draw-instead-of-play", _set(*E1, lambda e: {"type": "draw", "seat": e["seat"], "tile": "[0|0]"}), 1,
     ("illegal draw",)),
    ("settle-in-the-middle", _set(*E1, {"type": "settle", "reason": "domino", "winners": [0], "pips": [0, 0],
                                        "credits": [0, 0], "scores": [0, 0]}), 1, ("no settlement",)),
    ("settle-reason-target", None, 2, ("reason",)),
    ("settle-pips-true", None, 2, ("pips[0]", "boolean")),
    ("settle-pips-wrong", None, 1, ("pips",)),
    ("tile-not-held", None, 1, ("does not hold",)),
    ("extra-round", _set("rounds", lambda rs: rs + [copy.deepcopy(rs[0])]), 1, ("already won",)),
]


def _settle_path(rec: dict[str, Any]) -> tuple[int, int]:
    for r, rnd in enumerate(rec["rounds"]):
        for i, event in enumerate(rnd["events"]):
            if event["type"] == "settle":
                return r, i
    raise AssertionError("no settlement in the record")


def _special(case: str, rec: dict[str, Any]) -> str | None:
    """Mutations that need a look at the record; may return raw text instead."""
    if case == "seat-21-digits":
        text = json.dumps(rec)
        return text.replace('"seat": 0', '"seat": ' + "1" * 21, 1)
    if case.startswith("settle-"):
        r, i = _settle_path(rec)
        settle = rec["rounds"][r]["events"][i]
        if case == "settle-reason-target":
            settle["reason"] = "target"
        elif case == "settle-pips-true":
            settle["pips"][0] = True
        else:
            settle["pips"][0] += 1
        return None
    if case == "tile-not-held":
        event = rec["rounds"][0]["events"][0]
        other = rec["rounds"][0]["hands"][1 - event["seat"]][0]
        event["tile"] = other
        return None
    raise AssertionError(case)


@pytest.mark.parametrize("case,mutate,expected,needles", RECORD_CASES, ids=[c[0] for c in RECORD_CASES])
def test_replay_bad_records(case: str, mutate: Callable[[dict[str, Any]], None] | None, expected: int,
                            needles: tuple[str, ...], scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = record()
    text = None
    if mutate is None:
        text = _special(case, rec)
    else:
        mutate(rec)
    name = _write(scratch, "case.json", text if text is not None else json.dumps(rec))
    before = snapshot(scratch)
    code, out, err = run_cli(["replay", name], capsys)
    assert_clean_error(code, out, err, expected, needles + (name,))
    assert "pass: pass" not in err
    assert snapshot(scratch) == before
    # the Python API says the same, with the matching error class
    with pytest.raises(RecordFormatError if expected == 2 else RecordError) as info:
        replay(loads_record(text, name) if text is not None else rec)
    assert str(info.value) in err
    if expected == 1:
        assert not isinstance(info.value, RecordFormatError)


def test_replay_several_files_reports_each(scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = record()
    bad["rounds"][0]["events"][1]["sum"] += 1
    _write(scratch, "bad.json", json.dumps(bad))
    before = snapshot(scratch)
    code, out, err = run_cli(["replay", "good.json", "bad.json", "good.json"], capsys)
    assert code == 1
    assert out.count("good.json: consistent") == 2 and "2 of 3 records consistent" in out
    assert err.count("\n") == 1 and "bad.json: not consistent: round 1, event 1" in err
    code, out, err = run_cli(["replay", "good.json", "nope.json", "bad.json"], capsys)
    assert code == 2 and len(err.splitlines()) == 2 and "Traceback" not in err
    assert snapshot(scratch) == before


def test_replay_stdin_twice(scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert_clean_error(*run_cli(["replay", "-", "-"], capsys), 2, ("standard input",))


def test_replay_summary_uses_the_singular(scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = record()
    rec["rounds"] = rec["rounds"][:1]
    rec["scores"] = rec["rounds"][0]["events"][-1]["scores"]
    rec["winners"] = []
    _write(scratch, "one.json", json.dumps(rec))
    code, out, err = run_cli(["replay", "one.json"], capsys)
    assert code == 0, err
    assert "1 round," in out and "1 rounds" not in out


# -- check --------------------------------------------------------------------------------

CHECK_CASES: list[tuple[str, bytes | str | None, str, tuple[str, ...]]] = [
    ("missing", None, "nope.toml", ("nope.toml",)),
    ("folder", None, "folder", ("folder",)),
    ("not-toml", "this is = = not toml", "case.toml", ("case.toml",)),
    ("binary", b"\xff\xfe\x00", "case.toml", ("case.toml",)),
    ("unknown-top-key", "x = 1\n", "case.toml", ("case.toml", "x")),
    ("players-string", '[[example]]\nid = "a"\nkind = "credit"\ngame = "horse-race"\nplayers = "2"\n',
     "case.toml", ("case.toml",)),
    ("unknown-kind", '[[example]]\nid = "x"\nkind = "riddle"\ngame = "horse-race"\nsection = "s"\ntitle = "t"\n',
     "case.toml", ("riddle",)),
    ("unknown-game", '[[example]]\nid = "x"\nkind = "credit"\ngame = "muggins"\nsection = "s"\ntitle = "t"\n',
     "case.toml", ("case.toml", "'x'")),
    ("long-value", 'x = "' + "a" * 100_000 + '"\n', "case.toml", ("case.toml",)),
    ("unknown-extension", "{}", "case.yaml", ("case.yaml",)),
    ("record-not-json", "{oops", "case.json", ("case.json",)),
    ("record-deep", _deep(100_000), "case.json", ("case.json",)),
]


@pytest.mark.parametrize("case,content,name,needles", CHECK_CASES, ids=[c[0] for c in CHECK_CASES])
def test_check_bad_files(case: str, content: bytes | str | None, name: str, needles: tuple[str, ...], scratch: Path,
                         capsys: pytest.CaptureFixture[str]) -> None:
    if content is not None:
        _write(scratch, name, content)
    before = snapshot(scratch)
    code, out, err = run_cli(["check", name], capsys)
    assert_clean_error(code, out, err, 2, needles)
    assert snapshot(scratch) == before


# -- the command line itself ------------------------------------------------------------

TOP_CASES: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("unknown-command", ["frobnicate"], ("frobnicate",)),
    ("long-command", ["f" * 100_000], ("characters",)),
    ("replay-no-file", ["replay"], ("RECORD",)),
    ("unknown-top-option", ["--frob"], ("--frob",)),
]


@pytest.mark.parametrize("argv,needles", [c[1:] for c in TOP_CASES], ids=[c[0] for c in TOP_CASES])
def test_bad_commands(argv: list[str], needles: tuple[str, ...], scratch: Path,
                      capsys: pytest.CaptureFixture[str]) -> None:
    assert_clean_error(*run_cli(argv, capsys), 2, needles)


def test_bare_command_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli([], capsys)
    assert code == 0 and err == ""
    for command in ("layout", "replay", "simulate", "check"):
        assert f"\n    {command}" in out


def test_help_returns_instead_of_exiting(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["simulate", "--help"], capsys)
    assert code == 0
    for option in ("--players", "--matches", "--seed", "--policy", "--jobs", "--record-dir", "--overwrite",
                   "--quiet", "--partnerships", "--think"):
        assert option in out
    assert out.count("(default") >= 9 and "(required)" in out


def test_help_examples_are_quoted_for_the_shell(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["layout", "--help"]):
        _, out, _ = run_cli(argv, capsys)
        for line in out.splitlines():
            if "dominolab layout" in line and "|" in line:
                assert "'[" in line, line


# -- the Python API -----------------------------------------------------------------------

API_CASES: list[tuple[str, Callable[[Path], object], tuple[str, ...]]] = [
    ("replay-none", lambda d: replay(None), ("object",)),                          # type: ignore[arg-type]
    ("replay-list", lambda d: replay([]), ("object",)),                            # type: ignore[arg-type]
    ("replay-string", lambda d: replay("good.json"), ("object",)),                 # type: ignore[arg-type]
    ("parse-empty", lambda d: parse_record({}), ("format",)),
    ("loads-bytes", lambda d: loads_record(b"\xff"), ("UTF-8",)),
    ("loads-number", lambda d: loads_record(12), ("bytes or str",)),               # type: ignore[arg-type]
    ("loads-deep", lambda d: loads_record(_deep(10**6)), ("nest deeper",)),
    ("load-missing", lambda d: load_record(d / "nope.json"), ("no such file",)),
    ("load-folder", lambda d: load_record(d / "folder"), ("directory",)),
    ("load-dev-zero", lambda d: load_record("/dev/zero"), ("larger than",)),
    ("write-not-a-match", lambda d: write_record(5, d / "r.json"), ("Match",)),   # type: ignore[arg-type]
]


@pytest.mark.parametrize("call,needles", [c[1:] for c in API_CASES], ids=[c[0] for c in API_CASES])
def test_python_api_errors(call: Callable[[Path], object], needles: tuple[str, ...], scratch: Path) -> None:
    before = snapshot(scratch)
    with pytest.raises(DominoError) as info:
        call(scratch)
    message = str(info.value)
    assert "\n" not in message and len(message) <= 300
    for needle in needles:
        assert needle in message
    assert snapshot(scratch) == before


def test_write_record_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match(HR, 2, seed=1).play(random_policy)
    path = tmp_path / "r.json"
    path.write_text("old", encoding="utf-8")

    def boom(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("dominolab.core.record.os.replace", boom)
    with pytest.raises(KeyboardInterrupt):
        write_record(match, path)
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]      # no temporary file left
    monkeypatch.undo()
    write_record(match, path)
    assert replay(load_record(path)).scores == match.scores


# -- simulate: runs that must not lose or mix data --------------------------------------------

def test_simulate_same_run_again_and_longer_run_are_fine(scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = SIM + ["--players", "2", "--matches", "2", "--record-dir", "runs"]
    assert run_cli(argv, capsys)[0] == 0
    first = snapshot(scratch / "runs")
    assert run_cli(argv, capsys)[0] == 0                        # the same run: same names, same content
    assert {k: v[3] for k, v in snapshot(scratch / "runs").items()} == {k: v[3] for k, v in first.items()}
    assert run_cli(SIM + ["--players", "2", "--matches", "3", "--record-dir", "runs"], capsys)[0] == 0
    before = snapshot(scratch)
    code, out, err = run_cli(argv[:-4] + ["--matches", "1", "--record-dir", "runs"], capsys)
    assert_clean_error(code, out, err, 2, ("another run",))     # a shorter run would leave 2 stale records
    assert snapshot(scratch) == before


def test_simulate_overwrite_replaces_the_other_run(scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(SIM + ["--players", "2", "--policy", "greedy", "--record-dir", "old", "--overwrite"],
                             capsys)
    assert code == 0, err
    assert sorted(p.name for p in (scratch / "old").iterdir()) == ["horse-race-2i-greedy-seed0-00001.json"]
    assert "1 record written" in out


def test_simulate_jobs_give_the_same_records(scratch: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["simulate", "--game", FT, "--players", "3", "--matches", "6", "--seed", "4", "--quiet"]
    assert run_cli(base + ["--record-dir", "serial"], capsys)[0] == 0
    code, out, err = run_cli(base + ["--record-dir", "parallel", "--jobs", "2"], capsys)
    assert code == 0, err
    a, b = snapshot(scratch / "serial"), snapshot(scratch / "parallel")
    assert sorted(a) == sorted(b) and all(a[k][3] == b[k][3] for k in a)


# -- real processes: Ctrl-C, /dev/zero, standard input, a closed pipe --------------------------

def _cli_process(args: list[str], **kwargs: Any) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen([sys.executable, "-m", "dominolab", *args], env=env, **kwargs)


def test_ctrl_c_during_simulate_stops_cleanly(tmp_path: Path) -> None:
    out_dir = tmp_path / "recs"
    proc = _cli_process(["simulate", "--game", HR, "--players", "4", "--matches", "1000000", "--quiet",
                         "--record-dir", str(out_dir)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(out_dir.glob("*.json"))) < 3:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    lines = err.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dominolab: error: interrupted after"), err
    written = sorted(out_dir.iterdir())
    assert all(p.name.endswith(".json") and not p.name.startswith(".") for p in written)   # no partial file
    assert f"{len(written)} records written" in out.decode() or f"{len(written)} record written" in out.decode()
    assert "side 0" in out.decode()
    for p in written:
        replay(load_record(p))


def test_dev_zero_fails_at_once() -> None:
    proc = _cli_process(["replay", "/dev/zero"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(timeout=60)          # reading stops at the limit
    assert proc.returncode == 2
    assert err.decode().count("\n") == 1 and "larger than" in err.decode()


@pytest.mark.parametrize("name", ["rules.md", "rules.txt", "mine.dominolab.toml"])
def test_check_of_an_endless_file_fails_at_once(name: str, tmp_path: Path) -> None:
    """Rule documents and example files are read with the same size limit as records."""
    endless = tmp_path / name
    endless.symlink_to("/dev/zero")
    proc = _cli_process(["check", str(endless)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(timeout=60)          # reading stops at the limit
    assert proc.returncode == 2
    assert err.decode().count("\n") == 1 and "larger than" in err.decode(), err


def test_replay_from_standard_input(tmp_path: Path) -> None:
    text = _record_text(FT, 4, True, 2).encode()
    proc = _cli_process(["replay", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(text, timeout=60)
    assert proc.returncode == 0, err
    assert out.decode().startswith("<stdin>: consistent")
    proc = _cli_process(["replay", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate(b"[" * 100_000, timeout=60)
    assert proc.returncode == 2 and err.decode().count("\n") == 1 and "<stdin>" in err.decode()


def test_closed_pipe_is_quiet(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    path.write_text(_record_text(HR, 2, False, 3), encoding="utf-8")
    proc = _cli_process(["replay"] + [str(path)] * 3000, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    first = proc.stdout.readline()
    proc.stdout.close()                              # like `| head -1`
    err = proc.stderr.read() if proc.stderr else b""
    proc.wait(timeout=120)
    assert b"consistent" in first
    assert proc.returncode == 0 and b"Traceback" not in err and err == b"", err


# -- sweeps: any mutation of a record, any bytes ------------------------------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**25, 10**25) | st.floats(allow_nan=False) | st.text(max_size=30)
    | st.sampled_from(["[1|4]", "[1|4].low", "[0|0].A", "play", "draw", "pass", "settle", "domino", "hand"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, prefix + (key,)))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.extend(_paths(value, prefix + (i,)))
    return out


_BASE = record(FT, 2, False, 5)
_BASE["rounds"] = _BASE["rounds"][:2]
_BASE_PATHS = [p for p in _paths(_BASE) if p]


def _assert_clean(exc: BaseException) -> None:
    assert isinstance(exc, DominoError), repr(exc)
    message = str(exc)
    assert "\n" not in message and 0 < len(message) <= 300, message


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_sweep_any_value_anywhere_in_a_record(data: st.DataObject) -> None:
    rec = copy.deepcopy(_BASE)
    path = data.draw(st.sampled_from(_BASE_PATHS))
    value = data.draw(JSON_VALUES)
    node: Any = rec
    for key in path[:-1]:
        node = node[key]
    if data.draw(st.booleans()) and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value
    try:
        replay(loads_record(json.dumps(rec)))
    except Exception as exc:                    # only clean one-line DominoErrors
        _assert_clean(exc)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_sweep_any_bytes(blob: bytes) -> None:
    try:
        replay(loads_record(blob))
    except Exception as exc:
        _assert_clean(exc)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="[]|@.0123456789lowhighABarm \n-", max_size=24), min_size=1, max_size=5),
       st.sampled_from([HR, FT]))
def test_sweep_any_layout_text(tokens: list[str], game: str) -> None:
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = cli.main(["layout", "--game", game, "--", *tokens])
    assert code in (0, 2)
    if code:
        assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("dominolab: error: ")
        assert "Traceback" not in err.getvalue()


# -- the one place that turns exceptions into an error line ----------------------------------------

@pytest.mark.parametrize("exc,code,needle", [
    (DominoError("bad thing"), 2, "bad thing"),
    (RecordError("round 1: wrong"), 1, "round 1: wrong"),
    (RecordFormatError("x.json: not JSON"), 2, "x.json: not JSON"),
    (FileNotFoundError(2, "No such file or directory", "a/b.json"), 2, "a/b.json"),
    (PermissionError(13, "Permission denied", "/root/x"), 2, "Permission denied"),
    (KeyboardInterrupt(), 130, "interrupted"),
    (DominoError("long\nmessage " + "y" * 1000), 2, "long message"),
], ids=["domino", "record", "record-format", "missing", "permission", "ctrl-c", "long-multiline"])
def test_main_turns_every_error_into_one_line(exc: BaseException, code: int, needle: str,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    def boom(args: object) -> int:
        raise exc

    monkeypatch.setattr(cli.layout, "cmd_layout", boom)
    assert_clean_error(*run_cli(["layout", "--game", HR, "[1|4]"], capsys), code, (needle,))


def test_main_is_quiet_on_a_closed_pipe(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def boom(args: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(cli.layout, "cmd_layout", boom)
    assert run_cli(["layout", "--game", HR, "[1|4]"], capsys) == (0, "", "")


def test_simulate_disk_full_keeps_the_complete_records(scratch: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    import dominolab.core.record as record_module

    real = record_module.write_record
    calls = []

    def full_after_two(rec: Any, path: Any) -> None:
        calls.append(path)
        if len(calls) > 2:
            raise OSError(28, "No space left on device", str(path))
        real(rec, path)

    monkeypatch.setattr(record_module, "write_record", full_after_two)
    code, out, err = run_cli(SIM + ["--players", "2", "--matches", "5", "--record-dir", "full"], capsys)
    assert_clean_error(code, out, err, 2, ("writing record 3 failed", "No space left", "2 complete records kept"))
    assert "2 records written" in out and "side 0" in out
    assert sorted(p.name for p in (scratch / "full").iterdir()) == [
        "horse-race-2i-random-seed0-00001.json", "horse-race-2i-random-seed0-00002.json"]


@pytest.mark.parametrize("command", ["layout", "replay", "simulate"])
def test_every_option_says_its_default(command: str) -> None:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, __import__("argparse")._SubParsersAction))
    for action in sub.choices[command]._actions:
        if action.option_strings and action.dest != "help":
            assert action.help and ("default" in action.help or "required" in action.help), action.option_strings
