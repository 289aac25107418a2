"""A body a witness speaks for, named after "ON BEHALF OF" in a text typed in capitals, is that one name wherever
its words stand together (round 32, gate47b): the pass proposes the whole name ("the Oakdale Meadow Garden
Guild"), not a place and a word of it apart, so a correct review accepts one form and the leak gate's search of
it stays meaningful. Invented names and sentences."""
from __future__ import annotations

import pytest

from anonymizer.lang.en.truecase import truecase

SAID = "WITNESS: MY NAME IS DANA FRY, ON BEHALF OF MEADOW GARDEN GUILD IN SUPPORT.\n"


@pytest.mark.parametrize(("later", "cased"), [
    ("WITNESS: THE OAKDALE MEADOW GARDEN GUILD REPRESENTS GROWERS.\n", "Meadow Garden Guild represents"),
    ("WITNESS: AND MEADOW\nGARDEN GUILD AGAIN.\n", "Meadow\nGarden Guild again"),  # a cue's line between
    ("WITNESS: A GARDEN GUILD IS SMALL.\n", "A garden guild is small"),  # not the name: its words apart
    ("WITNESS: THE MEADOW GARDENS ARE OPEN.\n", "The meadow gardens are open"),  # not all its words
])
def test_it_writes_a_body_said_on_behalf_of_as_its_name_wherever_its_words_stand_together(later, cased):
    assert cased in truecase(SAID + later)


def test_it_learns_no_body_from_one_word_or_a_stop_word():
    text = "WITNESS: I SPEAK ON BEHALF OF MYSELF AND ON BEHALF OF THE GUILD.\nWITNESS: THE GUILD MET.\n"
    assert "The guild met" in truecase(text)
