"""Where an import and an export spend their time, per document and per stage, in one process.

Less noisy than ``benchmarks/scale.py`` on a loaded machine: COUNT generated PDFs go through
the job path inline (``jobs.analyze_document``: PDF read in its limited child process, the
automatic pass, storing the analysis and corpus knowledge), every mention is accepted and
every document approved, then ``exporting.run_export`` runs in this process. cProfile's
cumulative times of the stage functions are printed per document, in seconds and as a
ratio to the automatic pass (``Pipeline.run``) measured in the same run; the first
document (models loading) is left out of the import figures.

    .venv/bin/python benchmarks/scale_profile.py --count 4 --pg postgres://postgres@127.0.0.1:5432/scale_profile
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

IMPORT_STAGES = {
    "read the PDF (child process)": ("anonymizer/ingest.py", "load_bytes"),
    "automatic pass": ("anonymizer/pipeline.py", "run"),
    "  detection": ("anonymizer/detect/__init__.py", "detect"),
    "store the analysis": ("review/services/importing.py", "apply_analysis"),
    "  corpus knowledge": ("review/services/knowledge.py", "learn_and_apply"),
}
EXPORT_STAGES = {
    "pseudonymize": ("review/registry.py", "document_pseudonymized"),
    "detector re-run": ("anonymizer/detect/__init__.py", "detect"),
    "archive members": ("review/exporting.py", "archive_members"),
    "archive-wide term scan": ("review/leakgate.py", "scan_archive"),
}


def cumulative(stats: pstats.Stats, path: str, function: str) -> float:
    return sum(row[3] for (file, _, name), row in stats.stats.items() if file.endswith(path) and name == function)


def report(title: str, profile: cProfile.Profile, total: float, count: int, stages: dict, unit: float) -> None:
    stats = pstats.Stats(profile)
    print(f"{title}: {total / count:.2f} s per document ({total / count / unit:.2f} x the automatic pass)")
    for label, (path, function) in stages.items():
        seconds = cumulative(stats, path, function) / count
        print(f"  {label:32} {seconds:6.2f} s  {seconds / unit:5.2f} x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=4)
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--pg", default="", help="a throw-away PostgreSQL database (default: SQLite in a temporary folder)")
    args = parser.parse_args()

    from fixtures.generate import generate_hearing, write_pdf

    folder = Path(tempfile.mkdtemp(prefix="scale-profile-"))
    paths = []
    for i in range(args.count):
        paths.append(folder / f"hearing{i:03d}.pdf")
        write_pdf(generate_hearing(f"hearing{i:03d}", seed=i, words=args.words), paths[-1])
    if args.pg:
        from benchmarks.load import create_database

        create_database(args.pg)
    os.environ.update({"DJANGO_SETTINGS_MODULE": "tests.settings", "JOBS_MODE": "inline", "EXPORT_ROOT": str(folder / "exports"),
                       "DATABASE_URL": args.pg or f"sqlite:///{folder / 'db.sqlite3'}"})
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from review import exporting, jobs, services
    from review.constants import ReviewStatus
    from review.models import Corpus, Document, Mention

    call_command("migrate", verbosity=0, interactive=False)
    corpus = Corpus.objects.create(name="profile")
    documents, _ = services.create_documents(corpus, ((p.name, p.read_bytes()) for p in paths))
    profile, total = cProfile.Profile(), 0.0
    for i, document in enumerate(documents):
        services.mark_queued(document)
        started = time.perf_counter()
        if i:
            profile.enable()
        jobs.analyze_document(document.pk)
        profile.disable()
        print(f"document {i}: {time.perf_counter() - started:.1f} s{' (models loading)' if not i else ''}", file=sys.stderr)
        total += (time.perf_counter() - started) if i else 0.0
    count = max(len(documents) - 1, 1)
    unit = cumulative(pstats.Stats(profile), "anonymizer/pipeline.py", "run") / count
    report("import", profile, total, count, IMPORT_STAGES, unit)

    admin = get_user_model().objects.create_superuser("boss", password="a-long-test-password-x")
    Mention.objects.update(status=ReviewStatus.ACCEPTED)
    Document.objects.update(status=Document.Status.APPROVED, approved_by=admin)
    export = exporting.start_export(corpus, admin)
    profile = cProfile.Profile()
    started = time.perf_counter()
    profile.enable()
    status = exporting.run_export(export.pk)
    profile.disable()
    report(f"export ({status})", profile, time.perf_counter() - started, len(documents), EXPORT_STAGES, unit)


if __name__ == "__main__":
    main()
