"""Recognizers that try their patterns only at ``STARTS`` offsets, only on their ``ANCHORS``' lines or behind a
first character's look-ahead find exactly what a search finds."""
from __future__ import annotations

import pytest
import regex as re

from anonymizer.lang.en.recognizers import build_recognizers
from anonymizer.lang.rules import FLAGS
from fixtures.generate import generate_hearing
from tests.test_recognizers import TABLES
from tests.test_recognizers_names import NAME_TABLES

ANCHORED = [r for r in build_recognizers() if r.STARTS is not None]


def _found(recognizer, text: str, *, anchored: bool) -> list[tuple[int, int, float, str]]:
    if not anchored:
        recognizer.STARTS = None  # the instance searches like Presidio's PatternRecognizer
    try:
        results = recognizer.analyze(text, recognizer.supported_entities, None)
    finally:
        vars(recognizer).pop("STARTS", None)
    return sorted((r.start, r.end, r.score, r.analysis_explanation.pattern_name) for r in results)


def _texts(entity: str) -> list[str]:
    tables = {**TABLES, **NAME_TABLES}
    table = "\n".join(text for cls, rows in tables.items() if cls.ENTITY == entity for text, _ in rows)
    hearings = [generate_hearing(f"anchored_{i}", seed=500 + i, words=6000).text for i in range(3)]
    return [table, *hearings]


def test_it_anchors_at_least_the_age_recognizer():
    assert "AGE" in {r.supported_entities[0] for r in ANCHORED}


@pytest.mark.parametrize("recognizer", ANCHORED, ids=lambda r: r.name)
def test_it_finds_the_same_spans_at_the_starts_as_a_search_over_the_text(recognizer):
    for text in _texts(recognizer.supported_entities[0]):
        searched = _found(recognizer, text, anchored=False)
        assert searched, "a text without matches proves nothing"
        assert _found(recognizer, text, anchored=True) == searched


LINED = [r for r in build_recognizers() if r.ANCHORS]

#: invented lines each anchored pattern matches, at a text's start and end and beside lines it does not match
LINED_SENTENCES = [
    "The check came from Robert Bosch GmbH in the spring.",
    "He studied at San Jose State for two years.",
    "His number is Echo three three two three eight, I think.",
    "The award was EUR 12,000 in all.",
    "Write to lucia dot reyes at gmail dot com please.",
    "It was Ngata (ph) who drove.",
    "He ran with the Eastside Locos Gang back then.",
    "She lived in Kern County until 2010.",
    "He was given two years' imprisonment for it.",
    "The application against the State was lodged; the court sentenced him to life imprisonment.",
    "The letter went to 12 Mill Lane, Leeds LS1 4AB last year.",
    "My number is AB-12345, and Echo 3-3-2-3-8 was his.",
    "It was Victor Echo 33238 on the card.",
    "Look up lucia_reyes or MariaLopez88 at hopehouse.org/about today.",
    "It was on the 26th day of February, 2023, or June fifteenth, or MAY 3.",
]


def _lined(recognizer, text: str, *, lined: bool) -> list[tuple[int, int, float, str]]:
    if not lined:
        recognizer.ANCHORS = {}  # the instance searches each pattern over the whole text
    try:
        results = recognizer.analyze(text, recognizer.supported_entities, None)
    finally:
        vars(recognizer).pop("ANCHORS", None)
    return sorted((r.start, r.end, r.score, r.analysis_explanation.pattern_name) for r in results)


@pytest.mark.parametrize("recognizer", LINED, ids=lambda r: r.name)
def test_it_finds_the_same_spans_on_the_anchors_lines_as_over_the_text(recognizer):
    found: set[str] = set()
    for text in [*_texts(recognizer.supported_entities[0]), "\n".join(LINED_SENTENCES), " ".join(LINED_SENTENCES)]:
        searched = _lined(recognizer, text, lined=False)
        assert _lined(recognizer, text, lined=True) == searched
        found |= {name for *_, name in searched}
    assert set(recognizer.ANCHORS) <= found, "an anchored pattern that matched nothing proves nothing"


@pytest.mark.parametrize("sentence", LINED_SENTENCES)
def test_it_finds_an_anchored_pattern_at_the_start_middle_and_end_of_a_text(sentence):
    for text in (sentence, f"Okay.\n{sentence}\nYes.", f"Okay.\n\n{sentence}"):
        for recognizer in LINED:
            assert _lined(recognizer, text, lined=True) == _lined(recognizer, text, lined=False)


@pytest.mark.parametrize("recognizer", LINED, ids=lambda r: r.name)
def test_it_anchors_only_patterns_that_stay_on_one_line(recognizer):
    for pattern in recognizer.patterns:
        if pattern.name in recognizer.ANCHORS:  # a class of characters with the line break in it could cross one
            kept = re.sub(r"\[\^(?:\\.|[^\]\\])*\]", _without_break, pattern.regex)
            assert not re.search(r"\\[sSWDn]|\[\^", kept), pattern.name


