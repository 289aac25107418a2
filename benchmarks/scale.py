"""A corpus the size of the seed paper's: COUNT hearings of ~15,000 words imported as PDFs.

Generates the hearings (``fixtures/generate.py``) as PDFs, uploads them into a throw-away
PostgreSQL database through the services, runs the automatic pass on ``--workers`` RQ
worker processes (``rqworker --worker-class rq.SimpleWorker``: the pipeline loads once per
worker) on a private Redis database, then times the document list and the dashboard
(server time, ``django.test.Client``) and the export of every document (all approved), as a
job on the same workers: the other workers run its leak-gate checks (``review.export_checks``;
``--export-inline`` runs it in this process alone).

    .venv/bin/python benchmarks/scale.py --count 334     # the paper's size (long)
    .venv/bin/python benchmarks/scale.py --count 20      # and extrapolate
    # the list and the dashboard only: 2 imported, copied to 334, kept; then time again after a change
    .venv/bin/python benchmarks/scale.py --count 2 --clone-to 334 --skip-export --pg postgres://postgres@127.0.0.1:5432/mine
    .venv/bin/python benchmarks/scale.py --reuse --pg postgres://postgres@127.0.0.1:5432/mine
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432/scale_bench")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/11")
    parser.add_argument("--clone-to", type=int, default=334,
                        help="copy the imported analyses in the database up to this many documents before timing "
                             "the list and the dashboard (0: no copies; the export covers the imported ones only)")
    parser.add_argument("--skip-export", action="store_true",
                        help="stop after timing the list and the dashboard, keeping the database with its copies")
    parser.add_argument("--reuse", action="store_true",
                        help="only time the list and the dashboard on the database --pg a --skip-export run left")
    parser.add_argument("--requests", type=int, default=10, help="requests per page timed (p50/p95)")
    parser.add_argument("--review-trail", type=int, default=0, metavar="N",
                        help="with --reuse: first give every document an audit trail of a review (mentions accepted N "
                             "at a time by one of four annotators, marked done, approved), as the dashboard reads it")
    parser.add_argument("--keep-parts", action="store_true",
                        help="with --reuse: keep every document's dashboard parts in the database first, as the job "
                             "after each approval does (--review-trail does it too)")
    parser.add_argument("--export-inline", action="store_true",
                        help="run the export in this process (no helper checks on the workers)")
    args = parser.parse_args()
    if args.reuse:
        _setup_django(args)
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        from review.models import Corpus

        call_command("migrate", verbosity=0, interactive=False)
        if args.review_trail:
            review_trail(Corpus.objects.get(name="scale"), args.review_trail)
        elif args.keep_parts:
            keep_parts(Corpus.objects.get(name="scale"))
        time_pages(Corpus.objects.get(name="scale"), get_user_model().objects.get(username="boss"), args.requests)
        return

    from benchmarks.load import create_database
    from fixtures.generate import generate_hearing, write_pdf

    folder = Path(tempfile.mkdtemp(prefix="scale-bench-"))
    started = time.monotonic()
    paths = []
    for i in range(args.count):
        path = folder / f"hearing{i:03d}.pdf"
        write_pdf(generate_hearing(f"hearing{i:03d}", seed=i, words=args.words), path)
        paths.append(path)
    print(f"generated {args.count} PDFs in {time.monotonic() - started:.0f} s", file=sys.stderr, flush=True)

    create_database(args.pg)
    env = _setup_django(args, folder)
    import django
    import django_rq
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from review import exporting, jobs, services, tallies
    from review.constants import ReviewStatus
    from review.models import Corpus, Document, Export, Mention

    call_command("migrate", verbosity=0, interactive=False)
    django_rq.get_queue("default").empty()
    workers = [  # long-lived, as in production: the export's helper checks run on them too
        subprocess.Popen([sys.executable, "manage.py", "rqworker", "default", "--worker-class", "rq.SimpleWorker", "--skip-checks"],
                         cwd=ROOT, env={**os.environ, **env, "PYTHONPATH": str(ROOT)})
        for _ in range(args.workers)
    ]
    corpus = Corpus.objects.create(name="scale")
    started = time.monotonic()
    documents, errors = services.create_documents(corpus, ((p.name, p.read_bytes()) for p in paths))
    for document in documents:
        jobs.enqueue_analysis(document)
    running = [Document.Status.UPLOADED, Document.Status.QUEUED, Document.Status.ANNOTATING]
    while Document.objects.filter(status__in=running).exists():
        time.sleep(0.5)
    imported = time.monotonic() - started
    statuses = dict(Document.objects.values_list("status").annotate(n=django.db.models.Count("id")))
    print(f"import: {args.count} PDFs x {args.words} words, {args.workers} workers: {imported:.0f} s "
          f"({imported / args.count:.1f} s per document; {statuses})", flush=True)

    admin = get_user_model().objects.create_superuser("boss", password="a-long-test-password-x")
    Mention.objects.update(status=ReviewStatus.ACCEPTED)
    Document.objects.filter(status__in=[Document.Status.READY, Document.Status.IN_REVIEW]).update(
        status=Document.Status.APPROVED, approved_by=admin
    )
    exported = list(Document.objects.values_list("pk", flat=True))
    copies = clone_documents(corpus, args.clone_to - len(exported))
    tallies.refresh(Document.objects.values_list("pk", flat=True), force=True)  # the updates above bypassed the services
    time_pages(corpus, admin, args.requests)
    if args.skip_export:
        for worker in workers:
            worker.terminate()
            worker.wait()
        return
    Document.objects.filter(pk__in=copies).delete()  # the export times the imported documents only
    started = time.monotonic()
    export = exporting.start_export(corpus, admin)
    if args.export_inline:  # in this process, without helpers
        status = exporting.run_export(export.pk)
    else:  # as the web starts it: a job on a worker, the other workers check documents for it
        jobs.enqueue_export(export.pk)
        while (status := Export.objects.get(pk=export.pk).status) in (Export.Status.QUEUED, Export.Status.RUNNING):
            time.sleep(0.5)
    exported_in = time.monotonic() - started
    print(f"export of {export.documents.count()} documents, no kept checks (cold): {exported_in:.0f} s "
          f"({exported_in / export.documents.count():.1f} s per document; {status})", flush=True)
    if not args.export_inline:  # the checks after each approval, on the workers, then the export again
        from review.models import DetectorCheck

        DetectorCheck.objects.all().delete()
        started = time.monotonic()
        queue = django_rq.get_queue("default")
        for pk in exported:
            queue.enqueue(jobs.after_approval, pk, result_ttl=600)
        while DetectorCheck.objects.count() < len(exported) and (queue.count or time.monotonic() - started < 5
                                                                 or queue.started_job_registry.count):
            time.sleep(0.5)
        checked = time.monotonic() - started
        print(f"after-approval jobs of {len(exported)} documents on {args.workers} workers: {checked:.0f} s "
              f"({checked / len(exported):.1f} s per document, off the export's path)", flush=True)
        started = time.monotonic()
        export = exporting.start_export(corpus, admin)
        jobs.enqueue_export(export.pk)
        while (status := Export.objects.get(pk=export.pk).status) in (Export.Status.QUEUED, Export.Status.RUNNING):
            time.sleep(0.5)
        exported_in = time.monotonic() - started
        print(f"export of {export.documents.count()} documents, checks kept after approval: {exported_in:.0f} s "
              f"({exported_in / export.documents.count():.1f} s per document; {status})", flush=True)
    for worker in workers:
        worker.terminate()
        worker.wait()


def _setup_django(args, folder: Path | None = None) -> dict:
    folder = folder or Path(tempfile.mkdtemp(prefix="scale-bench-"))
    env = {"DJANGO_SETTINGS_MODULE": "tests.settings", "DATABASE_URL": args.pg, "REDIS_URL": args.redis,
           "JOBS_MODE": "rq", "EXPORT_ROOT": str(folder / "exports")}
    os.environ.update(env)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    import django

    django.setup()
    return env


def time_pages(corpus, admin, requests: int) -> None:
    """Server time (``django.test.Client``, one process) of the list, its progress sort and the dashboard:
    the first request apart (cold caches of this process), then p50/p95 of ``requests`` more."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from review.models import Document

    client = Client()
    client.force_login(admin)
    count = Document.objects.count()
    pages = (("document list", reverse("review:documents")), ("list by progress", reverse("review:documents") + "?sort=progress"),
             ("dashboard", reverse("review:dashboard", args=[corpus.pk])))
    for name, url in pages:
        times = []
        for _ in range(requests + 1):
            with CaptureQueriesContext(connection) as queries:
                t = time.perf_counter()
                response = client.get(url)
                times.append((time.perf_counter() - t) * 1000)
                assert response.status_code == 200
        rest = sorted(times[1:]) or times
        p95 = rest[min(len(rest) - 1, round(0.95 * (len(rest) - 1)))]
        print(f"{name}: first {times[0]:.0f} ms, then p50 {statistics.median(rest):.0f} ms, p95 {p95:.0f} ms "
              f"({len(queries)} queries, {len(response.content) / 1000:.0f} kB) at {count} documents (target 300 ms)", flush=True)
    # one document changes (as a decision moves its version): its parts are rebuilt, its tally counted on the fly
    from django.db.models import F

    changed = Document.objects.order_by("pk").first()
    Document.objects.filter(pk=changed.pk).update(version=F("version") + 1)
    t = time.perf_counter()
    assert client.get(pages[-1][1]).status_code == 200
    print(f"dashboard after one document changed: {(time.perf_counter() - t) * 1000:.0f} ms", flush=True)


