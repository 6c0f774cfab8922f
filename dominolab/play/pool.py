"""Many matches in worker processes, streamed: results in order, memory flat, Ctrl-C quick.

Shared by ``dominolab simulate`` and ``dominolab tournament`` (and :func:`dominolab.play.tournament.run_tournament`):

* tasks are drawn lazily from an iterator, and at most ``2 * jobs`` of them are
  in flight, so the plan of a run of 100,000,000 matches is never built;
* results come back in task order (the same as a serial run);
* workers ignore Ctrl-C (it is the parent's business); when the parent stops
  (Ctrl-C, an error, the consumer closing the generator) the workers are
  terminated at once instead of finishing their chunks, and nothing waits on
  their queues at exit (a ``ProcessPoolExecutor`` could hang there).
"""

from __future__ import annotations

import signal
import threading
from typing import Any, Callable, Generator, Iterable, TypeVar

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["DeferredInterrupt", "ordered_results"]


def _worker(func: Callable[[Any], Iterable[Any]], tasks: Any, results: Any) -> None:
    """A worker process: ``(number, task)`` in, ``(number, True, items)`` or ``(number, False, error)`` out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the parent's business
    while True:
        job = tasks.get()
        if job is None:
            return
        number, task = job
        try:
            results.put((number, True, list(func(task))))
        except BaseException as exc:               # handed to the parent, raised there
            results.put((number, False, exc))


def ordered_results(func: Callable[[T], Iterable[R]], tasks: Iterable[T], jobs: int) -> Generator[R, None, None]:
    """``func(task)`` for every task, its items in task order; ``jobs`` processes (1: in this process).

    ``func`` and the tasks must be picklable (a module-level function). An exception in a
    worker is raised here; a worker that dies is an error, not a hang.
    """
    if jobs <= 1:
        for task in tasks:
            yield from func(task)
        return
    import multiprocessing
    import queue

    context = multiprocessing.get_context()
    task_queue: Any = context.Queue()
    result_queue: Any = context.Queue()
    workers = [context.Process(target=_worker, args=(func, task_queue, result_queue), daemon=True)
               for _ in range(jobs)]
    todo = iter(tasks)
    sent = done = 0
    ready: dict[int, tuple[bool, Any]] = {}
    try:
        for w in workers:
            w.start()
        for task in todo:                     # at most 2 * jobs tasks in flight: memory stays flat
            task_queue.put((sent, task))
            sent += 1
            if sent >= 2 * jobs:
                break
        while done < sent:
            while done not in ready:
                try:
                    number, ok, value = result_queue.get(timeout=0.5)
                except queue.Empty:
                    if not all(w.is_alive() for w in workers):
                        raise RuntimeError("a worker process died") from None
                    continue
                ready[number] = (ok, value)
            ok, value = ready.pop(done)
            done += 1
            if not ok:
                raise value
            for task in todo:
                task_queue.put((sent, task))
                sent += 1
                break
            yield from value
        for _ in workers:
            task_queue.put(None)
        for w in workers:
            w.join(5.0)
    finally:
        _stop(workers, task_queue, result_queue)


def _stop(workers: list[Any], *queues: Any) -> None:
    """End the workers now (terminated, not waited for) and never block on the queues at exit."""
    for w in workers:
        if w.is_alive():
            try:
                w.terminate()
            except (OSError, ValueError, AttributeError):   # already gone
                pass
    for w in workers:
        try:
            w.join(1.0)
        except (OSError, ValueError, AttributeError, AssertionError):   # never started
            pass
    for q in queues:
        q.cancel_join_thread()               # data meant for a dead worker is dropped, not waited on
        q.close()


class DeferredInterrupt:
    """Hold Ctrl-C back while a record is written and counted, then raise it.

    So an interrupted run never has a record on disk that its summary misses.
    """

    def __enter__(self) -> "DeferredInterrupt":
        self.caught = self.installed = False
        self.old: Any = None
        if threading.current_thread() is threading.main_thread():
            def hold(signum: int, frame: object) -> None:
                self.caught = True
            self.old = signal.signal(signal.SIGINT, hold)
            self.installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.installed:
            signal.signal(signal.SIGINT, self.old if self.old is not None else signal.default_int_handler)
        if self.caught and exc[0] is None:
            raise KeyboardInterrupt
