"""Phrases truecasing writes as names (``lang.en.truecase``): those the gazetteers know and the bodies a document
names after "ON BEHALF OF", capitalised letter for letter in place (same length, same offsets)."""
from __future__ import annotations

import re
from functools import lru_cache

from anonymizer.lang.en import gazetteer, lexicon, plain, vocabulary

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def said_bodies(text: str, start: int, bodies: set[tuple[str, ...]]) -> str:
    """A body a witness speaks for, named by two words or more after "ON BEHALF OF" ("ON BEHALF OF RIVERBEND
    TENANTS"), is that name wherever its words stand together in the document ("THE RIVERBEND TENANTS
    REPRESENT"), capitalised: one name, as a tagger and the re-scan read it, not its words apart."""
    if not bodies:
        return text
    chars = list(text)
    alternation = "|".join(r"\s+".join(re.escape(w) for w in body) for body in sorted(bodies, key=len, reverse=True))
    for match in re.finditer(rf"(?<![\w'’-])(?:{alternation})(?![\w'’-])", text[start:], re.IGNORECASE):
        for word in _WORD.finditer(match.group()):
            at = start + match.start() + word.start()
            if text[at].islower():
                chars[at] = text[at].upper()
    return "".join(chars)


def known_phrases(text: str, start: int) -> str:
    """Names the gazetteers know as phrases of ordinary words, capitalised ("Kern Valley State Prison",
    "Home Depot", "Northern Structure", "New Mexico")."""
    chars = list(text)
    for match in _phrase_pattern().finditer(text, start):
        for word in _WORD.finditer(match.group()):
            at = match.start() + word.start()
            if text[at].islower():
                chars[at] = text[at].upper()
    return "".join(chars)


@lru_cache(maxsize=1)
def _phrase_pattern() -> re.Pattern[str]:
    names, _ = gazetteer.cdcr_institutions()
    gangs = [g for g in gazetteer.gangs() if " " in g or g.casefold() not in plain.english_words()]  # "Bloods", not "blood"
    phrases = {p.casefold() for p in (*names, *gangs, *gazetteer.organization_names(), *vocabulary.US_STATES)}
    body = lexicon.trie_alternation(sorted(phrases))
    return re.compile(rf"(?<![\w'’-])(?:{body})(?![\w'’-])", re.IGNORECASE)


def same_length(word: str, change) -> str:
    """``change(word)`` where it keeps the word's length (offsets stay), else the word."""
    changed = change(word)
    return changed if len(changed) == len(word) else word


_BEFORE_GAPS = (" ", ", ")


def speaker_before(line: str, tokens: list, forms: list[str], named: list[bool], at: int, most: int) -> set[str]:
    """The speaker's name right before "ON BEHALF OF" (``tokens[at]`` is its "ON"): up to ``most`` words, a space apart
    (a comma before "ON"), the last a surname no plain word shares, the ones before it such words or first names
    (:func:`anonymizer.lang.en.plain.named_word`: "MEMBERS OF REYES ON BEHALF OF", "DANA FRY, ON BEHALF OF").
    Returns the words: names all through the document."""
    names: set[str] = set()
    k = at - 1
    while k >= 0 and at - k <= most and not named[k] \
            and line[tokens[k].end():tokens[k + 1].start()] in (_BEFORE_GAPS if k == at - 1 else (" ",)) \
            and plain.named_word(same_length(tokens[k].group(), str.capitalize), last=k == at - 1):
        forms[k], named[k] = same_length(tokens[k].group(), str.capitalize), True
        names.add(forms[k].casefold())
        k -= 1
    return names
