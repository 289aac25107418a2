"""An admin creates a reviewer in headless Chromium, copies the one-time link, and the new user sets a password with it."""
from __future__ import annotations

import pytest

from review.models import UserAudit
from review.permissions import is_reviewer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-test-password"
NEW_PASSWORD = "rita-chose-this-one-7"


def log_in(page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")


def test_it_invites_a_reviewer_who_sets_a_password_with_the_one_time_link(live_server, page, django_user_model):
    django_user_model.objects.create_user("admin", password=PASSWORD, is_staff=True)
    log_in(page, live_server.url, "admin", PASSWORD)
    page.wait_for_selector("nav .who")
    page.click("nav >> text=Users")

    page.fill("#new-user [name=username]", "rita")
    page.select_option("#new-user [name=role]", "reviewer")
    page.click("#new-user button[type=submit]")
    page.click("#copy-link")
    assert page.inner_text("#copy-link") == "Copied"
    link = page.input_value("#one-time-link")
    assert "/users/set-password/" in link
    assert "Reviewer" in page.inner_text("#user-" + str(django_user_model.objects.get(username="rita").pk))
    assert "Invited" in page.inner_text("table.audit")
    page.click("nav >> text=Log out")
    page.wait_for_url("**/login/")

    page.goto(link)
    assert page.url.endswith("/set-password/") and link.rstrip("/").split("/")[-1] not in page.url  # token left the URL
    page.fill("[name=new_password1]", NEW_PASSWORD)
    page.fill("[name=new_password2]", NEW_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/login/")
    assert "Your password is set" in page.inner_text(".messages")

    log_in(page, live_server.url, "rita", NEW_PASSWORD)
    page.wait_for_selector("nav .who")
    assert "rita" in page.inner_text("nav .who")
    assert "Users" not in page.inner_text("nav")
    assert is_reviewer(django_user_model.objects.get(username="rita"))

    page.goto(link)  # the link worked once
    assert "no longer valid" in page.inner_text("main")
    assert list(UserAudit.objects.order_by("id").values_list("action", flat=True)) == ["invited", "password_set"]
