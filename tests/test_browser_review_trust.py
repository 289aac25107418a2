"""The human stays in charge on the review screen, in headless Chromium (issue #44, items 1-3).

* a bulk accept acts on exactly the set panel B shows, however its filters were set (the form
  in the page, the URL), says which set, and is refused when the set on the server differs;
* reading progress is evidence of reading: wheel-scrolling past lines does not count them,
  stepping through them or leaving them in view long enough at a fast reading pace does;
* the second look states the mentions nobody looked at on its first line and on *Approve*,
  which asks for an acknowledgement recorded in the history.
"""
from __future__ import annotations

import bisect

import pytest

from review import services
from review.models import Decision, Document
from review.services.reading import parse_ranges

from .test_browser_bulk import hearing, open_review, statuses  # noqa: F401  (fixture)
from .test_browser_review import login, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _bulk_label(page) -> str:
    page.wait_for_function("() => { const b = document.querySelector('#accept-shown'); return b && !b.disabled; }")
    return page.inner_text("#accept-shown")


@pytest.mark.parametrize(("field", "value", "label", "shown"), [
    ("label", "DATE", "Accept 2 pending shown (label DATE)", {"DATE": ["accepted"] * 2, "PERSON": ["pending"] * 7}),
    ("q", "maria", "Accept 2 pending shown (name “maria”)",
     {"PERSON": ["accepted"] * 2 + ["pending"] * 5, "DATE": ["pending"] * 2}),
])
def test_it_accepts_in_bulk_exactly_what_panel_b_shows_however_its_filter_was_set(
        live_server, page, hearing, field, value, label, shown):
    login(page, live_server)
    open_review(page, live_server, hearing)
    assert _bulk_label(page) == "Accept 11 pending shown (no filter)"
    if field == "q":
        page.fill("#filters input[name=q]", value)
    else:
        page.select_option(f"#filters select[name={field}]", value)
    page.wait_for_function(f"() => document.querySelector('#accept-shown').textContent.includes({label!r})")
    assert _bulk_label(page) == label
    assert label.split("(")[1].rstrip(")") in page.inner_text("#accept-shown-form label")  # the confirmation says it too
    assert f"{field}={value}" in page.url  # a reload (and every action's answer) keeps the set
    page.check("#accept-shown-confirm")
    page.click("#accept-shown")
    wait_idle(page)
    for name, expected in shown.items():
        assert statuses(hearing, name) == sorted(expected)
    assert "Accepted 2 pending mentions" in page.inner_text("#flash")

    page.reload()  # the same set after a reload: nothing of it is left pending
    page.wait_for_function("() => window.reviewReady !== undefined")
    assert page.locator("#accept-shown").count() == 0 or "(no filter)" not in page.inner_text("#accept-shown")


@pytest.mark.parametrize(("field", "value", "visible"), [
    ("certainty", "3", 0), ("certainty", "2", 9), ("source", "spacy", 0), ("source", "rule", 9),
])
def test_it_hides_in_panel_b_the_entities_its_certainty_and_source_filters_leave_out(
        live_server, page, hearing, field, value, visible):
    login(page, live_server)
    open_review(page, live_server, hearing)
    shown = "() => Array.from(document.querySelectorAll('#entity-groups li.ent')).filter((li) => !li.hidden).length"
    total = page.evaluate(shown)
    if field == "source":
        page.fill("#filters input[name=source]", value)
    else:
        page.select_option("#filters select[name=certainty]", value)
    page.wait_for_function(f"() => location.search.includes('{field}={value}')")
    wait_idle(page)
    assert page.evaluate(shown) == (total if visible else 0), total  # the hearing's mentions are all certainty 2, rule
    page.reload()  # the server's list under the same filter (the URL keeps it)
    page.wait_for_function("() => window.reviewReady !== undefined")
    assert page.evaluate(shown) == (total if visible else 0)


def test_it_refuses_a_bulk_accept_when_the_set_on_the_server_differs(live_server, page, hearing, django_user_model):
    login(page, live_server)
    open_review(page, live_server, hearing)
    page.select_option("#filters select[name=label]", "DATE")
    page.wait_for_function("() => document.querySelector('#accept-shown').textContent.includes('label DATE')")
    date = hearing.mentions.filter(label="DATE").order_by("start").first()
    other = django_user_model.objects.create_user("annotator2", password="a-long-test-password")
    services.set_mention_status(hearing.pk, Document.objects.get(pk=hearing.pk).version, other, date.pk, "rejected")
    page.check("#accept-shown-confirm")
    page.click("#accept-shown")
    wait_idle(page)
    assert statuses(hearing, "DATE") == ["pending", "rejected"]  # nothing accepted: the set changed meanwhile
    assert statuses(hearing, "PERSON") == ["pending"] * 7


