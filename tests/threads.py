"""Run jobs at the same moment on real threads, each with its own database connection."""

from __future__ import annotations

import threading

from django.db import connection

from common.errors import ServiceError


def run_at_once(jobs):
    """Start every job together; returns [("ok", value) | ("refused", ServiceError)].

    Anything other than a service refusal fails the calling test.
    """
    barrier = threading.Barrier(len(jobs))
    outcomes = [None] * len(jobs)

    def worker(i, job):
        try:
            # Connect before the barrier: opening a connection takes longer than the work,
            # and would otherwise stagger the jobs so that they rarely overlap.
            connection.ensure_connection()
            barrier.wait()
            outcomes[i] = ("ok", job())
        except ServiceError as exc:
            outcomes[i] = ("refused", exc)
        except Exception as exc:
            outcomes[i] = ("error", exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert [o for o in outcomes if o is None or o[0] == "error"] == []
    return outcomes
