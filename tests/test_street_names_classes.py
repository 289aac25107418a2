"""Classes of false tags and misses found in a hand-written hearing of a gang member's programming
(``tests/hand/street_names_programs.txt``), each a table of sentences no hearing of the suite holds: the whole
automatic pass on a short transcript (street names, words of endearment, housing units, imperatives before a
title, law reporters, hedged dates, a title page's unnamed officers)."""
from __future__ import annotations

import pytest

from anonymizer.header import split_title
from anonymizer.ingest import load_bytes

from .sentences import BODY, assert_masked_as_a_reader_would, mentions as _mentions


#: (sentence, surface, label or None when no word of the surface may be masked)
CASES = [
    # a street name: a lead word and a given name (after "Lil" any word), one person
    ("Quang owed money to my boss, Big Tony, Anthony Vo.", "Big Tony", "PERSON"),
    ("I ran with Lil Smokey and Big Mike back then.", "Lil Smokey", "PERSON"),
    ("I ran with Lil Smokey and Big Mike back then.", "Big Mike", "PERSON"),
    # Spanish and family words of endearment for a relative
    ("Mijo wanted to be a firefighter.", "Mijo", None),
    ("Abuela raised me after that.", "Abuela", None),
    # several housing units of every prison named in a row
    ("You're on the SNY yard, Facility C, Building 4, now.", "Facility C, Building 4", None),
    ("I moved from A Yard and B Yard to Facility D.", "A Yard and B Yard", None),
    # a sentence's first word before a person's title or a possessive: a verb
    ("Ask Lieutenant Okafor, he knows me.", "Ask", None),
    ("Call Officer Brennan about it.", "Call", None),
    ("Stay in touch with Reverend Toussaint.", "Stay", None),  # before a verb's particle
    ("Check in with your PO when you get out.", "Check", None),
    ("Check in with your PO when you get out.", "PO", None),  # a parole officer
    # a law reporter of a cited case
    ("Under In re Lawrence, 44 Cal.4th 1181, that is not enough.", "Cal", None),
    ("See 190 Cal.App.4th 1426 on that point.", "Cal", None),
    # a name with a capital inside it before a place's head: read whole, no part left out
    ("He coached Little League at McClatchy Park for years.", "McClatchy Park", "PERSON"),
    # a person's title right before a tagger's place: a person
    ("Deputy Hanrahan found the gun in his trunk.", "Hanrahan", "PERSON"),
    # a case number after "case" alone; the last digits of a number after "ending"
    ("You had a warrant out of Kings County, case KCF 22019, then.", "KCF 22019", "ID"),
    ("Your Social Security number is in the file, ending 4417.", "4417", "CDCR_ID"),
    # a church named in French or Portuguese, its head word first
    ("Stay in touch with Reverend Toussaint at Église Baptiste Emmanuel in Hayward.", "Église Baptiste Emmanuel",
     "ORGANIZATION"),
    # a hedge before a date said with "the": not part of the date
    ("It was on or about the 22nd of July, 1999.", "about", None),
]


@pytest.mark.parametrize(("sentence", "surface", "label"), CASES, ids=[c[1] for c in CASES])
def test_it_masks_a_class_as_a_reader_would(pipeline, sentence, surface, label):
    assert_masked_as_a_reader_would(pipeline, sentence, surface, label)


@pytest.mark.parametrize(("sentence", "found"), [
    ('Your moniker was "Lucky." Yes. Lucky. I left that life.', 2),  # a nickname said alone, after it was given
    ("My daughter is Hope. Hope. She is nine.", 2),
])
def test_it_finds_a_known_name_said_alone_as_a_sentence(pipeline, sentence, found):
    _, mentions = _mentions(pipeline, sentence)
    name = sentence.split('"')[1].rstrip(".") if '"' in sentence else "Hope"
    assert mentions.count((name, "PERSON")) == found, mentions


