"""Danish people and firms: a name after a court order's role or a title ("tiltalte Jens Peter Hansen",
"Vidnet, politiassistent Karin Holm,", "fru Østergaard") or before a role in brackets ("Mette Lund (forurettede)"),
a name the lists know (a first name then surnames or capitalised words: "Søren Kjærgaard"; a first name alone that
is no common word: "Mette sagde"), a name spelled letter by letter ("S-Ø-R-E-N", ``SPELLED_NAME``); no firm with its
form: :mod:`.organizations`)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.rules import Pattern, RuleRecognizer

from .. import vocabulary

_UPPER = r"\p{Lu}"
_LOWER = r"\p{Ll}"
#: one part of a name: "Hansen", "Bæk-Olsen", "O'Connor", an initial "K." / "J.P."
_PART = rf"(?:[{_UPPER}][{_LOWER}]+(?:-[{_UPPER}][{_LOWER}]+)?|[{_UPPER}]'[{_UPPER}][{_LOWER}]+|(?:[{_UPPER}]\.){{1,3}})"
_NAME = rf"{_PART}(?:[ ](?:{_PART}|(?:von|van|de|la|af)(?=[ ][{_UPPER}]))){{0,4}}"
_ROLE = "(?:" + "|".join(sorted((re.escape(w) for w in vocabulary.ROLE_WORDS), key=len, reverse=True)) + ")"
_TITLE = "(?:" + "|".join(sorted((re.escape(w) for w in vocabulary.TITLE_WORDS), key=len, reverse=True)) + ")"
_GREETING = "(?:" + "|".join(sorted((re.escape(w) for w in vocabulary.GREETINGS), key=len, reverse=True)) + ")"
#: a role (any case of its first letter), then a comma, a title or a number ("vidne 2,") before the name; or a
#: greeting ("Kære Hanne", "Mvh Susanne"); or a title ("fru Østergaard")
_CUE = (rf"(?:(?i:{_ROLE})(?:[ ]\d{{1,2}})?(?:,|:)?[ ](?:(?i:{_ROLE}|{_TITLE})[ ])?(?:(?i:{_TITLE})[ ])?|"
        rf"(?i:{_GREETING}),?[ ]|(?i:{_TITLE})[ ])")

PATTERNS = [
    Pattern("dk_name_after_role", rf"(?<=(?<![\w]){_CUE}){_NAME}(?![\w])", 0.85),
    Pattern("dk_name_before_role", rf"(?<![\w]){_NAME}(?=,?[ ]\((?i:{_ROLE})\)|,[ ](?i:{_ROLE})[,.)])", 0.8),
    Pattern("dk_name_listed", rf"(?<![\w-]){_NAME}(?![\w-])", 0.7),
    # a news item's or a letter's byline: "Af Morten Lyngby", "Af Signe Mathiasen og Jonas Bak"
    Pattern("dk_byline", rf"(?<=^(?:Af|AF|Tekst:?|Foto:?)[ ](?:{_NAME}[ ](?:og|&)[ ])?){_NAME}(?![\w])", 0.85),
]


#: a capital and one to three small letters, cut short with a dot ("Tlf.", "Att.")
_CUT_SHORT = re.compile(rf"[{_UPPER}][{_LOWER}]{{1,3}}\.")
_TITLES_AND_ROLES = frozenset(w.lower() for w in (*vocabulary.TITLE_WORDS, *vocabulary.ROLE_WORDS))
#: a firm's form after a run of capitalised words
_FIRM_AFTER = re.compile(r"(?:[ ][\w&-]+){0,3}?[ ](?:ApS|A/S|I/S|P/S|K/S|IVS)(?![\w/])")


class DanishPersonRecognizer(RuleRecognizer):
    """A name after or before a role, or a run of capitalised words led by a first name of the list (or two
    parts the lists know). The run is cut before its first part that is a common word no list has ("Hansen
    Tømrer" stays "Hansen") and before a firm's form ("Lund ApS"); a lone first name needs not to be a common
    word and not to open a sentence."""

    ENTITY = "PERSON"
    PATTERNS = PATTERNS
    CONTEXT = [*vocabulary.ROLE_WORDS[:12]]

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        words = text[start:end].split(" ")
        cued = self._cued(text, start, end)
        while words and words[0].lower() in _TITLES_AND_ROLES:  # "Fru Østergaard", "Tiltalte Jens Hansen"
            start += len(words.pop(0)) + 1
            cued = True
        if not words or _FIRM_AFTER.match(text, start + len(" ".join(words))):
            return None  # "Nordisk Byg ApS": a firm's name, not a person's
        kept: list[str] = []
        for i, word in enumerate(words):
            bare = word.rstrip(".")
            listed = vocabulary.is_name_part(bare) or bool(re.fullmatch(rf"(?:[{_UPPER}]\.)+", word))
            if word in vocabulary.COMPANY_SUFFIXES or word in vocabulary.PUBLIC_BODIES or (
                    bare in vocabulary.HEADING_WORDS and i == 0 and not cued):
                break
            if not listed and vocabulary.is_common_word(bare) and not (cued and i == 0 and not word.isupper()):
                break
            if not listed and not cued and not kept:
                break
            kept.append(word)
        while kept and kept[-1].lower() in ("von", "van", "de", "la", "af"):
            kept.pop()
        if not kept:
            return None
        surface = " ".join(kept)
        end = start + len(surface)
        if surface.endswith(".") and not re.search(rf"(?:^|[ ])(?:[{_UPPER}]\.)+$", surface):
            end -= 1
        if len(kept) == 1 and _CUT_SHORT.fullmatch(text, start, end + 1) and not vocabulary.is_name_part(
                kept[0].rstrip(".")):
            return None  # "Sagsbehandler, Tlf. 72 33 44 55": a word cut short after the role, no name
        if cued:
            return start, end
        if len(kept) == 1:
            word = kept[0]
            bare = word[:-1] if word.endswith("s") and not vocabulary.is_first_name(word) else word  # "Mettes bil"
            if not vocabulary.is_first_name(bare) or vocabulary.is_common_word(word) or vocabulary.is_common_word(bare) \
                    or vocabulary.is_town(word):
                return None
            return start, end
        if not (vocabulary.is_first_name(kept[0]) or re.fullmatch(rf"(?:[{_UPPER}]\.)+", kept[0])
                or sum(vocabulary.is_name_part(w) for w in kept) >= 2):
            return None
        return start, end

    def _cued(self, text: str, start: int, end: int) -> bool:
        before = text[max(0, start - 60):start]
        return re.search(rf"(?<![\w]){_CUE}$|^(?:Af|AF|Tekst:?)[ ](?:{_NAME}[ ](?:og|&)[ ])?$", before, re.MULTILINE) \
            is not None or re.match(
            rf",?[ ]\((?i:{_ROLE})\)|,[ ](?i:{_ROLE})[,.)]", text[end:end + 40]) is not None


def _after_title(text: str, start: int) -> bool:
    return re.search(rf"(?i:{_TITLE})[ ]$", text[max(0, start - 20):start]) is not None


#: a word in small letters (a hyphen inside allowed: "lund-hansen")
_LOWER_WORD = re.compile(rf"(?<![\w-])[{_LOWER}]+(?:-[{_LOWER}]+)?(?![\w-])")


def lower_case_names(text: str) -> list[tuple[int, int]]:
    """Names written without capitals ("jens hansen", "mette lund-sørensen" of a forum or speech recognition): a
    first name the lists know, then one or two names (the last a surname), none of them a common word; a word
    alone in small letters is never taken."""
    words = list(_LOWER_WORD.finditer(text))
    found, i = [], 0
    while i < len(words):
        word = words[i].group()
        if not vocabulary.is_first_name(word) or vocabulary.is_common_word(word):
            i += 1
            continue
        j = i + 1
        while j < len(words) and j - i < 3 and words[j].start() == words[j - 1].end() + 1 and (
                vocabulary.is_name_part(words[j].group()) and not vocabulary.is_common_word(words[j].group())):
            j += 1
        while j > i + 1 and not all(vocabulary.is_surname(part) for part in words[j - 1].group().split("-")):
            j -= 1
        if j > i + 1:
            found.append((words[i].start(), words[j - 1].end()))
            i = j
        else:
            i += 1
    return found


class DanishSpelledNameRecognizer(RuleRecognizer):
    """A name spelled letter by letter with hyphens or spaces ("S-Ø-R-E-N", "Ø S T E R G A A R D")."""

    ENTITY = "SPELLED_NAME"
    PATTERNS = [Pattern("dk_spelled", rf"(?<![\w-])[{_UPPER}](?:-[{_UPPER}]){{2,}}(?![\w-])", 0.85),
                Pattern("dk_spelled_spaced", rf"(?<![\w-][ ]?)[{_UPPER}](?:[ ][{_UPPER}]){{3,}}(?![\w-])", 0.7)]
    CONTEXT = ["staves", "stavet", "stavede"]
