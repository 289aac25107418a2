"""Health checks, no login.

``/healthz/`` (liveness, cheap): 200 "ok" when the process serves requests and the database
answers; restart the process when it fails. ``/readyz/`` (readiness, deeper): the database and
its migrations (``unapplied_migrations``: also how ``recover_jobs`` and the worker tell a database
not migrated yet), the cache, and with ``JOBS_MODE=rq`` the job queue's Redis and a worker seen alive in the last
``WORKER_SEEN_SECONDS``; 200 when all are fine, 503 otherwise, as JSON naming each component and,
for a failure, only the exception's type — never a URL (it may hold a password), never data.
Each Redis is asked through its own client with 1 s timeouts and no retries, with a real write
(``redis_tools.check_writes``): a Redis that answers ``PING`` but refuses writes (``READONLY`` after a
failover, ``OOM``, ``MISCONF``) is not ready (``unavailable (ResponseError)`` or its subclass).
"""
from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.redis_tools import check_writes, quick_client

OK = "ok"
TIMEOUT = 1


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - the type only, never details
        return f"unavailable ({type(exc).__name__})"
    return OK


def unapplied_migrations() -> int:
    """How many migrations the database lacks (0: ready); raises the database's error when it cannot be reached."""
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    return len(executor.migration_plan(executor.loader.graph.leaf_nodes()))


NOT_MIGRATED = "{n} migration(s) not applied: run `python manage.py migrate` first"


def database_not_ready() -> str | None:
    """Why jobs cannot run on the database yet (unreachable, not migrated), or None when they can."""
    try:
        missing = unapplied_migrations()
    except Exception as exc:  # noqa: BLE001 - the type only, never a URL
        return f"the database cannot be reached ({type(exc).__name__})"
    finally:
        if not connection.in_atomic_block:
            connection.close()  # the next query connects anew (a failed attempt leaves no broken connection)
    return f"the database is not migrated yet ({NOT_MIGRATED.format(n=missing)})" if missing else None


def _migrations() -> str:
    try:
        missing = unapplied_migrations()
    except Exception as exc:  # noqa: BLE001 - the type only
        return f"unknown ({type(exc).__name__})"
    return f"not ready ({NOT_MIGRATED.format(n=missing)})" if missing else OK


@never_cache
@require_GET
def healthz(request):
    state = _database()
    if state != OK:
        return HttpResponse(f"database {state}", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


def _cache() -> str:
    from django.core.cache import cache

    servers = getattr(cache, "_servers", None)  # Django's Redis cache (config.cache.TolerantRedisCache)
    try:
        if servers:
            client = quick_client(servers[0], TIMEOUT)
            try:
                check_writes(client)
            finally:
                client.close()
        else:  # a process's own memory: nothing to reach
            cache.set("readyz-probe", 1, 5)
            if cache.get("readyz-probe") != 1:
                return "unavailable (no answer)"
    except Exception as exc:  # noqa: BLE001 - the type only
        return f"unavailable ({type(exc).__name__})"
    return OK


def _jobs() -> dict[str, str]:
    from review.worker import seen_recently

    if settings.JOBS_MODE != "rq":
        return {"queue": f"not used (JOBS_MODE={settings.JOBS_MODE})", "workers": "not used (jobs run in the web process)"}
    client = quick_client(settings.RQ_QUEUES["default"]["URL"], TIMEOUT)
    try:
        try:
            check_writes(client)
        except Exception as exc:  # noqa: BLE001 - the type only
            return {"queue": f"unavailable ({type(exc).__name__})", "workers": "unknown (queue unavailable)"}
        seconds = settings.WORKER_SEEN_SECONDS
        try:
            seen = seen_recently(client, seconds)
        except Exception as exc:  # noqa: BLE001
            return {"queue": OK, "workers": f"unknown ({type(exc).__name__})"}
        return {"queue": OK, "workers": f"{OK} ({seen} seen in the last {seconds} s)" if seen else f"none seen in the last {seconds} s"}
    finally:
        client.close()


@never_cache
@require_GET
def readyz(request):
    checks = {"database": _database(), "migrations": _migrations(), "cache": _cache(), **_jobs()}
    ready = all(state.startswith((OK, "not used")) for state in checks.values())
    return JsonResponse({"status": "ready" if ready else "not ready", "checks": checks}, status=200 if ready else 503)
