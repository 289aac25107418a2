"""Peak memory of a web worker taking one large upload (issue 44's probe: a 48 MB file took the
worker from 186 to 618 MB, about nine times its size).

Starts gunicorn like ``make serve`` but with one worker and one thread, against a throw-away
PostgreSQL database, signs an admin in, streams one generated ``.txt`` file of ``--mb`` MB to the
upload page and reads the worker's peak resident memory (``VmHWM`` of /proc) before and after.
Jobs go to a Redis that is not there (``REDIS_URL`` on a closed port): the upload stores the file
and says the queue is down; no pass runs in the web worker, so what is measured is the upload alone.

    .venv/bin/python benchmarks/upload_memory.py [--mb 48] [--pg postgres://postgres@127.0.0.1:5432/upload_bench]
"""
from __future__ import annotations

import argparse
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.load import create_database, free_port  # noqa: E402


def _env(args) -> dict:
    return {
        "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": args.pg, "DEBUG": "0",
        "SECRET_KEY": "upload-benchmark-" + "x" * 50, "ALLOWED_HOSTS": "127.0.0.1", "JOBS_MODE": "rq",
        "REDIS_URL": "redis://127.0.0.1:1/0", "SECURE_SSL_REDIRECT": "0", "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0", "AXES_ENABLED": "0", "MAX_UPLOAD_BYTES": str((args.mb + 8) * 1024 * 1024),
    }


def setup(args) -> tuple[str, int]:
    os.environ.update(_env(args))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from review.models import Corpus

    call_command("migrate", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user("boss", is_staff=True, is_superuser=True)
    session = SessionStore()
    session.update({"_auth_user_id": str(user.pk), "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
                    "_auth_user_hash": user.get_session_auth_hash()})
    session.create()
    return session.session_key, Corpus.objects.create(name="Upload bench").pk


def hearing(path: Path, mb: int) -> None:
    """A text transcript of about ``mb`` MB (speaker lines, some names and numbers)."""
    line = "PRESIDING COMMISSIONER RUFF: Mr. Richardson, you were at Folsom in 2011, is that right?\n"
    answer = "INMATE RICHARDSON: Yes, sir. I worked in the kitchen there for about four years.\n"
    block = (line + answer) * 64
    with path.open("w", encoding="utf-8") as out:
        for _ in range(mb * 1024 * 1024 // len(block) + 1):
            out.write(block)


def peak_kb(pid: int) -> tuple[int, int]:
    """(current, peak) resident memory of a process in kB."""
    status = Path(f"/proc/{pid}/status").read_text()
    return (int(re.search(r"VmRSS:\s+(\d+)", status)[1]), int(re.search(r"VmHWM:\s+(\d+)", status)[1]))


def worker_pid(master: int) -> int:
    for _ in range(100):
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        if children:
            return int(children[0])
        time.sleep(0.1)
    raise SystemExit("no gunicorn worker")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=48)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/upload_bench")
    args = parser.parse_args()
    create_database(args.pg)
    session_key, corpus = setup(args)
    port = free_port()
    env = {**os.environ, **_env(args), "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", "1",
         "--threads", "1", "--worker-class", "gthread", "--timeout", "300", "--log-level", "warning"],
        cwd=ROOT, env=env,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        http = requests.Session()
        token = secrets.token_hex(16)
        http.cookies.set("sessionid", session_key)
        http.cookies.set("csrftoken", token)
        http.headers.update({"X-CSRFToken": token, "Referer": base + "/"})
        for _ in range(300):
            try:
                http.get(f"{base}/upload/", timeout=20)  # warm: the upload page once
                break
            except requests.RequestException:
                time.sleep(0.3)
        pid = worker_pid(server.pid)
        http.get(f"{base}/upload/", timeout=20)
        before = peak_kb(pid)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "big_hearing.txt"
            hearing(path, args.mb)
            size = path.stat().st_size
            import hashlib

            sha = hashlib.sha256(path.read_bytes()).hexdigest()
            with path.open("rb") as handle:
                started = time.perf_counter()
                response = http.post(f"{base}/upload/", data={"corpus": corpus}, files={"files": (path.name, handle)},
                                     timeout=600, allow_redirects=False)
                seconds = time.perf_counter() - started
        after = peak_kb(pid)
        stored = None
        from review.models import Document

        stored = Document.objects.filter(corpus_id=corpus).count()
        same = all(hashlib.sha256(bytes(d.original)).hexdigest() == sha == d.content_sha256
                   for d in Document.objects.filter(corpus_id=corpus))
        print(f"upload of {size / 2**20:.0f} MB: HTTP {response.status_code} in {seconds:.1f} s, documents stored: {stored}"
              f" ({'the very bytes' if same and stored else 'NOT THE BYTES UPLOADED'})")
        print(f"web worker resident memory before: {before[0] / 1024:.0f} MB (peak {before[1] / 1024:.0f} MB)")
        print(f"web worker peak after the upload:  {after[1] / 1024:.0f} MB "
              f"(+{(after[1] - before[1]) / 1024:.0f} MB = {(after[1] - before[1]) * 1024 / size:.1f}x the file)")
    finally:
        server.terminate()
        server.wait(30)


if __name__ == "__main__":
    main()
