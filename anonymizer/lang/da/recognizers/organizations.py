"""Danish firms and institutions (``ORGANIZATION``: "Nordisk Byg ApS", "Fynsk Blik & VVS ApS", "værtshuset Den
Gyldne Hane", "Børnehuset Solsikken", "Nørremarkskolen", "Holbæk Sygehus", an employer: "ansat hos Bygma"), what a
person works as (``OCCUPATION``:
"arbejder som lagerarbejder", "ansat som faglært tømrer") and a forum's user names (``URL``, the core's label of a
name online: "Skrevet af: villamor_i_viby"). A public body ("Aarhus Kommune", "Jobcenter Aarhus") is none of them."""
from __future__ import annotations

import regex as re

from anonymizer.lang.rules import Pattern, RuleRecognizer

from .. import vocabulary

_UPPER = r"\p{Lu}"
_LOWER = r"\p{Ll}"
#: a word of a firm's name: "Nordisk", "VVS", "Blik", "7-Eleven"
_WORD = rf"(?:[{_UPPER}\d][{_LOWER}\d-]*[{_LOWER}]|[{_UPPER}]{{2,5}}|[{_UPPER}][{_LOWER}]*\.)"
_FIRM = (rf"(?<![\w]){_WORD}(?:[ ](?:{_WORD}|&|og|[{_LOWER}]+(?=[ ][{_UPPER}]))){{0,4}}[ ]"
         r"(?:ApS|A/S|I/S|P/S|K/S|IVS|a\.m\.b\.a\.|A\.m\.b\.A\.)(?![\w/])")
_ANY_CASE = lambda words: "(?i:" + "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True)) + ")"  # noqa: E731
_HEADS = "|".join(sorted((h.capitalize() for h in vocabulary.INSTITUTION_HEADS), key=len, reverse=True))
_TAILS = "|".join(sorted(vocabulary.INSTITUTION_HEADS, key=len, reverse=True))
_CAP = rf"[{_UPPER}][{_LOWER}]+"
_LOWER_NOUNS = [w for w in vocabulary.BUSINESS_NOUNS if w.islower()]
_UPPER_NOUNS = [w for w in vocabulary.BUSINESS_NOUNS if not w.islower()]
#: the name after a business's kind: capitalised words ("Den Gyldne Hane"), a small word between them allowed
_BUSINESS_NAME = rf"{_WORD}(?:[ ](?:{_WORD}|og|i|på|&)(?=[ ]?[{_UPPER}\d])|[ ]{_WORD}){{0,4}}"

PATTERNS = [
    Pattern("dk_firm", _FIRM, 0.85),
    # Nørremarkskolen / Holbæk Sygehus / Odense Universitetshospital
    Pattern("dk_institution_word", rf"(?<![\w-])[{_UPPER}][{_LOWER}]+(?:{_TAILS})(?![\w])", 0.7),
    Pattern("dk_institution", rf"(?<![\w-])(?:{_CAP}[ ]){{1,2}}(?:{_HEADS})(?![\w])", 0.75),
    # værtshuset Den Gyldne Hane / Børnehuset Solsikken / Restaurant Havfruen
    Pattern("dk_business_named", rf"(?<=(?<![\w])(?:{'|'.join(_LOWER_NOUNS)})[ ]){_BUSINESS_NAME}(?![\w])", 0.75),
    Pattern("dk_business_titled", rf"(?<![\w])(?:{'|'.join(_UPPER_NOUNS)})[ ]{_BUSINESS_NAME}(?![\w])", 0.75),
]
_PUBLIC = re.compile(r"(?:Kommune|Region|Politi|Jobcenter|Styrelsen|styrelsen|Ministeriet|ministeriet|Ret|Retten|"
                     r"Landsret|Byret|Statsforvaltning|Ankestyrelsen|Universitet)\b")


class DanishOrganizationRecognizer(RuleRecognizer):
    """A firm with its legal form, an institution by its own name, a business after its kind; no public body."""

    ENTITY = "ORGANIZATION"
    PATTERNS = PATTERNS
    CONTEXT = ["firma", "selskab", "virksomhed", "arbejdsgiver", "skole", "sygehus"]

    def keep(self, text: str, start: int, end: int) -> bool:
        surface = text[start:end]
        if _PUBLIC.search(surface) or surface in vocabulary.PUBLIC_BODIES:
            return False
        if surface.split()[0] in vocabulary.HEADING_WORDS and len(surface.split()) == 1:
            return False
        return not vocabulary.is_common_word(surface)


