"""``benchmarks/tab_roles.py``: the learned decision on a judgment's spans by their context role, on invented
judgments: the respondent state and the applicant's town it reads, the features it gives a span, a tiny model
it trains, the folds it keeps documents whole in and the decision it makes per entity."""
from __future__ import annotations

import pytest

from anonymizer import evaluate as ev
from benchmarks import tab_roles

OPENING = ("PROCEDURE\n\nThe case originated in an application (no. 12345/04) against the Republic of Freedonia lodged "
           "with the Court under Article 34 of the Convention by a Freedonian national, Mr Ali Veli (“the applicant”), "
           "on 1 March 2004.\n\nThe applicant was represented by Ms B. Cole, a lawyer practising in Portburg. The "
           "Freedonian Government (“the Government”) were represented by their Agent.\n\nTHE FACTS\n\nThe applicant "
           "was born in 1960 and lives in Ruritown.\n\nOn 3 May 1999 the Ruritown District Court dismissed his claim.\n")


@pytest.mark.parametrize("name", ["Freedonia", "Freedonian"])
def test_it_reads_the_respondent_state_of_a_judgment(name):
    assert name in tab_roles.parties(OPENING)


def test_it_reads_the_applicants_town_not_the_lawyers():
    assert tab_roles.homes(OPENING) == {"Ruritown"}


def _feats(surface: str, label: str, **kw) -> list[str]:
    start = OPENING.index(surface)
    return tab_roles.features(OPENING, start, start + len(surface), label, respondent=tab_roles.parties(OPENING),
                              home=tab_roles.homes(OPENING), **kw)


@pytest.mark.parametrize(("surface", "label", "feature"), [
    ("Freedonian Government", "ORGANIZATION", "respondent=1"),
    ("Freedonian", "NRP", "respondent=1"),
    ("Ruritown District Court", "ORGANIZATION", "home=1"),
    ("Ruritown District Court", "ORGANIZATION", "respondent=0"),
    ("Portburg", "LOCATION", "home=0"),
    ("Portburg", "LOCATION", "p2=practising in"),
    ("Portburg", "LOCATION", "section=procedure"),
    ("3 May 1999", "DATE", "section=facts"),
    ("3 May 1999", "DATE", "applicant=0"),
    ("1960", "DATE", "p2=born in"),
])
def test_it_gives_a_span_its_context_role(surface, label, feature):
    assert f"{label}|{feature}" in _feats(surface, label)


@pytest.mark.parametrize(("lexical", "feature"), [(False, "first=Xx"), (True, "first=ruritown")])
def test_it_reads_a_capitalised_word_as_its_shape_unless_told(lexical, feature):
    assert f"ORGANIZATION|{feature}" in _feats("Ruritown District Court", "ORGANIZATION", lexical=lexical)


def test_it_trains_a_tiny_model_that_tells_the_roles_apart():
    data = [(["LOCATION|p2=practising in", "all|p2=practising in"], 0)] * 20 + \
           [(["LOCATION|p2=lives in", "all|p2=lives in"], 1)] * 20
    weights = tab_roles.train(data, epochs=10)
    lawyer = tab_roles.probability(weights, ["LOCATION|p2=practising in", "all|p2=practising in"])
    home = tab_roles.probability(weights, ["LOCATION|p2=lives in", "all|p2=lives in"])
    assert lawyer < 0.2 < 0.8 < home


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_it_keeps_each_judgment_whole_in_one_fold(seed):
    names = [f"doc{i}" for i in range(13)]
    parts = tab_roles.folds(names, 5, seed)
    assert sorted(n for part in parts for n in part) == sorted(names) and len(parts) == 5


def _example(start, entity, kept, feats):
    return tab_roles.Example("doc", start, start + 4, "ORGANIZATION", entity, feats, 0, kept)


@pytest.mark.parametrize(("threshold", "add", "starts"), [
    (0.01, 0.99, [0, 10, 20]),    # no entity low enough to drop, no candidate sure enough to add
    (0.01, 0.5, [0, 10, 20, 40]),  # the sure candidate added, the unsure one not
    (0.6, 0.5, [0, 10, 40]),       # the entity whose every mention is low goes; a high mention keeps its entity's low one
])
def test_it_decides_per_entity(threshold, add, starts):
    weights = {"high": 3.0, "low": -3.0, "mid": 0.0}
    examples = [_example(0, "e1", True, ["high"]), _example(10, "e1", True, ["low"]), _example(20, "e2", True, ["mid"]),
                _example(30, "e3", False, ["low"]), _example(40, "e4", False, ["high"])]
    assert [s.start for s in tab_roles.decide(weights, examples, threshold, add)] == starts


def test_it_labels_a_mention_by_the_gold_it_overlaps():
    text = "On 3 May 1999 the Ruritown District Court dismissed it."
    gold = [ev.Span(3, 13, "DATETIME", "d", "QUASI"), ev.Span(18, 41, "ORG", "o", "NO_MASK")]
    mentions = [(3, 13, "DATE", 0), (18, 41, "ORGANIZATION", 1), (0, 2, "PERSON", 2)]
    examples, fixed = tab_roles.examples("doc", text, gold, mentions, [], lexical=False)
    assert [(x.label, x.y) for x in examples] == [("DATE", 1), ("ORGANIZATION", 0)]
    assert [s.label for s in fixed] == ["PERSON"]


@pytest.mark.parametrize(("own", "labels", "fixed"), [
    (True, [("DATE", 1), ("spacy_ORG", 0)], ["PERSON"]),
    (False, [("spacy_ORG", 0)], ["DATE", "PERSON"]),
])
def test_it_takes_as_candidates_only_what_the_pass_left(own, labels, fixed):
    text = "On 3 May 1999 the Ruritown District Court dismissed it."
    gold = [ev.Span(3, 13, "DATETIME", "d", "QUASI"), ev.Span(18, 41, "ORG", "o", "NO_MASK")]
    mentions = [(3, 13, "DATE", 0), (0, 2, "PERSON", 2)]
    spacy = [(3, 13, "DATE"), (14, 41, "ORG")]  # the first one the pass's own mention covers
    examples, kept = tab_roles.examples("doc", text, gold, mentions, spacy, lexical=False, own=own)
    assert [(x.label, x.y) for x in examples] == labels
    assert sorted(s.label for s in kept) == fixed
