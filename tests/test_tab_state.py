"""Court judgments (TAB's ECHR text): words that name the respondent state, a party state or a
statute's date identify no one, while a person's origin and a person's dates stay mentions."""
from __future__ import annotations

import pytest

from anonymizer.detect import filter_mentions
from tests.test_detect import m as _mention

PARTY = "The Freedonian Government (“the Government”) were represented by their Agent. "

STATE_NATIONALITY = [
    # the respondent state's nationality before the state's words
    (PARTY + "The Freedonian military forces left the village.", "Freedonian", 1, False),
    (PARTY + "Under Freedonian law he was a civil servant.", "Freedonian", 1, False),
    (PARTY + "It breached the Freedonian Civil Code.", "Freedonian", 1, False),
    (PARTY + "The Freedonian authorities refused.", "Freedonian", 1, False),
    # the applicant's nationality, and another state than the party, stay mentions
    (PARTY + "He is a Freedonian national living abroad.", "Freedonian", 1, True),
    (PARTY + "The Ruritanian Government did not intervene.", "Ruritanian", 0, True),
    ("The Mexican government deported my uncle twice.", "Mexican", 0, True),
]


@pytest.mark.parametrize(("text", "surface", "nth", "kept"), STATE_NATIONALITY)
def test_it_reads_a_nationality_that_names_the_respondent_state(text, surface, nth, kept):
    out = list(filter_mentions(text, [_mention(text, surface, "NRP", "presidio", nth)]))
    assert bool(out) is kept


PARTY_COUNTRIES = [
    ("The application was brought against the Republic of Moldova by a farmer.", "Moldova", False),
    ("As held in Smith v. Moldova, the period ran.", "Moldova", False),
    ("As held in Jones v. the United Kingdom, it did.", "United Kingdom", False),
    ("She moved to Moldova with her two sons.", "Moldova", True),
]


@pytest.mark.parametrize(("text", "surface", "kept"), PARTY_COUNTRIES)
def test_it_does_not_mask_a_country_that_is_a_party(text, surface, kept):
    out = list(filter_mentions(text, [_mention(text, surface, "LOCATION", "presidio")]))
    assert bool(out) is kept


STATUTE_DATES = [
    ("He was convicted under the 1987 Act on public order.", "1987", False),
    ("It applied the Public Order Act 1987 to his speech.", "1987", False),
    ("The rule was amended by Law no. 1234 of 5 March 1996 last year.", "5 March 1996", False),
    ("It was published in the Official Gazette on 2 July 2003 and applied.", "2 July 2003", False),
    ("It relied on the 1975 Hague Convention on adoption.", "1975", False),
    # a person's dates stay
    ("I was released in 1987 and went home.", "1987", True),
    ("On 5 March 1996 the Act was applied to him.", "5 March 1996", True),
]


@pytest.mark.parametrize(("text", "surface", "kept"), STATUTE_DATES)
def test_it_does_not_mask_a_statutes_date(text, surface, kept):
    out = list(filter_mentions(text, [_mention(text, surface, "DATE", "presidio")]))
    assert bool(out) is kept


PIECES = [
    # a tagger's piece of a body named by generic words, and the respondent state's body
    ("On 3 May the Regional Governor dismissed the request.", "Regional", "LOCATION", False),
    (PARTY + "He asked the Freedonian Federal Ministry of Justice twice.", "of Justice", "ORGANIZATION", False),
    (PARTY + "He asked the Freedonian Federal Ministry of Justice twice.", "Freedonian Federal Ministry", "ORGANIZATION", False),
    ("They asked that the Municipalities be ordered to act.", "Municipalities", "ORGANIZATION", False),
    ("On 7 July the Panel of the Grand Chamber decided so.", "Panel of the Grand Chamber", "ORGANIZATION", False),
    # a place or another state's nationality keeps the body particular
    ("He asked the Ruritanian Federal Ministry of Justice twice.", "Ruritanian Federal Ministry", "ORGANIZATION", True),
    ("On 3 May the Upper Tyrol Regional Governor dismissed it.", "Upper Tyrol Regional Governor", "ORGANIZATION", True),
    ("I was sentenced in the Kern County Superior Court.", "Kern", "LOCATION", True),
    ("I worked at Delta Board Services for a year.", "Delta", "ORGANIZATION", True),
]


