"""Users and roles (admins only), and the public one-time set-password page.

Every change is a POST with CSRF. A one-time link is rendered once, in the response to the
POST that issued it (no redirect: it is never put in the session, the messages or a log),
with ``Cache-Control: no-store``. The set-password page moves the token from the URL into
the session and redirects (as Django's ``PasswordResetConfirmView`` does), so it does not
leak through the Referer header or the browser history. (No ``no-referrer`` policy: forms on such
a page would post ``Origin: null`` and fail the CSRF check.)
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ..services import users
from ..forms import RoleForm, UserCreateForm
from ..models import UserAudit
from ..permissions import require_manage_users

AUDIT_ROWS = 200
SESSION_TOKEN = "_review_set_password_token"
TOKEN_IN_SESSION = "set-password"


def _users_page(request: HttpRequest, form: UserCreateForm | None = None, link: users.OneTimeLink | None = None,
                link_user=None, status: int = 200) -> HttpResponse:
    people = get_user_model().objects.order_by("username").prefetch_related("groups")
    rows = [(person, users.role_of(person)) for person in people]
    locked = users.locked_out(person.get_username() for person, _ in rows)
    context = {
        "rows": [(person, role, person.get_username().lower() in locked) for person, role in rows],
        "form": form or UserCreateForm(),
        "role_form": RoleForm(),
        "audit": UserAudit.objects.select_related("actor")[:AUDIT_ROWS],
        "audit_limit": AUDIT_ROWS,
        "link": request.build_absolute_uri(link.path()) if link else None,
        "link_user": link_user,
    }
    response = render(request, "review/users.html", context, status=status)
    if link:
        add_never_cache_headers(response)  # no Referrer-Policy "no-referrer": forms would then post Origin: null (CSRF)
    return response


@login_required
@require_GET
def user_list(request: HttpRequest) -> HttpResponse:
    """Admins: every user with their role and state, the new-user form and the audit trail."""
    require_manage_users(request.user)
    return _users_page(request)


@login_required
@require_POST
def user_create(request: HttpRequest) -> HttpResponse:
    """Admins: create a user with a password, or invite one (the one-time link is shown once)."""
    require_manage_users(request.user)
    form = UserCreateForm(request.POST)
    if not form.is_valid():
        return _users_page(request, form=form, status=422)
    data = form.cleaned_data
    try:
        user, link = users.create_user(request.user, data["username"], data["role"], data["email"], data["password"])
    except IntegrityError:  # the same username, created at the same moment by another admin
        form.add_error("username", "A user with that username already exists.")
        return _users_page(request, form=form, status=422)
    if link is None:
        messages.success(request, f"User {user.get_username()} created as {data['role']}.")
        return redirect("review:users")
    messages.success(request, f"User {user.get_username()} invited as {data['role']}.")
    return _users_page(request, link=link, link_user=user)


@login_required
@require_POST
def user_role(request: HttpRequest, pk: int) -> HttpResponse:
    require_manage_users(request.user)
    person = get_object_or_404(get_user_model(), pk=pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a role: annotator, reviewer or admin.")
        return redirect("review:users")
    try:
        changed = users.set_role(request.user, person.pk, form.cleaned_data["role"])
    except users.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        if changed:
            messages.success(request, f"{person.get_username()} is now {form.cleaned_data['role']}.")
        if changed and person.pk == request.user.pk and form.cleaned_data["role"] != "admin":
            return redirect("review:documents")  # no longer an admin: the users page is closed to them now
    return redirect("review:users")


def _state_change(request: HttpRequest, pk: int, change, done: str) -> HttpResponse:
    require_manage_users(request.user)
    person = get_object_or_404(get_user_model(), pk=pk)
    try:
        if change(request.user, person.pk):
            messages.success(request, f"{person.get_username()} {done}.")
    except users.Refused as refusal:
        messages.error(request, str(refusal))
    return redirect("review:users")


@login_required
@require_POST
def user_deactivate(request: HttpRequest, pk: int) -> HttpResponse:
    return _state_change(request, pk, users.deactivate, "is deactivated and can no longer log in")


@login_required
@require_POST
def user_reactivate(request: HttpRequest, pk: int) -> HttpResponse:
    return _state_change(request, pk, users.reactivate, "is active again")


@login_required
@require_POST
def user_unlock(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: lift a user's login lock (too many wrong passwords); audited."""
    return _state_change(request, pk, users.unlock, "can log in again (the login lock is lifted)")


@login_required
@require_POST
def user_reset_link(request: HttpRequest, pk: int) -> HttpResponse:
    """Admins: a one-time set-password link for a user, shown once on the page."""
    require_manage_users(request.user)
    person = get_object_or_404(get_user_model(), pk=pk)
    try:
        link = users.issue_link(request.user, person.pk)
    except users.Refused as refusal:
        messages.error(request, str(refusal))
        return redirect("review:users")
    return _users_page(request, link=link, link_user=person)


@require_http_methods(["GET", "POST"])
def user_set_password(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """Anyone holding a valid one-time link: choose a new password once (then log in)."""
    if token != TOKEN_IN_SESSION:
        if users.user_for_link(uidb64, token) is None:
            return _no_link(request)
        request.session[SESSION_TOKEN] = token
        return redirect("review:user_set_password", uidb64=uidb64, token=TOKEN_IN_SESSION)
    token = request.session.get(SESSION_TOKEN, "")
    person = users.user_for_link(uidb64, token) if token else None
    if person is None:
        return _no_link(request)
    form = SetPasswordForm(person, request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not users.set_password_by_link(uidb64, token, form.cleaned_data["new_password1"]):
            return _no_link(request)
        request.session.pop(SESSION_TOKEN, None)
        messages.success(request, "Your password is set. Log in with it now.")
        return redirect("login")
    response = render(request, "review/users_set_password.html", {"form": form, "person": person})
    add_never_cache_headers(response)
    return response


def _no_link(request: HttpRequest) -> HttpResponse:
    request.session.pop(SESSION_TOKEN, None)
    response = render(request, "review/users_set_password.html", {"invalid": True})
    add_never_cache_headers(response)
    return response
