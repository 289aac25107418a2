"""Real transcripts of other formats (issue 47, round 30), each class on invented sentences:

* captions (WebVTT, SRT) saved as ``.txt`` are read as one flow of speech, not cue by cue: a name cut between two
  cues is one name, timing lines and cue numbers are no one's data, every offset is the file's;
* a grand jury's or a deposition's ``Q``/``A`` turns without their dot open a new utterance when the questions open
  so (``by the name of`` / ``Q`` / ``A I'm sorry`` is no name ``Q A I'm``);
* a roll call's member said twice before the vote is a name (``Okonkwo. Okonkwo. Aye.``), in capitals too; the vote
  (``Aye``), a bill's number (``SB 123``, ``AB 45 and 46``) and OCR's ``Urn`` for ``Um`` are no one's;
* a legislator's title before a surname (``Senator``, ``Assemblymember``); a name said after ``MY NAME IS`` in
  capitals is a name though a dictionary lists its words;
* an age said as ``who's now 23`` or as the years of a life (``in his 40 years,``);
* an institution named again without its kind (``Northgate Mercy`` after ``Northgate Mercy Hospital``);
* a hospital's emergency department by its kind (``A&E``, ``ER``), the health service (``the NHS``), the inquiry or
  committee holding the hearing (``Counsel to the Inquiry``) and public food benefits (``CalFresh``, ``EBT``) are no
  one's data.
"""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from anonymizer.lang.en.recognizers.roll_call import RollCallRecognizer
from anonymizer.lang.en.truecase import truecase
from anonymizer.pdf import captions, reflow
from anonymizer.pdf.text import flow
from anonymizer.types import SUSPECT


def _mentions(pipeline, text: str, name: str = "hearing.txt") -> list[tuple[str, str]]:
    analysis = pipeline.run(load_bytes(text.encode(), name))
    body = analysis.transcript.text
    return [(body[m.start : m.end], m.label) for m in analysis.mentions if SUSPECT not in m.sources]


def _vtt(*cues: str) -> str:
    out = ["WEBVTT", ""]
    for i, cue in enumerate(cues):
        out += [f"00:{i // 60:02d}:{i % 60:02d}.100 --> 00:{i // 60:02d}:{i % 60:02d}.900", cue, ""]
    return "\n".join(out)


def _srt(*cues: str) -> str:
    out = []
    for i, cue in enumerate(cues, 1):
        out += [str(i), f"00:00:{i:02d},100 --> 00:00:{i:02d},900", cue, ""]
    return "\n".join(out)


CUES = ("GOOD AFTERNOON, CHAIR AND", "MEMBERS. MY NAME IS DANA", "WHITLOCK WITH THE RIVERBEND",
        "TENANTS UNION, AND WE SUPPORT", "THE BILL. THANK YOU. NEXT", "WITNESS, PLEASE. THANK YOU.")


@pytest.mark.parametrize("text", [_vtt(*CUES), _srt(*CUES), "File: x\nDate: 01/02/2025\n---\n" + _vtt(*CUES)])
def test_it_reads_captions_as_one_flow_of_speech(text):
    shown = reflow.view(text)
    assert shown is not None
    assert "MY NAME IS DANA WHITLOCK WITH THE RIVERBEND TENANTS UNION" in shown.text
    assert "-->" not in shown.text and "WEBVTT" not in shown.text
    assert all(shown.text[i] == text[shown.origin[i]] for i in range(len(shown.text)) if not shown.text[i].isspace())


@pytest.mark.parametrize("text", [_vtt(*CUES), _srt(*CUES)])
def test_it_finds_a_name_cut_between_two_cues(pipeline, text):
    found = _mentions(pipeline, text)
    assert any("DANA" in surface and "WHITLOCK" in surface and label == "PERSON" for surface, label in found)
    assert not any("-->" in surface and "WHITLOCK" not in surface for surface, _ in found)


@pytest.mark.parametrize("text", [
    "00:01:02.500 is when the tape starts, the officer said.\nThen it stops.\n",
    "The meeting ran from 10:00 to 11:00.\nNobody came late.\n" * 4,
])
def test_it_reads_a_text_with_a_few_clock_times_as_no_captions(text):
    assert not captions.is_captions(text)


