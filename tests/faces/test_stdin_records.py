"""``replay -`` and ``review -`` with standard input closed, empty or unreadable (issue 42): one line, exit 2,
never "internal error" (exit 70). Each case starts ``python -m dominolab`` from a shell, the only way to
start it with descriptor 0 closed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from clikit import assert_clean_error, cli_env

pytestmark = pytest.mark.slow          # each case starts python -m dominolab

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "horse-race-2i-random-seed1.record.json"


def _shell(command: str, redirect: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", "-c", f'exec "$0" -m dominolab {command} {redirect}', sys.executable],
                          capture_output=True, text=True, env=cli_env(), cwd=tmp_path, timeout=120)


@pytest.mark.parametrize("command", ["replay -", "review - --quiet"])
@pytest.mark.parametrize("redirect, needle", [
    ("<&-", "<stdin>: standard input is closed; name a record file instead of '-'"),
    ("0<&-", "<stdin>: standard input is closed"),
    ("</dev/null", "<stdin>: empty input, not a record"),
    ("0>written", "<stdin>: cannot read standard input: Bad file descriptor"),
])
def test_a_closed_or_empty_stdin_is_one_line_and_exit_2(command: str, redirect: str, needle: str,
                                                        tmp_path: Path) -> None:
    done = _shell(command, redirect, tmp_path)
    assert_clean_error(done.returncode, done.stdout, done.stderr, 2, (needle,))
    assert "internal error" not in done.stderr


def test_a_record_on_stdin_is_still_replayed(tmp_path: Path) -> None:
    done = _shell("replay -", f"<{GOLDEN}", tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("<stdin>: consistent with the rules of"), done
