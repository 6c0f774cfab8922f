"""Every chapter a notebook (issue 29): the export of a book page to a plain notebook, and the built ones.

* The conversion of MyST-only markup ({glue:}, {term}, {doc}, {ref}, admonitions, labels) and the
  choice of build-only cells, on small inputs (no build needed).
* The built site (``_build/html`` or $DOMINOLAB_BOOK_HTML; skipped when not built): a downloadable
  notebook for every page of ``NOTEBOOK_PAGES`` with no MyST markup, no outputs and links that
  reach existing pages; the link line at each such chapter's end; the live copies in ``lite/``; no
  book page loads anything of the live notebooks.
* Both editions (issue 31): the English downloads in ``en/notebooks/`` with the page's catalogue
  applied (:func:`translate_markdown`), the English link line, one live app holding both.
* Every downloadable notebook executes top to bottom with nbclient in a fresh venv that holds only
  the site's own wheel and the ``notebook`` extra (tests/browser/test_notebooks_exec.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tools.browserkit import APP_FOLDERS, BUILD
from dominolab.book.notebook import (DOWNLOAD_FOLDER, EDITION_FOLDERS, LIVE_FOLDER, NOTEBOOK_PAGES, Links, export,
                                     is_build_only, link_line, markdown, translate_markdown)

LINKS = Links(docs={"book/hr-spinner": ("book/hr-spinner.html", "Doppelsteine"),
                    "book/spielen": ("book/spielen.html", "Spielen")},
              labels={"hr-seitenarme-oeffnen": ("book/hr-spinner.html#hr-seitenarme-oeffnen", "Seitenarme")},
              terms={"stein": "book/begriffe.html#term-Stein"})
VALUES = {"roh": {"data": {"text/plain": "5"}}, "sieger": {"data": {"text/plain": "'Spieler 1'",
                                                                    "text/markdown": "Spieler 1"}}}


def test_roles_become_plain_markdown_links_and_values():
    text = markdown("Ein {term}`Steine <Stein>` und {term}`stein`; je {glue:}`roh` Rohpunkte. "
                    "{glue:md}`sieger` gewinnt. Siehe {doc}`hr-spinner`, {doc}`im Browser <spielen>` und "
                    "{ref}`hr-seitenarme-oeffnen`.", LINKS, VALUES)
    assert text == ("Ein [Steine](../book/begriffe.html#term-Stein) und [stein](../book/begriffe.html#term-Stein); "
                    "je 5 Rohpunkte. Spieler 1 gewinnt. Siehe [Doppelsteine](../book/hr-spinner.html), "
                    "[im Browser](../book/spielen.html) und [Seitenarme](../book/hr-spinner.html#hr-seitenarme-oeffnen).")


def test_a_quotation_in_the_other_language_keeps_its_language():
    assert markdown("The document says: {de}`Das Spielen des letzten Steins beendet die Runde`.", LINKS, VALUES) == (
        'The document says: <span lang="de">Das Spielen des letzten Steins beendet die Runde</span>.')


def test_live_copies_keep_the_words_of_links():
    live = Links(LINKS.docs, LINKS.labels, LINKS.terms, plain=True)
    text = markdown("{doc}`hr-spinner`, {ref}`hr-seitenarme-oeffnen`, {term}`Steine <Stein>`", live, VALUES)
    assert text == "Doppelsteine, Seitenarme, Steine"


def test_admonitions_labels_and_comments():
    source = ("(hr-x)=\n# Titel\n% a comment\n\n:::{admonition} Auslegung: das {term}`Stein`-Los\n"
              ":class: note dominolab-auslegung\nErste Zeile\nmit {glue:}`roh`.\n:::\n\nDanach.")
    assert markdown(source, LINKS, VALUES) == (
        "# Titel\n\n> **Auslegung: das [Stein](../book/begriffe.html#term-Stein)-Los**\n>\n"
        "> Erste Zeile\n> mit 5.\n\nDanach.")


def test_unknown_markup_and_missing_values_fail_the_export():
    with pytest.raises(ValueError, match="directive"):
        markdown("```{figure} x.png\n```", LINKS, VALUES)
    with pytest.raises(ValueError, match="MyST markup left"):
        markdown("{abbr}`x`", LINKS, VALUES)
    with pytest.raises(KeyError):
        markdown("{glue:}`nirgends`", LINKS, VALUES)
    with pytest.raises(KeyError):
        markdown("{term}`Unbekannt`", LINKS, VALUES)


@pytest.mark.parametrize("source, build_only", [
    ("from myst_nb import glue\nglue('a', 1, display=False)\nfor k in (1, 2):\n    glue(f'b{k}', k)", True),
    ("assert 1 + 1 == 2", True),
    ("from dominolab.book.lessons import lesson_html\nlesson_html('hr-spinner')", True),
    ("from myst_nb import glue\nfrom dominolab import book\nglue('a', 1)", False),
    ("x = 1\nassert x", False),
    ("book.deal_table('horse-race')", False),
])
def test_build_only_cells(source, build_only):
    assert is_build_only(source) is build_only


def test_export_keeps_what_runs_and_drops_outputs():
    notebook = {"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "(p)=\n# Seite"},
        {"cell_type": "code", "metadata": {"tags": ["remove-cell"]}, "outputs": [{"output_type": "stream"}],
         "execution_count": 3, "source": "from myst_nb import glue\nfrom dominolab import book\nglue('roh', 5)"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": 4, "source": "assert True"},
        {"cell_type": "markdown", "metadata": {}, "source": "Je {glue:}`roh`."},
        {"cell_type": "code", "metadata": {"tags": ["remove-input"]}, "outputs": [{"output_type": "x"}],
         "execution_count": 5, "source": "book.deal_table('horse-race')"},
    ], "metadata": {"widgets": {}, "jupytext": {}}, "nbformat": 4, "nbformat_minor": 5}
    out = export(notebook, VALUES, LINKS, title_note="*Notiz*")
    sources = [c["source"] for c in out["cells"]]
    assert sources == ["# Seite\n\n*Notiz*", "from dominolab.book.notebook import setup\nsetup()",
                       "from dominolab.book.notebook import glue\nfrom dominolab import book\nglue('roh', 5)",
                       "Je 5.", "book.deal_table('horse-race')"]
    assert all(c.get("outputs", []) == [] and c.get("execution_count") is None for c in out["cells"])
    assert set(out["metadata"]) == {"kernelspec", "language_info"}


def test_live_copy_replaces_what_the_browser_cannot_run_by_a_note():
    notebook = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# Seite"},
                          {"cell_type": "code", "metadata": {}, "outputs": [], "source": "book.score_chart(hr)"}]}
    plain = export(notebook, VALUES, LINKS, title_note="")
    live = export(notebook, VALUES, LINKS, title_note="", live=True)
    assert plain["cells"][-1]["source"] == "book.score_chart(hr)"
    assert live["cells"][-1]["cell_type"] == "markdown" and "Matplotlib" in live["cells"][-1]["source"]


def test_link_line_is_relative_to_the_page():
    line = link_line("book/hr-spinner", 12)
    assert f'href="../{DOWNLOAD_FOLDER}/hr-spinner.ipynb" download' in line
    assert f'href="../{LIVE_FOLDER}/notebooks/index.html?path=hr-spinner.ipynb"' in line
    assert "Als Notebook herunterladen" in line and "Als Live-Notebook öffnen" in line
    assert "startet in etwa 12 s" in line


def test_the_english_link_line_names_the_english_notebooks():
    line = link_line("book/hr-spinner", 12, "en")
    assert f'href="../{DOWNLOAD_FOLDER}/hr-spinner.ipynb" download' in line   # en/notebooks/
    assert f'href="../../{LIVE_FOLDER}/notebooks/index.html?path=en/hr-spinner.ipynb"' in line   # the one app
    assert "Download as a notebook" in line and "Open as a live notebook" in line
    assert "starts in about 12 s" in line


def test_translate_markdown_replaces_each_message_and_keeps_the_rest():
    source = ("(hr-x)=\n# Titel\n\nEin Absatz\nüber zwei Zeilen.\n\n- **Punkt:** eins\n  weiter\n- zwei\n\n"
              "| A | B |\n|---|---|\n| c | d |\n\n```{admonition} Auslegung: X\n:class: tip\nInnen.\n```\n\n"
              "```\nCode bleibt\n```\n\nOhne Übersetzung.")
    words = {"Titel": "Title", "Ein Absatz über zwei Zeilen.": "A paragraph.", "**Punkt:** eins weiter": "**Point:** one",
             "A": "a", "d": "D", "Auslegung: X": "Interpretation: X", "Innen.": "Inside.", "Code bleibt": "no"}
    assert translate_markdown(source, words) == (
        "(hr-x)=\n# Title\n\nA paragraph.\n\n- **Point:** one\n- zwei\n\n| a | B |\n|---|---|\n| c | D |\n\n"
        "```{admonition} Interpretation: X\n:class: tip\nInside.\n```\n\n```\nCode bleibt\n```\n\nOhne Übersetzung.")


# -- the built site -------------------------------------------------------------------------------

def _built(rel: str) -> Path:
    path = BUILD / rel
    if not (BUILD / "book" / "intro.html").is_file():
        pytest.skip(f"no built book at {BUILD} (run python -m tools build first)")
    return path


@pytest.mark.parametrize("edition", list(EDITION_FOLDERS.values()))
@pytest.mark.parametrize("page", NOTEBOOK_PAGES)
def test_every_offered_page_has_a_plain_notebook_and_the_link_line(page, edition):
    path = _built(f"{edition}{DOWNLOAD_FOLDER}/{page}.ipynb")
    assert path.is_file(), f"{path} missing"
    notebook = json.loads(path.read_text(encoding="utf-8"))
    text = "\n".join(c["source"] for c in notebook["cells"])
    assert not re.search(r"\{(?:glue|term|doc|ref|admonition)[:}]|^:::|^\([\w-]+\)=$", text, re.M), page
    assert "myst_nb" not in text
    assert all(c["outputs"] == [] for c in notebook["cells"] if c["cell_type"] == "code")
    # every link reaches a file of the site, its anchor too
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if urlsplit(target).scheme:
            continue
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve()
        assert linked.is_file(), f"{page}: link to {target} finds nothing"
        if anchor:
            assert f'id="{anchor}"' in linked.read_text(encoding="utf-8"), f"{page}: no anchor {target}"
    html = (BUILD / edition / "book" / f"{page}.html").read_text(encoding="utf-8")
    assert html.count('class="dominolab-notebook-links"') == 1, page
    # at the chapter's very end: no paragraph of the article after it
    article = html.split('class="bd-article"', 1)[1].split("</article>", 1)[0]
    tail = article.split('class="dominolab-notebook-links"', 1)[1]
    assert "<p" not in tail, page
    assert (BUILD / "book" / f"../{LIVE_FOLDER}/notebooks/index.html").resolve().is_file()


def test_pages_without_a_notebook_have_no_link_line():
    html = _built("book/spielen.html").read_text(encoding="utf-8")
    assert "dominolab-notebook-links" not in html


def test_no_page_of_the_book_loads_anything_of_the_live_notebooks():
    """Only the link line names lite/; no script, stylesheet, preload or frame of a page does."""
    _built("book/intro.html")
    loads = re.compile(r'<(?:script|link|iframe|img|source)\b[^>]*(?:src|href)="[^"]*\b'
                       + re.escape(LIVE_FOLDER) + r'/', re.I)
    for page in BUILD.rglob("*.html"):
        rel = page.relative_to(BUILD).as_posix()
        if rel.startswith(LIVE_FOLDER + "/"):
            continue
        assert not loads.search(page.read_text(encoding="utf-8", errors="replace")), rel


def test_the_live_folder_is_the_one_exempt_from_the_page_checks():
    assert APP_FOLDERS == (LIVE_FOLDER,)


def test_live_copies_and_their_kernel_packages():
    lite = _built(LIVE_FOLDER)
    contents = json.loads((lite / "api" / "contents" / "all.json").read_text(encoding="utf-8"))
    names = {item["name"] for item in contents["content"]}
    # the German notebooks at the top, each other edition's in its folder (en/)
    folders = {f.rstrip("/") for f in EDITION_FOLDERS.values() if f}
    assert names == {f"{p}.ipynb" for p in NOTEBOOK_PAGES} | folders
    for folder in folders:
        inner = json.loads((lite / "api" / "contents" / folder / "all.json").read_text(encoding="utf-8"))
        assert {item["name"] for item in inner["content"]} == {f"{p}.ipynb" for p in NOTEBOOK_PAGES}
    lock = json.loads((lite / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    for key, entry in lock["packages"].items():
        assert (lite / "pyodide" / entry["file_name"]).is_file(), key
    assert {"dominolab", "ipywidgets", "comm", "ipython", "pyodide-kernel", "micropip"} <= set(lock["packages"])
    # no link in a live copy (JupyterLite would take it for a file of its own)
    for page in [p for p in NOTEBOOK_PAGES] + [f"en/{p}" for p in NOTEBOOK_PAGES]:
        notebook = json.loads((lite / "files" / f"{page}.ipynb").read_text(encoding="utf-8"))
        assert not re.search(r"\]\([^)]*\)", "\n".join(c["source"] for c in notebook["cells"])), page
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    # the play page's Pyodide, not a second copy
    assert (lite / "notebooks" / kernel["pyodideUrl"]).resolve() == (BUILD / "_static" / "pyodide" / "pyodide.mjs")
    assert not list(lite.rglob("pyodide.asm.wasm"))
    assert kernel["disablePyPIFallback"] is True
    # no absolute URL anywhere in the configuration (the site works under any sub-path)
    assert not re.search(r'"(?:https?:)?//', json.dumps(kernel))
