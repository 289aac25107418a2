"""ORGANIZATION: a particular court named with its town, the forms the tagger cuts or misses
(``Vienna Labour`` of ``the Vienna Labour and Social Court``, ``Mersin Civil Court`` of ``the Mersin Civil
Court of First-instance``; ``the Brandenburg Regional Labour Court``, ``the Frankfurt/Oder Labour Court`` and
``the District Court in Wodzisław Śląski`` not found at all) and a chamber of one (``the Ninth Chamber of the Istanbul Assize Court``).

TAB marks a court with its town QUASI (it tells where the applicant lives or was tried) and a
court named by generic words only NO_MASK (``the Regional Court``, ``the Supreme Court``,
``the 9th Chamber of the Court of Cassation``: ``public_body``). The town is a capitalised word
after ``the`` that is no generic word of a body and no country's adjective (``the Austrian
Administrative Court`` is the respondent state's); the court's kind is one of Europe's lower
courts (``vocabulary_bodies.COURT_KINDS``), so ``Kern County Superior Court`` stays a county before a
generic court, as in the hearings.
"""
from __future__ import annotations

from functools import cache

import regex as re

from anonymizer.lang.en import gazetteer, public_body, vocabulary
from anonymizer.lang.en.vocabulary_bodies import COURT_KINDS

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer

_KIND = "(?:" + "|".join(COURT_KINDS) + ")"
_QUALIFIER = "(?:" + "|".join(sorted(public_body.QUALIFIERS, key=len, reverse=True)) + ")"
_QUALIFIER_WORD = rf"(?:{_QUALIFIER}|{'|'.join(public_body.HEADS)})(?![\w'’-])"
#: a town's word: a capitalised word that is no generic word of a body (``Regional``, ``Court``)
_TOWN_WORD = rf"(?!{_QUALIFIER_WORD})\p{{Lu}}[\p{{L}}'’-]*\p{{L}}"
#: a town of one or two words, or two joined by a slash (``Frankfurt/Oder``)
_TOWN = rf"{_TOWN_WORD}(?:/{_TOWN_WORD}|[ ]{_TOWN_WORD})?"
#: the court's name goes on (``Karşıyaka Criminal Court of First Instance``, ``Bavarian Social Court of
#: Appeal``): the tagger's span is kept whole (a date may follow: ``the Vienna Labour Court of 3 May``)
_NO_TAIL = r"(?![\w'’-]|[ ]of[ ]\p{Lu})"
#: ``Brandenburg Regional Labour Court``, ``Vienna Labour and Social Court``
#: ``of First-instance`` ending a court's name as some judgments write it (the tagger stops before it)
_FIRST_INSTANCE = r"(?:[ ]of[ ]First-instance)"
_TOWN_FIRST = (rf"(?P<town>{_TOWN})[ ](?:{_KIND}[ ]){{0,2}}(?:{_KIND}[ ]and[ ])?{_KIND}[ ]Court"
               rf"(?:{_FIRST_INSTANCE}(?![\w'’-])|{_NO_TAIL})")
#: ``District Court in Wodzisław Śląski`` (not ``in March 2003``, not a case ``in Kudła v. Poland``)
_TOWN_AFTER = rf"(?:{_KIND}[ ]){{1,3}}Court[ ]in[ ](?P<town>{_TOWN})(?![\w'’-]|[ ]v\.)"
#: ``Ninth Chamber of the Istanbul Assize Court``, ``2nd Division of the Ankara Administrative Court``
_ORDINAL = r"(?:\d{1,2}(?:st|nd|rd|th)|\p{Lu}\p{Ll}+(?:st|nd|rd|th))"
_UNIT_OF = (rf"{_ORDINAL}[ ](?:Chamber|Division|Section)[ ]of[ ]the[ ](?P<town>{_TOWN_WORD})[ ]"
            rf"(?:{_QUALIFIER}[ ]){{0,3}}Court(?![\w'’-])")
