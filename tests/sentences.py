"""The whole automatic pass on one sentence an inmate says in a short transcript: the tables of classes found in
hand-written hearings (``test_parole_plans_classes.py``, ``test_street_names_classes.py``) share it."""
from __future__ import annotations

from anonymizer.ingest import load_bytes

BODY = "PROCEEDINGS\n\nPRESIDING COMMISSIONER SMITH:  Go ahead.\n\nINMATE JONES:  {}\n"


def mentions(pipeline, sentence: str) -> tuple[str, list[tuple[str, str]]]:
    """The transcript's text and the (surface, label) of every mention of it."""
    analysis = pipeline.run(load_bytes(BODY.format(sentence).encode(), "classes.txt"))
    text = analysis.transcript.text
    return text, [(text[m.start:m.end], m.label) for m in analysis.mentions]


def assert_masked_as_a_reader_would(pipeline, sentence: str, surface: str, label: str | None) -> None:
    """``surface`` is one mention of ``label``, or (``label`` None) no word of it is masked."""
    text, found = mentions(pipeline, sentence)
    assert surface in text
    if label is None:
        assert not [m for m in found if set(m[0].split()) & set(surface.split())], found
    else:
        assert (surface, label) in found, found
