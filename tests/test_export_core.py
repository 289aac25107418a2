"""anonymizer.export: CoNLL, the leak scan, Table 6 statistics, the corpus key (pure, no Django)."""
from __future__ import annotations

import pytest

from anonymizer.export import (
    Tagged,
    conll,
    corpus_key,
    detector_leaks,
    statistics,
    statistics_csv,
)
from anonymizer.leakgate import Gate, surface_terms

OUT = "INMATE [PERSON_1]: I was in [CITY_1] on [MONTH] [DAY], [YEAR].\n\nCOMMISSIONER [PERSON_2]: Thanks.\n"


def tags_of(text: str, labels: dict[str, str]) -> list[Tagged]:
    spans, cursor = [], 0
    for tag, label in labels.items():
        start = text.index(tag, cursor)
        cursor = start + len(tag)
        spans.append(Tagged(start, cursor, label, tag))
    return spans


def test_it_writes_one_sentence_per_utterance_with_bio_labels():
    tagged = tags_of(OUT, {"[PERSON_1]": "PERSON", "[CITY_1]": "LOCATION", "[MONTH] [DAY], [YEAR]": "DATE",
                           "[PERSON_2]": "PERSON"})
    sentences = conll(OUT, tagged).split("\n\n")
    assert len(sentences) == 2
    assert sentences[0].splitlines() == [
        "INMATE O", "[PERSON_1] B-PERSON", ": O", "I O", "was O", "in O", "[CITY_1] B-LOCATION", "on O",
        "[MONTH] B-DATE", "[DAY] I-DATE", ", I-DATE", "[YEAR] I-DATE", ". O",
    ]
    assert sentences[1] == "COMMISSIONER O\n[PERSON_2] B-PERSON\n: O\nThanks O\n. O\n"


def test_it_starts_a_new_chunk_for_adjacent_tags():
    out = "[PERSON_1] [PERSON_2] said so."
    lines = conll(out, tags_of(out, {"[PERSON_1]": "PERSON", "[PERSON_2]": "PERSON"})).splitlines()
    assert lines[:2] == ["[PERSON_1] B-PERSON", "[PERSON_2] B-PERSON"]


@pytest.mark.parametrize(
    ("surfaces", "text", "hits"),
    [
        ([("PERSON", "Richardson")], "INMATE RICHARDSON: yes. Richardson's car. richardsons.", ["RICHARDSON", "Richardson"]),
        ([("PERSON", "Kevin Richardson")], "Kevin  Richardson came; Kevin came.", ["Kevin  Richardson", "Kevin"]),
        ([("PERSON", "Young")], "A young man, Mr. Young, YOUNG.", ["Young", "YOUNG"]),
        ([("PERSON", "Doe")], "That's d-o-e, or D O E.", ["d-o-e", "D O E"]),
        ([("ORGANIZATION", "Dr."), ("AGE", "15"), ("PERSON", "Al")], "Dr. Al said 15 years.", []),
        ([("LOCATION", "California")], "The California Department of Corrections and Rehabilitation, California.",
         ["California"]),
        # a tag-shaped [RUFF] the export did not write is text (tests/test_leak_gate_disguise.py)
        ([("PERSON", "Ruff")], "[PERSON_1] and [RUFF] here.", ["RUFF"]),
    ],
)
def test_it_finds_known_surface_forms_in_the_output(surfaces, text, hits):
    found = Gate(surface_terms(surfaces)).matches(text)
    assert [text[start:end] for start, end, _ in found] == hits


def test_it_reports_line_and_snippet():
    text = "line one\nINMATE: Richardson was here.\n"
    (leak,) = Gate(surface_terms([("PERSON", "Richardson")])).scan_text("text/hearing_0001.txt", text)
    assert (leak.line, leak.kind, leak.text) == (2, "surface", "INMATE: Richardson was here.")


def test_it_keeps_only_detector_hits_of_direct_identifiers_outside_tags():
    text = "INMATE [PERSON_1]: Jonathan Whitfield, AB1234, in Fresno on Monday.\n"
    hits = [
        (7, 17, "PERSON"),  # the tag itself
        (19, 37, "PERSON"),
        (39, 45, "CDCR_ID"),
        (50, 56, "LOCATION"),
        (60, 66, "DATE"),
    ]
    leaks = detector_leaks(text, hits)
    assert [(text[x.start:x.end], x.label) for x in leaks] == [("Jonathan Whitfield", "PERSON"), ("AB1234", "CDCR_ID")]


