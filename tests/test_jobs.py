"""The pre-annotation job: inline without Redis, through a real RQ worker with Redis."""
import pytest

from review import jobs
from review.models import Corpus, Document

HEARING = (
    "PAROLE SUITABILITY HEARING\nSTATE OF CALIFORNIA\nBOARD OF PAROLE HEARINGS\n"
    "In the matter of the Parole CDCR Number: AB1234\nConsideration Hearing of:\nJOHN DOE\n"
    "SALINAS VALLEY STATE PRISON\nSOLEDAD, CALIFORNIA\nOCTOBER 24, 2024\n8:40 AM\n"
    "PANEL PRESENT:\nMARY ROE, Presiding Commissioner\nOTHERS PRESENT:\nJOHN DOE, Incarcerated Person\n"
    "Transcribed by:\nJANE SMITH\n\n"
    "PRESIDING COMMISSIONER ROE: We're on the record. This is the hearing of John Doe, D-O-E, CDCR number AB1234.\n"
    "INMATE DOE: Yes. I was 17 when I moved to Fresno in 1995.\n"
)


@pytest.fixture
def corpus(db):
    return Corpus.objects.create(name="jobs")


def test_it_runs_the_automatic_pass_inline(corpus, settings):
    settings.JOBS_MODE = "inline"
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode())
    jobs.enqueue_analysis(document)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.failure_reason
    assert document.progress == 1.0
    assert document.header["cdcr_number"] == "AB1234"
    found = {document.text[m.start : m.end] for m in document.mentions.all()}
    assert {"John Doe", "DOE", "D-O-E", "AB1234", "ROE", "Fresno", "1995"} <= found


def test_it_fails_with_a_clear_reason_and_retries(corpus, settings):
    settings.JOBS_MODE = "inline"
    document = Document.objects.create(corpus=corpus, title="bad", original_name="bad.pdf", original=b"\x00junk" * 50)
    jobs.enqueue_analysis(document)
    document.refresh_from_db()
    assert document.status == Document.Status.FAILED
    assert document.failure_reason and "junk" not in document.failure_reason
    document.original = HEARING.encode()
    document.original_name = "bad.txt"
    document.save()
    jobs.enqueue_analysis(document)
    document.refresh_from_db()
    assert document.status == Document.Status.READY


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_it_runs_the_job_through_redis_and_an_rq_worker(settings, redis_url):
    import django_rq
    from rq import SimpleWorker

    settings.JOBS_MODE = "rq"
    settings.RQ_QUEUES = {"default": {"URL": redis_url, "DEFAULT_TIMEOUT": 600}}
    django_rq.queues.get_redis_connection.cache_clear() if hasattr(django_rq.queues.get_redis_connection, "cache_clear") else None
    queue = django_rq.get_queue("default")
    queue.empty()
    corpus = Corpus.objects.create(name="redis")
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode())
    jobs.enqueue_analysis(document)
    document.refresh_from_db()
    assert document.status == Document.Status.QUEUED
    assert queue.count == 1
    SimpleWorker([queue], connection=queue.connection).work(burst=True)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.failure_reason
    assert document.mentions.filter(label="CDCR_ID").exists()


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_it_requeues_a_finished_job_id_without_its_old_expiry(settings, redis_url):
    """A Retry or re-run within the result TTL of the last run must not inherit its expiry."""
    import django_rq
    from rq import SimpleWorker
    from rq.job import Job

    settings.JOBS_MODE = "rq"
    settings.RQ_QUEUES = {"default": {"URL": redis_url, "DEFAULT_TIMEOUT": 600}}
    queue = django_rq.get_queue("default")
    queue.empty()
    corpus = Corpus.objects.create(name="again")
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode())
    jobs.enqueue_analysis(document)
    SimpleWorker([queue], connection=queue.connection).work(burst=True)
    rq_id = f"analyze-{document.pk}"
    assert queue.connection.ttl(Job.key_for(rq_id)) > 0  # the finished job expires after its result TTL
    jobs.enqueue_analysis(document)  # e.g. "re-run the pass" right after it finished
    assert queue.connection.ttl(Job.key_for(rq_id)) == -1  # queued again: no expiry
    assert queue.count == 1
    SimpleWorker([queue], connection=queue.connection).work(burst=True)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.failure_reason


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_it_stops_a_pass_past_its_wall_time_in_a_stage_that_reports_no_progress(settings, redis_url, monkeypatch):
    """The pass checked ``JOB_MAX_SECONDS`` only when a stage reported progress: a stage running for
    hours on a hostile file (20,000 lines of names) went on until rq's JOB_TIMEOUT, an hour."""
    import threading

    import django_rq
    from rq import SimpleWorker

    from review import pipelines

    class Stuck:  # a stage that never reports progress (it would end after 30 s)
        def __init__(self, config):
            pass

        def run(self, transcript, progress=None):
            threading.Event().wait(30)
            raise AssertionError("not stopped at the wall-time limit")

    monkeypatch.setattr(pipelines, "get_pipeline", Stuck)
    monkeypatch.setattr(jobs, "STORE_SECONDS", 0)
    settings.JOBS_MODE, settings.JOB_MAX_SECONDS = "rq", 1
    settings.RQ_QUEUES = {"default": {"URL": redis_url, "DEFAULT_TIMEOUT": 600}}
    queue = django_rq.get_queue("default")
    queue.empty()
    document = Document.objects.create(corpus=Corpus.objects.create(name="slow"), title="h", original_name="h.txt",
                                       original=HEARING.encode())
    jobs.enqueue_analysis(document)
    SimpleWorker([queue], connection=queue.connection).work(burst=True)
    document.refresh_from_db()
    assert document.status == Document.Status.FAILED
    assert document.failure_reason.startswith("the automatic pass took longer than 1 s (limit)"), document.failure_reason


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("action", ["retry", "rerun"])
def test_it_tries_the_queue_on_a_users_retry_within_the_pause(settings, redis_url, client, django_user_model, action):
    """A Retry within QUEUE_RETRY_SECONDS of a queue failure said "could not be reached" with Redis back:
    the pause (per web process) skipped the queue. One click pays one connection attempt; an upload
    after it is not held back either."""
    import django_rq
    from django.urls import reverse
    from redis.exceptions import ConnectionError as RedisConnectionError

    settings.JOBS_MODE, settings.QUEUE_RETRY_SECONDS = "rq", 600
    settings.RQ_QUEUES = {"default": {"URL": redis_url, "DEFAULT_TIMEOUT": 600}}
    queue = django_rq.get_queue("default")
    queue.empty()
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    document = Document.objects.create(corpus=Corpus.objects.create(name="back"), title="h", original_name="h.txt",
                                       original=HEARING.encode(), status=Document.Status.FAILED,
                                       failure_reason=jobs.QUEUE_DOWN)
    jobs._queue_down(RedisConnectionError())  # Redis restarting a moment ago, seen by this process
    assert jobs.queue_recently_down()
    response = client.post(reverse(f"review:{action}", args=[document.pk]), follow=True)
    document.refresh_from_db()
    assert document.status == Document.Status.QUEUED, document.failure_reason
    assert not any("could not be reached" in str(m) for m in response.context["messages"])
    assert queue.count == 1 and not jobs.queue_recently_down()
    queue.empty()


