"""Recordings in the review app (issue 45): upload with or without a sidecar transcript, the pass in the
job queue (progress in minutes of audio, recovery), the review screen's player (Range streaming, a line
heard masked), the export (masked recording, WebVTT, annotation times, never the original) and the
audio gate. The audio is spoken by espeak-ng in the test; recognition is the real tiny.en model."""
from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import wave
import zipfile
from pathlib import Path

import numpy as np
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from fixtures import speech as spoken_fixture
from review import audio, audio_export, exporting, jobs, pipelines, services, speech_pass
from review.models import Corpus, Document, Export, ReviewStatus
from review.services import recovery

pytestmark = [pytest.mark.django_db, pytest.mark.skipif(not shutil.which("espeak-ng"),
                                                         reason="espeak-ng not installed (make test-deps)")]
PASSWORD = "a-long-test-password"
# two utterances, one name each; the sidecar gives each line its time
LINES = [("SPEAKER_00", "Good morning, my name is Kevin Richardson and I am here today."),
         ("SPEAKER_01", "Thank you. I grew up in Fresno and live in California now.")]


def espeak(text: str, voice: str = "en-us") -> np.ndarray:
    """16-bit samples of ``text`` spoken by espeak-ng (22,050 Hz mono)."""
    out = subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "--stdout", text], check=True, capture_output=True).stdout
    with wave.open(io.BytesIO(out)) as spoken:
        return np.frombuffer(spoken.readframes(spoken.getnframes()), dtype="<i2")


def wav(samples: np.ndarray) -> bytes:
    return spoken_fixture.wav_bytes(samples)


def seconds_of(data: bytes) -> tuple[float, int]:
    with wave.open(io.BytesIO(data)) as read:
        return read.getnframes() / read.getframerate(), read.getframerate()


@pytest.fixture(scope="module")
def hearing() -> tuple[bytes, bytes]:
    """(a WAV of the two lines, one voice per speaker, each line said in pieces cut at its names; the
    WebVTT with one cue per piece, so every name's time is exact)."""
    return said_in_pieces(LINES, r"Kevin Richardson|Fresno")


def said_in_pieces(lines: list[tuple[str, str]], names: str) -> tuple[bytes, bytes]:
    """(a WAV of ``lines``, one voice per speaker, each line said in pieces cut at the ``names`` pattern's
    matches; the WebVTT with one cue per piece)."""
    from fixtures.speech import say

    gap = np.zeros(int(0.5 * 22050), dtype="<i2")
    pieces, cues, at = [gap], ["WEBVTT", ""], 0.5
    for speaker, line in lines:
        voice = "en-us" if speaker.endswith("0") else "en-gb"
        for piece in re.split(f"({names})", line):
            if not piece.strip(" ."):
                continue
            spoken = say(piece, voice)
            cues += [f"{stamp(at)} --> {stamp(at + len(spoken) / 22050)}", f"<v {speaker}>{piece.strip()}", ""]
            at += len(spoken) / 22050 + 0.1
            pieces += [spoken, np.zeros(int(0.1 * 22050), dtype="<i2")]
        pieces.append(gap)
        at += 0.5
    return wav(np.concatenate(pieces)), "\n".join(cues).encode()


def stamp(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"00:{int(minutes):02d}:{rest:06.3f}"


@pytest.fixture(autouse=True)
def roots(settings, tmp_path, pipeline, monkeypatch):
    settings.AUDIO_ROOT = tmp_path / "audio"
    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)  # the session's loaded models


@pytest.fixture
def admin_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("boss", password=PASSWORD))
    return client


@pytest.fixture
def corpus() -> Corpus:
    return Corpus.objects.create(name="Recorded hearings")


def upload(client, corpus, *files: tuple[str, bytes]):
    response = client.post(reverse("review:upload"), {
        "corpus": corpus.pk, "files": [SimpleUploadedFile(name, data) for name, data in files]}, follow=True)
    return response, [str(m) for m in response.context["messages"]]


