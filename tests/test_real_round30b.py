"""Real transcripts of other formats (issue 47, round 30, a public inquiry's and a federal trial's other days), each
class on invented sentences:

* a list of ages after a bare number read as one (``The twins are 19, 27, 33 and 38``): every number of it an age,
  never a list of quantities (``aged 9, 3 days and 4 hours``);
* a society, an association or an institute named by its cause (``Friends of Hope Society``; not a
  profession's ``Royal Chemical Society``) is an organization, and named again without its kind (``Lamp of Reason``
  of ``Lamp of Reason Society``) too;
* the document's subject counted in small letters too (``the little post office in town``) and after a prefix
  (``pre-Ledger``), and named with a word of a system's kind after it (``the Ledger System``): no one's data;
* a word after a prefix of small letters (``pre-Ledger``, ``post-Brexit``) is no person;
* a nation's political party (``the CCP``, ``the Labour Party``) identifies no one;
* a line opening ``A.`` in a transcript of ``Q.``/``A.`` turns is an answer, no outline heading.
"""
from __future__ import annotations

import pytest

from anonymizer.detect.document import drop_document_subjects, drop_prefixed_words, extend_age_lists
from anonymizer.ingest import load_bytes
from anonymizer.lang.en import lexicon, plain
from anonymizer.lang.en.recognizers.organization import OrganizationRecognizer
from anonymizer.types import SUSPECT, Mention
from tests.test_recognizers import spans


def _mentions(pipeline, text: str, name: str = "hearing.txt") -> list[tuple[str, str]]:
    analysis = pipeline.run(load_bytes(text.encode(), name))
    body = analysis.transcript.text
    return [(body[m.start : m.end], m.label) for m in analysis.mentions if SUSPECT not in m.sources]


def _age(text: str, surface: str) -> Mention:
    start = text.index(surface)
    return Mention(start, start + len(surface), "AGE", ("presidio",))


@pytest.mark.parametrize("text, first, ages", [
    ("My children are 19, 27, 33 and 38.", "19", ["19", "27", "33", "38"]),
    ("My boys were 9 and 11 then.", "9", ["9", "11"]),
    ("They are 14, 16, and 21 years old.", "14", ["14", "16", "21"]),
])
def test_it_reads_every_number_of_a_list_of_ages_as_an_age(text, first, ages):
    out = extend_age_lists(text, [_age(text, first)])
    assert sorted((text[m.start:m.end] for m in out), key=ages.index) == ages
    assert all(m.label == "AGE" for m in out)


@pytest.mark.parametrize("text, first", [
    ("He was 25, and 3 of his friends came.", "25"),
    ("She was 52 and 40 pounds lighter.", "52"),
    ("He was 30, 200 and 300 metres behind.", "30"),
    ("I was 17 and 4.5 miles from home.", "17"),
])
def test_it_reads_no_list_of_quantities_after_an_age_as_ages(text, first):
    assert [text[m.start:m.end] for m in extend_age_lists(text, [_age(text, first)])] == [first]


def test_it_masks_a_list_of_ages_in_a_hearing(pipeline):
    found = _mentions(pipeline, "Ms Pell: How old are your children?\n\nDana Whitlock: My children are 19, 27, "
                                "33 and 38.\n")
    assert {s for s, label in found if label == "AGE"} >= {"19", "27", "33", "38"}


@pytest.mark.parametrize("head", ["Society", "Association", "Institute", "Foundation"])
def test_it_reads_a_body_named_by_its_cause_as_an_organization(head):
    text = f"Q. And where did you work?\nA. I was treasurer of the Friends of Hope {head} for two years.\n"
    assert spans(OrganizationRecognizer(), text) == [f"Friends of Hope {head}"]


@pytest.mark.parametrize("name", ["Royal Chemical Society", "Northern Bar Association", "Plain Language Institute"])
def test_it_reads_no_body_of_a_profession_by_the_causes_heads(name):
    assert spans(OrganizationRecognizer(), f"He wrote to the {name} in May.") == []


