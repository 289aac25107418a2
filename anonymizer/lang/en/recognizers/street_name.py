"""PERSON: a street name of a lead word and a given name (``Big Tony``, ``Lil Smokey``, ``Baby Mike``), with
or without a naming cue before it.

The tagger reads ``my boss, Big Tony,`` as a place and ``Lil Smokey`` as a group, and splits ``Big Mike`` into
a capitalised word and a name. The lead word (``vocabulary.STREET_NAME_LEADS``) and the name after it are one
person's name. ``Lil`` (``Lil'``, ``Li'l``) is never anything else, so any capitalised word after it goes with
it (``Lil Creeper``); after the other leads, which are ordinary words too, only a given name of the Census lists
that is no country or state (``Big Tony``, ``Little Jerome``, ``Big Ray``: a town's name too; not ``Big Sur``,
``Little Rock``, ``Big Bear`` or ``Little India``). Not a name: a whitelisted phrase (a program, a store), or a
stop word or a title after the lead.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import gazetteer, lexicon, vocabulary

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer
from anonymizer.lang.en.recognizers.moniker import WORD

_LEADS = "|".join(re.escape(lead) for lead in vocabulary.STREET_NAME_LEADS)
_ALWAYS = ("lil", "lil'", "li'l")


class StreetNameRecognizer(RuleRecognizer):
    """A lead word of a street name (``Big``, ``Lil``) and the given name after it."""

    ENTITY = "PERSON"
    PATTERNS = [Pattern("street_name", rf"(?<![\p{{L}}\d'’.-])(?:{_LEADS})[ ]{WORD}(?![\p{{L}}\d'’-])", 0.85)]
    CONTEXT = ["called", "named", "moniker", "homeboy"]

    def keep(self, text: str, start: int, end: int) -> bool:
        surface = text[start:end]
        lead, name = surface.split(" ", 1)
        key = name.strip("'’").casefold()
        if lexicon.is_whitelisted(surface) or lexicon.is_stop_word(key) or lexicon.is_title_word(name) \
                or key in vocabulary.CALENDAR_WORDS or gazetteer.place_category(surface) is not None:
            return False  # "Big Brothers Big Sisters" is whitelisted; "Little League"; "Big Sur", "Little Saigon"
        if lead.casefold() in _ALWAYS:
            return True
        return key in gazetteer.first_names() and gazetteer.place_category(name) in (None, "CITY")