def recorded(corpus, hearing, name: str = "hearing one") -> Document:
    """A recording with its sidecar, through the pass (inline)."""
    data, vtt = hearing
    created, errors = services.create_documents(corpus, [(f"{name}.wav", data), (f"{name}.vtt", vtt)])
    assert errors == [] and len(created) == 1
    jobs.enqueue_analysis(created[0])
    created[0].refresh_from_db()
    return created[0]


def approve_all(document: Document) -> None:
    from django.contrib.auth import get_user_model

    approver, _ = get_user_model().objects.get_or_create(username="speech-approver")
    document.mentions.update(status=ReviewStatus.ACCEPTED)
    Document.objects.filter(pk=document.pk).update(status=Document.Status.APPROVED, approved_by=approver)


# ---------------------------------------------------------------- upload and the pass


def test_it_imports_a_recording_with_its_sidecar_and_gives_every_mention_a_time(admin_client, corpus, hearing, settings):
    response, said = upload(admin_client, corpus, ("hearing one.wav", hearing[0]), ("hearing one.vtt", hearing[1]))
    assert said == ["1 document(s) imported into Recorded hearings."]
    document = Document.objects.get()
    assert document.status == Document.Status.READY and document.is_audio
    assert bytes(document.original) == b"" and document.sidecar_name == "hearing one.vtt"
    stored = audio.path_of(document)
    assert stored.parent == Path(settings.AUDIO_ROOT) and stored.read_bytes() == hearing[0]
    assert stored.stat().st_mode & 0o077 == 0  # the recording is readable by the app alone
    assert document.text.splitlines() == [f"{speaker}: {line}" for speaker, line in LINES]
    assert document.audio_seconds == pytest.approx(seconds_of(hearing[0])[0], abs=0.05)
    timed = audio.timed_of(document)
    names = {document.text[m.start:m.end]: timed.span_time(m.start, m.end) for m in document.mentions.all()}
    assert "Kevin Richardson" in names and "Fresno" in names
    (line_one, line_two) = [(t0, t1) for _, _, t0, t1 in timed.line_times()]
    assert line_one[0] <= names["Kevin Richardson"][0] < names["Kevin Richardson"][1] <= line_one[1]
    assert line_two[0] <= names["Fresno"][0] < names["Fresno"][1] <= line_two[1]


def silent() -> bytes:
    return wav(np.zeros(22050 * 2, dtype="<i2"))


@pytest.mark.parametrize("files, refused", [
    ([("broken.wav", b"RIFF\x10\x00\x00\x00WAVEfmt garbage")], "broken.wav"),
    ([("empty.wav", "no frames")], "empty.wav"),
    ([("quiet.wav", None)], "quiet.wav"),
    ([("notes.xyz", b"some bytes")], "notes.xyz"),
    ([("lonely.vtt", b"WEBVTT\n\n00:00.000 --> 00:01.000\nhello\n")], "lonely.vtt"),
    ([("paired.wav", "good"), ("paired.vtt", b"not a webvtt file")], "paired.vtt"),
    ([("late.wav", "good"), ("late.vtt", b"WEBVTT\n\n00:10:00.000 --> 00:10:05.000\nhello\n")], "late.vtt"),
])
def test_it_refuses_a_bad_recording_or_sidecar_with_one_line_and_imports_the_rest(admin_client, corpus, hearing,
                                                                                 files, refused):
    made = {None: silent(), "good": hearing[0], "no frames": wav(np.zeros(0))}
    files = [(name, made[data] if data in made else data) for name, data in files]
    _, said = upload(admin_client, corpus, *files, ("other.txt", b"SPEAKER_00: Hello there.\n"))
    errors = [line for line in said if not line.endswith("imported into Recorded hearings.")]
    assert len(errors) == 1 and errors[0].startswith(f"{refused}: ")
    assert list(Document.objects.values_list("original_name", flat=True)) == ["other.txt"]


