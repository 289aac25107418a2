"""An annotator reviews a pre-annotated hearing in headless Chromium, keyboard first.

Each step is checked in the database and in the pseudonymized preview; screenshots of
the review screen go to a temporary folder, or to ``REVIEW_SCREENSHOTS`` (e.g.
``REVIEW_SCREENSHOTS=docs/screenshots`` to refresh the README's pictures).
"""
from __future__ import annotations

import dataclasses
import os
import tempfile
from pathlib import Path

import pytest

from anonymizer.ingest import load_bytes
from review import services
from review.models import Corpus, Document, Mention
from review.permissions import reviewer_group

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(os.environ.get("REVIEW_SCREENSHOTS") or tempfile.mkdtemp(prefix="review-shots-"))
HEARING = b"""PRESIDING COMMISSIONER RUFF: Good morning. We are here for the hearing of Kevin Richardson.
INMATE RICHARDSON: Good morning. My name is Kevin Richardson.
PRESIDING COMMISSIONER RUFF: Mr. Richardson, you grew up in Fresno, California?
INMATE RICHARDSON: Yes. My sister Maria Lopez still lives in Fresno. Maria visits me.
DEPUTY COMMISSIONER STEVENSON: Thank you. Your counselor, Mr. Okafor, wrote a report.
INMATE RICHARDSON: Yes, Okafor helped me a lot. Counselor Okafore said I changed.
PRESIDING COMMISSIONER RUFF: Anything else about Okafor?
"""
MISSED = "Okafor"  # the automatic pass's mentions of this name are dropped: the annotator must add them


@pytest.fixture
def hearing(pipeline, django_user_model):
    user = django_user_model.objects.create_user("annotator1", password="a-long-test-password")
    corpus = Corpus.objects.create(name="Parole hearings")
    document = Document.objects.create(corpus=corpus, title="hearing-0042", original_name="h.txt", original=HEARING,
                                       assignee=user)
    analysis = pipeline.run(load_bytes(HEARING, "h.txt"))
    text = analysis.transcript.text
    kept = tuple(m for m in analysis.mentions if not text[m.start:m.end].startswith(MISSED))
    services.apply_analysis(document, dataclasses.replace(analysis, mentions=kept))
    document.refresh_from_db()
    return document


def login(page, live_server, username: str = "annotator1"):
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "a-long-test-password")
    page.click("button[type=submit]")
    page.wait_for_selector("table.documents")


