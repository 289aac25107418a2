"""Backups, restores and encryption of key archives at rest.

One backup is one archive ``anonymizer-backup-YYYYMMDDTHHMMSSZ.tar.gz`` (mode 0600: it holds
personal data and the key archives) with

- ``database.pgdump`` (PostgreSQL, ``pg_dump -Fc``), ``database.sqlite3`` (SQLite, the online
  backup API, consistent while the app runs) or ``database.json`` (``dumpdata``, any database);
- ``exports/…`` the export folder (corpus archives and key archives) and ``media/…``;
- ``manifest.json``: format, creation time, database kind, and SHA-256 and size of every member.

``restore_backup`` verifies every checksum (and that no member was added or removed) before it
changes anything, then replaces the database and writes the files back byte-identically.

Key archives: ``encrypt_file`` / ``decrypt_file`` with a Fernet key (AES-128-CBC + HMAC-SHA256)
from ``KEYS_ENCRYPTION_KEY``.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from anonymizer.errors import plain

FORMAT = 1
MANIFEST = "manifest.json"
ENCRYPTED_SUFFIX = ".enc"
PARTIAL_SUFFIX = ".partial"  # ".anonymizer-backup-STAMP.tar.gz.partial" while it is written
DEAD_PARTIAL_SECONDS = 600  # a partial archive nothing wrote to for this long is a killed backup's


class BackupError(Exception):
    """A backup or restore that must not go on; the message names the reason (no personal data)."""


class DecryptionError(Exception):
    """Wrong key, or the encrypted file was changed."""


# --- key archives at rest ------------------------------------------------------------------


def generate_key() -> str:
    """A new Fernet key (URL-safe base64, 44 characters) for KEYS_ENCRYPTION_KEY."""
    from cryptography.fernet import Fernet

    return Fernet.generate_key().decode("ascii")


def _fernet(key: str | bytes | None):
    from cryptography.fernet import Fernet

    if key is None:
        key = _configured_key()
    if not key:
        raise DecryptionError("no key: set KEYS_ENCRYPTION_KEY (generate one with `manage.py keys generate`)")
    try:
        return Fernet(key.encode("ascii") if isinstance(key, str) else key)
    except (ValueError, TypeError):
        raise DecryptionError("KEYS_ENCRYPTION_KEY is not a valid Fernet key (32 url-safe base64-encoded bytes)") from None


def _configured_key() -> str:
    try:
        from django.conf import settings

        if settings.configured:
            return getattr(settings, "KEYS_ENCRYPTION_KEY", "") or ""
    except ImportError:  # pragma: no cover - used without Django
        pass
    return os.environ.get("KEYS_ENCRYPTION_KEY", "")


def encryption_enabled() -> bool:
    """True when a key is configured, i.e. key archives should be written encrypted."""
    return bool(_configured_key())


def _write_private(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)


def encrypt_file(src: str | os.PathLike, dst: str | os.PathLike | None = None, *, key: str | bytes | None = None,
                 remove_plain: bool = False) -> Path:
    """Encrypt ``src`` into ``dst`` (default ``src + '.enc'``, mode 0600); returns ``dst``.

    ``key`` defaults to settings/env ``KEYS_ENCRYPTION_KEY``. With ``remove_plain`` the
    plaintext file is deleted after the encrypted one is written.
    """
    src = Path(src)
    dst = Path(dst) if dst is not None else src.with_name(src.name + ENCRYPTED_SUFFIX)
    write_encrypted(dst, src.read_bytes(), key=key)
    if remove_plain:
        src.unlink()
    return dst


def write_encrypted(path: str | os.PathLike, data: bytes, *, key: str | bytes | None = None) -> Path:
    """``data`` encrypted into ``path`` (mode 0600, written atomically): the plain bytes never reach the disk."""
    path = Path(path)
    _write_private(path, _fernet(key).encrypt(data))
    return path


def decrypt_bytes(token: bytes, *, key: str | bytes | None = None) -> bytes:
    from cryptography.fernet import InvalidToken

    try:
        return _fernet(key).decrypt(token)
    except InvalidToken:
        raise DecryptionError("cannot decrypt: wrong key or the file was changed") from None


def decrypt_file(src: str | os.PathLike, dst: str | os.PathLike, *, key: str | bytes | None = None) -> Path:
    """Decrypt ``src`` (written by ``encrypt_file``) into ``dst`` (mode 0600); returns ``dst``.

    Raises ``DecryptionError`` for a wrong key or a changed file; nothing is written then.
    """
    data = decrypt_bytes(Path(src).read_bytes(), key=key)
    dst = Path(dst)
    _write_private(dst, data)
    return dst


# --- backup ------------------------------------------------------------------------------


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _database_kind(settings_dict: dict) -> str:
    engine = settings_dict["ENGINE"]
    if engine == "django.db.backends.postgresql":
        return "postgresql"
    if engine == "django.db.backends.sqlite3":
        return "sqlite"
    return "json"


def _pg_args(settings_dict: dict) -> tuple[list[str], dict]:
    args, env = [], dict(os.environ)
    if settings_dict.get("HOST"):
        args += ["--host", str(settings_dict["HOST"])]
    if settings_dict.get("PORT"):
        args += ["--port", str(settings_dict["PORT"])]
    if settings_dict.get("USER"):
        args += ["--username", str(settings_dict["USER"])]
    if settings_dict.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings_dict["PASSWORD"])
    args += ["--dbname", str(settings_dict["NAME"])]
    return args, env


def _run(cmd: list[str], env: dict) -> None:
    result = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise BackupError(f"{Path(cmd[0]).name} failed (exit {result.returncode}): {result.stderr.strip()[-500:]}")


def _sqlite_path(settings_dict: dict) -> str:
    name = str(settings_dict["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        raise BackupError("an in-memory SQLite database cannot be backed up")
    return name


def _dump_database(alias: str, folder: Path, kind: str | None) -> tuple[str, str]:
    from django.db import connections

    connection = connections[alias]
    settings_dict = connection.settings_dict
    kind = kind or _database_kind(settings_dict)
    if kind == "postgresql" and not shutil.which("pg_dump"):
        kind = "json"  # portable fallback (install postgresql-client for pg_dump)
    if kind == "postgresql":
        target = folder / "database.pgdump"
        args, env = _pg_args(settings_dict)
        _run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges", "--file", str(target), *args], env)
    elif kind == "sqlite":
        if connection.vendor != "sqlite":
            raise BackupError("the sqlite format needs a SQLite database")
        target = folder / "database.sqlite3"
        source = sqlite3.connect(_sqlite_path(settings_dict))
        dest = sqlite3.connect(target)
        try:
            with dest:
                source.backup(dest)
        finally:
            dest.close()
            source.close()
    elif kind == "json":
        from django.core.management import call_command

        target = folder / "database.json"
        call_command(
            "dumpdata", "--natural-foreign", "--natural-primary", "--exclude=contenttypes",
            "--exclude=auth.permission", "--exclude=sessions", "--exclude=django_rq", f"--database={alias}", f"--output={target}",
            verbosity=0,
        )
    else:
        raise BackupError(f"unknown database format {kind!r}")
    return kind, target.name


def _copy_tree(source: Path, dest: Path) -> int:
    count = 0
    if not source.is_dir():
        return 0
    for path in sorted(source.rglob("*")):
        if path.is_file() and not path.is_symlink():
            target = dest / path.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            count += 1
    return count


def _audio_root(audio_root, media_root: Path) -> Path | None:
    """The recordings' folder when it lies outside ``media_root`` (inside, the media copy holds it)."""
    from django.conf import settings

    root = Path(audio_root if audio_root is not None else getattr(settings, "AUDIO_ROOT", media_root))
    return None if root.resolve().is_relative_to(media_root.resolve()) else root


