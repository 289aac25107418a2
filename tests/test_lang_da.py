"""The Danish pack's rules, lists and folding (``anonymizer/lang/da/``): what each recognizer finds in sentences
of the kinds a court order, a letter or a forum post has, and what it leaves."""
from __future__ import annotations

import pytest

from anonymizer.lang.da import vocabulary
from anonymizer.lang.da.fold import fold, variants
from anonymizer.lang.da.recognizers import build_recognizers
from anonymizer.lang.da.recognizers.numbers import cpr_date_valid, cpr_modulus_11


def found(text: str) -> set[tuple[str, str]]:
    return {(text[r.start:r.end], r.entity_type) for rec in build_recognizers() for r in rec.analyze(text, [])}


def labels_of(text: str, surface: str) -> set[str]:
    return {label for s, label in found(text) if s == surface}


FOUND = [
    # CPR numbers: with a hyphen a real date is enough (post-2007 numbers fail modulus 11); unbroken, modulus 11
    # or a CPR word
    ("Tiltalte, CPR-nr. 120394-2187, var mødt.", "120394-2187", "CDCR_ID"),
    ("Han har cpr-nummer 0101801234.", "0101801234", "CDCR_ID"),
    ("Kunde 0101800008 oprettet.", "0101800008", "CDCR_ID"),  # modulus 11 holds
    ("personnummer 150312 4417", "150312 4417", "CDCR_ID"),
    # phones
    ("Ring på tlf. 23456789 i dag.", "23456789", "PHONE_NUMBER"),
    ("Hun har mobil 28 41 17 93.", "28 41 17 93", "PHONE_NUMBER"),
    ("Nummeret 42 96 13 57 var hans.", "42 96 13 57", "PHONE_NUMBER"),
    ("Skriv på +45 52 63 71 08.", "+45 52 63 71 08", "PHONE_NUMBER"),
    ("Kontor: 0045 3312 4567", "0045 3312 4567", "PHONE_NUMBER"),
    # case and journal numbers
    ("i sag BS-5521/2018-ODE om", "BS-5521/2018-ODE", "ID"),
    ("Sagsnr. SS 114-3/2023", "SS 114-3/2023", "ID"),
    ("V.L. S-1452-21 mod", "S-1452-21", "ID"),
    ("j.nr. 18-0047732, hvorefter", "18-0047732", "ID"),
    ("Vores ref.: TKJ", "TKJ", "ID"),
    ("kontonr. 1044127 senest", "1044127", "ID"),
    # e-mail
    ("til lene.t.holm@gmail.com og", "lene.t.holm@gmail.com", "EMAIL_ADDRESS"),
    ("skriv til søren@bækgård.dk", "søren@bækgård.dk", "EMAIL_ADDRESS"),
    ("mette snabel-a gmail punktum dk", "mette snabel-a gmail punktum dk", "EMAIL_ADDRESS"),
    # dates
    ("Dom afsagt den 14. april 2021 i sag", "den 14. april 2021", "DATE"),
    ("fra 9.-27. september 2019 i", "9.-27. september 2019", "DATE"),
    ("mødet torsdag den 7. oktober 2021 kl. 9", "torsdag den 7. oktober 2021", "DATE"),
    ("indgivet d. 3/3-21 til", "d. 3/3-21", "DATE"),
    ("dateret 3.3.2021 og", "3.3.2021", "DATE"),
    ("i januar 2017 henvist", "januar 2017", "DATE"),
    ("flyttede i sommeren 2020", "sommeren 2020", "DATE"),
    ("han er født i 1985", "1985", "DATE"),
    # ages
    ("En 52-årig landmand", "52-årig", "AGE"),
    ("han var 58 år gammel", "58 år gammel", "AGE"),
    ("Han er 34 år og bor", "34 år", "AGE"),
    ("sin datter på 12 år", "12 år", "AGE"),
    ("to børn på 6 og 9 år", "6 og 9 år", "AGE"),
    ("Ida Vinther, 19 år, har", "19 år", "AGE"),
    ("en femogfyrreårig mand", "femogfyrreårig", "AGE"),
    # places
    ("bor på Kildevej 7, 1. th., 4340 Tølløse", "Kildevej 7, 1. th., 4340 Tølløse", "LOCATION"),
    ("på Rentemestervej 58, 2. mf., 2400 København NV.", "Rentemestervej 58, 2. mf., 2400 København NV", "LOCATION"),
    ("adressen Gammel Kongevej 88B, 1850 Frederiksberg C", "Gammel Kongevej 88B, 1850 Frederiksberg C", "LOCATION"),
    ("passe haven på Skovløkken.", "Skovløkken", "LOCATION"),
    ("Han bor nu i Frederikshavn.", "Frederikshavn", "LOCATION"),
    ("kom fra Aabenraa i går", "Aabenraa", "LOCATION"),
    # people
    ("Tiltalte Jens Peter Hansen var mødt.", "Jens Peter Hansen", "PERSON"),
    ("Vidnet, politiassistent Karin Holm, forklarede", "Karin Holm", "PERSON"),
    ("Forsvarer: advokat Mette Lund-Østergaard.", "Mette Lund-Østergaard", "PERSON"),
    ("Anna Bæk (forurettede) kom.", "Anna Bæk", "PERSON"),
    ("hos sin mor, Ayşe Kaya, på", "Ayşe Kaya", "PERSON"),
    ("Sigtede, Mehmet Yıldız Kaya, varetægtsfængsles", "Mehmet Yıldız Kaya", "PERSON"),
    ("med sin fætter Emre.", "Emre", "PERSON"),
    ("Min mand Brian har talt med ham.", "Brian", "PERSON"),
    ("Kære Hanne og Michael", "Hanne", "PERSON"),
    ("Mvh Susanne", "Susanne", "PERSON"),
    ("at Søren Kjærgaard havde ringet", "Søren Kjærgaard", "PERSON"),
    ("fru Østergaard var hjemme", "Østergaard", "PERSON"),
    ("Af Morten Lyngby\n", "Morten Lyngby", "PERSON"),
    ("ved advokat K.B. Thomsen.", "K.B. Thomsen", "PERSON"),
    ("Han staver det S-Ø-R-E-N.", "S-Ø-R-E-N", "SPELLED_NAME"),
    # firms, institutions, occupations, user names
    ("varebil fra Fynsk Blik & VVS ApS.", "Fynsk Blik & VVS ApS", "ORGANIZATION"),
    ("på værtshuset Den Gyldne Hane, Algade", "Den Gyldne Hane", "ORGANIZATION"),
    ("arbejdede i Børnehuset Solsikken i", "Børnehuset Solsikken", "ORGANIZATION"),
    ("en underretning fra Nørremarkskolen om", "Nørremarkskolen", "ORGANIZATION"),
    ("kørt til Holbæk Sygehus.", "Holbæk Sygehus", "ORGANIZATION"),
    ("og arbejder som lagerarbejder hos", "lagerarbejder", "OCCUPATION"),
    ("arbejdede som faglært tømrer.", "faglært tømrer", "OCCUPATION"),
    ("Skrevet af: villamor_i_viby » 12. marts", "villamor_i_viby", "URL"),
]


