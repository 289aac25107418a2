"""Domain lexicon: whitelist, titles, stop names, phonetic alphabet."""
from __future__ import annotations

from importlib.resources import files

import pytest

from anonymizer.lang.en import lexicon, vocabulary


def data_entries(name: str) -> list[str]:
    text = (files("anonymizer.lang.en") / "data" / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def test_it_ships_at_least_250_unique_whitelist_terms():
    entries = [*data_entries("whitelist.txt"), *vocabulary.ONLINE_PLATFORMS]  # the platforms: one home in vocabulary
    assert len(lexicon.whitelist()) >= 250
    assert len({lexicon.normalize_term(e) for e in entries}) == len(lexicon.whitelist())


def test_it_returns_case_folded_normalized_terms():
    terms = lexicon.whitelist()
    assert "board of parole hearings" in terms
    assert "marsy's law" in terms
    assert all(term == lexicon.normalize_term(term) for term in terms)


@pytest.mark.parametrize(
    "span",
    [
        "Board of Parole Hearings",
        "BOARD OF PAROLE HEARINGS",
        "the Board of Parole Hearings",
        "Board  of\tParole Hearings",
        "BPH",
        "CDCR",
        "California Department of Corrections and Rehabilitation",
        "California Code of Regulations",
        "CRA",
        "CRAs",
        "Comprehensive Risk Assessment",
        "AA",
        "NA",
        "Alcoholics Anonymous",
        "GED",
        "Penal Code",
        "Marsy's Law",
        "Marsy’s Law",
        "SB 260",
        "AB 1448",
        "Title 15",
        "115",
        "CDC 115",
        "RVR",
        "Victim Offender Education Group",
        "VOEG",
        "Static-99",
        "HCR-20",
        "PCL-R",
        "LS/CMI",
        "Level IV",
        "SNY",
        "EOP",
        "CCCMS",
        "the Panel",
        "Panel's",
        "Presiding Commissioner",
        "Commissioners",
        "Zoom",
        "Microsoft Teams",
        "COVID-19",
        "Franklin hearing",
        "Miranda rights",
        "Kairos",
        "Toastmasters",
        "Celebrate Recovery",
        "Thinking for a Change",
        "Criminals and Gangs Anonymous",
        "Good morning",
        "MAC",
        "Men's Advisory Council",
        "Governor",
        "the Board.",
        "C-D-C-R",  # an acronym said letter by letter, as speech recognition writes it
        "B-P-H",
    ],
)
def test_it_whitelists_domain_terms(span):
    assert lexicon.is_whitelisted(span)


@pytest.mark.parametrize(
    "span",
    [
        "Kevin Richardson",
        "Richardson",
        "Alyssa Jones",
        "Franklin",
        "Miranda",
        "Lawrence",
        "Mac",
        "Pia",
        "Ice",
        "San Quentin State Prison",
        "Soledad",
        "Los Angeles County",
        "CALIFORNIA",
        "Fresno Police Department",
        "Salinas Valley State Prison",
        "Mexican Mafia",
        "Board of Parole",
        "CA",
        "Catholic",
        "Amity Foundation",
        "Delancey Street",
        "Salvation Army",
        "State of California",
        "California Health Care Facility",
        "",
        "F-R-A-N-K",  # a spelled name
        "K-C-D-C-R",
    ],
)
def test_it_does_not_whitelist_names_places_or_partial_terms(span):
    assert not lexicon.is_whitelisted(span)


def test_it_finds_whitelisted_terms_in_running_text():
    text = (
        "The Board of Parole  Hearings read the CRAs and Marsy’s Law; Mac sat on the MAC.\n"
        "California Code of Regulations, Board\nof Parole Hearings, Ms. Franklin, Young."
    )
    found = [m.group() for m in lexicon.whitelist_pattern().finditer(text)]
    assert found == [
        "The Board of Parole  Hearings", "the CRAs", "Marsy’s Law", "the MAC",
        "California Code of Regulations", "Board",
    ]


def test_it_finds_extra_terms_in_running_text():
    text = "He did Project Lantern."
    assert lexicon.whitelist_pattern().search(text) is None
    assert lexicon.whitelist_pattern(("Project Lantern",)).search(text).group() == "Project Lantern"


@pytest.mark.parametrize(("word", "expected"), [("Young", True), ("may", True), ("Richardson", False)])
def test_it_knows_names_that_are_common_words(word, expected):
    assert lexicon.is_name_word(word) is expected


def test_it_whitelists_extra_terms_from_config():
    assert not lexicon.is_whitelisted("Project Lantern")
    assert lexicon.is_whitelisted("Project Lantern", extra=("Project Lantern",))
    assert "project lantern" in lexicon.whitelist(extra=("Project Lantern",))


def test_it_lists_titles_in_file_order():
    titles = lexicon.titles()
    assert titles[0] == "Presiding Commissioner"
    for title in ("Mr.", "Mr", "Mrs.", "Ms.", "Miss", "Dr.", "Doctor", "Commissioner", "Deputy Commissioner",
                  "Inmate", "Incarcerated Person", "Attorney", "Officer", "Sergeant", "Lieutenant", "Captain",
                  "Judge", "Sister", "Brother"):
        assert title in titles


@pytest.mark.parametrize(
    ("span", "expected"),
    [
        ("Mr. Kevin Richardson's", "Kevin Richardson"),
        ("Mr Smith", "Smith"),
        ("Mrs. Smith", "Smith"),
        ("Dr. Jones", "Jones"),
        ("Doctor Jones", "Jones"),
        ("Commissioner Ruff", "Ruff"),
        ("Presiding Commissioner Ruff", "Ruff"),
        ("PRESIDING COMMISSIONER RUFF", "RUFF"),
        ("Deputy Commissioner Mbelu,", "Mbelu"),
        ("DEPUTY DISTRICT ATTORNEY LEE", "LEE"),
        ("Inmate Young", "Young"),
        ("Incarcerated Person Young", "Young"),
        ("Attorney Mbelu", "Mbelu"),
        ("Sergeant Ortiz's", "Ortiz"),
        ("Brother John", "John"),
        ("brother", "brother"),
        ("Brother", "Brother"),
        ("Commissioner", "Commissioner"),
        ("Mr. smith", "Mr. smith"),
        ("Drake", "Drake"),
        ("Misty Jones", "Misty Jones"),
        ("Hernan-", "Hernan"),
        ("Jones'", "Jones"),
        ("James", "James"),
        ('"Smith."', "Smith"),
        ("Officer  Ortiz", "Ortiz"),
        ("DDA Marguerite Osei", "Marguerite Osei"),  # a deputy district attorney
        ("Atty. Paul Brennan", "Paul Brennan"),
        ("Ada Brennan", "Ada Brennan"),  # a first name, though an assistant district attorney's letters
        ("Señora Ibáñez", "Ibáñez"),  # Spanish honorifics
        ("Doña Eusebia Bustamante", "Eusebia Bustamante"),
        ("Don Whitfield", "Don Whitfield"),  # "Don" is a first name too: never taken for a title
        ("Mr.", "Mr"),
        ("...", ""),
    ],
)
def test_it_strips_titles_and_trailing_punctuation(span, expected):
    text = f"said {span} today"
    start, end = lexicon.strip_titles(text, 5, 5 + len(span))
    assert text[start:end] == expected
    assert 5 <= start <= end <= 5 + len(span)


@pytest.mark.parametrize("word", ["Okay", "okay", "Yeah", "Uh", "Um", "Mm-hmm", "Sir", "Ma'am", "Correct",
                                  "Inmate", "Commissioner", "Panel", "Board", "Thank you"])
def test_it_knows_stop_names(word):
    assert lexicon.is_stop_name(word)


@pytest.mark.parametrize("word", ["Ruff", "Kevin", "Richardson", "Okay Jones", "Mary"])
def test_it_does_not_treat_names_as_stop_names(word):
    assert not lexicon.is_stop_name(word)


def test_it_maps_phonetic_words_to_letters():
    alphabet = lexicon.phonetic_alphabet()
    assert alphabet["victor"] == "V"
    assert alphabet["henry"] == "H"
    assert alphabet["x-ray"] == "X"
    assert all(len(letter) == 1 and letter.isupper() for letter in alphabet.values())
    assert {word[0].upper() for word in alphabet} == {chr(c) for c in range(ord("A"), ord("Z") + 1)}


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        ("They called him ", "name"),
        ("Now they call me ", "name"),
        ("a guy named ", "name"),
        ("his moniker was ", "name"),
        ("Everybody knew me as ", "name"),
        ("Lil Smokey, a.k.a. ", "name"),
        ("The victim's name was ", "name"),
        ("I went by \"", "trip"),
        ("he goes by ", "trip"),
        ("I called ", None),  # the person called, not a name borne
        ("a program called ", None),
        ("a man we called ", "name"),
        ("a guy that they call ", "name"),
        ("the man who called ", None),  # the one called, no name borne
        ("His name ", None),
        ("they called him\nINMATE DOE: ", None),  # the cue must stand on the name's line
    ],
)
def test_it_knows_a_naming_cue_before_a_name(before, expected):
    assert lexicon.naming_cue(before + "Chato", len(before)) == expected
