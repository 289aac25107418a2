"""Users and roles in the app (review/services/users.py, review/views/users.py): create and invite, roles,
deactivation, one-time set-password links, last-admin protection and the audit trail."""
from __future__ import annotations

import logging
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.urls import reverse

from review.services import users
from review.models import UserAudit
from review.permissions import is_admin, is_reviewer, reviewer_group, role_of

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"
NEW_PASSWORD = "another-long-password-9"
LINK = re.compile(r'id="one-time-link" value="([^"]+)"')


@pytest.fixture
def admin(django_user_model):
    return django_user_model.objects.create_user("boss", is_staff=True)


@pytest.fixture
def admin_client(client, admin):
    client.force_login(admin)
    return client


def make(username: str, role: str = "annotator", **extra):
    user = get_user_model().objects.create_user(username, is_staff=role == "admin", **extra)
    if role == "reviewer":
        user.groups.add(reviewer_group())
    return user


def fresh(user):
    return get_user_model().objects.get(pk=user.pk)


def link_in(response) -> str:
    match = LINK.search(response.content.decode())
    assert match, "no one-time link on the page"
    return match.group(1)


def texts(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def audit() -> list[tuple[str, str, str, str]]:
    return list(UserAudit.objects.order_by("id").values_list("action", "subject_name", "before", "after"))


# ---------------------------------------------------------------- create and invite


@pytest.mark.parametrize("role, admin_, reviewer", [
    ("annotator", False, False),
    ("reviewer", False, True),
    ("admin", True, False),
])
@pytest.mark.parametrize("password", ["", PASSWORD])
def test_it_creates_or_invites_a_user_with_a_role(admin_client, admin, role, admin_, reviewer, password):
    response = admin_client.post(reverse("review:user_create"),
                                 {"username": "newbie", "email": "n@example.org", "role": role, "password": password})

    user = get_user_model().objects.get(username="newbie")
    assert (is_admin(user), is_reviewer(user), role_of(user), user.is_active) == (admin_, reviewer, role, True)
    if password:  # created with a password: straight back to the list, no link
        assert response.status_code == 302
        assert user.check_password(password)
        assert audit() == [("created", "newbie", "", role)]
    else:  # invited: no usable password, the one-time link is on the page (once, not cached)
        assert response.status_code == 200
        assert not user.has_usable_password()
        assert "/users/set-password/" in link_in(response)
        assert "no-store" in response["Cache-Control"]
        assert audit() == [("invited", "newbie", "", role)]
    assert UserAudit.objects.get().actor == admin


@pytest.mark.parametrize("data, field", [
    ({"username": "boss", "role": "annotator"}, "username"),  # taken
    ({"username": "BOSS", "role": "annotator"}, "username"),  # taken, other case
    ({"username": "bad name!", "role": "annotator"}, "username"),
    ({"username": "x", "role": "owner"}, "role"),
    ({"username": "x", "role": "annotator", "password": "short"}, "password"),
])
def test_it_refuses_an_invalid_new_user(admin_client, data, field):
    response = admin_client.post(reverse("review:user_create"), data)

    assert response.status_code == 422
    assert field in response.context["form"].errors
    assert get_user_model().objects.count() == 1
    assert not UserAudit.objects.exists()


def test_it_lists_users_with_their_roles_and_the_audit(admin_client, admin):
    make("rita", "reviewer")
    make("anna", "annotator", is_active=False)
    users.set_role(admin, make("carl").pk, "admin")

    page = admin_client.get(reverse("review:users")).content.decode()

    assert all(name in page for name in ("rita", "anna", "carl", "deactivated", "Role changed"))
    assert "one-time-link" not in page  # a link is shown only in the answer to the POST that issued it


# ---------------------------------------------------------------- roles


@pytest.mark.parametrize("start, role, admin_, reviewer", [
    ("annotator", "reviewer", False, True),
    ("annotator", "admin", True, False),
    ("reviewer", "annotator", False, False),
    ("reviewer", "admin", True, False),
    ("admin", "reviewer", False, True),
    ("admin", "annotator", False, False),
])
def test_it_changes_roles_as_the_permissions_see_them(admin_client, start, role, admin_, reviewer):
    user = make("pat", start)

    response = admin_client.post(reverse("review:user_role", args=[user.pk]), {"role": role})

    assert response.status_code == 302
    user = fresh(user)
    assert (is_admin(user), is_reviewer(user), role_of(user)) == (admin_, reviewer, role)
    assert audit() == [("role_changed", "pat", start, role)]


def test_it_demotes_a_superuser_for_good(admin):
    root = get_user_model().objects.create_superuser("root", password=None)
    users.set_role(admin, root.pk, "annotator")
    assert not is_admin(fresh(root))


def test_it_writes_no_audit_row_when_the_role_stays(admin):
    assert users.set_role(admin, make("pat", "reviewer").pk, "reviewer") is False
    assert not UserAudit.objects.exists()


# ---------------------------------------------------------------- deactivate


def test_it_blocks_login_of_a_deactivated_user_and_ends_their_session(admin_client):
    from django.test import Client

    user = make("pat", password=PASSWORD)
    theirs = Client()
    theirs.force_login(user)

    admin_client.post(reverse("review:user_deactivate", args=[user.pk]))

    assert not fresh(user).is_active
    assert not Client().login(username="pat", password=PASSWORD)
    assert theirs.get(reverse("review:documents")).status_code == 302  # back to the login page
    admin_client.post(reverse("review:user_reactivate", args=[user.pk]))
    assert Client().login(username="pat", password=PASSWORD)
    assert [a for a, *_ in audit()] == ["deactivated", "reactivated"]


# ---------------------------------------------------------------- last admin


@pytest.mark.parametrize("url, data", [
    ("review:user_role", {"role": "reviewer"}),
    ("review:user_role", {"role": "annotator"}),
    ("review:user_deactivate", {}),
])
def test_it_never_removes_the_last_active_admin(admin_client, admin, url, data):
    make("gone", "admin", is_active=False)  # an inactive admin does not count

    response = admin_client.post(reverse(url, args=[admin.pk]), data, follow=True)

    assert "last active admin" in " ".join(texts(response))
    admin = fresh(admin)
    assert (is_admin(admin), admin.is_active) == (True, True)
    assert not UserAudit.objects.exists()


def test_it_lets_an_admin_go_when_another_admin_remains(admin_client, admin):
    other = make("deputy", "admin")

    admin_client.post(reverse("review:user_deactivate", args=[other.pk]))
    assert not fresh(other).is_active
    with pytest.raises(users.Refused):  # now the boss is the last one
        users.set_role(admin, admin.pk, "annotator")
    users.reactivate(admin, other.pk)
    response = admin_client.post(reverse("review:user_role", args=[admin.pk]), {"role": "reviewer"})
    assert response["Location"] == reverse("review:documents")  # the users page is closed to them now
    assert role_of(fresh(admin)) == "reviewer"


# ---------------------------------------------------------------- one-time links


def test_it_sets_a_password_once_through_the_link(admin_client, client):
    from django.test import Client

    user = make("pat", password=PASSWORD)
    link = link_in(admin_client.post(reverse("review:user_reset_link", args=[user.pk])))
    visitor = Client()

    first = visitor.get(link)
    assert first.status_code == 302 and "set-password/" in first["Location"]
    assert first["Location"].split("/")[-2] == "set-password"  # the token left the URL
    form = visitor.get(first["Location"])
    assert form.status_code == 200 and "pat" in form.content.decode()
    done = visitor.post(first["Location"], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302 and done["Location"] == reverse("login")

    assert Client().login(username="pat", password=NEW_PASSWORD)
    assert not Client().login(username="pat", password=PASSWORD)
    for again in (Client().get(link), visitor.get(first["Location"]),
                  visitor.post(first["Location"], {"new_password1": "x" * 12, "new_password2": "x" * 12})):
        assert again.status_code == 200 and "no longer valid" in again.content.decode()
    assert fresh(user).check_password(NEW_PASSWORD)
    assert [a for a, *_ in audit()] == ["link_issued", "password_set"]


def test_it_keeps_the_link_working_until_the_passwords_match(client, admin):
    user = make("pat")
    link = users.issue_link(admin, user.pk).path()
    form_url = client.get(link)["Location"]

    mismatch = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD + "!"})
    assert mismatch.status_code == 200 and mismatch.context["form"].errors
    assert client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}).status_code == 302


