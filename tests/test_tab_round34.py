"""Court judgments (TAB's ECHR text), round 34's classes, each on invented sentences:

* words of a legal text's structure, no one's (``judgment_text.structure_word``): a provision's number after its
  kind (``paragraph III Nr. 6``), a national law report's initials before its year and page (``NJA 1981, p. 1``),
  a federation's states by their German name (``the Länder``); a hearing's text is never read;
* a body's kind a tagger took for a nationality (``the Municipalities``, an NRP) is no people, except in the
  brackets that define it as a body's short form;
* a short form defined in brackets right after a particular body's name is part of that name (``the State
  Railways (SRB: hereinafter “the State Railways”)``: TAB's span holds it); a short form made of generic words
  only (``(“the Council”)``, ``(“the Government”)``) stays apart.
"""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from anonymizer.lang.en import judgment_text
from anonymizer.types import SUSPECT
from tests.test_tab_round31 import OPENING, _mentions  # the same judgment opening and reading

STRUCTURE = [
    # (sentence, start of the span, the span, label, is a structure word)
    ("It relied on Chapter VIII, Section H, paragraph III Nr. 6 of the Unification Treaty.", "III Nr", "PERSON", True),
    ("Under section IV Ziff. 2 of the regulation the claim was barred.", "IV Ziff", "PERSON", True),
    ("The same paragraph XII applies to the pensions.", "XII", "PERSON", True),
    ("The Supreme Court held (NJA 1981, p. 1) that the rights had lapsed.", "NJA", "ORGANIZATION", True),
    ("The Federal Court held (BGE 1985 s. 12) that the fee was due.", "BGE", "ORGANIZATION", True),
    ("The ministers of the Länder agreed not to expel them.", "Länder", "PERSON", True),
    ("The Bundesländer ran the schools.", "Bundesländer", "LOCATION", True),
    # negatives: a name, a body, a number with no provision before it
    ("He met Mr Nr at the station.", "Nr", "PERSON", False),
    ("The NJA dismissed the claim in 1981.", "NJA", "ORGANIZATION", False),
    ("The applicant worked for the BGE in 1985 and 1986.", "BGE", "ORGANIZATION", False),
    ("He met Louis XIV at the party.", "XIV", "PERSON", False),
    ("She moved to the Länder Street in Berlin.", "Länder Street", "LOCATION", False),
]


@pytest.mark.parametrize(("sentence", "surface", "label", "expected"), STRUCTURE)
def test_it_tells_a_word_of_a_legal_texts_structure(sentence, surface, label, expected):
    text = OPENING + sentence
    start = text.index(surface)
    assert judgment_text.structure_word(text, start, start + len(surface), label) is expected


@pytest.mark.parametrize(("sentence", "surface", "label", "expected"), STRUCTURE[:3])
def test_it_reads_no_structure_word_in_a_hearing(sentence, surface, label, expected):
    start = sentence.index(surface)
    assert judgment_text.structure_word(sentence, start, start + len(surface), label) is False


DEFINED = [
    # (sentence, a mention that must be there; the short form in brackets must be masked too)
    ("The pension was paid by the Central Direction of the State Railways (SRB: hereinafter “the State Railways”). "
     "On 3 May 1993 the State Railways refused it.",
     ("State Railways (SRB: hereinafter “the State Railways”)", "ORGANIZATION")),
    ("The Governor ordered the Municipalities of Oberdorf and Unterdorf (“the Municipalities”) to restore the weir.",
     ("Municipalities of Oberdorf and Unterdorf", "ORGANIZATION")),
]


@pytest.mark.parametrize(("sentence", "mention"), DEFINED)
def test_it_keeps_a_bodys_defined_short_form_masked(pipeline, sentence, mention):
    found = _mentions(pipeline, sentence)
    assert any(mention[0] in surface and label == mention[1] for surface, label in found), found
    masked = sorted({surface for surface, _ in found})
    definition = sentence.index("(")
    close = sentence.index(")", definition)
    inside = sentence[definition:close]
    term = inside.rsplit("“the ", 1)[1].rstrip("”")
    assert any(term in surface for surface in masked)


BODY_WORDS_AS_PEOPLE = [
    ("The Governor ordered the Municipalities of Oberdorf and Unterdorf (“the Municipalities”) to restore the weir. "
     "Later the Municipalities applied for a permit. The Minister dismissed the Municipalities’ appeal.",
     "Municipalities"),
]


@pytest.mark.parametrize(("sentence", "word"), BODY_WORDS_AS_PEOPLE)
def test_it_takes_no_bodys_kind_for_a_people(pipeline, sentence, word):
    found = _mentions(pipeline, sentence)
    alone = [surface for surface, label in found if surface == word and label == "NRP"]
    assert len(alone) <= 1, found  # at most the definition's own, inside its brackets


