"""PERSON: people's names the statistical tagger misses, found with the Census name lists.

spaCy's small English model misses many names at the start of an utterance or sentence
(``Alejandro was my best friend``) and calls others organizations. A capitalised word that
is a known first name — and not an English word that names happen to share (``Hope``,
``Will``, the ``name_words`` list), a stop word, a month, a place, a parole-domain term or a
nationality/religion — is a name, together with a following capitalised word that is a
known surname (``Ebony Green``: surnames may be common words). Right after a relative
(``your daughter Crystal``, ``my brother, Will,``) a first name is a name whatever word or place
it also is, and so is a word no list knows (``my cousin Tavion``).
"""
from __future__ import annotations

import regex as re

from anonymizer.lang import compiled
from spacy.lang.en.stop_words import STOP_WORDS

from anonymizer.lang.en import gazetteer, lexicon, plain, vocabulary
from anonymizer.lang.en.gazetteer import place_category

from anonymizer.lang.en.recognizers._base import MONTHS, WEEKDAYS, Pattern, RuleRecognizer
from anonymizer.lang.en.recognizers.cdcr_institution import alias_in_context
from anonymizer.lang.en.recognizers.organization import a_hall

#: a capitalised word, capitals inside too (``McAllister-Greer``, ``DeShawn``)
_WORD = r"\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:-\p{Lu}?\p{Ll}+(?:\p{Lu}\p{Ll}+)?)?"
_NAME = rf"(?<![\p{{L}}\d'’-]){_WORD}(?![\p{{L}}\d-])"
# a surname candidate, not followed by a further capitalised word ("Sandra High School")
_SURNAME = compiled.compile(rf"[ ]({_WORD})(?![\p{{L}}\d-]|[ ]\p{{Lu}})")
_MONTHS_DAYS = vocabulary.CALENDAR_WORDS  # months, weekdays and holidays ("Easter" is a first name, too)
#: a courtesy or rank title that stands before a surname (``Officer Faerbanks``, ``Mr. Little``)
_TITLE = rf"(?:{'|'.join(map(re.escape, vocabulary.SURNAME_TITLES))})\.?"
_TITLED = rf"(?<=(?<![\p{{L}}'’-])(?:{_TITLE})[ ]){_WORD}(?:[ ]{_WORD}){{0,3}}(?![\p{{L}}\d-])"
#: an initial standing for a surname after a courtesy title (``Mr. G``, ``Ms. P, my counselor``); not a letter spelled
_TITLED_INITIAL = (rf"(?<=(?<![\p{{L}}'’-])(?:{'|'.join(vocabulary.INITIAL_TITLES)})\.?[ ])[A-HJ-Z](?![\p{{L}}\d'’-]|\.\p{{L}}"
                   r"|,?[ ](?i:as[ ]in|for|and)\b)")
#: two or more initials after a courtesy title, joined by hyphens or not, and the surname after them (``Mr C.-H.
#: Ehrenkrona``, ``Ms A.-M. Mendiboure``, ``Mr Z.M. Necatigil``, ``Mr F.L.``): the titled initial above took the
#: first letter alone and left ``-H.`` (a part of the name) unmasked
_INITIALS = r"\p{Lu}\.(?:-?\p{Lu}\.){1,3}"
_TITLED_INITIALS = (rf"(?<=(?<![\p{{L}}'’-])(?:{'|'.join(vocabulary.INITIAL_TITLES)})\.?[ ]){_INITIALS}"
                    rf"(?:[ ]{_WORD}(?![\p{{L}}\d-]))?")
_INITIALS_RE = compiled.compile(_INITIALS)
#: a given name, a Sikh name's middle word, perhaps a surname (``Harbans Kaur Sandhu``, ``Manjit Kaur``)
_SIKH = (rf"(?<![\p{{L}}'’.-])\p{{Lu}}\p{{Ll}}+[ ](?:{'|'.join(vocabulary.SIKH_NAME_WORDS)})"
         r"(?:[ ]\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)?(?![\p{L}\d'’-])")
_SIKH_RE = compiled.compile(_SIKH)
_RUN_WORD = compiled.compile(_WORD)
_TITLE_BEFORE = compiled.compile(rf"(?<![\p{{L}}'’-])(?:{_TITLE})[ ]$")


def _plain_word(word: str, extra_whitelist: tuple[str, ...] = ()) -> bool:
    key = word.casefold()
    return (
        lexicon.is_common_word(key)
        or key in _MONTHS_DAYS
        or lexicon.is_whitelisted(word, extra_whitelist)
        or key in gazetteer.nrp_terms()
    )


def _not_a_surname(word: str, extra_whitelist: tuple[str, ...]) -> bool:
    """After a title any capitalised word is a surname (common words too: ``Officer Young``,
    whitelisted ones too: ``Mr. Law``) except a stop word, a month or weekday, or a word, a
    whitelisted term or a place that is no census surname."""
    key = word.casefold()
    return (
        key in STOP_WORDS
        or key in _MONTHS_DAYS
        or (key not in gazetteer.last_names() and (
            lexicon.is_common_word(key) or lexicon.is_whitelisted(word, extra_whitelist) or place_category(word) is not None
        ))
    )


