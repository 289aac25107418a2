"""merge(): the paper's filtering rules, plus properties that must hold for any input."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anonymizer.detect.merge import merge, merge_adjacent_same_label
from anonymizer.types import Mention


def m(start: int, end: int, label: str = "PERSON", *sources: str, score: float = 0.85, confidence: int = 2):
    """A mention; sources default to spaCy."""
    return Mention(start, end, label, sources or ("spacy",), score=score, confidence=confidence)


def spans(mentions) -> list[tuple[int, int, str]]:
    return [(x.start, x.end, x.label) for x in mentions]


TEXT = "inmate Kevin Richardson, CDCR number L90314, at San Quentin State Prison today."
#       0123456789012345678901234567890123456789012345678901234567890123456789012345678


@pytest.mark.parametrize(
    ("mentions", "expected"),
    [
        # identical spans are one mention
        ([m(7, 23), m(7, 23, "PERSON", "presidio")], [(7, 23, "PERSON")]),
        # a rule's ID over the tagger's DATE on the same span ("badge 20-4471")
        ([m(37, 43, "DATE"), m(37, 43, "ID", "presidio")], [(37, 43, "ID")]),
        # same start, different end: keep the longer
        ([m(7, 12), m(7, 23)], [(7, 23, "PERSON")]),
        # same end, different start: keep the longer
        ([m(13, 23), m(7, 23)], [(7, 23, "PERSON")]),
        # partial overlap, same label: one span over the union
        ([m(7, 18), m(13, 23)], [(7, 23, "PERSON")]),
        # partial overlap, different labels, same trust: longer keeps all, the other the rest
        # (the comma a cut leaves in front of the rest is not kept)
        ([m(7, 23), m(13, 30, "LOCATION")], [(7, 23, "PERSON"), (25, 29, "LOCATION")]),
        # contained in a longer one of another label (same trust): the longer wins
        ([m(48, 72, "ORGANIZATION", "presidio"), m(48, 59, "LOCATION")], [(48, 72, "ORGANIZATION")]),
        # a rule mention inside a longer NER one wins its part, the NER keeps the rest
        ([m(30, 43, "PERSON"), m(37, 43, "CDCR_ID", "rule")], [(30, 36, "PERSON"), (37, 43, "CDCR_ID")]),
        # identical span, different labels, same trust: label priority (PERSON > LOCATION)
        ([m(13, 23, "LOCATION"), m(13, 23, "PERSON")], [(13, 23, "PERSON")]),
        # identical span: a header label beats an NER label of higher priority
        ([m(13, 23, "PERSON"), m(13, 23, "LOCATION", "header")], [(13, 23, "LOCATION")]),
        # leading/trailing whitespace is trimmed, whitespace-only spans vanish
        ([m(6, 24), m(44, 45)], [(7, 24, "PERSON")]),
        # non-overlapping mentions pass through, sorted
        ([m(37, 43, "CDCR_ID", "rule"), m(7, 23)], [(7, 23, "PERSON"), (37, 43, "CDCR_ID")]),
        # a title page's name inside a span two taggers agree on: the name first, and the taggers keep no piece of
        # role words only ("CDCR")
        ([m(7, 29, "ORGANIZATION", "spacy"), m(7, 29, "ORGANIZATION", "presidio"), m(7, 23, "PERSON", "header")],
         [(7, 23, "PERSON")]),
    ],
)
def test_it_applies_the_papers_filtering_rules(mentions, expected):
    assert spans(merge(mentions, TEXT)) == expected


def test_it_unions_sources_and_keeps_the_max_score():
    merged = merge([m(7, 23, "PERSON", "spacy", score=0.6), m(7, 23, "PERSON", "presidio", score=0.9)], TEXT)
    assert merged[0].sources == ("presidio", "spacy")
    assert merged[0].score == 0.9


@pytest.mark.parametrize(
    ("mentions", "confidence"),
    [
        ([m(7, 23, "PERSON", "spacy"), m(7, 23, "PERSON", "presidio")], 1),  # two NER tools agree
        ([m(7, 23, "PERSON", "spacy"), m(13, 23, "LOCATION", "presidio")], 1),  # absorbed mention agrees
        ([m(7, 23, "PERSON", "header", confidence=3)], 1),
        ([m(7, 23, "PERSON", "spacy"), m(7, 23, "PERSON", "rescan", confidence=3)], 2),  # min of inputs
        ([m(7, 23, "PERSON", "rescan", confidence=3), m(7, 12, "PERSON", "fuzzy", confidence=3)], 3),
    ],
)
def test_it_computes_the_confidence_of_merged_mentions(mentions, confidence):
    (merged,) = merge(mentions, TEXT)
    assert merged.confidence == confidence


def test_it_keeps_the_entity_only_when_all_inputs_agree():
    a = Mention(7, 23, "PERSON", ("spacy",), entity=4)
    assert merge([a, Mention(7, 12, "PERSON", ("presidio",), entity=4)], TEXT)[0].entity == 4
    assert merge([a, Mention(7, 12, "PERSON", ("presidio",), entity=5)], TEXT)[0].entity is None


def test_it_rejects_a_mention_beyond_the_text():
    with pytest.raises(ValueError):
        merge([m(70, 99)], TEXT)


@pytest.mark.parametrize(
    ("text", "mentions", "expected"),
    [
        ("John Doe said", [m(0, 4), m(5, 8)], [(0, 8, "PERSON")]),
        ("John Doe Smith", [m(9, 14), m(0, 4), m(5, 8)], [(0, 14, "PERSON")]),
        ("John  Doe", [m(0, 4), m(6, 9)], [(0, 4, "PERSON"), (6, 9, "PERSON")]),  # two spaces
        ("John\nDoe", [m(0, 4), m(5, 8)], [(0, 4, "PERSON"), (5, 8, "PERSON")]),  # a line break
        ("John Fresno", [m(0, 4), m(5, 11, "LOCATION")], [(0, 4, "PERSON"), (5, 11, "LOCATION")]),
    ],
)
def test_it_merges_adjacent_mentions_of_one_label(text, mentions, expected):
    assert spans(merge_adjacent_same_label(mentions, text)) == expected


def test_it_unions_sources_of_adjacent_mentions():
    (joined,) = merge_adjacent_same_label([m(0, 4, "PERSON", "spacy"), m(5, 8, "PERSON", "presidio")], "John Doe")
    assert joined.sources == ("presidio", "spacy")
    assert joined.confidence == 1


# ---------------------------------------------------------------- properties

LABELS = ("PERSON", "LOCATION", "DATE", "CDCR_ID", "ORGANIZATION")
SOURCE_SETS = (("spacy",), ("presidio",), ("rule",), ("header",), ("rescan",), ("presidio", "spacy"))


@st.composite
def documents(draw):
    text = draw(st.text(alphabet="ab .,\n", min_size=1, max_size=40))
    n = len(text)
    mentions = []
    for _ in range(draw(st.integers(0, 12))):
        start = draw(st.integers(0, n - 1))
        end = draw(st.integers(start + 1, n))
        mentions.append(
            Mention(
                start,
                end,
                draw(st.sampled_from(LABELS)),
                draw(st.sampled_from(SOURCE_SETS)),
                score=draw(st.sampled_from((0.5, 0.85, 1.0))),
                confidence=draw(st.integers(1, 3)),
            )
        )
    return text, mentions


def covered(mentions, text: str) -> set[int]:
    """The letters and digits under the mentions (white space and punctuation hold no personal data:
    a piece cut out of a longer span loses the ``. `` in front of it)."""
    return {i for x in mentions for i in range(x.start, x.end) if text[i].isalnum()}


@settings(max_examples=400, deadline=None)
@given(documents())
def test_it_returns_sorted_non_overlapping_trimmed_spans(doc):
    text, mentions = doc
    out = merge(mentions, text)
    for a, b in zip(out, out[1:]):
        assert a.end <= b.start
    for x in out:
        surface = text[x.start : x.end]
        assert surface and surface == surface.strip()


@settings(max_examples=400, deadline=None)
@given(documents())
def test_it_never_uncovers_a_character(doc):
    text, mentions = doc
    out = merge(mentions, text)
    assert covered(out, text) == covered(mentions, text)


@settings(max_examples=300, deadline=None)
@given(documents())
def test_it_is_idempotent(doc):
    text, mentions = doc
    once = merge(mentions, text)
    assert merge(once, text) == once


@settings(max_examples=300, deadline=None)
@given(documents(), st.randoms(use_true_random=False))
def test_it_does_not_depend_on_input_order(doc, rnd: random.Random):
    text, mentions = doc
    shuffled = list(mentions)
    rnd.shuffle(shuffled)
    assert merge(shuffled, text) == merge(mentions, text)


@settings(max_examples=200, deadline=None)
@given(documents())
def test_it_keeps_adjacent_merging_within_the_input_coverage(doc):
    text, mentions = doc
    merged = merge(mentions, text)
    joined = merge_adjacent_same_label(merged, text)
    for a, b in zip(joined, joined[1:]):
        assert a.end <= b.start
    assert covered(joined, text) - covered(merged, text) == set()
    assert covered(merged, text) <= covered(joined, text)


@pytest.mark.parametrize(
    ("sources", "confidence"),
    [
        (("header",), 1),
        (("rule",), 1),
        (("manual",), 1),
        (("spacy", "presidio"), 1),
        (("spacy",), 2),
        (("presidio", "rescan"), 2),
        (("rescan",), 3),
        ((), 3),
    ],
)
def test_it_has_one_confidence_rule_for_merge_and_normalize(sources, confidence):
    from anonymizer.detect import merge as merge_module
    from anonymizer import normalize as normalize_module
    from anonymizer.resolve import confidence_of

    assert confidence_of(sources) == confidence
    assert normalize_module.confidence_of is confidence_of
    assert merge_module.confidence_of is confidence_of