def create_backup(out_dir: str | os.PathLike, *, database: str = "default", db_format: str | None = None,
                  export_root: str | os.PathLike | None = None, media_root: str | os.PathLike | None = None,
                  audio_root: str | os.PathLike | None = None, now: datetime | None = None) -> Path:
    """Write one timestamped backup archive into ``out_dir``; returns its path.

    ``db_format``: ``postgresql``/``sqlite``/``json`` (default: from the database engine). The
    recordings (``AUDIO_ROOT``) go in as ``audio/`` when they are kept outside ``MEDIA_ROOT``.
    """
    from django.conf import settings

    export_root = Path(export_root if export_root is not None else settings.EXPORT_ROOT)
    media_root = Path(media_root if media_root is not None else settings.MEDIA_ROOT)
    audio = _audio_root(audio_root, media_root)
    now = now or datetime.now(timezone.utc)
    stamp = now.strftime("%Y%m%dT%H%M%SZ")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    archive = out_dir / f"anonymizer-backup-{stamp}.tar.gz"
    if archive.exists():
        raise BackupError(f"{archive.name} exists already")
    _remove_dead_partials(out_dir)
    with tempfile.TemporaryDirectory(prefix="anonymizer-backup-") as tmp:
        staging = Path(tmp)
        os.chmod(staging, 0o700)
        kind, db_file = _dump_database(database, staging, db_format)
        exported = _copy_tree(export_root, staging / "exports")
        media = _copy_tree(media_root, staging / "media")
        recordings = _copy_tree(audio, staging / "audio") if audio is not None else 0
        files = {}
        for path in sorted(p for p in staging.rglob("*") if p.is_file()):
            rel = path.relative_to(staging).as_posix()
            files[rel] = {"sha256": _sha256(path), "size": path.stat().st_size}
        manifest = {
            "format": FORMAT,
            "created": now.isoformat(),
            "database": {"kind": kind, "file": db_file},
            "counts": {"exports": exported, "media": media, "audio": recordings},
            "files": files,
        }
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        partial = archive.with_name(f".{archive.name}{PARTIAL_SUFFIX}")
        try:
            fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as raw, tarfile.open(fileobj=raw, mode="w:gz") as tar:
                tar.add(staging / MANIFEST, arcname=MANIFEST)
                for rel in files:
                    tar.add(staging / rel, arcname=rel)
            os.replace(partial, archive)
        except BaseException as exc:  # a full disk, a stop: no half archive (the whole database) left behind
            partial.unlink(missing_ok=True)
            if isinstance(exc, OSError):  # its reason, never its file name
                raise BackupError(f"writing {archive.name} failed ({plain(exc)})") from None
            raise
    return archive


