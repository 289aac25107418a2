"""The shared production cache (CACHE_URL): one Redis cache for every web process, and a Redis
outage costs speed, never a page."""
from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from django.core.cache import caches
from django.test import override_settings

from .conftest import redis_db
from .test_review_views import annotator, client_in, document, url  # noqa: F401  (fixtures)
from .test_settings import ROOT, _clean_env

DEAD = "redis://127.0.0.1:1/0"  # nothing listens on port 1
LIVE = f"redis://127.0.0.1:6379/{redis_db(14)}"


def _redis_up() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), 1).close()
        return True
    except OSError:
        return False


def _tolerant(location: str) -> dict:
    return {"default": {"BACKEND": "config.cache.TolerantRedisCache", "LOCATION": location,
                        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}


@pytest.mark.parametrize("env, backend", [
    ({}, "django.core.cache.backends.locmem.LocMemCache"),
    ({"CACHE_URL": LIVE}, "config.cache.TolerantRedisCache"),
])
def test_it_takes_the_cache_from_the_environment(tmp_path, env, backend):
    env = _clean_env(DEBUG="1", LOCAL_SECRET_KEY_FILE=str(tmp_path / "key"), **env)
    code = "import config.settings as s; print(s.CACHES['default']['BACKEND'])"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.stdout.strip() == backend, result.stderr


def test_it_answers_a_miss_and_skips_writes_while_redis_is_unreachable(caplog):
    with override_settings(CACHES=_tolerant(DEAD)):
        cache = caches.create_connection("default")
        cache.set("k", "Jane Doe")  # no exception
        assert cache.get("k", "miss") == "miss"
        assert cache.get_many(["k"]) == {}
        assert cache.add("k", 1) is False
        assert cache.delete("k") is False
    assert "unreachable" in caplog.text and "Jane" not in caplog.text and "k'" not in caplog.text


@pytest.mark.redis
@pytest.mark.skipif(not _redis_up(), reason="no Redis on 127.0.0.1:6379")
def test_it_shares_values_through_redis_when_reachable():
    with override_settings(CACHES=_tolerant(LIVE)):
        writer, reader = caches.create_connection("default"), caches.create_connection("default")
        writer.set("shared-key", {"lines": ["<div>"]}, 30)
        assert reader.get("shared-key") == {"lines": ["<div>"]}
        writer.delete("shared-key")


@pytest.mark.django_db
def test_it_serves_the_review_page_with_a_dead_cache(client_in, document):
    with override_settings(CACHES=_tolerant(DEAD)):
        from django.core.cache import cache

        cache.close()  # the next use connects with the overridden settings
        response = client_in.get(url(document, "document"))
    assert response.status_code == 200 and b'class="line"' in response.content


@pytest.fixture(params=["READONLY You can't write against a read only replica.",
                        "OOM command not allowed when used memory > 'maxmemory'.",
                        "MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk."],
                ids=["readonly", "oom", "misconf"])
def refusing_redis(request):
    """A Redis that answers every read with a miss and every write with an error (RESP3, as redis-py
    speaks): a replica after a failover, a full one without eviction, one whose disk is full."""
    import threading

    answers = {b"HELLO": b"%3\r\n+server\r\n+redis\r\n+version\r\n+7.0.0\r\n+proto\r\n:3\r\n",
               b"CLIENT": b"+OK\r\n", b"SELECT": b"+OK\r\n", b"PING": b"+PONG\r\n", b"GET": b"_\r\n"}
    refusal = f"-{request.param}\r\n".encode()

    def serve(connection):
        with connection, connection.makefile("rb") as stream:
            while header := stream.readline():  # *N, then N times $len and the argument
                words = [stream.read(int(stream.readline()[1:]) + 2)[:-2] for _ in range(int(header[1:]))]
                name = words[0].upper()
                connection.sendall(b"*%d\r\n" % (len(words) - 1) + b"_\r\n" * (len(words) - 1) if name == b"MGET"
                                   else answers.get(name, refusal))

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)

    def accept():
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            threading.Thread(target=serve, args=(connection,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    server.close()


@pytest.mark.django_db
def test_it_serves_the_review_page_when_redis_refuses_writes(client_in, document, refusing_redis, caplog):  # noqa: F811
    """A Redis that answers with an error (READONLY, OOM, MISCONF) made every review page a 500."""
    from config import cache as tolerant

    tolerant.paused._until.clear()
    with override_settings(CACHES=_tolerant(refusing_redis)):
        from django.core.cache import cache

        cache.close()
        response = client_in.get(url(document, "document"))
        cache.close()
    assert response.status_code == 200 and b'class="line"' in response.content
    assert "Redis refused it" in caplog.text


@pytest.fixture
def hung_redis():
    """A Redis that hangs: connections are taken (the listen backlog) and never answered."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    server.close()


def test_it_pays_a_hung_redis_one_timeout_then_leaves_it_alone_a_while(hung_redis, settings, caplog):
    import time

    settings.CACHE_RETRY_SECONDS = 2
    with override_settings(CACHES=_tolerant(hung_redis)):
        cache = caches.create_connection("default")
        started = time.monotonic()
        for _ in range(3):  # a page and a review action make several calls
            assert cache.get("line", "miss") == "miss"
            cache.set("line", "<div>Jane Doe</div>")
        assert time.monotonic() - started < 2  # one socket timeout (1 s), not six
        assert caplog.text.count("unreachable") == 1 and "Jane" not in caplog.text
        time.sleep(2)
        assert cache.get_many(["line"]) == {}  # tried again once the pause is over
        assert caplog.text.count("unreachable") == 2
