"""A place's name joined to a river's or a region's by a small word (``Hastings-on-Hudson``) is one name: the
re-scan of a known name part never masks its piece alone (``anonymizer.normalize.rescan._place_compound``), so a
review that accepts the piece does not make every other ``Hudson`` a finding."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

OPENING = ("PRESIDING COMMISSIONER SMITH: We are here with Mr. Thomas Hudson and Ms. Carla Avon.\n"
           "INMATE HUDSON: Good morning.\n")


@pytest.mark.parametrize(("body", "word", "covered"), [
    ("DEPUTY COMMISSIONER JONES: You lived at Hastings-on-Hudson then?\n", "Hudson", "Hastings-on-Hudson"),
    ("DEPUTY COMMISSIONER JONES: She moved to Stratford-upon-Avon.\n", "Avon", "Stratford-upon-Avon"),
    ("DEPUTY COMMISSIONER JONES: The letter came from Stow-on-the-Hudson.\n", "Hudson", "Stow-on-the-Hudson"),
    # a hyphenated surname is no place compound: its known part is found as before
    ("DEPUTY COMMISSIONER JONES: His cousin Maria Lopez-Hudson wrote.\n", "Hudson", None),
    # the person alone is the person
    ("DEPUTY COMMISSIONER JONES: Mr. Hudson, please go on.\n", "Hudson", "Hudson"),
])
def test_it_never_masks_a_piece_of_a_place_compound_alone(pipeline, body, word, covered):
    analysis = pipeline.run(load_bytes((OPENING + body).encode(), "h.txt"))
    text = analysis.transcript.text
    at = text.index(word, len(OPENING))
    surfaces = [text[m.start:m.end] for m in analysis.mentions if m.start <= at < m.end]
    if covered is None:
        assert surfaces and all(s != f"-{word}" for s in surfaces)
    else:
        assert surfaces == [covered]
