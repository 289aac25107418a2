"""Ten reviewers on one 15,000-word document, served by gunicorn and PostgreSQL.

Builds the synthetic hearing of ``benchmarks/review_ui.py`` in a throw-away PostgreSQL
database, starts gunicorn like ``make serve`` (gthread, WEB_WORKERS x WEB_THREADS), and runs
``--clients`` concurrent reviewers for ``--seconds`` (at most ``--actions`` actions each):
each loads the review page, then accepts or rejects its own pending mentions over htmx,
retrying with the fresh version after a conflict (409). Prints p50/p95 of page and action
(successful and conflicting separately) and checks that no decision was lost or doubled
and that the document's stored mention tally equals a recount.
``--tags`` also fetches the computed tags after every page load and action, as review.js
does in a browser; ``--think S`` waits about S seconds between a reviewer's actions (0: as
fast as the server answers, a stress test; a person takes seconds to read a line; the
reviewers then also open the page within the first S seconds, not all at once).
``--comment-every N`` has each reviewer also post a line comment after every N-th action (as the
probe of issue 44 did: a comment changes no mention, so it must make no one's next action a 409).

    .venv/bin/python benchmarks/load.py [--clients 10] [--seconds 60] [--tags] [--think 0] [--comment-every 0] [--pg postgres://postgres@127.0.0.1:5432/load_bench]
"""
from __future__ import annotations

import argparse
import os
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VERSION_RE = re.compile(r'id="doc-version"[^>]*value="(\d+)"')


def create_database(url: str) -> None:
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def setup(args) -> dict:
    os.environ.update(_server_env(args))
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from benchmarks.review_ui import build_document

    call_command("migrate", verbosity=0, interactive=False)
    owner, document = build_document(argparse.Namespace(words=args.words, entities=600, mentions=2000))
    sessions = []
    for i in range(args.clients):
        user = get_user_model().objects.create_user(f"reviewer{i}", is_staff=True)  # admins may edit any document
        session = SessionStore()
        session.update({"_auth_user_id": str(user.pk), "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
                        "_auth_user_hash": user.get_session_auth_hash()})
        session.create()
        sessions.append(session.session_key)
    pending = list(document.mentions.order_by("start").values_list("pk", flat=True))
    return {"document": document.pk, "sessions": sessions, "pending": pending, "words": document.word_count}


