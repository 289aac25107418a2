"""An upload checks a recording within a time budget (``AUDIO_PROBE_SECONDS``): four hours of 6 kbit/s
Opus (8 MB, under every size limit) were decoded whole inside the upload's request, minutes on a busy
machine, past the web server's timeout (probed on a production-like instance, round 32: robust32).
Past the budget a recording whose container states its duration is taken at that duration; the pass's
job decodes all of it (damaged: failed with the reason; silent: no speech recognized)."""
from __future__ import annotations

import struct

import numpy as np
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from anonymizer.errors import IngestError
from anonymizer.speech import audio
from review.models import Corpus, Document


def _wav(seconds: float, level: float = 0.4, rate: int = 16000) -> bytes:
    samples = (np.sin(np.arange(int(seconds * rate)) * 2 * np.pi * 440 / rate) * level * 32767).astype("<i2").tobytes()
    return (b"RIFF" + struct.pack("<I", 36 + len(samples)) + b"WAVE" + b"fmt "
            + struct.pack("<IHHIIHH", 16, 1, 1, rate, rate * 2, 2, 16) + b"data" + struct.pack("<I", len(samples)) + samples)


@pytest.fixture
def frames(monkeypatch):
    """How many decoded pieces ``probe`` read."""
    read = {"n": 0}
    real = audio._frames

    def counted(*args):
        for piece in real(*args):
            read["n"] += 1
            yield piece

    monkeypatch.setattr(audio, "_frames", counted)
    return read


def test_it_stops_checking_a_long_recording_at_the_budget_and_takes_its_stated_duration(frames):
    info = audio.probe(_wav(120), "long.wav", 4 * 3600, budget=0)
    assert (info.duration, info.whole) == (120.0, False)
    whole = frames["n"]
    frames["n"] = 0
    assert audio.probe(_wav(120), "long.wav", 4 * 3600).whole and frames["n"] > 10 * whole


@pytest.mark.parametrize("budget, refused", [(None, True), (0, False)])
def test_it_calls_a_recording_silent_only_when_it_heard_all_of_it(budget, refused):
    silent = _wav(30, level=0.0)
    if refused:
        with pytest.raises(IngestError, match="silent recording"):
            audio.probe(silent, "quiet.wav", 4 * 3600, budget=budget)
    else:
        assert not audio.probe(silent, "quiet.wav", 4 * 3600, budget=budget).whole


@pytest.mark.django_db
def test_it_checks_an_uploaded_recording_within_the_budget(client, django_user_model, settings, frames, monkeypatch):
    from review import jobs

    client.force_login(django_user_model.objects.create_superuser("probe", password="a-long-test-password"))
    settings.AUDIO_PROBE_SECONDS = 0
    monkeypatch.setattr(jobs, "enqueue_analysis", lambda document, **kw: True)  # stored and queued: the upload only
    corpus = Corpus.objects.create(name="probe")
    response = client.post(reverse("review:upload"), {"corpus": corpus.pk, "files": [SimpleUploadedFile("long.wav", _wav(120))]})
    assert response.status_code == 302
    assert list(Document.objects.values_list("audio_seconds", flat=True)) == [120.0]
    assert frames["n"] <= 3
