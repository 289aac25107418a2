"""Real transcripts of other formats (issue 47, round 31: a second UK inquiry's bereaved-family witness, and what
was left of the tuned inquiries, trials and grand jury), each class on invented sentences:

* a speaker tag of a role and the body it serves (``Counsel Inquiry:``, ``Clerk Tribunal:``) names no one;
* the honorific of address (``my Lady``, ``your Lordship``) is no name, though ``Lady Penrose`` and a vessel, ``the Lady
  Grace``, are;
* a barrister's rank (``King's Counsel``), a call's service (``Skype``), a ward's terms (``DNACPR``, ``PPE``) and the
  pandemic's name as British transcripts write it (``Covid``) identify no one;
* an age said again to confirm it in the next turn (``she was 88?`` / ``Just 88, yes.``) is the same age;
* a clock time said again alone (``reconvene at 11.35`` / ``11.35, everybody``) is the same time;
* a bare hour opening a range whose end is a clock time (``around 8, all the way until 8 p.m.``) is a time;
* a crossing of streets after ``between`` (``between 48th and Sixth Ave``) is a place;
* a body named again without its kind (``Christian Eastbrook`` of ``Christian Eastbrook Hospital``) stays the body's
  name, though the tagger reads its first word as a religion;
* a British school, surgery, care home or health centre by its kind (``Riverside Surgery``) is a body;
* a baby's age in months or weeks (``Our son was 6 months then.``) is an age, a stay's months are not;
* a town the gazetteer knows before a firm's site (``the Pontypool branch``) is a place, a word of the dictionary
  there is not (``the Reading depot``).
"""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from anonymizer.types import SUSPECT


def _mentions(pipeline, text: str, name: str = "hearing.txt") -> list[tuple[str, str]]:
    analysis = pipeline.run(load_bytes(text.encode(), name))
    body = analysis.transcript.text
    return [(body[m.start : m.end], m.label) for m in analysis.mentions if SUSPECT not in m.sources]


def _surfaces(pipeline, text: str, label: str | None = None) -> list[str]:
    return [s for s, lab in _mentions(pipeline, text) if label is None or lab == label]


_INQUIRY = ("Lady Penrose: Ms Okoro.\n\nMs Okoro: Thank you, my Lady. May I call Dana Whitlock.\n\n"
            "MS DANA WHITLOCK (affirmed).\n\nThe Witness: Thank you, my Lady.\n\n")


@pytest.mark.parametrize("tag, body", [
    ("Counsel Inquiry", "Inquiry"),
    ("Clerk Tribunal", "Tribunal"),
    ("Counsel Committee", "Committee"),
])
def test_it_reads_no_name_in_a_tag_of_a_role_and_its_body(pipeline, tag, body):
    text = _INQUIRY + f"{tag}: Your father, Colin Whitlock, died in the spring; is that right?\n\n" \
                      "Ms Dana Whitlock: Yes.\n\n" + f"{tag}: Thank you.\n"
    found = _surfaces(pipeline, text, "PERSON")
    assert body not in found
    assert "Colin Whitlock" in found


def _covered(pipeline, text: str) -> tuple[str, set[int]]:
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    covered: set[int] = set()
    for m in analysis.mentions:
        if SUSPECT not in m.sources:
            covered.update(range(m.start, m.end))
    return analysis.transcript.text, covered


@pytest.mark.parametrize("address", ["my Lady", "my Lord", "your Lordship", "your Ladyship"])
def test_it_reads_no_name_in_an_honorific_of_address(pipeline, address):
    text = f"Lady Penrose: Ms Okoro.\n\nMs Okoro: Thank you, {address}. May I call Dana Whitlock.\n"
    body, covered = _covered(pipeline, text)
    word = body.index(address) + len(address.split()[0]) + 1
    assert not any(i in covered for i in range(word, body.index(address) + len(address)))
    assert body.index("Penrose") in covered and body.index("Dana Whitlock") in covered


