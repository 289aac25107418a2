"""All-caps and all-lower-case transcripts: read in ordinary case (``anonymizer/lang/en/truecase.py``), offsets unchanged."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from anonymizer.lang.en import truecase


@pytest.mark.parametrize(("text", "caps"), [
    ("INMATE DOE: " + "I WENT TO THE STORE AND CAME BACK. " * 10, True),
    ("INMATE DOE: " + "I went to the store and came back. " * 10, False),
    ("INMATE DOE: I WENT.", False),  # too short to tell
])
def test_it_tells_a_transcript_typed_in_capitals(text, caps):
    assert truecase.is_all_caps(text) is caps


@pytest.mark.parametrize(("text", "lower"), [
    ("speaker 1: " + "i went to the store with mister daniel okafor and came back. " * 6, True),
    ("[00:00:03] speaker 1: " + "okay we are on the record for mister okafor cdcr number bh4471 " * 6, True),
    # speech recognition's labels in capitals on every short line are no writing: "SPEAKER_00:", "SPK_1:"
    ("[00:00:02] SPEAKER_00: all right we're on the record.\n[00:00:24] SPEAKER_01: deputy commissioner walter brennan.\n" * 4,
     True),
    ("00:00:03.120 SPK_1: thank you, destiny. can i call you destiny?\nSpeaker 2: yes that's fine, go ahead.\n" * 4, True),
    ("[00:00:02] SPEAKER_00: All right, we're on the record with Walter Brennan and Destiny.\n" * 5, False),
    ("INMATE DOE: " + "i went to the store with Daniel Okafor and came back. " * 6, False),  # names cased
    ("INMATE DOE: " + "I went to the store and came back. " * 10, False),
    ("INMATE DOE: " + "I WENT TO THE STORE AND CAME BACK. " * 10, False),
    ("inmate doe: i went.", False),  # too short to tell
    # speakers' labels added in capitals or title case to a body without capitals
    ("[00:00:03] SPEAKER_00: " + "okay we are on the record for mister daniel okafor and his family " * 6, True),
    ("PRESIDING COMMISSIONER TRAN: " + "okay we are on the record for mister daniel okafor and his family\n" * 6, True),
    ("Commissioner Tran: " + "okay we are on the record for mister daniel okafor and his family\n" * 6, True),
    ("Commissioner Tran: " + "okay we are on the record for Mister Daniel Okafor and his family\n" * 6, False),
])
def test_it_tells_a_transcript_written_without_capitals(text, lower):
    assert truecase.is_all_lower(text) is lower


@pytest.mark.parametrize(("text", "expected"), [
    ("mister daniel okafor", "MISTER DANIEL OKAFOR"),
    ("straße and façade", "STRAßE AND FAÇADE"),  # a capital longer than its letter: the letter stays
])
def test_it_writes_a_text_in_capitals_letter_for_letter(text, expected):
    assert truecase.capitals(text) == expected and len(truecase.capitals(text)) == len(text)


@pytest.mark.parametrize(("line", "expected"), [
    ("MR. DOE: MY GRANDMOTHER CAME FROM KOREA IN THE 70S.", "MR. DOE: My grandmother came from Korea in the 70s."),
    ("MR. DOE: I DIDN'T KNOW ANYBODY AT SAN QUENTIN.", "MR. DOE: I didn't know anybody at San Quentin."),
    ("MR. DOE: KEVIN HAYES WAS MY COUSIN. HAYES DIED.", "MR. DOE: Kevin Hayes was my cousin. Hayes died."),
    ("MR. DOE: THE OFFICER WANTED MR. YOUNG TO WAIT.", "MR. DOE: The officer wanted Mr. Young to wait."),
    ("MR. DOE: I WAS AT KERN VALLEY STATE PRISON, THEN 7135 JORDAN WAY.",
     "MR. DOE: I was at Kern Valley State Prison, then 7135 Jordan Way."),
    ("MR. DOE: IN KINGS COUNTY JAIL AT 15826 FRUITRIDGE ROAD, THE COUNTY SAID.",
     "MR. DOE: In Kings County Jail at 15826 Fruitridge Road, the county said."),
    ("MR. DOE: O K A F O R, A NAME FROM NIGERIA.", "MR. DOE: O K A F O R, a name from Nigeria."),
    ("MR. DOE: [PERSON_2] WROTE ON [MONTH] [DAY], [YEAR].", "MR. DOE: [PERSON_2] wrote on [MONTH] [DAY], [YEAR]."),
    ("MR. DOE: MY NUMBER IS KILO 85490. A KILO OF RICE.", "MR. DOE: My number is Kilo 85490. A kilo of rice."),
    ("MR. DOE: I GREW UP IN REDDING, THEN BANNING. SHE BADE ME GO.", "MR. DOE: I grew up in Redding, then Banning. She bade me go."),
    ("MR. DOE: YOU MAY NOW GIVE IT. IN MAY, MAY 5TH, MAY OF '98. WE MARCH ON.",
     "MR. DOE: You may now give it. In May, May 5th, May of '98. We march on."),
    ("MR. DOE: THAT MAY BE TRUE, AND MAY I ADD, FROM APRIL TO MAY.", "MR. DOE: That may be true, and may I add, from April to May."),
    ("MR. DOE: MY MOM COULDN'T PAY. MY COUSIN TITO PAID.", "MR. DOE: My mom couldn't pay. My cousin Tito paid."),
    ("MR. DOE: A ROOM AT 2231 WEST 54TH STREET, AND SHE LIVES ON 3RD AVENUE ON THE 2ND FLOOR.",
     "MR. DOE: A room at 2231 West 54th Street, and she lives on 3rd Avenue on the 2nd floor."),
    ("MR. DOE: H-A-Y-E-S. I DID MY GED AND CDCR SAID A LOT.", "MR. DOE: H-A-Y-E-S. I did my GED and CDCR said a lot."),
    ("MR. DOE: MY COUSIN LOR-\nQ. GO AHEAD.\nA. -ENZO WAS THERE.", "MR. DOE: My cousin Lor-\nQ. Go ahead.\nA. -enzo was there."),
    # a sentence wrapped onto the next line: that line's first word opens no sentence
    ("MR. DOE: YOU STRUCK DWAYNE OKAFOR\nWITH A TIRE IRON. A FACILITATOR FOR THE HOBBY\nCRAFT PROGRAM?\nTHE PANEL SAID SO.",
     "MR. DOE: You struck Dwayne Okafor\nwith a tire iron. A facilitator for the hobby\ncraft program?\nThe panel said so."),
    ("MR. DOE: THE PANEL FINDS:\nHOPE IS HERE.\n\nHOPE IS ALL.", "MR. DOE: The panel finds:\nHope is here.\n\nHope is all."),
])
def test_it_writes_each_word_in_its_ordinary_case_in_place(line, expected):
    assert truecase.truecase(line) == expected


def test_it_keeps_the_title_page_and_the_speaker_tags_and_every_offset():
    text = "PAROLE HEARING OF DANIEL ORTEGA\n\nPRESIDING COMMISSIONER ROE: DANIEL, SIT DOWN.\n"
    result = truecase.truecase(text, title_end=text.index("PRESIDING"), names=("DANIEL ORTEGA",))
    assert result == "PAROLE HEARING OF DANIEL ORTEGA\n\nPRESIDING COMMISSIONER ROE: Daniel, sit down.\n"
    assert len(result) == len(text)


def _coverage(analysis, annotations) -> tuple[float, float]:
    text = analysis.transcript.text
    gold, found = set(), set()
    for g in annotations:
        gold.update(i for i in range(g["start"], g["end"]) if text[i].isalnum())
    for m in analysis.mentions:
        found.update(i for i in range(m.start, m.end) if text[i].isalnum())
    return len(gold & found) / len(gold), len(gold & found) / len(found)


def test_it_finds_the_personal_data_of_a_hearing_typed_in_capitals(pipeline, tmp_path):
    """A generated hearing typed in capitals: about as good as in ordinary case (before: precision 0.48)."""
    from fixtures.generate import write_corpus

    hearing = write_corpus(tmp_path, 1, 3, 4000, "mixed", pdf=False, profile="varied")[0]
    caps = pipeline.run(load_bytes(hearing.text.upper().encode(), "caps.txt"))
    assert caps.transcript.text == hearing.text.upper()  # the original text, not the copy read
    recall, precision = _coverage(caps, hearing.annotations)
    assert recall >= 0.95 and precision >= 0.9, (recall, precision)


def test_it_finds_the_personal_data_of_a_hearing_written_without_capitals(pipeline, tmp_path):
    """A generated hearing as speech recognition writes it, without capitals: as good as in capitals
    (before: recall 0.43-0.48, every name read as a word)."""
    from fixtures.generate import write_corpus

    hearing = write_corpus(tmp_path, 1, 3, 4000, "mixed", pdf=False, profile="varied")[0]
    lower = pipeline.run(load_bytes(hearing.text.lower().encode(), "lower.txt"))
    assert lower.transcript.text == hearing.text.lower()  # the original text, not the copy read
    recall, precision = _coverage(lower, hearing.annotations)
    assert recall >= 0.95 and precision >= 0.9, (recall, precision)


SPEECH = """\
[00:00:03] speaker 1: okay we are on the record this is the parole hearing for mister daniel okafor cdcr number bh4471 today is march fifth twenty twenty five
[00:00:15] speaker 2: good morning my name is rachel stein i am the attorney for mister okafor
[00:00:21] speaker 1: thank you miss stein and you were born in lagos nigeria on july ninth nineteen eighty one is that right
[00:00:44] speaker 1: tell me about the night of the offense
[00:00:49] speaker 3: yes ma'am me and my cousin tunde went to a party on crenshaw boulevard in los angeles and a guy named marcus bell started arguing with tunde
[00:01:05] speaker 3: he was nineteen years old i think about his mom every day mrs bell wrote me a letter in two thousand eighteen
[00:01:17] speaker 4: this is deputy district attorney kevin walsh los angeles county i have a question
[00:01:30] speaker 1: your counselor mister ramirez says you work in the kitchen at chuckawalla valley state prison
[00:01:45] speaker 2: his sister ngozi okafor has a room for him in inglewood and her number is 323 555 0187
"""


@pytest.mark.parametrize("surface", [
    "daniel", "okafor", "bh4471", "march fifth", "twenty twenty five", "rachel", "stein", "lagos", "nigeria",
    "july ninth", "nineteen eighty one", "tunde", "crenshaw boulevard", "los angeles", "marcus", "bell", "nineteen",
    "two thousand eighteen", "kevin", "walsh", "ramirez", "chuckawalla valley state prison", "ngozi", "inglewood",
    "323 555 0187",
])
def test_it_masks_a_speech_recognition_transcript_without_capitals(pipeline, surface):
    analysis = pipeline.run(load_bytes(SPEECH.encode(), "speech.txt"))
    covered = {i for m in analysis.mentions for i in range(m.start, m.end)}
    at = [i for i in range(len(SPEECH)) if SPEECH.startswith(surface, i)
          and not SPEECH[i - 1].isalnum() and not SPEECH[i + len(surface)].isalnum()]
    assert at and all(set(range(i, i + len(surface))) <= covered for i in at), surface


def test_it_masks_a_diarized_transcript_whose_labels_are_capitals(pipeline):
    """The same words under a diarization tool's labels in capitals ("SPEAKER_00:"), which made the text look cased."""
    import re

    text = re.sub(r"speaker (\d):", lambda m: f"SPEAKER_0{m.group(1)}:", SPEECH)
    analysis = pipeline.run(load_bytes(text.encode(), "speech.txt"))
    covered = {i for m in analysis.mentions for i in range(m.start, m.end)}
    for surface in ("daniel", "okafor", "rachel", "stein", "tunde", "marcus", "bell", "kevin", "walsh", "ngozi"):
        at = text.index(f" {surface} ") + 1
        assert set(range(at, at + len(surface))) <= covered, surface
    assert not any("SPEAKER" in text[m.start:m.end] for m in analysis.mentions)