#: the words before an employer's name ("ansat hos Bygma", "arbejder for Vestas", "job ved Arla Foods", "ansat i
#: Netto"): "i" only after "ansat" ("arbejder i Skive" is a place)
_EMPLOYER_CUE = (r"(?<![\w])(?i:(?:ansat|ansættelse|beskæftiget|job|arbejde|arbejder|arbejdede|arbejdet|praktik|"
                 r"elev|lærling|lærlingeplads|elevplads|chauffør|vikar|vikarierede|leder|direktør|medarbejder)[ ]"
                 r"(?:hos|ved|for)|(?:ansat|ansættelse)[ ]i)[ ]")

#: an employer's name: capitalised words, "og" or "&" between two ("Hansen & Søn"); "Netto i Skive" is two names
_EMPLOYER = rf"{_WORD}(?:[ ](?:og|&)(?=[ ][{_UPPER}\d])|[ ]{_WORD}){{0,4}}"


class DanishEmployerRecognizer(RuleRecognizer):
    """The capitalised name after "ansat hos", "arbejder for", "job ved" and the like: who employs a person, a
    firm without its legal form ("Bygma", "Netto", "Arla Foods"); no public body, no town (a place of its own)."""

    ENTITY = "ORGANIZATION"
    PATTERNS = [Pattern("dk_employer", rf"(?<={_EMPLOYER_CUE}){_EMPLOYER}(?![\w])", 0.75)]
    CONTEXT = ["ansat", "arbejder", "job"]

    def keep(self, text: str, start: int, end: int) -> bool:
        surface = text[start:end]
        return not (_PUBLIC.search(surface) or vocabulary.is_public_body(surface) or vocabulary.is_town(surface)
                    or surface.split()[0] in vocabulary.HEADING_WORDS)


_OCCUPATION = (rf"(?<=(?<![\w]){_ANY_CASE(vocabulary.OCCUPATION_CUES)}[ ])"
               rf"(?:{_ANY_CASE(vocabulary.OCCUPATION_ADJECTIVES)}[ ])?"
               rf"[{_LOWER}][{_LOWER}-]{{3,}}(?![\w])")


#: "der er murer", "hun var sygeplejerske,": a word ending in an occupation's noun, then the clause's end
_OCCUPATION_IS = (rf"(?<=(?<![\w]){_ANY_CASE(vocabulary.OCCUPATION_IS_CUES)}[ ])"
                  rf"(?:{_ANY_CASE(vocabulary.OCCUPATION_ADJECTIVES)}[ ])?(?:[{_LOWER}][{_LOWER}-]*)?"
                  rf"(?:{'|'.join(sorted(vocabulary.OCCUPATION_HEADS, key=len, reverse=True))})"
                  rf"(?=[ ]?[,.;)]|[ ](?:og|hos|ved|i|på|for|af|uddannet)(?![\w])|$)")


class DanishOccupationRecognizer(RuleRecognizer):
    """What a person works as, after "arbejder som", "ansat som", "uddannet" and the like, or said as what the
    person is when the word ends in an occupation's noun ("der er murer", "hun var sygeplejerske")."""

    ENTITY = "OCCUPATION"
    PATTERNS = [Pattern("dk_occupation", _OCCUPATION, 0.75), Pattern("dk_occupation_is", _OCCUPATION_IS, 0.7)]
    CONTEXT = ["arbejder", "ansat", "job"]
    _NOT = frozenset(("frivillig", "vikar", "sådan", "sammen", "hidtil", "tidligere", "normalt", "også", "altid"))

    def keep(self, text: str, start: int, end: int) -> bool:
        last = text[start:end].split()[-1]
        return last not in self._NOT and last not in vocabulary.CLOSED_CLASS


class DanishUserNameRecognizer(RuleRecognizer):
    """A user name after a forum's "Skrevet af:", "Svar fra:", "Bruger:"."""

    ENTITY = "URL"
    PATTERNS = [Pattern("dk_user_name", rf"(?<={_ANY_CASE(vocabulary.USER_NAME_CUES)}:?[ ])[\w][\w.-]*[\w](?![\w])", 0.8)]
    CONTEXT = ["skrevet", "svar", "bruger"]
