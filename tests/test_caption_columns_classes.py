"""Classes of false tags, misses and wrong groupings found in two hand-written hearings (a youth offender's hearing
under a caption printed beside the hearing's type, ``tests/hand/youth_military_immigration.txt``, and a Korean
family's hearing through an interpreter, ``tests/hand/korean_family_interpreter.txt``), each a table of invented
sentences and title pages no hearing of the suite holds."""
from __future__ import annotations

import pytest

from anonymizer.header import split_title
from anonymizer.ingest import load_bytes

from .sentences import assert_masked_as_a_reader_would

#: (sentence, surface, label or None when no word of the surface may be masked)
CASES = [
    # a holiday with the time of that day and its year: a date
    ("It happened on Thanksgiving evening, 2003, at my aunt's.", "Thanksgiving evening, 2003", "DATE"),
    ("We got married on Easter morning in 1994.", "Easter morning in 1994", "DATE"),
    # an age after "At" opening a sentence, and before "I"
    ("At fifteen, I was already selling for them.", "fifteen", "AGE"),
    ("I dropped out at sixteen I think.", "sixteen", "AGE"),
    # one ordinary word, no first name, before a head that is a surname too: a business
    ("My wife worked at the Bluebird Market on Olive Street.", "Bluebird Market", "ORGANIZATION"),
    ("Daniel Church was my cellie for a year.", "Daniel Church", "PERSON"),  # a first name: a person
    # a business named in Spanish, its trade first
    ("My uncle runs Ferretería Ocampo in Uruapan.", "Ferretería Ocampo", "ORGANIZATION"),
    ("My cousin has a job for me at Taller Ibarra in Tijuana.", "Taller Ibarra", "ORGANIZATION"),
    # a holiday of Korea or Vietnam: a calendar word, no one's name
    ("My mother cooks for Chuseok every year.", "Chuseok", None),
    ("Chuseok was the only day my father stayed home.", "Chuseok", None),
    # a code of capitals and digits that a tagger took for a firm: an identifier
    ("My tribal enrollment number is YKT-30412, sir.", "YKT-30412", "ID"),
    # a tagger's span over a capital's full stop and the next sentence's pronoun
    ("I go to the sweat lodge on Facility C. Your cellie goes too.", "Your", None),
    # children's ages in brackets after their first names, and the second name beside the first
    ("My son has two girls, Nevaeh (7) and Zuri (4), in Stockton.", "7", "AGE"),
    ("My son has two girls, Nevaeh (7) and Zuri (4), in Stockton.", "Zuri", "PERSON"),
    ("See Exhibit (12) and Section (3) of the report.", "12", None),  # no first name before the bracket
    # medical words in capitals and a street named without its number
    ("He has COPD and a TBI from the accident.", "COPD", None),
    ("She lives out on Lone Oak Way with her aunt.", "Lone Oak Way", "LOCATION"),
    # a house number and a street's direction before a name without its suffix: an address
    ("My sister still lives at 2715 West Shields, near the college.", "2715 West Shields", "LOCATION"),
    ("It was 20 West Virginia coal miners in that unit.", "20", None),  # a count before a state
]


@pytest.mark.parametrize(("sentence", "surface", "label"), CASES, ids=[c[1] for c in CASES])
def test_it_masks_a_class_as_a_reader_would(pipeline, sentence, surface, label):
    assert_masked_as_a_reader_would(pipeline, sentence, surface, label)


@pytest.mark.parametrize(("question", "answer", "age"), [
    ("And you're sixty-one now?", "(Through interpreter) Sixty-one. I was born in Hue.", "Sixty-one"),
    ("You're forty-four today?", "(Crying) Forty-four. Yes.", "Forty-four"),
])
def test_it_reads_a_number_answering_a_question_after_an_aside_as_an_age(pipeline, question, answer, age):
    text = f"PROCEEDINGS\n\nPRESIDING COMMISSIONER SMITH:  {question}\n\nINMATE JONES:  {answer}\n"
    analysis = pipeline.run(load_bytes(text.encode(), "answer.txt"))
    found = [(text[m.start:m.end], m.label) for m in analysis.mentions]
    assert (age, "AGE") in found and (age, "PERSON") not in found, found


@pytest.mark.parametrize(("beside", "inmate"), [
    ("YOUTH OFFENDER PAROLE HEARING", "MARCO ANTONIO REYES"),
    ("ELDERLY PAROLE HEARING", "MARCO ANTONIO REYES"),
    ("SUBSEQUENT HEARING NO. 4", "MARCO ANTONIO REYES"),
])
def test_it_reads_a_caption_printed_beside_the_hearings_type(beside, inmate):
    page = (f"        BEFORE THE BOARD OF PAROLE HEARINGS OF THE STATE OF CALIFORNIA\n\n"
            f"In the Matter of the Life Term           CDCR No. AT-1188\n"
            f"Parole Consideration Hearing of\n"
            f"                                         {beside}\n"
            f"{inmate}                  ELDERLY PAROLE: NOT ELIGIBLE\n\n"
            f"Mule Creek State Prison, Ione, California\n\n"
            f"For the Board:       Commissioner Ellen Mora\n"
            f"                     Deputy Commissioner Ravi Sethi\n"
            f"For the People:      Dana Whitfield, Deputy District Attorney\n"
            f"Also present:        Ana Reyes, inmate's sister\n"
            f"                     Jun-ho Seo, interpreter\n\n"
            f"                         * * * * *\n\n"
            f"     COMMISSIONER MORA:  Good morning.\n")
    _, header = split_title(page)
    assert header is not None and header.inmate_name == inmate and header.cdcr_number == "AT-1188"
    assert header.facility == "Mule Creek State Prison"
    assert {p.name for p in header.participants} >= {"Ellen Mora", "Ravi Sethi", "Dana Whitfield", "Ana Reyes",
                                                       "Jun-ho Seo"}