@pytest.mark.parametrize("limit, reason", [
    ({"SPEECH": {"audio_max_seconds": 2.0}}, "too long"),
    ({"MAX_UPLOAD_BYTES": 50_000}, "too large (over the 50,000 bytes limit); nothing was stored"),
])
def test_it_refuses_a_recording_past_the_limits_as_for_other_files(corpus, hearing, settings, limit, reason):
    for name, value in limit.items():
        setattr(settings, name, value)
    created, errors = services.create_documents(corpus, [("long.wav", hearing[0]), ("short.txt", b"SPEAKER_00: Hi.")])
    assert [d.original_name for d in created] == ["short.txt"]
    assert len(errors) == 1 and errors[0].filename == "long.wav" and errors[0].reason.startswith(reason)
    assert not Path(settings.AUDIO_ROOT).exists() or not any(Path(settings.AUDIO_ROOT).iterdir())  # nothing stored


def test_it_refuses_an_empty_file_as_for_text(corpus):
    assert services.create_documents(corpus, [("nothing.wav", b"")]) == ([], [services.UploadError("nothing.wav", "empty file")])


def test_it_shows_minutes_of_audio_done_while_recognizing_and_never_recognizes_twice(corpus, hearing, monkeypatch):
    stages, fractions = [], []
    keep = Document.set_progress
    monkeypatch.setattr(Document, "set_progress", lambda self, stage, f: stages.append(stage) or fractions.append(f)
                        or keep(self, stage, f))
    created, _ = services.create_documents(corpus, [("spoken.wav", hearing[0])])  # no sidecar: recognized
    jobs.enqueue_analysis(created[0])
    document = Document.objects.get()
    assert document.status == Document.Status.READY, document.failure_reason
    assert audio.timed_of(document).source.startswith("asr:")
    assert any(s.startswith("recognized ") and s.endswith(" min of audio") for s in stages)
    assert stages[1].startswith("recognized 0.0 of "), stages  # from the start of recognition, not after a chunk
    # the second recognition (the names found as hotwords) takes as long as the first: the list said "saving the
    # mentions" through all of it; it says the minutes listened to again, and the bar moves on through it
    again = [i for i, s in enumerate(stages) if s.startswith("listening for names ") and s.endswith(" min")]
    assert again and stages[again[0]].startswith("listening for names 0.0 of "), stages
    assert max(i for i, s in enumerate(stages) if s.startswith("recognized ")) < again[0] < len(stages) - 1
    assert fractions == sorted(fractions) and fractions[again[0]] <= 0.6, (stages, fractions)
    # the pipeline's "done" is not the job's: the list said "done" while the mentions were being stored
    assert "done" not in stages and stages[-1] == "saving the mentions", stages
    assert "richardson" in document.text.lower()
    assert speech_pass.AGAIN in document.timed  # recognized a second time with the names found, and kept

    def never(config):
        raise AssertionError("recognized again")

    monkeypatch.setattr(pipelines, "get_recognizer", never)
    text = document.text
    jobs.enqueue_analysis(document)  # a re-run reads the stored time-aligned transcript
    document.refresh_from_db()
    assert document.status == Document.Status.READY and document.text == text


def test_it_recovers_a_recording_whose_worker_was_killed_mid_recognition(corpus, hearing):
    data, vtt = hearing
    created, _ = services.create_documents(corpus, [("killed.wav", data), ("killed.vtt", vtt)])
    document = created[0]
    Document.objects.filter(pk=document.pk).update(status=Document.Status.ANNOTATING, progress=0.3,
                                                   progress_stage="recognized 0.1 of 0.1 min of audio")
    found = recovery.recover_stale_jobs(stale_seconds=-1)  # its heartbeat is older than "now + 1 s"
    document.refresh_from_db()
    assert found.documents == [document.pk] and document.status == Document.Status.FAILED
    assert document.failure_reason == recovery.INTERRUPTED
    assert Document.objects.filter(pk=document.pk, status=Document.Status.FAILED).update(status=Document.Status.QUEUED)
    jobs.enqueue_analysis(document, asked=True)  # what Retry does
    document.refresh_from_db()
    assert document.status == Document.Status.READY and document.mentions.exists()


