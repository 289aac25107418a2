"""anonymizer.speech: the timed transcript, its lines, the VTT/SRT/JSON sidecars and WebVTT out (no model)."""
from __future__ import annotations

import json

import pytest

from anonymizer.errors import IngestError
from anonymizer.speech import RawWord, TimedTranscript, lay_out, mention_ranges, read_aligned, to_webvtt
from anonymizer.speech.timed import LONG_LINE_WORDS, spread


def words(*items) -> list[RawWord]:
    return [RawWord(*item) for item in items]


SAID = words(("My", 0.0, 0.2), ("name", 0.2, 0.5), ("is", 0.5, 0.6), ("Mary", 0.7, 1.0, 0.4), ("Roe.", 1.0, 1.4),
             ("Thank", 3.5, 3.8), ("you.", 3.8, 4.0))


def test_it_lays_words_out_one_utterance_per_line_at_a_long_pause():
    timed = lay_out(SAID, duration=5.0, sample_rate=16000, source="asr:tiny.en", pause_seconds=1.5)
    assert timed.text == "My name is Mary Roe.\nThank you."
    assert [timed.text[w.start:w.end] for w in timed.words] == ["My", "name", "is", "Mary", "Roe.", "Thank", "you."]
    assert timed.line_times() == [(0, 20, 0.0, 1.4), (21, 31, 3.5, 4.0)]


def test_it_opens_a_line_at_each_change_of_speaker_with_a_label_that_has_no_time():
    said = words(("Good", 0.0, 0.3, 1.0, "Mary Roe"), ("morning.", 0.3, 0.8, 1.0, "Mary Roe"),
                 ("Morning.", 0.9, 1.3, 1.0, "SPEAKER_01"), ("Yes.", 1.4, 1.6, 1.0, "SPEAKER_01"))
    timed = lay_out(said, 2.0, 16000, "vtt")
    assert timed.text == "MARY ROE: Good morning.\nSPEAKER_01: Morning. Yes."
    assert timed.span_time(0, 8) is None  # the label is not spoken
    assert timed.span_time(10, 23) == (0.0, 0.8)


@pytest.mark.parametrize("gap, ended, lines", [
    # without speakers, a sentence followed by half a second of silence ends the line: the next voice's turn
    (0.6, True, ["Please state your name.", "Orla Brennick."]),
    (0.5, True, ["Please state your name.", "Orla Brennick."]),
    # a shorter breath after a sentence, or a pause inside one, keeps the line
    (0.3, True, ["Please state your name. Orla Brennick."]),
    (0.6, False, ["Please state your name Orla Brennick."]),
])
def test_it_opens_a_line_at_a_sentence_end_followed_by_a_pause(gap, ended, lines):
    said = words(("Please", 0.0, 0.3), ("state", 0.3, 0.6), ("your", 0.6, 0.8), ("name." if ended else "name", 0.8, 1.1),
                 ("Orla", 1.1 + gap, 1.4 + gap), ("Brennick.", 1.4 + gap, 1.9 + gap))
    assert lay_out(said, 5.0, 16000, "asr:tiny.en", pause_seconds=1.5).text.split("\n") == lines


@pytest.mark.parametrize("before, lines", [
    # a title's abbreviation ends no sentence: the name after it stays on its line, whatever the pause
    ("Mr.", ["standing away from Mr. Orla when"]),
    ("Mrs.", ["standing away from Mrs. Orla when"]),
    ("Dr.", ["standing away from Dr. Orla when"]),
    ("Ms.", ["standing away from Ms. Orla when"]),
    # a word with a vowel, a single letter or a sentence's last word does
    ("home.", ["standing away from home.", "Orla when"]),
    ("Mo.", ["standing away from Mo.", "Orla when"]),
    ("R.", ["standing away from R.", "Orla when"]),
])
def test_it_keeps_a_name_on_the_line_of_the_title_before_it(before, lines):
    said = words(("standing", 0.0, 0.4), ("away", 0.4, 0.7), ("from", 0.7, 0.9), (before, 0.9, 1.2),
                 ("Orla", 1.9, 2.2), ("when", 2.2, 2.4))
    assert lay_out(said, 5.0, 16000, "asr:tiny.en", pause_seconds=1.5).text.split("\n") == lines


