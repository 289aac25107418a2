"""Who a shared name part names, read from how the hearing talks: first names no detector tagged,
a title before a surname, a spelling right after the word, a list of people; one label for an
institution the tagger calls a place here and an organization there."""
from __future__ import annotations

import pytest

from anonymizer.types import Header, Participant
from tests.test_normalize import at, run

KIN = Header(inmate_name="MARVIN LITTLE", participants=(Participant("LATOYA KOWALSKI", "Victim's Next of Kin"),))


def _names(text: str, spans, header: Header = KIN) -> dict[int, str]:
    mentions, entities = run(text, spans, header)
    return {m.start: entities[m.entity].name.casefold() for m in mentions}


def test_it_counts_the_untagged_first_name_of_the_victim_as_talk_about_her():
    text = ("KOWALSKI: My name is Latoya Kowalski. I'm here for my sister.\n"
            "KOWALSKI: I'm Denise Kowalski, her cousin.\n"
            "COMMISSIONER RUFF: The victim, Love Kowalski, was 17.\n"
            "INMATE LITTLE: I didn't really know Love. I only thought about myself, not about Love lying there.\n"
            "INMATE LITTLE: I think about Love every day. I took Kowalski's life.\n")
    spans = [at(text, "KOWALSKI", sources=("rule",)), at(text, "KOWALSKI", sources=("rule",), nth=1),
             at(text, "LITTLE", sources=("rule",)), at(text, "LITTLE", sources=("rule",), nth=1),
             at(text, "Latoya Kowalski"), at(text, "Denise Kowalski"), at(text, "Love Kowalski"),
             at(text, "Kowalski", nth=3)]
    assert _names(text, spans)[at(text, "Kowalski", nth=3).start] == "love kowalski"


def test_it_gives_a_title_and_a_shared_word_to_the_person_whose_surname_it_is():
    header = Header(inmate_name="MARVIN LITTLE", participants=(Participant("MARISOL HOPE", "Victim's Next of Kin"),))
    text = ("HOPE: My name is Marisol Hope.\n"
            "COMMISSIONER RUFF: The victim, Hope Bishop, was 40. Hope Bishop had kids. Hope Bishop worked.\n"
            "COMMISSIONER RUFF: Thank you, Ms. Hope. Now the inmate.\n")
    spans = [at(text, "HOPE", sources=("rule",)), at(text, "Marisol Hope"),
             *(at(text, "Hope Bishop", nth=n) for n in range(3)), at(text, "Hope", nth=4)]
    assert _names(text, spans, header)[at(text, "Hope", nth=4).start] == "marisol hope"


def test_it_gives_a_word_spelled_right_after_it_to_the_person_the_spelling_belongs_to():
    header = Header(inmate_name="MARVIN LITTLE", participants=(Participant("MARISOL HOPE", "Victim's Next of Kin"),))
    text = ("HOPE: My name is Marisol Hope. Hope, H-O-P-E. I'm his daughter.\n"
            "COMMISSIONER RUFF: The victim, Wesley Hope, was 32. Wesley Hope had kids.\n"
            "INMATE LITTLE: I took Hope's life. I think about Hope's kids.\n")
    spans = [at(text, "HOPE", sources=("rule",)), at(text, "Marisol Hope"), at(text, "H-O-P-E", "SPELLED_NAME"),
             at(text, "Wesley Hope"), at(text, "Wesley Hope", nth=1), at(text, "LITTLE", sources=("rule",)),
             at(text, "Hope", nth=4), at(text, "Hope", nth=5)]
    names = _names(text, spans, header)
    assert names[at(text, "Hope", nth=1).start] == "marisol hope"  # "Hope, H-O-P-E" after her own name
    assert names[at(text, "Hope", nth=4).start] == "wesley hope"  # "I took Hope's life": the victim


