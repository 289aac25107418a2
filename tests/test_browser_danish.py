"""A Danish corpus in the browser: the admin creates it with the corpus form's Language field, imports a court
order (a dom), the annotator sees it pre-annotated by the Danish pack on the review screen, whose own words stay
English, accepts the defendant's name with the keyboard and the rest after reading, and the export passes the
leak gate."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from review import exporting, pipelines, services
from review.models import Corpus, Document, Export
from tests.test_browser_e2e import PASSWORD, login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ORDER = Path(__file__).parent / "hand_da" / "tuned" / "dom_vold.txt"


@pytest.fixture(scope="module")
def danish_pipeline():
    from anonymizer.pipeline import Pipeline
    from anonymizer.types import Config

    return Pipeline(Config(language="da"))


def test_it_reviews_and_exports_a_danish_court_order_in_the_browser(
    live_server, browser, django_user_model, danish_pipeline, monkeypatch, settings, tmp_path
):
    settings.JOBS_INLINE = True
    settings.EXPORT_ROOT = tmp_path / "exports"
    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: danish_pipeline)
    admin_user = django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True, is_superuser=True)

    admin = login(browser, live_server, "admin")
    admin.goto(f"{live_server.url}/corpora/new/")
    admin.fill("#id_name", "Domme")
    admin.select_option("#id_language", "da")
    admin.click("button.primary >> text=Save")
    admin.wait_for_selector("text=Corpus Domme created.")
    corpus = Corpus.objects.get(name="Domme")
    assert corpus.language == "da"

    admin.click("nav >> text=Import")
    admin.select_option("#id_corpus", str(corpus.pk))
    admin.set_input_files("input[type=file]", str(ORDER))
    admin.click("button.primary")
    admin.wait_for_selector("text=1 document(s) imported")
    document = Document.objects.get(corpus=corpus)
    assert document.status == Document.Status.READY and document.language == "da", document.failure_reason

    admin.click(f"text={document.title}")
    admin.wait_for_selector("#transcript mark.m")
    assert admin.locator("#mark-done").count() == 1  # the UI's own words stay English
    name = document.mentions.get(start=document.text.index("Kasper Lindholm Vestergaard"))
    admin.click(f"#m{name.pk}")
    admin.wait_for_selector(f"#inspector[data-mode=mention][data-m='{name.pk}']")  # keys act on the open mention
    admin.keyboard.press("A")
    admin.wait_for_selector(f"#m{name.pk}.s-accepted")
    name.refresh_from_db()
    assert name.status == "accepted"

    document.refresh_from_db()
    services.accept_pending(document.pk, document.version, admin_user)
    Document.objects.filter(pk=document.pk).update(status=Document.Status.APPROVED, approved_by=admin_user)
    export = exporting.start_export(corpus, admin_user)
    exporting.run_export(export.pk)
    export.refresh_from_db()
    assert export.status == Export.Status.DONE, export.status
    with zipfile.ZipFile(export.archive_file) as archive:
        text = next(archive.read(n).decode() for n in archive.namelist() if n.startswith("text/"))
    assert "Kasper" not in text and "120394-2187" not in text and "[PERSON_1]" in text
    admin.close()
