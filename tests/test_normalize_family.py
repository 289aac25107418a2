"""A family sharing a surname (a bare surname goes to the person its utterance names, at lower
certainty) and a surname with one letter written wrong."""
from __future__ import annotations

import pytest

from anonymizer.types import Header, Participant
from tests.test_normalize import at, run

HEADER = Header(inmate_name="PHILLIP LOVE", cdcr_number="V12345",
                participants=(Participant("LUCINDA BLACK", "Victim's Next of Kin"),))
TEXT = (
    "COMMISSIONER QUINTERO: The victim, Graciela Black, was 41. Graciela Black had two children. "
    "Graciela Black worked nights.\n"                                         # 0: the most named
    "BLACK: My name is Lucinda Black. Black, B-L-A-C-K.\n"                   # 1: Lucinda introduces herself
    "BLACK: I'm Georgia Black, G-E-O-R-G-I-A.\n"                             # 2: Georgia introduces herself
    "COMMISSIONER QUINTERO: Ms. Black, you may now give your statement.\n"   # 3: someone present: Lucinda
    "BLACK: She was my wife.\n"                                              # 4
    "COMMISSIONER QUINTERO: Georgia, go ahead.\n"                            # 5
    "BLACK: Our family has never been the same.\n"                           # 6: the one addressed: Georgia
    "COMMISSIONER QUINTERO: We considered the statement of Ms. Black.\n"     # 7: Lucinda gave one
)


def _grouped():
    spans = [at(TEXT, "QUINTERO", sources=("rule",), nth=n) for n in range(4)]
    spans += [at(TEXT, "Graciela Black", nth=n) for n in range(3)]
    spans += [at(TEXT, name) for name in ("Lucinda Black", "Georgia Black")]
    spans += [at(TEXT, "BLACK", sources=("rule",), nth=n) for n in range(4)]
    spans += [at(TEXT, "Black", nth=n) for n in (4, 6, 7)]  # "Black," after Lucinda's name; Ms. Black twice
    spans += [at(TEXT, "B-L-A-C-K", "SPELLED_NAME")]
    mentions, entities = run(TEXT, spans, HEADER)
    names = {m.start: entities[m.entity].name for m in mentions}
    return mentions, names


def _name_at(names: dict, surface: str, nth: int = 0) -> str:
    return names[at(TEXT, surface, nth=nth).start].casefold()


def test_it_gives_a_shared_surname_tag_to_the_speaker_who_says_who_they_are():
    _, names = _grouped()
    assert _name_at(names, "BLACK", 0) == "lucinda black"  # "My name is Lucinda Black"
    assert _name_at(names, "BLACK", 1) == "georgia black"  # "I'm Georgia Black"
    assert _name_at(names, "BLACK", 2) == "lucinda black"  # nothing said: the title-page participant
    assert _name_at(names, "BLACK", 3) == "georgia black"  # "Georgia, go ahead."


def test_it_gives_a_bare_surname_and_its_spelling_to_the_person_its_utterance_names():
    _, names = _grouped()
    assert _name_at(names, "Black", 4) == "lucinda black"  # right after her full name
    assert _name_at(names, "B-L-A-C-K") == "lucinda black"  # spelled right after it
    assert _name_at(names, "Black", 6) == "lucinda black"  # "Ms. Black, you may now ...": someone present
    assert _name_at(names, "Black", 7) == "lucinda black"  # "the statement of Ms. Black"


def test_it_never_unites_people_with_different_first_names_and_keeps_a_shared_surname_uncertain():
    mentions, names = _grouped()
    full = {_name_at(names, n) for n in ("Graciela Black", "Lucinda Black", "Georgia Black")}
    assert full == {"graciela black", "lucinda black", "georgia black"}
    bare = [m for m in mentions if TEXT[m.start:m.end] == "Black"]  # still certainty 3: a person looks at it
    assert len(bare) == 3 and all(m.confidence == 3 for m in bare)


def test_it_links_a_long_surname_with_one_letter_written_wrong_but_not_a_different_name():
    text = "INMATE LOVE: Mateo Mendoza drove. Mr. Mandoza testified. Kowalski and Kewalski. Mendez too.\n"
    spans = [at(text, "Mateo Mendoza"), at(text, "Mandoza"), at(text, "Kowalski"), at(text, "Kewalski"),
             at(text, "Mendez")]
    mentions, entities = run(text, spans, HEADER)
    entity = {text[m.start:m.end]: m.entity for m in mentions}
    assert entity["Mandoza"] == entity["Mateo Mendoza"]
    assert entity["Kewalski"] == entity["Kowalski"]
    assert entity["Mendez"] != entity["Mateo Mendoza"]  # another name, not a slip


@pytest.mark.parametrize(("father", "son", "big", "little"), [
    ("Michael Tolliver", "Michael Tolliver Junior", "Big Mike", "Little Mike"),
    ("Raymond Ortiz", "Raymond Ortiz Jr.", "Big Ray", "Lil Ray"),
    ("Anthony Vo", "Anthony Vo III", "Big Tony", "Baby Tony"),
])
def test_it_gives_a_street_names_lead_to_the_father_or_to_the_son_named_after_him(father, son, big, little):
    text = (f"COMMISSIONER QUINTERO: The victim was {father}. His son, {son}, is here.\n"
            f"BLACK: Everybody knew {big}. {little} was nine then.\n")
    mentions, entities = run(text, [at(text, name) for name in (father, son, big, little)], HEADER)
    name = {text[m.start:m.end]: entities[m.entity].name for m in mentions}
    assert (name[big], name[little].rstrip(".")) == (father, son.rstrip("."))


def test_it_keeps_a_street_names_lead_with_the_name_of_one_person_a_person_of_its_own():
    text = "BLACK: My brother was Jerome Simms. I named my son after him. Little Jerome is twelve now.\n"
    mentions, entities = run(text, [at(text, "Jerome Simms"), at(text, "Little Jerome")], HEADER)
    assert len({m.entity for m in mentions if m.label == "PERSON" and "Jerome" in text[m.start:m.end]}) == 2
