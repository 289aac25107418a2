"""Court judgments (TAB's ECHR text), round 29's classes, each on invented sentences:

* an outlawed group a judgment says is one (``an illegal organisation, the DHKP-C (...)``, ``the PKK (the Kurdistan
  Workers' Party, an illegal organisation)``) is an ORGANIZATION with its name in brackets, as TAB's spans hold it;
* a body named by hyphened words with its initials after it (``the Erich-Weinert-Ensemble (EWE)``) and a town's
  municipality (``the Municipalities of Mattighofen and Schalchen``) are organizations;
* a point of the compass before a place is part of the region it names (``in northern Cyprus``, ``south-east
  Turkey``); a hearing's ``northern California`` stays the state alone;
* an examination's abbreviation before "scan" (``a CT scan``) and a currency's code (``Swedish kronor (SEK)``) name
  no place, no person and no organization, in a hearing too;
* a statute's date whose day a tagger left out (``the Law of 17 June 2004``) and the Rules of Court (``the
  Convention and Rules 100 § 1``) identify no one.
"""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from anonymizer.types import SUSPECT

OPENING = ("The case originated in an application (no. 12345/04) against the Republic of Freedonia lodged with the "
           "Court under Article 34 of the Convention by Mr Ali Veli (“the applicant”), on 1 March 2004.\n\n")


def _mentions(pipeline, text: str, opening: str = OPENING) -> list[tuple[str, str]]:
    analysis = pipeline.run(load_bytes(f"{opening}{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    after = body.index(text[:20])
    return [(body[m.start : m.end], m.label) for m in analysis.mentions
            if m.start >= after and SUSPECT not in m.sources]


OUTLAWED = [
    ("He was accused of aiding and abetting an illegal organisation, the DHKP-C (Revolutionary People’s "
     "Liberation Party-Front).", "DHKP-C (Revolutionary People’s Liberation Party-Front)"),
    ("The court found him guilty of aiding and abetting an illegal organisation, the MLKP-B, and sentenced him.",
     "MLKP-B"),
    ("He attended a rally in support of the imprisoned leader of the KKP (the Kurdish Kingdom Party, an illegal "
     "organisation).", "KKP (the Kurdish Kingdom Party, an illegal organisation)"),
    ("He was taken into police custody on suspicion of membership of the KKP (the Kurdish Kingdom Party), an "
     "illegal organisation.", "KKP (the Kurdish Kingdom Party)"),
    ("She was a member of an armed terrorist organisation, the Revolutionary Left Front, until 1990.",
     "Revolutionary Left Front"),
    ("He was charged with membership of an illegal armed organisation, namely the TKB/ML-KORU.", "TKB/ML-KORU"),
]


@pytest.mark.parametrize(("text", "group"), OUTLAWED)
def test_it_masks_an_outlawed_group_with_its_name_in_brackets(pipeline, text, group):
    assert (group, "ORGANIZATION") in _mentions(pipeline, text)


NO_GROUP = [
    "He was accused of membership of an illegal organisation. He denied it.",
    "The police said that an illegal organisation had planned the attack.",
]


@pytest.mark.parametrize("text", NO_GROUP)
def test_it_finds_no_group_where_none_is_named(pipeline, text):
    assert [m for m in _mentions(pipeline, text) if m[1] == "ORGANIZATION"] == []


BODIES = [
    ("From 1970 to 1989 she worked as a dancer for the Karl-Otto-Ensemble (KOE), a national company.",
     "Karl-Otto-Ensemble (KOE)"),
    ("He was employed by the Hans-Peter-Meier-Stiftung (HPMS) until 2001.", "Hans-Peter-Meier-Stiftung (HPMS)"),
    ("They asked the authority to order the Municipalities of Obertal and Unterwald to rebuild the dam.",
     "Municipalities of Obertal and Unterwald"),
    ("On 3 May 1990 the Municipality of Kemerdere refused the permit.", "Municipality of Kemerdere"),
]


@pytest.mark.parametrize(("text", "body"), BODIES)
def test_it_masks_a_body_by_its_hyphened_name_or_its_town(pipeline, text, body):
    assert (body, "ORGANIZATION") in _mentions(pipeline, text)


NO_BODY = [
    ("The Karl-Otto-Ensemble (XYZ) was sold.", "Karl-Otto-Ensemble (XYZ)"),  # other initials
    ("The Municipality of the City refused it.", "Municipality of the City"),
]


@pytest.mark.parametrize(("text", "surface"), NO_BODY)
def test_it_does_not_make_a_body_of_other_hyphened_words(pipeline, text, surface):
    assert (surface, "ORGANIZATION") not in _mentions(pipeline, text)


COMPASS = [
    ("She had lived in the area of Kyrenia, in northern Cyprus, until 1974.", "northern Cyprus"),
    ("The applicant was born in south-east Turkey and moved away in 1990.", "south-east Turkey"),
    ("The villagers were evicted from eastern Anatolia in 1994.", "eastern Anatolia"),
]


@pytest.mark.parametrize(("text", "place"), COMPASS)
def test_it_masks_the_point_of_the_compass_with_the_place(pipeline, text, place):
    assert (place, "LOCATION") in _mentions(pipeline, text)


def test_it_leaves_a_hearings_compass_word_out_of_the_place(pipeline):
    text = "PRESIDING COMMISSIONER SMITH: You grew up in northern California?\n"
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    body = analysis.transcript.text
    places = [body[m.start : m.end] for m in analysis.mentions if m.label == "LOCATION"]
    assert "northern California" not in places


THINGS = [
    ("In 2004 a CT scan revealed an unidentified metallic object in his head.", "CT"),
    ("Two MRI scans were carried out at the hospital in 2005.", "MRI"),
    ("The claim amounted to 4,000,000 Swedish kronor (SEK; about 400,000 euros (EUR)).", "SEK"),
    ("The court awarded him 5,000 Polish zlotys (PLN) in damages.", "PLN"),
]


@pytest.mark.parametrize(("text", "word"), THINGS)
def test_it_does_not_take_a_scan_or_a_currency_code_for_a_name(pipeline, text, word):
    analysis = pipeline.run(load_bytes(f"{OPENING}{text}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert word not in [body[m.start : m.end] for m in analysis.mentions]  # not a suspect either


def test_it_does_not_take_a_hearings_ct_scan_for_a_place(pipeline):
    text = "INMATE JONES: They gave me a CT scan at the hospital.\n"
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    body = analysis.transcript.text
    assert "CT" not in [body[m.start : m.end] for m in analysis.mentions]


STATUTES = [
    ("He complained under section 5 of the Law of 17 June 2004 (Ustawa o skardze) about the length.", "June 2004",
     "DATE"),
    ("The Chamber applied Article 5 § 4 of Protocol No. 11 to the Convention and Rules 100 § 1 and 24 § 6 of the "
     "Rules of Court.", "Convention and Rules", "ORGANIZATION"),
]


@pytest.mark.parametrize(("text", "surface", "label"), STATUTES)
def test_it_leaves_a_statutes_date_and_the_rules_of_court_unmasked(pipeline, text, surface, label):
    found = _mentions(pipeline, text)
    assert not any(surface in s or s in surface for s, _ in found), found


def test_it_still_masks_a_persons_date_after_a_statute(pipeline):
    text = "Under the Law of 17 June 2004 he lodged a complaint on 3 May 2005."
    assert ("3 May 2005", "DATE") in _mentions(pipeline, text)
