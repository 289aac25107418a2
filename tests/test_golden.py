"""Golden test: a refactor changes nothing it does not mean to.

Hearings generated with a fixed seed go through the whole path — ingest (text and PDF), the
automatic pass, pseudonymization in both tag styles, the batch command's files, a scripted
review in the app (accept, reject, relabel, rename, merge, add, whitelist) and a corpus export
— and the SHA-256 of every output is compared with ``tests/golden/hashes.json``.

A change that alters an output on purpose regenerates the file with
``GOLDEN_UPDATE=1 .venv/bin/python -m pytest tests/test_golden.py`` and explains the diff in
its commit message.
"""
from __future__ import annotations

import hashlib
import json
import os
import zipfile
from pathlib import Path

import pytest

HASHES = Path(__file__).parent / "golden" / "hashes.json"
SEED = 20261123
WORDS = 3500
UPDATE = os.environ.get("GOLDEN_UPDATE") == "1"

pytestmark = pytest.mark.slow


def sha(data: bytes | str) -> str:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def compare(section: str, actual: dict[str, str]) -> None:
    stored = json.loads(HASHES.read_text(encoding="utf-8")) if HASHES.exists() else {}
    if UPDATE:
        stored[section] = dict(sorted(actual.items()))
        HASHES.parent.mkdir(parents=True, exist_ok=True)
        HASHES.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return
    expected = stored.get(section)
    assert expected is not None, f"no golden hashes for {section!r}: run with GOLDEN_UPDATE=1"
    changed = sorted(k for k in expected.keys() | actual.keys() if expected.get(k) != actual.get(k))
    assert not changed, f"golden outputs changed in {section}: {changed}"


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory) -> Path:
    from fixtures.generate import write_corpus

    out = tmp_path_factory.mktemp("golden")
    write_corpus(out, count=4, seed=SEED, words=WORDS, layout="mixed", pdf=True)
    return out


def test_it_keeps_the_batch_outputs(corpus_dir, config, tmp_path):
    """Text and PDF inputs, both tag styles: every file the ``anonymize`` command writes."""
    from anonymizer import batch

    inputs = [corpus_dir / "text" / "hearing_01.txt", corpus_dir / "text" / "hearing_02.txt",
              corpus_dir / "pdf" / "hearing_03.pdf", corpus_dir / "pdf" / "hearing_04.pdf"]
    actual: dict[str, str] = {}
    for style in ("parts", "referent"):
        out = tmp_path / style
        result = batch.run(inputs, out, config, style=style, jobs=1, neutral_names=False)
        assert not result.failures
        for path in sorted(out.rglob("*")):
            if path.is_file():
                actual[f"{style}/{path.relative_to(out).as_posix()}"] = sha(path.read_bytes())
    compare("batch", actual)


def test_it_keeps_the_core_export_helpers(corpus_dir, pipeline):
    """CoNLL, leak scan and Table 6 rows of the pure export helpers."""
    from anonymizer import export as core
    from anonymizer.ingest import load
    from anonymizer.pseudonymize import pseudonymize

    actual: dict[str, str] = {}
    for path in sorted((corpus_dir / "text").glob("*.txt"))[:2]:
        analysis = pipeline.run(load(path))
        result = pseudonymize(analysis.transcript.text, analysis.mentions, analysis.entities, style="parts")
        actual[f"{path.stem}/pseudonymized"] = sha(result.text)
        actual[f"{path.stem}/analysis"] = sha(json.dumps(
            [[m.start, m.end, m.label, list(m.sources), m.entity, m.confidence] for m in analysis.mentions]
            + [[e.id, e.label, e.category, e.name] for e in analysis.entities]))
        actual[f"{path.stem}/key"] = sha(json.dumps(result.key, sort_keys=True, default=str))
    compare("core", actual)


