"""Publishing and offline, without a browser (issue 33): ``tools/book/offline_site.py`` lists every file
of a build with its hash in ``sw.js``; ``tools/book/publish.py`` (``make publish DEST=…``) writes a
complete folder or nothing and refuses a DEST it must not touch; the forge workflow runs only
``make`` targets; the manifest names icons that exist; the README says how to publish.

The browser checks of the published folder (sub-path, offline) are in tests/browser/test_browser_offline.py.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from tools.book import offline_site, publish

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("dominolab_offline", ROOT / "book" / "_ext" / "dominolab_offline.py")
assert _spec is not None and _spec.loader is not None
dominolab_offline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(dominolab_offline)

WIDGETJS = ROOT / "book" / "_widgetjs"


def _site(tmp_path: Path) -> Path:
    """A small built site: pages, a static asset, an engine file, a lite/ app, hidden build files."""
    build = tmp_path / "build" / "_build" / "html"
    for rel, text in {"index.html": "<p>Start</p>", "book/kapitel.html": "<p>Kapitel</p>",
                      "_static/readable.js": "// js", "_static/sw.js": "// the template's copy",
                      "_static/pyodide/pyodide.asm.wasm": "\0asm", "lite/index.html": "lite",
                      ".buildinfo": "x", "objects.inv": "inv"}.items():
        (build / rel).parent.mkdir(parents=True, exist_ok=True)
        (build / rel).write_text(text, encoding="utf-8")
    offline_site.write(build)
    return build


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tools", "publish", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_the_worker_lists_every_file_with_its_hash(tmp_path):
    build = _site(tmp_path)
    manifest = offline_site.read(build)
    files = manifest["files"]
    assert sorted(files) == ["_static/pyodide/pyodide.asm.wasm", "_static/readable.js", "book/kapitel.html", "index.html"]
    assert files["index.html"] == offline_site.file_hash(build / "index.html")
    assert not (build / "_static" / "sw.js").exists()
    worker = (build / "sw.js").read_text(encoding="utf-8")
    assert worker.split("\n", 1)[1] == (WIDGETJS / "sw.js").read_text(encoding="utf-8")
    # a new build (one file changed) is a new version; the same files are the same version
    version = manifest["version"]
    assert offline_site.write(build)["version"] == version
    (build / "book" / "kapitel.html").write_text("<p>Kapitel, neu</p>", encoding="utf-8")
    assert offline_site.write(build)["version"] != version


def test_publish_writes_a_complete_folder_and_replaces_an_earlier_one(tmp_path):
    build = _site(tmp_path)
    dest = tmp_path / "out" / "site"
    done = _run(str(dest), "--html", str(build))
    assert done.returncode == 0, done.stderr
    assert (dest / "index.html").read_text(encoding="utf-8") == "<p>Start</p>"
    assert (dest / ".nojekyll").is_file() and (dest / publish.MARK).is_file()
    assert not (dest / ".buildinfo").exists()
    assert offline_site.read(dest) == offline_site.read(build)
    # a second publish replaces the first: a file left there by hand is gone, no temporary folder stays
    (dest / "stale.html").write_text("alt", encoding="utf-8")
    (build / "index.html").write_text("<p>Start, neu</p>", encoding="utf-8")
    offline_site.write(build)
    done = _run(str(dest), "--html", str(build))
    assert done.returncode == 0, done.stderr
    assert not (dest / "stale.html").exists()
    assert (dest / "index.html").read_text(encoding="utf-8") == "<p>Start, neu</p>"
    assert sorted(p.name for p in dest.parent.iterdir()) == ["site"]


def test_a_build_that_does_not_match_its_list_leaves_dest_as_it_was(tmp_path):
    build = _site(tmp_path)
    dest = tmp_path / "site"
    assert _run(str(dest), "--html", str(build)).returncode == 0
    before = {p.relative_to(dest): p.read_bytes() for p in dest.rglob("*") if p.is_file()}
    (build / "book" / "kapitel.html").write_text("changed after the list was written", encoding="utf-8")
    done = _run(str(dest), "--html", str(build))
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "changed while it was copied" in done.stderr
    assert {p.relative_to(dest): p.read_bytes() for p in dest.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "site"]


@pytest.mark.parametrize("case", ["repository", "parent-of-repository", "file", "foreign-folder", "inside-build",
                                  "no-worker", "no-build"])
def test_publish_refuses_with_one_line(tmp_path, case):
    build = _site(tmp_path)
    dest = tmp_path / "dest"
    if case == "repository":
        dest = ROOT
    elif case == "parent-of-repository":
        dest = ROOT.parent
    elif case == "file":
        dest.write_text("not a folder", encoding="utf-8")
    elif case == "foreign-folder":
        dest.mkdir()
        (dest / "notes.txt").write_text("mine", encoding="utf-8")
    elif case == "inside-build":
        dest = build / "published"
    elif case == "no-worker":
        (build / "sw.js").unlink()
    elif case == "no-build":
        build = tmp_path / "nothing"
    snapshot = sorted(str(p) for p in tmp_path.rglob("*"))
    done = _run(str(dest), "--html", str(build))
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith("publish: error: ") and done.stderr.count("\n") == 1, done.stderr
    assert sorted(str(p) for p in tmp_path.rglob("*")) == snapshot


def test_make_publish_needs_dest_and_runs_the_script_after_the_book():
    done = subprocess.run(["make", "--no-print-directory", "publish"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "publish: error: no DEST given" in done.stderr
    plan = subprocess.run(["make", "-n", "--no-print-directory", "publish", "DEST=out"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60).stdout
    assert "-m tools publish" in plan and plan.index("book") < plan.index("-m tools publish")


def test_the_pages_workflow_builds_with_make_publish_and_deploys_that_folder():
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    assert flow[True]["push"]["branches"] == ["main"]          # YAML reads the key "on" as True
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build = flow["jobs"]["build"]["steps"]
    runs = [s["run"] for s in build if "run" in s]
    assert runs == ["make publish DEST=_site"]                  # everything it runs is a tested make target
    upload = next(s for s in build if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
    workdir = next(s for s in build if "run" in s)["working-directory"]
    assert upload["with"]["path"] == f"{workdir}/_site"
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert any(s.get("uses", "").startswith("actions/deploy-pages@") for s in deploy["steps"])


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_names_a_german_app_with_icons_that_exist():
    manifest = json.loads((WIDGETJS / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["lang"] == "de" and manifest["name"].startswith("dominolab") and "Domino" in manifest["name"]
    assert manifest["display"] == "standalone" and manifest["start_url"] == "../index.html" and manifest["scope"] == "../"
    sizes = set()
    for icon in manifest["icons"]:
        path = WIDGETJS / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            width, height = _png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes
    assert manifest["theme_color"] == dominolab_offline.THEME_COLOUR


def test_the_readme_says_how_to_publish():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Publishing", 1)[1].split("\n## ", 1)[0]
    for needed in ("make publish DEST=", ".github/workflows/pages.yml", "application/wasm", "Content-Encoding",
                   "Cache-Control", "sub-path", "not run here"):
        assert needed in section, needed


# -- hostile DEST values and Ctrl-C (issue 42) -------------------------------------------------

def _entries(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


@pytest.mark.parametrize("dest, needle", [
    ("--help", "DEST '--help' begins with '-', like an option; to publish into a folder of that name write ./--help"),
    ("-", "DEST '-' begins with '-'"),
    ("", "no DEST given, or an empty one"),
    ("  ", "no DEST given, or an empty one"),
])
def test_publish_refuses_an_option_like_or_empty_dest_in_one_line(tmp_path, dest, needle):
    """``make publish DEST=--help`` (the Makefile passes ``-- "$(DEST)"``) neither prints help and exits 0 nor
    publishes into a folder called --help: it is refused, and ``./--help`` is the way to mean that folder."""
    build = _site(tmp_path)
    before = _entries(tmp_path)
    done = subprocess.run([sys.executable, "-m", "tools", "publish", "--html", str(build), "--", dest], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (done.returncode, done.stdout) == (2, ""), done
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("publish: error: ") and needle in done.stderr
    assert "usage:" not in done.stderr and _entries(tmp_path) == before


def test_publish_into_a_folder_named_like_an_option_with_dot_slash(tmp_path):
    build = _site(tmp_path)
    done = subprocess.run([sys.executable, "-m", "tools", "publish", "--html", str(build), "--", "./--help"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "--help" / publish.MARK).is_file()


@pytest.mark.parametrize("depth", [1, 3])
def test_a_very_long_dest_is_one_short_line_and_leaves_nothing(tmp_path, depth):
    """A name too long for the file system: one line of at most 300 characters with the path shortened as the
    command line shortens it (its length named), exit 2, and no folder made on the way left behind."""
    build = _site(tmp_path)
    dest = tmp_path.joinpath(*[c * 250 for c in "xyz"[:depth]]) if depth > 1 else tmp_path / ("x" * 300)
    before = _entries(tmp_path)
    done = _run(str(dest), "--html", str(build))
    assert done.returncode == 2, done
    line = done.stderr
    assert line.count("\n") == 1 and len(line) <= 301 and "characters)" in line and "is unchanged" in line, line
    assert _entries(tmp_path) == before


def test_a_control_character_in_dest_reaches_no_terminal(tmp_path):
    build = _site(tmp_path)
    done = subprocess.run([sys.executable, "-m", "tools", "publish", "--html", str(build), "--", "a\x1b[2Jb"],
                          cwd=tmp_path, capture_output=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and b"\x1b" not in done.stdout + done.stderr and b"a\\u001b[2Jb" in done.stdout


@pytest.mark.slow
def test_ctrl_c_while_publishing_is_exit_130_without_a_traceback(tmp_path):
    """SIGINT once the new folder is being written: one line, exit 130, the earlier publish folder untouched
    and no temporary folder left."""
    build = _site(tmp_path)
    for i in range(1500):
        (build / "book" / f"p{i}.html").write_bytes(bytes(range(256)) * 16)
    offline_site.write(build)
    dest = tmp_path / "site"
    assert _run(str(dest), "--html", str(build)).returncode == 0
    (build / "index.html").write_text("<p>neu</p>", encoding="utf-8")
    offline_site.write(build)
    before = {p.relative_to(dest): p.read_bytes() for p in dest.rglob("*") if p.is_file()}
    proc = subprocess.Popen([sys.executable, "-m", "tools", "publish", "--html", str(build), "--", str(dest)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith(".site.new-") for p in tmp_path.iterdir()) and proc.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.002)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    if proc.returncode == 0:
        pytest.skip("the copy finished before the signal arrived")      # a very fast disk: nothing to test
    assert proc.returncode == 130, err
    assert "Traceback" not in err and err.strip().splitlines() == ["tools publish: interrupted; nothing was replaced"]
    assert {p.relative_to(dest): p.read_bytes() for p in dest.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build", "site"]
