"""The whole team process in the browser: an admin imports a hearing PDF, assigns it, the
annotator reviews it with the keyboard and marks it done, a reviewer approves it, and the
admin exports the corpus — which passes the leak gate — and opens the archive."""
from __future__ import annotations

import json
import re
import zipfile

import pytest

from fixtures.generate import generate_hearing, write_pdf
from review import jobs, pipelines
from review.models import Corpus, Document, Export, Mention
from review.permissions import reviewer_group

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-test-password"


def login(browser, live_server, username: str):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.set_default_timeout(20000)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_selector("table.documents, p.empty")
    return page


def wait_idle(page):
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    page.wait_for_timeout(50)


def select_span(page, start: int, end: int) -> None:
    """Select document offsets start:end in panel A as a mouse drag would, then press x."""
    wait_idle(page)  # no earlier response may replace the inspector after x
    page.evaluate("document.activeElement && document.activeElement.blur()")  # keys act on panel A
    page.evaluate(
        """([start, end]) => {
          const lines = [...document.querySelectorAll("#transcript .line")];
          const line = lines.filter(l => Number(l.dataset.o) <= start).pop();
          let offset = Number(line.dataset.o);
          const walker = document.createTreeWalker(line.querySelector(".tx"), NodeFilter.SHOW_TEXT);
          const range = document.createRange();
          let node;
          while ((node = walker.nextNode())) {
            const next = offset + node.data.length;
            if (offset <= start && start < next) range.setStart(node, start - offset);
            if (offset < end && end <= next) { range.setEnd(node, end - offset); break; }
            offset = next;
          }
          const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(range);
        }""",
        [start, end],
    )
    page.keyboard.press("x")
    page.wait_for_selector("#inspector[data-mode=add]")  # the add form with its occurrence offer


def uncovered(document, gold: list[dict]) -> list[dict]:
    """Gold spans of names, ids, places and organizations with a letter no mention covers yet."""
    covered: set[int] = set()
    for s, e in document.mentions.exclude(status="rejected").values_list("start", "end"):
        covered.update(range(s, e))
    text = document.text
    return [  # a letter or digit of the gold span that no mention covers (two adjacent mentions may share it)
        g for g in gold
        if g["label"] not in ("DATE", "TIME", "AGE", "HEIGHT")
        and any(text[i].isalnum() and i not in covered for i in range(g["start"], g["end"]))
    ]


