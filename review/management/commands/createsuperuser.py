"""Django's ``createsuperuser``, whose non-interactive form checks the password as well.

``createsuperuser --noinput`` takes the password from ``DJANGO_SUPERUSER_PASSWORD`` and Django
sets it without the password validators the interactive form applies: here it is checked against
``AUTH_PASSWORD_VALIDATORS`` (with the new user's name and email) first, and refused with the
validators' reasons.
"""
from __future__ import annotations

import os

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.management.commands import createsuperuser
from django.core.exceptions import ValidationError
from django.core.management import CommandError


class Command(createsuperuser.Command):
    def handle(self, *args, **options):
        password = os.environ.get("DJANGO_SUPERUSER_PASSWORD")
        if not options.get("interactive", True) and password:
            model = get_user_model()
            name = options.get(model.USERNAME_FIELD) or os.environ.get(f"DJANGO_SUPERUSER_{model.USERNAME_FIELD.upper()}")
            email = options.get("email") or os.environ.get("DJANGO_SUPERUSER_EMAIL")
            person = model(**{model.USERNAME_FIELD: name or "", "email": email or ""})
            try:
                password_validation.validate_password(password, person)
            except ValidationError as error:
                raise CommandError("DJANGO_SUPERUSER_PASSWORD is refused: " + " ".join(error.messages)) from None
        return super().handle(*args, **options)
