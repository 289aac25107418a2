"""anonymizer.speech.cues: the words around a name the recognizer misheard tell one was said (no model)."""
from __future__ import annotations

import pytest

from anonymizer.speech import RawWord, lay_out
from anonymizer.speech.cues import AFTER_CUE, SPELLED_WORDS
from anonymizer.speech.heard import mend
from tests.heard_text import analysed, texts

SURE = 0.95


def heard(said: list, source: str = "asr:tiny.en"):
    """A recognized transcript of ``said``: words (sure) or (word, confidence) pairs, 0.3 s each."""
    pairs = [w if isinstance(w, tuple) else (w, SURE) for w in said]
    return lay_out([RawWord(w, i * 0.3, i * 0.3 + 0.3, c) for i, (w, c) in enumerate(pairs)], 60.0, 16000, source)




@pytest.mark.parametrize("said, expected", [
    # a courtesy title, a relative, a party of the story, a self-introduction: the unsure words after it
    (["Representing", "Mr.", ("tallow.", 0.08), "Thank", "you."], [("tallow", "PERSON")]),
    (["My", "sister,", ("brindle", 0.3), ("okra", 0.2), ",", "was", "there."], [("brindle okra", "PERSON")]),
    (["The", "co-defendant,", ("a", 0.4), ("mortar", 0.1), ("and", 0.2), ("lacy,", 0.3), "was", "arrested."],
     [("mortar and lacy", "PERSON")]),
    # no ordinary word however sure the recognizer was (``sibald``), up to the sentence's end
    (["The", "defendant,", "zorbith", ("ox.", 0.2), "He", "left."], [("zorbith ox", "PERSON")]),
    (["I'm", ("a", 0.2), ("true", 0.3), "Esparzo."], [("true", "PERSON"), ("Esparzo", "PERSON")]),
    # sure ordinary words after a cue, stop words only, or a cue ending its sentence: nothing
    (["My", "mom", "was", "home", "then."], []),
    (["My", "mom,", ("the", 0.2), "was", "home."], []),
    (["I", "saw", "the", "witness.", ("Gorble", 0.2), "left."], []),
    (["the", "weather", ("brindle", 0.2), "okra"], []),
])
def test_it_takes_the_unsure_words_after_a_cue_of_a_person_as_a_name(said, expected):
    timed = heard(said)
    found = [("Esparzo", "PERSON")] if "Esparzo." in timed.text else []
    result = mend(analysed(timed, found), timed)
    assert texts(result) == expected
    assert all(AFTER_CUE in m.sources for m in result.mentions if m.label == "PERSON" and "rule" not in m.sources)


@pytest.mark.parametrize("said, found, expected", [
    # letters said alone after the name, the first one its first letter: the name spelled
    (["Brooke,", "be", "are", "oh", "oh", "kay", "e.", "Thank", "you."], [("Brooke", "PERSON")],
     [("Brooke", "PERSON"), ("be are oh oh kay e", "SPELLED_NAME")]),
    (["Yancy,", "why", "are", "you", "and", "me?", "My", "number"], [("Yancy", "PERSON")],
     [("Yancy", "PERSON"), ("why are you and me", "SPELLED_NAME")]),
    # ordinary words after a name: another first letter, or too few letters
    (["Smith,", "and", "you", "are", "a", "friend."], [("Smith", "PERSON")], [("Smith", "PERSON")]),
    (["Annie,", "are", "you", "sure?"], [("Annie", "PERSON")], [("Annie", "PERSON")]),
    # letters heard as syllables joined by hyphens, four of them at least
    (["It's", "ta", "-ro", "-vi", "-ka.", "Yes."], [], [("ta-ro-vi-ka", "SPELLED_NAME")]),
    (["my", "mother", "-in", "-law", "and", "day", "-to", "-day"], [], []),
])
def test_it_reads_a_name_spelled_as_letter_words(said, found, expected):
    timed = heard(said)
    result = mend(analysed(timed, found), timed)
    assert texts(result) == expected
    assert all(SPELLED_WORDS in m.sources for m in result.mentions if m.label == "SPELLED_NAME")


@pytest.mark.parametrize("said, expected", [
    # a kind of institution in small letters after a word the recognizer was unsure of: its name misheard
    (["taken", "to", "the", ("dunmore", 0.2), "state", "hospital", "and", "left."],
     [("dunmore state hospital", "ORGANIZATION")]),
    (["at", "the", ("estate", 0.1), "hospital.", "He", "was"], [("estate hospital", "ORGANIZATION")]),
    (["born", "in", ("kelvane", 0.3), "county.", "Yes."], [("kelvane county", "LOCATION")]),
    # the same said and heard surely: no name in it
    (["taken", "to", "the", "state", "hospital", "and", "left."], []),
    (["in", "the", "county", "jail"], []),
])
def test_it_takes_an_institution_in_small_letters_after_an_unsure_word(said, expected):
    timed = heard(said)
    assert texts(mend(analysed(timed, []), timed)) == expected