def _without_break(negated) -> str:
    """A negated class without the line break in it, as ``""`` (it cannot cross a line); another is kept."""
    return "" if re.search(r"\\[sn]", negated.group()) else negated.group()


FIRSTED = [(r, p) for r in build_recognizers() for p in r.patterns if p.searched != p.regex]


def test_it_gives_some_patterns_a_first_character():
    assert {"numeric_mdy", "hour_am_pm", "phone_unbroken", "day_list_month", "named_number"} <= {p.name for _, p in FIRSTED}


@pytest.mark.parametrize("recognizer, pattern", FIRSTED, ids=lambda x: getattr(x, "name", ""))
def test_it_finds_the_same_matches_behind_the_first_characters_look_ahead(recognizer, pattern):
    plain = re.compile(pattern.regex, FLAGS)
    texts = [*_texts(recognizer.supported_entities[0]), "Call 5552345678 at 8 AM on 10/24/2024, the 3, 4 and 9 May.",
             "Call 916-555-0142 or +1 916 555 0142 about case F-2231 and 22/2001, file 12345, in May, on the 3rd and 4th.",
             "It was set up the 24th, 25th of May 1986, and the 3rd to 5th June."]
    spans = [[m.span() for m in plain.finditer(text)] for text in texts]
    assert any(spans), "a text without matches proves nothing"
    assert [[m.span() for m in pattern.compiled_regex.finditer(text)] for text in texts] == spans


def _sorted_alternation(forms, apostrophes: bool) -> str:
    escaped = (re.escape(f).replace(r"\ ", "[ ]") for f in forms)
    if apostrophes:
        escaped = (f.replace("'", "['’]") for f in escaped)
    return "(?:" + "|".join(sorted(escaped, key=len, reverse=True)) + ")"


def _nrp_forms() -> set[str]:
    from anonymizer.lang.en import gazetteer
    from anonymizer.lang.en.recognizers import nrp

    forms: set[str] = set()
    for term in gazetteer.nrp_terms():
        if term not in nrp._AMBIGUOUS:
            capitalised = re.sub(r"-(\w)", lambda m: "-" + m.group(1).upper(), " ".join(w[:1].upper() + w[1:] for w in term.split(" ")))
            forms |= {capitalised, term.upper()}
    return forms


def _trie_cases():
    from anonymizer.lang.en.recognizers import nrp, organization

    from anonymizer.lang.en import gazetteer
    from anonymizer.lang.en.recognizers import cdcr_institution as cdcr, gang

    heads = {*organization.HEADS, *(h.upper() for h in organization.HEADS)}
    gangs = {f for term in gazetteer.gangs() if term not in gang._AMBIGUOUS for f in gang._forms(term)}
    patterns = {p.name: p.regex for p in (*gang.PATTERNS, *cdcr.PATTERNS)}
    institution = cdcr.CdcrInstitutionRecognizer.ENTITY
    return [("NRP", nrp._NRP, nrp._alternation(), _sorted_alternation(_nrp_forms(), True)),
            ("ORGANIZATION", organization._ORG, organization._HEAD, _sorted_alternation(heads, False)),
            ("ORGANIZATION", organization._NAMED, organization._KNOWN, _sorted_alternation(gazetteer.organization_names(), True)),
            ("ORGANIZATION", patterns["gang_gazetteer"], gang._gazetteer(), _sorted_alternation(gangs, True)),
            *((institution, patterns[name], cdcr._alternation(names), _sorted_alternation({f for n in names for f in cdcr._forms(n)}, True))
              for name, names in (("cdcr_institution_name", cdcr._NAMES), ("cdcr_institution_alias", cdcr._SINGLE),
                                  ("cdcr_institution_alias_unit", cdcr._SINGLE)))]


TRIE_CASES = _trie_cases()


@pytest.mark.parametrize("entity, pattern, trie, alternation", TRIE_CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(TRIE_CASES)])
def test_it_finds_the_same_matches_with_a_trie_as_with_the_alternation_sorted_longest_first(entity, pattern, trie, alternation):
    assert trie in pattern and trie != alternation
    texts = [*_texts(entity), "Serbs and Serb and SERBS came. The Jehovah's Witnesses and Jehovah’s Witness met at Hope Valley Trucking Company.",
             "He paroled from Avenal State Prison to the Salvation Army, then AVENAL STATE PRISON again; Avenal Yard B."]
    new, old = re.compile(pattern, FLAGS), re.compile(pattern.replace(trie, alternation), FLAGS)
    spans = [[m.span() for m in old.finditer(text)] for text in texts]
    assert any(spans)
    assert [[m.span() for m in new.finditer(text)] for text in texts] == spans