# ---------------------------------------------------------------- without Redis: a background thread


@pytest.mark.django_db(transaction=True)
def test_it_returns_from_the_upload_before_the_pass_finishes_without_redis(settings, client, django_user_model, monkeypatch):
    import threading

    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from review import pipelines

    settings.JOBS_MODE = "thread"
    release = threading.Event()
    real = pipelines.get_pipeline

    class Slow:
        def __init__(self, config):
            self.pipeline = real(config)

        def run(self, transcript, progress=None):
            assert release.wait(30)
            return self.pipeline.run(transcript, progress)

    monkeypatch.setattr(pipelines, "get_pipeline", Slow)
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    corpus = Corpus.objects.create(name="thread")
    response = client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": [SimpleUploadedFile("h.txt", HEARING.encode())]})
    assert response.status_code == 302
    document = Document.objects.get()
    assert document.status in (Document.Status.QUEUED, Document.Status.ANNOTATING)
    assert document.heartbeat_at is not None
    assert b"every 1s" in client.get(reverse("review:documents")).content  # the list polls the live progress
    release.set()
    jobs.runner.join()
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.failure_reason


# ---------------------------------------------------------------- failing safe


@pytest.mark.parametrize("skewed", ["worker-behind", "recovery-ahead"])
def test_it_judges_a_heartbeat_by_the_database_clock_not_a_skewed_process_clock(corpus, settings, monkeypatch, skewed):
    """Stamped by the worker's clock and judged by the recovering process's: a worker two minutes behind
    (or a web server two minutes ahead) had every running job failed as silent while it ran."""
    from datetime import timedelta
    from types import SimpleNamespace

    from django.utils import timezone

    from review import job_heartbeat, services

    skew = timedelta(seconds=settings.JOB_STALE_SECONDS + 30)
    module, clock = ((job_heartbeat, lambda: timezone.now() - skew) if skewed == "worker-behind"
                     else (services.recovery, lambda: timezone.now() + skew))
    monkeypatch.setattr(module, "timezone", SimpleNamespace(now=clock), raising=False)
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode(),
                                       status=Document.Status.ANNOTATING)
    settings.JOBS_MODE = "inline"  # a beat, without the thread
    jobs.heartbeat.add(Document, document.pk)
    assert services.recover_stale_jobs().documents == []
    document.refresh_from_db()
    assert document.status == Document.Status.ANNOTATING
    Document.objects.filter(pk=document.pk).update(heartbeat_at=timezone.now() - skew)  # silent for real
    assert services.recover_stale_jobs().documents == [document.pk]


