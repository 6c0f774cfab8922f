"""What the command-line tests share: the environment of a ``python -m dominolab`` child process,
how it is started, snapshots of a folder tree to prove that a refused command left every file exactly
as it was (``tree_snapshot``; ``snapshot`` adds sizes, times and links), and what a clean error is.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def cli_env() -> dict[str, str]:
    """This environment, with the repository importable and output buffered as a user's would be."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def run_dominolab(args: list[str], cwd: Path, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """``python -m dominolab ARGS`` in ``cwd`` (stdout and stderr captured; ``kwargs`` go to subprocess.run)."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    kwargs.setdefault("timeout", 120)
    return subprocess.run([sys.executable, "-m", "dominolab", *args], cwd=cwd, env=cli_env(), **kwargs)


def tree_snapshot(root: Path) -> dict[str, tuple[object, ...]]:
    """Every path under ``root``: a folder, a regular file with the hash of its bytes, or something special."""
    out: dict[str, tuple[object, ...]] = {}
    for path in sorted(root.rglob("*")):
        rel = str(path.relative_to(root))
        if path.is_dir():
            out[rel] = ("dir",)
        elif path.is_file():
            out[rel] = ("file", hashlib.sha256(path.read_bytes()).hexdigest())
        else:
            out[rel] = ("special",)
    return out


def snapshot(root: Path) -> dict[str, Any]:
    """Every entry under ``root``: kind, size, content digest, modification time."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath, name)
            rel = str(path.relative_to(root))
            if path.is_symlink():
                out[rel] = ("link", os.readlink(path))
            elif path.is_dir():
                out[rel] = ("dir",)
            else:
                st = path.stat()
                out[rel] = ("file", st.st_size, st.st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest())
    return out


def assert_clean_error(code: int, out: str, err: str, expected_code: int, needles: tuple[str, ...]) -> None:
    assert code == expected_code, (code, out, err)
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("dominolab: error: "), err
    assert len(lines[0]) <= 300, len(lines[0])
    assert "Traceback" not in out + err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