def _remove_dead_partials(out_dir: Path) -> None:
    """A backup killed mid-write left its partial archive: removed once nothing wrote to it for
    ``DEAD_PARTIAL_SECONDS`` (one being written now is left alone)."""
    cutoff = time.time() - DEAD_PARTIAL_SECONDS
    for path in out_dir.glob(f".anonymizer-backup-*.tar.gz{PARTIAL_SUFFIX}"):
        try:
            if path.stat().st_mtime < cutoff:
                path.unlink()
        except FileNotFoundError:
            pass


# --- restore -----------------------------------------------------------------------------


def verify_backup(archive: str | os.PathLike, folder: str | os.PathLike) -> dict:
    """Unpack ``archive`` into ``folder`` and check it against its manifest; returns the manifest.

    Raises ``BackupError`` for an unreadable archive, unsafe member names, a missing or extra
    member, or a size/SHA-256 mismatch.
    """
    folder = Path(folder)
    try:
        with tarfile.open(archive, mode="r:gz") as tar:
            for member in tar.getmembers():
                if not (member.isfile() or member.isdir()):
                    raise BackupError(f"refused: unexpected member type for {member.name}")
            tar.extractall(folder, filter="data")
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise BackupError(f"refused: the archive cannot be read ({_unreadable(exc)})") from None
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        files = manifest["files"]
        database = manifest["database"]
    except (OSError, ValueError, KeyError, TypeError):
        raise BackupError("refused: no readable manifest.json in the archive") from None
    if manifest.get("format") != FORMAT:
        raise BackupError(f"refused: unknown backup format {manifest.get('format')!r}")
    present = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()} - {MANIFEST}
    if present - set(files):
        raise BackupError(f"refused: members not in the manifest: {', '.join(sorted(present - set(files))[:5])}")
    for rel, meta in files.items():
        path = folder / rel
        if rel not in present:
            raise BackupError(f"refused: {rel} is missing from the archive")
        if path.stat().st_size != meta["size"] or _sha256(path) != meta["sha256"]:
            raise BackupError(f"refused: checksum mismatch for {rel}")
    if database.get("file") not in files:
        raise BackupError("refused: the database dump is missing")
    return manifest



