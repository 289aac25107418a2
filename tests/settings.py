"""Test settings: the real settings module with test-safe environment defaults."""
import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-not-for-production")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")

from config.settings import *  # noqa: E402,F401,F403

# WhiteNoise serves from the finders; point STATIC_ROOT at an existing folder (no collectstatic in tests).
STATIC_ROOT = BASE_DIR / "static"  # noqa: F405
