"""mypy --strict over the dominolab package and the tools (configuration: pyproject.toml [tool.mypy]);
mypy's exit code passes through."""

from __future__ import annotations

import subprocess
import sys

from tools import ROOT


def main(argv: list[str]) -> int:
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", *argv], cwd=ROOT).returncode
