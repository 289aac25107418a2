"""Corpus-size throughput (issue 13): what an import and an export cost per document stays flat.

The word lists are read once per process, the leak gate's work per archive member does not
grow with the number of documents, and it still finds a leak deep in a big archive.
"""
from __future__ import annotations

import pytest

from anonymizer import leakgate
from anonymizer.lang.en import gazetteer, vocabulary


@pytest.mark.parametrize("filename", ["dist.male.first", "dist.female.first", "dist.all.last"])
def test_it_reads_each_census_list_once_per_process(filename):
    # first_name_sex asked for both lists once per name part: ~1.4 s of every import
    assert vocabulary.census_names(filename) is vocabulary.census_names(filename)


def big_archive(count: int, planted: int, leak: str) -> tuple[leakgate.Gate, dict[str, bytes], dict[str, int]]:
    """``count`` documents, each with its own person; document ``planted`` carries ``leak``."""
    surnames = sorted(n for n in gazetteer.last_names() if len(n) >= 6 and n.isalpha())[::50][:count]
    terms, members, owners = [], {}, {}
    for i, surname in enumerate(surnames):
        terms += leakgate.surface_terms([("PERSON", f"Dana {surname.capitalize()}")], i)
        terms += leakgate.header_terms({"cdcr_number": f"K{10000 + i}"}, i)
        text = "[PERSON_1]: Good morning, [PERSON_2].\n[PERSON_2]: The board read the file.\n" * 40
        if i == planted:
            text += leak.format(name=surname.capitalize(), spelled="-".join(surname.upper()), cdcr=f"K{10000 + i}") + "\n"
        members[f"text/hearing_{i:04d}.txt"] = text.encode()
        owners[f"text/hearing_{i:04d}.txt"] = i
    return leakgate.Gate(terms), members, owners


@pytest.mark.parametrize("leak, kind", [
    ("[PERSON_1]: I wrote to Mr. {name} last year.", "surface"),
    ("[PERSON_1]: That is {spelled}, sir.", "surface"),
    ("[PERSON_1]: My number is {cdcr}.", "header"),
])
def test_it_finds_a_leak_in_document_300_of_a_big_archive(leak, kind):
    gate, members, owners = big_archive(320, 300, leak)
    findings = gate.scan(members, owners)
    assert [(f.member, f.line, f.kind, f.document) for f in findings] == [("text/hearing_0300.txt", 81, kind, 300)]


def test_it_looks_for_whitelisted_terms_only_in_a_text_with_a_hit(monkeypatch):
    # the whitelist scan of a whole text cost more than the rest of the gate: a clean text skips it
    gate, members, owners = big_archive(5, 3, "[PERSON_1]: I wrote to {name}.")
    calls = []
    real = leakgate.protected_ranges
    monkeypatch.setattr(leakgate, "protected_ranges", lambda *a: calls.append(1) or real(*a))
    assert len(gate.scan(members, owners)) == 1
    assert len(calls) == 1  # the planted document only


@pytest.mark.parametrize("order", [("JOANNE", "ANNE"), ("ANNE", "JOANNE")])
def test_it_names_the_first_spelled_name_found_inside_a_longer_run(order):
    terms = [leakgate.Term("surface", "PERSON", name.capitalize(), i) for i, name in enumerate(order)]
    gate = leakgate.Gate(terms)
    found = gate.scan_text("text/a.txt", "[PERSON_1]: It is X-J-O-A-N-N-E-Q, sir.")
    assert [f.document for f in found] == [0]  # the earlier term, as the gate always chose


def analysis_with(count: int):
    from anonymizer.types import Analysis, Entity, Mention, Transcript

    text = "".join(f"PRESIDING COMMISSIONER RUFF: I met Person{i} Smith{i} today.\n" for i in range(count))
    mentions, entities = [], []
    for i in range(count):
        start = text.index(f"Person{i} ")
        entities.append(Entity(i, "PERSON", "PERSON", f"Person{i} Smith{i}"))
        mentions.append(Mention(start, start + len(f"Person{i} Smith{i}"), "PERSON", ("spacy",), entity=i))
    return Analysis(Transcript("t", text), tuple(mentions), tuple(entities))


@pytest.mark.django_db
def test_it_stores_an_analysis_in_as_many_queries_whatever_its_size():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from review import services
    from review.models import Corpus, Document

    corpus = Corpus.objects.create(name="c")
    counts = []
    for size in (5, 400):
        document = Document.objects.create(corpus=corpus, title=f"d{size}", original_name="d.txt", original=b"x")
        with CaptureQueriesContext(connection) as queries:
            services.apply_analysis(document, analysis_with(size))
        assert document.mentions.count() == size
        counts.append(len(queries))
    assert counts[0] == counts[1]
