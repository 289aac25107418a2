"""Court judgments (TAB's ECHR text): what the applicant works as is an OCCUPATION after the judgment's cue
for it (``worked as a``, ``the applicant, who is a``, ``The applicant is a``, ``the applicant, an``, ``the
post of``, ``becoming a``): with the town and the year of birth it tells who the applicant is (TAB: DEM,
QUASI). A victim, a member, an owner, the lawyer who represents the applicant and every hearing's
occupations (no application lodged with the Court) stay unmasked."""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes
from tests.sentences import mentions

OPENING = ("The case originated in an application (no. 12345/04) against the Republic of Turkey lodged with the "
           "Court under Article 34 of the Convention by a Turkish national, Mr Ali Veli (“the applicant”), on 1 "
           "March 2004.\n\nThe applicant was represented by Mr K. Demir, a lawyer practising in Ankara.\n\n")

OCCUPATIONS = [
    ("Until 1987 the applicant worked as a primary school teacher in Izmir.", ["primary school teacher"]),
    ("In 1995 the applicant, who had been serving as a non-commissioned officer, was dismissed from the army.",
     ["non-commissioned officer"]),
    ("On 30 October 1992 the applicant, who is a university professor, got married.", ["university professor"]),
    ("The applicant is a medical practitioner, employed by a public hospital in Vienna.", ["medical practitioner"]),
    ("On 8 June 2004 the applicant, an artillery captain, brought a case before the court.", ["artillery captain"]),
    ("From 1970 he practised as a physician affiliated to the public health insurance scheme.", ["physician"]),
    ("From 1960 to 1979 she worked as a ballet dancer for a national company.", ["ballet dancer"]),
    ("He was a research assistant in the Institute for Positive Sciences.", ["research assistant"]),
    ("In 1993 he was reinstated to the post of primary school teacher at a primary school.",
     ["primary school teacher"]),
    ("He enrolled at a vocational school with an eye to becoming a journalist.", ["journalist"]),
    ("The prices charged by the clinic, of which the applicant was the manager, appeared high.", ["manager"]),
    ("The applicant, who was born in 1982 and lives in Lindor, was a student at a naval academy.", ["student"]),
    ("The applicant, who was born in 1950 and lives in Dorvale, is a retired teacher.", ["retired teacher"]),
    ("The applicant, who had been granted legal aid, was represented by Mr P. Varno, a lawyer.", []),
    # a doctor's title before a name (TAB's span holds it; the name is a PERSON of its own)
    ("The Government were represented by their Agent, Prof. Dr Z. Necatigil.", ["Dr"]),
    ("The applicant's wife, Dr. Anna Berger, gave evidence.", ["Dr."]),
    # the business the applicant runs or owns
    ("The applicants' neighbours ran a trout farm in Lindor.", []),
    ("The applicants run a trout farm in Lindor since 1981.", ["trout farm"]),
    ("The applicant is the owner of a small and busy petrol station in Dorvale.", ["small and busy petrol station"]),
    ("From 1985 the applicant ran a company which operated 12 shoe shops.", ["12 shoe shops"]),
    ("The applicant ran a company and a business for years.", []),
    # no occupation: a victim, a member, an owner, the lawyer who represents the applicant
    ("The applicant was a victim of ill-treatment in police custody.", []),
    ("He was a member of the administrative board of the association.", []),
    ("The applicant is the owner of a water station in İzmir.", ["water station"]),  # the business, not "owner"
]


@pytest.mark.parametrize(("sentence", "expected"), OCCUPATIONS)
def test_it_masks_the_applicants_occupation_in_a_judgment(pipeline, sentence, expected):
    analysis = pipeline.run(load_bytes(f"PROCEDURE\n\n{OPENING}THE FACTS\n\n{sentence}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "OCCUPATION"] == expected


@pytest.mark.parametrize("sentence", [
    "I worked as a welder and then as a cook at the camp.",
    "My mother is a nurse and my father was a truck driver.",
    "He was a correctional officer at Soledad.",
    "Dr. Lee said I was doing well in the program.",
])
def test_it_leaves_a_hearings_occupations_alone(pipeline, sentence):
    _, found = mentions(pipeline, sentence)
    assert not [m for m in found if m[1] == "OCCUPATION"], found


AGAIN = [
    ("From 1960 to 1979 she worked as a ballet dancer. The Ministry stopped paying former ballet dancers. "
     "The Court ruled on the ballet dancers' allowance.", ["ballet dancer", "ballet dancers", "ballet dancers"]),
    ("The clinic, of which the applicant was the manager, billed too much. Its manager was questioned.",
     ["manager", "manager"]),
    # a word that is mostly an adjective is no occupation to look for again
    ("He was an official at the ministry. The official report was published later.", []),
    ("The applicant was a principal dancer. The principal question was left open.", ["principal dancer"]),
    # in capitals it is a statute's title, no one's occupation
    ("The applicant is a medical practitioner. The Medical Practitioners Act applied to her.",
     ["medical practitioner"]),
]


@pytest.mark.parametrize(("sentences", "expected"), AGAIN)
def test_it_masks_every_other_mention_of_the_applicants_occupation(pipeline, sentences, expected):
    analysis = pipeline.run(load_bytes(f"PROCEDURE\n\n{OPENING}THE FACTS\n\n{sentences}\n".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "OCCUPATION"] == expected