@pytest.mark.parametrize("word", ["okay", "record", "parole", "hearing", "attorney", "kitchen", "party", "letter", "cousin",
                                  "00:00:44"])  # a recording's running time, though "the night" follows
def test_it_leaves_the_words_of_a_speech_recognition_transcript(pipeline, word):
    analysis = pipeline.run(load_bytes(SPEECH.encode(), "speech.txt"))
    assert not any(word in SPEECH[m.start:m.end].split() for m in analysis.mentions), word


@pytest.mark.parametrize("line", [
    "A: " * 20000,  # a speaker-tag-like word over and over: each word looked back to the line's start
    "THE 1234 " * 10000,  # house numbers
    "YES.\t\t\t\t " * 8000,  # sentence ends before long white space
], ids=["tags", "house-numbers", "sentence-ends"])
def test_it_reads_a_long_line_in_linear_time(line):
    """A 60 kB line of capitals took 100 s (every word searched the line before it, twice)."""
    from tests.scaling import grows_linearly

    text = "INMATE DOE: " + line + "\n"
    grows_linearly(lambda: truecase.truecase("INMATE DOE: " + line[: len(line) // 4] + "\n"),
                   lambda: truecase.truecase(text), repeats=1)
    assert len(truecase.truecase(text)) == len(text)


def test_it_reads_the_title_page_of_a_transcript_without_capitals(pipeline):
    """Its title page is read in capitals: the header names the inmate and the panel, and the analysis carries it
    (the review app stores it; the leak gate searches its fields)."""
    from tests.test_header import CAPS_CAPTION

    text = CAPS_CAPTION.lower() + "inmate osei-mensah:  good morning. i was born in kumasi and my sister akosua lives in sacramento now.\n" * 3
    analysis = pipeline.run(load_bytes(text.encode(), "lower.txt"))
    header = analysis.transcript.header
    assert header is not None and header.inmate_name == "KWABENA OSEI-MENSAH"
    assert analysis.transcript.text == text and text[analysis.transcript.title_end:].lstrip().startswith("p r o c")
    names = {text[m.start:m.end] for m in analysis.mentions if m.label == "PERSON"}
    assert {"kwabena osei-mensah", "dmitri volkov", "osei-mensah"} <= names | {n for m in names for n in m.split()}, names