@pytest.mark.parametrize(("line", "tagged"), [
    ("Love and Marisol are both here for him.", True),   # before another person's name with "and"
    ("Love and respect are what we lost.", False),       # a word at a sentence start
    ("Love, Marisol said, was all he had.", False),
])
def test_it_tags_a_first_name_that_is_a_word_when_it_opens_a_list_of_people(line, tagged):
    header = Header(inmate_name="MARVIN LITTLE", participants=(Participant("MARISOL HOPE", "Victim's Next of Kin"),))
    text = ("HOPE: I'm Love Hope, his sister. My name is Marisol Hope.\n"
            f"INMATE LITTLE: {line}\n")
    spans = [at(text, "HOPE", sources=("rule",)), at(text, "Love Hope"), at(text, "Marisol Hope"),
             at(text, "LITTLE", sources=("rule",))] + ([at(text, "Marisol", nth=1)] if "Marisol" in line else [])
    mentions, entities = run(text, spans, header)
    start = text.index(line)
    found = [entities[m.entity].name for m in mentions if m.start == start]
    assert found == (["Love Hope"] if tagged else [])


@pytest.mark.parametrize(("name", "label"), [
    ("New Way of Life", "ORGANIZATION"),  # no place: a program
    ("Delancey Street", "LOCATION"),      # a street word at its end
    ("Chula Vista", "LOCATION"),          # a place the gazetteers know
])
def test_it_gives_one_label_to_a_name_the_tagger_calls_a_place_and_an_organization(name, label):
    text = f"MR. DOE: I was accepted at {name} in the spring. Maybe with {name}. I went to {name} once.\n"
    spans = [at(text, name, "LOCATION"), at(text, name, "ORGANIZATION", nth=1), at(text, name, "LOCATION", nth=2)]
    mentions, entities = run(text, spans, Header(inmate_name="JOHN DOE"))
    found = [(m.label, m.entity) for m in mentions if text[m.start:m.end] == name]
    assert {lab for lab, _ in found} == {label} and len({e for _, e in found}) == 1 and len(found) == 3


def test_it_gives_mr_and_a_shared_surname_addressed_and_the_next_speaker_tag_to_the_man_present():
    """"Mr. Love, please." addresses someone present (a title-page participant or who said who they
    are), of a man's name: not the victim talked about most, not the woman on the title page."""
    header = Header(inmate_name="MARVIN LITTLE", participants=(Participant("MARIBEL LOVE", "Victim's Next of Kin"),))
    text = ("LOVE: My name is Maribel Love. I'm Young's wife.\n"
            "LOVE: I'm Jerome Love. Young was my uncle.\n"
            "COMMISSIONER RUFF: The victim, Young Love, was 40. Young Love had kids. Young Love worked.\n"
            "COMMISSIONER RUFF: Mr. Love, please.\n"
            "LOVE: My grandchildren never got to meet him.\n")
    spans = [at(text, "LOVE", sources=("rule",), nth=n) for n in range(3)]
    spans += [at(text, "Maribel Love"), at(text, "Jerome Love"), *(at(text, "Young Love", nth=n) for n in range(3)),
              at(text, "Love", nth=5)]
    names = _names(text, spans, header)
    assert names[at(text, "Love", nth=5).start] == "jerome love"  # "Mr. Love, please."
    assert names[at(text, "LOVE", nth=2).start] == "jerome love"  # the tag of the one addressed
    assert names[at(text, "LOVE").start] == "maribel love"


def test_it_never_gives_a_shared_first_name_in_running_text_to_the_transcriber():
    header = Header(inmate_name="MARVIN LITTLE", transcriber="GWENDOLYN PRUITT",
                    participants=(Participant("REGINALD YOUNG", "Victim's Next of Kin"),))
    text = ("TRANSCRIBED BY: GWENDOLYN PRUITT\n"
            "YOUNG: My name is Reginald Young. I'm Gwendolyn's father.\n"
            "COMMISSIONER RUFF: The victim, Gwendolyn Young, was 35.\n"
            "INMATE LITTLE: Gwendolyn did nothing to deserve that.\n")
    spans = [at(text, "GWENDOLYN PRUITT", sources=("header",)), at(text, "YOUNG", sources=("rule",)),
             at(text, "Reginald Young"), at(text, "Gwendolyn"), at(text, "Gwendolyn Young"), at(text, "Gwendolyn", nth=2)]
    names = _names(text, spans, header)
    assert {names[at(text, "Gwendolyn").start], names[at(text, "Gwendolyn", nth=2).start]} == {"gwendolyn young"}


