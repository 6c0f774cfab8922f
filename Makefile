# Two entry points for a fresh machine (see README.md):
#   make book   install into .venv and build the book into _build/html
#   make test   install into .venv, build the book, run every test (browser test included)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: book test install chromium clean

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[book,test]'
	touch $(STAMP)

install: $(STAMP)

# Debian's chromium for the browser test (never a browser download).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser test"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The book is rebuilt (every page re-executed: --all) whenever anything it is
# made from changed - the package, the examples, the book sources, the config,
# the scripts - and `make book` is a no-op otherwise.  Generated folders
# (fetched JavaScript, the Pyodide runtime, caches) are not sources.
BOOK_SOURCES := $(shell find dominolab book scripts -type f \
	-not -path 'book/_widgetjs/lib/*' -not -path 'book/_widgetjs/pyodide/*' \
	-not -path '*/__pycache__/*' -not -path '*.egg-info/*' -not -name '*.pyc' 2>/dev/null) \
	_config.yml _toc.yml pyproject.toml
BOOK_STAMP := _build/html/.dominolab-built

book: $(BOOK_STAMP)

$(BOOK_STAMP): $(STAMP) $(BOOK_SOURCES)
	PYTHON=$(PY) bash scripts/build-book.sh --all
	touch $@

test: $(STAMP) chromium book
	DOMINOLAB_BROWSER_TEST=1 $(PY) -m pytest

clean:
	rm -rf _build
