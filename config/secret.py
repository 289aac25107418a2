"""Where SECRET_KEY comes from.

Order: ``SECRET_KEY`` in the environment; else the file named by ``SECRET_KEY_FILE`` (a
Docker/systemd credential); else, with ``DEBUG`` on, a fixed development key; else a local
key generated once into ``BASE_DIR/.secret_key`` (mode 0600, git-ignored) so that commands
that serve no web requests (``anonymize``, ``evaluate``, ``backup`` …) work on a fresh clone.

The web entry point (config/wsgi.py, used by gunicorn and runserver) refuses the generated
key when DEBUG is off: a production web server must be given its key explicitly, so that all
its workers and hosts share it and a lost file cannot silently log everybody out.
"""
from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

from anonymizer.errors import plain

# explicit sources: "env", "file"; implicit: "debug", "generated", "ephemeral"
EXPLICIT_SOURCES = frozenset({"env", "file"})


def new_key() -> str:
    return secrets.token_urlsafe(50)  # 67 characters, passes check --deploy (security.W009)


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8").strip()


def generated_key(path: Path) -> tuple[str, str]:
    """Read the local key at ``path``, creating it atomically (0600) on first use."""
    try:
        key = _read(path)
        if key:
            return key, "generated"
    except FileNotFoundError:
        pass
    except OSError:
        return new_key(), "ephemeral"
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".secret_key.")
        try:
            os.fchmod(fd, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(new_key() + "\n")
            try:
                os.link(tmp, path)  # fails if another process won the race: then read theirs
            except FileExistsError:
                pass
        finally:
            os.unlink(tmp)
        return _read(path), "generated"
    except OSError:
        # read-only checkout: a key for this process only (fine for commands without sessions)
        return new_key(), "ephemeral"


def load_secret_key(base_dir: Path, debug: bool) -> tuple[str, str]:
    """Return ``(key, source)``; see the module docstring for the order."""
    from django.core.exceptions import ImproperlyConfigured

    key = os.getenv("SECRET_KEY", "").strip()
    if key:
        return key, "env"
    key_file = os.getenv("SECRET_KEY_FILE", "").strip()
    if key_file:
        try:
            key = _read(Path(key_file))
        except OSError as exc:
            raise ImproperlyConfigured(f"SECRET_KEY_FILE {key_file} cannot be read ({plain(exc)})") from None
        if not key:
            raise ImproperlyConfigured(f"SECRET_KEY_FILE {key_file} is empty")
        return key, "file"
    if debug:
        return "insecure-development-key-only-for-debug", "debug"
    return generated_key(Path(os.getenv("LOCAL_SECRET_KEY_FILE", base_dir / ".secret_key")))


def require_explicit_key_for_web(settings) -> None:
    """Called by the WSGI entry point: production web serving needs an explicit key."""
    from django.core.exceptions import ImproperlyConfigured

    if not settings.DEBUG and settings.SECRET_KEY_SOURCE not in EXPLICIT_SOURCES:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off: the web server refuses the generated local key "
            "(set SECRET_KEY or SECRET_KEY_FILE; see docs/deployment.md)"
        )
