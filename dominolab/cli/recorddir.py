"""Record folders of ``simulate`` and ``tournament``: names, and the checks before any match."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from dominolab.cli.common import os_reason, plural
from dominolab.core.errors import DominoError, shorten
from dominolab.core.rules import GameRules

#: Names of record files written by ``simulate`` (also those of older versions).
RECORD_NAME = re.compile(r".+-seed-?[0-9]+-[0-9]{5,}\.json")


def record_name(rules: GameRules, players: int, partnerships: bool, policy: str, seed: int, number: int) -> str:
    """``horse-race-2i-random-seed7-00001.json``: game, seating, policy, seed, match number."""
    return f"{rules.name}-{players}{'p' if partnerships else 'i'}-{policy}-seed{seed}-{number:05d}.json"


def prepare_record_dir(text: str, planned: Callable[[str], bool], overwrite: bool) -> tuple[Path, list[Path]]:
    """Check (and create) the record folder before any match is played.

    Returns the folder and the stale records to delete (``--overwrite``).
    Raises a one-line :class:`DominoError` for every foreseeable problem; a
    folder created here is removed again when a later check fails.
    """
    shown = shorten(text, 60) if len(text) > 60 else repr(text)
    if not text.strip():
        raise DominoError("--record-dir: empty folder name (give a folder, e.g. --record-dir records)")
    if "\0" in text:
        raise DominoError(f"--record-dir {shown}: a file name cannot contain a NUL character")
    folder = Path(text)
    created: list[Path] = []
    try:
        missing = []
        probe = folder
        while not probe.exists():
            if probe.is_symlink():
                raise DominoError(f"--record-dir {shown}: {probe} is a broken symbolic link")
            missing.append(probe)
            if probe.parent == probe:
                break
            probe = probe.parent
        if probe.exists() and not probe.is_dir():
            what = "the folder name" if probe == folder else f"its parent {probe}"
            raise DominoError(f"--record-dir {shown}: {what} exists and is not a folder")
        for new in reversed(missing):
            try:
                new.mkdir()
            except OSError as exc:
                raise DominoError(f"--record-dir {shown}: cannot create the folder {new}: "
                                  f"{exc.strerror or type(exc).__name__}") from None
            created.append(new)
        fd_path = folder / f".dominolab-write-test-{os.getpid()}"
        with open(fd_path, "x", encoding="utf-8"):
            pass
        fd_path.unlink()
        stale, clash = [], []
        for entry in folder.iterdir():
            if planned(entry.name) and (entry.is_dir() or not entry.is_file()):
                clash.append(entry)
            elif not planned(entry.name) and RECORD_NAME.fullmatch(entry.name):
                stale.append(entry)
        if clash:
            raise DominoError(f"--record-dir {shown}: {clash[0].name} is in the way (a folder or special file "
                              f"where a record goes); move it away")
        if stale and not overwrite:
            stale.sort()
            raise DominoError(f"--record-dir {shown}: already holds {plural(len(stale), 'record')} of another run "
                              f"(e.g. {stale[0].name}); add --overwrite to replace them, or choose an empty folder")
        return folder, stale
    except (DominoError, OSError) as exc:
        for new in reversed(created):
            try:
                new.rmdir()
            except OSError:
                pass
        if isinstance(exc, DominoError):
            raise
        raise DominoError(f"--record-dir {shown}: {os_reason(exc)}") from None