@pytest.mark.parametrize(("text", "surface", "label", "kept"), PIECES)
def test_it_reads_a_taggers_piece_of_a_public_body_with_its_generic_words(text, surface, label, kept):
    out = list(filter_mentions(text, [_mention(text, surface, label, "spacy")]))
    assert bool(out) is kept


GLOSSES_AND_TITLES = [
    # a body's name in its own language, in brackets after its generic English name
    ("On 2 May the Federal Labour Court (Bundesarbeitsgericht) refused.", "Bundesarbeitsgericht", "ORGANIZATION", False),
    ("He went to the Chief Labour Inspector (Główny Inspektor Pracy) again.", "Główny Inspektor Pracy",
     "ORGANIZATION", False),
    # a statute's title running on after its head, or the tagger's piece of it
    ("It relied on the European Charter for the Protection of Regional Languages.", "European Charter", "ORGANIZATION", True),
    ("He relied on the Convention for the Protection of Migrant Workers here.",
     "Convention for the Protection of Migrant Workers", "ORGANIZATION", False),
    ("It applied the 1980 Convention on the Civil Aspects of Child Abduction then.",
     "Civil Aspects of Child Abduction", "ORGANIZATION", False),
    # a place, a person or a particular body in brackets stays a mention
    ("I was sentenced by the Superior Court (Fresno) in 2009.", "Fresno", "LOCATION", True),
    ("I spoke to the Board (Commissioner Garcia) today.", "Commissioner Garcia", "ORGANIZATION", True),
    ("He sued the Warsaw Regional Court (Sąd Okręgowy) then.", "Sąd Okręgowy", "ORGANIZATION", True),
    ("I lived at Delta Act on Foster Street for a year.", "Foster Street", "LOCATION", True),
]


@pytest.mark.parametrize(("text", "surface", "label", "kept"), GLOSSES_AND_TITLES)
def test_it_does_not_mask_a_glossed_body_or_a_statutes_running_title(text, surface, label, kept):
    out = list(filter_mentions(text, [_mention(text, surface, label, "spacy")]))
    assert bool(out) is kept


NATIVE_NAMES = [
    # a particular body's own-language name in brackets is part of its name
    ("He sued in the Tarnów District Court (Sąd Rejonowy w Tarnowie) in May.", "Tarnów District Court",
     "Tarnów District Court (Sąd Rejonowy w Tarnowie)"),
    ("She applied to the Bamberg Labour Office (Arbeitsamt) for aid.", "Bamberg Labour Office",
     "Bamberg Labour Office (Arbeitsamt)"),
    # a person, a transcript's note, a numbered rule and a generic body's gloss stay apart
    ("I went to Homeboy Industries (Father Greg) every week.", "Homeboy Industries", "Homeboy Industries"),
    ("the Hilltop Kings (Inaudible) crew", "Hilltop Kings", "Hilltop Kings"),
    ("before the Kayseri Court (Rule 1 of the Rules)", "Kayseri Court", "Kayseri Court"),
]


@pytest.mark.parametrize(("text", "surface", "expected"), NATIVE_NAMES)
def test_it_masks_a_particular_bodys_name_in_its_own_language_with_it(text, surface, expected):
    out = list(filter_mentions(text, [_mention(text, surface, "ORGANIZATION", "spacy")]))
    assert [text[m.start : m.end] for m in out] == [expected]


DAY_LISTS = [
    # days of one month listed before it are one date
    ("Hearings were held on 3 and 5 June 1997 in town.", ["3 and 5 June 1997"]),
    ("They met on 2, 9 and 16 March and then stopped.", ["2, 9 and 16 March"]),
    # a plain count before a month stays out
    ("He served 3 years and left in June 1997.", ["June 1997"]),
]


