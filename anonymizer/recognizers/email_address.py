"""EMAIL_ADDRESS: e-mail addresses (``jdoe@example.com``).

Presidio's own EmailRecognizer is not used: it validates through tldextract,
which may fetch the public suffix list from the network.
"""
from __future__ import annotations

from ._base import Pattern, RuleRecognizer

_LOCAL_PART = r"[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_])?"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_EMAIL = rf"(?<![\w.%+-]){_LOCAL_PART}@(?:{_LABEL}\.){{1,8}}[A-Za-z]{{2,24}}(?![\w-]|\.[A-Za-z0-9])"


class EmailAddressRecognizer(RuleRecognizer):
    """Address with a local part, ``@``, and a dotted domain; ``@`` in other uses does not match."""

    ENTITY = "EMAIL_ADDRESS"
    PATTERNS = [Pattern("email", _EMAIL, 0.95)]
    CONTEXT = ["email", "e-mail", "mail", "address", "contact"]
