"""Classes the real transcripts of new kinds showed (issue 47, round 35 kinds35: a congressional committee's
printed hearing, an appeal court's webcast as a speech recogniser wrote it), in invented sentences: a speaker's
label in a markdown's bold or before its timestamp in brackets (``**Justice Quill** (00:03:01):``,
``**Marlowe:**``); a judge's and an officer's title before the name (``Justice``, ``Lt. Col.``, ``Brig. Gen.``);
days in ordinals listed before their month (``the 24th, 25th of May 1986``); a company's legal form after a comma
(``Lake Works, Incorporated``); a web address's query in brackets (``?cas=['31337']``); the Crown as a party
(``Quill v. Her Majesty the Queen``, ``the Crown``); a movement named for all its members (``the Contras``).
Each row: the text, a surface in it, the label a reader masks it with (``None``: no letter of it may be masked).
"""
from __future__ import annotations

import pytest

from anonymizer.lang.en.transcript import SPEAKER_LABEL

from .masked_rows import assert_masked, masks_for_rows

WEBCAST = ("**Justice Okonkwo-Reyes** (00:00:21): Good morning, everyone.\n\n"
           "This is the matter of the appellant and the respondent.\n\n"
           "**Speaker 1** (00:00:49): Thank you, and good morning. This appeal is about identification.\n\n"
           "**Justice Pemberton** (00:03:01): But it was the focus, was it not?\n\n"
           "**Speaker 1** (00:03:06): It was the focus, Justice Pemberton.\n")
INTERVIEW = ("**Marlowe:** The tape is rolling.\n\n**Tremblay-Asante:** Oh, it is? Are we starting?\n\n"
             "**Marlowe:** We are. Can you please state your name?\n\n**Note:** the recording was paused.\n")
RANKS = ("Mr. QUILLFEATHER. Did you tell Lt. Col. Brackenridge that you had set the money aside?\n"
         "Mr. VANTONGEREN. I told Brig. Gen. Halvorsen and Colonel Brackenridge, yes, in Lisbon.\n"
         "Mr. QUILLFEATHER. And the Chief Justice was told?\n")
ACCOUNTS = ("Mr. QUILLFEATHER. The money went to a Panamanian company, Dunmore Holdings, Incorporated?\n"
            "Mr. VANTONGEREN. Yes. It was set up the 14th, 15th of March 1985, and again on the 3rd and 4th of June.\n"
            "Mr. QUILLFEATHER. And Brightwater Ltd. pleaded the 5th and 6th Amendments, on page 12, 13 of May's notes?\n"
            "Review the webcast [here](https://example.org/webcast.aspx?cas=['31337']).\n")
CROWN = ("Tobias Quill v. Her Majesty the Queen\n2022-05-16\n\n**Justice Pemberton** (00:00:21): This is the matter "
         "of Tobias Quill versus His Majesty the King.\n\n**Speaker 1** (00:00:49): The Crown took a very different "
         "approach, and Crown counsel agreed. Mr. Crown testified. He lived in Crown Point, Indiana.\n")
MOVEMENT = ("Mr. VANTONGEREN. The airlift dropped supplies to the Contras in the south, and a Contra leader, Mr. "
            "Halloran-Pike, was paid monthly. The Sandinistas knew. He later worked for Contra Costa Roofing in Contra Costa County.\n")

ROWS = [
    # labels in bold, before a timestamp in brackets: the name in them is a name, the role and the speaker's
    # number are not, nor is the timestamp
    (WEBCAST, "Okonkwo-Reyes", "PERSON"),
    (WEBCAST, "Pemberton", "PERSON"),
    (WEBCAST, "Justice", None),
    (WEBCAST, "Speaker 1", None),
    (WEBCAST, "00:03:01", None),
    (INTERVIEW, "Marlowe", "PERSON"),
    (INTERVIEW, "Tremblay-Asante", "PERSON"),
    (INTERVIEW, "Note", None),
    # a rank or a judge's title before the name: only the name is masked
    (RANKS, "Lt. Col.", None),
    (RANKS, "Brackenridge", "PERSON"),
    (RANKS, "Brig. Gen.", None),
    (RANKS, "Halvorsen", "PERSON"),
    (RANKS, "Colonel", None),
    (RANKS, "Chief Justice", None),
    # days listed before their month, a company with its legal form, a web address with its query in brackets
    (ACCOUNTS, "14th, 15th of March 1985", "DATE"),
    (ACCOUNTS, "3rd and 4th of June", "DATE"),
    (ACCOUNTS, "5th and 6th Amendments", None),
    (ACCOUNTS, "Dunmore Holdings, Incorporated", "ORGANIZATION"),
    (ACCOUNTS, "https://example.org/webcast.aspx?cas=['31337']", "URL"),
    # the Crown as a party is no one; a man called Crown and a town are
    (CROWN, "Her Majesty the Queen", None),
    (CROWN, "His Majesty the King", None),
    (CROWN, "The Crown took", None),
    (CROWN, "Crown counsel", None),
    (CROWN, "Tobias Quill", "PERSON"),
    (CROWN, " v. ", None),
    ("Mr. Crown testified that the Crown took his statement.\n", "Crown", "PERSON"),
    ("Hearing of Orla Brennagh v. Tobias Quillfeather, heard in Galway.\n", "Orla Brennagh", "PERSON"),
    ("Hearing of Orla Brennagh v. Tobias Quillfeather, heard in Galway.\n", "Tobias Quillfeather", "PERSON"),
    (CROWN, "Crown Point", "LOCATION"),
    # a side of a war named for all its members is no one; a member named, and a firm of a like word, are
    (MOVEMENT, "Contras", None),
    (MOVEMENT, "Sandinistas", None),
    (MOVEMENT, "Halloran-Pike", "PERSON"),
    (MOVEMENT, "Contra Costa Roofing", "ORGANIZATION"),
    (MOVEMENT, "Costa County", "LOCATION"),
]


@pytest.fixture(scope="module")
def masks(pipeline):
    return masks_for_rows(pipeline, ROWS)


@pytest.mark.parametrize(("text", "surface", "label"), ROWS, ids=[f"{s}:{l}:{t[:16]}" for t, s, l in ROWS])
def test_it_masks_the_names_of_new_kinds_of_hearings_and_not_their_roles(masks, text, surface, label):
    assert_masked(*masks[text], surface, label)


LABELS = [
    ("**Justice Rowe** (00:08:19): Is it as simple as that?", "Justice Rowe"),
    ("Justice Rowe (00:08:19): Is it as simple as that?", "Justice Rowe"),
    ("**Miceli:** The tape is rolling.", "Miceli"),
    ("**Hall**: Yes, sir.", "Hall"),
    ("Presiding Commissioner Faulkner: Good morning.", "Presiding Commissioner Faulkner"),
    ("**Justice Rowe** said so (00:08:19).", None),  # no colon after it: prose in bold
    ("**Speaker 1** (00:00:49): Thank you.", None),  # a recogniser's number names no one
    ("Justice Rowe (08:19 p.m.): late.", None),  # a time of day in brackets is no recording's timestamp
]


@pytest.mark.parametrize(("line", "tag"), LABELS)
def test_it_reads_a_speakers_label_in_bold_or_before_its_timestamp_in_brackets(line, tag):
    match = SPEAKER_LABEL.match(line)
    assert (match.group("tag") if match else None) == tag
