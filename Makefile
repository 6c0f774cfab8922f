# Two entry points for a fresh machine (see README.md):
#   make book   install into .venv and build the book into _build/html
#   make test   install into .venv, build the book, run every test (browser test included)
#   make publish DEST=folder   the built book as a folder ready to upload
#   make translations        the English catalogues follow the German pages (README.md, Translations)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# What the book needs (.[book]); the test tools (.[test]) only for `make test`.
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: book test install install-test chromium clean publish translations translations-check

# pip, quiet. Two kinds of harmless noise are dropped: the "WARNING: Location
# '...' is ignored" lines some pip configurations print for every package
# (extra local indexes that do not exist) and setuptools' notice about
# editable installs; every other message is shown and a failure still fails.
PIP := $(PY) -m pip --quiet --disable-pip-version-check --no-input
pip_install = $(PIP) install $(1) >$(VENV)/pip.log 2>&1; status=$$?; \
	sed -e "/^WARNING: Location '.*' is ignored/d" \
	    -e '/BuildBackendWarning: Editable installation/,/with strategy, WheelFile/d' $(VENV)/pip.log >&2; \
	exit $$status

$(PY):
	$(PYTHON) -m venv $(VENV)

# The install also quiets the kernels that execute the book's pages: no
# "running over TCP without encryption" notice per page (ipykernel reads
# <venv>/etc/ipython/ipython_kernel_config.py).
$(STAMP): pyproject.toml | $(PY)
	@echo "installing dominolab and the book's packages into $(VENV) (from PyPI)"
	@$(call pip_install,--upgrade pip)
	@$(call pip_install,-e '.[book]')
	@mkdir -p $(VENV)/etc/ipython
	@printf '%s\n' '# written by make: quiet notebook kernels for the book build' \
	  'c.IPKernelApp.log_level = "ERROR"' > $(VENV)/etc/ipython/ipython_kernel_config.py
	@touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	@echo "installing the test tools into $(VENV) (from PyPI; Playwright without its browsers)"
	@$(call pip_install,-e '.[test]')
	@touch $(TEST_STAMP)

install: $(STAMP)
install-test: $(TEST_STAMP)

# Debian's chromium for the browser test (never a browser download).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser test"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The book is rebuilt (every page re-executed: --all) whenever anything it is
# made from changed - the package, the examples, the book sources, the config,
# the tools, the tests (the page Regelabdeckung runs the rule-marked tests
# and shows their outcome) - and `make book` is a no-op otherwise.  Generated
# folders (fetched JavaScript, the Pyodide runtime, caches) are not sources.
BOOK_SOURCES := $(shell find dominolab book tools tests -type f \
	-not -path 'book/_widgetjs/lib/*' -not -path 'book/_widgetjs/pyodide/*' \
	-not -path '*/__pycache__/*' -not -path '*.egg-info/*' -not -name '*.pyc' \
	-not -path '*/.hypothesis/*' 2>/dev/null) \
	_config.yml _toc.yml pyproject.toml
BOOK_STAMP := _build/html/.dominolab-built

book: $(BOOK_STAMP)

$(BOOK_STAMP): $(STAMP) $(BOOK_SOURCES)
	PYTHON=$(PY) $(PY) -m tools build --all
	touch $@

# The built book as a folder ready to upload to any static host (README.md, Publishing):
#   make publish DEST=folder   (.github/workflows/pages.yml runs it with DEST=_site)
publish:
	@test -n "$(DEST)" || { echo "publish: error: no DEST given (make publish DEST=folder)" >&2; exit 2; }
	@$(MAKE) --no-print-directory book
	$(PY) -m tools publish -- "$(DEST)"

# The English catalogues (book/locales/en/LC_MESSAGES/book/PAGE.po) in step with the German pages:
# new paragraphs come in untranslated, changed ones are marked fuzzy (python -m tools translations).
translations: $(STAMP)
	$(PY) -m tools translations update
translations-check: $(STAMP)
	$(PY) -m tools translations check

# Type check first (mypy --strict over the package and tools/, config in pyproject.toml),
# then every test including the browser tests against the book just built.
test: $(TEST_STAMP) chromium book
	$(PY) -m tools typecheck
	DOMINOLAB_BROWSER_TEST=1 $(PY) -m pytest

clean:
	rm -rf _build