def test_it_removes_the_recording_of_a_deleted_document_and_keeps_the_others(corpus, hearing):
    first = recorded(corpus, hearing, "first")
    other = wav(np.concatenate([espeak("Another hearing."), np.zeros(2000, dtype="<i2")]))
    second, _ = services.create_documents(corpus, [("second.wav", other)])
    kept, gone = audio.path_of(second[0]), audio.path_of(first)
    first.delete()
    recovery.recover_stale_jobs(stale_seconds=0)
    assert kept.is_file() and not gone.exists()


# ---------------------------------------------------------------- the review screen


def test_it_streams_the_recording_with_byte_ranges_to_who_may_review_it(admin_client, client, corpus, hearing,
                                                                        django_user_model):
    document = recorded(corpus, hearing)
    url = reverse("review:recording", args=[document.pk])
    whole = admin_client.get(url)
    assert whole.status_code == 200 and b"".join(whole.streaming_content) == hearing[0]
    assert whole["Accept-Ranges"] == "bytes" and whole["Content-Type"] == "audio/wav"
    assert "no-store" in whole["Cache-Control"] and "hearing" not in whole["Content-Disposition"]
    size = len(hearing[0])
    for asked, first, last in (("bytes=0-99", 0, 99), ("bytes=100-", 100, size - 1), ("bytes=-10", size - 10, size - 1)):
        part = admin_client.get(url, HTTP_RANGE=asked)
        assert part.status_code == 206 and part["Content-Range"] == f"bytes {first}-{last}/{size}"
        assert b"".join(part.streaming_content) == hearing[0][first:last + 1]
    assert admin_client.get(url, HTTP_RANGE=f"bytes={size}-").status_code == 416
    stranger = django_user_model.objects.create_user("stranger", password=PASSWORD)
    client.force_login(stranger)
    assert client.get(url).status_code == 403  # not assigned: neither the page nor the recording


def test_it_plays_a_line_masked_where_its_mentions_are(admin_client, corpus, hearing):
    document = recorded(corpus, hearing)
    response = admin_client.get(reverse("review:masked_line", args=[document.pk]), {"line": 1})
    assert response.status_code == 200 and response["Content-Type"] == "audio/wav"
    with wave.open(io.BytesIO(response.content)) as read:
        rate, masked = read.getframerate(), np.frombuffer(read.readframes(read.getnframes()), dtype="<i2")
    timed = audio.timed_of(document)
    _, _, t0, t1 = timed.line_times()[0]
    assert len(masked) == pytest.approx((t1 - t0) * rate, abs=2)
    mention = document.mentions.get(start=document.text.index("Kevin Richardson"))
    m0, m1 = timed.span_time(mention.start, mention.end)
    middle = masked[int((m0 + m1) / 2 * rate - t0 * rate) - 400:int((m0 + m1) / 2 * rate - t0 * rate) + 400]
    spectrum = np.abs(np.fft.rfft(middle.astype(float)))
    assert np.argmax(spectrum) * rate / len(middle) == pytest.approx(1000, abs=30)  # the 1 kHz tone
    mention.status = ReviewStatus.REJECTED
    mention.save()
    again = admin_client.get(reverse("review:masked_line", args=[document.pk]), {"line": 1}).content
    assert again != response.content  # a rejected mention is heard
    assert admin_client.get(reverse("review:masked_line", args=[document.pk]), {"line": 9}).status_code == 404


