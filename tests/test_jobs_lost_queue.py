"""A Redis that restarts without its data loses the passes queued but not started: recovery queues such
a pass again once (audited, logged by id), fails it honestly when it is lost twice or cannot be queued;
a pass that stopped while running still ends failed and retryable as before."""
import time

import pytest

from review import jobs, services
from review.constants import Action
from review.models import Corpus, Decision, Document
from review.services import recovery

TEXT = b"PRESIDING COMMISSIONER ROE: We're on the record.\nINMATE DOE: Yes.\n"


@pytest.fixture
def queue(settings, redis_url):
    import django_rq

    settings.JOBS_MODE = "rq"
    settings.RQ_QUEUES = {"default": {"URL": redis_url, "DEFAULT_TIMEOUT": 600}}
    queue = django_rq.get_queue("default")
    queue.empty()
    yield queue
    queue.empty()


def lose_queue(queue) -> None:
    """What a Redis restarted empty holds of this queue: nothing (its jobs and their keys gone)."""
    queue.empty()
    assert queue.count == 0


def recover() -> recovery.Recovered:
    time.sleep(0.05)  # silent for longer than the 0 s of the test
    return services.recover_stale_jobs(stale_seconds=0)


def queued_document(name: str = "h") -> Document:
    document = Document.objects.create(corpus=Corpus.objects.create(name=name), title="Hearing of John Doe",
                                       original_name="h.txt", original=TEXT)
    assert jobs.enqueue_analysis(document)
    return document


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_it_queues_a_lost_pass_again_once_and_it_runs(queue, caplog):
    from rq import SimpleWorker

    document = queued_document()
    lose_queue(queue)
    assert recover().documents == []
    document.refresh_from_db()
    assert (document.status, document.progress_stage) == (Document.Status.QUEUED, recovery.REQUEUED)
    assert queue.count == 1
    assert Decision.objects.filter(document=document, action=Action.RERUN, user=None).count() == 1
    assert "queued again once" in caplog.text and "John Doe" not in caplog.text
    assert recover().documents == [] and queue.count == 1  # waiting in Redis: alive, not queued a second time
    SimpleWorker([queue], connection=queue.connection).work(burst=True)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.failure_reason


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_it_fails_a_pass_lost_twice_with_an_honest_reason_and_retry_gets_one_again(queue):
    document = queued_document()
    lose_queue(queue)
    recover()
    lose_queue(queue)  # Redis restarted empty once more before a worker took it
    assert recover().documents == [document.pk]
    document.refresh_from_db()
    assert (document.status, document.failure_reason) == (Document.Status.FAILED, recovery.QUEUE_LOST_TWICE)
    assert queue.count == 0  # no loop
    assert recover().documents == [] and queue.count == 0
    assert jobs.enqueue_analysis(document, asked=True)  # Retry: a new pass may be queued again once
    lose_queue(queue)
    recover()
    document.refresh_from_db()
    assert (document.status, queue.count) == (Document.Status.QUEUED, 1)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_it_fails_a_lost_pass_the_queue_now_refuses(queue, monkeypatch):
    import django_rq
    from redis.exceptions import ResponseError

    document = queued_document()
    lose_queue(queue)

    class Refusing:  # a Redis that answers reads and refuses writes (a replica after a failover)
        def enqueue(self, *args, **kwargs):
            raise ResponseError("READONLY You can't write against a read only replica.")

    monkeypatch.setattr(django_rq, "get_queue", lambda *a, **kw: Refusing())
    assert recover().documents == [document.pk]
    document.refresh_from_db()
    assert (document.status, document.failure_reason) == (Document.Status.FAILED, recovery.QUEUE_LOST)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_it_still_fails_a_pass_that_stopped_while_running(queue):
    document = queued_document()
    Document.objects.filter(pk=document.pk).update(status=Document.Status.ANNOTATING)  # started, then killed
    lose_queue(queue)
    assert recover().documents == [document.pk]
    document.refresh_from_db()
    assert (document.status, document.failure_reason) == (Document.Status.FAILED, recovery.INTERRUPTED)
    assert queue.count == 0


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_it_says_the_queue_lost_a_queued_export_not_that_a_worker_was_killed(queue, django_user_model):
    """Seen on the production-like instance (probe34): an export queued while no worker ran, Redis flushed,
    was failed as "stopped without finishing (worker killed or server restarted)": it had never started."""
    from review.models import Export

    admin = django_user_model.objects.create_superuser("boss", password="a-long-test-password")
    export = Export.objects.create(corpus=Corpus.objects.create(name="e"), created_by=admin)
    assert jobs.enqueue_export(export.pk)
    lose_queue(queue)
    assert recover().exports == [export.pk]
    export.refresh_from_db()
    assert (export.status, export.failure_reason) == (Export.Status.FAILED, recovery.EXPORT_QUEUE_LOST)
    running = Export.objects.create(corpus=export.corpus, created_by=admin, status=Export.Status.RUNNING)
    assert recover().exports == [running.pk]  # started, then its worker killed: as before
    running.refresh_from_db()
    assert running.failure_reason == recovery.EXPORT_INTERRUPTED
