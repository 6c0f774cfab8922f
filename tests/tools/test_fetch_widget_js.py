"""tools/book/fetch_widget_js.py patches ajv in the fetched embed-amd.js only where it knows the file."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tools.book import fetch_widget_js as fetch

ROOT = Path(__file__).resolve().parents[2]


def _fake(tmp_path: Path, data: bytes, monkeypatch) -> Path:
    """A small stand-in for embed-amd.js, registered as version 0.0.0 with its checksums."""
    patched = data
    for original, replacement in fetch.EMBED_PATCHES:
        patched = patched.replace(original, replacement)
    monkeypatch.setitem(fetch.EMBED_SHA256, "0.0.0",
                        (hashlib.sha256(data).hexdigest(), hashlib.sha256(patched).hexdigest()))
    path = tmp_path / "embed-amd.js"
    path.write_bytes(data)
    return path


def test_the_known_file_is_patched_once(tmp_path, monkeypatch):
    data = b"x;" + b";".join(original for original, _ in fetch.EMBED_PATCHES) + b";y"
    path = _fake(tmp_path, data, monkeypatch)
    assert fetch.patch_embed(path, "0.0.0") is True
    text = path.read_bytes()
    assert text.count(b"allowUnionTypes:!0") == len(fetch.EMBED_PATCHES)
    assert fetch.patch_embed(path, "0.0.0") is False           # already patched: unchanged
    assert path.read_bytes() == text


def test_another_file_or_version_fails_loudly(tmp_path, monkeypatch):
    data = b";".join(original for original, _ in fetch.EMBED_PATCHES)
    path = _fake(tmp_path, data, monkeypatch)
    path.write_bytes(data + b" changed upstream")
    with pytest.raises(SystemExit, match="not the file the patch was made for"):
        fetch.patch_embed(path, "0.0.0")
    with pytest.raises(SystemExit, match="no checked patch"):
        fetch.patch_embed(path, "9.9.9")


def test_the_fetched_file_is_the_patched_one():
    """The checked-in checksums belong to the pinned version, and a fetched lib/ is patched."""
    assert fetch.HTML_MANAGER_VERSION in fetch.EMBED_SHA256
    lib = ROOT / "book" / "_widgetjs" / "lib" / "embed-amd.js"
    if not lib.is_file():
        pytest.skip("no fetched widget JavaScript (tools/book/fetch_widget_js.py)")
    digest = hashlib.sha256(lib.read_bytes()).hexdigest()
    assert digest == fetch.EMBED_SHA256[fetch.HTML_MANAGER_VERSION][1]
