"""Settings come from the environment; production refuses to start without a secret key."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_settings(env: dict) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL"}}
    clean.update(env)
    code = "import config.settings as s; print(s.DEBUG, s.JOBS_INLINE, s.DATABASES['default']['ENGINE'])"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True)


def test_it_requires_a_secret_key_outside_debug():
    result = _load_settings({})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_it_is_not_in_debug_unless_asked():
    result = _load_settings({"SECRET_KEY": "x"})
    assert result.stdout.split()[:2] == ["False", "True"]


def test_it_reads_database_and_redis_from_the_environment():
    result = _load_settings(
        {"SECRET_KEY": "x", "DATABASE_URL": "postgres://u@127.0.0.1:5432/db", "REDIS_URL": "redis://127.0.0.1:6379/3"}
    )
    debug, inline, engine = result.stdout.split()
    assert (debug, inline) == ("False", "False")
    assert engine == "django.db.backends.postgresql"
