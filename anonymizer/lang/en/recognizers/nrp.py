"""NRP: nationality, religion, ethnicity and political group words (``Mexican``, ``Catholic``,
``Jehovah's Witness``, ``Filipino``, ``Muslims``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import gazetteer, lexicon

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer, line_before
from anonymizer.lang.en.recognizers._names import FUNCTION_WORDS

#: Words of the lists that are also common words or names: left to the NER tools.
_AMBIGUOUS = frozenset(
    {"black", "white", "independent", "liberal", "conservative", "progressive", "democratic", "indigenous",
     "american", "arab", "jew"}
)


def _alternation() -> str:
    forms: set[str] = set()
    for term in gazetteer.nrp_terms():
        if term in _AMBIGUOUS:
            continue
        capitalised = " ".join(w[:1].upper() + w[1:] for w in term.split(" "))
        capitalised = re.sub(r"-(\w)", lambda m: "-" + m.group(1).upper(), capitalised)
        forms |= {capitalised, term.upper()}
    # a trie of the forms: at each offset it tries the forms the text spells out longest first, as the
    # alternation sorted longest first did (same matches), without trying every form (six times faster)
    return "(?:" + lexicon.trie_alternation(forms, {" ": "[ ]", "'": "['’]"}) + ")"


_NRP = rf"(?<![\w'’-]){_alternation()}(?:e?s)?(?![\w'’-]|[ ]\p{{Lu}})"


#: minorities whose name is a given name too ("Sami", "Roma"): a group only after "the" ("the Sami have") or before a
#: word of a people ("Sami villages", "a Roma family"); "I talked to Sami" is a person's
_GIVEN_NAMES_TOO = frozenset({"sami", "roma"})
_THE_BEFORE = re.compile(r"\b(?i:the)[ ]$")
_PEOPLE_AFTER = re.compile(r"(?:e?s)?[ ](?:villages?|famil(?:y|ies)|people|peoples|communit(?:y|ies)|minorit(?:y|ies)|origin"
                           r"|children|settlements?|camps?|culture|language|rights|herders?|women|men)\b")


class NrpRecognizer(RuleRecognizer):
    """Capitalised words of the packaged nationality, religion, ethnicity and political
    lists, with an optional plural.  Not when a capitalised word follows (``American
    Samoa``, ``Mexican Mafia``, ``Asian Boyz`` are places and gangs) or precedes
    mid-sentence (a surname such as ``Paris Christian``)."""

    ENTITY = "NRP"
    PATTERNS = [Pattern("nrp_gazetteer", _NRP, 0.85)]
    CONTEXT = ["family", "raised", "religion", "church", "born", "culture", "faith", "heritage"]

    def keep(self, text: str, start: int, end: int) -> bool:
        if lexicon.named_in_apposition(text, start, end):
            return False  # "My celly, Dutch, he made it": a nickname (the person-name recognizer's)
        word = re.sub(r"e?s$", "", text[start:end]).casefold()
        if (word in _GIVEN_NAMES_TOO or text[start:end].casefold() in _GIVEN_NAMES_TOO) \
                and not _THE_BEFORE.search(text, max(0, start - 4), start) and not _PEOPLE_AFTER.match(text, end):
            return False
        before = line_before(text, start, 60)
        if not before.endswith(" "):
            return True
        words = before.split()
        if not words:
            return True
        previous = words[-1]
        if not previous[:1].isupper() or previous[-1] in ",:;" or previous in FUNCTION_WORDS:
            return True
        rest = before.rstrip()[: -len(previous)].rstrip()
        return rest == "" or rest.endswith((".", "?", "!", ":", '"'))
