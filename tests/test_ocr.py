"""OCR's confusions read back in a copy of the same length (``anonymizer.pdf.ocr``), and the pass on a
scanned hearing finding what the confusions would have hidden."""
from __future__ import annotations

import pytest

from anonymizer.pdf import ocr
from anonymizer.types import Transcript

MENDED = [
    # a number: O for 0, l and I for 1, after a prefix of one or two capitals
    ("CDCR Number: E-6O418", "CDCR Number: E-60418"),
    ("Her phone is (66l) 555-0l92.", "Her phone is (661) 555-0192."),
    ("born 3/l4/l97l in", "born 3/14/1971 in"),
    ("number C447l9O2 on file", "number C4471902 on file"),
    ("age l9, and", "age 19, and"),
    ("at 9:l6 A.M.", "at 9:16 A.M."),
    ("lives at 2O4 Oleander", "lives at 204 Oleander"),
    ("dated ll/3/2Ol6, at lO:42", "dated 11/3/2016, at 10:42"),
    ("on ll-O3-2016 and 3/l/99", "on 11-03-2016 and 3/1/99"),
    # capitals: a lower-case l, or a 1 between capitals of a long word, reads I
    ("PRESlDlNG COMMlSSlONER LANDRY:", "PRESIDING COMMISSIONER LANDRY:"),
    ("STATE OF CAL1FORNIA", "STATE OF CALIFORNIA"),
    ("APRlL 11, 2017", "APRIL 11, 2017"),
    # l at a word's start before a consonant no English word has there
    ("LEVAR PRUITT, lnmate", "LEVAR PRUITT, Inmate"),
    ("lt's the lnstitution's rule, lf so.", "It's the Institution's rule, If so."),
    ("went back to lbadan", "went back to Ibadan"),
    # B for 8 and S for 5 between digits, in a date's day, a phone number's shape and an inmate number's digits
    ("badge 1B47, at 3B21 East", "badge 1847, at 3821 East"),
    ("petition 95JV0O412", "petition 95JV00412"),
    ("born 7/2B/1979, arrested 1/1B/98", "born 7/28/1979, arrested 1/18/98"),
    ("Dated: January 2B, 2O25", "Dated: January 28, 2025"),
    ("Her number is S59-555-O1B6.", "Her number is 559-555-0186."),
    ("CDCR Number:  H-S5021", "CDCR Number:  H-55021"),
    # a pipe for I: opening a word of capitals or a short word, alone before a lower-case word or a comma
    ("|NMATE ROWE :  Yes. | was there. |n the matter. |, Rowena", "INMATE ROWE :  Yes. I was there. In the matter. I, Rowena"),
    # a zero for O opening a word of lower-case letters
    ("Ms. Adaora 0yelaran-Pike", "Ms. Adaora Oyelaran-Pike"),
]

KEPT = [
    "a plate 3KDF928 and an ID AF4417",  # other letters: no number to mend
    "He lost 20 lbs and a lot of weight.",  # lbs, lost, lot
    "Hello, Lola. I love it. Ol' Blue.",  # ordinary case and words without digits
    "the 2nd and 10th of May, 1O",  # 2nd, 10th: other letters (the 1O reads 10, checked below)
    "McDONALD and DeLEON and Il Fornaio",  # mixed case with other lower-case letters
    "B-O-B and K-9 and I-5 and I-O",  # spelled letters and one-letter prefixes
    "llama, lymph, lhasa",
    "his name is Gera-\nld Fox, Dona-\n12   ld Ray, Arno-ld",  # a name's piece after a hyphen
    "Apartment 4B, Building 2B, B12, March 3B, 2 lb. and 5 lbs",  # a unit's letter after its digits; no date's day
    "| Name | Date |, 0.5 mg, 10 oz, 555-ABC-DEFG, AB-CDEF",  # a table's pipes; digits of another shape
]


@pytest.mark.parametrize(("text", "mended"), MENDED)
def test_it_reads_back_what_ocr_confused(text, mended):
    assert ocr.mend(text) == mended


@pytest.mark.parametrize("text", KEPT)
def test_it_keeps_what_ocr_did_not_confuse(text):
    mended = ocr.mend(text)
    assert len(mended) == len(text)
    kept = text.replace(" 1O", " 10")
    assert mended == kept


SCANNED = """\
PRESlDlNG COMMlSSlONER LANDRY:  This is the hearing for Levar Pruitt, CDCR number E-6O418.
lNMATE PRUlTT:  Yes. I was born on 3/l4/l97l. My sister's phone is (66l) 555-0l92.
PRESlDlNG COMMlSSlONER LANDRY:  And the victim was l9.
"""


@pytest.mark.parametrize(("surface", "label"), [
    ("E-6O418", "CDCR_ID"), ("3/l4/l97l", "DATE"), ("(66l) 555-0l92", "PHONE_NUMBER"), ("PRUlTT", "PERSON"),
])
def test_it_finds_on_a_scanned_page_what_the_confusions_hid(pipeline, surface, label):
    analysis = pipeline.run(Transcript(name="scanned.txt", text=SCANNED))
    at = SCANNED.index(surface)
    found = [(m.label, SCANNED[m.start:m.end]) for m in analysis.mentions if m.start <= at < m.end]
    assert found and found[0][1] == surface and found[0][0] == label, found
