"""The Content-Security-Policy and the other security headers, and templates that keep to the policy
(no inline script, no on* attribute, no style attribute). Chromium checks the pages themselves:
tests/test_browser_csp.py."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent
INLINE = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>|\son[a-z]+\s*=|\sstyle\s*=|javascript:|<style\b", re.IGNORECASE)


def _directives(header: str) -> dict[str, list[str]]:
    return {parts[0]: parts[1:] for parts in (d.split() for d in header.split(";")) if parts}


@pytest.mark.django_db
def test_it_sends_a_strict_content_security_policy_with_the_other_security_headers(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    for url in (reverse("login"), reverse("review:documents"), reverse("review:upload"), "/healthz/"):
        response = client.get(url)
        policy = _directives(response["Content-Security-Policy"])
        assert policy["default-src"] == ["'self'"] and policy["script-src"] == ["'self'"], url
        assert policy["style-src"] == ["'self'"] and policy["frame-ancestors"] == ["'none'"], url
        assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"], url
        assert "'unsafe-inline'" not in response["Content-Security-Policy"] and "'unsafe-eval'" not in response["Content-Security-Policy"]
        assert response["X-Frame-Options"] == "DENY"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"
        assert response["Cross-Origin-Opener-Policy"] == "same-origin"


@pytest.mark.django_db
def test_it_allows_inline_scripts_only_on_the_django_rq_dashboard(client, django_user_model, redis_url, settings):
    settings.RQ_QUEUES = {"default": {"URL": redis_url, "DEFAULT_TIMEOUT": 600}}  # the dashboard reads queue counts
    client.force_login(django_user_model.objects.create_superuser("boss", password="a-long-test-password"))
    response = client.get(reverse("django_rq:home"))
    assert "'unsafe-inline'" in _directives(response["Content-Security-Policy"])["script-src"]
    assert "'unsafe-inline'" not in client.get(reverse("review:documents"))["Content-Security-Policy"]


def test_it_keeps_inline_scripts_handlers_and_styles_out_of_the_templates():
    """The policy forbids them: the browser would drop them silently (a button doing nothing)."""
    offenders = [
        f"{path.relative_to(ROOT)}:{number}: {match.group().strip()}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if (match := INLINE.search(line))
    ]
    assert offenders == []


@pytest.mark.parametrize("module", ["review/rendering.py", "review/charts.py", "review/views/screen.py"])
def test_it_renders_no_inline_script_handler_or_style_in_python(module):
    text = (ROOT / module).read_text(encoding="utf-8")
    assert [m.group().strip() for m in INLINE.finditer(text)] == []
