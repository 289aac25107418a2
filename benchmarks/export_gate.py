"""The leak gate on correctly reviewed documents: false findings per approved document.

``benchmarks/review_effort.py --export`` (and ``tests/test_gate_reviewed.py``): the oracle reviews
every generated hearing to zero leaks and right labels (every gold letter under an accepted mention,
every other proposal rejected), a second user approves it, and each corpus is exported through the
leak gate (``review.exporting.run_export``, the app's own export job, detector re-run included). A
finding on such an export is false by construction (nothing of the gold is left): the target is
none. :func:`export_findings` returns them per document, by kind (``surface``, ``header``,
``file-name``, ``detector``) and label, and the matched form; printed by :func:`print_findings`.
The snippets and forms come from generated hearings only (real documents' findings are secret).
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
