"""The leak gate on correctly reviewed documents: false findings per approved document.

``benchmarks/review_effort.py --export`` (and ``tests/test_gate_reviewed.py``): the oracle reviews
every generated hearing to zero leaks and right labels (every gold letter under an accepted mention,
every other proposal rejected), a second user approves it, and each corpus is exported through the
leak gate (``review.exporting.run_export``, the app's own export job, detector re-run included). A
finding on such an export is false by construction (nothing of the gold is left): the target is
none. :func:`export_findings` returns them per document, by kind (``surface``, ``header``,
``file-name``, ``detector``) and label, and the matched form; printed by :func:`print_findings`.
The snippets and forms come from generated hearings only (real documents' findings are secret).

**Real transcripts** (``benchmarks/real_data.py``, ``REAL_TRANSCRIPTS_DIR``): the same on each excerpt, reviewed from
its hand rows (every mention over a ``mask`` row accepted, the rest rejected, missed gold added; ``either`` rows are no
gold), one corpus a document; the number of findings per part and document (issue 47: "a correctly reviewed real
hearing exports without an override"; the target is none). ``--forms`` also prints the tuned part's findings with
their forms, on the terminal only (never the held-back part's, never into a file of the repository):

    REAL_TRANSCRIPTS_DIR=/work/real_data .venv/bin/python benchmarks/export_gate.py --real [--forms]
"""
from __future__ import annotations

import tempfile
from collections import Counter
from pathlib import Path


def approve(document, annotator, second) -> None:
    """Mark done and approve (the four eyes: two users); a document approved already is left."""
    from review import services

    document.refresh_from_db()
    if document.status == "approved":
        return
    outcome = services.submit(document.pk, document.version, annotator)
    services.approve(document.pk, outcome.document.version, second)


def export_findings(corpora, admin) -> dict:
    """Export each corpus (its approved documents) through the leak gate; the findings per document."""
    from django.conf import settings

    from review import exporting
    from review.models import Export

    settings.EXPORT_ROOT = Path(tempfile.mkdtemp(prefix="export-gate-"))
    documents: dict[str, dict] = {}
    for corpus in corpora:
        approved = list(exporting.approved_documents(corpus).values_list("pk", "title"))
        export = exporting.start_export(corpus, admin)
        status = exporting.run_export(export.pk)
        export.refresh_from_db()
        if status not in (Export.Status.DONE, Export.Status.BLOCKED):
            raise RuntimeError(f"export {export.pk} ended {status}: {export.failure_reason}")
        titles = dict(approved)
        for pk, title in approved:
            documents[title] = {"findings": 0, "kinds": Counter(), "forms": Counter()}
        for leak in export.leaks or []:
            row = documents.setdefault(titles.get(leak["document"], str(leak["document"])),
                                       {"findings": 0, "kinds": Counter(), "forms": Counter()})
            row["findings"] += 1
            row["kinds"][f"{leak['kind']} {leak['label']}"] += 1
            row["forms"][leak.get("form") or leak["text"]] += 1
    total = sum(r["findings"] for r in documents.values())
    return {"documents": len(documents), "findings": total,
            "per_document": round(total / len(documents), 2) if documents else 0.0,
            "blocked_documents": sum(1 for r in documents.values() if r["findings"]),
            "by_document": {t: {"findings": r["findings"], "kinds": dict(r["kinds"]), "forms": dict(r["forms"])}
                            for t, r in documents.items()}}


def print_findings(result: dict) -> None:
    print(f"leak gate on {result['documents']} correctly reviewed, approved document(s): {result['findings']} false "
          f"finding(s), {result['per_document']} per document; {result['blocked_documents']} document(s) with any "
          "(target: none)")
    for title, row in result["by_document"].items():
        if row["findings"]:
            kinds = ", ".join(f"{k} {n}" for k, n in sorted(row["kinds"].items()))
            forms = ", ".join(f"{f!r} {n}" for f, n in Counter(row["forms"]).most_common(5))
            print(f"  {title}: {row['findings']} ({kinds}): {forms}")


# ------------------------------------------------------------------------------ real transcripts

#: a hand row's label -> the pass's (the rows name some kinds the pass files under a coarser label)
ROW_LABELS = {"CASE_NUMBER": "ID", "PSEUDONYM": "PERSON", "COUNTRY": "LOCATION", "RELIGION": "NRP",
               "DURATION": "DATE", "ADDRESS": "LOCATION", "EMAIL": "EMAIL_ADDRESS", "PHONE": "PHONE_NUMBER"}


def real_annotations(text: str, name: str, rows) -> list[dict]:
    """Gold annotations of a real excerpt from its hand rows: every place of a ``mask`` row (one entity a row);
    ``either`` and ``keep`` rows are no gold, so a correct review rejects what lies over them."""
    from benchmarks import real_data

    out = []
    for i, (row, where) in enumerate(real_data.placed(text, real_data.resolved(name, text, rows))):
        if row.kind != "mask":
            continue
        for start, end in where:
            out.append({"start": start, "end": end, "label": ROW_LABELS.get(row.label, row.label),
                        "entity_id": f"row{i}"})
    return out


def real_findings(parts=None) -> dict:
    """Each real excerpt (``benchmarks/real_data.py``) uploaded, reviewed correctly by the oracle (mentions over
    mask rows accepted, the rest rejected, missed gold added), approved and exported through the leak gate, one
    corpus a document: the findings per part (a finding on such an export is false: nothing of the gold is left)."""
    from benchmarks import oracle, real_data

    oracle.setup_django()
    from django.contrib.auth import get_user_model

    from review.models import Corpus

    User = get_user_model()
    annotator = User.objects.create_user("oracle", password="oracle-benchmark-password")
    second = User.objects.create_user("second", password="oracle-benchmark-password", is_staff=True)
    results = {}
    for part in parts or real_data.PARTS:
        corpora, leaking = [], 0
        for path, rows in real_data.documents(part):
            text = path.read_text(encoding="utf-8")
            corpus = Corpus.objects.create(name=f"real-{part}-{path.stem}")
            document = oracle.import_text(corpus, path.stem, text)
            result = oracle.review(document, real_annotations(text, path.stem, rows), annotator)
            leaking += result["leaks_final"]
            if not result["pending_final"]:
                approve(document, annotator, second)
            corpora.append(corpus)
        results[part] = export_findings(corpora, second)
        results[part]["reviews_left_leaking"] = leaking
    return results


def main(argv: list[str] | None = None) -> int:
    import argparse
    import sys

    parser = argparse.ArgumentParser(description="the leak gate on correctly reviewed real transcripts")
    parser.add_argument("--real", action="store_true", required=True,
                        help="the real excerpts of benchmarks/real_data.py (REAL_TRANSCRIPTS_DIR), both parts")
    parser.add_argument("--forms", action="store_true",
                        help="also the tuned part's findings with their forms (never the held-back part's)")
    args = parser.parse_args(argv)
    results = real_findings()
    for part, result in results.items():
        print(f"{part}: leak gate on {result['documents']} correctly reviewed real document(s): {result['findings']} "
              f"finding(s), {result['blocked_documents']} document(s) blocked; review left {result['reviews_left_leaking']} "
              "leaking run(s) (target: none)")
        for title, row in result["by_document"].items():
            print(f"  {title}: {row['findings']}" + (f" ({', '.join(f'{k} {n}' for k, n in sorted(row['kinds'].items()))})"
                                                     if part == "tuned" else ""))
        if args.forms and part == "tuned":
            print_findings(result)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
