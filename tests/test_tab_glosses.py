"""Court judgments (TAB's ECHR text): a term or a public body in its own language, glossed in
brackets after its English name, identifies no one; a name in brackets after a word of people,
a place or a Census name in brackets stay mentions."""
from __future__ import annotations

import pytest

from anonymizer.detect import filter_mentions
from tests.test_detect import m as _mention

GLOSSES = [
    # a tagger's person or group: a generic body's or a term's name in its own language
    ("It appealed to the Supreme Court (Nejvyšší soud) in vain.", "Nejvyšší", "PERSON", False),
    ("He wrote to the Regional Labour Office (Krajský úřad práce) twice.", "Krajský úřad práce", "PERSON", False),
    ("The court gave a summary ruling (Schnellbescheid) without a hearing.", "Schnellbescheid", "PERSON", False),
    ("She relied on the duty of good faith (Treuepflichtgebot) of the code.", "Treuepflichtgebot", "PERSON", False),
    ("He held a temporary stay permit (Duldungsschein) for a year.", "Duldungsschein", "NRP", False),
    # a generic body or a statute with its gloss, as one span of the tagger
    ("It applied the old Water Code (Vattenbalken) of 1918.", "Water Code (Vattenbalken)", "ORGANIZATION", False),
    ("The Appeals Committee (Berufungsausschuss) dismissed it.", "Appeals Committee (Berufungsausschuss)",
     "ORGANIZATION", False),
    # a name after a word of people, a Census name, a place and a particular body stay
    ("I talked to my cousin (Dre) about it.", "Dre", "PERSON", True),
    ("There was a guy (Spider) who ran it.", "Spider", "PERSON", True),
    ("We met the new neighbor (Delacroix-Mbeki) that week.", "Delacroix-Mbeki", "PERSON", True),
    ("I spoke to the Parole Board (Garcia) then.", "Garcia", "PERSON", True),
    ("They took the statement of the driver (Garcia) later.", "Garcia", "PERSON", True),
    ("I was sentenced in the Superior Court (Fresno) in 2009.", "Superior Court (Fresno)", "ORGANIZATION", True),
    ("He sued the Kraków Labour Office (Urząd Pracy) in May.", "Kraków Labour Office (Urząd Pracy)",
     "ORGANIZATION", True),
]


@pytest.mark.parametrize(("text", "surface", "label", "kept"), GLOSSES)
def test_it_does_not_mask_a_term_or_a_body_glossed_in_its_own_language(text, surface, label, kept):
    out = list(filter_mentions(text, [_mention(text, surface, label, "spacy")]))
    assert bool(out) is kept
