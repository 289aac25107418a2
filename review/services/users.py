"""User management in the app: create or invite users, set roles, deactivate, one-time set-password links.

Every change runs in one transaction and writes a :class:`~review.models.UserAudit` row. The
audit and the logs carry roles and states only: a one-time link (uidb64 + token from
Django's ``default_token_generator``) is returned to the caller to be shown once and is
never stored. A link stops working when it has been used (the password hash changes), when
the user logs in, after ``PASSWORD_RESET_TIMEOUT``, or while the account is deactivated.

Roles (see :mod:`review.permissions`): admin = ``is_staff`` (or superuser), reviewer = member
of the Reviewer group, annotator = anyone else. The last active admin cannot be demoted or
deactivated.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import StrEnum

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.tokens import default_token_generator
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from ..models import UserAudit
from .. import permissions
from ..permissions import is_admin, reviewer_group

log = logging.getLogger(__name__)
Action = UserAudit.Action


class Role(StrEnum):
    ANNOTATOR = "annotator"
    REVIEWER = "reviewer"
    ADMIN = "admin"


class Refused(Exception):
    """A user-management rule refuses the change (the message is shown to the admin)."""


@dataclass(frozen=True)
class OneTimeLink:
    """A set-password link: show it once, never store or log it."""

    uidb64: str
    token: str

    def path(self) -> str:
        return reverse("review:user_set_password", args=[self.uidb64, self.token])

    def __repr__(self) -> str:  # keeps the token out of tracebacks and debug output
        return f"OneTimeLink(uidb64={self.uidb64!r}, token=***)"


def role_of(user) -> Role:
    return Role(permissions.role_of(user))


def active_admins():
    return get_user_model().objects.filter(Q(is_staff=True) | Q(is_superuser=True), is_active=True)


def _audit(actor, subject, action: str, before: str = "", after: str = "") -> UserAudit:
    log.info("user management: %s on user %s by user %s", action, subject.pk, getattr(actor, "pk", None))
    return UserAudit.objects.create(actor=actor, subject=subject, subject_name=subject.get_username(),
                                    action=action, before=before, after=after)


def _apply_role(user, role: Role) -> None:
    user.is_staff = role == Role.ADMIN
    if role != Role.ADMIN:
        user.is_superuser = False  # a superuser would otherwise stay an admin
    user.save(update_fields=["is_staff", "is_superuser"])
    if role == Role.REVIEWER:
        user.groups.add(reviewer_group())
    else:
        user.groups.remove(reviewer_group())
    user.__dict__.pop("_is_reviewer", None)


def _lock(pk: int):
    return get_user_model().objects.select_for_update().get(pk=pk)


def _refuse_losing_last_admin(user, what: str) -> None:
    """Under the lock of every active admin: refuse if ``user`` is the only one left."""
    admins = list(active_admins().select_for_update().values_list("pk", flat=True))
    if admins == [user.pk]:
        raise Refused(f"{user.get_username()} is the last active admin and cannot be {what}. "
                      "Make another user an admin first.")


def _link(user) -> OneTimeLink:
    return OneTimeLink(urlsafe_base64_encode(force_bytes(user.pk)), default_token_generator.make_token(user))


@transaction.atomic
def create_user(actor, username: str, role: Role, email: str = "", password: str | None = None):
    """A new active user with a role. Without a password it is an invite: returns the one-time link too."""
    user = get_user_model().objects.create_user(username, email=email or "", password=None)
    if password:  # AUTH_PASSWORD_VALIDATORS in every place a password is set (raises ValidationError)
        password_validation.validate_password(password, user)
        user.set_password(password)
        user.save(update_fields=["password"])
    _apply_role(user, Role(role))
    if password:
        _audit(actor, user, Action.CREATED, after=Role(role))
        return user, None
    _audit(actor, user, Action.INVITED, after=Role(role))
    return user, _link(user)


@transaction.atomic
def set_role(actor, pk: int, role: Role) -> bool:
    """Change the role; False when it already was that role."""
    role = Role(role)
    user = _lock(pk)
    before = role_of(user)
    if before == role:
        return False
    if before == Role.ADMIN and user.is_active:
        _refuse_losing_last_admin(user, f"made {role}")
    _apply_role(user, role)
    _audit(actor, user, Action.ROLE_CHANGED, before=before, after=role)
    return True


@transaction.atomic
def deactivate(actor, pk: int) -> bool:
    """The user can no longer log in (open sessions end on their next request)."""
    user = _lock(pk)
    if not user.is_active:
        return False
    if is_admin(user):
        _refuse_losing_last_admin(user, "deactivated")
    user.is_active = False
    user.save(update_fields=["is_active"])
    _audit(actor, user, Action.DEACTIVATED)
    return True


@transaction.atomic
def reactivate(actor, pk: int) -> bool:
    user = _lock(pk)
    if user.is_active:
        return False
    user.is_active = True
    user.save(update_fields=["is_active"])
    _audit(actor, user, Action.REACTIVATED)
    return True


@transaction.atomic
def issue_link(actor, pk: int) -> OneTimeLink:
    """A one-time set-password link for an active user. The current password keeps working until it is used."""
    user = _lock(pk)
    if not user.is_active:
        raise Refused(f"{user.get_username()} is deactivated: reactivate the account first.")
    _audit(actor, user, Action.LINK_ISSUED)
    return _link(user)


def locked_out(usernames) -> set[str]:
    """The usernames django-axes locks out now (too many wrong passwords from some address, within
    the cool-off), in lower case."""
    from axes.models import AccessAttempt
    from django.conf import settings

    rows = AccessAttempt.objects.filter(failures_since_start__gte=settings.AXES_FAILURE_LIMIT)
    if settings.AXES_COOLOFF_TIME:
        from django.utils import timezone

        rows = rows.filter(attempt_time__gte=timezone.now() - settings.AXES_COOLOFF_TIME)
    wanted = {name.lower() for name in usernames}
    return {name.lower() for name in rows.values_list("username", flat=True) if name and name.lower() in wanted}


@transaction.atomic
def unlock(actor, pk: int) -> bool:
    """Lift django-axes' login lock of a user (every address): what the lockout page asks an admin
    for. False when nothing was locked."""
    from axes.models import AccessAttempt
    from axes.utils import reset

    user = _lock(pk)
    if not locked_out([user.get_username()]):  # failed attempts below the limit lock nothing
        return False
    names = set(AccessAttempt.objects.filter(username__iexact=user.get_username()).values_list("username", flat=True))
    for name in names:  # as typed at the login form, any case
        reset(username=name)
    _audit(actor, user, Action.UNLOCKED)
    return True


def user_for_link(uidb64: str, token: str):
    """The active user a link belongs to, or None if the link is invalid, used or expired."""
    try:
        user = get_user_model().objects.get(pk=force_str(urlsafe_base64_decode(uidb64)))
    except (TypeError, ValueError, OverflowError, get_user_model().DoesNotExist):
        return None
    if not user.is_active or not default_token_generator.check_token(user, token):
        return None
    return user


@transaction.atomic
def set_password_by_link(uidb64: str, token: str, password: str) -> bool:
    """Set the password once; False (and nothing changed) when the link is no longer valid."""
    user = user_for_link(uidb64, token)
    if user is None:
        return False
    user = _lock(user.pk)
    if not default_token_generator.check_token(user, token):  # used meanwhile by a concurrent request
        return False
    password_validation.validate_password(password, user)
    user.set_password(password)
    user.save(update_fields=["password"])
    _audit(user, user, Action.PASSWORD_SET)
    return True