def test_it_reads_a_voice_tag_as_the_speaker():
    shown = captions.view(_vtt("<v Dana Whitlock>We support the bill.</v>", *CUES))
    assert shown.text.startswith("Dana Whitlock: We support the bill.")


QA = ["Q Can you state your name, please?", "A My name is Lorne Abernathy.", "Q And where are you employed?",
      "A I work for the county.", "Q For how long?", "A Ten years.", "Q Did you see him?", "A Yes.", "Q Who did you speak to when you got",
      "there?", "A I spoke to a clerk by the name of", "Q", "A I'm not sure, the clerk had left."]


def test_it_opens_an_utterance_at_a_turn_without_its_dot():
    steps = flow(QA)
    opened = [text for text, sep in steps if sep is None]
    assert "Q" in opened and "A I'm not sure, the clerk had left." in opened
    assert ("there?", " ") in steps  # a wrapped question still goes on


def test_it_finds_no_name_across_a_bare_turn(pipeline):
    text = "\n".join(QA * 3) + "\n"
    found = _mentions(pipeline, text)
    assert not any(surface.startswith(("Q", "A ")) or surface == "I'm" for surface, _ in found)


ROLL = [
    ("Call the roll, please. Okonkwo. Okonkwo. Aye. Brandt. Brandt. No. The vote is 4 to 1.", ["Okonkwo", "Brandt"]),
    ("Secretary, please call the roll. Marrow? Marrow? Aye. Lindqvist, Lindqvist, Abstain.", ["Marrow", "Lindqvist"]),
]


@pytest.mark.parametrize(("text", "names"), ROLL)
def test_it_finds_the_members_a_roll_call_names(text, names):
    found = {text[r.start : r.end] for r in RollCallRecognizer().analyze(text, ["PERSON"])}
    assert found == set(names)


@pytest.mark.parametrize("text", ["Yes. Yes. Aye.", "Chair. Chair. Aye.", "Okay. Okay. No, I said.", "Correct. Aye."])
def test_it_reads_no_name_in_a_vote_of_words(text):
    assert RollCallRecognizer().analyze(text, ["PERSON"]) == []


def test_it_writes_a_roll_call_member_as_a_name_throughout_in_capitals():
    text = "MOVED BY FINCH, SECONDED BY BAKER. PLEASE CALL THE ROLL. FINCH. FINCH. AYE. BAKER. BAKER. NO. THANK YOU.\n"
    cased = truecase(text)
    assert "Moved by Finch, seconded by Baker" in cased and "Baker. Baker. No." in cased


@pytest.mark.parametrize("text", [
    "Ms Hale: Senator Vance? Aye. The bill, SB 123, is out. AB 45 and 46 are held.\n",
    "Mr Oduya: Madam Secretary, SB 123 and AB 7 on consent. Aye. Aye.\n",
    "Q Did he answer?\nA Urn, well, he said nothing more.\n",
])
def test_it_masks_no_vote_no_bill_and_no_filler(pipeline, text):
    found = _mentions(pipeline, text)
    assert not any(any(w in surface for w in ("Aye", "SB", "AB", "Urn")) for surface, _ in found)


@pytest.mark.parametrize(("text", "name"), [
    ("Ms Hale: The bill has been moved by Senator Baker and seconded.\n", "Baker"),
    ("Ms Hale: Thank you, Assemblymember Fisher, for the amendment.\n", "Fisher"),
])
def test_it_reads_a_legislator_by_title(pipeline, text, name):
    assert (name, "PERSON") in _mentions(pipeline, text)


@pytest.mark.parametrize(("text", "cased"), [
    ("GOOD MORNING. MY NAME IS GRETA HILL, ON BEHALF OF THE GROUP. WE SUPPORT THE BILL TODAY.", "Greta Hill,"),
    ("HELLO THERE. MY NAME IS CARPENTER. I AM A CARPENTER BY TRADE, AND SO WAS MY FATHER.",
     "My name is Carpenter. I am a carpenter"),
])
def test_it_writes_a_name_said_after_my_name_is_as_a_name(text, cased):
    assert cased in truecase(text)