@pytest.mark.parametrize(("line", "tagged"), [
    ("My grandchildren never got to meet him. Young, age forty-three, was on his way home.", True),
    ("Young people were there. We moved to Young in 1990.", False),  # the word; a place
    ("Mr. Hope spoke about the loss of Young. It hurts.", True),  # a place too, but said of a person
])
def test_it_takes_a_first_name_that_is_a_word_as_the_name_where_the_sentence_says_so(line, tagged):
    header = Header(inmate_name="MARVIN GALLEGOS", participants=(Participant("MARIBEL LITTLE", "Victim's Next of Kin"),))
    text = ("COMMISSIONER RUFF: The victim, Young Little, was 43. Young Little had kids.\n"
            f"LITTLE: {line}\n")
    spans = [at(text, "Young Little"), at(text, "Young Little", nth=1), at(text, "LITTLE", sources=("rule",))]
    if "to Young" in line or "loss of Young" in line:  # the tagger calls it a place
        spans.append(at(text, "Young", "LOCATION", nth=3 if "to Young" in line else 2))
    mentions, entities = run(text, spans, header)
    start = text.index(line)
    found = {entities[m.entity].name for m in mentions if m.start >= start and text[m.start:m.end] == "Young"
             and m.label == "PERSON"}
    assert found == ({"Young Little"} if tagged else set())


def test_it_takes_a_taggers_organization_that_is_exactly_a_persons_full_name_for_the_person():
    """spaCy's ORGANIZATION "Ricardo Hakobyan" took in the census rule's "Ricardo" (sources presidio +
    spacy): it is still the person named "Mr. Ricardo Hakobyan" elsewhere."""
    text = ("MR. DOE: Ricardo Hakobyan wrote a letter, he's a pastor.\n"
            "COMMISSIONER RUFF: Tell me about the letter from Mr. Ricardo Hakobyan.\n")
    spans = [at(text, "Ricardo Hakobyan", "ORGANIZATION", sources=("presidio", "spacy")),
             at(text, "Ricardo Hakobyan", nth=1)]
    mentions, entities = run(text, spans, Header(inmate_name="JOHN DOE"))
    found = [(m.label, entities[m.entity].label) for m in mentions if text[m.start:m.end] == "Ricardo Hakobyan"]
    assert found == [("PERSON", "PERSON"), ("PERSON", "PERSON")]


@pytest.mark.parametrize(("first", "second", "same"), [
    ("Andre Ochoa", "Ochea", True),          # a vowel for a vowel inside a five-letter surname
    ("Delphine Mendoza", "Mandoza", True),   # any letter inside a long one
    ("Julio Ramirez", "Julia Ramirez", False),  # the last letter: a brother and a sister
    ("Angela Ochoa", "Angelo Ochoa", False),
    ("Andre Ochoa", "Ocher", False),         # a consonant for a vowel in a short name
])
def test_it_links_a_name_part_with_one_letter_written_wrong_but_not_two_people(first, second, same):
    text = f"COMMISSIONER RUFF: I spoke to {first} yesterday. Later {second} called me.\n"
    mentions, entities = run(text, [at(text, first), at(text, second)], Header(inmate_name="JOHN DOE"))
    ids = {text[m.start:m.end]: m.entity for m in mentions}
    assert (ids[first] == ids[second]) is same


@pytest.mark.parametrize(("word", "person"), [
    ("Love", True),     # a word, no place: capitalised inside a sentence it is the name
    ("Jordan", False),  # a place too: only a person's context makes it the name
])
def test_it_takes_a_taggers_place_that_is_a_common_first_name_of_the_hearing_for_the_person(word, person):
    text = f"COMMISSIONER RUFF: The victim, {word} Little, was 43.\nMR. DOE: We talked a lot of {word}. It hurts.\n"
    mentions, entities = run(text, [at(text, f"{word} Little"), at(text, word, "LOCATION", nth=1)],
                             Header(inmate_name="JOHN DOE"))
    second = next(m for m in mentions if m.start == text.index(f"of {word}") + 3)
    assert (entities[second.entity].name == f"{word} Little") is person