def review_trail(corpus, per_decision: int) -> None:
    """Every document of ``corpus`` reviewed: its mentions accepted ``per_decision`` at a time (one Decision
    each, a minute apart, by one of four annotators), then marked done and approved the next day."""
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.db import connection, transaction
    from django.db.models import Max

    from review.constants import Action
    from review.models import Decision, Document, Mention

    users = get_user_model()
    people = [users.objects.get_or_create(username=f"annotator{i}")[0] for i in range(4)]
    boss = users.objects.get(username="boss")
    start = dt.datetime(2026, 1, 5, 9, tzinfo=dt.timezone.utc)
    started = time.monotonic()
    for n, document in enumerate(Document.objects.filter(corpus=corpus).order_by("pk").only("pk", "version")):
        person, first = people[n % 4], Decision.objects.aggregate(m=Max("id"))["m"] or 0
        ids = list(Mention.objects.filter(document=document).order_by("start").values_list("pk", flat=True))
        rows = [Decision(document=document, user=person, action=Action.ACCEPT_ENTITY, target=f"document:{document.pk}",
                         summary="Accepted", version=document.version,
                         before={"mentions": [{"ids": ids[i:i + per_decision], "set": {"status": "pending"}}]},
                         after={"mentions": [{"ids": ids[i:i + per_decision], "set": {"status": "accepted"}}]})
                for i in range(0, len(ids), per_decision)]
        rows += [Decision(document=document, user=person, action=Action.SUBMIT, target=f"document:{document.pk}"),
                 Decision(document=document, user=boss, action=Action.APPROVE, target=f"document:{document.pk}")]
        day = start + dt.timedelta(days=n // 8)
        with transaction.atomic():
            Decision.objects.bulk_create(rows, batch_size=1000)
            with connection.cursor() as cursor:  # created_at is auto_now_add: a minute apart, from the day's start
                cursor.execute("UPDATE review_decision SET created_at = %s + (id - %s) * interval '1 minute' "
                               "WHERE document_id = %s AND id > %s", [day, first, document.pk, first])
            Document.objects.filter(pk=document.pk).update(
                submitted_by=person, submitted_at=day + dt.timedelta(minutes=len(rows) - 1),
                approved_by=boss, approved_at=day + dt.timedelta(days=1), status=Document.Status.APPROVED)
    print(f"review trail: {Decision.objects.count()} decisions in {time.monotonic() - started:.0f} s", flush=True)
    keep_parts(corpus)


def keep_parts(corpus) -> None:
    """Every document's dashboard parts kept in the database, as the job after each approval keeps them."""
    from review import annotator_quality, trail
    from review.models import Document

    started = time.monotonic()
    ids = list(Document.objects.filter(corpus=corpus).values_list("pk", flat=True))
    for i in range(0, len(ids), 50):
        trail.keep_flows(ids[i:i + 50])
        annotator_quality.keep_parts(ids[i:i + 50])
    print(f"dashboard parts kept (the after-approval jobs' share): {(time.monotonic() - started) / len(ids) * 1000:.0f} ms "
          f"per document", flush=True)


def clone_documents(corpus, count: int) -> list[int]:
    """``count`` more approved documents copied row by row from the imported ones (no pipeline run)."""
    from review.models import Document, Entity, Mention

    sources = list(Document.objects.filter(corpus=corpus).order_by("pk"))
    created: list[int] = []
    for i in range(max(count, 0)):
        source = sources[i % len(sources)]
        copy = Document.objects.get(pk=source.pk)
        copy.pk, copy.title, copy.neutral_id = None, f"{source.title} copy {i}", ""
        copy.save(force_insert=True)
        entities = list(Entity.objects.filter(document=source).order_by("pk"))
        old = [e.pk for e in entities]
        for e in entities:
            e.pk, e.document = None, copy
        new = {o: e.pk for o, e in zip(old, Entity.objects.bulk_create(entities))}
        mentions = list(Mention.objects.filter(document=source))
        for m in mentions:
            m.pk, m.document, m.entity_id = None, copy, new.get(m.entity_id)
        Mention.objects.bulk_create(mentions, batch_size=1000)
        created.append(copy.pk)
    return created


if __name__ == "__main__":
    main()