@pytest.mark.parametrize(("text", "surface", "label"), FOUND, ids=[s for _, s, _ in FOUND])
def test_it_finds_what_a_danish_reader_would_mask(text, surface, label):
    assert label in labels_of(text, surface), found(text)


KEPT = [
    ("Dato 310285-4321 er ingen dato.", "310285-4321"),  # 31 February: no CPR number
    ("Fødselsdagen 120394 står alene.", "120394"),  # a date alone never
    ("Kunde 3102854321 oprettet.", "3102854321"),  # modulus 11 holds, but 31 February is no date
    ("Kunde 0101801234 oprettet.", "0101801234"),  # unbroken: neither modulus 11 nor a CPR word
    ("Beløbet 12345678 kr. blev betalt.", "12345678"),  # eight digits without a phone word
    ("Han fik 1/2 af arven.", "1/2"),
    ("Fængsel i 2 år.", "2 år"),
    ("Det skete for 3 år siden.", "3 år"),
    ("Dom afsagt af Retten i Glostrup.", "Glostrup"),  # a court's seat
    ("Aarhus Kommune har sagen.", "Aarhus"),
    ("Hej alle", "Hej alle"),
    ("Retten lagde vægt på forklaringen.", "Retten"),
    ("Mark var våd efter regnen.", "Mark"),  # an ordinary word (a field) that is also a first name
    ("Han betalte 1000 kroner.", "1000 kroner"),
    ("Sagsøgeren, Nordisk Byg ApS, ved advokat", "Nordisk"),  # a firm, no person
    ("Han kontaktede Jobcenter Aarhus.", "Jobcenter Aarhus"),
    ("Tiltalte straffes efter straffelovens § 244.", "Tiltalte"),
    ("I 2019 flyttede han.", "2019"),  # a year alone is no date here
]


@pytest.mark.parametrize(("text", "surface"), KEPT, ids=[s for _, s in KEPT])
def test_it_leaves_what_is_no_identifier(text, surface):
    assert not labels_of(text, surface), found(text)


@pytest.mark.parametrize(("digits", "date_ok", "mod11"), [
    ("0101800008", True, True),
    ("1203942187", True, False),  # issued after 2007: a real date, no modulus 11
    ("3102854321", False, True),
    ("2902001234", False, False),  # seventh digit 1: 1900, no 29 February
    ("2902004234", True, False),  # seventh digit 4 and 00: 2000, a leap year
])
def test_it_checks_a_cpr_numbers_date_and_modulus(digits, date_ok, mod11):
    assert cpr_date_valid(digits) is date_ok
    assert cpr_modulus_11(digits) is mod11


@pytest.mark.parametrize(("a", "b"), [("Aabenraa", "Åbenrå"), ("SØREN", "søren"), ("Soeren", "Søren"),
                                      ("Jörgen", "Jørgen"), ("Ærø", "aerø")])
def test_it_folds_danish_letters_and_their_ascii_spellings_alike(a, b):
    assert fold(a) == fold(b)


@pytest.mark.parametrize(("name", "variant"), [("Søren", "Soeren"), ("Søren", "Soren"), ("Aase", "Åse"),
                                              ("Bæk", "Baek"), ("ØRSTED", "OERSTED"), ("Åbenrå", "Aabenraa")])
def test_it_gives_the_leak_gate_the_spellings_of_a_danish_name(name, variant):
    assert variant in variants(name)


@pytest.mark.parametrize(("word", "kind"), [("Søren", "first"), ("Michael", "first"), ("Mette", "first"),
                                            ("Østergaard", "surname"), ("Oestergaard", "surname"),
                                            ("København", "town"), ("Aarhus", "town"), ("Holbæk", "town")])
def test_it_knows_danish_names_and_towns(word, kind):
    check = {"first": vocabulary.is_first_name, "surname": vocabulary.is_surname, "town": vocabulary.is_town}[kind]
    assert check(word)


def test_it_knows_ordinary_danish_words_from_the_treebank():
    assert all(vocabulary.is_common_word(w) for w in ("skov", "mark", "og", "retten", "forklaring"))
    assert not vocabulary.is_common_word("Kjærgaard")
