"""Classes of errors the real transcripts of other kinds showed (issue 47, round 28 real47fix), in invented sentences:
a US federal court's caption, docket number, page codes and role tags; a nationality before a state's body still NRP; a
nickname or user name said once; a group named after a person after a Q&A marker; an age range joined by "or"; a
name in capitals alone on a line of the appearances; a person's name run into a transcription firm's; an
organization's kind alone; an employer by its initials in a career account;
a sworn witness in capitals, a UK postcode and National Insurance number. Each row: the text, a surface in it, the label a reader masks it with (``None``: no
letter of it may be masked).
"""
from __future__ import annotations

import pytest

from anonymizer.ingest import load_bytes

from .masked_rows import assert_masked, masks_for_rows

CAPTION = ("UNITED STATES DISTRICT COURT\n\nEASTERN DISTRICT OF MICHIGAN\n\n--------x\nUNITED STATES OF AMERICA,\n"
           "v. 24 Cr. 311 (QZ)\nPETER VELLACOTT,\nDefendant. Trial\n--------x\nBefore:\nHON. MARGARET OYELARAN,\n"
           "District Judge\n\nTHE COURT: Good morning.\n")
APPEARANCES = ("APPEARANCES\nBY: KAREN L. WHITFIELD\nOSWIN BRANDQUIST\nAssistant United States Attorneys\n"
               "DIRECT EXAMINATION\nTHE COURT: Good morning.\n")
FOOTERS = "".join(f"Quillon Express Transcription {n}\nQ. Go on.\nA. Yes.\n" for n in range(2, 6))
CREDIT = (f"Transcribed by: Nora Feldane Quillon Express Transcription\n{FOOTERS}"
          "I, Nora Feldane, a transcriber, hereby declare the above is true.\n")

