"""Shared fixtures. Loaded models are session-scoped: load once, use everywhere."""
from __future__ import annotations

import os
import shutil
import socket

import pytest

from anonymizer.types import Config

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def redis_db(default: int) -> int:
    """A test's own Redis database number; ``TEST_REDIS_DB`` puts every test on one (a machine shared
    with other jobs: the tests run one at a time, each flushes or deletes only what it wrote)."""
    return int(os.environ.get("TEST_REDIS_DB", default))


def reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def own_queue(name: str, db: int):
    """A worker test's own rq queue on Redis database ``db``, emptied before and after, rq's signal handlers
    taken back (a generator for a fixture to yield from; skips when Redis is not reachable)."""
    import signal

    if not reachable("127.0.0.1", 6379):
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")
    from redis import Redis
    from rq import Queue

    queue = Queue(name, connection=Redis.from_url(f"redis://127.0.0.1:6379/{db}"))
    queue.empty()
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}  # rq installs its own
    yield queue
    queue.empty()
    for sig, handler in handlers.items():
        signal.signal(sig, handler)


def pytest_itemcollected(item):
    """A test of the ``redis_url`` fixture needs the live Redis (the marker ``_one_redis_test_at_a_time`` reads)."""
    if "redis_url" in getattr(item, "fixturenames", ()):
        item.add_marker(pytest.mark.redis)


@pytest.fixture(autouse=True)
def _one_redis_test_at_a_time(request):
    """The live Redis tests share Redis databases 7, 9, 13, 14 and 15 and flush them or empty their queues:
    under pytest-xdist (`make test` runs `-n 2`) two workers must never run two of them at once. An
    exclusive lock on a file of the temporary folder makes each wait for the other (any number of
    workers, or two test runs of one checkout). Autouse, so it is taken before the test's own fixtures."""
    if request.node.get_closest_marker("redis") is None:
        yield
        return
    import fcntl
    import tempfile
    from pathlib import Path

    with open(Path(tempfile.gettempdir()) / "anonymizer-test-redis.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def pytest_collection_modifyitems(config, items):
    """Tag every test that touches the database, so `-m django` re-runs them on PostgreSQL."""
    for item in items:
        if "django_db" in item.keywords or {"db", "transactional_db", "client", "admin_client", "live_server"} & set(
            getattr(item, "fixturenames", ())
        ):
            item.add_marker(pytest.mark.django)


@pytest.fixture(scope="session")
def config() -> Config:
    return Config()


@pytest.fixture(scope="session")
def nlp(config):
    import spacy

    return spacy.load(config.spacy_model)


@pytest.fixture(scope="session")
def pipeline(config):
    from anonymizer.pipeline import Pipeline

    return Pipeline(config)


@pytest.fixture(scope="session")
def redis_url() -> str:
    if not reachable("127.0.0.1", 6379):
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")
    return f"redis://127.0.0.1:6379/{redis_db(15)}"


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium driven by Playwright (Playwright cannot download browsers here)."""
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        pytest.skip(f"chromium not installed at {CHROMIUM} (make test installs it with apt-get)")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--no-first-run"],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (screen HTML, corpus-knowledge fingerprints): database
    ids are reused between tests, so an entry left by another test must never be read; nor is a
    Redis another test found unreachable left alone (config.cache, review.jobs)."""
    from django.core.cache import cache

    from config import cache as tolerant
    from review import jobs

    tolerant.paused.clear()
    jobs.queue_paused.clear()
    cache.clear()
    yield
    cache.clear()
    tolerant.paused.clear()
    jobs.queue_paused.clear()


def analysed_document(text: str, mentions, entities, corpus_name: str = "c"):
    """A document of a new corpus holding ``text``, with this automatic pass stored (review tests)."""
    from anonymizer.types import Analysis, Transcript
    from review import services
    from review.models import Corpus, Document

    corpus = Corpus.objects.create(name=corpus_name)
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=text.encode())
    services.apply_analysis(document, Analysis(Transcript(name="h.txt", text=text), tuple(mentions), tuple(entities)))
    document.refresh_from_db()
    return document
