"""The README is a test: every ``dominolab`` command in its code blocks runs and exits 0.

The commands run in order, in one temporary directory (so a command may use a
file an earlier one wrote, e.g. ``simulate --record-dir`` then ``replay``), with
the installed ``dominolab`` script of this environment on PATH. Shell syntax
of the README lines (quotes, ``>`` redirection, ``# comments``) is honoured.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
BIN = Path(sys.executable).parent


def readme_commands(text: str) -> list[str]:
    """The ``dominolab ...`` lines of the fenced code blocks, in order."""
    commands = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, flags=re.S | re.M):
        for line in block.splitlines():
            line = line.strip().removeprefix("$ ")
            if line.startswith(("dominolab ", ".venv/bin/dominolab ")) or line == "dominolab":
                commands.append(line)
    return commands


def test_readme_has_commands():
    commands = readme_commands(README.read_text(encoding="utf-8"))
    assert len(commands) >= 4
    assert {c.split()[1] for c in commands} >= {"layout", "check", "replay", "simulate"}


@pytest.mark.slow
def test_readme_commands_run(tmp_path):
    assert shutil.which("dominolab", path=str(BIN)), f"no dominolab script in {BIN} (install the package)"
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    for command in readme_commands(README.read_text(encoding="utf-8")):
        command = command.removeprefix(".venv/bin/")
        proc = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=300)
        assert proc.returncode == 0, f"README command failed ({proc.returncode}): {command}\n{proc.stderr[-2000:]}"