def test_it_gives_the_review_screen_a_player_with_line_and_mention_times(admin_client, corpus, hearing):
    document = recorded(corpus, hearing)
    mention = document.mentions.get(start=document.text.index("Fresno"))
    page = admin_client.get(reverse("review:document", args=[document.pk]), {"m": mention.pk}).content.decode()
    assert f'src="{reverse("review:recording", args=[document.pk])}"' in page and 'id="audio-data"' in page
    data = json.loads(page.split('id="audio-data" type="application/json">')[1].split("</script>")[0])
    assert [n for n, _, _ in data["lines"]] == [1, 2] and str(mention.pk) in data["mentions"]
    t0, t1 = data["mentions"][str(mention.pk)]
    assert data["lines"][1][1] <= t0 < t1 <= data["lines"][1][2]
    assert 'id="play-mention-link"' in page and f"#t={max(0, t0 - 1):.2f}," in page  # without JavaScript too
    assert 'id="masked-form"' in page
    text_document = Document.objects.create(corpus=corpus, title="typed", original_name="typed.txt", original=b"x",
                                            text="SPEAKER_00: Hello.", status=Document.Status.READY)
    assert 'id="player"' not in admin_client.get(reverse("review:document", args=[text_document.pk])).content.decode()


def test_it_lists_and_marks_the_words_the_recognizer_was_unsure_of(admin_client, corpus, hearing, settings):
    document = recorded(corpus, hearing)
    settings.AUDIO_LOW_CONFIDENCE = 1.01  # every word counts as unsure: each is listed with its line
    page = admin_client.get(reverse("review:document", args=[document.pk])).content.decode()
    words = audio.timed_of(document).words
    assert 'id="low-confidence"' in page and f"{len(words)} words the recognizer was unsure of" in page
    assert ">line 1: Kevin</a>" in page and ">line 2: Fresno" in page
    settings.AUDIO_LOW_CONFIDENCE = 0.0
    assert 'id="low-confidence"' not in admin_client.get(reverse("review:document", args=[document.pk])).content.decode()


# ---------------------------------------------------------------- the export and the audio gate


def members(path: str) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def export(corpus) -> Export:
    started = exporting.start_export(corpus, None)
    exporting.run_export(started.pk)
    started.refresh_from_db()
    return started


@pytest.mark.parametrize("fmt, mode", [("wav", "tone"), ("flac", "silence")])
def test_it_exports_the_masked_recording_and_timed_transcript_never_the_original(corpus, hearing, fmt, mode):
    corpus.audio_format, corpus.audio_mask = fmt, mode
    corpus.save()
    document = recorded(corpus, hearing)
    approve_all(document)
    done = export(corpus)
    assert done.status == Export.Status.DONE, [(x["kind"], x["label"], x["text"], x.get("time")) for x in done.leaks or []]
    archive = members(done.archive_file)
    name = "hearing_0001"
    assert {f"audio/{name}.{fmt}", f"subtitles/{name}.vtt", f"text/{name}.txt"} <= set(archive)
    assert not any(data == hearing[0] for data in archive.values())
    from anonymizer import speech

    info = speech.probe(archive[f"audio/{name}.{fmt}"], f"x.{fmt}", None)
    duration, rate = seconds_of(hearing[0])
    assert info.sample_rate == rate and info.duration == pytest.approx(duration, abs=0.01)
    vtt = archive[f"subtitles/{name}.vtt"].decode()
    assert vtt.startswith("WEBVTT") and "Richardson" not in vtt and "Fresno" not in vtt and vtt.count(" --> ") == 2
    annotations = json.loads(archive["annotations.json"])[0]["annotations"]
    assert annotations and all(a["t0"] is not None and a["t1"] > a["t0"] for a in annotations)
    manifest = json.loads(archive["manifest.json"])["documents"][0]
    assert manifest["audio"] == f"audio/{name}.{fmt}" and manifest["masking"]["mode"] == mode
    samples = speech.decode(archive[f"audio/{name}.{fmt}"], f"x.{fmt}", sample_rate=16000)
    timed = audio.timed_of(document)
    for mention in document.mentions.all():
        t0, t1 = timed.span_time(mention.start, mention.end)
        masked = samples[int(t0 * 16000):int(t1 * 16000)]
        if mode == "silence":
            assert np.abs(masked).max() == 0.0
        else:
            spectrum = np.abs(np.fft.rfft(masked[:1600]))
            assert np.argmax(spectrum) * 16000 / 1600 == pytest.approx(1000, abs=20)
    keys = members(done.keys_file)
    assert json.loads(keys["keys/documents.json"])[0]["upload_name"] == "hearing one.wav"