def _kin_name(text: str, start: int, end: int) -> bool:
    """A word no list knows right after a relative: a first name the census lists do not have ("my cousin
    Tavion", "his daughter Nevaeh"); any word set off by commas after a relative or an acquaintance ("My celly,
    Dutch, he made it": :func:`anonymizer.lang.en.lexicon.named_in_apposition`)."""
    # the relative first: admit asks this of every capitalised word, and few follow a relative
    return end - start >= 3 and ((lexicon.after_relative(text, start, floor=text.rfind("\n", 0, start) + 1,
                                                         kin_only=True) and plain.unknown_word(text[start:end]))
                                 or lexicon.named_in_apposition(text, start, end))


class PersonNameRecognizer(RuleRecognizer):
    """A known first name (Census 1990) that is not a common word or a place, plus a known surname after it."""

    ENTITY = "PERSON"
    PATTERNS = [Pattern("census_name", _NAME, 0.85), Pattern("titled_name", _TITLED, 0.85),
                Pattern("titled_initial", _TITLED_INITIAL, 0.85), Pattern("titled_initials", _TITLED_INITIALS, 0.85),
                Pattern("sikh_name", _SIKH, 0.85)]
    CONTEXT = ["name", "mr", "mrs", "ms", "my", "his", "her", "brother", "sister", "mother", "father", "friend"]

    def admit(self, text: str, start: int, end: int) -> bool:
        """Most capitalised words are no census first name and follow no title: :meth:`adjust`
        would drop them (the one-word patterns match one word, so equal spans get equal answers); a Sikh
        name's span is its own pattern's."""
        return (end - start >= 3 and text[start:end].casefold() in gazetteer.first_names()) \
            or _TITLE_BEFORE.search(text, max(0, start - 12), start) is not None or _kin_name(text, start, end) \
            or _SIKH_RE.fullmatch(text, start, end) is not None

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        first = text[start:end]
        if len(first) == 1:
            return start, end  # "Ms. P": the titled initial's pattern
        initials = _INITIALS_RE.match(first)
        if initials:  # "Mr C.-H. Ehrenkrona"; "Mr F.L. At the end": the initials alone
            surname = first[initials.end():].strip()
            return (start, end) if surname and not _not_a_surname(surname, self.extra_whitelist) \
                else (start, start + initials.end())
        if _SIKH_RE.fullmatch(text, start, end):  # a given name first: no title, stop word or common word
            given = first.split()[0]
            return None if lexicon.is_title_word(given) or given.casefold() in STOP_WORDS \
                or _plain_word(given, self.extra_whitelist) else (start, end)
        if _TITLE_BEFORE.search(text, max(0, start - 12), start):
            return self._titled_run(text, start, end)
        if len(first) >= 3 and first.casefold() not in gazetteer.first_names() and _kin_name(text, start, end):
            surname = _SURNAME.match(text, end)  # "my cousin Tavion", "my cousin Tavion Okafor"
            last = surname.group(1).split("-") if surname else []
            return start, surname.end(1) if last and all(map(plain.surname_word, last)) else end
        if len(first) < 3 or first.casefold() not in gazetteer.first_names():
            return None
        kin = lexicon.after_relative(text, start, floor=text.rfind("\n", 0, start) + 1, kin_only=True) \
            or lexicon.named_in_apposition(text, start, end)  # "My homeboy, Irish, was there"
        if not kin and place_category(first) is not None:
            return None
        if alias_in_context(text, start, end):
            return None  # "fighting at Sierra", "at Donovan": the prison
        if _plain_word(first, self.extra_whitelist) and not (kin and first.casefold() not in STOP_WORDS):
            return self._with_rare_surname(text, start, end)
        surname = _SURNAME.match(text, end)
        if surname is not None:
            last = surname.group(1)
            key = last.casefold()
            if key in gazetteer.last_names() and key not in STOP_WORDS and key not in _MONTHS_DAYS \
                    and not lexicon.is_whitelisted(last, self.extra_whitelist) and not (last == "Hall" and a_hall(text, start)):
                return start, surname.end(1)
        return start, end

    def _titled_run(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        """The capitalised words after a title (``Mr Utku Karaarslan``, ``Officer Dennis Garcia``): one
        word when it may be a surname (:func:`_not_a_surname`); a longer run up to a stop word, a month
        or a whitelisted term, ending on no organization's head word."""
        words = [m for m in _RUN_WORD.finditer(text, start, end)]
        run = []
        for word in words:
            key = word.group().casefold()
            if key in STOP_WORDS or key in _MONTHS_DAYS or lexicon.is_whitelisted(word.group(), self.extra_whitelist):
                break
            run.append(word)
        while len(run) > 1 and run[-1].group().casefold() in vocabulary.ORGANIZATION_HEAD_WORDS:
            run.pop()
        if len(run) > 1:
            return start, run[-1].end()
        return None if _not_a_surname(words[0].group(), self.extra_whitelist) else (start, words[0].end())

    def _with_rare_surname(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        """A first name that is also a word (``Love``, ``Will``) is a name only before a census
        surname that is no word, place or whitelisted term (``my wife, Love Castellanos``)."""
        surname = _SURNAME.match(text, end)
        if surname is None:
            return None
        last = surname.group(1)
        key = last.casefold()
        if key not in gazetteer.last_names() or _plain_word(last, self.extra_whitelist) or place_category(last) is not None:
            return None
        return start, surname.end(1)