def test_it_writes_no_name_after_my_name_is_not():
    assert "my name is not important" in truecase("HELLO. MY NAME IS NOT IMPORTANT HERE, I TOLD THEM AGAIN.").lower()
    assert "My name is not important" in truecase("HELLO. MY NAME IS NOT IMPORTANT HERE, I TOLD THEM AGAIN.")


@pytest.mark.parametrize(("text", "age"), [
    ("Ms Ode: My niece, who's now 23, moved out last spring.\n", "23"),
    ("Mr Dunn: He worked hard in his 40 years, and we miss him.\n", "40"),
    ("Mr Dunn: She was loved all of her ninety years.\n", "ninety"),
])
def test_it_masks_an_age_said_so(pipeline, text, age):
    assert (age, "AGE") in _mentions(pipeline, text)


def test_it_masks_an_institution_named_again_without_its_kind(pipeline):
    text = ("Q Where did you go?\nA To the detectives at Northgate Mercy Hospital.\n"
            "Q Did they move him to Northgate Mercy later?\nA Yes.\n")
    found = _mentions(pipeline, text)
    assert ("Northgate Mercy Hospital", "ORGANIZATION") in found and ("Northgate Mercy", "ORGANIZATION") in found


@pytest.mark.parametrize(("text", "word"), [
    ("Mr Pell: The nurse sent her to A&E and she waited four hours in A&E.\n", "A&E"),
    ("Ms Hale: They took him to the ER and then home.\n", "ER"),
    ("Mr Dunn: We waited for the NHS to call back for weeks.\n", "NHS"),
    ("Mr Dunn: Ms Troy is Counsel to the Inquiry and the Inquiry's team is here.\n", "Inquiry"),
    ("Ms Hale: After the flood we applied for CalFresh and used the EBT card at the market.\n", "CalFresh"),
])
def test_it_masks_no_service_or_body_named_by_its_kind(pipeline, text, word):
    assert not any(word in surface for surface, _ in _mentions(pipeline, text))


def test_it_keeps_initials_without_a_vowel_in_capitals():
    assert "with DHCS and the HHS staff" in truecase("WE MET WITH DHCS AND THE HHS STAFF ON MONDAY. THEY CAME AT NOON. " * 3)


@pytest.mark.parametrize("text", [
    "Q Did you take the van?\nA Yes, the same things that Detective van\nwould have had in it.\nQ Okay.\n",
    "Ms Hale: The bill lets DHCS ask the county, and DHCS will report back.\n",
])
def test_it_reads_no_name_in_a_title_before_small_letters_or_a_bodys_initials(pipeline, text):
    assert not any(label == "PERSON" and ("van" in surface or "DHCS" in surface)
                   for surface, label in _mentions(pipeline, text))


def test_it_finds_a_common_word_name_part_in_capitals_only_where_it_stands_as_a_name():
    from anonymizer.leakgate import Gate, surface_terms

    gate = Gate(surface_terms([("PERSON", "Greta Hill")], 1))
    body = "THANK YOU. WE WALKED UP THE BIG HILL TO THE HALL, AND WE SUPPORT THE BILL. THANK YOU VERY MUCH. " * 3
    assert [t.form for _, _, t in gate.matches(body)] == []
    leaked = body + "MY NAME IS GRETA HILL, ON BEHALF OF THE GROUP.\n"
    assert [leaked[s:e] for s, e, _ in gate.matches(leaked)] == ["GRETA HILL"]


def test_it_writes_the_body_a_witness_speaks_for_as_a_name_in_capitals():
    cased = truecase("THANK YOU. GRETA HILL, ON BEHALF OF RIVERBEND TENANTS UNION IN SUPPORT. ON BEHALF OF MY CLIENT, "
                     "WE OPPOSE IT. THANK YOU ALL VERY MUCH FOR COMING TODAY. " * 2)
    assert "on behalf of Riverbend Tenants Union in support" in cased and "on behalf of my client" in cased.lower()
    assert "On behalf of my client" in cased