def test_it_gives_an_addressed_ms_to_the_woman_present_before_a_man_of_a_name_of_unknown_sex():
    header = Header(inmate_name="JOHN DOE", participants=(Participant("MATEO SANDOVAL", "Victim's Next of Kin"),))
    text = ("SANDOVAL: My name is Mateo Sandoval. I'm Annette's uncle.\n"
            "SANDOVAL: I'm Yolanda Sandoval. Annette was my sister.\n"
            "COMMISSIONER RUFF: Mr. Sandoval, you may now give your statement.\n"
            "COMMISSIONER RUFF: Ms. Sandoval, please.\n")
    spans = [at(text, "SANDOVAL", sources=("rule",)), at(text, "SANDOVAL", sources=("rule",), nth=1),
             at(text, "Mateo Sandoval"), at(text, "Yolanda Sandoval"), at(text, "Sandoval", nth=2),
             at(text, "Sandoval", nth=3)]
    names = _names(text, spans, header)
    assert names[at(text, "Sandoval", nth=2).start] == "mateo sandoval"  # "Mateo": on neither Census list
    assert names[at(text, "Sandoval", nth=3).start] == "yolanda sandoval"


TYPOS = [
    ("McDDonald", "darnell mcdonald"),  # a letter typed twice, inner capitals kept
    ("Hernanndez", "rosa hernandez"),
]


@pytest.mark.parametrize(("typo", "person"), TYPOS)
def test_it_finds_a_name_with_a_letter_typed_twice_that_no_detector_found(typo, person):
    text = ("COMMISSIONER RUFF: Darnell McDonald and Rosa Hernandez are here.\n"
            f"COMMISSIONER RUFF: Go ahead, tell us about {typo} and the others.\n")
    spans = [at(text, "Darnell McDonald"), at(text, "Rosa Hernandez")]
    names = _names(text, spans)
    assert names.get(text.index(typo)) == person


@pytest.mark.parametrize(("garbled", "person"), [
    ("HernÆndez", "rosa hernandez"),  # a converter's garbled letter for "á"
    ("McDonÃld", "darnell mcdonald"),
    ("Hernández", "rosa hernandez"),  # an accent the other mentions lack
    ("HernÆÆdez", None),  # two letters garbled: no known part
    ("BernÆndez", None),  # another letter differs too
    ("QuintÆnilla", None),  # no one of that name
])
def test_it_finds_a_name_part_with_one_letter_garbled_that_no_detector_found(garbled, person):
    text = ("COMMISSIONER RUFF: Darnell McDonald and Rosa Hernandez are here.\n"
            f"COMMISSIONER RUFF: Go ahead, tell us about {garbled} and the others.\n")
    spans = [at(text, "Darnell McDonald"), at(text, "Rosa Hernandez")]
    names = _names(text, spans)
    assert names.get(text.index(garbled)) == person


@pytest.mark.parametrize(("said", "person"), [
    ("Mr. Bran's miller", "oskar branzmiller"),  # a recognizer's two words for the name: the same sound
    ("the bran's miller", "oskar branzmiller"),
    ("brans miller", "oskar branzmiller"),
    ("Mr. Quint's walder", "ida quintzwalder"),
    ("Mr. Bran miller", None),  # another sound
    ("Mr. Brandt miller", None),
    ("Mr. Branz Miller", None),  # the second word capitalised: a name of its own, the detectors' to find
])
def test_it_finds_a_long_name_part_written_as_two_words_that_sound_like_it(said, person):
    text = ("COMMISSIONER RUFF: Oskar Branzmiller and Ida Quintzwalder are here.\n"
            f"COMMISSIONER RUFF: Go ahead, tell us about {said} and the others.\n")
    spans = [at(text, "Oskar Branzmiller"), at(text, "Ida Quintzwalder")]
    names = _names(text, spans)
    first = said.split()[-2]
    assert names.get(text.index(first, text.index("about"))) == person


def test_it_takes_no_other_census_name_or_word_for_a_typo():
    text = ("COMMISSIONER RUFF: Darnell Mitchel and Rosa Alvarado are here.\n"
            "COMMISSIONER RUFF: Then Mitchell came in, and the Alvarrado file.\n")
    spans = [at(text, "Darnell Mitchel"), at(text, "Rosa Alvarado")]
    names = _names(text, spans)
    assert text.index("Mitchell") not in names  # a surname of its own, not a typo of Mitchel
    assert names.get(text.index("Alvarrado")) == "rosa alvarado"


