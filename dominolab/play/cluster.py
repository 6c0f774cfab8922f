"""Tournaments on a Dask cluster (the optional extra ``dominolab[cluster]``).

:func:`dask_results` sends the chunks of a tournament (pure functions of their
arguments, see :func:`dominolab.play.tournament.play_chunk`) to Dask's
``distributed`` scheduler and hands every finished chunk back as it arrives:

* ``scheduler="local"`` starts a local cluster of ``jobs`` single-threaded
  worker processes (no set-up) and stops it afterwards;
* any other text is the address of a running scheduler (``tcp://host:8786``);
  one that cannot be reached within ``CONNECT_TIMEOUT_S`` seconds is a one-line
  :class:`DominoError`;
* a worker lost mid-run makes the scheduler run its unfinished chunks again
  elsewhere (every chunk gives the same matches wherever it runs); a chunk
  that fails ``RETRIES`` more times, or a cluster left without workers for
  ``NO_WORKERS_TIMEOUT_S`` seconds, ends the run with a one-line error, never a
  hang and never a table with matches missing (finished matches stay in the
  tournament's results file, so the run can be resumed).

Without Dask installed, asking for a scheduler is a one-line error naming the
extra to install.
"""

from __future__ import annotations

from itertools import islice
from typing import Any, Callable, Generator, Iterable, TypeVar

from dominolab.core.errors import DominoError

T = TypeVar("T")
R = TypeVar("R")

#: Seconds to wait for a scheduler address to answer.
CONNECT_TIMEOUT_S = 5
#: Extra attempts at a chunk whose worker failed (besides the scheduler's own re-runs after a lost worker).
RETRIES = 2
#: Seconds a running tournament waits for a worker when the cluster has none.
NO_WORKERS_TIMEOUT_S = 120
#: Chunks on the cluster at once, per requested worker (tasks are drawn lazily).
IN_FLIGHT_PER_JOB = 4


def _client(scheduler: str, jobs: int) -> tuple[Any, Any]:
    """A connected Dask client, and the local cluster to close afterwards (or None)."""
    import importlib

    if not isinstance(scheduler, str) or not scheduler.strip():
        raise DominoError(f"--scheduler: give 'local' or the address of a Dask scheduler (host:port), "
                          f"not {scheduler!r}")
    try:   # imported by name: Dask is an optional extra, and untyped
        dask: Any = importlib.import_module("dask")
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise DominoError("--scheduler needs Dask: pip install 'dominolab[cluster]' "
                          "(or 'dask[distributed]')") from None
    dask.config.set({"distributed.scheduler.no-workers-timeout": f"{NO_WORKERS_TIMEOUT_S}s",
                     "distributed.scheduler.allowed-failures": 3})
    if scheduler == "local":
        cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=":0")
        return distributed.Client(cluster), cluster
    address = scheduler if "://" in scheduler else f"tcp://{scheduler}"
    try:
        return distributed.Client(address, timeout=f"{CONNECT_TIMEOUT_S}s"), None
    except (OSError, TimeoutError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DominoError(f"cannot reach the Dask scheduler at {scheduler} within {CONNECT_TIMEOUT_S} s "
                          f"({reason[:120]})") from None


def dask_results(fn: Callable[[T], Iterable[R]], tasks: Iterable[T], scheduler: str,
                 jobs: int) -> Generator[R, None, None]:
    """``fn(task)`` for every task on a Dask cluster; the items of each result as its task completes.

    Tasks are drawn lazily and at most ``IN_FLIGHT_PER_JOB * jobs`` (at least 8) are on the
    cluster at once, so memory stays flat however long the run; closing the generator
    cancels what is still running and closes the client (and a local cluster).
    """
    import importlib
    import logging
    import uuid

    client, cluster = _client(scheduler, jobs)
    logging.getLogger("distributed").setLevel(logging.ERROR)
    run = uuid.uuid4().hex[:12]
    live: set[Any] = set()
    try:
        as_completed = importlib.import_module("distributed").as_completed
        todo = iter(tasks)
        number = 0

        def submit(task: T) -> Any:
            nonlocal number
            future = client.submit(fn, task, pure=False, retries=RETRIES, key=f"dominolab-chunk-{run}-{number}")
            number += 1
            live.add(future)
            return future

        pending = as_completed([submit(t) for t in islice(todo, max(8, IN_FLIGHT_PER_JOB * jobs))])
        for future in pending:
            try:
                result = future.result()
            except DominoError:
                raise
            except Exception as exc:  # a chunk lost too often, or a cluster without workers
                reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise DominoError(f"the cluster could not finish the tournament ({reason[:160]}); "
                                  f"finished matches are kept in the results file") from None
            live.discard(future)
            future.release()
            following = next(todo, None)
            if following is not None:
                pending.add(submit(following))
            yield from result
    finally:
        for future in live:
            future.cancel()
        client.close()
        if cluster is not None:
            cluster.close()
