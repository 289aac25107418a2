"""Review screen speed on a long hearing: server times per request and browser time-to-interactive.

Builds a synthetic 15,000-word transcript with ~600 entities and ~2,000 mentions (one
entity with 500 mentions) directly in a throw-away database, times requests with
``django.test.Client`` and the page in Debian's Chromium through Playwright, and prints
each figure next to its target.

    .venv/bin/python benchmarks/review_ui.py [--words 15000] [--entities 600] [--mentions 2000]

DATABASE_URL selects the database (default: a temporary SQLite file).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SPEAKERS = ("PRESIDING COMMISSIONER RUFF", "DEPUTY COMMISSIONER STEVENSON", "INMATE RICHARDSON", "ATTORNEY MBELU")
FILLER = (
    "the of and to I was that it in you we he they had not what did your when about there would "
    "program parole board years time family remorse victim insight hearing commissioner yard "
    "support plan job housing group class counselor report risk assessment"
).split()


def synthetic_hearing(words: int, entities: int, mentions: int, seed: int = 7):
    """Text plus anonymizer mentions/entities: entity 0 has 500 mentions, the rest share the others."""
    from anonymizer.types import Entity, Mention

    rng = random.Random(seed)
    names = ["Richardson"] + [f"Name{i:03d}{rng.choice('abcdefgh')}" for i in range(1, entities)]
    labels = ["PERSON"] + [rng.choice(("PERSON", "PERSON", "LOCATION", "ORGANIZATION", "DATE")) for _ in range(1, entities)]
    slots = [0] * min(500, mentions // 2) + [1 + i % (entities - 1) for i in range(mentions - min(500, mentions // 2))]
    rng.shuffle(slots)
    # speaker tags add about 2.6 words per 15-token line
    tokens: list[str | int] = [rng.choice(FILLER) for _ in range(int(words / (1 + 2.6 / 15)) - len(slots))]
    for slot in slots:
        tokens.insert(rng.randrange(len(tokens) + 1), slot)
    lines, found, offset = [], [], 0
    for i in range(0, len(tokens), 15):
        line = f"{SPEAKERS[(i // 15) % len(SPEAKERS)]}: "
        for token in tokens[i : i + 15]:
            if isinstance(token, int):
                start = offset + len(line)
                found.append(Mention(start, start + len(names[token]), labels[token], ("spacy",),
                                     confidence=rng.choice((1, 2, 2, 3)), entity=token))
                line += names[token] + " "
            else:
                line += token + " "
        line = line.rstrip()
        lines.append(line)
        offset += len(line) + 1
    text = "\n".join(lines) + "\n"
    core_entities = tuple(Entity(i, labels[i], labels[i], names[i]) for i in range(entities))
    return text, tuple(found), core_entities


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tempfile.mkdtemp(prefix='review-bench-')}/bench.sqlite3")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def build_document(args):
    from django.contrib.auth import get_user_model

    from anonymizer.types import Analysis, Transcript
    from review import services
    from review.models import Corpus, Document

    user, _ = get_user_model().objects.get_or_create(username="bench", defaults={"is_staff": False})
    corpus, _ = Corpus.objects.get_or_create(name="bench")
    text, mentions, entities = synthetic_hearing(args.words, args.entities, args.mentions)
    document = Document.objects.create(corpus=corpus, title="bench", original_name="b.txt", original=b"x", assignee=user)
    services.apply_analysis(document, Analysis(Transcript("b.txt", text), mentions, entities))
    document.refresh_from_db()
    return user, document


def timed(call, repeat: int):
    """Median milliseconds and the query count of the last call."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, queries = [], 0
    for i in range(repeat):
        with CaptureQueriesContext(connection) as ctx:
            started = time.perf_counter()
            response = call(i)
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code in (200, 302), response.status_code
        queries = len(ctx.captured_queries)
    return statistics.median(times), queries, response


