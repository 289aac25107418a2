"""The Danish pack's normalization (who is who) and its dates and ages in pseudonyms."""
from __future__ import annotations

import pytest

from anonymizer.lang.da.detect import Found
from anonymizer.lang.da.normalize import normalize
from anonymizer.lang.da.temporal import temporal


@pytest.mark.parametrize(("label", "surface", "rendered"), [
    ("DATE", "3. marts 2021", "[DAY]. [MONTH] [YEAR]"),
    ("DATE", "mandag den 4. marts", "[DAY_OF_WEEK] den [DAY]. [MONTH]"),
    ("DATE", "d. 3/3-21", "d. [DATE]"),
    ("DATE", "3.3.2021", "[DATE]"),
    ("DATE", "sommeren 2020", "sommeren [YEAR]"),
    ("DATE", "9.-27. september 2019", "[DAY].-[DAY]. [MONTH] [YEAR]"),
    ("AGE", "45-årig", "[AGE]-årig"),
    ("AGE", "58 år gammel", "[AGE] år gammel"),
    ("AGE", "6 og 9 år", "[AGE] og [AGE] år"),
    ("DATE", "primo maj 2020", "primo [MONTH] [YEAR]"),
    ("DATE", "ultimo 2019", "ultimo [YEAR]"),
    ("DATE", "maj måned 2020", "[MONTH] måned [YEAR]"),
    ("AGE", "42", "[AGE]"),
    ("AGE", "30-35-årig", "[AGE]-årig"),  # an age's range
    ("DATE", "Kasper 2021", "[DATE]"),  # a word no date has: the generic tag, nothing of it kept
])
def test_it_writes_danish_dates_and_ages_with_their_values_replaced(label, surface, rendered):
    assert temporal(label, surface) == rendered


def test_it_groups_a_persons_parts_and_genitive_with_the_full_name():
    text = "Vidnet Sofie Krag forklarede. Sofie Krags forklaring. Krag kom. Lene Holm og Holm."
    def at(surface: str, source: str, after: int = 0) -> Found:
        start = text.index(surface, after)
        return Found(start, start + len(surface), "PERSON", source)

    found = [at("Sofie Krag", "rule"), at("Sofie Krags", "rescan", 20), at("Krag", "rescan", 50),
             at("Lene Holm", "spacy"), at("Holm", "rescan", text.index("og"))]
    mentions, entities = normalize(text, found)
    assert [text[m.start:m.end] for m in mentions] == ["Sofie Krag", "Sofie Krags", "Krag", "Lene Holm", "Holm"]
    assert [m.entity for m in mentions] == [0, 0, 0, 1, 1]
    assert [m.confidence for m in mentions] == [1, 2, 2, 2, 2]


def test_it_unites_overlapping_spans_under_the_longest_ones_label():
    text = "bor på Kildevej 7, 4340 Tølløse nu"
    found = [Found(7, 31, "LOCATION", "rule"), Found(24, 31, "LOCATION", "rule"), Found(24, 31, "PERSON", "spacy")]
    mentions, entities = normalize(text, found)
    assert [(m.start, m.end, m.label, m.sources) for m in mentions] == [(7, 31, "LOCATION", ("rule", "spacy"))]
    assert entities[0].category == "ADDRESS"


def test_it_keeps_every_mention_of_the_danish_pass_on_one_line():
    from anonymizer.lang.da.detect import detect

    text = "Med venlig hilsen\n\nAnne Lykke Borup\nadvokat\n"  # the tagger's span takes the line break in
    found = detect(text)
    assert "Anne Lykke Borup" in {text[f.start:f.end] for f in found}
    assert all("\n" not in text[f.start:f.end] for f in found)
