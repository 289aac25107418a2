"""``load_demo``'s accounts have public passwords: never on an instance with DEBUG off unless asked for."""
from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from review.models import Document

pytestmark = pytest.mark.django_db


def test_it_refuses_the_demo_accounts_with_debug_off_and_creates_nothing(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG off"):
        call_command("load_demo", words=300, stdout=io.StringIO())
    assert not get_user_model().objects.exists() and not Document.objects.exists()


@pytest.mark.parametrize(("debug", "flag"), [(True, False), (False, True)])
def test_it_creates_the_demo_accounts_in_debug_or_when_told_the_passwords_are_public(settings, debug, flag):
    settings.DEBUG = debug
    call_command("load_demo", words=300, public_passwords=flag, stdout=io.StringIO())
    assert set(get_user_model().objects.values_list("username", flat=True)) >= {"admin", "annotator1", "reviewer1"}
    assert get_user_model().objects.get(username="admin").check_password("demo-admin-pass")