@pytest.mark.parametrize(("matter", "inmate", "number"), [
    ("IN THE MATTER OF:  KIM MIN-JI (X-20417)", "KIM MIN-JI", "X-20417"),
    ("IN THE MATTER OF:  TRAN VAN LOC, AB-5521", "TRAN VAN LOC", "AB-5521"),
])
def test_it_takes_the_number_beside_the_name_and_no_prison_for_the_inmate(matter, inmate, number):
    page = (f"STATE OF CALIFORNIA\nBOARD OF PAROLE HEARINGS\n\n{matter}\n\n"
            f"CENTRAL CALIFORNIA WOMEN'S FACILITY\nCHOWCHILLA, CALIFORNIA\nJULY 11, 2022\n\n"
            f"PANEL:\n   Presiding Commissioner: Ellen Mora\nOTHERS:\n   Interpreter (Korean): Seo Jun-ho\n"
            f"   Victim's Representative: Sgt. (Ret.) Dale Ebbesen\n\n              oOo\n\n"
            f"     PRESIDING COMMISSIONER MORA:  We're on the record.\n")
    _, header = split_title(page)
    assert header is not None and (header.inmate_name, header.cdcr_number) == (inmate, number)
    assert {p.name for p in header.participants} == {"Ellen Mora", "Seo Jun-ho", "Dale Ebbesen"}


@pytest.mark.parametrize(("title_page_name", "titled", "other"), [
    ("Seo Jun-ho", "Mr. Seo", "Daniel Park"),  # a Korean name, surname first: the title goes with the surname
    ("Tran Thi Mai", "Ms. Tran", "Kevin Pham"),  # a Vietnamese name with its middle name
    ("Liu Xiaoming", "Mr. Liu", "Daniel Wong"),  # a Chinese given name of two syllables in pinyin, one word
    ("Zhang Weilin", "Ms. Zhang", "Kevin Chen"),
])
def test_it_links_a_titled_surname_to_a_name_printed_surname_first(pipeline, title_page_name, titled, other):
    text = ("STATE OF CALIFORNIA\nBOARD OF PAROLE HEARINGS\n\nIN THE MATTER OF:  JOHN JONES, AB-1234\n\n"
            f"PANEL:\n   Presiding Commissioner: Ellen Mora\nOTHERS:\n   Interpreter: {title_page_name}\n\n"
            "              oOo\n\n"
            f"     PRESIDING COMMISSIONER MORA:  {titled}, please translate. His son {other} is here too.\n")
    analysis = pipeline.run(load_bytes(text.encode(), "surname_first.txt"))
    shown = analysis.transcript.text

    def entity(surface: str) -> int:
        return next(m.entity for m in analysis.mentions if shown[m.start:m.end] == surface)

    surname = titled.split()[1]
    at = shown.index(titled) + len(titled) - len(surname)
    titled_entity = next(m.entity for m in analysis.mentions if m.start == at)
    assert titled_entity == entity(title_page_name) != entity(other)


@pytest.mark.parametrize(("line", "tag"), [
    ("HART (PRESIDING):  Good morning.", "HART"),
    ("MR. DELGADO (INMATE):  Yes, sir.", "MR. DELGADO"),
    ("THE WITNESS (THROUGH INTERPRETER):  Yes.", "THE WITNESS"),
    ("Exhibit (A): the report", None),  # no tag: a word in mixed case
])
def test_it_reads_a_speakers_role_printed_in_brackets_after_the_tag(line, tag):
    from anonymizer.lang.en.transcript import speaker_tag

    found = speaker_tag(line)
    assert (found.group("tag") if found else None) == tag


@pytest.mark.parametrize(("said", "cased"), [
    ("MY COUSIN TITO WAS THERE.", "My cousin Tito was there."),  # a name a dictionary lists (Tito)
    ("HER DAUGHTER, BROOKLYN, IS NINE.", "Her daughter, Brooklyn, is nine."),
    ("MY COUSIN LIVED THERE.", "My cousin lived there."),  # a verb after the relative
    ("MY SISTER NEVER CAME.", "My sister never came."),
])
def test_it_writes_a_relatives_name_after_the_relative_in_a_transcript_in_capitals(said, cased):
    from anonymizer.lang.en.truecase import truecase

    body = "PROCEEDINGS\n\nPRESIDING COMMISSIONER SMITH:  WHERE DID YOU GROW UP, SIR? TELL US ABOUT THAT.\n\n"
    text = body + f"INMATE JONES:  {said} WE WERE POOR BUT WE WERE HAPPY THERE FOR A LONG TIME.\n"
    assert cased in truecase(text)
