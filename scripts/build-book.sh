#!/usr/bin/env bash
# Strict build of the Jupyter Book into _build/html.
#   * fetches the widget JavaScript from npm (skipped when already present),
#   * executes every notebook (a cell that raises fails the build),
#   * treats Sphinx warnings as errors (-W -n --keep-going: all warnings are
#     reported, then the build fails),
#   * reads the pages (runs the notebooks) in parallel processes,
#   * builds the English edition from the same sources into en/ beside the German
#     (scripts/editions.py: language=en, the catalogues of book/locales, the cells run
#     with DOMINOLAB_BOOK_LANG=en) and lets it use the root's _static/,
#   * leaves out what readers never load (scripts/prune_site.py), writes the
#     service worker that keeps the book offline (scripts/offline_site.py) and prints
#     the sizes of frames, pages and site (benchmarks/sizes.py).
# Usage: scripts/build-book.sh [extra jupyter-book build options, e.g. --all,
#                               --path-output DIR -> DIR/_build/html]
# Env:   PYTHON     interpreter of the environment with jupyter-book
#                   (default: .venv/bin/python in the repository)
#        BOOK_JOBS  parallel page readers (default: the cores, at most 4)
#        DOMINOLAB_LIVE=0  no live notebooks (JupyterLite) in lite/; the downloads are still written
#        DOMINOLAB_EDITIONS  the editions to build (default "de en"; "de" leaves the English out)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
# A relative path means relative to where the script was called from; keep
# the venv's symlink itself (do not resolve it, or the venv is lost).
case "$PYTHON" in
  /*) ;;
  */*) PYTHON="$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON")" ;;
esac
cd "$ROOT"
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  echo "error: Python interpreter '$PYTHON' not found (set PYTHON=...)" >&2
  exit 2
fi
if ! "$PYTHON" -c "import jupyter_book" 2>/dev/null; then
  echo "error: jupyter-book is not installed for $PYTHON" >&2
  exit 2
fi

# The notebooks run with book/ as working directory; make the package in the
# repository importable there without requiring an install.
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
# Headless matplotlib, no stray config from the user's home.
export MPLBACKEND=Agg

"$PYTHON" scripts/fetch_widget_js.py
# The in-browser engine of the play page: Pyodide core from npm (cached)
# and the dominolab wheel, both into book/_widgetjs/pyodide/ (_static/pyodide/).
"$PYTHON" scripts/fetch_pyodide.py
"$PYTHON" scripts/build_wheel.py
# A memory snapshot of Pyodide taken after the engine is imported, so the play
# page skips Python's start (scripts/make_snapshot.mjs; Node comes with npm;
# skipped when the wheel and Pyodide are unchanged).
if ! command -v node >/dev/null 2>&1; then
  echo "error: node is not on PATH (needed for the Pyodide snapshot of the play page)" >&2
  exit 2
fi
node scripts/make_snapshot.mjs
# The lessons' pools of further exercises ("Neue Aufgabe"), one script per game (_static/lessons/).
"$PYTHON" scripts/build_lesson_pools.py

# Pages are read - and their notebooks executed - in parallel processes
# (Sphinx -j; the jupyter-book 1.x command line has no option for it).
# BOOK_JOBS=1 reads them one after the other.
JOBS="${BOOK_JOBS:-$("$PYTHON" -c 'import os; print(min(4, len(os.sched_getaffinity(0))))')}"

# Where the HTML goes (jupyter-book's --path-output moves it).
OUT="$ROOT"
prev=""
for arg in "$@"; do
  case "$arg" in
    --path-output=*) OUT="${arg#--path-output=}" ;;
  esac
  if [ "$prev" = "--path-output" ]; then OUT="$arg"; fi
  prev="$arg"
done
HTML="$OUT/_build/html"
EDITIONS="${DOMINOLAB_EDITIONS:-de en}"
# The English edition of an earlier build is not part of the German build's folder.
rm -rf "$HTML/en"

status=0
SECONDS=0
DOMINOLAB_BOOK_LANG=de "$PYTHON" -c "
import sys, functools
import jupyter_book.sphinx
from jupyter_book.cli.main import main
jupyter_book.sphinx.build_sphinx = functools.partial(jupyter_book.sphinx.build_sphinx, jobs=int(sys.argv[1]))
sys.argv = ['jupyter-book'] + sys.argv[2:]
main()
" "$JOBS" build "$ROOT" --builder html -W -n --keep-going "$@" || status=$?

if [ "$status" -ne 0 ]; then
  echo "error: book build failed (exit $status); see the messages above" >&2
  exit "$status"
fi
echo "German edition built in ${SECONDS} s"

# The English edition: the same sources, language=en, into $OUT/_build/en/html, then en/ of the site.
case " $EDITIONS " in
  *" en "*)
    SECONDS=0
    "$PYTHON" scripts/editions.py build "$OUT/_build" --jobs "$JOBS" || status=$?
    if [ "$status" -ne 0 ]; then
      echo "error: English edition failed (exit $status); see the messages above" >&2
      exit "$status"
    fi
    "$PYTHON" scripts/editions.py place "$OUT/_build"
    echo "English edition built in ${SECONDS} s"
    ;;
esac

# Every chapter a notebook (scripts/build_lite.py): the downloads into notebooks/, the live
# notebooks (JupyterLite, with the play page's Pyodide) into lite/. DOMINOLAB_LIVE=0 leaves the
# live part out (the downloads are still written).
lite_args=()
if [ "${DOMINOLAB_LIVE:-1}" = 0 ]; then lite_args=(--no-live); fi
"$PYTHON" scripts/build_lite.py "$OUT/_build" ${lite_args[@]+"${lite_args[@]}"}

# Leave out what readers never load (source maps, build-time catalogues, ...), in both editions;
# then the English pages use the root's _static/ (one copy of Pyodide, snapshot, widget JavaScript).
"$PYTHON" scripts/prune_site.py "$HTML"
if [ -d "$HTML/en" ]; then
  "$PYTHON" scripts/prune_site.py "$HTML/en"
  "$PYTHON" scripts/editions.py share "$HTML"
fi
# Offline after one visit: the service worker sw.js at the top of the site with the list of every
# file and its hash (after the pruning: the list is of the files as published).
"$PYTHON" scripts/offline_site.py "$HTML"

echo
echo "Sizes of the built book (benchmarks/sizes.py):"
"$PYTHON" benchmarks/sizes.py "$HTML"
echo
echo "Book built. Open: $HTML/index.html"
