"""Classes of errors the Danish pass made on real Danish text (Universal NER's dev split, its tuned part) and in
court orders' ways of writing: a car's number plate and a land register number, an employer without its legal
form, a town in a compound, a neighbour's house number, a house number's letter, names in small letters, a
sentence's first word that is an ordinary word inflected or compounded, and a rule's label over the tagger's.
Invented sentences only."""
from __future__ import annotations

import pytest

from anonymizer.lang.da import vocabulary
from anonymizer.lang.da.detect import Found
from anonymizer.lang.da.normalize import unite
from anonymizer.lang.da.recognizers import build_recognizers
from anonymizer.lang.da.recognizers.people import lower_case_names


def found(text: str) -> set[tuple[str, str]]:
    return {(text[r.start:r.end], r.entity_type) for rec in build_recognizers() for r in rec.analyze(text, [])}


FOUND = [
    ("Bilen med reg.nr. XY 48 215 holdt ved huset.", "XY 48 215", "ID"),
    ("Nummerpladen KL51733 var stjålet.", "KL51733", "ID"),
    ("Ejendommen matr.nr. 7b Egebjerg By ejes af sagsøgte.", "7b", "ID"),
    ("Grunden, matrikel nr. 214, blev udstykket.", "214", "ID"),
    ("Selskabet, CVR-nr. 31425367, har hjemsted i Tarm.", "31425367", "ID"),
    ("Firmaet (CVR 31 42 53 67) blev opløst.", "31 42 53 67", "ID"),
    ("IBAN DK12 3456 7890 1234 56 tilhører ham.", "DK12 3456 7890 1234 56", "ID"),
    ("Pasnummer 204531786 blev fundet.", "204531786", "ID"),
    ("Se mere på www.vindumbyg.dk i dag.", "www.vindumbyg.dk", "URL"),
    ("eller på https://vindumbyg.dk/kontakt.", "https://vindumbyg.dk/kontakt", "URL"),
    ("Han var ansat hos Fjordtræ i tre år.", "Fjordtræ", "ORGANIZATION"),
    ("Hun arbejder for Nordlys Data i Tarm.", "Nordlys Data", "ORGANIZATION"),
    ("Han fik job ved Vindum & Søn efter skolen.", "Vindum & Søn", "ORGANIZATION"),
    ("Hun blev ansat i Kvickly som ekspedient.", "Kvickly", "ORGANIZATION"),
    ("De bor i Vejle-området.", "Vejle", "LOCATION"),
    ("Han var kendt i Odense-miljøet.", "Odense", "LOCATION"),
    ("Vi bor på Hybenvej 9, og naboen i nr. 11 har klaget.", "nr. 11", "LOCATION"),
    ("Hun bor på Hybenvej 9 i Tarm.", "Hybenvej 9", "LOCATION"),
    ("Han bor på Hybenvej 9B nu.", "Hybenvej 9B", "LOCATION"),
    ("Hun lånte Mettes bil.", "Mettes", "PERSON"),  # a first name's genitive
    ("Den anholdte, Lars Kjeldsen (42) fra Tarm, nægtede.", "42", "AGE"),  # a news item's age in brackets
    ("En kvinde på 37 år blev ramt.", "37 år", "AGE"),
    ("Politiet efterlyser en 30-35-årig mand.", "30-35-årig", "AGE"),
    ("Ulykken skete primo maj 2020.", "primo maj 2020", "DATE"),
    ("Han flyttede ultimo 2019.", "ultimo 2019", "DATE"),
    ("Det skete i maj måned 2020.", "maj måned 2020", "DATE"),
    ("Hans svoger, der er murer, hjalp til.", "murer", "OCCUPATION"),
    ("Hun var skolelærer i Tarm i ti år.", "skolelærer", "OCCUPATION"),
    ("Forurettede, som er uddannet sygeplejerske, forklarede.", "uddannet sygeplejerske", "OCCUPATION"),
]


@pytest.mark.parametrize(("text", "surface", "label"), FOUND, ids=[s for _, s, _ in FOUND])
def test_it_finds_the_classes_real_danish_text_has(text, surface, label):
    assert (surface, label) in found(text), found(text)


KEPT = [
    ("Han var ansat hos Aarhus Kommune.", "Aarhus Kommune", "ORGANIZATION"),  # a public body
    ("Hun arbejder i Skive.", "Skive", "ORGANIZATION"),  # a place, no employer
    ("Firmaet (CVR 31 42 53 67) blev opløst.", "31 42 53 67", "PHONE_NUMBER"),  # a firm's number, no phone
    ("Skriv til mette@vindumbyg.dk i dag.", "vindumbyg.dk", "URL"),  # an e-mail address's domain
    ("Han er ansat ved Politiet.", "Politiet", "ORGANIZATION"),
    ("Sagen blev efterforsket af Aarhus-politiet.", "Aarhus", "LOCATION"),  # a public body's seat
    ("Det følger af § 119, stk. 1, nr. 2, og bilag nr. 4.", "nr. 2", "LOCATION"),  # no street before
    ("Han kom fra nr. 12.", "nr. 12", "LOCATION"),
    ("Hun bor på Hybenvej 9 i Tarm.", "Hybenvej 9 i", "LOCATION"),  # "i" is no house letter
    ("Det var hans bil.", "hans", "PERSON"),
    ("Bilen kostede (42) tusind.", "42", "AGE"),  # brackets after no name
    ("Han fik en bøde på 3 år.", "3 år", "AGE"),
    ("Han arbejdede i 2019 med sagen.", "2019", "DATE"),  # a year alone
    ("Sagsbehandler, Tlf. 72 33 44 55", "Tlf", "PERSON"),  # a word cut short after a role
    ("Der er en arbejder på stedet.", "arbejder", "OCCUPATION"),
    ("Han er sikker på det.", "sikker", "OCCUPATION"),
    ("en simpel opstilling som vist på figuren", "vist", "OCCUPATION"),  # "stilling som" inside a word
]


