"""Login throttling helpers (django-axes)."""
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