def test_it_ends_a_long_line_at_a_sentence_end_without_a_pause():
    said = [RawWord("word." if i % 10 == 9 else "word", i * 0.3, i * 0.3 + 0.25) for i in range(LONG_LINE_WORDS * 2 + 5)]
    lines = lay_out(said, 100.0, 16000, "asr:x").text.split("\n")
    assert len(lines) == 3 and all(line.endswith(".") for line in lines[:2])
    assert len(lines[0].split()) == LONG_LINE_WORDS


@pytest.mark.parametrize("start, end, expected", [
    (11, 15, (0.7, 1.0)),  # "Mary"
    (11, 19, (0.7, 1.4)),  # "Mary Roe" (without the full stop, which is not said: to the end of "Roe.")
    (12, 14, (0.775, 0.925)),  # inside a word: in proportion
    (10, 11, None),  # the space between words
    (3, 3, None),
])
def test_it_maps_characters_to_time(start, end, expected):
    timed = lay_out(SAID, 5.0, 16000, "asr:tiny.en")
    got = timed.span_time(start, end)
    assert got == expected if expected is None else got == pytest.approx(expected)


def test_it_keeps_word_confidence_and_round_trips_through_json():
    timed = lay_out(SAID, 5.0, 22050, "asr:tiny.en")
    assert [timed.text[w.start:w.end] for w in timed.low_confidence()] == ["Mary"]
    again = TimedTranscript.from_dict(json.loads(json.dumps(timed.to_dict())))
    assert again == timed and again.span_time(11, 15) == timed.span_time(11, 15)


def test_it_writes_the_pseudonymized_lines_as_webvtt_cues_with_their_times():
    timed = lay_out(SAID, 5.0, 16000, "asr:tiny.en")
    vtt = to_webvtt(timed, "My name is [PERSON_1] [PERSON_2].\nThank you.")
    assert vtt.splitlines() == ["WEBVTT", "", "1", "00:00:00.000 --> 00:00:01.400", "My name is [PERSON_1] [PERSON_2].",
                                "", "2", "00:00:03.500 --> 00:00:04.000", "Thank you."]
    assert vtt.endswith("Thank you.\n")
    with pytest.raises(ValueError):
        to_webvtt(timed, "one line only")


def test_it_gives_mention_spans_their_time_ranges():
    timed = lay_out(SAID, 5.0, 16000, "asr:tiny.en")
    # "Mary Roe" said 0.7-1.4 s, after "is" (0.5-0.6): from the end of the word before (the gap is the name's)
    assert mention_ranges(timed, [(11, 19), (10, 11)]) == [pytest.approx((0.6, 1.4))]


# ---------------------------------------------------------------- sidecars

VTT = """WEBVTT

NOTE a comment

1
00:00:00.500 --> 00:00:02.000 align:start
<v Mary Roe>We are on the record.</v>

2
00:00:02.500 --> 00:00:04.000
<v.loud John Doe>My name is <c.x>John Doe</c>.
"""

SRT = """1
00:00:00,500 --> 00:00:02,000
SPEAKER_00: We are on the record.

2
00:00:02,500 --> 00:00:04,000
SPEAKER_01: My name is John Doe.
"""

