"""Backups hold the database and the export folder; restore checks every checksum first."""
import io
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import uuid
from pathlib import Path

import pytest
from django.db import connection

from config import backup
from tests.conftest import reachable

ROOT = Path(__file__).resolve().parent.parent


def _export_folder(root: Path) -> dict[str, bytes]:
    files = {
        "export-1.zip": os.urandom(4096),
        "export-1-keys.zip": b"PK\x03\x04 secret key archive " + os.urandom(512),
        "nested/export-2-keys.zip.enc": os.urandom(100),
    }
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    os.chmod(root / "export-1-keys.zip", 0o600)
    return files


def _read_folder(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("db_format", [None, "json"])
def test_it_restores_rows_and_files_byte_identically(tmp_path, django_user_model, db_format):
    exports, media = tmp_path / "exports", tmp_path / "media"
    files = _export_folder(exports)
    django_user_model.objects.create_user("alice", password="pw-alice-123")
    django_user_model.objects.create_user("bob", password="pw-bob-456")
    archive = backup.create_backup(tmp_path / "backups", db_format=db_format, export_root=exports, media_root=media)
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600

    django_user_model.objects.all().delete()  # a fresh database and an empty export folder
    shutil.rmtree(exports)
    manifest = backup.restore_backup(archive, export_root=exports, media_root=media)

    assert manifest["database"]["kind"] == (db_format or connection.vendor)
    assert sorted(django_user_model.objects.values_list("username", flat=True)) == ["alice", "bob"]
    assert django_user_model.objects.get(username="alice").check_password("pw-alice-123")
    assert _read_folder(exports) == files
    assert stat.S_IMODE((exports / "export-1-keys.zip").stat().st_mode) == 0o600


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("inside_media", [False, True])
def test_it_backs_up_and_restores_the_recordings_wherever_audio_root_is(tmp_path, inside_media):
    exports, media = tmp_path / "exports", tmp_path / "media"
    audio = media / "private" / "audio" if inside_media else tmp_path / "recordings"
    audio.mkdir(parents=True)
    (audio / "ab12.wav").write_bytes(b"RIFF" + os.urandom(2048))
    os.chmod(audio / "ab12.wav", 0o600)
    original = _read_folder(audio)
    archive = backup.create_backup(tmp_path / "backups", db_format="json", export_root=exports, media_root=media,
                                   audio_root=audio)
    with tarfile.open(archive) as tar:
        names = tar.getnames()
    assert ("audio/ab12.wav" in names) is not inside_media  # once, in media/ when it lies there
    shutil.rmtree(audio)
    manifest = backup.restore_backup(archive, export_root=exports, media_root=media, audio_root=audio)
    assert _read_folder(audio) == original
    assert stat.S_IMODE((audio / "ab12.wav").stat().st_mode) == 0o600
    assert manifest["counts"]["audio"] == (0 if inside_media else 1)


def _rewrite(archive: Path, out: Path, change) -> Path:
    with tarfile.open(archive) as src, tarfile.open(out, "w:gz") as dst:
        for member in src.getmembers():
            data = src.extractfile(member).read() if member.isfile() else None
            data = change(member.name, data)
            if data is None:
                continue
            member.size = len(data)
            dst.addfile(member, io.BytesIO(data))
    return out


@pytest.mark.django_db(transaction=True)
def test_it_refuses_a_tampered_archive_before_changing_anything(tmp_path, django_user_model):
    exports = tmp_path / "exports"
    _export_folder(exports)
    django_user_model.objects.create_user("alice")
    archive = backup.create_backup(tmp_path / "backups", export_root=exports, media_root=tmp_path / "media")
    django_user_model.objects.create_user("carol")  # made after the backup: must survive a refused restore

    flipped = _rewrite(archive, tmp_path / "flipped.tar.gz",
                       lambda name, data: data[:-1] + bytes([data[-1] ^ 1]) if name == "exports/export-1.zip" else data)
    dropped = _rewrite(archive, tmp_path / "dropped.tar.gz", lambda name, data: None if name == "exports/export-1-keys.zip" else data)
    added = tmp_path / "added.tar.gz"
    with tarfile.open(archive) as src, tarfile.open(added, "w:gz") as tar:
        for member in src.getmembers():
            tar.addfile(member, src.extractfile(member))
        info = tarfile.TarInfo("exports/extra.zip")
        info.size = len(b"smuggled")
        tar.addfile(info, io.BytesIO(b"smuggled"))
    truncated = tmp_path / "truncated.tar.gz"
    truncated.write_bytes(archive.read_bytes()[:-200])

    for bad, reason in [(flipped, "checksum mismatch for exports/export-1.zip"), (dropped, "missing"),
                        (added, "not in the manifest"), (truncated, "cannot be read")]:
        target = tmp_path / f"restore-{bad.stem}"
        with pytest.raises(backup.BackupError, match=reason):
            backup.restore_backup(bad, export_root=target, media_root=target)
        assert not target.exists()
    assert django_user_model.objects.filter(username="carol").exists()


def test_it_round_trips_encryption_and_refuses_a_wrong_key(tmp_path):
    key = backup.generate_key()
    plain = tmp_path / "export-1-keys.zip"
    plain.write_bytes(os.urandom(10000))
    encrypted = backup.encrypt_file(plain, key=key)
    assert encrypted == tmp_path / "export-1-keys.zip.enc"
    assert stat.S_IMODE(encrypted.stat().st_mode) == 0o600
    assert plain.read_bytes() not in encrypted.read_bytes()
    out = backup.decrypt_file(encrypted, tmp_path / "back.zip", key=key)
    assert out.read_bytes() == plain.read_bytes() and stat.S_IMODE(out.stat().st_mode) == 0o600

    with pytest.raises(backup.DecryptionError, match="wrong key"):
        backup.decrypt_file(encrypted, tmp_path / "wrong.zip", key=backup.generate_key())
    assert not (tmp_path / "wrong.zip").exists()
    changed = tmp_path / "changed.enc"
    data = bytearray(encrypted.read_bytes())
    data[60] ^= 1
    changed.write_bytes(bytes(data))
    with pytest.raises(backup.DecryptionError):
        backup.decrypt_file(changed, tmp_path / "changed.zip", key=key)
    with pytest.raises(backup.DecryptionError, match="KEYS_ENCRYPTION_KEY"):
        backup.encrypt_file(plain, key="not-a-key")


def test_it_decrypts_with_the_keys_command_and_the_key_from_the_environment(tmp_path):
    key = backup.generate_key()
    plain = tmp_path / "k.zip"
    plain.write_bytes(b"key archive bytes")
    encrypted = backup.encrypt_file(plain, key=key)
    env = {k: v for k, v in os.environ.items() if k in {"PATH", "HOME"}}
    env.update(LOCAL_SECRET_KEY_FILE=str(tmp_path / "sk"), DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    run = lambda key_value: subprocess.run(  # noqa: E731
        [sys.executable, "manage.py", "keys", "decrypt", str(encrypted), "--out", str(tmp_path / "out.zip")],
        cwd=ROOT, env={**env, "KEYS_ENCRYPTION_KEY": key_value}, capture_output=True, text=True)
    wrong = run(backup.generate_key())
    assert wrong.returncode != 0 and "wrong key" in wrong.stderr
    right = run(key)
    assert right.returncode == 0, right.stderr
    assert (tmp_path / "out.zip").read_bytes() == b"key archive bytes"


PG = "postgres://postgres@127.0.0.1:5432"


@pytest.mark.postgres
def test_it_restores_a_postgresql_backup_into_a_fresh_database(tmp_path):
    """backup and restore as commands, as an operator runs them, between two PostgreSQL databases."""
    if not reachable("127.0.0.1", 5432):
        pytest.skip("PostgreSQL is not reachable on 127.0.0.1:5432")
    if not shutil.which("pg_dump") or not shutil.which("pg_restore"):
        pytest.skip("pg_dump/pg_restore not installed (postgresql-client)")
    import psycopg

    source, fresh = (f"anonymizer_bk_{uuid.uuid4().hex[:8]}_{n}" for n in ("src", "new"))
    with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
        for name in (source, fresh):
            admin.execute(f'CREATE DATABASE "{name}"')
    try:
        exports = tmp_path / "exports"
        files = _export_folder(exports)
        env = {k: v for k, v in os.environ.items() if k in {"PATH", "HOME"}}
        env.update(LOCAL_SECRET_KEY_FILE=str(tmp_path / "sk"), EXPORT_ROOT=str(exports), MEDIA_ROOT=str(tmp_path / "media"))
        manage = lambda db, *args: subprocess.run(  # noqa: E731
            [sys.executable, "manage.py", *args], cwd=ROOT, env={**env, "DATABASE_URL": f"{PG}/{db}"},
            capture_output=True, text=True, timeout=300)
        assert manage(source, "migrate", "--noinput", "-v0").returncode == 0
        created = manage(source, "shell", "-c",
                         "from django.contrib.auth.models import User; User.objects.create_user('alice', password='pw-a-123'); "
                         "User.objects.create_user('bob')")
        assert created.returncode == 0, created.stderr
        made = manage(source, "backup", "--out", str(tmp_path / "backups"))
        assert made.returncode == 0, made.stderr
        archive = made.stdout.strip()
        shutil.rmtree(exports)
        restored = manage(fresh, "restore", "--noinput", archive)
        assert restored.returncode == 0, restored.stderr
        assert "database (postgresql)" in restored.stdout
        with psycopg.connect(f"{PG}/{fresh}") as db:
            rows = db.execute("SELECT username FROM auth_user ORDER BY username").fetchall()
        assert rows == [("alice",), ("bob",)]
        assert _read_folder(exports) == files
    finally:
        with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
            for name in (source, fresh):
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.django_db(transaction=True)
def test_it_leaves_no_partial_archive_when_writing_fails_or_a_backup_was_killed(tmp_path, monkeypatch):
    """A full disk mid-write left ``.anonymizer-backup-….tar.gz.partial`` (the whole database) for good,
    with a traceback; a backup killed mid-write left it too."""
    import errno
    import time

    out, exports = tmp_path / "backups", tmp_path / "exports"
    _export_folder(exports)
    out.mkdir()
    killed = out / ".anonymizer-backup-20250101T000000Z.tar.gz.partial"  # a backup killed an hour ago
    killed.write_bytes(b"the database of a dead backup")
    os.utime(killed, (time.time() - 3600, time.time() - 3600))
    running = out / ".anonymizer-backup-20250101T000001Z.tar.gz.partial"  # another one being written now
    running.write_bytes(b"being written")
    real_add = tarfile.TarFile.add
    calls = []

    def add(self, name, *args, **kwargs):
        calls.append(name)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device", str(name))
        return real_add(self, name, *args, **kwargs)

    monkeypatch.setattr(tarfile.TarFile, "add", add)
    with pytest.raises(backup.BackupError) as refused:
        backup.create_backup(out, db_format="json", export_root=exports, media_root=tmp_path / "media")
    assert "no space left on device" in str(refused.value) and "OSError" not in str(refused.value) and str(tmp_path) not in str(refused.value)
    assert sorted(p.name for p in out.iterdir()) == [running.name]  # its own partial and the dead one's removed
