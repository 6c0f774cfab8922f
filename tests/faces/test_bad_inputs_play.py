"""Bad input to ``dominolab play`` (issue 18): a typing mistake never ends the game.

Surface: the terminal game (``dominolab/play/terminal.py`` over ``dominolab/play/session.py``)
and the options of ``dominolab play``. Every case runs ``python -m dominolab play`` in a
subprocess with a user's shell environment (``PYTHONUNBUFFERED`` removed) inside a scratch
folder and asserts:

* typed lines (``²``, ``³`` - AltGr+2/3 on a German keyboard -, other Unicode digits, a
  5,000-digit number, huge and negative move numbers, empty lines, junk): one message, the
  game goes on to the next line (``q`` then quits cleanly), exit 0, nothing on stderr, and
  the record is written and loads;
* the record is written whatever ends the game: ``q``, end of input, a closed standard
  input, Ctrl-C;
* bad options: exit 2, one ``dominolab: error:`` line of at most 300 characters naming the
  option, no traceback, the scratch folder unchanged; the bounds are the same as on the
  other commands and named in ``--help``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from clikit import cli_env, run_dominolab, tree_snapshot

from dominolab.core.record import load_record, replay

pytestmark = pytest.mark.slow          # each case starts python -m dominolab (about a second)

ROOT = Path(__file__).resolve().parents[2]
PLAY = ["play", "--game", "horse-race", "--players", "2", "--seed", "1", "--bots", "random", "--lang", "en",
        "--think", "2"]


def _run(args: list[str], cwd: Path, stdin: bytes | None = b"") -> subprocess.CompletedProcess[bytes]:
    return run_dominolab(args, cwd, input=stdin)


_snapshot = tree_snapshot


def _assert_record(path: Path) -> None:
    assert path.is_file(), "no record written"
    replay(load_record(path))               # a valid record of the match so far


# -- typed lines: one message, then the game goes on ------------------------------------------------

TYPED: list[tuple[str, str, str]] = [
    # (id, the line typed, words of the message)
    ("superscript-two", "²", "no move"),
    ("superscript-three", "³", "no move"),
    ("superscript-one", "¹", "no move"),
    ("arabic-indic-three", "٣", "no move"),
    ("devanagari-five", "५", "no move"),
    ("fullwidth-one", "１", "no move"),
    ("circled-one", "①", "no move"),
    ("vulgar-half", "½", "no move"),
    ("roman-eight", "Ⅷ", "no move"),
    ("math-bold-one", "𝟏", "no move"),
    ("digits-5000", "9" * 5000, "no move"),
    ("digits-4300-plus", "1" * 4301, "no move"),
    ("negative-one", "-1", "no move"),
    ("negative-5000-digits", "-" + "9" * 5000, "no move"),
    ("plus-one", "+1", "no move"),
    ("zero", "0", "no move"),
    ("leading-zeros", "0000000000000000000000001", "no move"),
    ("huge-move-number", "99999", "no move"),
    ("move-number-too-big", "999", "no move"),
    ("two-to-the-64", str(2**64), "no move"),
    ("empty-line", "", "enter a move number"),
    ("blank-line", "    ", "enter a move number"),
    ("tab", "\t", "enter a move number"),
    ("float", "1.0", "not a move"),
    ("exponent", "1e3", "not a move"),
    ("hex", "0x1", "not a move"),
    ("two-numbers", "1 2", "not a move"),
    ("junk-word", "banana", "not a move"),
    ("junk-long", "x" * 100_000, "characters"),
    ("nul", "\x00", "not a move"),
    ("escape-sequence", "\x1b[A", "not a move"),
    ("umlaut", "zug ä", "not a move"),
    ("emoji-domino", "🁣", "not a move"),
    ("tile-off-the-set", "[9|9]", "not a"),
    ("tile-superscript-pip", "[²|1]", "not a"),
    ("double-at", "[1|1]@@", "'@'"),
    ("draw-draw", "draw draw", "not a move"),
    ("quit-twice", "q q", "not a move"),
    ("hint-letter-twice", "hh", "not a move"),
    ("placement-unknown-point", "[1|4]@[4|4].Z", "not a"),
    ("surrogate-bytes", "\udcff", "not a move"),
]


@pytest.mark.parametrize("typed,needle", [c[1:] for c in TYPED], ids=[c[0] for c in TYPED])
def test_a_typing_mistake_is_a_message_and_the_game_goes_on(typed: str, needle: str, tmp_path: Path) -> None:
    done = _run(PLAY + ["--record", "game.json"], tmp_path,
                stdin=typed.encode("utf-8", "surrogateescape") + b"\nq\n")
    out, err = done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, err
    assert err == "" and "Traceback" not in out
    assert "quit: the match is not finished" in out          # the game went on to the next line
    assert "internal error" not in out
    assert needle in out, out[-600:]
    assert all(len(line) <= 400 for line in out.splitlines() if needle in line)   # one short message
    _assert_record(tmp_path / "game.json")


def test_invalid_utf8_bytes_are_a_message_too(tmp_path: Path) -> None:
    done = _run(PLAY + ["--record", "game.json"], tmp_path, stdin=b"\xff\xfe\xa0\nq\n")
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode == 0 and done.stderr == b""
    assert "not a move" in out and "quit: the match is not finished" in out
    _assert_record(tmp_path / "game.json")


def test_many_mistakes_in_a_row_then_a_real_move(tmp_path: Path) -> None:
    lines = [t for _, t, _ in TYPED if "\x00" not in t] + ["1", "q"]
    done = _run(PLAY + ["--record", "game.json"], tmp_path, stdin="\n".join(lines).encode("utf-8", "surrogateescape"))
    assert done.returncode == 0 and done.stderr == b""
    _assert_record(tmp_path / "game.json")
    match = replay(load_record(tmp_path / "game.json"))
    assert sum(len(r.events) for r in match.rounds) >= 1


# -- whatever ends the game, the record is written -------------------------------------------------

ENDINGS: list[tuple[str, bytes | None, int, str]] = [
    ("quit", b"q\n", 0, "quit"),
    ("quit-after-a-move", b"1\nq\n", 0, "quit"),
    ("end-of-input", b"", 0, "end of input"),
    ("end-of-input-after-junk", "²\n³\n".encode(), 0, "end of input"),
    ("end-of-input-mid-line", b"1", 0, "end of input"),
    ("stdin-devnull", None, 0, "end of input"),
]


@pytest.mark.parametrize("stdin,code,needle", [c[1:] for c in ENDINGS], ids=[c[0] for c in ENDINGS])
def test_the_record_is_written_whatever_ends_the_game(stdin: bytes | None, code: int, needle: str,
                                                     tmp_path: Path) -> None:
    args = [sys.executable, "-m", "dominolab", *PLAY, "--record", "game.json"]
    if stdin is None:
        done = subprocess.run(args, stdin=subprocess.DEVNULL, cwd=tmp_path, env=cli_env(), capture_output=True,
                              timeout=120)
    else:
        done = subprocess.run(args, input=stdin, cwd=tmp_path, env=cli_env(), capture_output=True, timeout=120)
    assert done.returncode == code, done.stderr
    assert needle in done.stdout.decode() and "record written" in done.stdout.decode()
    _assert_record(tmp_path / "game.json")


def test_a_closed_standard_input_is_the_end_of_input(tmp_path: Path) -> None:
    done = subprocess.run(f"{sys.executable} -m dominolab {' '.join(PLAY)} --record game.json <&-", shell=True,
                          cwd=tmp_path, env=cli_env(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr
    _assert_record(tmp_path / "game.json")


def _wait_reading(pid: int, limit: float = 60) -> None:
    """Until the process sleeps in a read (or ``limit`` seconds): it has started and waits for input."""
    deadline = time.time() + limit
    time.sleep(2.0)                                   # past the imports
    while time.time() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().split(") ")[1].split()[0]
            wchan = Path(f"/proc/{pid}/wchan").read_text()
        except OSError:
            return
        if state == "S" and ("read" in wchan or "wait" in wchan or wchan in ("0", "")):
            time.sleep(0.5)
            return
        time.sleep(0.1)


def test_ctrl_c_writes_the_record_and_exits_130(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "dominolab", *PLAY, "--record", "game.json"], cwd=tmp_path,
                            env=cli_env(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _wait_reading(proc.pid)                       # the game waits for the person's first line
        started = time.time()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        took = time.time() - started
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert took < 3, took
    assert b"Traceback" not in err
    _assert_record(tmp_path / "game.json")


# -- bad options: one line, exit 2, nothing written ---------------------------------------------------

BASE = ["play", "--game", "horse-race", "--players", "2", "--bots", "random"]
OPTIONS: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("think-1e12", ["--think", "1e12"], ("--think", "60,000")),
    ("think-1e308", ["--think", "1e308"], ("--think", "60,000")),
    ("think-1e400", ["--think", "1e400"], ("--think",)),
    ("think-above-bound", ["--think", "60001"], ("--think", "60,000")),
    ("think-zero", ["--think", "0"], ("--think",)),
    ("think-negative", ["--think", "-1"], ("--think",)),
    ("think-nan", ["--think", "nan"], ("--think",)),
    ("think-inf", ["--think", "inf"], ("--think",)),
    ("think-empty", ["--think", ""], ("--think",)),
    ("think-5000-digits", ["--think", "9" * 5000], ("--think", "characters")),
    ("think-superscript", ["--think", "²"], ("--think",)),
    ("seed-negative", ["--seed", "-1"], ("--seed",)),
    ("seed-2-to-63", ["--seed", str(2**63)], ("--seed",)),
    ("seed-5000-digits", ["--seed", "1" * 5000], ("--seed", "characters")),
    ("seed-exponent", ["--seed", "1e3"], ("--seed",)),
    ("seed-arabic", ["--seed", "٣"], ("--seed",)),
    ("seed-superscript", ["--seed", "²"], ("--seed",)),
    ("seat-superscript", ["--seat", "²"], ("--seat",)),
    ("seat-5000-digits", ["--seat", "9" * 5000], ("--seat", "characters")),
    ("seat-too-big", ["--seat", "2"], ("--seat",)),
    ("seat-negative", ["--seat", "-1"], ("--seat",)),
    ("seat-float", ["--seat", "1.0"], ("--seat",)),
    ("bots-unknown", ["--bots", "clever"], ("clever",)),
    ("bots-empty", ["--bots", ""], ("bot",)),
    ("lang-unknown", ["--lang", "fr"], ("--lang",)),
    ("record-empty", ["--record", ""], ("--record",)),
    ("record-missing-folder", ["--record", "no/such/game.json"], ("--record",)),
    ("record-folder", ["--record", "sub"], ("--record", "sub")),
    ("record-foreign-file", ["--record", "notes.txt"], ("notes.txt", "--overwrite")),
    ("record-name-too-long", ["--record", "n" * 5000], ("--record",)),
]


@pytest.mark.parametrize("extra,needles", [c[1:] for c in OPTIONS], ids=[c[0] for c in OPTIONS])
def test_bad_options_are_one_line(extra: list[str], needles: tuple[str, ...], tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "notes.txt").write_text("my notes\n", encoding="utf-8")
    before = _snapshot(tmp_path)
    done = _run(BASE + extra, tmp_path, stdin=b"q\n")
    err = done.stderr.decode()
    assert done.returncode == 2, (done.returncode, err, done.stdout[-300:])
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dominolab: error: ") and len(lines[0]) <= 300, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    assert _snapshot(tmp_path) == before


def test_a_device_node_is_refused_by_name(tmp_path: Path) -> None:
    """--record onto a character device the test makes itself (never the system's)."""
    import stat

    node = tmp_path / "full"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except PermissionError:
        pytest.skip("making a device node needs root")
    done = _run(BASE + ["--record", str(node)], tmp_path, stdin=b"q\n")
    assert done.returncode == 2 and done.stderr.decode().count("\n") == 1
    assert stat.S_ISCHR(node.stat().st_mode)              # still the device, not a regular file


def test_play_help_names_the_bounds(tmp_path: Path) -> None:
    out = _run(["play", "--help"], tmp_path).stdout.decode()
    assert "60,000" in out and "2**63-1" in out