GENERIC_SHORT_FORMS = [
    ("The applicant worked for a company owned by Oberdorf City Council (“the City Council”). He resigned.",
     "Oberdorf City Council"),
    ("On 9 June 1989 the Oberdorf District Council (hereinafter “the Council”) signed an agreement.",
     "Oberdorf District Council"),
]


@pytest.mark.parametrize(("sentence", "name"), GENERIC_SHORT_FORMS)
def test_it_leaves_a_generic_short_form_apart_from_the_name(pipeline, sentence, name):
    found = _mentions(pipeline, sentence)
    assert (name, "ORGANIZATION") in found, found
    assert not any("“the" in surface for surface, _ in found), found


LEFT_UNMASKED = [
    # a German statute's year after its one-word title
    (OPENING, "The well was licensed under the Water Act (Wasserrechtsgesetz 1959) in 1962.", "1959"),
    # a foreign term's name with its initials, glossing an English term
    (OPENING, "He sat the examination to higher education (Ögrenci Secme Sinavi – ÖSS) in 1996.", "Ögrenci Secme Sinavi"),
]


def _surfaces(pipeline, opening: str, text: str) -> list[str]:
    """Every proposed span's text of the whole judgment, suspects left out."""
    analysis = pipeline.run(load_bytes(f"{opening}{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    return [body[m.start:m.end] for m in analysis.mentions if SUSPECT not in m.sources]


@pytest.mark.parametrize(("opening", "text", "surface"), LEFT_UNMASKED)
def test_it_leaves_the_words_of_the_law_and_the_party_state_unmasked(pipeline, opening, text, surface):
    found = _surfaces(pipeline, opening, text)
    assert not any(surface in f for f in found), found


STILL_MASKED = [
    # the same words where they tell who a person is
    (OPENING, "The applicant was born in 1959 and lives in Oberdorf.", "1959"),
    (OPENING, "He was a coach at the sports club (Oberdorf Sport Club – OSC) until 1996.", "Oberdorf Sport Club"),
]


@pytest.mark.parametrize(("opening", "text", "mention"), STILL_MASKED)
def test_it_still_masks_a_persons_data_beside_them(pipeline, opening, text, mention):
    found = _surfaces(pipeline, opening, text)
    assert any(mention in f for f in found), found


PARTY = ("The case originated in an application (no. 12345/04) against the United Kingdom of Great Britain and Northern "
         "Ireland lodged with the Court under Article 34 of the Convention by a United Kingdom national, Mr Ali Veli (“the "
         "applicant”), on 1 March 2004.\n\nThe applicant moved to Oberdorf in 1990.\n")


def test_it_leaves_the_respondent_state_unmasked_as_the_party_and_masks_the_nationality(pipeline):
    analysis = pipeline.run(load_bytes(PARTY.encode(), "judgment.txt"))
    body = analysis.transcript.text
    party = body.index("United Kingdom")
    nationality = body.index("United Kingdom", party + 1)
    starts = {m.start for m in analysis.mentions if SUSPECT not in m.sources}
    assert party not in starts
    assert nationality in starts


GOVERNMENT_OPENING = ("The case originated in an application (no. 12345/04) against the United Kingdom of Great Britain "
                      "and Northern Ireland lodged with the Court under Article 34 of the Convention by Mr Ali Veli (“the "
                      "applicant”), on 1 March 2004.\n\nThe United Kingdom Government (“the Government”) were represented "
                      "by their Agent.\n\n")

INITIALS = [
    # (opening, sentence, initials or words, masked)
    (OPENING, "The Criminal Cases Review Commission (“CCRC”) referred the case back. The CCRC gave reasons.", "CCRC",
     False),
    (OPENING, "The Supreme Administrative Court (SAC) dismissed the appeal. The SAC gave no reasons.", "SAC", False),
    (GOVERNMENT_OPENING, "The applicant lives in Oberdorf.", "United Kingdom Government", False),
    # a particular body's initials, and another state's government, stay masked
    (OPENING, "The Oberdorf Regional Court (ORC) dismissed the appeal. The ORC gave no reasons.", "ORC", True),
]


@pytest.mark.parametrize(("opening", "sentence", "surface", "masked"), INITIALS)
def test_it_takes_a_generic_bodys_initials_and_the_party_government_for_no_one(pipeline, opening, sentence, surface,
                                                                                masked):
    analysis = pipeline.run(load_bytes(f"{opening}{sentence}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    found = [body[m.start:m.end] for m in analysis.mentions if SUSPECT not in m.sources]
    assert any(surface in f for f in found) is masked, found


def test_it_reads_a_generic_bodys_initials_in_the_text_that_defines_them():
    from anonymizer.lang.en import defined_terms, public_body

    text = OPENING + "The Criminal Cases Review Commission (“CCRC”) referred it. The CCRC and the ORC (ORC) met."
    ccrc = text.rindex("CCRC")
    assert defined_terms.generic_initials(text, ccrc, ccrc + 4, public_body.is_public_body)
    orc = text.index("ORC")
    assert not defined_terms.generic_initials(text, orc, orc + 3, public_body.is_public_body)
    assert not defined_terms.generic_initials(text, 4, 8, public_body.is_public_body)  # "case": no initials


@pytest.mark.parametrize(("name", "generic"), [
    ("United Kingdom Government", True),  # the party, as the text defines it
    ("New Zealand Government", False),  # another state's government tells the applicant's ties
    ("United Kingdom Embassy", False),  # no generic body after it
])
def test_it_reads_the_party_states_two_word_name_before_a_generic_body(name, generic):
    from anonymizer.lang.en import public_body

    text = GOVERNMENT_OPENING + f"A letter came from the {name} in 1999."
    start = text.index(name, len(GOVERNMENT_OPENING))
    assert public_body.is_public_body(text, start, start + len(name)) is generic


LIFE_TERMS = [
    # (opening, sentence, masked as DATE)
    (OPENING, "The State Security Court found him guilty and sentenced him to life imprisonment.", True),
    (OPENING, "On 3 May 2001 the Assize Court sentenced the applicant to life imprisonment.", True),
    (OPENING, "The court sentenced Mr Veli to a term of life imprisonment on 2 June 1999.", True),
    # the law's penalty, no one's; a hearing's life term (every lifer's)
    (OPENING, "Article 125 of the Criminal Code provides for life imprisonment.", False),
    ("", "He was sentenced to life imprisonment in 1990 and came to the Board in 2015.", False),
    ("", "I got sentenced to fifteen years to life.", False),
]


@pytest.mark.parametrize(("opening", "sentence", "masked"), LIFE_TERMS)
def test_it_masks_a_life_term_a_court_imposed_in_a_judgment(pipeline, opening, sentence, masked):
    analysis = pipeline.run(load_bytes(f"{opening}{sentence}\n".encode(), "judgment.txt" if opening else "hearing.txt"))
    body = analysis.transcript.text
    found = [(body[m.start:m.end], m.label) for m in analysis.mentions if SUSPECT not in m.sources]
    assert (("life imprisonment", "DATE") in found) is masked, found


GENERIC_BODIES = [
    # (name, generic): the respondent state's government by "of", a ministry's field, a police unit
    ("Government of Freedonia", True),
    ("Ministry of Culture", True),
    ("Ministry of Transport and Tourism", True),
    ("Anti-Terrorism Department", True),
    ("Foreign and Commonwealth Office", True),
    ("Home Secretaries", True),
    ("Home Office", True),
    ("Independent Administrative Panel", True),
    # a place or a proper name keeps a body particular
    ("Oberdorf Ministry of Culture", False),
    ("Crown Court at Oberdorf", False),
    ("Government of Freedonia Street", False),
    ("Government of the Netherlands", False),  # another state's: it tells the applicant's ties
    ("Government of Ruritania", False),
    ("Culture Club", False),
    ("Home Depot", False),
    ("Independent Oberdorf Bank", False),
    ("Secretary of the Oberdorf Rowing Club", False),
]


@pytest.mark.parametrize(("name", "generic"), GENERIC_BODIES)
def test_it_reads_a_states_and_a_ministrys_generic_names(name, generic):
    from anonymizer.lang.en import public_body

    text = OPENING + f"A letter came from the {name} in 1999."
    start = text.index(name, len(OPENING))
    assert public_body.is_public_body(text, start, start + len(name)) is generic


def test_it_reads_a_constitutions_instrument_as_a_statute():
    from anonymizer.lang.en import public_body

    text = OPENING + "The court relied on the Instrument of Government and on the Oberdorf Instrument Company."
    start = text.index("Instrument of Government")
    assert public_body.identifies_no_one(text, start, start + len("Instrument of Government"), "ORGANIZATION")
    company = text.index("Oberdorf Instrument Company")
    assert not public_body.identifies_no_one(text, company, company + len("Oberdorf Instrument Company"), "ORGANIZATION")


STATE_INITIALS = ("After the reunification of the Federal Republic of Freedonia (FRF) and the Kingdom of Ruritania (KR), "
                  "the Oberdorf Sport Club (OSC) was taken over. ")


@pytest.mark.parametrize(("name", "generic"), [
    ("Federal Ministry of Defence of the FRF", True),  # a generic body of a state named by its initials
    ("Ministry of Culture of the KR", True),
    ("Federal Ministry of Defence of the OSC", False),  # initials of a particular body
    ("Oberdorf Ministry of Culture of the FRF", False),  # a town makes the body particular
])
def test_it_reads_a_generic_body_of_a_state_by_its_initials(name, generic):
    from anonymizer.lang.en import public_body

    text = OPENING + STATE_INITIALS + f"The staff joined the {name} in 1991."
    start = text.index(name)
    assert public_body.identifies_no_one(text, start, start + len(name), "ORGANIZATION") is generic