def test_it_takes_a_corpus_from_import_through_two_reviews_to_a_clean_export(
    live_server, browser, django_user_model, pipeline, monkeypatch, settings, tmp_path
):
    settings.JOBS_INLINE = True
    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True, is_superuser=True)
    annotator = django_user_model.objects.create_user("annotator1", password=PASSWORD)
    reviewer = django_user_model.objects.create_user("reviewer1", password=PASSWORD)
    reviewer.groups.add(reviewer_group())
    corpus = Corpus.objects.create(name="Demo parole hearings")
    hearing = generate_hearing("hearing_e2e", seed=4242, words=2500, layout="new")
    pdf = tmp_path / "hearing_e2e.pdf"
    write_pdf(hearing, pdf)

    # 1. the admin imports the PDF; the automatic pass runs (inline: no Redis in tests)
    admin = login(browser, live_server, "admin")
    admin.click("nav >> text=Import")
    admin.select_option("#id_corpus", str(corpus.pk))
    admin.set_input_files("input[type=file]", str(pdf))
    admin.click("button.primary")
    admin.wait_for_selector("text=1 document(s) imported")
    document = Document.objects.get(corpus=corpus)
    assert document.status == Document.Status.READY, document.failure_reason
    assert document.text == hearing.text  # the PDF came back as the generator's normalized text
    assert document.mentions.count() > 100

    # 2. ... and assigns it to the annotator
    admin.check(f"input[name=documents][value='{document.pk}']")
    admin.select_option("#id_assignee", str(annotator.pk))
    admin.click("#assign-form button[name=assign]")
    admin.wait_for_selector(f"#doc-{document.pk} >> text=annotator1")
    document.refresh_from_db()
    assert document.assignee == annotator

    # 3. the annotator decides every entity with the keyboard (j: next pending, A/R: accept/reject entity)
    page = login(browser, live_server, "annotator1")
    page.click(f"text={document.title}")
    page.wait_for_selector("#transcript mark.m")
    page.click("#transcript")
    for _ in range(document.entities.count() + 5):
        if not Mention.objects.filter(document=document, status="pending").exists():
            break
        page.keyboard.press("j")
        focused = page.evaluate("document.activeElement && document.activeElement.id") or ""
        mention = Mention.objects.filter(pk=int(focused[1:])).first() if focused.startswith("m") else None
        real = mention is None or any(g["start"] < mention.end and mention.start < g["end"] for g in hearing.annotations)
        page.keyboard.press("A" if real else "R")  # a careful annotator: names in, false detections out
        wait_idle(page)
    assert not Mention.objects.filter(document=document, status="pending").exists()
    # ... rejects one name by mistake (r on the focused mark), so that something is missing ...
    name = next(g for g in hearing.annotations if g["label"] == "PERSON" and g["start"] > 2000)
    wrong = document.mentions.filter(start__lt=name["end"], end__gt=name["start"]).order_by("start").first()
    page.click(f"#m{wrong.pk}")
    page.keyboard.press("r")
    wait_idle(page)
    wrong.refresh_from_db()
    assert wrong.status == "rejected"
    # ... and adds what is missing: select it, add it with its other occurrences
    for _ in range(30):
        missed = uncovered(document, hearing.annotations)
        if not missed:
            break
        select_span(page, missed[0]["start"], missed[0]["end"])
        page.wait_for_selector("#add-label, #resize-to-selection")
        if page.locator("#add-label").count():
            page.select_option("#add-label", missed[0]["label"])
            page.click("#add-submit")
            page.wait_for_selector("#inspector[data-mode=entity]")
        else:  # a live mention covers part of it: set its boundaries to the selection
            page.click("#resize-to-selection button")
        wait_idle(page)
    assert uncovered(document, hearing.annotations) == []
    assert document.mentions.filter(origin="manual").exists()
    page.click("#mark-done")
    page.wait_for_selector(".badge-submitted")
    document.refresh_from_db()
    assert document.status == Document.Status.SUBMITTED and document.submitted_by == annotator

    # 4. the reviewer gives the second look and approves
    second = login(browser, live_server, "reviewer1")
    second.click(f"text={document.title}")
    if second.locator("#approve-unseen").count():  # entity-wide accepts reached lines nobody read: acknowledged
        second.check("#approve-unseen")
    second.click("#approve")
    second.wait_for_selector(".badge-approved")
    document.refresh_from_db()
    assert document.status == Document.Status.APPROVED and document.approved_by == reviewer

    # 5. the admin exports: the leak gate passes, the archive opens as documented
    admin.click("nav >> text=Export")
    admin.click(f"text=Exports of {corpus.name}")
    admin.click("#start-export button")
    row = admin.locator("table.exports tbody tr").first
    row.locator(".badge-done, .badge-blocked").first.wait_for()
    export = Export.objects.get()
    assert export.status == Export.Status.DONE, f"leak gate: {export.leaks}"  # synthetic data: safe to show
    with admin.expect_download() as info:
        row.locator("a.download-archive").click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        manifest = json.loads(archive.read("manifest.json"))
        text = archive.read(manifest["documents"][0]["file"]).decode()
    assert {"manifest.json", "annotations.json", "stats.json", "stats.csv"} <= names
    assert manifest["documents"][0]["id"] == "hearing_0001"  # neutral, never the title
    assert manifest["documents"][0]["approved_by"] == "reviewer1"
    gold_people = {a["preview"] for a in hearing.annotations if a["label"] in ("PERSON", "CDCR_ID")}
    leaked = sorted(name for name in gold_people if re.search(rf"\b{re.escape(name)}\b", text))
    assert leaked == [], f"gold names left in the export: {leaked}"  # synthetic data: safe to show
    for p in (admin, page, second):
        p.close()