ROWS = [
    # a federal court's caption in capitals: the court, its district and the prosecuting state are no one
    (CAPTION, "UNITED STATES DISTRICT COURT", None),
    (CAPTION, "MICHIGAN", None),
    (CAPTION, "UNITED STATES OF AMERICA", None),
    (CAPTION, "HON", None),
    (CAPTION, "MARGARET OYELARAN", "PERSON"),
    # a federal docket number, wherever it stands
    (CAPTION, "24 Cr. 311 (QZ)", "ID"),
    ("THE COURT: This is case 23 Cr. 94 (LJK), is it not?\nMR. ABLE: It is.\n", "23 Cr. 94 (LJK)", "ID"),
    ("A. The docket was 1:22-cv-04567, your Honor.\n", "1:22-cv-04567", "ID"),
    # a court reporter's page code before the witness's name and the examination; the examination is no place
    ("Q. Did you go?\n\n\n\nK7T2VELL1 Ann Dore - Direct\nA. Yes.\n", "K7T2VELL1", "ID"),
    ("A. we went there together.\nP3R9OKAFO2 Tim Ashby - Cross\nThat's right, we did.\n", "P3R9OKAFO2", "ID"),
    ("A. we went there together.\nP3R9OKAFO2 Tim Ashby - Cross\nThat's right, we did.\n", "Cross", None),
    # role tags with their article are no one's name
    ("THE JURORS: Good morning.\nTHE COURT: Good morning.\n", "JURORS", None),
    ("THE LAW CLERK: All rise.\nTHE COURT: Be seated.\n", "LAW", None),
    ("THE MARSHAL: Remain seated.\nTHE COURT: Thank you.\n", "MARSHAL", None),
    # a cited case's party and its reporter
    ("MS. ROE: See Marlow v. Tennant , 512 U.S. 871, 880 (1994).\n", "Tennant", None),
    ("MS. ROE: See Marlow v. Tennant , 512 U.S. 871, 880 (1994).\n", "U.S.", None),
    # a federal prosecutor's office by its initials
    ("ALSO PRESENT:\nNora Feldane, Paralegal Specialist, USAO\n", "USAO", None),
    # a nationality before a state's body and a party stay quasi-identifiers (the project's NRP: origin, politics)
    ("A. At the time he worked for the Chinese government.\nQ. Go on.\n", "Chinese", "NRP"),
    # a nickname or a user name said once, whole
    ('Q. There was a nickname, "Blue Rain Falls Over No One."\nA. Yes.\n', "Blue Rain Falls Over No One", "PERSON"),
    ("A. I had created my user name as Amber Kettlewing, then used it.\n", "Amber Kettlewing", "PERSON"),
    # a group named after a person, after a Q&A marker and a question's word
    ("A. She created a group called Voice of Vellacott.\nQ. Was Voice of Vellacott also called VOV at times?\n",
     "Was", None),
    # an age range joined by "or": its "or" too
    ("A. My little girl was with me. She was six or seven at the time.\n", "six or seven", "AGE"),
    ("A. I was 17 or 18 when it started.\n", "17 or 18", "AGE"),
    # a name in capitals alone on a line of the appearances; not a heading of dictionary words
    (APPEARANCES, "OSWIN BRANDQUIST", "PERSON"),
    (APPEARANCES, "DIRECT EXAMINATION", None),
    # a person's name that a tagger ran into the transcription firm printed in every footer
    (CREDIT, "Nora Feldane", "PERSON"),
    # the witness called and sworn, in capitals; a UK postcode; a UK National Insurance number
    ("OSWIN BRANDQUIST, called as a witness by the Government,\nhaving been duly sworn, testified as follows:\n"
     "DIRECT EXAMINATION\n", "OSWIN BRANDQUIST", "PERSON"),
    ("Mrs Pritchard: We live at 7 Castle Row, SA48 6BN, since then.\n", "SA48 6BN", "LOCATION"),
    ("Ms Ashworth: Your National Insurance number was on the form, QQ123456C?\nMrs Pritchard: Yes.\n", "QQ123456C",
     "ID"),
    # a body's weight with a half; the eldest's or the youngest's age
    ("Mrs Pritchard: I was 5 foot 4 and went down to eight and a half stone.\n", "eight and a half stone", "HEIGHT"),
    ("Mrs Pritchard: My eldest was 16 then, and the youngest was 11 or so.\n", "16", "AGE"),
    ("Mrs Pritchard: My eldest was 16 then, and the youngest was 11 or so.\n", "11", "AGE"),
    # a UK prison by its prefix
    ("Mrs Pritchard: Kent Police came on 3/4/2001 and took me to HMP Bronzefield.\n", "HMP Bronzefield", "ORGANIZATION"),
    ("Mr Varsani: I was sent to HMYOI Feltham at seventeen.\n", "HMYOI Feltham", "ORGANIZATION"),
    # a name the transcriber marks as heard
    ("A. That was at the Huaxing (ph) restaurant in Flushing.\n", "Huaxing", "PERSON"),
    ("A. Then the Court (ph) said so.\n", "Court", None),
    # a short word broken off and begun again in speech; a name begun again stays a name
    ("DEPUTY COMMISSIONER ROE:  Thank you, Commissioner.  Yo -- you know, Mr. Able, I want to say it.\n", "Yo", None),
    ("INCARCERATED PERSON ABLE:  Then Ja-- Jason came in.\n", "Jason", "PERSON"),
    # an employer or a unit by its initials in an account of one's career
    ("A. I did five years there. Then I was with PXT for two years.\n", "PXT", "ORGANIZATION"),
    ("A. After that she worked for KLV, in the office.\n", "KLV", "ORGANIZATION"),
    ("A. Then I was with NA for a year, every week.\n", "NA", None),
    # an organization's kind alone, with a role after it perhaps
    ("Ms Ashworth: Did you speak to the Federation rep?\nMr Varsani: The Federation said nothing.\n", "Federation",
     None),
]


@pytest.fixture(scope="module")
def masks(pipeline):
    return masks_for_rows(pipeline, ROWS)


@pytest.mark.parametrize(("text", "surface", "label"), ROWS, ids=[f"{s}:{l}:{t[:24]}" for t, s, l in ROWS])
def test_it_masks_a_court_records_data_and_nothing_of_its_vocabulary(masks, text, surface, label):
    assert_masked(*masks[text], surface, label)


@pytest.mark.parametrize("text", [
    "A. My mother is Chinese, and she came here in 1990.\n",
    "Q. Are you Chinese?\nA. Yes, I am Chinese.\n",
])
def test_it_still_masks_a_persons_nationality(masks_of, text):
    """The nationality of a person stays a quasi-identifier (NRP)."""
    read, mentions = masks_of(text)
    at = read.index("Chinese")
    assert any(s <= at < e and label == "NRP" for s, e, label in mentions), mentions


@pytest.fixture(scope="module")
def masks_of(pipeline):
    def run(text):
        analysis = pipeline.run(load_bytes(text.encode("utf-8"), "hearing.txt"))
        return analysis.transcript.text, [(m.start, m.end, m.label) for m in analysis.mentions
                                          if "suspect" not in m.sources]
    return run
