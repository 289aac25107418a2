"""Danish places (``LOCATION``): an address (a street, its number, the floor and side, "2. tv.", and a
postcode and town: "Nørregade 12, 2. tv., 2100 København Ø"), a postcode and its town alone ("8000 Aarhus C"),
a street alone ("på Strandvejen"), a house number after a street with its number ("naboen i nr. 33"), a town of
the list ("bor i Vejle", "i Vejle-området"; not a court's seat:
"Retten i Glostrup", "Aarhus-politiet")."""
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
#: a house number and its letter ("31A", "31a", "31 A"; "31 i Viby" is the number and a preposition)
_NUMBER = r"\d{1,3}(?:(?:[A-Za-z]|[ ][A-Z])(?![\w]))?"
#: "2. tv." / "st. th." / "1. sal" / "kl." / "3. mf." / ", lejl. 4"
_FLOOR = (r"(?:,?[ ](?:\d{1,2}\.|st\.|stuen|kld\.|kl\.)(?:[ ](?:tv\.?|th\.?|mf\.?|t\.v\.|t\.h\.|sal|\d{1,3}))?"
          r"(?![\w]))?(?:,?[ ](?i:lejl\.|lejlighed)[ ]\d{1,3})?")
_TOWN_WORDS = rf"{_CAP}(?:[ ](?:{_CAP}|[NSVØC]|SV|NV|SØ|NØ)(?![\w]))?"
_POSTCODE_TOWN = rf"[1-9]\d{{3}}[ ]{_TOWN_WORDS}"

PATTERNS = [
    Pattern("dk_address", rf"(?<![\w]){_STREET}[ ]{_NUMBER}{_FLOOR}(?:,?[ ]{_POSTCODE_TOWN})?(?![\w])", 0.85),
    Pattern("dk_postcode_town", rf"(?<![\w.,/-]){_POSTCODE_TOWN}(?![\w])", 0.8),
    Pattern("dk_street", rf"(?<![\w]){_STREET}(?![\w])", 0.6),
    # naboen i nr. 33 / ud for nr. 42: a house of a street the text names before
    Pattern("dk_house_number", rf"(?<=(?<![\w])(?i:i|ud[ ]for|overfor|til|fra|på|naboen|nabo)[ ])(?i:nr\.)[ ]{_NUMBER}"
                               r"(?![\w]|[.,]\d)", 0.6),
]
#: a street's name with a house number, the one a house number alone ("nr. 33") is of
_STREET_NUMBER = re.compile(rf"{_STREET}[ ]\d{{1,3}}")


class DanishAddressRecognizer(RuleRecognizer):
    """An address, a postcode with its town, or a street's name alone; a postcode's town must be a capitalised
    word (a sum, "1000 kroner", is not); a street alone must end in a street word and not be a court's own
    ("Retten på Frederiksberg", "Bredgade" of a firm's letterhead is still a place)."""

    ENTITY = "LOCATION"
    PATTERNS = PATTERNS
    CONTEXT = ["bopæl", "adresse", "bor", "boede", "postnummer"]

    def keep(self, text: str, start: int, end: int) -> bool:
        first = text[start:end].split()[0]
        if first.lower() == "nr.":
            return _STREET_NUMBER.search(text, max(0, start - 600), start) is not None
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
    PATTERNS = [Pattern("dk_town", rf"(?<![\w-]){_CAP}(?:[ ]{_CAP})?(?![\w-])", 0.7),
                # Vejle-området / Aarhus-egnen / Odense-drabet: the town of a compound, its noun kept
                Pattern("dk_town_compound", rf"(?<![\w-]){_CAP}(?=-[{_LOWER}]{{3,}}(?![\w-]))", 0.7)]
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
        compound = _COMPOUND_NOUN.match(text, end)
        if compound and vocabulary.is_public_body_word(compound.group(1)):
            return None  # "Aarhus-politiet": a public body's seat, kept as "Retten i Glostrup" is
        if vocabulary.is_common_word(surface) and vocabulary.sentence_start(text, start):
            return None
        district = _DISTRICT.match(text, end)
        return start, district.end() if district else end


#: the noun after a town in a compound ("-området")
_COMPOUND_NOUN = re.compile(r"-(\p{Ll}+)")
#: a postal district's letters after a town ("Viby J", "København NV", "Aarhus C")
_DISTRICT = re.compile(r"[ ](?:[NSVØCJK]|SV|NV|SØ|NØ)(?![\w])")
