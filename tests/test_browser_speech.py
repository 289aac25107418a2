"""A recording in the browser (issue 45): the admin uploads an espeak-ng WAV with its WebVTT, the
document ends ready with mentions; on the review screen a mention plays with "." (the audio element's
time moves, the line being played is highlighted, it stops after the mention and its context), a
line's number plays from that line, space pauses, and a line is heard masked."""
from __future__ import annotations

import shutil

import pytest

from review import pipelines
from review.models import Corpus, Document

from .test_browser_e2e import PASSWORD, login, wait_idle
from .test_speech_app import hearing  # noqa: F401  (the module's espeak-ng recording fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(not shutil.which("espeak-ng"), reason="espeak-ng not installed (make test-deps)")]


def test_it_uploads_a_recording_whose_mentions_play_on_the_review_screen(
    live_server, browser, django_user_model, pipeline, monkeypatch, settings, tmp_path, hearing  # noqa: F811
):
    settings.AUDIO_ROOT = tmp_path / "audio"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True, is_superuser=True)
    corpus = Corpus.objects.create(name="Recorded hearings")
    (tmp_path / "hearing one.wav").write_bytes(hearing[0])
    (tmp_path / "hearing one.vtt").write_bytes(hearing[1])

    page = login(browser, live_server, "admin")
    page.click("nav >> text=Import")
    page.select_option("#id_corpus", str(corpus.pk))
    page.set_input_files("input[type=file]", [str(tmp_path / "hearing one.wav"), str(tmp_path / "hearing one.vtt")])
    page.click("button.primary")
    page.wait_for_selector("text=1 document(s) imported")
    document = Document.objects.get(corpus=corpus)
    assert document.status == Document.Status.READY and document.is_audio, document.failure_reason
    name = document.mentions.get(start=document.text.index("Kevin Richardson"))

    page.click(f"text={document.title}")
    page.wait_for_selector("#player audio#audio")
    page.wait_for_function("() => document.getElementById('audio').readyState >= 1")  # streamed: metadata read
    page.click(f"#m{name.pk}")
    wait_idle(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press(".")  # the selected mention, with a little context
    page.wait_for_function("() => { const a = document.getElementById('audio'); return !a.paused && a.currentTime > 0; }")
    page.wait_for_selector("#l1.playing")
    page.wait_for_function("() => document.getElementById('audio').paused", timeout=20000)  # stops after it
    stopped = page.evaluate("document.getElementById('audio').currentTime")
    data = page.evaluate("JSON.parse(document.getElementById('audio-data').textContent)")
    t0, t1 = data["mentions"][str(name.pk)]
    assert t0 - data["context"] - 0.1 < stopped <= t1 + data["context"] + 0.5

    page.click("#l2 .ln")  # a line's number plays from that line
    page.wait_for_function(f"() => document.getElementById('audio').currentTime >= {data['lines'][1][1]}")
    page.wait_for_selector("#l2.playing")
    page.keyboard.press(" ")
    page.wait_for_function("() => document.getElementById('audio').paused")

    page.fill("#masked-line", "1")
    page.get_by_role("button", name="Hear the line masked").click()  # its name says what it does
    page.wait_for_function("() => { const m = document.getElementById('masked-audio'); return m.currentTime > 0; }")
    assert page.evaluate("document.getElementById('masked-audio').src").endswith("?line=1")


def _recorded(corpus, hearing):  # noqa: F811
    from .test_speech_app import recorded

    return recorded(corpus, hearing)


def test_it_plays_one_recording_at_a_time_and_the_inspector_plays_the_mention(
    live_server, browser, django_user_model, pipeline, monkeypatch, settings, tmp_path, hearing  # noqa: F811
):
    """The selected mention has a visible Play control that plays on the review screen (it does not open
    the raw recording) and "Hear line … masked" offers its line; a line heard masked stops the whole recording and is highlighted; space, even on
    the "masked" button that started it, stops the masked line rather than starting it again; starting
    the whole recording stops the masked line."""
    settings.AUDIO_ROOT = tmp_path / "audio"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True, is_superuser=True)
    document = _recorded(Corpus.objects.create(name="Recorded hearings"), hearing)
    name = document.mentions.get(start=document.text.index("Kevin Richardson"))

    page = login(browser, live_server, "admin")
    page.goto(f"{live_server.url}/documents/{document.pk}/")
    page.wait_for_function("() => document.getElementById('audio').readyState >= 1")
    assert page.get_attribute("#l2 .ln", "title") == "Play from line 2"
    assert page.is_visible("#player .js-only") and page.is_visible("#help-button")  # the keys, offered with JavaScript
    place = document.mentions.get(start=document.text.index("Fresno"))
    page.click(f"#m{place.pk}")
    wait_idle(page)
    page.wait_for_function("() => document.getElementById('masked-line').value === '2'")  # its line, to hear masked
    page.click(f"#m{name.pk}")
    wait_idle(page)
    page.wait_for_selector(f"#inspector[data-m='{name.pk}'] #play-mention-link")
    link = page.locator("#inspector #play-mention-link")
    assert "#t=" in link.get_attribute("href")
    link.click()
    page.wait_for_function("() => { const a = document.getElementById('audio'); return !a.paused && a.currentTime > 0; }")
    assert page.url.rstrip("/").endswith(f"/documents/{document.pk}")  # still the review screen
    page.keyboard.press(" ")  # focus is on the link: space pauses, it does not follow the link
    page.wait_for_function("() => document.getElementById('audio').paused")

    page.evaluate("document.getElementById('audio').play()")
    page.fill("#masked-line", "2")
    page.click("#masked-form button")
    page.wait_for_function("() => !document.getElementById('masked-audio').paused")
    assert page.evaluate("document.getElementById('audio').paused")  # never both at once
    page.wait_for_selector("#l2.playing")
    page.keyboard.press(" ")  # focus is still on the "masked" button
    page.wait_for_function("() => document.getElementById('masked-audio').paused")
    page.wait_for_timeout(300)
    assert page.evaluate("document.getElementById('masked-audio').paused && document.getElementById('audio').paused")
    assert page.query_selector("#transcript .line.playing") is None

    page.click("#masked-form button")
    page.wait_for_function("() => !document.getElementById('masked-audio').paused")
    page.evaluate("document.getElementById('audio').play()")
    page.wait_for_function("() => document.getElementById('masked-audio').paused && !document.getElementById('audio').paused")