@pytest.mark.parametrize("said, found, expected", [
    # the unsure words between two names of one sentence belong to the first
    (["Orlan", ("double", 0.3), ("-yoo", 0.2), "Wendell,", "yes."], [("Orlan", "PERSON"), ("Wendell", "PERSON")],
     [("Orlan double-yoo", "PERSON"), ("Wendell", "PERSON")]),
    # sure words, or a sentence's end, between: each its own
    (["Orlan", "and", "Wendell", "came."], [("Orlan", "PERSON"), ("Wendell", "PERSON")],
     [("Orlan", "PERSON"), ("Wendell", "PERSON")]),
    (["Orlan.", ("So", 0.3), "Wendell", "came."], [("Orlan", "PERSON"), ("Wendell", "PERSON")],
     [("Orlan", "PERSON"), ("Wendell", "PERSON")]),
])
def test_it_bridges_the_unsure_words_between_two_identifiers(said, found, expected):
    timed = heard(said)
    assert texts(mend(analysed(timed, found), timed)) == expected


@pytest.mark.parametrize("said, found, expected", [
    # the words right before a spelling that sound like its letters: the name said, misheard
    (["There", "are", "brin", "dell.", "B-R-I-N-D-E-L-L."], [("B-R-I-N-D-E-L-L", "SPELLED_NAME")],
     [("brin dell", "PERSON"), ("B-R-I-N-D-E-L-L", "SPELLED_NAME")]),
    # words that do not sound like it
    (["There", "is", "a", "table.", "B-R-I-N-D-E-L-L."], [("B-R-I-N-D-E-L-L", "SPELLED_NAME")],
     [("B-R-I-N-D-E-L-L", "SPELLED_NAME")]),
])
def test_it_takes_the_words_before_a_spelling_that_sound_like_it(said, found, expected):
    timed = heard(said)
    assert texts(mend(analysed(timed, found), timed)) == expected


def test_it_leaves_a_sidecars_transcript_as_it_is():
    timed = heard(["Representing", "Mr.", ("tallow.", 0.08)], source="vtt")
    assert texts(mend(analysed(timed, []), timed)) == []


@pytest.mark.parametrize("said, expected", [
    # a line or a sentence opened by a few words before a spelled name, one of them unsure: the name said first
    (["Thank", "you.", "I'm", ("a", 0.4), "normal", ("child,", 0.1), "D-O-R-N-E-Y,", "court", "reporter."],
     [("I'm a normal child", "PERSON"), ("D-O-R-N-E-Y", "SPELLED_NAME")]),
    (["Okay.", ("Dorothy", 0.4), ("knee,", 0.2), "D-O-R-N-E-Y.", "Yes."],
     [("Dorothy knee", "PERSON"), ("D-O-R-N-E-Y", "SPELLED_NAME")]),
    # words the recognizer was sure of, too many words, or another sentence before the spelling: nothing added
    (["Yes,", "it", "is", "D-O-R-N-E-Y.", "Thank", "you."], [("D-O-R-N-E-Y", "SPELLED_NAME")]),
    (["So", "the", "other", "one", ("we", 0.2), "saw", "was", "D-O-R-N-E-Y."], [("D-O-R-N-E-Y", "SPELLED_NAME")]),
    (["Spell", ("it.", 0.3), "D-O-R-N-E-Y."], [("D-O-R-N-E-Y", "SPELLED_NAME")]),
])
def test_it_takes_the_words_opening_a_line_before_a_spelled_name_as_the_name(said, expected):
    timed = heard(said)
    result = mend(analysed(timed, [("D-O-R-N-E-Y", "SPELLED_NAME")]), timed)
    assert texts(result) == expected
    assert all(AFTER_CUE in m.sources for m in result.mentions if m.label == "PERSON")


@pytest.mark.parametrize("said, expected", [
    # after a place, words ending in one that sounds like an institution head's last word, one of them unsure
    (["from", "the", "Fresno", ("released", 0.3), ("the", 0.3), "apartment", "responded."],
     [("Fresno", "LOCATION"), ("released the apartment", "ORGANIZATION")]),
    (["at", "Fresno", ("stayed", 0.2), "hospitable", "until"], [("Fresno", "LOCATION"), ("stayed hospitable", "ORGANIZATION")]),
    # sure words, only an unsure stop word, another clause, or no such word: nothing added
    (["lived", "in", "Fresno", "in", "an", "apartment."], [("Fresno", "LOCATION")]),
    (["near", "Fresno", ("the", 0.3), "apartment", "was", "empty."], [("Fresno", "LOCATION")]),
    (["in", "Fresno,", ("dirty", 0.2), "apartment"], [("Fresno", "LOCATION")]),
    (["in", "Fresno", ("dirty", 0.2), "kitchens", "were"], [("Fresno", "LOCATION")]),
])
def test_it_takes_the_words_like_an_institution_head_after_a_place_as_the_institution(said, expected):
    timed = heard(said)
    result = mend(analysed(timed, [("Fresno", "LOCATION")]), timed)
    assert texts(result) == expected
    assert all(AFTER_CUE in m.sources for m in result.mentions if m.label == "ORGANIZATION")