# ---------------------------------------------------------------- 2. reading is evidence of reading

LONG_LINES = 240


@pytest.fixture
def long_hearing(django_user_model):
    """240 lines of ten words; every sixth line names Fresno (a pending LOCATION)."""
    from anonymizer.types import Analysis, Entity, Mention, Transcript
    from review.models import Corpus

    user = django_user_model.objects.create_user("annotator1", password="a-long-test-password")
    lines = [(f"INMATE WITNESS: I drove to Fresno that day, line {n}." if n % 6 == 0
              else f"INMATE WITNESS: we talked about the program for line {n}.") for n in range(1, LONG_LINES + 1)]
    text = "\n".join(lines) + "\n"
    corpus = Corpus.objects.create(name="Parole hearings")
    document = Document.objects.create(corpus=corpus, title="hearing-long", original_name="long.txt",
                                       original=text.encode(), assignee=user)
    mentions, at = [], 0
    for line in lines:
        if "Fresno" in line:
            start = at + line.index("Fresno")
            mentions.append(Mention(start, start + 6, "LOCATION", ("rule",), confidence=2, entity=0))
        at += len(line) + 1
    services.apply_analysis(document, Analysis(Transcript("long.txt", text), tuple(mentions),
                                               (Entity(0, "LOCATION", "CITY", "Fresno"),)))
    document.refresh_from_db()
    return document


def _lines_read(page) -> int:
    return int(page.inner_text("#reading-lines"))


def test_it_counts_lines_stepped_to_or_long_enough_in_view_not_lines_scrolled_past(live_server, page, long_hearing):
    from review.services.diff import unseen_mentions

    login(page, live_server)
    open_review(page, live_server, long_hearing)
    assert "600 words a minute" in page.inner_text("#reading-rule")  # the rule is stated beside the counter

    # wheel-scrolling the whole transcript in about three seconds counts (next to) nothing
    page.hover("#panel-a")
    for _ in range(30):
        page.mouse.wheel(0, 400)
        page.wait_for_timeout(100)
    page.wait_for_timeout(1200)
    scrolled = _lines_read(page)
    assert scrolled < LONG_LINES // 4
    assert page.is_hidden("#accept-rest-form")

    # lines left in view long enough for their ten words at 600 a minute (a second each) count
    page.evaluate("document.querySelector('#panel-a').scrollTop = 0")
    page.wait_for_function(f"() => Number(document.querySelector('#reading-lines').textContent) >= {scrolled + 5}",
                           timeout=15000)

    # stepping through mentions (j) counts each mention's line, however fast
    before = _lines_read(page)
    page.keyboard.press("Escape")
    for _ in range(12):
        page.keyboard.press("j")
        page.wait_for_timeout(60)
    page.wait_for_function(f"() => Number(document.querySelector('#reading-lines').textContent) >= {before + 8}")
    assert page.is_hidden("#accept-rest-form")
    refused = services.ActionError
    with pytest.raises(refused, match="Read every line first"):
        services.accept_rest(long_hearing.pk, Document.objects.get(pk=long_hearing.pk).version,
                             long_hearing.assignee)

    # a bulk accept now: "never looked at" lists exactly the mentions on lines not read by the same rule
    page.check("#accept-shown-confirm")
    page.click("#accept-shown")
    wait_idle(page)
    decision = Decision.objects.get(document=long_hearing, action="accept_pending")
    seen = parse_ranges(decision.after["seen_lines"], LONG_LINES)  # what had been read when accepting
    assert len(seen) >= before + 8
    starts = [0] + [i + 1 for i, c in enumerate(long_hearing.text) if c == "\n"]
    expected = {m.pk for m in long_hearing.mentions.all() if bisect.bisect_right(starts, m.start) not in seen}
    assert expected and unseen_mentions(long_hearing) == expected


# ---------------------------------------------------------------- 3. the unseen is not buried