def wait_idle(page):
    """Every queued htmx request has been answered and swapped."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.wait_for_timeout(100)


def preview(page) -> str:
    page.keyboard.press("Escape")  # leave any form field: keys act on the transcript
    page.keyboard.press("p")
    page.wait_for_selector("#transcript.preview")
    text = page.inner_text("#transcript")
    page.keyboard.press("p")
    page.wait_for_selector("#transcript:not(.preview)")
    return text


def select_text(page, needle: str, nth: int = 0) -> None:
    """Select the nth occurrence of needle in panel A, as a mouse drag would."""
    page.evaluate(
        """([needle, nth]) => {
          const walker = document.createTreeWalker(document.getElementById("transcript"), NodeFilter.SHOW_TEXT);
          let seen = 0, node;
          while ((node = walker.nextNode())) {
            let at = node.data.indexOf(needle);
            while (at >= 0) {
              if (seen++ === nth) {
                const range = document.createRange();
                range.setStart(node, at); range.setEnd(node, at + needle.length);
                const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
                return;
              }
              at = node.data.indexOf(needle, at + 1);
            }
          }
          throw new Error("text not found");
        }""",
        [needle, nth],
    )
    page.keyboard.press("x")
    page.wait_for_selector("#inspector[data-mode=add]")


def test_it_reviews_a_whole_transcript_with_the_keyboard(live_server, page, hearing, browser, django_user_model):
    page.on("dialog", lambda dialog: dialog.accept())
    SHOTS.mkdir(parents=True, exist_ok=True)
    login(page, live_server)
    page.click(f"text={hearing.title}")
    page.wait_for_selector("#transcript mark.m")
    page.wait_for_function("() => window.reviewReady !== undefined")
    text = hearing.text
    total = hearing.mentions.count()
    assert page.locator("#transcript mark.m").count() == total
    before = preview(page)
    assert MISSED in before and "Kevin Richardson" not in before  # the missed name is still in clear

    # accept the first pending mention with the keyboard, reject the next one
    page.keyboard.press("j")
    first = page.evaluate("document.activeElement.id")
    page.keyboard.press("a")
    second = page.evaluate("document.activeElement.id")
    assert second != first
    page.keyboard.press("r")
    wait_idle(page)
    m1, m2 = Mention.objects.get(pk=first[1:]), Mention.objects.get(pk=second[1:])
    assert (m1.status, m2.status) == ("accepted", "rejected")
    assert page.locator(f"#{first}.s-accepted").count() == 1 and page.locator(f"#{second}.s-rejected").count() == 1
    shown = preview(page)
    rejected_text = text[m2.start:m2.end]
    assert rejected_text in shown  # a rejected mention stays in clear
    page.screenshot(path=str(SHOTS / "review-screen.png"))

    # the missed name: select it, the screen offers the other occurrences (exact and fuzzy)
    select_text(page, MISSED)
    offer = page.inner_text("#inspector")
    assert "and the 3 other occurrences" in offer and "fuzzy" in offer
    page.select_option("#add-label", "PERSON")
    page.locator("#add-form li", has_text="fuzzy").locator("input").uncheck()  # Okafore: do it separately
    page.screenshot(path=str(SHOTS / "review-add-occurrences.png"))
    page.click("#add-submit")
    page.wait_for_selector("#inspector[data-mode=entity]")
    wait_idle(page)
    added = Mention.objects.filter(document=hearing, origin="manual")
    assert sorted(text[m.start:m.end] for m in added) == ["Okafor"] * 3
    assert len({m.entity_id for m in added}) == 1 and all(m.status == "accepted" for m in added)
    assert "Okafor," not in preview(page)

    # the misspelling becomes its own entity, then is merged into the first
    select_text(page, "Okafore")
    page.click("#add-submit")
    page.wait_for_selector("#inspector[data-mode=entity]")
    wait_idle(page)
    okafore = Mention.objects.get(document=hearing, start=text.index("Okafore"))
    okafor_entity = added.first().entity_id
    assert okafore.entity_id != okafor_entity
    page.select_option("#merge-select", str(okafor_entity))
    page.click("#inspector form[action$='/merge/'] button")
    wait_idle(page)
    okafore.refresh_from_db()
    assert okafore.entity_id == okafor_entity
    assert "Okafor" not in preview(page)

    # rename the tag of the merged entity
    page.click(f"#e{okafor_entity} a.ent-name")
    page.wait_for_selector(f"#inspector[data-mode=entity][data-e='{okafor_entity}']")
    page.fill("#rename-input", "counselor")
    page.press("#rename-input", "Enter")
    wait_idle(page)
    assert hearing.entities.get(pk=okafor_entity).tag == "[COUNSELOR]"
    assert preview(page).count("[COUNSELOR]") == 4
    page.click(f"#e{okafor_entity} a.ent-name")
    page.wait_for_selector(f"#inspector[data-mode=entity][data-e='{okafor_entity}']")
    page.screenshot(path=str(SHOTS / "review-entity.png"))

    # "Mark done" is refused while anything is pending; decide the rest with the keyboard
    assert page.locator("#mark-done[disabled]").count() == 1
    page.click("#transcript")
    for _ in range(total):
        if not Mention.objects.filter(document=hearing, status="pending").exists():
            break
        page.keyboard.press("j")
        page.keyboard.press("a")
        wait_idle(page)
    assert not Mention.objects.filter(document=hearing, status="pending").exists()
    assert page.locator("#mark-done:not([disabled])").count() == 1
    final = preview(page)
    for name in ("Kevin Richardson", "RUFF", "Maria Lopez", "Okafor", "STEVENSON"):
        assert final.count(name) == (1 if name == rejected_text else 0), name  # only the rejected one stays
    page.keyboard.press("Escape")
    page.keyboard.press("p")
    page.wait_for_selector("#transcript.preview")
    page.screenshot(path=str(SHOTS / "review-pseudonymized.png"))
    page.click("#mark-done")
    page.wait_for_selector(".badge-submitted")
    hearing.refresh_from_db()
    assert hearing.status == Document.Status.SUBMITTED
    assert hearing.decisions.filter(action="submit", user__username="annotator1").exists()
    assert page.locator("#approve").count() == 0  # four-eyes: the annotator cannot approve their own work

    # the second look: a reviewer approves
    reviewer = django_user_model.objects.create_user("reviewer1", password="a-long-test-password")
    reviewer.groups.add(reviewer_group())
    second = browser.new_page()
    second.on("dialog", lambda dialog: dialog.accept())
    login(second, live_server, "reviewer1")
    second.click(f"text={hearing.title}")
    second.wait_for_selector("#approve")
    second.click("#approve")
    second.wait_for_selector(".badge-approved")
    hearing.refresh_from_db()
    assert hearing.status == Document.Status.APPROVED and hearing.approved_by == reviewer
    second.close()