def test_it_blocks_the_export_when_an_accepted_name_stays_audible(admin_client, corpus, hearing, monkeypatch):
    document = recorded(corpus, hearing)
    approve_all(document)
    monkeypatch.setattr(audio_export, "masked", lambda document, times, config: audio.read(document))  # mask off
    blocked = export(corpus)
    assert blocked.status == Export.Status.BLOCKED
    heard = [leak for leak in blocked.leaks if leak["kind"] == "audible"]
    assert heard and {leak["document"] for leak in heard} == {document.pk}
    assert {leak["member"] for leak in heard} == {"audio/hearing_0001.wav"}
    richardson = [leak for leak in heard if "richardson" in leak["text"].lower()]
    assert richardson and richardson[0]["line"] == 1 and richardson[0]["time"].startswith("0:0")
    assert not any(leak["member"].startswith("text/") for leak in blocked.leaks)  # the text itself is clean
    assert not Path(exporting.export_files.archive_paths(corpus.pk, blocked.pk)[0]).exists()
    page = admin_client.get(reverse("review:export", args=[corpus.pk])).content.decode()
    assert f"(heard at {richardson[0]['time']})" in page and "<code>audio/hearing_0001.wav</code>" in page
    assert 'name="line" value="1"' in page  # "Reopen document" takes the reviewer to the line heard


def test_it_lets_annotator_reviewer_and_admin_work_on_a_recording_as_on_a_text(client, corpus, hearing,
                                                                                django_user_model):
    """Plain form posts (no JavaScript): the annotator hears and decides, marks done; the reviewer hears
    and approves; the admin exports. Nobody else hears the recording."""
    from review.constants import Action
    from review.permissions import reviewer_group

    annotator = django_user_model.objects.create_user("annotator1", password=PASSWORD)
    reviewer = django_user_model.objects.create_user("reviewer1", password=PASSWORD)
    reviewer.groups.add(reviewer_group())
    other = django_user_model.objects.create_user("annotator2", password=PASSWORD)
    document = recorded(corpus, hearing)
    Document.objects.filter(pk=document.pk).update(assignee=annotator)
    recording = reverse("review:recording", args=[document.pk])
    masked = reverse("review:masked_line", args=[document.pk])

    def version() -> int:
        return Document.objects.get(pk=document.pk).version

    client.force_login(other)
    assert client.get(recording).status_code == 403 and client.get(masked, {"line": 1}).status_code == 403
    client.force_login(reviewer)
    assert client.get(recording).status_code == 403  # not before the second look
    client.force_login(annotator)
    assert 'id="player"' in client.get(reverse("review:document", args=[document.pk])).content.decode()
    assert client.get(recording, HTTP_RANGE="bytes=0-9").status_code == 206
    assert client.get(masked, {"line": 2}).status_code == 200
    for mention in document.mentions.all():
        answer = client.post(reverse("review:mention_action", args=[document.pk, mention.pk, Action.ACCEPT]),
                             {"version": version()})
        assert answer.status_code == 302
    assert client.post(reverse("review:submit", args=[document.pk]), {"version": version()}).status_code == 302
    assert Document.objects.get(pk=document.pk).status == Document.Status.SUBMITTED
    client.force_login(reviewer)
    assert client.get(recording).status_code == 200
    assert client.post(reverse("review:approve", args=[document.pk]), {"version": version()}).status_code == 302
    assert Document.objects.get(pk=document.pk).status == Document.Status.APPROVED
    done = export(corpus)
    assert done.status == Export.Status.DONE and "audio/hearing_0001.wav" in members(done.archive_file)


