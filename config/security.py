"""Login throttling helpers (django-axes), the CSP exception of django-rq's dashboard, and
``Cache-Control: no-store`` on every page a signed-in person gets."""
from __future__ import annotations

from django.conf import settings


def client_ip(request) -> str | None:
    """The client's address for lockouts.

    Without a proxy, REMOTE_ADDR. Behind ``PROXY_COUNT`` trusted reverse proxies that append to
    X-Forwarded-For (nginx ``$proxy_add_x_forwarded_for``, Caddy), the entry that many places
    from the right: anything further left was written by the client and can be forged.
    """
    count = getattr(settings, "PROXY_COUNT", 0)
    remote = request.META.get("REMOTE_ADDR")
    if count <= 0:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if len(forwarded) >= count:
        return forwarded[-count]
    return remote


def lockout_response(request, original_response=None, credentials=None):
    """The lockout page: what happened and for how long; no username, no address."""
    from axes.helpers import get_cool_off, get_failure_limit
    from django.shortcuts import render

    cool_off = get_cool_off(request)
    minutes = max(1, round(cool_off.total_seconds() / 60)) if cool_off else None
    context = {"failure_limit": get_failure_limit(request, credentials), "cooloff_minutes": minutes}
    return render(request, "registration/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE)


def inline_allowed(view):
    """The Content-Security-Policy with inline scripts and styles allowed, for one view: django-rq's
    dashboard (staff only) has inline ones; every page of the app keeps the strict policy."""
    from django.utils.csp import CSP
    from django.views.decorators.csp import csp_override, csp_report_only_override

    relaxed = {**settings.CSP_POLICY, "script-src": [CSP.SELF, CSP.UNSAFE_INLINE], "style-src": [CSP.SELF, CSP.UNSAFE_INLINE]}
    override = csp_report_only_override if settings.SECURE_CSP_REPORT_ONLY else csp_override
    return override(relaxed)(view)


def no_store_when_signed_in(get_response):
    """Middleware: every answer to a signed-in person may show transcript text (the review screen,
    its fragments, the tags, the diff, a printable page...): ``Cache-Control: no-store`` (Django's
    ``add_never_cache_headers``), so no browser or proxy cache keeps it after logout."""
    from django.utils.cache import add_never_cache_headers

    def middleware(request):
        response = get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and "no-store" not in response.get("Cache-Control", ""):
            add_never_cache_headers(response)
        return response

    return middleware