TITLE = """                     STATE OF CALIFORNIA
                   BOARD OF PAROLE HEARINGS

In the matter of the Life Term Parole
Consideration Hearing of:

JOHN SMITH                              CDCR No. K-58813

PANEL PRESENT:
ELLEN MORA, Presiding Commissioner

OTHERS PRESENT:
JOHN SMITH, Inmate
{}

PRESIDING COMMISSIONER MORA: We are on the record.
"""


@pytest.mark.parametrize("line", [
    "CORRECTIONAL OFFICER(S) UNIDENTIFIED",
    "CORRECTIONAL OFFICER (UNIDENTIFIED)",
    "OBSERVER(S)",
])
def test_it_lists_no_participant_for_unnamed_officers(pipeline, line):
    text = TITLE.format(line)
    _, header = split_title(text)
    assert [p.name for p in header.participants] == ["ELLEN MORA", "JOHN SMITH"]
    analysis = pipeline.run(load_bytes(text.encode(), "title.txt"))
    at = text.index(line)
    assert not [m for m in analysis.mentions if at <= m.start < at + len(line)]


WIDOW_AND_DAUGHTER = """                     STATE OF CALIFORNIA
                   BOARD OF PAROLE HEARINGS

In the matter of the Life Term Parole
Consideration Hearing of:

WENDELL PRATT                              CDCR No. D-90412

PANEL PRESENT:
ELLEN MORA, Presiding Commissioner

OTHERS PRESENT:
WENDELL PRATT, Inmate
GLORIA WASHINGTON, Victim's Daughter
RUTH ANN WASHINGTON, Victim's Wife

PRESIDING COMMISSIONER MORA:  Mrs. Washington?

MRS. WASHINGTON:  I'm Ruth Ann. Reggie and I were married thirty-four years.

MS. WASHINGTON:  My dad was my hero.

MRS. WASHINGTON:  Thank you.
"""


def test_it_gives_two_womens_tags_of_one_surname_to_the_two_participants_sharing_it(pipeline):
    analysis = pipeline.run(load_bytes(WIDOW_AND_DAUGHTER.encode(), "tags.txt"))
    text = analysis.transcript.text
    ruth = next(m.entity for m in analysis.mentions if text[m.start:m.end] == "RUTH ANN WASHINGTON")
    gloria = next(m.entity for m in analysis.mentions if text[m.start:m.end] == "GLORIA WASHINGTON")
    tags = [(text[m.start - 5:m.start], m.entity) for m in analysis.mentions
            if text[m.start:m.end] == "WASHINGTON" and text[m.start - 5:m.start].strip() in ("MRS.", "MS.")]
    assert {e for t, e in tags if t.strip() == "MRS."} == {ruth}, tags
    assert {e for t, e in tags if t.strip() == "MS."} == {gloria}, tags


@pytest.mark.parametrize(("sentence", "name", "label"), [
    # a name no dictionary has, or of two capitals, found as a suspect once: everywhere it is written alike
    ("Your son, DJ, is twenty now. Yes. DJ plays ball.", "DJ", "PERSON"),
    # a present-tense verb of a person after a relative's name the tagger took for a group
    ("Your daughter Amari is seventeen. Yes. Amari wants to be a nurse.", "Amari", "PERSON"),
])
def test_it_finds_every_mention_of_a_relative_named_once(pipeline, sentence, name, label):
    text, mentions = _mentions(pipeline, sentence)
    assert [m for m in mentions if m[0] == name] == [(name, label)] * text.count(name), mentions


def test_it_groups_the_pieces_of_a_name_with_a_nickname_between_them(pipeline):
    sentence = 'His crime partner, Andre "Dre" Fontaine, robbed it. Mr. Fontaine\'s girlfriend drove. Dre ran.'
    analysis = pipeline.run(load_bytes(BODY.format(sentence).encode(), "classes.txt"))
    text = analysis.transcript.text
    pieces = {m.entity for m in analysis.mentions if text[m.start:m.end] in ("Andre", "Dre", "Fontaine")}
    assert len(pieces) == 1, [(text[m.start:m.end], m.entity) for m in analysis.mentions]
