"""Bulk confirmation, boundaries, undo, fast keys and a stale page, in headless Chromium (issue #12).

* accept every pending mention shown under a filter: the screen states the count, the post
  accepts exactly those; one undo (``u``) reverts the whole bulk action;
* trim a mention's boundaries from panel B; move a ticked occurrence to another entity (and undo);
* ``j`` then ``A`` 30 ms later while another entity is open in panel B acts on the entity of
  the highlighted mention;
* a page left open after the document was reassigned shows the refusal, not the last success.
"""
from __future__ import annotations

import pytest

from anonymizer.types import Analysis, Entity, Mention, Transcript
from review import services
from review.models import Corpus, Document, Mention as MentionRow

from .test_browser_review import login, wait_idle
from tests.textspans import nth_span

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEXT = ("PRESIDING COMMISSIONER RUFF: Mr. Kevin Richardson was born March 3, 1970.\n"
        "INMATE RICHARDSON: Yes, in Fresno. My sister Maria Lopez lives in Fresno.\n"
        "PRESIDING COMMISSIONER RUFF: And you came back on March 4, 1971?\n"
        "INMATE RICHARDSON: Yes. Maria visits.\n")
SPECS = [  # (surface, nth, label, entity)
    ("RUFF", 0, "PERSON", 0), ("Mr. Kevin Richardson", 0, "PERSON", 1), ("March 3, 1970", 0, "DATE", 2),
    ("RICHARDSON", 0, "PERSON", 1), ("Fresno", 0, "LOCATION", 3), ("Maria Lopez", 0, "PERSON", 4),
    ("Fresno", 1, "LOCATION", 3), ("RUFF", 1, "PERSON", 0), ("March 4, 1971", 0, "DATE", 5),
    ("RICHARDSON", 1, "PERSON", 1), ("Maria", 1, "PERSON", 4),
]
ENTITIES = [Entity(0, "PERSON", "PERSON", "Ruff"), Entity(1, "PERSON", "PERSON", "Kevin Richardson"),
            Entity(2, "DATE", "DATE", "March 3, 1970"), Entity(3, "LOCATION", "CITY", "Fresno"),
            Entity(4, "PERSON", "PERSON", "Maria Lopez"), Entity(5, "DATE", "DATE", "March 4, 1971")]


def _span(needle: str, nth: int) -> tuple[int, int]:
    return nth_span(TEXT, needle, nth)


@pytest.fixture
def hearing(django_user_model):
    user = django_user_model.objects.create_user("annotator1", password="a-long-test-password")
    corpus = Corpus.objects.create(name="Parole hearings")
    document = Document.objects.create(corpus=corpus, title="hearing-0012", original_name="h.txt",
                                       original=TEXT.encode(), assignee=user)
    mentions = sorted((Mention(*_span(s, n), label, ("rule",), confidence=2, entity=e) for s, n, label, e in SPECS),
                      key=lambda m: m.start)
    services.apply_analysis(document, Analysis(Transcript("h.txt", TEXT), tuple(mentions), tuple(ENTITIES)))
    document.refresh_from_db()
    return document


def statuses(document, label: str) -> list[str]:
    return sorted(document.mentions.filter(label=label).values_list("status", flat=True))


def open_review(page, live_server, document, query: str = "") -> None:
    page.goto(f"{live_server.url}/documents/{document.pk}/{query}")
    page.wait_for_selector("#transcript mark.m")
    page.wait_for_function("() => window.reviewReady !== undefined")