@pytest.mark.parametrize("spoil", ["deactivated", "expired", "logged_in", "other_password", "tampered"])
def test_it_refuses_a_spoiled_link(client, admin, settings, spoil):
    from django.contrib.auth.signals import user_logged_in

    user = make("pat", password=PASSWORD)
    link = users.issue_link(admin, user.pk)
    if spoil == "deactivated":
        users.deactivate(admin, user.pk)
    elif spoil == "expired":
        settings.PASSWORD_RESET_TIMEOUT = -1
    elif spoil == "logged_in":
        user_logged_in.send(sender=type(user), request=None, user=user)  # updates last_login
    elif spoil == "other_password":
        user.set_password(NEW_PASSWORD)
        user.save()
    else:
        link = users.OneTimeLink(link.uidb64, link.token[:-1] + ("a" if link.token[-1] != "a" else "b"))

    response = client.get(link.path())

    assert response.status_code == 200 and "no longer valid" in response.content.decode()
    assert not users.set_password_by_link(link.uidb64, link.token, "whatever-long-9")


def test_it_issues_no_link_for_a_deactivated_user(admin_client):
    user = make("pat", is_active=False)
    response = admin_client.post(reverse("review:user_reset_link", args=[user.pk]), follow=True)
    assert "reactivate" in " ".join(texts(response))
    assert "one-time-link" not in response.content.decode()