def _server_env(args) -> dict:
    return {
        "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": args.pg, "DEBUG": "0",
        "SECRET_KEY": "load-benchmark-" + "x" * 50, "ALLOWED_HOSTS": "127.0.0.1", "JOBS_MODE": "inline",
        "SECURE_SSL_REDIRECT": "0", "SESSION_COOKIE_SECURE": "0", "CSRF_COOKIE_SECURE": "0", "AXES_ENABLED": "0",
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(args, port: int) -> subprocess.Popen:
    env = {**os.environ, **_server_env(args), "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", str(args.workers), "--threads", str(args.threads), "--worker-class", "gthread",
         "--timeout", "120", "--log-level", "warning"],
        cwd=ROOT, env=env,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            requests.get(f"http://127.0.0.1:{port}/login/", timeout=20)
            return server
        except requests.RequestException:
            time.sleep(0.3)
    server.kill()
    raise SystemExit("gunicorn did not start")


class Reviewer(threading.Thread):
    def __init__(self, base: str, document: int, session_key: str, mentions: list[int], stop: float, actions: int,
                 tags: bool = False, think: float = 0.0, comment_every: int = 0) -> None:
        super().__init__(daemon=True)
        self.base, self.document, self.mentions, self.stop, self.limit = base, document, mentions, stop, actions
        self.fetch_tags, self.think, self.random = tags, think, random.Random(session_key)
        self.comment_every, self.comments = comment_every, 0
        self.tags_ms: list[float] = []
        self.http = requests.Session()
        token = secrets.token_hex(16)
        self.http.cookies.set("sessionid", session_key)
        self.http.cookies.set("csrftoken", token)
        self.http.headers.update({"X-CSRFToken": token, "Referer": base + "/"})
        self.page_ms: list[float] = []
        self.action_ms: list[float] = []
        self.conflict_ms: list[float] = []
        self.done: dict[int, str] = {}  # mention -> status this reviewer set (once)
        self.errors = 0
        self.version = 0

    def page(self) -> None:
        started = time.perf_counter()
        response = self.http.get(f"{self.base}/documents/{self.document}/", timeout=60)
        self.page_ms.append((time.perf_counter() - started) * 1000)
        self._version(response)
        self.tags()

    def tags(self) -> None:
        """What review.js does after a page load or an action: fetch the computed tags."""
        if not self.fetch_tags:
            return
        started = time.perf_counter()
        response = self.http.get(f"{self.base}/documents/{self.document}/tags/", timeout=60)
        self.tags_ms.append((time.perf_counter() - started) * 1000)
        self.errors += response.status_code >= 500

    def _version(self, response) -> None:
        found = VERSION_RE.search(response.text)
        if found:
            self.version = int(found.group(1))
        if response.status_code >= 500:
            self.errors += 1

    def act(self, mention: int, status: str) -> None:
        url = f"{self.base}/documents/{self.document}/mentions/{mention}/{status}/"
        for _ in range(20):
            started = time.perf_counter()
            response = self.http.post(url, {"version": self.version}, headers={"HX-Request": "true"}, timeout=60)
            elapsed = (time.perf_counter() - started) * 1000
            self._version(response)
            if response.status_code == 409:
                self.conflict_ms.append(elapsed)
                continue
            self.action_ms.append(elapsed)
            if response.status_code == 200:
                self.done[mention] = status
            self.tags()
            return

    def comment(self) -> None:
        response = self.http.post(f"{self.base}/documents/{self.document}/comments/",
                                  {"body": "Speaker tag?", "line": str(self.random.randint(1, 200))},
                                  headers={"HX-Request": "true"}, timeout=60)
        self.comments += response.status_code == 200
        self.errors += response.status_code >= 500

    def run(self) -> None:
        if self.think:  # people do not open the document in the same millisecond
            time.sleep(self.think * self.random.uniform(0, 1))
        self.page()
        for index, mention in enumerate(self.mentions[: self.limit]):
            if time.monotonic() > self.stop:
                break
            if index and index % 5 == 0:
                self.page()
            if self.think:
                time.sleep(self.think * self.random.uniform(0.5, 1.5))
            self.act(mention, "accept" if index % 2 == 0 else "reject")
            if self.comment_every and index % self.comment_every == self.comment_every - 1:
                self.comment()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def verify(done: dict[int, str]) -> tuple[int, int, int]:
    """(decisions expected, lost, doubled): every successful action is one Decision and the mention's status."""
    from review.models import Decision, Mention

    statuses = dict(Mention.objects.filter(pk__in=done).values_list("pk", "status"))
    expected = {"accept": "accepted", "reject": "rejected"}
    lost = sum(1 for pk, status in done.items() if statuses.get(pk) != expected[status])
    counts: dict[str, int] = {}
    for target in Decision.objects.filter(target__startswith="mention:").values_list("target", flat=True):
        counts[target] = counts.get(target, 0) + 1
    doubled = sum(1 for pk in done if counts.get(f"mention:{pk}", 0) > 1)
    missing = sum(1 for pk in done if counts.get(f"mention:{pk}", 0) == 0)
    return len(done), lost + missing, doubled


def tally_matches(document: int) -> bool:
    """Whether the document's stored mention tally (carried over by each status decision) equals a recount."""
    from review import tallies
    from review.models import Document, MentionTally

    stored = MentionTally.objects.filter(document_id=document).values_list("version", "cells").first()
    version = Document.objects.values_list("version", flat=True).get(pk=document)
    recount = tallies.count([document])[document]
    return stored is not None and stored[0] == version and sorted(map(tuple, stored[1])) == sorted(recount.cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--actions", type=int, default=60, help="at most this many actions per reviewer")
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--workers", type=int, default=int(os.getenv("WEB_WORKERS", 2)))
    parser.add_argument("--threads", type=int, default=int(os.getenv("WEB_THREADS", 4)))
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/load_bench")
    parser.add_argument("--tags", action="store_true", help="fetch the computed tags after each page and action, as a browser does")
    parser.add_argument("--comment-every", type=int, default=0, help="each reviewer comments after every N-th action")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a reviewer waits before each action (0.5-1.5x)")
    args = parser.parse_args()
    create_database(args.pg)
    data = setup(args)
    print(f"document ready: {len(data['pending'])} mentions", file=sys.stderr, flush=True)
    port = free_port()
    server = start_server(args, port)
    print("server up", file=sys.stderr, flush=True)
    try:
        stop = time.monotonic() + args.seconds
        slices = [data["pending"][i :: args.clients] for i in range(args.clients)]  # each reviewer its own mentions
        reviewers = [Reviewer(f"http://127.0.0.1:{port}", data["document"], key, slices[i], stop, args.actions,
                              args.tags, args.think, args.comment_every) for i, key in enumerate(data["sessions"])]
        started = time.monotonic()
        for reviewer in reviewers:
            reviewer.start()
        for reviewer in reviewers:
            reviewer.join(args.seconds + 120)
        wall = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(30)
    pages = [ms for r in reviewers for ms in r.page_ms]
    actions = [ms for r in reviewers for ms in r.action_ms]
    conflicts = [ms for r in reviewers for ms in r.conflict_ms]
    tags = [ms for r in reviewers for ms in r.tags_ms]
    done = {pk: status for r in reviewers for pk, status in r.done.items()}
    expected, lost, doubled = verify(done)
    print(f"{args.clients} reviewers, {data['words']} words, gunicorn {args.workers}x{args.threads} gthread, PostgreSQL, "
          f"{wall:.0f} s, think {args.think} s, tags {'fetched' if args.tags else 'not fetched'}")
    print(f"{'':28}{'n':>6}{'p50 ms':>9}{'p95 ms':>9}  target p95")
    print(f"{'review page (GET)':28}{len(pages):6}{percentile(pages, 50):9.0f}{percentile(pages, 95):9.0f}  1000")
    print(f"{'action (accept/reject)':28}{len(actions):6}{percentile(actions, 50):9.0f}{percentile(actions, 95):9.0f}  300")
    print(f"{'conflict answer (409)':28}{len(conflicts):6}{percentile(conflicts, 50):9.0f}{percentile(conflicts, 95):9.0f}")
    if args.tags:
        print(f"{'tags (GET, JSON)':28}{len(tags):6}{percentile(tags, 50):9.0f}{percentile(tags, 95):9.0f}")
    print(f"decisions: {expected} made, {lost} lost, {doubled} doubled; server errors: {sum(r.errors for r in reviewers)}; "
          f"stored tally {'equals' if tally_matches(data['document']) else 'DIFFERS FROM'} a recount")
    attempts = len(actions) + len(conflicts)
    print(f"action posts answered 409: {len(conflicts)} of {attempts} ({100 * len(conflicts) / max(attempts, 1):.0f} %); "
          f"comments posted: {sum(r.comments for r in reviewers)}")
    print(f"throughput: {len(actions) / wall:.1f} actions/s")


if __name__ == "__main__":
    main()
