"""The automatic pass on a document with very many names: steps that looked at every mention once per
candidate were quadratic (20,000 lines naming two people each: the filter stage ran for hours)."""
from __future__ import annotations

import random

from anonymizer import spans
from anonymizer.types import Mention


class Counted(list):
    """A list of mentions that counts how often it is walked through."""

    walks = 0

    def __iter__(self):
        Counted.walks += 1
        return super().__iter__()


def test_it_pairs_first_names_with_one_look_up_per_hit_not_every_mention():
    from anonymizer.detect.tagger_persons import first_name_pairs

    line = "MR. SMITH: I spoke with Maria Gonzalez and Peter Okafor, then Maria Okafor.\n"
    text = line * 400
    mentions = Counted()
    for n in range(400):
        at = n * len(line)
        for name in ("Maria Gonzalez", "Peter Okafor"):
            start = at + line.index(name)
            mentions.append(Mention(start, start + len(name), "PERSON", ("spacy",)))
    Counted.walks = 0
    out = first_name_pairs(text, mentions)
    added = {text[m.start:m.end] for m in out[len(mentions):]}
    assert added == {"Maria Okafor"} and len(out) == 1200  # the pair of every line, none inside a mention
    assert Counted.walks <= 3, Counted.walks  # was 1 + one walk per hit (801)


def test_it_answers_whether_a_range_lies_inside_one_as_every_range_would():
    rng = random.Random(7)
    for _ in range(200):
        ranges = [(s, s + rng.randint(0, 30)) for s in (rng.randint(0, 100) for _ in range(rng.randint(0, 12)))]
        inside = spans.container(ranges)
        for start in range(0, 110, 3):
            for end in range(start, start + 40, 4):
                assert inside(start, end) == any(s <= start and end <= e for s, e in ranges)
