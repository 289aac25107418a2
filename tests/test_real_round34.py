"""Real transcripts of other formats (issue 47, round 34), each class on invented sentences:

* a house number and a street of two words without its kind where someone is (``We're at 1072 Tilden Everett.``);
* an address said after the speaker's name as a converter writes it, two spaces after each comma (``Dana Ortolan,  1142
  Alhambrita,  Coral Gables,``): the house number and the street before a known town are one address; before a word
  that is no town, nothing (``anonymizer/lang/en/recognizers/address.py``);
* the body a witness speaks for, named between ``with`` / ``on behalf of`` and the position taken on the bill (``Dana
  Okafor, with Riverbend Tenants Union, in support``), also in small letters as the truecased copy of a captioner's
  capitals reads it; not a pronoun's, not a public body by generic words
  (``anonymizer/lang/en/recognizers/spoken_for.py``; its table is in ``tests/test_recognizers_names.py``);
* a bare year after a word of time and a hedge (``back to at least 1940``, ``dates to at least 1955``;
  ``recognizers/date.py``);
* a day's ordinal word as often misspelt (``December eigth``, ``the nineth of March``), as a date
  (``vocabulary.ORDINAL_MISSPELLINGS``);
* a firm's initials ending in S found again with that S small (``JRs`` of ``JRS``), only for initials the document
  names (``anonymizer/normalize/rescan.py``);
* a thing of a series named by its letter (``Plan B+``, ``Option C``, ``Phase A``) is no person, place or body, and no
  later ``Plan`` is someone's name; a person known by a letter (``Witness A``, ``Patient X``) is someone's cipher
  (``anonymizer.lang.en.plain.LETTERED_THING``).

The line-number gutter right-aligned in a wide column is in ``tests/test_reflow.py``, the space after an apostrophe in
``tests/test_unbroken_names.py``, the office addressed by its title in ``tests/test_leak_gate_decisions.py``.
"""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from anonymizer.lang.en.plain import LETTERED_THING
from anonymizer.types import SUSPECT


def _mentions(pipeline, text: str) -> list[tuple[str, str]]:
    analysis = pipeline.run(load_bytes(text.encode(), "hearing.txt"))
    body = analysis.transcript.text
    return [(body[m.start:m.end], m.label) for m in analysis.mentions if SUSPECT not in m.sources]


def _public_comment(said: str) -> str:
    return f"Mayor Quillfeather: Next speaker, please.\nDana Ortolan: Good morning, Mr. Mayor. {said}\n"


@pytest.mark.parametrize(("said", "address", "found"), [
    ("Dana Ortolan,  1142 Alhambrita,  Coral Gables,  and many addresses before that.", "1142 Alhambrita", True),
    ("Dana Ortolan, 1142 Alhambrita, Coral Gables, and many addresses before that.", "1142 Alhambrita", True),
    ("Dana Ortolan,  88 Quintara,  Miami,  thank you.", "88 Quintara", True),
    # a street of two words without its kind where someone is, at the clause's end
    ("No. We're at 1072 Tilden Everett.", "1072 Tilden Everett", True),
    ("She lives at 48 Queen Margaret, with her son.", "48 Queen Margaret", True),
    ("We met at 2014 Winter Games.", "2014 Winter Games", False),  # a year
    ("I counted 1072 Tilden Everett.", "1072 Tilden Everett", False),  # nowhere anyone is
    ("We're at 1072 Tilden Everett Company now.", "1072 Tilden Everett", False),  # the clause goes on
    # before a word that is no town, a house number and a name are no address
    ("We counted 1142 Alhambrita,  Something else again.", "1142 Alhambrita", False),
    ("I have 12 Marbles,  Honestly.", "12 Marbles", False),
])
def test_it_masks_a_house_number_and_street_before_a_town_after_two_spaces(pipeline, said, address, found):
    assert ((address, "LOCATION") in _mentions(pipeline, _public_comment(said))) is found


@pytest.mark.parametrize(("surface", "lettered"), [
    ("Plan B+", True), ("Plan B", True), ("Plan Bv7", True), ("Option C", True), ("Phase A", True),
    ("Exhibit D", True), ("Model T", True),
    # a person known by a letter, a title before an initial, a given name before an initial: someone
    ("Witness A", False), ("Patient X", False), ("Juror B", False), ("Officer J", False), ("Malcolm X", False),
    ("Will B", False), ("Plan", False), ("Plan B Ortolan", False),
])
def test_it_takes_a_thing_of_a_series_by_its_letter_for_no_name(surface, lettered):
    assert (LETTERED_THING.fullmatch(surface) is not None) is lettered


@pytest.mark.parametrize("said", [
    "The board chose Plan B+ in the end, and Plan 2014 came later.",
    "Plan B was the environmental plan, and then Plan B came back as Plan 2014.",
])
def test_it_finds_no_person_in_a_plan_named_by_its_letter(pipeline, said):
    text = f"SENATOR QUILLFEATHER: Go ahead.\nDR. DANA ORTOLAN: {said} Thank you.\n"
    assert not [m for m in _mentions(pipeline, text) if m[1] == "PERSON" and "Plan" in m[0]]


@pytest.mark.parametrize(("said", "date"), [
    ("I have December eigth on this fax.", "December eigth"),
    ("It was signed on the nineth of March, I think.", "the nineth of March"),
    ("We met on June twenty-fith that year.", "June twenty-fith"),
    ("The fourteenth of May was the day.", "The fourteenth of May"),
    # a bare year after a word of time and a hedge
    ("My house, I date it back to at least 1940.", "1940"),
    ("The dock dates to at least 1955.", "1955"),
    ("The tank held up to at least 1500 gallons.", None),  # a quantity
    ("I had at least 1940 dollars then.", None),
    # a misspelt ordinal without a month is no date
    ("I was eigth in line at the counter.", None),
    ("She came nineth in the race.", None),
])
def test_it_reads_a_misspelt_ordinal_day_and_a_hedged_year_as_a_date(pipeline, said, date):
    found = [m for m in _mentions(pipeline, _public_comment(said)) if m[1] == "DATE"]
    assert found == ([(date, "DATE")] if date else [])


@pytest.mark.parametrize(("said", "small", "masked"), [
    ("I worked for VDS for years, and VDs paid well.", "VDs", True),
    ("The contract with VDS was signed, so the trucks came to VDs twice.", "VDs", True),
    # initials no one found in the document: nothing
    ("Our firm is TKS, a mechanical contractor. We've absorbed TKs under the banner of energy work.", "TKs", False),
    ("We spoke of the QMs and the QM in class.", "QMs", False),
])
def test_it_finds_a_firm_s_initials_again_with_their_last_s_small(pipeline, said, small, masked):
    assert (small in [surface for surface, _ in _mentions(pipeline, _public_comment(said))]) is masked