def _unreadable(exc: BaseException) -> str:
    """Why an archive cannot be read, in words (its class name tells a reader nothing)."""
    if isinstance(exc, tarfile.FilterError):  # a member outside the folder, a link, a device
        return "a member is not a plain file inside the archive's folder"
    if isinstance(exc, EOFError) or "end of" in str(exc).lower():
        return "it ends too early: a truncated or partly copied archive"
    if isinstance(exc, tarfile.TarError):
        return "not a complete .tar.gz archive"
    return plain(exc)


def _restore_database(alias: str, path: Path, kind: str) -> None:
    from django.db import connections

    connection = connections[alias]
    settings_dict = connection.settings_dict
    if kind == "postgresql":
        if connection.vendor != "postgresql":
            raise BackupError("this backup holds a PostgreSQL dump; set DATABASE_URL to a PostgreSQL database")
        if not shutil.which("pg_restore"):
            raise BackupError("pg_restore not found (install postgresql-client)")
        connection.close()
        args, env = _pg_args(settings_dict)
        _run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction",
              "--exit-on-error", *args, str(path)], env)
    elif kind == "sqlite":
        if connection.vendor != "sqlite":
            raise BackupError("this backup holds a SQLite database; restore it on SQLite, or back up with --db-format json")
        connection.close()
        source = sqlite3.connect(path)
        dest = sqlite3.connect(_sqlite_path(settings_dict))
        try:
            source.backup(dest)
        finally:
            dest.close()
            source.close()
    elif kind == "json":
        from django.core.management import call_command

        call_command("migrate", database=alias, interactive=False, verbosity=0)
        call_command("flush", database=alias, interactive=False, verbosity=0)
        call_command("loaddata", str(path), database=alias, verbosity=0)
    else:
        raise BackupError(f"refused: unknown database kind {kind!r}")


def restore_backup(archive: str | os.PathLike, *, database: str = "default",
                   export_root: str | os.PathLike | None = None,
                   media_root: str | os.PathLike | None = None,
                   audio_root: str | os.PathLike | None = None) -> dict:
    """Verify ``archive``, then replace the database and write the export and media files back.

    Files in the export/media folders that the backup does not hold are left alone. Returns
    the manifest.
    """
    from django.conf import settings

    export_root = Path(export_root if export_root is not None else settings.EXPORT_ROOT)
    media_root = Path(media_root if media_root is not None else settings.MEDIA_ROOT)
    with tempfile.TemporaryDirectory(prefix="anonymizer-restore-") as tmp:
        folder = Path(tmp)
        os.chmod(folder, 0o700)
        manifest = verify_backup(archive, folder)
        _restore_database(database, folder / manifest["database"]["file"], manifest["database"]["kind"])
        _copy_tree(folder / "exports", export_root)
        _copy_tree(folder / "media", media_root)
        if (folder / "audio").is_dir():  # recordings kept outside MEDIA_ROOT when the backup was made
            from django.conf import settings

            _copy_tree(folder / "audio", Path(audio_root if audio_root is not None else settings.AUDIO_ROOT))
    return manifest