@pytest.mark.parametrize("title", ["Lady"])
def test_it_keeps_an_honorific_inside_a_name_or_a_vessels_name(pipeline, title):
    text = (f"{title} Penrose: Thank you, Ms Okoro.\n\nMs Okoro: Thank you, my {title}.\n\n"
            f"Q. Did you travel?\nA. Yes, on his yacht, the {title} Grace, twice.\n")
    body, covered = _covered(pipeline, text)
    vessel = body.index(f"the {title} Grace") + 4
    assert all(i in covered for i in range(vessel, vessel + len(f"{title} Grace")))
    address = body.index(f"my {title}") + 3
    assert not any(i in covered for i in range(address, address + len(title)))


@pytest.mark.parametrize("term", ["King's Counsel", "Queen's Counsel", "Skype", "FaceTime", "WhatsApp"])
def test_it_reads_a_rank_or_a_calls_service_as_no_ones_data(pipeline, term):
    text = _INQUIRY + f"Ms Okoro: Ms Whitlock, I am told the {term} matter came up?\n\n" \
                      f"Ms Dana Whitlock: Yes, I spoke to Mum every day on the {term} line, or with {term}.\n"
    assert not any(term in s for s in _surfaces(pipeline, text))


@pytest.mark.parametrize("question, answer, number", [
    ("And she was 88; is that right?", "She was. Just 88, yes, in that month.", "88"),
    ("And he was 74 when he went in?", "74, yes. Nearly 75.", "74"),
    ("Your son was 9 at the time?", "Yes. 9 then, and at school.", "9"),
])
def test_it_masks_an_age_said_again_to_confirm_it(pipeline, question, answer, number):
    text = _INQUIRY + f"Ms Okoro: {question}\n\nMs Dana Whitlock: {answer}\n"
    assert _surfaces(pipeline, text, "AGE").count(number) == 2


@pytest.mark.parametrize("answer", ["She was. There were 88 pages in it.", "88 of them came, yes.", "Yes, 88 pounds."])
def test_it_reads_no_other_number_after_an_age_as_that_age(pipeline, answer):
    text = _INQUIRY + f"Ms Okoro: And she was 88; is that right?\n\nMs Dana Whitlock: {answer}\n"
    assert _surfaces(pipeline, text, "AGE") == ["88"]


@pytest.mark.parametrize("first, again", [
    ("Could we reconvene at 11.35, please.", "11.35, everybody, thank you."),
    ("We will resume at 2.05.", "2.05. Thank you all."),
    ("We will sit again at 14:10 tomorrow.", "14:10, then."),
])
def test_it_masks_a_clock_time_said_again_alone(pipeline, first, again):
    text = f"Ms Okoro: {first}\n\nThe Chair: {again}\n"
    time = again.split(",")[0].split(" ")[0].rstrip(".")
    assert [s.split()[0] for s in _surfaces(pipeline, text, "TIME")] == [time, time]


def test_it_reads_no_price_or_section_as_a_time_said_again(pipeline):
    text = "Ms Okoro: Could we reconvene at 11.35, please.\n\nThe Chair: It cost £11.35 and is at section 4.11.35.\n"
    assert _surfaces(pipeline, text, "TIME") == ["11.35"]


@pytest.mark.parametrize("line, hour", [
    ("I would be in the office quite early, around 8, all the way until\n8 p.m. It depended.", "8"),
    ("We worked from 9 to 5 p.m. most days.", "9"),
    ("She came between 7 and 9 a.m. as a rule.", "7"),
])
def test_it_masks_a_bare_hour_opening_a_range_to_a_clock_time(pipeline, line, hour):
    found = _surfaces(pipeline, f"Q. What were your hours?\nA. {line}\n", "TIME")
    assert any(s.split()[0] == hour for s in found)


@pytest.mark.parametrize("line", ["He is 8, all the way up to 8 feet tall.", "We had between 7 and 9 of them."])
def test_it_reads_no_bare_number_before_a_quantity_as_a_time(pipeline, line):
    assert _surfaces(pipeline, f"Q. And then?\nA. {line}\n", "TIME") == []


@pytest.mark.parametrize("crossing", ["48th and Sixth Ave", "3rd and Main Street", "Fourth and Market"])
def test_it_masks_a_crossing_of_streets_after_between(pipeline, crossing):
    found = _surfaces(pipeline, f"Q. Where is the hotel?\nA. It is between {crossing}, I think.\n", "LOCATION")
    assert crossing in found


