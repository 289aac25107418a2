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
    settings.JOBS_INLINE = True
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=HEARING.encode())
    jobs.enqueue_analysis(document)
    document.refresh_from_db()
    assert document.status == Document.Status.READY, document.failure_reason
    assert document.progress == 1.0
    assert document.header["cdcr_number"] == "AB1234"
    found = {document.text[m.start : m.end] for m in document.mentions.all()}
    assert {"John Doe", "DOE", "D-O-E", "AB1234", "ROE", "Fresno", "1995"} <= found


def test_it_fails_with_a_clear_reason_and_retries(corpus, settings):
    settings.JOBS_INLINE = True
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

    settings.JOBS_INLINE = False
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
