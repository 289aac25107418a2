"""fixtures/speech.py: generated hearings spoken by espeak-ng, every gold span with its exact time."""
from __future__ import annotations

import shutil

import numpy as np
import pytest

from fixtures import speech as spoken

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs Debian espeak-ng (make test-deps)")


def test_it_times_every_gold_span_inside_its_line_with_sound_at_both_edges():
    recording = spoken.spoken_hearing("hearing_01", seed=3, words=300, profile="varied", max_lines=6)
    assert 5 < recording.duration < 120 and recording.spans
    for span in recording.spans:
        line = next(l for l in recording.lines if l["t0"] <= span["t0"] < l["t1"])
        assert span["t1"] <= line["t1"] and span["preview"] in line["text"]
        a, b = int(span["t0"] * spoken.RATE), int(span["t1"] * spoken.RATE)
        loud = np.abs(recording.samples[a:b].astype(np.int32)) > 200
        assert loud[:200].any() and loud[-200:].any()  # the span's piece starts and ends with speech
    assert len({l["voice"] for l in recording.lines}) == len({l["speaker"] for l in recording.lines})


def test_it_speaks_the_utterances_and_not_the_title_page_or_the_speaker_tags():
    text = ("TITLE PAGE\nJOHN DOE, Prisoner\n\n--oOo--\nPRESIDING COMMISSIONER ROE: Good morning, Mr. Doe.\n"
            "INMATE DOE: Good morning.\n")
    start = text.index("Doe.")
    lines = spoken.hearing_lines(text, [{"start": start, "end": start + 3, "label": "PERSON", "preview": "Doe"},
                                        {"start": 11, "end": 19, "label": "PERSON", "preview": "JOHN DOE"}])
    assert lines == [("PRESIDING COMMISSIONER ROE", "Good morning, Mr. Doe.", [{"label": "PERSON", "start": 18, "end": 21}]),
                     ("INMATE DOE", "Good morning.", [])]


def test_it_writes_a_true_webvtt_with_voices_for_the_sidecar_path():
    recording = spoken.speak("x", [("MARY ROE", "Good morning.", []), ("JOHN DOE", "Morning.", [])])
    vtt = recording.webvtt()
    assert vtt.startswith("WEBVTT\n") and "<v MARY ROE>Good morning." in vtt and "<v JOHN DOE>Morning." in vtt
    assert recording.wav()[:4] == b"RIFF"
