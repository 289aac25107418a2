"""anonymizer.speech.heard: mentions of recognized speech read against the recognizer's unsure words;
the recognizer's word-start correction; the English sound key (no model)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from anonymizer.lang.en.sounds import sound_key
from anonymizer.speech import RawWord, Recognizer, lay_out
from anonymizer.speech.heard import SOUNDS_LIKE, mend
from anonymizer.types import Mention
from tests.heard_text import analysed, texts

SURE = 0.95


def heard(said: list[tuple[str, float]], source: str = "asr:tiny.en"):
    """A recognized transcript of ``said``: (word, confidence) pairs, 0.3 s each."""
    return lay_out([RawWord(w, i * 0.3, i * 0.3 + 0.3, c) for i, (w, c) in enumerate(said)], 60.0, 16000, source)




@pytest.mark.parametrize("said, found, expected", [
    # an unsure word before a name: the name's misheard first part
    ([("victim", SURE), ("Our", 0.02), ("Charles", SURE), ("Parza,", SURE), ("was", SURE)],
     [("Charles Parza", "PERSON")], [("Our Charles Parza", "PERSON")]),
    # unsure words after a CDCR number: its last digits misheard
    ([("number", SURE), ("Q24817", SURE), ("minute", 0.01), ("is", SURE)],
     [("Q24817", "CDCR_ID")], [("Q24817 minute", "CDCR_ID")]),
    # at most two words, and a sure word stops it
    ([("the", SURE), ("um", 0.05), ("ah", 0.05), ("oh", 0.05), ("Tessaly", SURE), ("left", SURE)],
     [("Tessaly", "PERSON")], [("ah oh Tessaly", "PERSON")]),
    ([("said", SURE), ("Tessaly", SURE), ("left", 0.5)], [("Tessaly", "PERSON")], [("Tessaly", "PERSON")]),
    # not across a line, not into another mention, not beside what is no identifier
    ([("Tessaly", SURE), ("Brun.", SURE)], [("Tessaly Brun", "PERSON")], [("Tessaly Brun", "PERSON")]),
    ([("in", SURE), ("uh", 0.02), ("Fresno", SURE), ("today", SURE)], [("Fresno", "LOCATION")],
     [("Fresno", "LOCATION")]),
])
def test_it_takes_the_unsure_words_beside_an_identifier_as_part_of_it(said, found, expected):
    timed = heard(said)
    assert texts(mend(analysed(timed, found), timed)) == expected


@pytest.mark.parametrize("said, found, expected", [
    # an unsure word that is no ordinary word beside a name: its misheard other part, across an unsure stop word
    ([("Welphine", 0.3), ("or", 0.4), ("Kaffo,", SURE), ("interpreter", SURE)], [("Kaffo", "PERSON")],
     [("Welphine or Kaffo", "PERSON")]),
    ([("said", SURE), ("Kaffo", SURE), ("Drennit", 0.3), ("left", SURE)], [("Kaffo", "PERSON")],
     [("Kaffo Drennit", "PERSON")]),
    # an ordinary word, a sure one, punctuation between, or beside what is no name: not
    ([("table", 0.3), ("or", 0.4), ("Kaffo", SURE)], [("Kaffo", "PERSON")], [("Kaffo", "PERSON")]),
    ([("Welphine", SURE), ("Kaffo", SURE)], [("Kaffo", "PERSON")], [("Kaffo", "PERSON")]),
    ([("Welphine.", 0.3), ("Kaffo", SURE)], [("Kaffo", "PERSON")], [("Kaffo", "PERSON")]),
    ([("Welphine", 0.3), ("Fresno", SURE)], [("Fresno", "LOCATION")], [("Fresno", "LOCATION")]),
])
def test_it_takes_an_unsure_unknown_word_beside_a_name_as_part_of_it(said, found, expected):
    timed = heard(said)
    assert texts(mend(analysed(timed, found), timed)) == expected


@pytest.mark.parametrize("said, found, expected", [
    # the stop words the recognizer wrote into a name's mention at its edges are no part of it
    ([("victim", SURE), ("Orla", SURE), ("Brennick", SURE), ("a", SURE), ("nurse", SURE)],
     [("Orla Brennick a", "PERSON")], [("Orla Brennick", "PERSON")]),
    ([("and", SURE), ("I'm", SURE), ("Orla", SURE), ("Brennick.", SURE)], [("I'm Orla Brennick", "PERSON")],
     [("Orla Brennick", "PERSON")]),
    ([("spelled", SURE), ("B.", SURE), ("R.", SURE), ("E.", SURE), ("There", SURE), ("was", SURE)],
     [("B. R. E. There", "SPELLED_NAME")], [("B. R. E.", "SPELLED_NAME")]),
    # a spelled name's one letter is a letter, whatever word it also is
    ([("spelled", SURE), ("O.", SURE), ("R.", SURE), ("A.", SURE), ("then", SURE)], [("O. R. A.", "SPELLED_NAME")],
     [("O. R. A.", "SPELLED_NAME")]),
    # whole words at a spelled name's edges are no letters of it; a person's mention stops at a sentence's end
    ([("spelled", SURE), ("B.", SURE), ("R.", SURE), ("E.", SURE), ("There", SURE), ("are", SURE), ("no", SURE),
      ("cats", SURE)], [("B. R. E. There are no", "SPELLED_NAME")], [("B. R. E.", "SPELLED_NAME")]),
    ([("a", SURE), ("table,", SURE), ("B-R-E-N", SURE), ("today", SURE)], [("table, B-R-E-N", "SPELLED_NAME")],
     [("B-R-E-N", "SPELLED_NAME")]),
    ([("Orla", SURE), ("Brennick", SURE), ("drives.", SURE), ("I'm", SURE), ("here", SURE)],
     [("Orla Brennick drives. I'm", "PERSON")], [("Orla Brennick drives", "PERSON")]),
    ([("Orla", SURE), ("Brennick.", SURE), ("Tessaly", SURE), ("Brun", SURE)],
     [("Orla Brennick. Tessaly Brun", "PERSON")], [("Orla Brennick. Tessaly Brun", "PERSON")]),
    # a name's inner words stay
    ([("Mary", SURE), ("of", SURE), ("Brennick", SURE)], [("Mary of Brennick", "PERSON")],
     [("Mary of Brennick", "PERSON")]),
])
def test_it_takes_the_stop_words_at_the_edges_out_of_a_names_mention(said, found, expected):
    timed = heard(said)
    assert texts(mend(analysed(timed, found), timed)) == expected


@pytest.mark.parametrize("said, found, expected", [
    # letters said one by one and written as hyphened capitals, their last ones misheard: one spelled name
    ([("spelled", SURE), ("B", SURE), ("-R", SURE), ("-E", SURE), ("-N", SURE), ("-Kd.", SURE), ("Yes", SURE)], [],
     [("B-R-E-N-Kd", "SPELLED_NAME")]),
    # the mentions the text pass found inside the run give way to it
    ([("spelled", SURE), ("O", SURE), ("-R", SURE), ("-L", SURE), ("-A", SURE), ("-MAY", SURE), ("now", SURE)],
     [("O-R-L", "PERSON"), ("A-MAY", "PERSON")], [("O-R-L-A-MAY", "SPELLED_NAME")]),
    # a run a mention already holds stays that mention; two letters, or an ordinary hyphened word, are no run
    ([("spelled", SURE), ("O", SURE), ("-R", SURE), ("-L", SURE), ("-A", SURE)], [("O-R-L-A", "SPELLED_NAME")],
     [("O-R-L-A", "SPELLED_NAME")]),
    ([("the", SURE), ("T", SURE), ("-V", SURE), ("set", SURE)], [], []),
    ([("a", SURE), ("well-known", SURE), ("X-ray", SURE), ("here", SURE)], [], []),
])
def test_it_takes_a_recognized_run_of_spelled_capitals_as_one_spelled_name(said, found, expected):
    from anonymizer.speech.heard import SPELLED_RUN

    timed = heard(said)
    result = mend(analysed(timed, found), timed)
    assert texts(result) == expected
    assert all(SPELLED_RUN in m.sources for m in result.mentions if (m.start, m.end) not in
               {(timed.text.index(s), timed.text.index(s) + len(s)) for s, _ in found})


@pytest.mark.parametrize("said, found, expected", [
    # a spelled name heard as letter words, then its last letters in capitals: the letter words are part of it
    ([("Quill.", SURE), ("If", 0.3), ("I", 0.7), ("are", 0.2), ("be", 0.9), ("NKS,", 0.5), ("here", SURE)],
     [("NKS", "PERSON")], [("If I are be NKS", "PERSON")]),
    ([("spelled", SURE), ("you", 0.9), ("see", 0.9), ("T", 0.5), ("-R", 0.5), ("-A", 0.5)],
     [("T-R-A", "SPELLED_NAME")], [("you see T-R-A", "SPELLED_NAME")]),
    # not over a sentence's end, a sure word that is no letter, nor before a name in small letters
    ([("Quill.", SURE), ("be", 0.9), ("NKS", 0.5)], [("NKS", "PERSON")], [("be NKS", "PERSON")]),
    ([("Yes.", SURE), ("NKS", 0.5)], [("NKS", "PERSON")], [("NKS", "PERSON")]),
    ([("the", SURE), ("witness", SURE), ("NKS", 0.5)], [("NKS", "PERSON")], [("NKS", "PERSON")]),
    ([("you", SURE), ("see", SURE), ("Tessaly", SURE)], [("Tessaly", "PERSON")], [("Tessaly", "PERSON")]),
    # a body in capitals is no spelled name
    ([("you", SURE), ("see", SURE), ("CDCR", SURE)], [("CDCR", "ORGANIZATION")], [("CDCR", "ORGANIZATION")]),
])
def test_it_takes_the_letters_said_before_a_name_in_capitals_as_part_of_it(said, found, expected):
    timed = heard(said)
    assert texts(mend(analysed(timed, found), timed)) == expected


def test_it_leaves_a_sidecar_transcript_and_the_mention_beside_a_line_break_as_they_are():
    said = [("victim", SURE), ("Our", 0.02), ("Charles", SURE)]
    timed = heard(said, source="vtt")
    assert texts(mend(analysed(timed, [("Charles", "PERSON")]), timed)) == [("Charles", "PERSON")]
    broken = lay_out([RawWord("Orla", 0.0, 0.3, SURE), RawWord("hm", 3.0, 3.3, 0.01)], 60.0, 16000, "asr:x")
    assert texts(mend(analysed(broken, [("Orla", "PERSON")]), broken)) == [("Orla", "PERSON")]


@pytest.mark.parametrize("said, expected", [
    # an unsure word that sounds like a name part found in the recording: a mention of that person
    ([("Kendrick", SURE), ("Whitfield", SURE), ("spoke", SURE), ("with", 0.04), ("field", 0.35), ("again", SURE)],
     ["Kendrick Whitfield", "with field"]),
    ([("Lorna", SURE), ("Young", SURE), ("and", SURE), ("Dee", SURE), ("young,", 0.26), ("came", SURE)],
     ["Lorna Young", "young"]),
    # a sure word is that word, however it sounds
    ([("Lorna", SURE), ("Young", SURE), ("was", SURE), ("young", 0.9)], ["Lorna Young"]),
    # a word that sounds like no name part stays a word
    ([("Lorna", SURE), ("Young", SURE), ("the", 0.2), ("board", 0.2)], ["Lorna Young"]),
])
def test_it_proposes_unsure_words_that_sound_like_a_name_of_the_recording_as_that_person(said, expected):
    timed = heard(said)
    first = " ".join(w for w, _ in said[:2])
    result = mend(analysed(timed, [(first, "PERSON")]), timed)
    assert [text for text, _ in texts(result)] == expected
    proposed = [m for m in result.mentions if SOUNDS_LIKE in m.sources]
    assert all(m.entity == 0 and m.confidence == 3 and m.label == "PERSON" for m in proposed)
    assert len(proposed) == len(expected) - 1


@pytest.mark.parametrize("one, other, alike", [
    ("Whitfield", "With field", True),
    ("Young", "young", True),
    ("Philippa", "Filipa", True),
    ("Katz", "Cats", True),
    ("Whitfield", "Wakefield", False),
    ("Young", "Yard", False),
])
def test_it_gives_spellings_that_sound_alike_one_sound_key(one, other, alike):
    assert (sound_key(one) == sound_key(other)) is alike


class _Model:
    """A stand-in faster-whisper model: one segment with the given words."""

    def __init__(self, words):
        self.words = words

    def transcribe(self, samples, **options):
        words = [SimpleNamespace(word=w, start=a, end=b, probability=p) for w, a, b, p in self.words]
        return [SimpleNamespace(words=words)], None


@pytest.mark.parametrize("lead, expected", [
    (0.0, [(1.0, 1.4), (1.4, 2.0)]),
    (0.2, [(0.8, 1.4), (1.2, 2.0)]),
    (0.5, [(0.5, 1.4), (0.9, 2.0)]),
])
def test_it_moves_each_recognized_word_start_earlier_by_the_recognizers_lag(tmp_path, lead, expected):
    import numpy as np

    recognizer = Recognizer(str(tmp_path), word_lead=lead)
    recognizer._model = _Model([(" Orla", 1.0, 1.4, 0.9), (" Brun", 1.4, 2.0, 0.8)])
    words, _ = recognizer._chunk(np.zeros(16000 * 3, dtype=np.float32), 0, True, "t.wav")
    assert [(w.t0, w.t1) for w in words] == [(pytest.approx(a), pytest.approx(b)) for a, b in expected]


@pytest.mark.parametrize("first, again, expected", [
    # the second recognition hears a known name where the first heard other words: those words are the name
    ([("Dara", SURE), ("Quill", SURE), ("met", SURE), ("kwill", 0.3), ("today", SURE)],
     [("Dara", SURE), ("Quill", SURE), ("met", SURE), ("Quill", 0.8), ("today", SURE)],
     ["Dara Quill", "kwill"]),
    # unsure in the second recognition too: not taken
    ([("Dara", SURE), ("Quill", SURE), ("met", SURE), ("kwill", 0.3), ("today", SURE)],
     [("Dara", SURE), ("Quill", SURE), ("met", SURE), ("Quill", 0.1), ("today", SURE)],
     ["Dara Quill"]),
    # the first recognition was sure of what it heard there: that word stays
    ([("Dara", SURE), ("Quill", SURE), ("met", SURE), ("kwill", 0.9), ("today", SURE)],
     [("Dara", SURE), ("Quill", SURE), ("met", SURE), ("Quill", 0.8), ("today", SURE)],
     ["Dara Quill"]),
    # heard where the pass has its mention already: nothing new
    ([("Dara", SURE), ("Quill", SURE), ("met", SURE)], [("Dara", SURE), ("Quill", SURE), ("met", SURE)],
     ["Dara Quill"]),
    # only stop words said where the second recognition heard the name: no misheard name
    ([("Dara", SURE), ("Quill", SURE), ("met", SURE), ("what", 0.3), ("you", 0.3), ("today", SURE)],
     [("Dara", SURE), ("Quill", SURE), ("met", SURE), ("Quill", 0.8), ("today", SURE)],
     ["Dara Quill"]),
    # a word that is no name found: nothing
    ([("Dara", SURE), ("Quill", SURE), ("met", SURE), ("the", 0.6)], [("Dara", SURE), ("Quill", SURE), ("met", SURE),
                                                                      ("Moss", SURE)], ["Dara Quill"]),
])
def test_it_takes_a_name_the_recognition_with_the_names_hears_where_the_first_heard_other_words(first, again, expected):
    from anonymizer.speech.heard import HEARD_WITH_NAMES, hotwords, names_heard

    timed = heard(first)
    analysis = analysed(timed, [("Dara Quill", "PERSON")])
    names = hotwords(analysis, timed)
    assert names == {"Dara": 0, "Quill": 0}
    result = names_heard(analysis, timed, heard(again), names)
    assert [text for text, _ in texts(result)] == expected
    assert all(m.entity == 0 and m.confidence == 3 for m in result.mentions if HEARD_WITH_NAMES in m.sources)


def test_it_recognizes_again_with_the_names_found_as_hotwords_and_not_a_sidecar():
    from anonymizer.speech.heard import recognize_names

    class Again:
        asked: list = []
        hears_hotwords = True

        def transcribe(self, data, filename, progress=None, hotwords=None):
            self.asked.append(hotwords)
            return heard([("Dara", SURE), ("Quill", SURE), ("met", SURE), ("Quill", 0.8)])

    first = [("Dara", SURE), ("Quill", SURE), ("met", SURE), ("kwill", 0.3)]
    timed = heard(first)
    result = recognize_names(analysed(timed, [("Dara Quill", "PERSON")]), timed, Again(), b"", "t.wav")
    assert Again.asked == ["Dara Quill"] and len(result.mentions) == 2
    side = heard(first, source="vtt")
    assert len(recognize_names(analysed(side, [("Dara Quill", "PERSON")]), side, Again(), b"", "t.wav").mentions) == 1
    assert Again.asked == ["Dara Quill"]
    Again.hears_hotwords = False  # a backend without hotwords (transformers) is not asked twice for the same words
    assert len(recognize_names(analysed(timed, [("Dara Quill", "PERSON")]), timed, Again(), b"", "t.wav").mentions) == 1
    assert Again.asked == ["Dara Quill"]


class _Detector:
    """A stand-in detector: every word in ``names`` is a PERSON."""

    def __init__(self, names):
        self.names = names

    def detect(self, transcript, *args, **kwargs):
        import re

        return [Mention(m.start(), m.end(), "PERSON", ("rule",)) for m in re.finditer(r"\w+", transcript.text)
                if m.group() in self.names]


@pytest.mark.parametrize("toned, expected", [
    ([], ["detector", "surface"]),
    ([(0.55, 1.25)], ["surface"]),  # the detector's word is heard inside the tone: the tone made into a word
    ([(0.55, 0.95), (1.15, 1.55)], ["surface"]),  # a surface form heard there still counts
    ([(0.75, 1.25)], ["detector", "surface"]),  # only half of it inside
])
def test_it_does_not_count_a_detectors_hit_heard_inside_the_masked_tone(toned, expected):
    from anonymizer.leakgate import Term
    from anonymizer.speech import leaks_in

    again = heard([("and", SURE), ("then", SURE), ("Tutterni", SURE), ("saw", SURE), ("Bellamy", SURE)])
    hits = leaks_in(again, [Term("surface", "PERSON", "Bellamy")], detector=_Detector({"Tutterni"}), toned=toned)
    assert [term.kind for _, _, term in hits] == expected