WHISPER_JSON = {"text": "...", "segments": [
    {"start": 0.5, "end": 2.0, "text": " We are on the record.", "speaker": "SPEAKER_00",
     "words": [{"word": " We", "start": 0.5, "end": 0.7, "probability": 0.9},
               {"word": " are", "start": 0.7, "end": 0.9, "probability": 0.9},
               {"word": " on", "start": 0.9, "end": 1.1, "probability": 0.9},
               {"word": " the", "start": 1.1, "end": 1.3, "probability": 0.9},
               {"word": " record.", "start": 1.3, "end": 2.0, "probability": 0.8}]},
    {"start": 2.5, "end": 4.0, "text": " My name is John Doe.", "speaker": "SPEAKER_01",
     "words": [{"word": "My", "start": 2.5, "end": 2.7, "score": 0.9}, {"word": "name", "start": 2.7, "end": 3.0},
               {"word": "is", "start": 3.0, "end": 3.1}, {"word": "John", "start": 3.1, "end": 3.5, "score": 0.3},
               {"word": "Doe.", "start": 3.5, "end": 4.0}]},
]}


@pytest.mark.parametrize("name, data, first_label, second_label", [
    ("a.vtt", VTT.encode(), "MARY ROE", "JOHN DOE"),
    ("a.srt", SRT.encode(), "SPEAKER_00", "SPEAKER_01"),
    ("a.srt", SRT.replace("\n", "\r\n").encode("utf-8-sig"), "SPEAKER_00", "SPEAKER_01"),
    ("a.json", json.dumps(WHISPER_JSON).encode(), "SPEAKER_00", "SPEAKER_01"),
])
def test_it_reads_a_time_aligned_transcript_with_its_speakers(name, data, first_label, second_label):
    timed = read_aligned(data, name, duration=5.0)
    assert timed.text == f"{first_label}: We are on the record.\n{second_label}: My name is John Doe."
    assert timed.source == name.rsplit(".", 1)[1]
    start = timed.text.index("John")
    t0, t1 = timed.span_time(start, start + len("John Doe"))
    assert 2.9 <= t0 <= 3.3 and 3.7 <= t1 <= 4.0


def test_it_keeps_the_word_times_and_scores_of_a_whisper_json():
    timed = read_aligned(json.dumps(WHISPER_JSON).encode(), "a.json", 5.0)
    start = timed.text.index("John")
    assert timed.span_time(start, start + 4) == (3.1, 3.5)
    assert [timed.text[w.start:w.end] for w in timed.low_confidence()] == ["John"]


def test_it_spreads_a_cue_over_its_words_by_length():
    spread_words = spread("a bbb", 0.0, 6.0)
    assert [(w.text, w.t0, w.t1) for w in spread_words] == [("a", 0.0, 2.0), ("bbb", 2.0, 6.0)]


def test_it_reads_a_faster_whisper_list_of_segments_without_speakers_by_pauses():
    segments = [{"start": 0.0, "end": 1.0, "text": "Hello there."}, {"start": 4.0, "end": 5.0, "text": "Yes."}]
    timed = read_aligned(json.dumps(segments).encode(), "b.json", 6.0)
    assert timed.text == "Hello there.\nYes."


@pytest.mark.parametrize("name, data, reason", [
    ("a.vtt", b"", "empty file"),
    ("a.vtt", b"1\n00:00:00.000 --> 00:00:01.000\nhi\n", "not a WebVTT file"),
    ("a.vtt", b"WEBVTT\n\nno cues here\n", "no cues with times"),
    ("a.srt", b"1\n00:00:00,000 --> 00:00:09,000\nhello\n", "past the recording's end"),
    ("a.srt", b"\xff\xfeh\x00i\x00", "not UTF-8"),
    ("a.json", b"{not json", "not JSON"),
    ("a.json", b'{"segments": [{"start": "x", "end": 1, "text": "a"}]}', "not a Whisper JSON"),
    ("a.json", b'{"segments": []}', "no words with times"),
    ("a.json", b'{"text": "no segments"}', "no segments"),
    ("a.txt", b"hello", "unsupported transcript type"),
])
def test_it_refuses_a_bad_sidecar_in_one_line_naming_it(name, data, reason):
    with pytest.raises(IngestError) as caught:
        read_aligned(data, f"dir/{name}", duration=5.0)
    assert str(caught.value).startswith(f"{name}: ") and reason in str(caught.value)


