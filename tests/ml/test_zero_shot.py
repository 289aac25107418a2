"""ZeroShotCategorizer (anonymizer.categorize) on a tiny NLI model built in conftest.py.

The model's entailment logit rises only with the word "prison" in the pair, so among the
ORGANIZATION candidates the hypothesis "<name> is a prison." wins whatever the premise.
"""
from __future__ import annotations

import pytest

pytest.importorskip("torch")  # runs in .venv-ml (make test-ml)
pytest.importorskip("transformers")

from anonymizer.categorize import ZeroShotCategorizer


@pytest.fixture(scope="session")
def categorizer(nli_model_dir) -> ZeroShotCategorizer:
    return ZeroShotCategorizer(nli_model_dir)


def test_it_asks_the_model_when_the_gazetteers_know_nothing(categorizer):
    assert categorizer("ORGANIZATION", "Acme Widgets", "he works at Acme Widgets.") == "PRISON"


def test_it_uses_the_name_as_premise_without_context(categorizer):
    assert categorizer("ORGANIZATION", "Acme Widgets") == "PRISON"


@pytest.mark.parametrize(
    ("label", "name", "expected"),
    [
        ("LOCATION", "California", "STATE"),
        ("ORGANIZATION", "Lincoln High School", "SCHOOL"),
        ("PERSON", "Mary Roe", "PERSON"),
        ("DATE", "May 1, 2001", "DATE"),
    ],
)
def test_it_keeps_the_gazetteer_answer_without_the_model(nli_model_dir, label, name, expected):
    fresh = ZeroShotCategorizer(nli_model_dir)
    assert fresh(label, name) == expected
    assert fresh._pipeline is None  # the model was never loaded


def test_it_falls_back_to_the_coarse_label_below_min_score(nli_model_dir):
    unsure = ZeroShotCategorizer(nli_model_dir, min_score=0.999999)
    assert unsure("ORGANIZATION", "Acme Widgets") == "ORGANIZATION"


def test_it_scores_the_prison_hypothesis_highest(categorizer):
    classifier = categorizer._classifier()
    result = classifier("Acme Widgets", candidate_labels=["prison", "school", "gang"], hypothesis_template="{}")
    assert result["labels"][0] == "prison"
    assert result["scores"][0] > 0.9 and result["scores"][0] == pytest.approx(1 - sum(result["scores"][1:]))
