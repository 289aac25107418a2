"""The Danish pass on documents written by hand (``tests/hand_da/``): court orders (domme, kendelser, a
fogedret's and a grundlovsforhør's), a municipality's letter, news items, a forum post. Every row of the tuning
part (``tuned/``) holds; the held-back part (``heldout/``, never tuned on) is held to the issue's targets only:
direct identifiers' characters >= 0.98, quasi-identifiers' >= 0.80, precision >= 0.85."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HAND = ROOT / "tests" / "hand_da"
ROWS = json.loads((HAND / "expected.json").read_text(encoding="utf-8"))
sys.path.insert(0, str(ROOT))

from benchmarks.quality_da import occurrences, run, score  # noqa: E402


@pytest.fixture(scope="module")
def spans_of():
    """The whole Danish pass's mentions of a text (``Pipeline(Config(language="da"))``), once per text."""
    from anonymizer.pipeline import Pipeline
    from anonymizer.types import Config, Transcript

    pipeline = Pipeline(Config(language="da"))
    cache: dict[str, list[tuple[int, int]]] = {}

    def spans(text: str) -> list[tuple[int, int]]:
        if text not in cache:
            cache[text] = [(m.start, m.end) for m in pipeline.run(Transcript(name="document", text=text)).mentions]
        return cache[text]

    return spans


#: rows of the tuning part the pass misses or masks against them, each with its reason (keep this short)
KNOWN = {
    "7-Eleven": "a chain's shop named by digits and a word: no rule, the NER does not know it",
    "Familiehuset": "a municipality's own house, taken for a place by the NER",
}
CASES = [pytest.param(name, kind, surface, marks=[pytest.mark.xfail(reason=KNOWN[surface], strict=True)]
                      if surface in KNOWN else [], id=f"{name[6:18]}:{surface}")
         for name, row in ROWS.items() if name.startswith("tuned/")
         for kind in ("direct", "quasi", "keep") for surface in row[kind]]


@pytest.mark.parametrize(("name", "kind", "surface"), CASES)
def test_it_masks_what_a_reader_would_in_a_danish_document(spans_of, name, kind, surface):
    text = (HAND / name).read_text(encoding="utf-8")
    covered = [False] * len(text)
    for start, end in spans_of(text):
        covered[start:end] = [True] * (end - start)
    places = occurrences(text, surface)
    assert places, f"{surface!r} is not in {name}"
    for at in places:
        letters = [covered[i] for i in range(at, at + len(surface)) if text[i].isalnum()]
        assert (all(letters) if kind != "keep" else not any(letters)), f"{kind} {surface!r} at {at}"




def test_it_meets_the_targets_on_the_held_back_danish_documents(spans_of):
    result = run(spans_of)["heldout"]
    assert result["documents"] >= 4
    assert result["direct_recall"] >= 0.98, result
    assert result["quasi_recall"] >= 0.80, result
    assert result["precision"] >= 0.85, result


def test_it_scores_letters_and_digits_of_every_occurrence():
    text = "Jens Hansen bor i Vejle. Jens kom."
    row = {"direct": ["Jens Hansen", "Jens"], "quasi": ["Vejle"], "keep": []}
    counts = score(text, [(0, 11), (18, 23), (25, 29)], row)
    assert (counts["direct"], counts["direct_hit"], counts["quasi_hit"], counts["masked_gold"]) == (14, 14, 5, 19)
    counts = score(text, [(0, 4), (12, 15)], row)
    assert counts["direct_hit"] == 4 and counts["masked"] == 7 and "direct:Jens Hansen" in counts["missed"]