@pytest.mark.parametrize(("text", "expected"), DAY_LISTS)
def test_it_reads_days_listed_before_their_month_as_one_date(text, expected):
    from anonymizer.lang.en.recognizers import DateRecognizer
    from tests.test_recognizers import spans

    assert spans(DateRecognizer(), text) == expected


LODGED = ("The case originated in an application (no. 123/04) against the Republic of Cyprus lodged with "
          "the Court by a farmer. ")

CITED_CASES = [
    # a case the Court cites: its party, its numbers, its law report and the report's year are public records
    (LODGED + "Unlike the applicants in the case of S. and Marper v. the United Kingdom ([GC], nos. 30562/04 and "
     "30566/04, ECHR 2008), he was convicted.", "Marper", "PERSON", 0, False),
    (LODGED + "Unlike the applicants in the case of S. and Marper v. the United Kingdom ([GC], nos. 30562/04 and "
     "30566/04, ECHR 2008), he was convicted.", "30566/04", "ID", 0, False),
    (LODGED + "Unlike the applicants in the case of S. and Marper v. the United Kingdom ([GC], nos. 30562/04 and "
     "30566/04, ECHR 2008), he was convicted.", "2008", "DATE", 0, False),
    (LODGED + "It is set out in Karayiğit v. Turkey ((dec.), no. 45874/05, 23 September 2008).", "45874/05", "ID", 0, False),
    (LODGED + "It cited Saunders v. the United Kingdom (judgment of 17 December 1996, Reports of Judgments and "
     "Decisions 1996-VI) in full.", "Reports of Judgments and Decisions", "ORGANIZATION", 0, False),
    (LODGED + "It cited Saunders v. the United Kingdom (judgment of 17 December 1996, Reports of Judgments and "
     "Decisions 1996-VI) in full.", "Saunders", "ORGANIZATION", 0, False),
    (LODGED + "It followed the House in R v. Lambert [2001] 3 WLR 206 on that point.", "Lambert", "PERSON", 0, False),
    # a cited decision's day stays a date; the applicant's own application, a hearing's case stay mentions
    (LODGED + "It is set out in Karayiğit v. Turkey ((dec.), no. 45874/05, 23 September 2008).", "23 September 2008",
     "DATE", 0, True),
    (LODGED + "On 20 May 2003 the Court declared his application (no. 55004/00) inadmissible.", "55004/00", "ID", 0, True),
    (LODGED + "He sued Mr Marper v. his employer (no. 12/04) in vain.", "Marper", "PERSON", 0, True),
    ("We cited Garcia v. Smith (no. 123/04, 2008) at the hearing.", "Garcia", "PERSON", 0, True),
]


@pytest.mark.parametrize(("text", "surface", "label", "nth", "kept"), CITED_CASES)
def test_it_does_not_mask_a_case_the_court_cites(text, surface, label, nth, kept):
    out = list(filter_mentions(text, [_mention(text, surface, label, "presidio", nth)]))
    assert bool(out) is kept


INTERNATIONAL = [
    # an international body a judgment cites identifies no one
    (LODGED + "She claimed that certain EC directives applied to her.", "EC", "ORGANIZATION", False),
    (LODGED + "It was in line with the ECJ’s constant case-law.", "ECJ’s", "ORGANIZATION", False),
    (LODGED + "It raised no issues of the law of the European Union.", "European Union", "ORGANIZATION", False),
    (LODGED + "They informed the Commander of the United Nations (UN) forces in Cyprus.", "United Nations (UN)",
     "ORGANIZATION", False),
    (LODGED + "The fund was in breach of EU-law.", "EU", "ORGANIZATION", False),
    # another body, and a hearing's employer, stay mentions
    (LODGED + "He worked for the Eurasia Development Union in Kyrenia.", "Eurasia Development Union", "ORGANIZATION", True),
    ("I worked for the United Nations in Geneva for two years.", "United Nations", "ORGANIZATION", True),
]


@pytest.mark.parametrize(("text", "surface", "label", "kept"), INTERNATIONAL)
def test_it_does_not_mask_an_international_body_in_a_judgment(text, surface, label, kept):
    out = list(filter_mentions(text, [_mention(text, surface, label, "spacy")]))
    assert bool(out) is kept
