"""The tests mirror the package's layers (tests/README.md): every test file lives in a layer's folder,
each folder is described in the README, names stay unique across folders (pytest imports test modules
by their base name), and no test imports a conftest (shared code is a named module such as reference.py)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
FOLDERS = {"core", "text", "play", "pictures", "lessons", "verify", "faces", "browser", "tools"}
DATA = {"golden", "data"}
TEST_FILES = sorted(TESTS.rglob("test_*.py"))


def test_there_are_test_files_in_every_folder_and_none_beside_them() -> None:
    assert len(TEST_FILES) > 70
    flat = [p.name for p in TESTS.glob("test_*.py")]
    assert not flat, f"test files directly in tests/ (move each into its layer's folder, tests/README.md): {flat}"
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
    assert folders - DATA == FOLDERS, sorted(folders ^ (FOLDERS | DATA))
    for folder in FOLDERS:
        assert list((TESTS / folder).glob("test_*.py")), folder
    assert all(p.parent.parent == TESTS for p in TEST_FILES), [str(p) for p in TEST_FILES if p.parent.parent != TESTS]


def test_every_folder_is_described_in_the_readme() -> None:
    readme = (TESTS / "README.md").read_text(encoding="utf-8")
    described = set(re.findall(r"^\| `(\w+)/` \|", readme, flags=re.M))
    assert described == FOLDERS, sorted(described ^ FOLDERS)


def test_base_names_are_unique_and_no_package_markers() -> None:
    names = Counter(p.name for p in TESTS.rglob("*.py") if p.name != "conftest.py")
    assert [n for n, c in names.items() if c > 1] == []
    assert not list(TESTS.rglob("__init__.py"))


def test_no_test_imports_a_conftest_or_a_test_module_of_another_folder() -> None:
    problems = []
    for path in sorted(TESTS.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if re.search(r"^\s*(from conftest import|import conftest\b)", text, flags=re.M):
            problems.append(f"{path.relative_to(TESTS)} imports conftest (use reference.py)")
        for name in re.findall(r"^\s*(?:from (test_\w+) import|import (test_\w+))", text, flags=re.M):
            module = name[0] or name[1]
            if not (path.parent / f"{module}.py").is_file():
                problems.append(f"{path.relative_to(TESTS)} imports {module} from another folder")
    assert not problems, "\n".join(problems)
