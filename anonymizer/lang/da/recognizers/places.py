"""Danish places (``LOCATION``): an address (a street, its number, the floor and side, "2. tv.", and a
postcode and town: "Nørregade 12, 2. tv., 2100 København Ø"), a postcode and its town alone ("8000 Aarhus C"),
a street alone ("på Strandvejen"), a town of the list ("bor i Vejle"; not a court's seat: "Retten i Glostrup")."""
from __future__ import annotations

import regex as re

from anonymizer.lang.rules import Pattern, RuleRecognizer

from .. import vocabulary

_UPPER = r"\p{Lu}"
_LOWER = r"\p{Ll}"
_CAP = rf"[{_UPPER}][{_LOWER}]+"
_ENDING = "(?:" + "|".join(sorted(vocabulary.STREET_ENDINGS, key=len, reverse=True)) + ")"
#: a street's name: one word ending in a street word ("Nørregade", "Strandvejen", "Ahornallé") or written apart
#: ("Gammel Kongevej", "H.C. Andersens Boulevard", "Ved Stranden", "Sankt Hans Gade")
_STREET = (rf"(?:(?:[{_UPPER}]\.){{1,3}}[ ]?)?(?:{_CAP}[ ]){{0,2}}(?:[{_UPPER}][{_LOWER}]*{_ENDING}|{_CAP}[ ]"
           rf"(?:{'|'.join(vocabulary.STREET_WORDS_APART)})|Ved[ ]{_CAP})")
_NUMBER = r"\d{1,3}(?:[ ]?[A-Za-z](?![\w]))?"
#: "2. tv." / "st. th." / "1. sal" / "kl." / "3. mf." / ", lejl. 4"
_FLOOR = (r"(?:,?[ ](?:\d{1,2}\.|st\.|stuen|kld\.|kl\.)(?:[ ](?:tv\.?|th\.?|mf\.?|t\.v\.|t\.h\.|sal|\d{1,3}))?"
          r"(?![\w]))?(?:,?[ ](?i:lejl\.|lejlighed)[ ]\d{1,3})?")
_TOWN_WORDS = rf"{_CAP}(?:[ ](?:{_CAP}|[NSVØC]|SV|NV|SØ|NØ)(?![\w]))?"
_POSTCODE_TOWN = rf"[1-9]\d{{3}}[ ]{_TOWN_WORDS}"

PATTERNS = [
    Pattern("dk_address", rf"(?<![\w]){_STREET}[ ]{_NUMBER}{_FLOOR}(?:,?[ ]{_POSTCODE_TOWN})?(?![\w])", 0.85),
    Pattern("dk_postcode_town", rf"(?<![\w.,/-]){_POSTCODE_TOWN}(?![\w])", 0.8),
    Pattern("dk_street", rf"(?<![\w]){_STREET}(?![\w])", 0.6),
]


class DanishAddressRecognizer(RuleRecognizer):
    """An address, a postcode with its town, or a street's name alone; a postcode's town must be a capitalised
    word (a sum, "1000 kroner", is not); a street alone must end in a street word and not be a court's own
    ("Retten på Frederiksberg", "Bredgade" of a firm's letterhead is still a place)."""

    ENTITY = "LOCATION"
    PATTERNS = PATTERNS
    CONTEXT = ["bopæl", "adresse", "bor", "boede", "postnummer"]

    def keep(self, text: str, start: int, end: int) -> bool:
        first = text[start:end].split()[0]
        if re.fullmatch(r"[1-9]\d{3}", first):
            town = text[start:end].split()[1]
            return not vocabulary.is_common_word(town) or vocabulary.is_town(town)
        surface = text[start:end]
        if not any(c.isdigit() for c in surface):  # a street alone: a strong street word, no town ("Holstebro")
            last = surface.split()[-1].casefold()
            if vocabulary.is_town(surface) or not last.endswith(vocabulary.STRONG_STREET_ENDINGS):
                return False
        return not (vocabulary.is_common_word(first) and surface == first and vocabulary.sentence_start(text, start))


class DanishTownRecognizer(RuleRecognizer):
    """A town of the list written with a capital (æ, ø, å or ``aa``/``oe`` folded), not a court's or a police
    district's seat, not an ordinary word at a sentence's start ("Hjem", "Skive" stay if the list says town)."""

    ENTITY = "LOCATION"
    PATTERNS = [Pattern("dk_town", rf"(?<![\w-]){_CAP}(?:[ ]{_CAP})?(?![\w-])", 0.7)]
    CONTEXT = ["bor", "boede", "i", "fra"]

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        surface = text[start:end]
        if not vocabulary.is_town(surface):
            first = surface.split()[0]
            if first == surface or not vocabulary.is_town(first):
                return None
            end = start + len(first)
            surface = first
        if vocabulary.is_court_seat(text, start) or text[end:end + 12].startswith((" Byret", " Kommune", " Politi", " Kommunes")):
            return None
        if vocabulary.is_common_word(surface) and vocabulary.sentence_start(text, start):
            return None
        district = _DISTRICT.match(text, end)
        return start, district.end() if district else end


#: a postal district's letters after a town ("Viby J", "København NV", "Aarhus C")
_DISTRICT = re.compile(r"[ ](?:[NSVØCJK]|SV|NV|SØ|NØ)(?![\w])")