@pytest.mark.parametrize("name, short", [
    ("Lamp of Reason Society", "Lamp of Reason"),
    ("Friends of the Orchard Foundation", "Friends of the Orchard"),
    ("Northgate Mercy Hospital", "Northgate Mercy"),
])
def test_it_names_a_body_again_without_its_kind(name, short):
    assert plain.without_kind(name) == short


@pytest.mark.parametrize("name", ["San Mateo College", "of Law Society", "Law Society"])
def test_it_keeps_no_short_form_of_a_place_or_a_lone_word(name):
    assert plain.without_kind(name) is None


def test_it_masks_a_society_said_again_without_its_kind(pipeline):
    text = ("Q. What title did you have at the Lamp of Reason Society?\nA. I was its treasurer.\n"
            "Q. Who ran Lamp of Reason?\nA. My employer did.\n")
    assert ("Lamp of Reason", "ORGANIZATION") in _mentions(pipeline, text)


def _subject_text() -> str:
    # each written 4 times as it is, 6 times in small letters or after a prefix: 10 only with those
    said = ["the little post office in town was busy.", "three checks pre-Ledger,"] * 6 + [
        "the Post Office sent them.", "the Ledger System froze."] * 4
    return " ".join(said)


def test_it_counts_a_subject_in_small_letters_and_after_a_prefix():
    text = _subject_text()
    org = [Mention(m, m + len(s), "ORGANIZATION", ("spacy",)) for s in ("Post Office", "Ledger System")
           for m in (text.index(s),)]
    assert drop_document_subjects(text, org) == []


def test_it_keeps_a_body_named_by_a_subject_word_and_its_own_head():
    text = ("California " * 30) + "the California Alliance met."
    start = text.index("California Alliance")
    org = [Mention(start, start + len("California Alliance"), "ORGANIZATION", ("spacy",))]
    assert drop_document_subjects(text, org) == org


@pytest.mark.parametrize("word", ["pre-Ledger", "post-Brexit", "anti-Federation", "non-Ledger"])
def test_it_reads_no_person_in_a_word_after_a_prefix(word):
    text = f"That was three checks {word}, yes."
    start = text.index(word)
    assert drop_prefixed_words(text, [Mention(start, start + len(word), "PERSON", ("spacy",))]) == []


@pytest.mark.parametrize("name", ["al-Rashid", "el-Amin"])
def test_it_keeps_a_name_with_its_particle(name):
    text = f"Then {name} came in."
    start = text.index(name)
    kept = [Mention(start, start + len(name), "PERSON", ("spacy",))]
    assert drop_prefixed_words(text, kept) == kept


@pytest.mark.parametrize("party", ["CCP", "the Chinese Communist Party", "the Labour Party", "the Republican Party"])
def test_it_reads_a_nations_political_party_as_no_ones_data(party):
    assert lexicon.is_whitelisted(party)


def _answers(line: str) -> str:
    turns = "".join(f"Q. Question {i}?\nA. Yes.\n" for i in range(5))
    return turns + f"Q. What were they?\n{line}\n"


def test_it_reads_an_answers_turn_as_no_outline_heading():
    text = _answers("A. Open Sky Society and Open Sky Foundation were two charities")
    start = text.index("Open Sky Foundation")
    assert not plain.is_outline_heading(text, start, start + len("Open Sky Foundation"))


def test_it_still_reads_a_decisions_heading_without_questions():
    text = "A. Open Sky Society and Open Sky Foundation were two charities\n"
    start = text.index("Open Sky Foundation")
    assert plain.is_outline_heading(text, start, start + len("Open Sky Foundation"))


def test_it_masks_a_body_named_in_an_answers_line(pipeline):
    found = _mentions(pipeline, _answers("A. Open Sky Society and Open Sky Foundation were two charities"))
    assert ("Open Sky Foundation", "ORGANIZATION") in found