#: a prison by its town and its type, the type in lower case: ``the Edirne F-type prison``, ``the Sincan closed prison``
_TYPED_PRISON = rf"(?P<town>{_TOWN})[ ](?:\p{{Lu}}-[Tt]ype|[Hh]igh-[Ss]ecurity|[Cc]losed|[Oo]pen)[ ][Pp]rison(?![\w'’-])"
#: a town's prosecutor in lower case before its office: ``the Beyoğlu prosecutor’s office``, ``the Eyüp public
#: prosecutor's office`` (``the Principal Public Prosecutor`` of the Court of Cassation has no town: NO_MASK in TAB)
_TOWN_PROSECUTOR = (rf"(?P<town>{_TOWN})[ ](?:(?:chief[ ]|principal[ ])?public[ ])?prosecutor"
                    r"(?=['’]s[ ]office(?![\w'’-]))")
#: a town's mayor, governor or municipality, the office a judgment names (``the Mayor of Kuşadası``, ``the Governor of
#: Tunceli``, ``the Municipalities of Mattighofen and Schalchen``)
_TOWN_OFFICE = (rf"(?:Mayor|Governor|Governorship|Mayoralty|Municipality|Municipalities)[ ]of[ ](?P<town>{_TOWN})"
                rf"(?:[ ]and[ ](?P<town2>{_TOWN}))?(?![\w'’-]|[ ]\p{{Lu}})")
_AFTER_THE = r"(?<=\b[Tt]he[ ])"


@cache
def _any() -> re.Pattern[str]:
    """The shapes in one pattern, compiled when a court is first met (a tenth of a second of every
    process's start-up, and most hearings name no such court)."""
    return re.compile(f"{_TOWN_FIRST}|{_TOWN_AFTER}|{_UNIT_OF}|{_TYPED_PRISON}|{_TOWN_PROSECUTOR}|{_TOWN_OFFICE}")


@cache
def _prosecutor() -> re.Pattern[str]:
    return re.compile(_TOWN_PROSECUTOR)


_GENERIC = frozenset(w.casefold() for w in (*public_body.HEADS, *public_body.QUALIFIERS, *vocabulary.MONTHS))


class CourtRecognizer(RuleRecognizer):
    """A court's kind with its town before or after it, or a numbered chamber of such a court."""

    ENTITY = "ORGANIZATION"
    PATTERNS = [Pattern("court_town_first", _AFTER_THE + _TOWN_FIRST, 0.85, lazy=True),
                Pattern("court_town_after", _AFTER_THE + _TOWN_AFTER, 0.85, lazy=True),
                Pattern("court_unit_of", _AFTER_THE + _UNIT_OF, 0.85, lazy=True),
                Pattern("typed_prison", _AFTER_THE + _TYPED_PRISON, 0.85, lazy=True),
                Pattern("town_prosecutor", _AFTER_THE + _TOWN_PROSECUTOR, 0.85, lazy=True),
                Pattern("town_office", _AFTER_THE + _TOWN_OFFICE, 0.85, lazy=True)]
    CONTEXT = ["court", "judgment", "decision", "appeal"]
    #: what every match of a pattern holds: a hearing has none of them, so its start-up compiles none of the patterns
    NEEDS = {"court_town_first": re.compile(r"[ ]Court"), "court_town_after": re.compile(r"Court[ ]in[ ]"),
             "court_unit_of": re.compile(r"(?:Chamber|Division|Section)[ ]of[ ]the[ ]"),
             "typed_prison": re.compile(r"(?:-[Tt]ype|[Hh]igh-[Ss]ecurity|[Cc]losed|[Oo]pen)[ ][Pp]rison"),
             "town_prosecutor": re.compile(r"prosecutor['’]s[ ]office"),
             "town_office": re.compile(r"(?:Mayor|Governor|Governorship|Mayoralty|Municipality|Municipalities)[ ]of[ ]")}

    def keep(self, text: str, start: int, end: int) -> bool:
        match = _any().fullmatch(text, start, end)
        if match is None and (match := _prosecutor().match(text, start)) is not None and match.end() != end:
            match = None  # the prosecutor's look-ahead reads past the span's end
        if match is None:
            return False
        towns = [match.group("town")] + ([match.group("town2")] if match.groupdict().get("town2") else [])
        words = [w for town in towns for w in re.split(r"[ /]", town)]
        return not any(w.casefold() in _GENERIC or gazetteer.is_nrp_term(w) for w in words)
