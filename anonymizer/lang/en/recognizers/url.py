"""URL: web addresses (``www.example.org``, ``https://cdcr.ca.gov/bph``, ``example.com/path``) and
social-media handles (``@hannahw_lodi``), also without their "@" when the shape is no word's
(``brandi_lowe661``, ``DezzyTruth559``) or after a cue ("under the name DezzyTruth"): an address of a
person online.

Presidio's own UrlRecognizer is not used: it validates through tldextract,
which may fetch the public suffix list from the network.  Addresses without a
scheme or ``www.`` need one of a few common top-level domains, so text like
``said.The``, ``Mr.Smith``, ``e.g.``, ``a.m.``, ``U.S.`` or file names such as
``report.pdf`` never match.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import vocabulary
from anonymizer.lang.en.transcript import LINE_OPENING

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_PATH_CHARS = r"[^\s<>\"'()\[\]{}]"
# a path, without trailing punctuation that belongs to the sentence
_PATH = rf"(?:/(?:{_PATH_CHARS}{{0,2000}}[^\s<>\"'()\[\]{{}}.,;:!?])?)?"
_COMMON_TLD = r"(?:com|org|net|gov|edu|mil|info|biz|us|io|uk|COM|ORG|NET|GOV|EDU)"
_DOMAIN_END = r"(?![\w-]|\.[A-Za-z0-9])"
_USER_SHAPE = r"(?:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[A-Z][a-z]+(?:[A-Z][a-z]+)+\d{2,4})"
_USER_NAME = r"(?=[A-Za-z0-9_.]*(?:\d|_|[a-z][A-Z]|[a-z]\.[a-z]))[A-Za-z][A-Za-z0-9_.]{1,28}[A-Za-z0-9_]"
_CUES = "|".join(c.replace(" ", "[ ]") for c in vocabulary.ONLINE_NAME_CUES)
#: a platform, then "account", "page" or "name" and "is"/"was", or a comma: its user name follows
_PLATFORM = "(?:" + "|".join(vocabulary.ONLINE_PLATFORMS) + r")(?:[ ](?:account|page|name|handle|profile))?"

PATTERNS = [
    Pattern(
        "url_scheme",
        r"(?<![\w@])(?i:https?|ftp)://[^\s<>\"'()\[\]{}]{0,2000}[^\s<>\"'()\[\]{}.,;:!?]",
        0.95,
    ),
    Pattern("url_www", rf"(?<![\w@.-])(?i:www)\.(?:{_LABEL}\.){{1,8}}[A-Za-z]{{2,24}}{_DOMAIN_END}{_PATH}", 0.95),
    # a handle: "@" and a user name, not the middle of an e-mail address ("kdinh@hopehouse.org")
    Pattern("url_handle", r"(?<![\w@.+-])@[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?(?![\w@-]|\.[A-Za-z])", 0.9),
    # a user name without its "@": words joined by "_", or capitalised words run together with a number
    Pattern("url_user_name", rf"(?<![\w@.+/-]){_USER_SHAPE}(?![\w@-]|\.[A-Za-z])", 0.85),
    # after a cue ("under the name", "username"): any name of letters and digits with a digit, a "_" or
    # a capital inside
    # (the cue is matched, then left out of the span by \K: a lookbehind would be tried at every offset)
    Pattern("url_user_name_cued", rf"\b(?:(?i:{_CUES})|{_PLATFORM})(?:[ ](?:is|was))?[ ,:]+\K{_USER_NAME}(?![\w@-]|\.[A-Za-z])",
            0.85),
    Pattern("url_bare_domain", rf"(?<![\w@.-])(?:{_LABEL}\.){{1,8}}{_COMMON_TLD}{_DOMAIN_END}{_PATH}", 0.85),
]


class UrlRecognizer(RuleRecognizer):
    """Web addresses with a scheme, with ``www.``, or a bare domain on a common TLD; ``@handles``."""

    ENTITY = "URL"
    PATTERNS = PATTERNS
    CONTEXT = ["website", "site", "web", "online", "url", "link", "www", "internet", "instagram", "twitter", "handle"]
    #: what every match holds, searched on its lines only: a user name's "_" or its number after a lower-case letter,
    #: a bare domain's dot and ending
    ANCHORS = {"url_user_name": re.compile(r"_[A-Za-z0-9]|[a-z]\d"), "url_bare_domain": re.compile(rf"\.{_COMMON_TLD}")}

    def keep(self, text: str, start: int, end: int) -> bool:
        """A user name's shape opening its line (after a recording's timestamp, if any) right before a colon is
        a speaker's label of speech recognition ("SPEAKER_00:", "spk_1:"), no one's address."""
        if text[end:end + 1] != ":" or any(c in text[start:end] for c in "@./"):
            return True
        return LINE_OPENING.fullmatch(text, text.rfind("\n", 0, start) + 1, start) is None
