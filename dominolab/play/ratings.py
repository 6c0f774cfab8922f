"""Ratings on one scale from pairwise match results: Bradley–Terry with a prior.

Each level ``i`` has a strength ``r_i`` (Elo points); in a match between ``i``
and ``j`` level ``i`` wins with probability ``1 / (1 + 10 ** ((r_j - r_i) / 400))``.
:func:`bradley_terry` finds the ratings that make the observed results most
likely, with a weak normal prior (``PRIOR_SD`` Elo around the anchor's rating)
so that a pair won every time still gets a finite gap. A shared win (both sides
reach the target in one settlement) counts half for each.

The 95 % interval of a rating is the normal approximation of the posterior
(the inverse of the Hessian of the log-posterior), with the anchor level fixed:
it says how well the rating is known *relative to the anchor*. Pairs further
apart than adjacent levels tie the scale together, so the gaps are not only
sums of adjacent differences.

>>> fit = bradley_terry(3, [(0, 1, 30, 70), (1, 2, 40, 60), (0, 2, 20, 80)], anchor=0)
>>> [round(r) for r in fit.ratings]
[0, 154, 231]
"""

from __future__ import annotations

import math
from typing import NamedTuple, Sequence

#: Standard deviation of the prior on every rating difference to the anchor, in Elo points.
PRIOR_SD = 800.0
#: Elo points per natural-log odds unit.
SCALE = 400.0 / math.log(10)
#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


class Fit(NamedTuple):
    """Ratings (anchor = ``anchor_rating``), their 95 % intervals and standard errors."""

    ratings: list[float]
    ci95: list[tuple[float, float]]
    stderr: list[float]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` by Gaussian elimination with partial pivoting (small dense systems)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / p
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def bradley_terry(n: int, results: Sequence[tuple[int, int, float, float]], *, anchor: int = 0,
                  anchor_rating: float = 0.0, prior_sd: float = PRIOR_SD) -> Fit:
    """Ratings of ``n`` levels from ``(i, j, wins_i, wins_j)`` results (shared wins as halves).

    Newton's method on the log-posterior with the anchor's rating fixed.
    """
    free = [i for i in range(n) if i != anchor]
    pos = {lv: k for k, lv in enumerate(free)}
    theta = [0.0] * n                      # log-odds units, anchor at 0
    tau = (prior_sd / SCALE) ** -2         # prior precision
    for _ in range(100):
        grad = [0.0] * len(free)
        hess = [[0.0] * len(free) for _ in free]
        for k, lv in enumerate(free):
            grad[k] -= tau * theta[lv]
            hess[k][k] += tau
        for i, j, wi, wj in results:
            games = wi + wj
            if not games:
                continue
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            g = wi - games * p                # d/d theta_i
            w = games * p * (1 - p)
            for a, sign in ((i, 1.0), (j, -1.0)):
                if a in pos:
                    grad[pos[a]] += sign * g
            for a in (i, j):
                for b in (i, j):
                    if a in pos and b in pos:
                        hess[pos[a]][pos[b]] += w if a == b else -w
        step = _solve(hess, grad)
        for k, lv in enumerate(free):
            theta[lv] += step[k]
        if max(abs(s) for s in step) < 1e-10:
            break
    cov = _inverse(hess)
    ratings, ci, se = [], [], []
    for lv in range(n):
        r = anchor_rating + SCALE * theta[lv]
        s = SCALE * math.sqrt(cov[pos[lv]][pos[lv]]) if lv in pos else 0.0
        ratings.append(r)
        se.append(s)
        ci.append((r - Z95 * s, r + Z95 * s))
    return Fit(ratings, ci, se)


def expected_score(rating_a: float, rating_b: float) -> float:
    """The share of matches a level rated ``rating_a`` is expected to win against one rated ``rating_b``."""
    return 1.0 / (1.0 + 10 ** ((rating_b - rating_a) / 400.0))