def test_it_confirms_trims_undoes_acts_fast_and_refuses_on_a_stale_page(live_server, page, hearing,
                                                                        django_user_model):
    login(page, live_server)

    # bulk confirm: the screen states how many pending mentions the filter shows; exactly those are accepted
    open_review(page, live_server, hearing, "?label=DATE")
    assert page.inner_text("#accept-shown-count") == "2"
    page.check("#accept-shown-confirm")
    page.click("#accept-shown")
    wait_idle(page)
    assert statuses(hearing, "DATE") == ["accepted", "accepted"]
    assert statuses(hearing, "PERSON") == ["pending"] * 7
    assert "Accepted 2 pending mentions" in page.inner_text("#flash")

    # one undo reverts the whole bulk action
    page.keyboard.press("Escape")
    page.keyboard.press("u")
    wait_idle(page)
    assert statuses(hearing, "DATE") == ["pending", "pending"]
    assert "Undid: Accepted 2 pending mentions" in page.inner_text("#flash")

    # trim: "Mr. Kevin Richardson" loses its title, and is accepted
    long = hearing.mentions.get(start=_span("Mr. Kevin Richardson", 0)[0])
    page.click(f"#m{long.pk}")
    page.wait_for_selector(f"#inspector[data-mode=mention][data-m='{long.pk}']")
    page.click("#resize-trim-start")  # a word-level handle: no character offsets to type
    wait_idle(page)
    long.refresh_from_db()
    assert (TEXT[long.start:long.end], long.status) == ("Kevin Richardson", "accepted")

    # j then A 30 ms later, with another entity open in panel B: the highlighted mention's entity is accepted
    fresno = hearing.entities.get(name="Fresno")
    open_review(page, live_server, hearing)  # the whole entity list (no label filter)
    page.click(f"#e{fresno.pk} a.ent-name")
    page.wait_for_selector(f"#inspector[data-mode=entity][data-e='{fresno.pk}']")
    page.keyboard.press("j")
    page.wait_for_timeout(30)
    page.keyboard.press("A")
    wait_idle(page)
    highlighted = MentionRow.objects.get(pk=page.evaluate("document.querySelector('#transcript mark.cur').id.slice(1)"))
    assert highlighted.entity_id != fresno.pk
    assert set(hearing.mentions.filter(entity=highlighted.entity_id).values_list("status", flat=True)) == {"accepted"}
    assert statuses(hearing, "LOCATION") == ["pending", "pending"]  # the entity open in panel B is untouched
    assert "everywhere" in page.inner_text("#flash")

    # panel B: tick an occurrence of an entity and move it to another entity in one action (htmx, form= boxes)
    maria, ruff = hearing.entities.get(name="Maria Lopez"), hearing.entities.get(name="Ruff")
    short = hearing.mentions.get(start=_span("Maria", 1)[0])
    page.click(f"#e{maria.pk} a.ent-name")
    page.wait_for_selector(f"#inspector[data-mode=entity][data-e='{maria.pk}']")
    page.check(f"#inspector input[name=mention][value='{short.pk}']")
    page.select_option("#move-ticked-into", str(ruff.pk))
    page.click("#move-ticked button")
    wait_idle(page)
    short.refresh_from_db()
    assert short.entity_id == ruff.pk and "Moved 1 ticked mention(s)" in page.inner_text("#flash")
    page.keyboard.press("Escape")
    page.keyboard.press("u")
    wait_idle(page)
    short.refresh_from_db()
    assert short.entity_id == maria.pk

    # the document is reassigned meanwhile: the stale page shows the refusal, not the last success
    success = page.inner_text("#flash")
    assert success.startswith("Undid")
    other = django_user_model.objects.create_user("annotator2", password="a-long-test-password")
    admin = django_user_model.objects.create_user("admin1", password="a-long-test-password", is_staff=True)
    services.assign([hearing.pk], other, admin)
    before = dict(hearing.mentions.values_list("pk", "status"))
    page.keyboard.press("Escape")
    page.keyboard.press("j")
    page.keyboard.press("a")
    page.wait_for_function("() => document.querySelector('#flash').classList.contains('error')")
    refusal = page.inner_text("#flash")
    assert "no longer change this document" in refusal and success not in refusal
    assert dict(hearing.mentions.values_list("pk", "status")) == before