def test_it_keeps_the_recording_settings_a_corpus_form_sets(client, corpus, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("boss", password=PASSWORD))
    response = client.post(reverse("review:corpus_edit", args=[corpus.pk]), {
        "name": corpus.name, "tag_style": "parts", "audio_mask": "silence", "audio_format": "flac"})
    corpus.refresh_from_db()
    assert response.status_code == 302 and (corpus.audio_mask, corpus.audio_format) == ("silence", "flac")
    client.post(reverse("review:corpus_edit", args=[corpus.pk]), {"name": corpus.name, "tag_style": "parts"})
    corpus.refresh_from_db()
    assert (corpus.audio_mask, corpus.audio_format) == ("silence", "flac")  # a form without them changes nothing


def test_it_leaves_no_masked_recording_on_disk_outside_the_archive(corpus, hearing, monkeypatch, settings):
    document = recorded(corpus, hearing)
    approve_all(document)
    done = export(corpus)
    folder = exporting.export_files.folder(corpus.pk)
    assert done.status == Export.Status.DONE and sorted(p.name for p in folder.iterdir()) == [
        f"export-{done.pk}-keys.zip", f"export-{done.pk}.zip"]
    monkeypatch.setattr(audio_export, "masked", lambda document, times, config: audio.read(document))
    blocked = export(corpus)
    assert blocked.status == Export.Status.BLOCKED and not list(folder.glob(".export-*"))
    # a worker killed while the recordings waited for the archive: the recovery removes them
    part = exporting.export_files.audio_part(corpus.pk, blocked.pk, "hearing_0001", "wav")
    part.write_bytes(b"masked audio")
    recovery.recover_stale_jobs()
    assert not part.exists()


def test_it_says_on_the_document_list_which_document_is_a_recording(admin_client, corpus, hearing):
    recorded(corpus, hearing, "first")
    Document.objects.create(corpus=corpus, title="typed", original_name="typed.txt", original=b"x", text="x")
    seconds = round(Document.objects.get(title="first").audio_seconds)
    page = admin_client.get(reverse("review:documents")).content.decode()
    assert page.count('class="recording"') == 1 and f"recording, {seconds} s" in page


def test_it_fails_a_recording_whose_file_is_gone_with_a_clear_reason(corpus, hearing):
    data, vtt = hearing
    created, _ = services.create_documents(corpus, [("gone.wav", data), ("gone.vtt", vtt)])
    audio.path_of(created[0]).unlink()
    jobs.enqueue_analysis(created[0])
    document = Document.objects.get(pk=created[0].pk)
    assert document.status == Document.Status.FAILED
    assert document.failure_reason == "the stored recording is missing or unreadable (AUDIO_ROOT); upload it again"


def test_it_reads_a_recordings_timed_transcript_once_and_again_when_it_changes(corpus, hearing, monkeypatch):
    """The review screen reads the TimedTranscript on every page and every mention shown: it is read once per
    process, and read again when the stored transcript is another (a new recognition, another document)."""
    from anonymizer.speech import TimedTranscript

    document = recorded(corpus, hearing)
    reads = []
    keep = TimedTranscript.from_dict.__func__
    monkeypatch.setattr(TimedTranscript, "from_dict", classmethod(lambda cls, data: reads.append(1) or keep(cls, data)))
    audio._read.clear()
    first = audio.timed_of(document)
    assert audio.timed_of(Document.objects.get(pk=document.pk)) is first and len(reads) == 1
    changed = dict(document.timed, words=document.timed["words"][:-1])
    document.timed = changed
    assert audio.timed_of(document) is not first and len(reads) == 2
    assert len(audio.timed_of(document).words) == len(first.words) - 1