def test_it_tells_a_reader_without_javascript_only_what_works_for_them(
    live_server, browser, django_user_model, pipeline, monkeypatch, settings, tmp_path, hearing  # noqa: F811
):
    """Without JavaScript the keys, the "Keys ?" button and clicks on the transcript do nothing, so the
    page does not offer them and says what works instead; the selected mention's Play link opens its stretch of the recording (#t=start,end) and
    accepting it is a plain form post."""
    settings.AUDIO_ROOT = tmp_path / "audio"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True, is_superuser=True)
    document = _recorded(Corpus.objects.create(name="Recorded hearings"), hearing)
    name = document.mentions.get(start=document.text.index("Kevin Richardson"))

    context = browser.new_context(java_script_enabled=False, viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/documents/{document.pk}/?m={name.pk}")
    meta = page.inner_text("#player p.meta")
    assert "Space" not in meta and "line's number" not in meta, meta
    assert "player's own controls play the recording" in page.inner_text("#player")
    assert not page.is_visible("#help-button")  # a "Keys ?" button that would do nothing
    page.goto(f"{live_server.url}/documents/{document.pk}/")
    hint = page.inner_text("#inspector")
    assert "lists every key" not in hint and "Next pending" in hint, hint
    page.goto(f"{live_server.url}/documents/{document.pk}/?m={name.pk}")
    href = page.get_attribute("#inspector #play-mention-link", "href")
    assert href.startswith(f"/documents/{document.pk}/recording/#t=")
    t0, t1 = (float(t) for t in href.split("#t=")[1].split(","))
    assert 0 <= t0 < t1
    page.click("#inspector button:has-text('Accept')")
    page.wait_for_load_state()
    name.refresh_from_db()
    assert name.status == "accepted"
    context.close()


def test_it_shows_what_an_export_of_recordings_holds(
    live_server, browser, django_user_model, pipeline, monkeypatch, settings, tmp_path, hearing  # noqa: F811
):
    """The export page says a recording's archive members (masked recording, timed subtitles, never the
    original) and a finished export's row says how many masked recordings its corpus archive holds."""
    from .test_speech_app import approve_all

    settings.AUDIO_ROOT, settings.EXPORT_ROOT = tmp_path / "audio", tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True, is_superuser=True)
    corpus = Corpus.objects.create(name="Recorded hearings", audio_mask="silence")
    approve_all(_recorded(corpus, hearing))

    page = login(browser, live_server, "admin")
    page.goto(f"{live_server.url}/corpora/{corpus.pk}/export/")
    page.click("summary:has-text('What the archives contain')")
    help_text = page.inner_text("details.help")
    assert "audio/NAME.wav" in help_text and "subtitles/NAME.vtt" in help_text and "silence" in help_text, help_text
    assert "original recording is never in an archive" in help_text
    page.click("#start-export button")
    page.wait_for_selector("tr.status-done .download-archive", timeout=120000)
    assert page.inner_text("tr.status-done .archive-recordings") == "(with 1 masked recording and its subtitles)"


def test_it_keeps_the_line_being_played_highlighted_through_a_decision(
    live_server, browser, django_user_model, pipeline, monkeypatch, settings, tmp_path, hearing  # noqa: F811
):
    """Accepting the mention being heard re-renders its line: the line stays highlighted while the
    recording plays on (it lost the highlight until the recording reached the next line)."""
    settings.AUDIO_ROOT = tmp_path / "audio"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True, is_superuser=True)
    document = _recorded(Corpus.objects.create(name="Recorded hearings"), hearing)
    name = document.mentions.get(start=document.text.index("Kevin Richardson"))

    page = login(browser, live_server, "admin")
    page.goto(f"{live_server.url}/documents/{document.pk}/")
    page.wait_for_function("() => document.getElementById('audio').readyState >= 1")
    page.click(f"#m{name.pk}")
    wait_idle(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.click("#l1 .ln")  # the whole first line plays
    page.wait_for_selector("#l1.playing")
    page.keyboard.press("a")
    wait_idle(page)
    name.refresh_from_db()
    assert name.status == "accepted"
    assert not page.evaluate("document.getElementById('audio').paused")
    page.wait_for_selector("#l1.playing", timeout=2000)