def server_figures(user, document) -> list[tuple[str, float, float, int, int]]:
    from django.test import Client
    from django.urls import reverse

    from django.core.cache import cache

    from review.models import Document, Mention
    from review.views.screen import tags_key

    client = Client()
    client.force_login(user)
    hx = {"HTTP_HX_REQUEST": "true"}
    page = reverse("review:document", args=[document.pk])
    rows = []
    ms, q, response = timed(lambda i: client.get(page), 7)
    rows.append(("review page (GET)", ms, 300, q, len(response.content)))
    pending = list(Mention.objects.filter(document=document).exclude(entity__name="Richardson").order_by("start")[:40])
    version = lambda: Document.objects.get(pk=document.pk).version  # noqa: E731

    def decide(i):
        m = pending[i]
        action = "accept" if i % 2 == 0 else "reject"
        url = reverse("review:mention_action", args=[document.pk, m.pk, action])
        return client.post(url, {"version": version(), "inspect": f"m:{pending[i + 1].pk}"}, **hx)

    ms, q, response = timed(decide, 30)
    rows.append(("accept/reject a mention (htmx)", ms, 150, q, len(response.content)))
    inspect = reverse("review:inspect", args=[document.pk])
    ms, q, response = timed(lambda i: client.get(f"{inspect}?m={pending[i].pk}", **hx), 15)
    rows.append(("inspector for a mention (GET)", ms, 150, q, len(response.content)))
    big = Mention.objects.filter(document=document, entity__name="Richardson").values_list("entity_id", flat=True).first()
    count = Mention.objects.filter(entity_id=big).count()

    def entity_status(i):
        action = "accept" if i % 2 == 0 else "reject"
        url = reverse("review:entity_action", args=[document.pk, big, action])
        return client.post(url, {"version": version(), "inspect": f"e:{big}"}, **hx)

    ms, q, response = timed(entity_status, 6)
    rows.append((f"accept/reject an entity with {count} mentions", ms, 300, q, len(response.content)))

    def rename(i):
        url = reverse("review:entity_action", args=[document.pk, big, "rename"])
        return client.post(url, {"version": version(), "tag": f"person {i}", "inspect": f"e:{big}"}, **hx)

    ms, q, response = timed(rename, 6)
    rows.append((f"rename the tag of an entity with {count} mentions", ms, 300, q, len(response.content)))
    tags = reverse("review:tags", args=[document.pk])

    def fresh_tags(i):
        cache.delete(tags_key(document))  # nothing to carry over: the whole document is pseudonymized
        return client.get(tags)

    ms, q, response = timed(fresh_tags, 5)
    rows.append(("tags with nothing cached (JSON, pseudonymizes all)", ms, 300, q, len(response.content)))

    ms, q, response = timed(lambda i: client.post(reverse("review:undo", args=[document.pk]), {"version": version()}, **hx), 6)
    rows.append(("undo", ms, 300, q, len(response.content)))
    client.get(tags)  # computed once after the undo

    def tags_after_decide(i):
        decide(30 + i)  # an accept or reject (not timed), then the tags review.js fetches after it
        started = time.perf_counter()
        response = client.get(tags)
        return response, (time.perf_counter() - started) * 1000

    timings = [tags_after_decide(i) for i in range(6)]
    rows.append(("tags after an accept/reject (carried over)", statistics.median(t for _, t in timings), 300, 0,
                 len(timings[-1][0].content)))
    return rows


def browser_figures(user, document) -> list[tuple[str, float, float]]:
    from django.conf import settings
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
    from django.core.wsgi import get_wsgi_application
    from django.test import Client
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    if not Path(chromium).exists():
        print(f"(no browser figures: {chromium} not installed)")
        return []
    class QuietHandler(WSGIRequestHandler):
        def log_message(self, *args) -> None:  # keep the figures readable
            pass

    server = ThreadedWSGIServer(("127.0.0.1", 0), QuietHandler, allow_reuse_address=True)
    server.set_app(StaticFilesHandler(get_wsgi_application()))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-gpu"])
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base}])
        page = context.new_page()
        url = f"{base}/documents/{document.pk}/"
        page.goto(url)  # warm up (static files, template cache)
        ready = []
        for _ in range(5):
            page.goto(url, wait_until="commit")
            page.wait_for_function("() => window.reviewReady !== undefined")
            ready.append(page.evaluate("window.reviewReady"))
        rows.append(("browser: navigation → page can act (review.js ready)", statistics.median(ready), 1000))
        # measured inside the page: keydown -> the accepted mark is in the DOM (no Playwright overhead)
        page.evaluate("""() => {
          window.acceptTimes = [];
          document.addEventListener("keydown", (e) => {
            if (e.key !== "a") return;
            const id = document.activeElement.id, t0 = performance.now();
            const observer = new MutationObserver(() => {
              if (document.querySelector("#" + id + ".s-accepted")) { window.acceptTimes.push(performance.now() - t0); observer.disconnect(); }
            });
            observer.observe(document.getElementById("transcript"), {subtree: true, childList: true, attributes: true});
          }, true);
        }""")
        for i in range(10):
            page.keyboard.press("j")
            page.wait_for_timeout(150)
            page.keyboard.press("a")
            page.wait_for_function(f"() => window.acceptTimes.length > {i}")
        times = page.evaluate("window.acceptTimes")
        rows.append(("browser: key 'a' → mark shows accepted (in page)", statistics.median(times), 150))
        browser.close()
    server.shutdown()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--entities", type=int, default=600)
    parser.add_argument("--mentions", type=int, default=2000)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    setup_django()
    from django.db import connection

    user, document = build_document(args)
    print(f"document: {document.word_count} words, {document.entities.count()} entities, "
          f"{document.mentions.count()} mentions, {document.text.count(chr(10))} lines ({connection.vendor})")
    print(f"{'measure':58} {'median ms':>10} {'target':>8} {'queries':>8} {'bytes':>9}")
    for name, ms, target, queries, size in server_figures(user, document):
        print(f"{name:58} {ms:10.1f} {'≤' + str(target):>8} {queries:8d} {size:9d}  {'ok' if ms <= target else 'SLOW'}")
    if not args.no_browser:
        for name, ms, target in browser_figures(user, document):
            print(f"{name:58} {ms:10.1f} {'≤' + str(target):>8} {'':>8} {'':>9}  {'ok' if ms <= target else 'SLOW'}")


if __name__ == "__main__":
    main()