@pytest.mark.parametrize(("man", "woman_title"), [
    ("PHILLIP McDONALD", "MS."),   # the next of kin's wife, never named in full
    ("PHILLIP McDONALD", "MRS."),
    ("MARVIN McDONALD", "MS."),    # the inmate's mother
])
def test_it_gives_a_title_of_the_other_sex_than_the_one_person_of_that_surname_to_someone_else(man, woman_title):
    """``MS. McDONALD:`` where Phillip McDonald is the only McDonald is another person (his wife),
    and so are her tag and the address before it; ``MR. McDONALD:`` stays his."""
    header = Header(inmate_name=man if man.startswith("MARVIN") else "JOHN DOE",
                    participants=(Participant(man, "Victim's Next of Kin"),) if man.startswith("PHILLIP") else ())
    first = man.split()[0].title()
    text = (f"MR. McDONALD: My name is {first} McDonald.\n"
            f"COMMISSIONER RUFF: And ma'am, you are his wife?\n"
            f"{woman_title} McDONALD: Yes. I knew Graciela for twenty years.\n"
            f"COMMISSIONER RUFF: {woman_title.title()} McDonald, go ahead.\n"
            f"{woman_title} McDONALD: She was kind.\n"
            f"MR. McDONALD: Thank you.\n")
    spans = [at(text, "McDONALD", sources=("rule",), nth=n) for n in range(4)]
    spans += [at(text, f"{first} McDonald"), at(text, "McDonald", nth=1)]
    names = _names(text, spans, header)
    him = names[at(text, f"{first} McDonald").start]
    assert him == f"{first} mcdonald".casefold()
    assert names[at(text, "McDONALD", sources=("rule",)).start] == him
    assert names[at(text, "McDONALD", sources=("rule",), nth=3).start] == him
    hers = {names[at(text, "McDONALD", sources=("rule",), nth=n).start] for n in (1, 2)}
    hers.add(names[at(text, "McDonald", nth=1).start])
    assert len(hers) == 1 and him not in hers


@pytest.mark.parametrize(("address", "speaker"), [
    ("Mr. Love, please.", "jerome love"),                          # at the start of the utterance
    ("Thank you, Ms. Love. Mr. Love, please.", "jerome love"),     # the last one addressed speaks next
    ("Thank you, sir. Ms. Love?", "maribel love"),
])
def test_it_gives_a_shared_surname_tag_to_the_one_the_utterance_before_addressed_last(address, speaker):
    header = Header(inmate_name="MARVIN LITTLE", participants=(Participant("MARIBEL LOVE", "Victim's Next of Kin"),))
    text = ("LOVE: My name is Maribel Love. I'm Young's wife.\n"
            "LOVE: I'm Jerome Love. Young was my uncle.\n"
            f"COMMISSIONER RUFF: {address}\n"
            "LOVE: My grandchildren never got to meet him.\n")
    spans = [at(text, "LOVE", sources=("rule",), nth=n) for n in range(3)]
    spans += [at(text, "Maribel Love"), at(text, "Jerome Love")]
    assert _names(text, spans, header)[at(text, "LOVE", sources=("rule",), nth=2).start] == speaker


@pytest.mark.parametrize("woman_title", ["MS.", "MRS."])
def test_it_never_gives_a_man_addressed_to_the_woman_a_tags_title_made_someone_else(woman_title):
    """``MRS. McDONALD:`` beside Phillip McDonald and his son Tyrell is another person, a woman: ``Mr. McDonald?`` after
    her is one of the men, never her (the person her tag started had no sex, so a man's title took her)."""
    text = ("COMMISSIONER RUFF: The victim was Tyrell McDonald. His father, Phillip McDonald, is on the line.\n"
            f"{woman_title} McDONALD: I am his stepmother. He was kind.\n"
            "COMMISSIONER RUFF: Thank you. Mr. McDonald?\n"
            "MR. McDONALD: Nothing to add.\n")
    spans = [at(text, "Tyrell McDonald"), at(text, "Phillip McDonald")]
    spans += [at(text, "McDONALD", sources=("rule",), nth=n) for n in range(2)] + [at(text, "McDonald", nth=2)]
    names = _names(text, spans, Header(inmate_name="JOHN DOE"))
    hers = names[at(text, "McDONALD", sources=("rule",)).start]
    assert hers not in ("tyrell mcdonald", "phillip mcdonald")
    assert names[at(text, "McDonald", nth=2).start] != hers
    assert names[at(text, "McDONALD", sources=("rule",), nth=1).start] != hers
