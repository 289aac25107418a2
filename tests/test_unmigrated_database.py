"""A worker or ``recover_jobs`` started before ``migrate`` ran (a worker container beside a web
container still migrating): a clear sentence and a wait, not a traceback ("no such table")."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import reachable, redis_db

ROOT = Path(__file__).resolve().parent.parent
REDIS_DB = redis_db(9)


def _env(database: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "JOBS_MODE", "DJANGO_SETTINGS_MODULE")}
    return {**env, "PYTHONPATH": str(ROOT), "DEBUG": "1", "DATABASE_URL": f"sqlite:///{database}", **extra}


def _manage(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.parametrize("args", [[], ["--wait", "1"]], ids=["at-once", "after-waiting"])
def test_it_says_recover_jobs_needs_a_migrated_database(tmp_path, args):
    result = _manage(_env(tmp_path / "empty.sqlite3"), "recover_jobs", *args)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert "the database is not migrated yet" in result.stderr and "manage.py migrate" in result.stderr
    assert "recovered" not in result.stdout


@pytest.mark.redis
def test_it_starts_the_worker_once_the_database_is_migrated(tmp_path):
    if not reachable("127.0.0.1", 6379):
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")
    env = _env(tmp_path / "db.sqlite3", REDIS_URL=f"redis://127.0.0.1:6379/{REDIS_DB}", WORKER_RECONNECT_MAX_SECONDS="1")
    log = tmp_path / "worker.log"
    with log.open("w") as out:
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "rqworker", "--worker-class", "review.worker.Worker", "--burst",
             "default"], cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while "not migrated yet" not in log.read_text() and worker.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert worker.poll() is None, log.read_text()  # waiting, not crashed
        assert "run `python manage.py migrate` first" in log.read_text()
        assert _manage(env, "migrate", "--noinput").returncode == 0
        assert worker.wait(timeout=60) == 0, log.read_text()
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()
    text = log.read_text()
    assert "the database is ready; starting" in text and "Traceback" not in text, text


@pytest.mark.django_db
def test_it_is_not_ready_while_migrations_are_missing(client, monkeypatch):
    from config import health

    assert json.loads(client.get("/readyz/").content)["checks"]["migrations"] == "ok"
    monkeypatch.setattr(health, "unapplied_migrations", lambda: 2)
    response = client.get("/readyz/")
    assert response.status_code == 503
    assert json.loads(response.content)["checks"]["migrations"] == (
        "not ready (2 migration(s) not applied: run `python manage.py migrate` first)")