def _age(model, pk, seconds):
    from datetime import timedelta

    from django.utils import timezone

    model.objects.filter(pk=pk).update(heartbeat_at=timezone.now() - timedelta(seconds=seconds))


def test_it_counts_a_pass_that_writes_its_progress_as_alive(corpus, settings):
    """The heartbeat thread needs a database connection of its own; with every slot taken it misses its beats
    while the pass, on the job's connection, goes on writing its progress: that write stamps the heartbeat too,
    so another worker's recovery does not fail the running job as silent."""
    from review import services

    settings.JOB_STALE_SECONDS = 60
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode(),
                                       status=Document.Status.ANNOTATING)
    _age(Document, document.pk, 600)  # no beat for ten minutes
    assert document.set_progress("detect", 0.4)
    assert services.recover_stale_jobs().documents == []
    document.refresh_from_db()
    assert document.status == Document.Status.ANNOTATING
    _age(Document, document.pk, 600)  # and with no progress either: silent
    assert services.recover_stale_jobs().documents == [document.pk]


@pytest.mark.parametrize(
    "status, age, recovered",
    [
        (Document.Status.ANNOTATING, 600, True),
        (Document.Status.QUEUED, 600, True),
        (Document.Status.ANNOTATING, 5, False),
        (Document.Status.READY, 600, False),
        (Document.Status.FAILED, 600, False),
        (Document.Status.UPLOADED, 600, True),  # stored by an upload whose server died before queueing it
        (Document.Status.UPLOADED, 5, False),  # an upload still queueing its files
    ],
    ids=["silent-annotating", "silent-queued", "alive", "ready", "failed", "never-queued", "being-queued"],
)
def test_it_marks_a_silent_job_failed_and_retryable(corpus, settings, status, age, recovered):
    from datetime import timedelta

    from review import services

    settings.JOB_STALE_SECONDS = 60
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode(), status=status)
    _age(Document, document.pk, age)
    Document.objects.filter(pk=document.pk).update(updated_at=document.updated_at - timedelta(seconds=age))
    result = services.recover_stale_jobs()
    document.refresh_from_db()
    assert (document.pk in result.documents) is recovered
    if recovered:
        assert document.status == Document.Status.FAILED and "Retry" in document.failure_reason
        jobs.enqueue_analysis(document)
        document.refresh_from_db()
        assert document.status == Document.Status.READY
    else:
        assert document.status == status


def test_it_marks_an_export_left_running_failed(corpus, settings):
    from django.core.management import call_command

    from review.models import Export

    settings.JOB_STALE_SECONDS = 60
    export = Export.objects.create(corpus=corpus, status=Export.Status.RUNNING)
    _age(Export, export.pk, 600)
    call_command("recover_jobs")
    export.refresh_from_db()
    assert export.status == Export.Status.FAILED and "interrupted" in export.failure_reason


@pytest.fixture
def dead_redis(monkeypatch):
    """Every queue points at a port where nothing listens (a Redis that is down)."""
    import django_rq
    from redis import Redis
    from rq import Queue

    monkeypatch.setattr(django_rq, "get_queue", lambda name="default", **kw: Queue(name, connection=Redis(port=1, socket_connect_timeout=1)))
    monkeypatch.setattr(django_rq, "get_connection", lambda name="default": Redis(port=1, socket_connect_timeout=1))


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain"])
def test_it_leaves_the_document_retryable_when_redis_is_down(settings, client, django_user_model, htmx, dead_redis):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    settings.JOBS_MODE = "rq"
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    corpus = Corpus.objects.create(name="down")
    response = client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": [SimpleUploadedFile("h.txt", HEARING.encode())]}, follow=True)
    assert response.status_code == 200
    assert any("could not be reached" in str(m) for m in response.context["messages"])
    document = Document.objects.get()
    assert document.status == Document.Status.FAILED and "Retry" in document.failure_reason
    assert b"Retry" in client.get(reverse("review:documents")).content
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    assert client.post(reverse("review:retry", args=[document.pk]), **headers).status_code in (200, 302)
    document.refresh_from_db()
    assert document.status == Document.Status.FAILED  # still down: still retryable, never stuck
    settings.JOBS_MODE = "inline"
    client.post(reverse("review:retry", args=[document.pk]), **headers)
    document.refresh_from_db()
    assert document.status == Document.Status.READY
