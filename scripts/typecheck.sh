#!/usr/bin/env bash
# Static type check of the dominolab package and the benchmark scripts under mypy --strict.
# Configuration lives in pyproject.toml [tool.mypy]; the exit code of mypy passes through.
set -u
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
exec "$PYTHON" -m mypy --strict "$@"
