"""Classes of wrong groupings and false tags found in a hand-written hearing for a peace officer's death
(``tests/hand/officer_victim_codefendants.txt``), each a table of invented transcripts no hearing of the suite holds:
a father and son told apart by ``Senior`` and ``Junior`` written out, an alias after a full name, a nickname in quotes
with a hyphen, a criminal case's name."""
from __future__ import annotations

import pytest

from anonymizer.header import split_title
from anonymizer.ingest import load_bytes

from .sentences import assert_masked_as_a_reader_would


def _analysis(pipeline, lines: list[str]):
    text = "PROCEEDINGS\n\n" + "\n\n".join(lines) + "\n"
    return text, pipeline.run(load_bytes(text.encode(), "classes.txt"))


def _entity(text: str, analysis, context: str) -> int:
    """The entity of the mention the brackets of ``context`` mark."""
    plain = context.replace("[", "").replace("]", "")
    start = text.index(plain) + context.index("[")
    end = start + context.index("]") - context.index("[") - 1
    return next(m.entity for m in analysis.mentions if (m.start, m.end) == (start, end))


@pytest.mark.parametrize(("lines", "same", "other"), [
    # a rank before a surname three people share: the one named in full after that rank, his suffix spelled out
    # ... also in the utterance of someone else who gave her own full name first
    (["MR. RUIZ:  I'm Hector Ruiz Junior. My dad was Officer Hector Ruiz Senior, badge 4471, Fresno PD.",
      "INMATE JONES:  Officer Ruiz stopped the car. Then Mrs. Ruiz came out.",
      "MRS. RUIZ:  I'm Alma Ruiz. Officer Ruiz was my husband."],
     ["Officer [Ruiz] stopped", "Officer [Ruiz] was my", "Officer [Hector Ruiz Senior], badge"], "I'm [Alma Ruiz]."),
    (["MR. RUIZ:  I'm Hector Ruiz Junior. My dad was Officer Hector Ruiz Senior, badge 4471, Fresno PD.",
      "INMATE JONES:  Officer Ruiz stopped the car."],
     ["Officer [Ruiz] stopped", "Officer [Hector Ruiz Senior], badge"], "I'm [Hector Ruiz Junior]."),
    # an alias after a full name, with and without quotes: one person, the surname still his
    (["PRESIDING COMMISSIONER SMITH:  Your crime partner was Marcus Lee Tate, also known as Smoke?",
      "INMATE JONES:  Yes. Smoke had the gun. Tate was older than me. His mother, Irene Tate, wrote to me."],
     ["Yes. [Smoke] had", "[Tate] was older", "was [Marcus Lee Tate], also"], "mother, [Irene Tate], wrote"),
    (["PRESIDING COMMISSIONER SMITH:  The shooter was Andre Wills, aka \"Pooh,\" right?",
      "INMATE JONES:  Yes. Pooh was seventeen. His cousin Ray Wills drove."],
     ["Yes. [Pooh] was", "was [Andre Wills], aka"], "cousin [Ray Wills] drove"),
    # a nickname with a hyphen in quotes between a name's parts: one person
    (["PRESIDING COMMISSIONER SMITH:  Your crime partner was Marcus \"J-Roc\" Bell, right?",
      "INMATE JONES:  Yes. J-Roc and his brother Tony Bell."],
     ["was [Marcus] \"J-Roc\"", "\"J-Roc\" [Bell], right", "Yes. [J-Roc] and"], "brother [Tony Bell]."),
    # a speaker tag with a suffix: the person named in full with that suffix, not the father
    (["PRESIDING COMMISSIONER SMITH:  Mr. Ochoa, your father Raul Ochoa Senior wrote. Is Raul Ochoa Jr. here?",
      "MR. OCHOA JR.:  Yes, I'm here for my dad."],
     ["MR. [OCHOA JR].:", "Is [Raul Ochoa Jr.] here"], "father [Raul Ochoa Senior] wrote"),
    # a former name after "formerly known as": the same person
    (["PRESIDING COMMISSIONER SMITH:  You are Omar Haddad, formerly known as Omar Saleh?",
      "INMATE JONES:  Yes. I was Omar Saleh until 2010. My brother Karim Haddad lives in Fresno."],
     ["are [Omar Haddad], formerly", "known as [Omar Saleh]?", "was [Omar Saleh] until"], "brother [Karim Haddad] lives"),
    # a woman's title before a surname a woman and a man share, her sex told only by her role on the title page
    (["STATE OF CALIFORNIA", "BOARD OF PAROLE HEARINGS", "In the matter of the Life Term Parole Consideration Hearing of:",
      "CDCR Number: C-12345\nJOHN JONES\nPANEL PRESENT:\nELLEN MORA, Presiding Commissioner\nOTHERS PRESENT:\n"
      "JOHN JONES, Inmate\nTIGIST HAILU, Victim's Mother\n\n--oOo--",
      "PRESIDING COMMISSIONER MORA:  The victim, Dereje Hailu, was nineteen. Hailu was a student. Wait, Ms. Hailu is "
      "listed as his mother."],
     ["Ms. [Hailu] is", "[TIGIST HAILU], Victim's"], "The victim, [Dereje Hailu], was"),
])
def test_it_groups_the_mentions_of_one_person(pipeline, lines, same, other):
    text, analysis = _analysis(pipeline, lines)
    entities = {_entity(text, analysis, context) for context in same}
    assert len(entities) == 1 and _entity(text, analysis, other) not in entities, entities


@pytest.mark.parametrize(("sentence", "surface", "label"), [
    # a criminal case's name: the defendant is a person, the People and the State are no place
    ("You were convicted in People v. Castellanos in 1991.", "Castellanos", "PERSON"),
    ("You were convicted in People v. Castellanos in 1991.", "People v.", None),
    ("The Court of Appeal affirmed State v. Whitmore on that.", "State v.", None),
    # a name with a nickname in quotes between its parts, which the tagger took for a firm: a person
    ('Your crime partner was Terrence "C-Loc" Givens, right?', 'Terrence "C-Loc" Givens', "PERSON"),
])
def test_it_masks_a_class_as_a_reader_would(pipeline, sentence, surface, label):
    assert_masked_as_a_reader_would(pipeline, sentence, surface, label)


@pytest.mark.parametrize("unnamed", ["CHAPLAIN (NAME NOT GIVEN)", "ESCORT OFFICER (NOT NAMED)", "INTERPRETER, UNNAMED"])
def test_it_names_no_one_for_a_title_pages_participant_without_a_name(unnamed):
    page = ("STATE OF CALIFORNIA\nBOARD OF PAROLE HEARINGS\nIn the matter of the Life Term Parole Consideration Hearing of:\n"
            f"CDCR Number: C-12345\nJOHN JONES\nOTHERS PRESENT:\nJOHN JONES, Inmate\n{unnamed}, Support Person\n\n"
            "--oOo--\n\nPRESIDING COMMISSIONER MORA:  Good morning.\n")
    _, header = split_title(page)
    assert [p.name for p in header.participants] == ["JOHN JONES"]
