"""The RQ worker class of a deployment (``deploy/entrypoint.sh worker``, ``make worker``).

rq's ``SimpleWorker`` (the NLP pipeline stays loaded between jobs) whose process recovers dead jobs
from the start: a worker that was killed mid-job and restarted at once finds that job's heartbeat
still fresh at start-up (``recover_jobs`` leaves it), and before, only a process running a job of
its own looked again, so the document stayed "annotating" for good on an idle queue.
"""
from __future__ import annotations

from rq import SimpleWorker


class Worker(SimpleWorker):
    def work(self, *args, **kwargs):
        from . import jobs

        jobs.heartbeat.start()  # recovers every JOB_STALE_SECONDS (review.services.recovery)
        return super().work(*args, **kwargs)
