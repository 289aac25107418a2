"""EMAIL_ADDRESS: e-mail addresses (``jdoe@example.com``, said aloud: ``jdoe at gmail dot com``).

Presidio's own EmailRecognizer is not used: it validates through tldextract,
which may fetch the public suffix list from the network.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_LOCAL_PART = r"[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_])?"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_EMAIL = rf"(?<![\w.%+-]){_LOCAL_PART}@(?:{_LABEL}\.){{1,8}}[A-Za-z]{{2,24}}(?![\w-]|\.[A-Za-z0-9])"


#: said aloud: "lucia dot reyes at gmail dot com" (a common ending after the last "dot")
_SPOKEN_WORD = r"[A-Za-z0-9]+"
_SPOKEN = (rf"(?<![\w'’-]){_SPOKEN_WORD}(?:[ ](?i:dot|underscore|dash)[ ]{_SPOKEN_WORD})*[ ](?i:at)[ ]{_SPOKEN_WORD}"
           r"(?:[ ](?i:dot)[ ][A-Za-z]+)*[ ](?i:dot)[ ](?i:com|net|org|edu|gov|us|io)(?![\w'’-])")


class EmailAddressRecognizer(RuleRecognizer):
    """Address with a local part, ``@``, and a dotted domain; ``@`` in other uses does not match."""

    ENTITY = "EMAIL_ADDRESS"
    PATTERNS = [Pattern("email", _EMAIL, 0.95), Pattern("email_spoken", _SPOKEN, 0.85)]
    NEEDS = {"email_spoken": re.compile(r"\b(?i:dot)[ ](?i:com|net|org|edu|gov|us|io)\b")}
    #: the spoken ending, which every match holds: searched on its lines only
    ANCHORS = NEEDS
    CONTEXT = ["email", "e-mail", "mail", "address", "contact"]