def test_it_states_the_unseen_first_and_approve_asks_to_acknowledge_it(live_server, page, long_hearing,
                                                                        django_user_model):
    annotator = long_hearing.assignee
    services.mark_read(long_hearing.pk, annotator, 60)  # read the first 60 lines, then accepted the rest in bulk
    services.accept_pending(long_hearing.pk, Document.objects.get(pk=long_hearing.pk).version, annotator)
    services.submit(long_hearing.pk, Document.objects.get(pk=long_hearing.pk).version, annotator)
    unseen = LONG_LINES // 6 - 60 // 6  # the Fresno lines beyond line 60
    django_user_model.objects.create_user("reviewer1", password="a-long-test-password", is_staff=True)

    login(page, live_server, "reviewer1")
    open_review(page, live_server, long_hearing)
    first = page.inner_text("#unseen-first")
    assert f"{unseen} mentions decided in bulk were never looked at" in first
    assert f"{unseen} never looked at" in page.inner_text("#changes-box summary")
    page.click("#changes-box summary")
    page.wait_for_selector("#changes-counts")
    assert page.inner_text("#changes-counts").startswith(f"{unseen} never looked at")
    assert page.inner_text("#approve") == f"Approve ({unseen} never looked at)"

    # Approve asks for the acknowledgement (the box is required; the server refuses without it)
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#approve")
    page.wait_for_timeout(300)
    assert Document.objects.get(pk=long_hearing.pk).status == Document.Status.SUBMITTED
    page.check("#approve-unseen")
    page.click("#approve")
    page.wait_for_function("() => !document.querySelector('#approve')", timeout=10000)
    approved = Document.objects.get(pk=long_hearing.pk)
    assert approved.status == Document.Status.APPROVED
    decision = Decision.objects.get(document=long_hearing, action="approve")
    assert decision.after == {"unseen_acknowledged": unseen}
    assert f"acknowledging {unseen} mention(s) decided in bulk never looked at" in decision.summary


# ---------------------------------------------------------------- also found: keys, boundaries, preview


def test_it_applies_a_label_with_enter_moves_on_and_undoes_from_the_list_and_keeps_handles_in_the_panel(
        live_server, page, hearing):
    from review.models import Mention as MentionRow

    login(page, live_server)
    open_review(page, live_server, hearing)
    maria = hearing.mentions.get(start=hearing.text.index("Maria Lopez"))
    page.click(f"#m{maria.pk}")
    page.wait_for_selector(f"#inspector[data-mode=mention][data-m='{maria.pk}']")

    # the boundaries editor: word-level handles inside panel B (nothing wider than the panel)
    assert page.locator("#boundaries input[type=number]").count() == 0
    assert page.evaluate("() => { const b = document.querySelector('#boundaries').getBoundingClientRect(),"
                         " p = document.querySelector('#panel-b').getBoundingClientRect(); return b.right <= p.right + 1; }")
    assert page.evaluate("() => document.querySelector('#panel-b').scrollWidth <= document.querySelector('#panel-b').clientWidth + 1")

    # l focuses the label list; Enter applies the label chosen there
    page.keyboard.press("Escape")
    page.keyboard.press("l")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'relabel-select'")
    page.select_option("#relabel-select", "LOCATION")
    page.keyboard.press("Enter")
    wait_idle(page)
    maria.refresh_from_db()
    assert maria.label == "LOCATION"

    # from the list, j moves on to the next pending mention and u undoes
    page.click(f"#m{maria.pk}")
    page.wait_for_selector(f"#inspector[data-mode=mention][data-m='{maria.pk}']")
    page.keyboard.press("Escape")
    page.keyboard.press("l")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'relabel-select'")
    page.keyboard.press("j")
    page.wait_for_function(f"() => {{ const c = document.querySelector('#transcript mark.cur'); return c && c.id !== 'm{maria.pk}'; }}")
    page.keyboard.press("l")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'relabel-select'")
    page.keyboard.press("u")
    wait_idle(page)
    assert MentionRow.objects.get(pk=maria.pk).label == "PERSON"

    # the pseudonymized preview: tags only, no label prefix drawn before them
    page.keyboard.press("Escape")
    page.keyboard.press("p")
    page.wait_for_selector("#transcript.preview mark.p")
    prefixes = page.evaluate("() => Array.from(document.querySelectorAll('#transcript.preview mark.p'))"
                             ".map((m) => getComputedStyle(m, '::before').content).filter((c) => c && c !== 'none')")
    assert prefixes == []
