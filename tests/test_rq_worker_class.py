"""django-rq's own ``manage.py rqworker default`` starts the project's worker class (issue 44's
probe: without ``--worker-class review.worker.Worker`` it started rq's plain Worker, whose jobs a
kill left "running" for good: only the project's class recovers them). The class is the default
in settings (``RQ["WORKER_CLASS"]``); ``--worker-class`` still chooses another."""
from __future__ import annotations

import pytest
from django.core.management import call_command
from django_rq.workers import get_worker_class

from review.worker import Worker


class _Started:
    def work(self, **kwargs):
        return True


@pytest.mark.parametrize(("given", "expected"), [(None, Worker), ("rq.worker.SimpleWorker", "SimpleWorker")])
def test_it_starts_the_projects_worker_class_with_the_usual_command(monkeypatch, given, expected):
    started = []

    def get_worker(*queues, worker_class=None, **kwargs):
        started.append((queues, get_worker_class(worker_class)))
        return _Started()

    monkeypatch.setattr("django_rq.management.commands.rqworker.get_worker", get_worker)
    monkeypatch.setattr("django_rq.management.commands.rqworker.reset_db_connections", lambda: None)
    call_command("rqworker", "default", "--burst", *(["--worker-class", given] if given else []))
    ((queues, cls),) = started
    assert queues == ("default",)
    assert cls is expected if not isinstance(expected, str) else cls.__name__ == expected


def test_it_names_the_projects_class_as_django_rqs_default():
    assert get_worker_class() is Worker
