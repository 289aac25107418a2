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
    parser.add_argument("--export-inline", action="store_true",
                        help="run the export in this process (no helper checks on the workers)")
    args = parser.parse_args()

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
    env = {"DJANGO_SETTINGS_MODULE": "tests.settings", "DATABASE_URL": args.pg, "REDIS_URL": args.redis,
           "JOBS_MODE": "rq", "EXPORT_ROOT": str(folder / "exports")}
    os.environ.update(env)
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    import django

    django.setup()
    import django_rq
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from review import exporting, jobs, services
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
    client = Client()
    client.force_login(admin)
    for name, url in (("document list", reverse("review:documents")), ("dashboard", reverse("review:dashboard", args=[corpus.pk]))):
        times = []
        for _ in range(5):
            t = time.perf_counter()
            assert client.get(url).status_code == 200
            times.append((time.perf_counter() - t) * 1000)
        print(f"{name}: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms at "
              f"{Document.objects.count()} documents (target 300 ms)", flush=True)
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
    print(f"export of {export.documents.count()} documents: {exported_in:.0f} s "
          f"({exported_in / export.documents.count():.1f} s per document; {status})", flush=True)
    for worker in workers:
        worker.terminate()
        worker.wait()


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
