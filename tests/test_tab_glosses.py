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


LODGED = ("The case originated in an application (no. 123/04) against the Republic of Austria lodged with "
          "the Court by a farmer. ")

FOREIGN_GLOSSES = [
    # a judgment's bracket in the term's own language (its small words no English): a tagger's piece of it
    (LODGED + "They asked for leave to appeal out of time (Wiedereinsetzung in den vorigen Stand).", "Stand",
     "PERSON", False),
    (LODGED + "It filed an appeal against the costs order (Kostenrekurs) in May.", "Kostenrekurs", "ORGANIZATION", False),
    (LODGED + "The Federal Labour Office (Bundesanstalt für Arbeit) rejected his objection.", "Arbeit", "LOCATION", False),
    (LODGED + "Tax allowances served as a system of compensation (dualer Familienlastenausgleich).",
     "Familienlastenausgleich", "PERSON", False),
    (LODGED + "It was paid under the regulation of the Minister of Culture (Anordnung über die Gewährung einer "
     "Zuwendung an Ballettmitglieder) of 1976.", "Anordnung", "PERSON", False),
    (LODGED + "It applied the Law of 17 June 2004 (Ustawa o skardze na naruszenie prawa strony) on delays.",
     "Ustawa", "PERSON", False),
    (LODGED + "It applied the Fourth Implementing Regulation to the Marriage Act (4. Durchführungsverordnung zum "
     "Ehegesetz) to it.", "Durchführungsverordnung zum Ehegesetz", "PERSON", False),
    # a name after "née", a Census name, an English bracket, a cited case and a hearing's bracket stay
    (LODGED + "She was married to him (née Zumwinkel) at the time.", "Zumwinkel", "PERSON", True),
    (LODGED + "He lived with his uncle (Hans Weber) in the town.", "Hans Weber", "PERSON", True),
    (LODGED + "It was the company (Kastelruther) that paid his wages.", "Kastelruther", "ORGANIZATION", True),
    (LODGED + "They have no legal status (see Könkämä and 38 Other Sami Villages v. Sweden, no. 27033/95, "
     "Commission decision of 25 November 1996, p. 85 in fine).", "Könkämä", "PERSON", True),
    ("I asked for leave to appeal out of time (Wiedereinsetzung in den vorigen Stand) back then.", "Stand",
     "PERSON", True),
    # a civil servant's rank between the Agent's name and the ministry: no one
    (LODGED + "The Government were represented by their Agent, Mr K. Stoltenberg, Ministerialdirigent, Ministry "
     "of Justice.", "Ministerialdirigent", "LOCATION", False),
    (LODGED + "They were represented by Mrs A. Wittling-Vogel, Ministerialrätin, of the Federal Ministry of "
     "Justice.", "Ministerialrätin", "PERSON", False),
    # a name before a ministry, a hearing's list of names: mentions
    (LODGED + "The Agent, Mr K. Stoltenberg, Hillary Rodham, of the Ministry of Justice.", "Hillary Rodham", "PERSON", True),
    ("I wrote to Mr Stoltenberg, Ministerialdirigent, Ministry of Justice.", "Ministerialdirigent", "PERSON", True),
]


@pytest.mark.parametrize(("text", "surface", "label", "kept"), FOREIGN_GLOSSES)
def test_it_does_not_mask_a_piece_of_a_foreign_gloss_or_a_rank_in_a_judgment(text, surface, label, kept):
    out = list(filter_mentions(text, [_mention(text, surface, label, "spacy")]))
    assert bool(out) is kept
