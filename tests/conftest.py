"""What every test shares: the Hypothesis profiles and the fixtures over seatings and time.

* Hypothesis profiles: ``ci`` (selected when the environment variable ``CI`` is
  set; no deadline, modest example counts) and ``dev`` (the default).
* ``seating_spec``: parametrised over every seating of the built-in games (``reference.SEATINGS``);
  ``all_seatings``: the list of them; ``time_limit``: ``with time_limit(seconds): ...``.

The reference model of the rules and the seatings are in ``reference.py``; tests import it with
``from reference import ...`` (``tests/`` is on pytest's ``pythonpath``, pyproject.toml). The browser
fixtures are in ``browser/conftest.py``; where a test belongs and its markers: ``README.md``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from reference import SEATINGS, seating_id

# The conftest files are plugins, not modules with doctests: --doctest-modules (pyproject.toml) would
# import each of them again as the module ``conftest``, and two such modules (this one and browser/'s)
# would clash by name.
collect_ignore_glob = ["conftest.py", "*/conftest.py"]

# -- hypothesis profiles ---------------------------------------------------------

settings.register_profile(
    "ci",
    deadline=None,
    max_examples=100,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev",
    deadline=None,
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# -- fixtures --------------------------------------------------------------------

@pytest.fixture(params=SEATINGS, ids=[seating_id(s) for s in SEATINGS])
def seating_spec(request) -> tuple[str, int, bool]:
    """One of the seven allowed seatings (the test runs once per seating)."""
    return request.param


@pytest.fixture
def all_seatings() -> list[tuple[str, int, bool]]:
    return list(SEATINGS)


@pytest.fixture
def time_limit():
    """``with time_limit(seconds): ...`` fails the test instead of hanging (POSIX main thread)."""
    import contextlib
    import signal

    @contextlib.contextmanager
    def limit(seconds: float):
        if not hasattr(signal, "setitimer"):
            yield
            return

        def expire(signum, frame):
            raise TimeoutError(f"did not finish within {seconds} s (an endless round or match?)")

        old = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)

    return limit