@pytest.mark.parametrize("pieces, expected", [
    (["F", "-R", "-B", "-N", "-K", "-S"], "F-R-B-N-K-S"),  # a spelled name as Whisper splits it
    (["N", ".K", ".M", ".U", ".R", ".A."], "N-K-M-U-R-A."),
    (["number", "95", ",160,", "please"], "number 95160, please"),  # digits said one by one: no thousands comma
    (["number", "4", ",608", ",112"], "number 4608112"),
    (["it", "was", "2", ",50", "feet"], "it was 2,50 feet"),  # not a group of three: kept
    (["at", "1330", "p", ".m."], "at 1330 p.m."),
    (["a", "one", "-year", "term"], "a one-year term"),
    (["I", "-", "am"], "I - am"),  # a lone dash continues nothing
])
def test_it_writes_the_pieces_a_recognizer_split_a_word_into_as_one_word(pieces, expected):
    timed = lay_out([RawWord(p, i * 0.3, i * 0.3 + 0.25) for i, p in enumerate(pieces)], 10.0, 16000, "asr:x")
    assert timed.text == expected
    assert len(timed.words) == len(pieces)
    assert timed.span_time(0, len(timed.text)) == (0.0, pytest.approx((len(pieces) - 1) * 0.3 + 0.25))


def test_it_lays_out_the_word_chunks_of_the_transformers_backend(tmp_path):
    """TransformersRecognizer without transformers: its pipeline's answer (word chunks with timestamps)."""
    from anonymizer.speech import TransformersRecognizer
    from tests.test_speech_audio import wav

    recognizer = TransformersRecognizer(str(tmp_path))
    calls = []

    def fake_pipe(inputs, return_timestamps, generate_kwargs):
        calls.append((inputs["sampling_rate"], inputs["raw"].dtype.name, return_timestamps))
        return {"text": " My name is Mary Roe.", "chunks": [
            {"text": " My", "timestamp": (0.0, 0.2)}, {"text": " name", "timestamp": (0.2, 0.5)},
            {"text": " is", "timestamp": (0.5, 0.6)}, {"text": " Mary", "timestamp": (0.7, 1.0)},
            {"text": " Roe.", "timestamp": (1.0, None)}, {"text": " Yes.", "timestamp": (2.6, 2.9)}]}

    recognizer._pipe = fake_pipe
    timed = recognizer.transcribe(wav(seconds=3.0), "a.wav")
    assert calls == [(16000, "float32", "word")]
    assert timed.text == "My name is Mary Roe.\nYes." and timed.source == f"asr:{tmp_path.name}"
    assert timed.span_time(11, 19) == pytest.approx((0.7, 1.0))
    with pytest.raises(RuntimeError):
        TransformersRecognizer(str(tmp_path / "missing"))


@pytest.mark.parametrize(("backend", "expected"), [
    ("faster-whisper", "Recognizer"),
    ("transformers", "TransformersRecognizer"),
    ("whisper.cpp", "ASR_BACKEND must be one of faster-whisper, transformers"),
])
def test_it_builds_the_recognizer_asr_backend_names_without_loading_its_model(tmp_path, backend, expected):
    """The faster-whisper default or the transformers backend on a local folder; the model loads on first use."""
    from anonymizer.speech import recognizer_for
    from anonymizer.types import Config

    config = Config(asr_backend=backend, asr_model=str(tmp_path) if backend == "transformers" else None,
                    asr_chunk_seconds=60.0, pause_seconds=2.0)
    if " " in expected:
        with pytest.raises(RuntimeError, match=expected):
            recognizer_for(config)
        return
    recognizer = recognizer_for(config)
    assert type(recognizer).__name__ == expected
    assert (recognizer.chunk_seconds, recognizer.pause_seconds) == (60.0, 2.0)
    assert getattr(recognizer, "_pipe", None) is None and getattr(recognizer, "_model", None) is None


