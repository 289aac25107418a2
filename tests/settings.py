"""Test settings: the real settings module with test-safe environment defaults."""
import os
from pathlib import Path

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")

from config.settings import *  # noqa: E402,F401,F403

# WhiteNoise serves from the finders; point STATIC_ROOT at an existing folder (no collectstatic in tests).
STATIC_ROOT = BASE_DIR / "static"  # noqa: F405

# Browser tests run the live server in threads next to the test: an in-memory SQLite
# database shared between threads locks up, a file does not.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    import tempfile as _tempfile

    DATABASES["default"]["TEST"] = {"NAME": str(Path(_tempfile.gettempdir()) / f"anonymizer-test-{os.getpid()}.sqlite3")}  # noqa: F405
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20  # noqa: F405

# Login throttling off by default: it needs a request in authenticate(), which client.login()
# does not pass; tests/test_deploy_axes.py turns it on.
AXES_ENABLED = False

# Jobs run synchronously in the tests unless a test chooses another mode.
JOBS_MODE = os.getenv("JOBS_MODE", "inline")
JOBS_INLINE = JOBS_MODE == "inline"
AFTER_APPROVAL_JOBS = False  # inline, each approval would run the detector; tests of these jobs turn it on

# Recordings of the tests' documents live in a folder of this run, never in the repository's media/
# (recovery removes every recording no document of the test database refers to).
import tempfile as _tmp  # noqa: E402

AUDIO_ROOT = Path(_tmp.gettempdir()) / f"anonymizer-test-audio-{os.getpid()}"

# A fast password hasher for the tests' users: Django's PBKDF2 (1,200,000 rounds, which config/settings.py
# keeps for production) costs about a second of CPU on a loaded machine for every user created or logged in,
# the larger part of most Django tests. The default hashers stay listed, so a PBKDF2 hash still verifies;
# tests/test_settings.py checks that the real settings store passwords with PBKDF2 at Django's rounds.
from django.conf import global_settings as _global  # noqa: E402

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher", *_global.PASSWORD_HASHERS]
