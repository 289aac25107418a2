"""Weak passwords are refused wherever a password is set (issue 44's probe: "12345678" and
"password" were accepted): Django's password validators (AUTH_PASSWORD_VALIDATORS: the user's
name, length, common passwords, all digits) on the users page, the one-time set-password link,
the user services, Django's admin and ``manage.py createsuperuser``."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from review.services import users
from tests.test_users import admin, admin_client, make  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db
WEAK = ["12345678", "password", "qwertyuiop", "98765432109", "newbie-pat"]  # the last: the username itself
GOOD = "harbor-lantern-71-quietly"
PLACES = ["users-page", "set-password-link", "service-create", "service-link", "django-admin", "createsuperuser"]


def _set(place: str, password: str, client) -> None:
    """Try to set ``password`` in one place (for a user named newbie-pat); raise when refused."""
    if place == "users-page":
        response = client.post(reverse("review:user_create"), {"username": "newbie-pat", "role": "annotator",
                                                               "password": password})
        if response.status_code != 302:
            raise ValidationError(response.context["form"].errors.get("password"))
    elif place in ("set-password-link", "service-link"):
        user = make("newbie-pat")
        link = users.issue_link(None, user.pk)
        if place == "service-link":
            users.set_password_by_link(link.uidb64, link.token, password)
            return
        visitor = Client()
        form = visitor.get(link.path()).headers["Location"]
        response = visitor.post(form, {"new_password1": password, "new_password2": password})
        if response.status_code != 302:
            raise ValidationError("refused")
    elif place == "service-create":
        users.create_user(None, "newbie-pat", users.Role.ANNOTATOR, password=password)
    elif place == "django-admin":
        user = make("newbie-pat")
        response = client.post(reverse("admin:auth_user_password_change", args=[user.pk]),
                               {"password1": password, "password2": password, "usable_password": "true"})
        if response.status_code != 302:
            raise ValidationError("refused")
    else:
        import os

        os.environ["DJANGO_SUPERUSER_PASSWORD"] = password
        try:
            call_command("createsuperuser", "--noinput", username="newbie-pat", email="n@example.org")
        except CommandError as error:
            raise ValidationError(str(error)) from None
        finally:
            del os.environ["DJANGO_SUPERUSER_PASSWORD"]


@pytest.fixture
def superuser_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password=GOOD))
    return client


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("password", WEAK)
def test_it_refuses_a_weak_password_wherever_a_password_is_set(superuser_client, place, password):
    with pytest.raises(ValidationError):
        _set(place, password, superuser_client)
    found = get_user_model().objects.filter(username="newbie-pat").first()
    assert found is None or not found.check_password(password)


@pytest.mark.parametrize("place", PLACES)
def test_it_takes_a_strong_password_there(superuser_client, place):
    _set(place, GOOD, superuser_client)
    assert get_user_model().objects.get(username="newbie-pat").check_password(GOOD)