@pytest.mark.parametrize(("text", "surface", "label"), KEPT, ids=[s for _, s, _ in KEPT])
def test_it_leaves_what_only_looks_like_those_classes(text, surface, label):
    assert (surface, label) not in found(text), found(text)


@pytest.mark.parametrize(("text", "names"), [
    ("så ringede jens kofoed til mig i går", ["jens kofoed"]),
    ("mette lund-sørensen og jens peter hansen kom", ["mette lund-sørensen", "jens peter hansen"]),
    ("han talte med anne om det", []),  # a first name alone in small letters: no name here
    ("de boede i en skov ved en mark", []),  # common words that are names too
])
def test_it_finds_names_written_in_small_letters(text, names):
    assert [text[s:e] for s, e in lower_case_names(text)] == names


@pytest.mark.parametrize(("word", "ordinary"), [
    ("Hensigten", True), ("Processen", True), ("Påkrav", True), ("Landmanden", True), ("Genkendelsen", True),
    ("Ustraffet", True), ("Træsnits-vurderingerne", True),
    ("Ljungmark", False), ("Vindeløv", False), ("Kjærgaard", False), ("Dolly", False),
])
def test_it_tells_an_inflected_or_compound_word_from_a_name_at_a_sentences_start(word, ordinary):
    assert vocabulary.is_inflected_common_word(word) is ordinary


def test_it_gives_a_rules_label_over_the_taggers_for_one_span():
    text = "mod Fjordbyg ApS, der"
    start, end = text.index("Fjordbyg"), text.index(",")
    spans = [Found(start, end, "PERSON", "spacy"), Found(start, end, "ORGANIZATION", "rule")]
    assert [label for _, _, label, _ in unite(spans)] == ["ORGANIZATION"]


class _Ent:
    def __init__(self, text: str, surface: str, label: str):
        self.start_char, self.text, self.label_ = text.index(surface), surface, label


def tagged(monkeypatch, text: str, ents: list[tuple[str, str]]) -> list[str]:
    """The surfaces :func:`ner_spans` keeps when the tagger finds ``ents`` (surface, label) in ``text``."""
    from types import SimpleNamespace

    from anonymizer.lang.da import detect

    monkeypatch.setattr(detect, "nlp", lambda: lambda _text: SimpleNamespace(ents=[_Ent(text, s, l) for s, l in ents]))
    return [text[f.start:f.end] for f in detect.ner_spans(text)]


@pytest.mark.parametrize(("text", "ents", "kept"), [
    ("Tak Kim! Det gør jeg.", [("Tak Kim", "PER")], ["Kim"]),  # a greeting before the name
    ("Hej Ditte, tak for sidst.", [("Hej Ditte", "PER")], ["Ditte"]),
    ("RETTEN I TARM\nDom", [("TARM", "PER")], []),  # a court's seat, whatever the label
    ("bil fra Vindum Byg ApS. Varebilen var ny.", [("Vindum Byg ApS. Varebilen", "ORG")], ["Vindum Byg ApS"]),
    ("Hensigten var god.", [("Hensigten", "PER")], []),  # an inflected word opening the sentence
    ("Ring til Kim i morgen.", [("Ring", "LOC")], []),  # a verb opening the sentence, a surname too
    ("Lystrup til Tarm er 40 km.", [("Lystrup", "LOC")], ["Lystrup"]),  # a town
    ("Ljungmark kritiserede forslaget.", [("Ljungmark", "PER")], ["Ljungmark"]),  # a name no list has
    ("Sagsbehandler, Tlf. 72 33 44 55", [("Tlf.", "ORG")], []),  # a word cut short
    ("hans CPR-nr. er oplyst", [("CPR-nr.", "ORG")], []),  # a number's name
    ("Kampen spilles i Parken i aften.", [("Parken", "LOC")], ["Parken"]),  # a common word capitalised mid-sentence
    ("Han så Huset i aften.", [("Huset", "LOC")], []),  # after no preposition of place
])
def test_it_keeps_the_taggers_names_and_not_the_words_around_them(monkeypatch, text, ents, kept):
    assert tagged(monkeypatch, text, ents) == kept


def test_it_finds_no_court_seat_again_by_a_name_found_elsewhere():
    from anonymizer.lang.da.detect import rescan

    text = "RETTEN I TARM\nSagsøger Tarm Lykke bor i Brande."
    start = text.index("Tarm Lykke")
    again = rescan(text, [Found(start, start + len("Tarm Lykke"), "PERSON", "rule")])
    assert all(f.start >= start for f in again), [text[f.start:f.end] for f in again]