def test_it_computes_table_6():
    stats = statistics({"a": (1000, ["PERSON"] * 30 + ["DATE"] * 3), "b": (3000, ["PERSON"] * 10)})
    assert stats["files"] == 2 and stats["tokens"] == 4000
    assert stats["labels"]["PERSON"] == {"total": 40, "average_per_file": 20.0, "per_1000_tokens": 10.0}
    assert stats["labels"]["DATE"] == {"total": 3, "average_per_file": 1.5, "per_1000_tokens": 0.75}
    assert stats["labels"]["URL"]["total"] == 0
    assert stats["per_file"]["a"] == {"tokens": 1000, "tags": 33, "labels": {"DATE": 3, "PERSON": 30}}
    csv = statistics_csv(stats).splitlines()
    assert csv[1] == "PERSON,40,20.00,10.0000" and csv[-1] == "TOTAL,43,21.50,10.7500"
    assert statistics({})["total"] == {"total": 0, "average_per_file": 0.0, "per_1000_tokens": 0.0}


def test_it_merges_document_keys_by_tag_when_tags_are_shared():
    a = [{"label": "PERSON", "category": "PERSON", "tags": ["[PERSON_1]", "[PERSON_2]"], "surface_forms": ["Mary Roe"]}]
    b = [{"label": "PERSON", "category": "PERSON", "tags": ["[PERSON_2]"], "surface_forms": ["ROE", "Mary Roe"]}]
    assert corpus_key({"a.txt": a, "b.txt": b}, shared_tags=True) == [
        {"tag": "[PERSON_1]", "label": "PERSON", "category": "PERSON", "surface_forms": ["Mary Roe"]},
        {"tag": "[PERSON_2]", "label": "PERSON", "category": "PERSON", "surface_forms": ["Mary Roe", "ROE"]},
    ]
    per_file = corpus_key({"a.txt": a, "b.txt": b}, shared_tags=False)
    assert [(row["file"], row["tag"]) for row in per_file] == [
        ("a.txt", "[PERSON_1]"), ("a.txt", "[PERSON_2]"), ("b.txt", "[PERSON_2]")
    ]


def test_it_reports_one_finding_where_terms_of_two_documents_match_the_same_span():
    from anonymizer.leakgate import Term

    terms = [Term("surface", "LOCATION", "93179", 1), Term("surface", "CDCR_ID", "W93179", 2)]
    found = Gate(terms).matches("Zip 93179 here.")
    assert [(start, end, term.document) for start, end, term in found] == [(4, 9, 1)]


@pytest.mark.parametrize(("member", "hits"), [
    ({"annotations": [{"start": 93179, "end": 93185, "tag": "[CITY_1]"}]}, []),  # an offset, not a ZIP code
    ({"annotations": [{"start": 1, "end": 6, "tag": "93179"}]}, ["93179"]),
    ({"93179": 1}, ["93179"]),  # keys are text
])
def test_it_searches_the_strings_of_a_json_member_not_its_numbers(member, hits):
    import json

    from anonymizer.leakgate import Term

    gate = Gate([Term("surface", "LOCATION", "93179", 1)])
    findings = gate.scan({"annotations.json": json.dumps(member).encode()})
    assert [f.text for f in findings] == hits


@pytest.mark.parametrize(("surfaces", "text", "hits"), [
    # the stop or small words a span took in by mistake are no terms of their own
    ([("PERSON", "I'm Marisol Quintanilla")], "I'm ready. I'm Marisol Quintanilla. Marisol came.",
     ["I'm Marisol Quintanilla", "Marisol"]),
    ([("PERSON", "one Rose")], "That one is Rose, not one.", ["Rose"]),
    # two letters spell a name only joined by a hyphen
    ([("PERSON", "Ma"), ("PERSON", "Si")], "I'm a man. He was 20 years. I left. M-A.", ["M-A"]),
])
def test_it_searches_no_stop_word_or_stray_letter_pair_as_a_name(surfaces, text, hits):
    found = Gate(surface_terms(surfaces)).matches(text)
    assert [text[start:end] for start, end, _ in found] == hits


def test_it_matches_a_name_the_archive_writes_as_a_small_word_only_capitalised():
    from anonymizer.leakgate import Term

    members = {f"text/hearing_000{i}.txt": b"I changed the way I think." for i in range(1, 4)}
    members["text/hearing_0004.txt"] = b"Mr. Way said it. The way was long. way"
    gate = Gate([Term("surface", "PERSON", "Way", 1), Term("surface", "PERSON", "Quintanilla", 2)])
    found = [(f.member, f.text) for f in gate.scan(members)]
    assert found == [("text/hearing_0004.txt", "Mr. Way said it. The way was long. way")]  # "Way" only
    gate = Gate([Term("surface", "PERSON", "Way", 1)])  # one text: the small word may be the name
    assert len(gate.scan({"text/hearing_0004.txt": members["text/hearing_0004.txt"]})) == 3


def test_it_protects_a_hyphenated_whitelisted_term_in_the_conll_tokens():
    from anonymizer.leakgate import Term

    conll = "I O\nsign O\nup O\nfor O\nMedi O\n- O\nCal O\n. O\n\nCal O\ncame O\n"
    findings = Gate([Term("surface", "PERSON", "Cal Jones", 1)]).scan_conll("conll/hearing_0001.conll", conll)
    assert [f.line for f in findings] == [10]  # the name on its own, not the "Cal" of Medi-Cal
