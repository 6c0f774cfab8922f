"""The command line as a user's shell runs it: output that cannot be written, closed streams, any locale.

Every case runs ``python -m dominolab`` in a subprocess with the environment a shell gives
(``PYTHONUNBUFFERED`` removed: buffered output is what a user has, and what hides write errors
until exit). Device nodes are made by the test itself (never the system's ``/dev/full``).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow          # each case starts python -m dominolab (about a second)

ROOT = Path(__file__).resolve().parents[2]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _run(args: list[str], *, stdout: object = subprocess.PIPE, stdin: object = subprocess.DEVNULL,
         stderr: object = subprocess.PIPE, env: dict[str, str] | None = None, cwd: Path | None = None,
         pass_fds: tuple[int, ...] = ()) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "dominolab", *args], stdout=stdout, stdin=stdin, stderr=stderr,
                          env=env or _env(), cwd=cwd, timeout=120, pass_fds=pass_fds)


@pytest.fixture
def full_device(tmp_path: Path) -> Path:
    """A character device like /dev/full (1, 7), made here: every write fails with ENOSPC."""
    node = tmp_path / "full"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except PermissionError:
        pytest.skip("making a device node needs root (CI runs as root)")
    return node


LAYOUT = ["layout", "--game", "horse-race", "[1|4]", "[1|1]@[1|4].low", "[4|4]@[1|4].high"]
LONG = ["tournament", "--game", "horse-race", "--players", "2", "--bots", "random,greedy", "--matches", "3",
        "--json", "--quiet"]


@pytest.mark.parametrize("args", [LAYOUT, ["check"], LONG, ["--help"]],
                         ids=["layout", "check", "tournament-json", "help"])
def test_a_full_disk_is_an_error_line_not_silence(args: list[str], full_device: Path) -> None:
    with open(full_device, "wb") as out:
        done = _run(args, stdout=out)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err.count("\n") == 1 and err.startswith("dominolab: error: cannot write the output"), err
    assert "Exception ignored" not in err and "Traceback" not in err


@pytest.mark.parametrize("args", [LAYOUT, ["check"], LONG], ids=["layout", "check", "tournament-json"])
def test_a_closed_pipe_is_silence_and_exit_0(args: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)                      # nobody reads: like `dominolab ... | head -c0`
    try:
        done = _run(args, stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""


def _shell(command: str, cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    """``command`` in bash, with ``DL`` standing for ``python -m dominolab``."""
    return subprocess.run(["bash", "-c", command.replace("DL", f"'{sys.executable}' -m dominolab")], env=_env(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, timeout=120)


def test_closed_stderr_keeps_the_exit_code() -> None:
    """With no stderr to tell it on (``2>&-``), a missing file is still exit 2 (not 1)."""
    assert _shell("DL check nosuch.txt 2>&-").returncode == 2


TOURNAMENT = "DL tournament --game horse-race --players 2 --bots random,greedy --matches 3"


def test_tournament_json_to_a_closed_stdout_fails_before_playing(tmp_path: Path) -> None:
    """``>&-``: the results would be lost, so the run is refused as every output error is (one line, exit 2)."""
    done = _shell(f"{TOURNAMENT} --json --record-dir out >&-", cwd=tmp_path)
    err = done.stderr.decode()
    assert done.returncode == 2, err
    assert err == "dominolab: error: cannot write the output: standard output is closed\n", err
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.parametrize("redirect", ["2>&-", "2>/dev/null"], ids=["closed", "open"])
def test_tournament_with_a_closed_stderr_drops_the_progress_only(redirect: str, tmp_path: Path) -> None:
    """``2>&-``: the progress bar has nowhere to go and is dropped; results and records are not."""
    done = _shell(f"{TOURNAMENT} --record-dir out {redirect}", cwd=tmp_path)
    out = done.stdout.decode()
    assert done.returncode == 0, out
    assert "win rate" in out and "3 records written to out/" in out
    assert len(list((tmp_path / "out").glob("*.json"))) == 3


def test_tournament_with_stderr_to_a_pipe_nobody_reads() -> None:
    read, write = os.pipe()
    os.close(read)
    try:
        done = _run(LONG[:-2], stderr=write)
    finally:
        os.close(write)
    assert done.returncode == 0
    assert "win rate" in done.stdout.decode()


def test_closed_stdin_ends_play_cleanly(tmp_path: Path) -> None:
    """``<&-``: standard input closed is the end of input; the record is written."""
    done = _shell("DL play --game horse-race --players 2 --seed 1 --bots random --record game.json <&-", cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr
    assert (tmp_path / "game.json").is_file()


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_output_is_utf8_in_any_locale(encoding: str) -> None:
    done = _run(LAYOUT, env=_env(PYTHONIOENCODING=encoding, LC_ALL="C", LANG="C"))
    assert done.returncode == 0, done.stderr.decode()
    assert "Gewertete Beiträge: 2 + 8 = 10" in done.stdout.decode("utf-8")


def test_a_spaced_tile_names_the_argument_the_user_typed() -> None:
    done = _run(["layout", "--game", "horse-race", "[1 | 4]"])
    err = done.stderr.decode()
    assert done.returncode == 2
    assert "the argument '[1 | 4]'" in err and "without spaces" in err and err.count("\n") == 1


def test_png_with_no_home_prints_no_matplotlib_warning(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "layout.png"
    done = _run([*LAYOUT, "--png", str(out)], env=_env(HOME=str(tmp_path / "no" / "such" / "home"),
                                                        XDG_CONFIG_HOME="", MPLCONFIGDIR=""), cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# -- output files: never over anything but this program's own regular files ------------------------

@pytest.fixture
def null_device(tmp_path: Path) -> Path:
    node = tmp_path / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device node needs root (CI runs as root)")
    return node


PLAY = ["play", "--game", "horse-race", "--players", "2", "--seed", "1", "--bots", "random"]


@pytest.mark.parametrize("make, words", [
    ("device", "is not a regular file"),
    ("fifo", "is not a regular file"),
    ("folder", "is not a regular file"),
    ("notes", "is not a file this program wrote"),
    ("empty-name", "give a file name"),
    ("no-folder", "does not exist"),
], ids=["device", "fifo", "folder", "unrelated-file", "empty-name", "missing-folder"])
def test_play_record_refuses_what_is_not_its_own_file(make: str, words: str, tmp_path: Path,
                                                      request: pytest.FixtureRequest) -> None:
    target = {"device": lambda: request.getfixturevalue("null_device"),
              "fifo": lambda: (os.mkfifo(tmp_path / "fifo"), tmp_path / "fifo")[1],
              "folder": lambda: (tmp_path / "dir").mkdir() or tmp_path / "dir",
              "notes": lambda: ((tmp_path / "notes.txt").write_text("my notes\n"), tmp_path / "notes.txt")[1],
              "empty-name": lambda: "",
              "no-folder": lambda: tmp_path / "nope" / "game.json"}[make]()
    before = sorted(p.name for p in tmp_path.iterdir())
    done = _run([*PLAY, "--record", str(target)], stdin=subprocess.DEVNULL)
    err = done.stderr.decode()
    assert done.returncode == 2 and words in err and err.count("\n") == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    if make == "device":
        assert stat.S_ISCHR(os.stat(target).st_mode)          # still the device, not a file
    if make == "notes":
        assert (tmp_path / "notes.txt").read_text() == "my notes\n"


def test_play_record_replaces_its_own_record_and_with_overwrite_any_file(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    for _ in range(2):
        done = _run([*PLAY, "--record", str(game)])
        assert done.returncode == 0, done.stderr.decode()
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    done = _run([*PLAY, "--record", str(notes), "--overwrite"])
    assert done.returncode == 0, done.stderr.decode()
    assert '"dominolab.record/1"' in notes.read_text()


def test_write_record_never_replaces_a_device(null_device: Path) -> None:
    from dominolab.core.engine import Match
    from dominolab.core.errors import DominoError
    from dominolab.core.record import write_record

    with pytest.raises(DominoError, match="not a regular file"):
        write_record(Match("horse-race", 2, seed=1), null_device)
    assert stat.S_ISCHR(os.stat(null_device).st_mode)


def test_one_line_leaves_an_already_shortened_quote_alone() -> None:
    """A name errors.shorten already cut (``'…' (N characters)``) is not cut and counted a second time."""
    from dominolab.cli.common import one_line
    from dominolab.core.errors import shorten

    message = f"{shorten('/tmp/' + 'x' * 200, 60)}: not valid TOML: nested too deeply"
    assert one_line(message) == message and message.count("characters") == 1


@pytest.mark.parametrize("command", ["DL rules horse-race", "DL layout --game horse-race '[1|4]'", "DL --help",
                                     "DL simulate --game horse-race --players 2 --matches 2 --record-dir out"],
                         ids=["rules", "layout", "help", "simulate"])
def test_every_command_refuses_a_stdout_closed_at_the_start(command: str, tmp_path: Path) -> None:
    """``>&-`` before the start: one line and exit 2, nothing done (it was exit 70, or exit 0 with the
    output lost)."""
    done = _shell(f"{command} >&-", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.decode() == "dominolab: error: cannot write the output: standard output is closed\n"
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["DL simulate --game horse-race --players 2 --matches 3 --record-dir out",
                                     "DL rules horse-race"], ids=["simulate", "rules"])
def test_a_stderr_closed_at_the_start_costs_no_result(command: str, tmp_path: Path) -> None:
    """``2>&-``: progress bars have nowhere to go; the results and records are written, exit 0 (was 70)."""
    done = _shell(f"{command} 2>&-", cwd=tmp_path)
    assert done.returncode == 0
    out = done.stdout.decode()
    if "simulate" in command:
        assert "3 records written to out/" in out and len(list((tmp_path / "out").glob("*.json"))) == 3
    else:   # the same output as with standard error open
        assert out == _shell(f"{command} 2>/dev/null", cwd=tmp_path).stdout.decode() and "target = 61" in out