def test_it_reads_no_dates_or_grades_between_ordinals_as_a_crossing(pipeline):
    text = "Ms Okoro: It was between 3rd and 5th May, when she was between 3rd and 4th grade.\n"
    assert _surfaces(pipeline, text, "LOCATION") == []


@pytest.mark.parametrize("body, short", [
    ("Methodist Eastbrook Hospital", "Methodist Eastbrook"),
    ("Baptist Riverside Hospital", "Baptist Riverside"),
    ("Catholic Eastfield Academy", "Catholic Eastfield"),
])
def test_it_masks_a_body_named_again_though_its_first_word_is_a_religion(pipeline, body, short):
    text = (f"Q So where did you go?\nA I met the detectives at {body}.\n"
            f"Q And then did you go directly to {short}?\nA I did.\n")
    found = _mentions(pipeline, text)
    assert (short, "ORGANIZATION") in found
    assert all(label != "NRP" for _, label in found)


@pytest.mark.parametrize("body", ["St Julian's Primary School", "Bassaleg Comprehensive", "Elmhurst Care Home",
                                  "Riverside Surgery", "Ashgrove Health Centre", "Thornbury Grammar School"])
def test_it_masks_a_british_school_surgery_home_or_centre(pipeline, body):
    text = f"Mr Beer: And then?\n\nMr Pryce: My mother went to {body}, near us, for a while.\n"
    body_text, covered = _covered(pipeline, text)
    start = body_text.index(body)
    assert all(i in covered for i in range(start, start + len(body)) if body_text[i].isalnum())


@pytest.mark.parametrize("phrase", ["the surgery on my knee", "a care home", "the health centre", "a grammar school"])
def test_it_reads_no_kind_of_place_in_small_letters_as_a_body(pipeline, phrase):
    text = f"Mr Beer: And then?\n\nMr Pryce: We went to {phrase}, near us, for a while.\n"
    assert _surfaces(pipeline, text, "ORGANIZATION") == []


@pytest.mark.parametrize("answer, age", [
    ("She was a baby, about eighteen months.", "eighteen months"),
    ("Our son was 6 months then.", "6 months"),
    ("He was just nine weeks, and poorly.", "nine weeks"),
])
def test_it_masks_a_babys_age_in_months_or_weeks(pipeline, answer, age):
    text = f"Mr Beer: How old were they then?\n\nMr Pryce: {answer}\n"
    assert age in _surfaces(pipeline, text, "AGE")


@pytest.mark.parametrize("answer", ["He was 6 months in prison.", "She was 9 weeks pregnant.", "I was there 6 months.",
                                    "It was 6 months."])
def test_it_reads_no_duration_as_a_babys_age(pipeline, answer):
    text = f"Mr Beer: And then?\n\nMr Pryce: {answer}\n"
    assert _surfaces(pipeline, text, "AGE") == []


@pytest.mark.parametrize("term", ["Covid", "non-Covid", "DNACPR", "PPE", "IPC", "FFP3", "ReSPECT", "Hobson's choice",
                                  "Cabinet Secretary"])
def test_it_reads_a_wards_terms_and_the_pandemics_name_as_no_ones_data(pipeline, term):
    text = (_INQUIRY + f"Ms Okoro: Your mother, Ruth Whitlock, was on a ward with {term} then?\n\n"
            f"Ms Dana Whitlock: Yes, {term} was all they talked about. {term}, every day.\n")
    found = _surfaces(pipeline, text)
    assert not any(term.split("'")[0] in s for s in found)
    assert "Ruth Whitlock" in found


@pytest.mark.parametrize("site", ["the Pontypool branch", "the Swindon depot", "our Llanelli office"])
def test_it_masks_a_town_the_gazetteer_knows_before_a_site(pipeline, site):
    text = f"Mr Beer: Where did you work?\n\nMr Pryce: At {site} for years, then nowhere.\n"
    assert site.split()[1] in _surfaces(pipeline, text, "LOCATION")


@pytest.mark.parametrize("site", ["the Reading depot", "the Horizon team", "the Crown branch"])
def test_it_reads_no_word_before_a_site_as_a_town(pipeline, site):
    text = f"Mr Beer: Where did you work?\n\nMr Pryce: At {site} for years, then nowhere.\n"
    assert _surfaces(pipeline, text, "LOCATION") == []