def test_it_says_transformers_is_missing_where_it_is_not_installed(tmp_path):
    """ASR_BACKEND=transformers in the main venv (no torch): one line naming the recording and the reason."""
    import importlib.util

    from anonymizer.speech import TransformersRecognizer
    from tests.test_speech_audio import wav

    if importlib.util.find_spec("transformers") is not None:
        pytest.skip("transformers is installed here (tests/ml covers the backend)")
    for name in ("preprocessor_config.json", "tokenizer.json", "model.safetensors"):
        (tmp_path / name).write_text("{}")
    (tmp_path / "config.json").write_text(json.dumps({"model_type": "whisper"}))
    with pytest.raises(IngestError, match="^a.wav: the speech model .* transformers and torch are not installed"):
        TransformersRecognizer(str(tmp_path)).transcribe(wav(seconds=1.0), "a.wav")


@pytest.mark.parametrize("words, span, expected", [
    # a gap before the name (the recognizer placed it late): its masked time reaches back to the word before
    ([("Thank", 0.0, 0.4), ("Mr.", 0.4, 0.9), ("Bellamy", 1.4, 1.6), ("left", 1.6, 1.9)], "Bellamy", (0.9, 1.6)),
    # at most two seconds back (words the recognizer dropped: nothing written there), 0.2 s on
    ([("said", 0.0, 0.3), ("Bellamy", 2.0, 2.4), ("then", 2.5, 2.9)], "Bellamy", (0.3, 2.5)),
    ([("said", 0.0, 0.3), ("Bellamy", 2.5, 2.9), ("then", 3.0, 3.4)], "Bellamy", (2.5, 3.0)),
    ([("said", 0.0, 0.3), ("Bellamy", 0.9, 1.2), ("then", 1.9, 2.2)], "Bellamy", (0.3, 1.2)),
    # no gap: the word's own time
    ([("said", 0.0, 0.3), ("Bellamy", 0.3, 0.7), ("then", 0.7, 1.0)], "Bellamy", (0.3, 0.7)),
    ([("Bellamy", 0.5, 0.9)], "Bellamy", (0.5, 0.9)),
])
def test_it_masks_a_mention_over_the_gaps_the_words_beside_it_leave(words, span, expected):
    timed = lay_out([RawWord(w, a, b) for w, a, b in words], 10.0, 16000, "asr:x")
    start = timed.text.index(span)
    assert timed.mask_time(start, start + len(span)) == pytest.approx(expected)
    assert timed.span_time(start, start + len(span)) == pytest.approx(next((a, b) for w, a, b in words if span in w))


@pytest.mark.parametrize("words, span, expected", [
    # a name that ends a sentence: the recognizer ended it early and put the next word late, the mask goes on
    # into the pause after it (0.5 s at most, never past the next word)
    ([("said", 0.0, 0.3), ("Bellamy.", 0.3, 0.7), ("Then", 1.9, 2.2)], "Bellamy", (0.3, 1.2)),
    ([("said", 0.0, 0.3), ("Bellamy?", 0.3, 0.7), ("Then", 1.0, 1.2)], "Bellamy", (0.3, 1.0)),
    # no sentence end after it, or no word after it: its own time
    ([("said", 0.0, 0.3), ("Bellamy,", 0.3, 0.7), ("then", 1.9, 2.2)], "Bellamy", (0.3, 0.7)),
    ([("said", 0.0, 0.3), ("Bellamy.", 0.3, 0.7)], "Bellamy", (0.3, 0.7)),
    # nor across a line's end (a long pause: silence, not the name)
    ([("said", 0.0, 0.3), ("Bellamy.", 0.3, 0.7), ("Then", 2.5, 2.8)], "Bellamy", (0.3, 0.7)),
])
def test_it_masks_a_mention_that_ends_a_sentence_into_the_pause_after_it(words, span, expected):
    timed = lay_out([RawWord(w, a, b) for w, a, b in words], 10.0, 16000, "asr:x")
    start = timed.text.index(span)
    assert timed.mask_time(start, start + len(span)) == pytest.approx(expected)


