"""Court judgments (TAB's ECHR text): the dates of the Court's own organisation and of a statute coming
into force (``On 1 November 2004 the Court changed the composition of its Sections``, ``transmitted to the
Court on 1 November 1998, when Protocol No. 11 to the Convention came into force``) are every judgment's
dates, no one's: TAB's annotators leave them unmasked. The dates of the applicant's case stay masked,
the Court's decisions on it among them (TAB marks those QUASI)."""
from __future__ import annotations

import pytest

from anonymizer.detect import filter_mentions
from anonymizer.ingest import load_bytes
from tests.test_detect import m as _mention

COURT_DATES = [
    # the Court's own organisation and a statute's coming into force: no one's dates
    ("On 1 November 2004 the Court changed the composition of its Sections (Rule 25 § 1).", "1 November 2004", False),
    ("On 1 November 2001 the Court changed the composition of its Sections.", "1 November 2001", False),
    ("The application was transmitted to the Court on 1 November 1998, when Protocol No. 11 to the Convention "
     "came into force (Article 5 § 2 of Protocol No. 11).", "1 November 1998", False),
    ("The case was referred to it on 1 November 1998, when Protocol No. 11 entered into force.", "1 November 1998", False),
    # the Court's decisions on the case and the applicant's own dates stay mentions
    ("On 13 May 2009 the President of the Second Section decided to give notice of the application.", "13 May 2009", True),
    ("By a decision of 21 March 2000 the Chamber declared the application admissible.", "21 March 2000", True),
    ("On 4 October 2004 the Court decided to communicate the application to the Government.", "4 October 2004", True),
    ("On 1 November 2004 the Court of Cassation changed its ruling.", "1 November 2004", True),
    ("On 3 May 2001, when he came home, the police arrested him.", "3 May 2001", True),
    ("I got out on 3 May 2001, when my son was born.", "3 May 2001", True),
    ("He was released on 3 May 2001, when the new Act came into force.", "3 May 2001", True),
]


@pytest.mark.parametrize(("text", "surface", "kept"), COURT_DATES)
def test_it_does_not_mask_the_courts_own_dates(text, surface, kept):
    out = list(filter_mentions(text, [_mention(text, surface, "DATE", "presidio")]))
    assert bool(out) is kept


def test_it_leaves_the_courts_own_dates_unmasked_in_a_whole_judgment(pipeline):
    text = ("The application was transmitted to the Court on 1 November 1998, when Protocol No. 11 to the "
            "Convention came into force (Article 5 § 2 of Protocol No. 11).\n\n"
            "On 1 November 2004 the Court changed the composition of its Sections (Rule 25 § 1).\n\n"
            "On 8 March 2005 the Court declared the application partly inadmissible.\n")
    analysis = pipeline.run(load_bytes(f"PROCEDURE\n\n{text}".encode(), "judgment.txt"))
    body = analysis.transcript.text
    assert [body[m.start : m.end] for m in analysis.mentions if m.label == "DATE"] == ["8 March 2005"]


LODGED = ("The case originated in an application (no. 123/04) against the Republic of Cyprus lodged with "
          "the Court by a farmer. ")

DATE_BOUNDS = [
    # a judgment's "the" before its date is no part of it (TAB's dates never hold it), nor a count after the year
    (LODGED + "He sought to have the 30 July 1998 circular declared void.", "the 30 July 1998", "30 July 1998"),
    (LODGED + "It relied on the 16 September 2010 decision of the Constitutional Council.", "the 16 September 2010",
     "16 September 2010"),
    (LODGED + "The parties were summoned for the beginning of August 1995.", "the beginning of August 1995",
     "beginning of August 1995"),
    (LODGED + "On 24 April 2004 two separate referendums were held.", "24 April 2004 two", "24 April 2004"),
    (LODGED + "Between 2 May 2005 and 9 June 2008 forty-three hearings took place.", "9 June 2008 forty-three",
     "9 June 2008"),
    ("I was released in March 1998 three of us went home.", "March 1998 three", "March 1998"),
    # a hearing's "the" stays with its date; a count of days is the date
    ("I was released on the 30th of July 1998.", "the 30th of July 1998", "the 30th of July 1998"),
    (LODGED + "He paid on 3 May 2001.", "3 May 2001", "3 May 2001"),
    ("It was two thousand and two.", "two thousand and two", "two thousand and two"),
]


@pytest.mark.parametrize(("text", "surface", "bounds"), DATE_BOUNDS)
def test_it_keeps_a_judgments_article_and_a_count_out_of_a_date(text, surface, bounds):
    out = list(filter_mentions(text, [_mention(text, surface, "DATE", "spacy")]))
    assert [text[x.start : x.end] for x in out] == [bounds]
