"""Pictures as files, for the command line (``dominolab layout --svg/--png``,
``dominolab replay --svg DIR``).

Everything is drawn in memory first and then written atomically (a temporary
file beside the target, renamed into place), so a failure leaves no half
written file and no file changed. SVG comes from the light writer
(:mod:`dominolab.pictures.svg`, no third-party package); PNG needs Matplotlib
(:mod:`dominolab.pictures.drawing`).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Sequence

from dominolab.core.errors import DominoError, shorten
from dominolab.core.layout import Layout
from dominolab.pictures.picture import Picture, layout_picture, round_picture, settlement_picture, stack

__all__ = ["layout_files", "round_files", "write_files"]


def _shown(path: str | Path) -> str:
    text = str(path)
    return text if len(text) <= 80 else shorten(text, 80)


def _quiet_matplotlib_config() -> None:
    """Give Matplotlib a writable configuration folder before it is imported.

    Without one (``HOME`` missing or read-only) Matplotlib makes a temporary folder
    itself and prints a long warning on stderr; the command's output is one line or none.
    """
    if os.environ.get("MPLCONFIGDIR") or "matplotlib" in sys.modules:
        return
    folder = Path(os.environ.get("XDG_CONFIG_HOME") or Path(os.path.expanduser("~")) / ".config") / "matplotlib"
    try:                                   # what Matplotlib would do: make its folder and write there
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        os.environ["MPLCONFIGDIR"] = tempfile.mkdtemp(prefix="dominolab-matplotlib-")


def _png(pic: Picture, option: str) -> bytes:
    _quiet_matplotlib_config()
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise DominoError(f"{option} needs Matplotlib, which is not installed "
                          "(pip install matplotlib, or use --svg)") from None
    from dominolab.pictures import drawing

    return drawing.figure_png(drawing.figure(pic))


def layout_files(layout: Layout, rules: Any, *, svg_path: str | None = None, png_path: str | None = None,
                 lang: str = "de") -> dict[Path, bytes]:
    """The picture of the final layout as the requested files (path -> bytes), not yet written."""
    from dominolab.pictures import svg

    pic = layout_picture(layout, rules=rules, lang=lang)
    out: dict[Path, bytes] = {}
    if svg_path is not None:
        out[Path(svg_path)] = svg.write(pic, lang=lang).encode("utf-8")
    if png_path is not None:
        out[Path(png_path)] = _png(pic, "--png")
    return out


def round_files(match: Any, folder: str | Path, *, prefix: str = "", lang: str = "de") -> dict[Path, bytes]:
    """One SVG per round end of a match (``round-01.svg``, ...): the layout,
    the hands left, the score track; for a pip settlement also its account."""
    from dominolab.pictures import svg
    from dominolab.core.engine import SettleEvent

    folder = Path(folder)
    out: dict[Path, bytes] = {}
    from dominolab.text.words import words

    w = words(lang).picture
    for rnd in match.rounds:
        title = f"{w.round} {rnd.number}: {w.end}"
        pic = round_picture(rnd, title=title, hands=True, track=True, lang=lang)
        settled = [e for e in rnd.events if isinstance(e, SettleEvent)]
        if settled and rnd.settlement is not None:
            account = settlement_picture(rnd.settlement, rnd.hands, rnd.seating, lang, scores=settled[-1].scores)
            pic = stack([pic, account], title=title, desc=f"{pic.desc} {account.desc}", gap=0.8)
        out[folder / f"{prefix}round-{rnd.number:02d}.svg"] = svg.write(pic, lang=lang).encode("utf-8")
    return out


def _check_target(path: Path, option: str) -> None:
    if path.exists() and not path.is_file():
        raise DominoError(f"{option} {_shown(path)}: exists and is not a file")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise DominoError(f"{option} {_shown(path)}: the folder {_shown(parent)} does not exist")
    if not os.access(parent, os.W_OK):
        raise DominoError(f"{option} {_shown(path)}: the folder {_shown(parent)} is not writable")


def write_files(files: dict[Path, bytes], option: str, *, make_folder: Path | None = None) -> None:
    """Write every file atomically; check all targets first, so an error writes nothing.

    ``make_folder`` is created (with its parents) when missing and removed
    again if writing fails.
    """
    created: list[Path] = []
    if make_folder is not None:
        if make_folder.exists() and not make_folder.is_dir():
            raise DominoError(f"{option} {_shown(make_folder)}: exists and is not a folder")
        probe = make_folder
        missing = []
        while not probe.exists():
            missing.append(probe)
            probe = probe.parent
        for new in reversed(missing):
            try:
                new.mkdir()
            except OSError as exc:
                _remove(created)
                raise DominoError(f"{option} {_shown(make_folder)}: cannot create the folder "
                                  f"({exc.strerror or type(exc).__name__})") from None
            created.append(new)
    temps: list[tuple[str, Path]] = []
    try:
        for path in files:
            _check_target(path, option)
        for path, data in files.items():
            fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            temps.append((temp, path))
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.chmod(temp, 0o666 & ~_umask())  # mkstemp makes 0600; a picture is an ordinary file
        for temp, path in temps:
            os.replace(temp, path)
    except BaseException as exc:
        for temp, _ in temps:
            try:
                os.unlink(temp)
            except OSError:
                pass
        _remove(created)
        if isinstance(exc, OSError):
            raise DominoError(f"{option}: cannot write {_shown(exc.filename or '')}: "
                              f"{exc.strerror or type(exc).__name__}") from None
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove(folders: Sequence[Path]) -> None:
    for folder in reversed(folders):
        try:
            folder.rmdir()
        except OSError:
            pass