@pytest.mark.parametrize("words, span, expected", [
    # a mention's last word the recognizer stretched over the pause after it: masked until it was plausibly over
    # (0.2 s + 0.1 s a letter from its start)
    ([("said", 0.0, 0.3), ("Bellamy", 0.3, 1.9), ("then", 2.5, 2.8)], "Bellamy", (0.3, 1.2)),
    ([("number", 0.0, 0.3), ("three", 0.3, 1.3), ("then", 2.5, 2.8)], "three", (0.3, 1.0)),
    # ... what the mask reaches beyond the word kept (a sentence's end: 0.5 s into the pause)
    ([("said", 0.0, 0.3), ("Bellamy.", 0.3, 1.9), ("Then", 2.6, 2.8)], "Bellamy", (0.3, 1.7)),
    # a letter said alone, capitals, a part of the day, digits, words not stretched: as they are
    ([("spelled", 0.0, 0.3), ("B", 0.3, 0.5), ("-L", 0.5, 1.6), ("then", 2.5, 2.8)], "B-L", (0.3, 1.6)),
    ([("at", 0.0, 0.3), ("ten", 0.3, 0.5), ("p.m.,", 0.5, 1.6), ("then", 2.5, 2.8)], "ten p.m", (0.3, 1.6)),
    ([("the", 0.0, 0.3), ("FBI", 0.3, 1.6), ("then", 2.5, 2.8)], "FBI", (0.3, 1.6)),
    ([("at", 0.0, 0.3), ("1976", 0.3, 1.9), ("then", 2.5, 2.8)], "1976", (0.3, 1.9)),
    ([("said", 0.0, 0.3), ("Bellamy", 0.3, 1.1), ("then", 2.5, 2.8)], "Bellamy", (0.3, 1.1)),
])
def test_it_ends_a_mention_where_its_stretched_last_word_was_plausibly_over(words, span, expected):
    timed = lay_out([RawWord(w, a, b) for w, a, b in words], 10.0, 16000, "asr:x")
    start = timed.text.index(span)
    assert timed.mask_time(start, start + len(span)) == pytest.approx(expected)


@pytest.mark.parametrize("hotwords", [None, "Bellamy"])
def test_it_reuses_a_recognition_kept_by_the_benchmarks_cache_for_the_same_audio_and_hotwords(tmp_path, hotwords):
    import numpy as np

    from benchmarks.speech import CachedRecognizer
    from fixtures.speech import wav_bytes

    class Counting:
        source, pause_seconds, path, beam_size, hears_hotwords = "asr:x", 1.5, "m", 5, True
        calls = 0

        def words(self, data, filename, total, progress=None, hotwords=None):
            Counting.calls += 1
            return [RawWord("said", 0.1, 0.4, 0.9), RawWord(hotwords or "Mr.", 0.5, 0.8, 0.3)]

    cached = CachedRecognizer(Counting(), tmp_path)
    noise = np.random.default_rng(7).integers(-3000, 3000, 22050).astype(np.int16)
    one, other = wav_bytes(noise), wav_bytes(noise[::-1].copy())
    first = cached.transcribe(one, "a.wav", hotwords=hotwords)
    again = CachedRecognizer(Counting(), tmp_path).transcribe(one, "a.wav", hotwords=hotwords)
    assert Counting.calls == 1 and again == first and first.text == f"said {hotwords or 'Mr.'}"
    cached.transcribe(one, "a.wav", hotwords="Quill")  # other hotwords, other audio: recognized
    cached.transcribe(other, "a.wav", hotwords=hotwords)
    assert Counting.calls == 3 and cached.hears_hotwords