def test_it_takes_a_csrf_token_for_every_change(admin):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(admin)
    user = make("pat")
    for name, args in [("user_create", []), ("user_role", [user.pk]), ("user_deactivate", [user.pk]),
                       ("user_reset_link", [user.pk])]:
        assert client.post(reverse(f"review:{name}", args=args), {"username": "x", "role": "admin"}).status_code == 403
    assert get_user_model().objects.count() == 2 and not UserAudit.objects.exists()


# ---------------------------------------------------------------- audit


def test_it_audits_every_kind_of_change_and_nothing_secret(admin_client, admin, client, caplog):
    from django.test import Client

    caplog.set_level(logging.DEBUG)
    pages = [admin_client.post(reverse("review:user_create"), {"username": "inv", "role": "reviewer"})]
    admin_client.post(reverse("review:user_create"), {"username": "made", "role": "annotator", "password": PASSWORD})
    made = get_user_model().objects.get(username="made")
    admin_client.post(reverse("review:user_role", args=[made.pk]), {"role": "admin"})
    admin_client.post(reverse("review:user_deactivate", args=[made.pk]))
    admin_client.post(reverse("review:user_reactivate", args=[made.pk]))
    pages.append(admin_client.post(reverse("review:user_reset_link", args=[made.pk])))
    links = [link_in(page) for page in pages]
    visitor = Client()
    form_url = visitor.get(links[0])["Location"]
    visitor.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})

    assert audit() == [
        ("invited", "inv", "", "reviewer"),
        ("created", "made", "", "annotator"),
        ("role_changed", "made", "annotator", "admin"),
        ("deactivated", "made", "", ""),
        ("reactivated", "made", "", ""),
        ("link_issued", "made", "", ""),
        ("password_set", "inv", "", ""),
    ]
    assert [a.actor.username for a in UserAudit.objects.order_by("id")] == ["boss"] * 6 + ["inv"]
    secrets = [PASSWORD, NEW_PASSWORD, *links, *(link.rstrip("/").split("/")[-1] for link in links)]
    stored = " ".join(str(v) for row in UserAudit.objects.values_list() for v in row)
    listed = admin_client.get(reverse("review:users")).content.decode()
    for secret in secrets:
        assert secret not in stored
        assert secret not in caplog.text
        assert secret not in listed
        assert secret not in str(dict(visitor.session)) + str(dict(admin_client.session))
    assert "user management: invited" in caplog.text  # the log does say what happened