@pytest.mark.django_db
def test_it_keeps_a_reviewed_export(corpus_dir, pipeline, settings, tmp_path, monkeypatch, django_user_model):
    """Import, a scripted review through the services, approval and the export archives."""
    from review import exporting, jobs, pipelines, services
    from review.models import Corpus, Document, ReviewStatus

    settings.EXPORT_ROOT = tmp_path / "exports"
    settings.JOBS_INLINE = True
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    annotator = django_user_model.objects.create_user("golden-annotator", password="a-long-test-password")
    admin = django_user_model.objects.create_user("golden-admin", password="a-long-test-password", is_staff=True)
    corpus = Corpus.objects.create(name="Golden", consistent_pseudonyms=True)
    files = [(p.name, p.read_bytes()) for p in sorted((corpus_dir / "text").glob("*.txt"))[:2]]
    files.append(("hearing_03.pdf", (corpus_dir / "pdf" / "hearing_03.pdf").read_bytes()))
    documents, errors = services.create_documents(corpus, files)
    assert not errors
    for document in documents:
        jobs.enqueue_analysis(document)
        document.refresh_from_db()
        assert document.status == Document.Status.READY, document.failure_reason
    _scripted_review(documents[0], annotator, services)
    for document in documents:
        document.refresh_from_db()
        document.mentions.filter(status=ReviewStatus.PENDING).update(status=ReviewStatus.ACCEPTED)
        Document.objects.filter(pk=document.pk).update(status=Document.Status.APPROVED, approved_by=admin)
    export = exporting.start_export(corpus, admin)
    exporting.run_export(export.pk)
    export.refresh_from_db()
    index = {document.pk: i for i, document in enumerate(documents)}  # database ids differ from run to run
    from review.models import Entity

    entities = {pk: i for i, pk in enumerate(Entity.objects.filter(document__corpus=corpus).order_by("pk")
                                             .values_list("pk", flat=True))}  # ids differ by database
    leaks = [{**leak, "document": index[leak["document"]],
              **({"source": index.get(leak["source"])} if "source" in leak else {}),
              **({"entity": entities.get(leak["entity"])} if leak.get("entity") is not None else {})}
             for leak in export.leaks or []]
    actual: dict[str, str] = {"status": sha(export.status), "leaks": sha(json.dumps(leaks, sort_keys=True))}
    if export.status == export.Status.BLOCKED:  # the scripted review rejects a real name on purpose
        exporting.override(export.pk, admin, "golden test: the rejected name is expected")
        exporting.run_export(export.pk)
        export.refresh_from_db()
    assert export.archive_path and export.keys_path, export.status
    for kind, path in (("corpus", export.archive_file), ("keys", export.keys_file)):
        if not path:
            continue
        with zipfile.ZipFile(path) as archive:
            for name in sorted(archive.namelist()):
                data = archive.read(name)
                if name == "manifest.json":
                    data = json.dumps(_stable_manifest(json.loads(data)), sort_keys=True).encode()
                elif kind == "keys":
                    data = json.dumps(_ranked_ids(json.loads(data)), sort_keys=True).encode()
                actual[f"{kind}/{_stable_name(name, documents)}"] = sha(data)
    compare("review", actual)


def _stable_name(name: str, documents) -> str:
    """Archive member names may carry database ids; replace them by the document's index."""
    for index, document in enumerate(documents):
        name = name.replace(f"-{document.pk}.", f"-doc{index}.").replace(f"_{document.pk}.", f"_doc{index}.")
    return name


VOLATILE = {"created", "exported_at", "when", "approved_at", "approved_by", "id", "export", "export_id",
            "document_id", "software", "versions", "checksums", "sha256", "time", "started", "finished"}


def _stable_manifest(data):
    """The manifest without times, database ids and versions (they differ from run to run)."""
    if isinstance(data, dict):
        return {k: _stable_manifest(v) for k, v in data.items() if k not in VOLATILE}
    if isinstance(data, list):
        return [_stable_manifest(v) for v in data]
    return data


ID_FIELDS = ("entity", "document")


def _ranked_ids(data):
    """Key files name entities and documents by database id: replace each id by its rank (same order)."""
    seen: dict[str, set[int]] = {field: set() for field in ID_FIELDS}

    def collect(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ID_FIELDS and isinstance(v, int):
                    seen[k].add(v)
                collect(v)
        elif isinstance(node, list):
            for v in node:
                collect(v)

    collect(data)
    rank = {field: {v: i for i, v in enumerate(sorted(values))} for field, values in seen.items()}

    def rewrite(node):
        if isinstance(node, dict):
            return {k: rank[k][v] if k in ID_FIELDS and isinstance(v, int) else rewrite(v) for k, v in node.items()}
        if isinstance(node, list):
            return [rewrite(v) for v in node]
        return node

    return rewrite(data)


def _scripted_review(document, user, services) -> None:
    """A deterministic review touching every action kind once."""
    from review.models import ReviewStatus

    def version() -> int:
        document.refresh_from_db(fields=["version"])
        return document.version

    people = list(document.entities.filter(label="PERSON").order_by("id"))
    places = list(document.entities.filter(label="LOCATION").order_by("id"))
    assert len(people) >= 4
    services.set_entity_status(document.pk, version(), user, people[0].pk, ReviewStatus.ACCEPTED)
    services.set_entity_status(document.pk, version(), user, people[1].pk, ReviewStatus.REJECTED)
    services.rename_tag(document.pk, version(), user, people[2].pk, "WITNESS_2B")
    services.merge_entities(document.pk, version(), user, people[3].pk, people[2].pk)
    if places:
        services.relabel_entity(document.pk, version(), user, places[0].pk, "ORGANIZATION")
    mention = document.mentions.filter(status=ReviewStatus.PENDING).order_by("start").first()
    services.set_mention_status(document.pk, version(), user, mention.pk, ReviewStatus.REJECTED)
    text = document.text
    start = text.index("the Board")
    services.add_mentions(document.pk, version(), user, [(start + 4, start + 9)], "ORGANIZATION", None)
    services.whitelist_term(document.pk, version(), user, "Board")
    services.undo(document.pk, version(), user)
