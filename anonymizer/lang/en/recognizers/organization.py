"""ORGANIZATION: named institutions recognised by their head noun (``Golden Valley Trucking``,
``Highland Hospital``, ``Fresno Police Department``, ``Hoover Elementary``, ``Homeboy Industries``), a state
university by its town (``San Jose State``), a company by its legal form (``Robert Bosch GmbH``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang import compiled

from anonymizer.lang.en import gazetteer, lexicon, plain, vocabulary
from anonymizer.lang.en.vocabulary_bodies import BUSINESS_NOUNS, LEGAL_FORMS, TRADE_NOUNS

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer, literal_alternation
from anonymizer.lang.en.recognizers._names import CAP_WORD, CONNECTOR, strip_function_words

#: Final words of an organization name (the vocabulary's), longest first inside the alternation.
HEADS = vocabulary.ORGANIZATION_HEADS
#: each head as written and in capitals (``DELTA VERBATIM REPORTING`` on a signature line), as a trie: the heads the
#: text spells out are tried longest first, as by an alternation sorted longest first (same matches, found faster)
_HEAD = "(?:" + lexicon.trie_alternation({*HEADS, *(h.upper() for h in HEADS)}, {" ": "[ ]"}) + ")"
#: one to three heads in a row (``Captioning Associates``, ``Reporting Services``)
_HEADS = rf"{_HEAD}(?:[ ](?:&[ ]|and[ ]|AND[ ])?{_HEAD}){{0,2}}"
#: a company word after the head: ``Foothill Transcription Company``, ``Golden Valley Trucking, Inc.``
_SUFFIX = r"(?:,?[ ](?:Company|Inc\.|Inc|LLC|Corporation|Group|Services|Co\.|COMPANY|INC\.|INC|CORPORATION|GROUP|SERVICES|CO\.)(?![\w'’-]))?"
#: a head followed by an inmate number is a phonetic letter of it (``Hotel 12345``), no organization
_NOT_AN_ID = r"(?!,?[ -]\d{4})"
#: a name's word, or an initialism inside it (``Greater Mount Zion A.M.E. Church``)
_WORD = rf"(?:{CAP_WORD}|(?:\p{{Lu}}\.){{2,4}}(?=[ ]))"
_ORG = rf"(?<![\w'’-]){CAP_WORD}(?:[ ](?:{CONNECTOR}[ ])?{_WORD}){{0,5}}?[ ](?:and[ ])?{_HEADS}(?![\w'’-]){_NOT_AN_ID}{_SUFFIX}"

#: a company by its legal form after its name: ``Robert Bosch GmbH`` (a person's name to the tagger),
#: ``MotoMeter AG``, ``Ilirija d.o.o.``, ``Polskie Radio Sp. z o.o.``
_LEGAL_FORM = "(?:" + "|".join(re.escape(f).replace(r"\ ", "[ ]") for f in sorted(LEGAL_FORMS, key=len, reverse=True)) + ")"
_COMPANY = rf"(?<![\w'’-]){CAP_WORD}(?:[ ](?:&[ ])?(?!{_LEGAL_FORM}[ ]){CAP_WORD}){{0,4}},?[ ]{_LEGAL_FORM}(?![\w'’/-])"
_COMPANY_RE = compiled.compile(_COMPANY)
#: a numbered company, its number for a name: ``481230 Manitoba Ltd.``, ``2201345 Ontario Inc.`` (five digits or more:
#: no year, no house number)
_NUMBERED_COMPANY = (r"(?<![\w'’.,/-])\d{5,10}[ ](?:\p{Lu}\p{Ll}+[ ]){1,2}"
                     r"(?:Ltd\.?|Limited|Inc\.?|Incorporated|Corp\.?|Corporation|ULC)(?![\w'’-])")
_NUMBERED_COMPANY_RE = compiled.compile(_NUMBERED_COMPANY)

_KNOWN = literal_alternation(gazetteer.organization_names())
_NAMED = rf"(?<![\w'’-]){_KNOWN}(?![\w'’-])"

#: an organization named in Spanish, its head first: ``Iglesia Cristiana Roca de Salvación``, ``Panadería La Esperanza``
_LEAD_FIRST = (rf"(?<![\w'’-])(?:{'|'.join(vocabulary.ORGANIZATION_LEADS)})"
               rf"(?:[ ](?:(?:de|del|la|las|los|el|y)[ ])*{CAP_WORD}){{1,5}}(?![\w'’-])")

#: heads of a body named by its cause, only with the cause's "of" inside ("Friends of Hope Society")
_CAUSE_HEADS = frozenset({"Society", "Association", "Institute"})
#: heads that are also surnames: they need two name words before them (``First Baptist Church``, not ``Daniel Church``)
_SURNAME_HEADS = frozenset({"Church", "Homes", "Market", "High", "Colony"})

#: a business by its owner's possessive alone, after a preposition and "the" (``at the Denny's on Hilltop Drive``,
#: ``from the McDonald's.``), and a business by its name before a lower-case noun of a business (``the Pho Saigon
#: restaurant``, ``the Sunrise liquor store``)
_NAME_WORD = r"\p{Lu}[\p{L}&-]*"
_OWNED = (rf"(?<=\b(?i:at|to|from|in|by|near|outside|behind|inside|into|of)[ ](?i:the)[ ])(?:{_NAME_WORD}[ ])?{_NAME_WORD}['’]s"
          r"(?=[ ](?:on|off|in|at|by|near|across|over|where|and|or|with|for|until|since|downtown|there)\b|[ ]?[,.;:!?)]|[ ]?$)")
_NOUN_AFTER = (rf"(?<=\b(?i:the)[ ]){_NAME_WORD}(?:[ ]{_NAME_WORD}){{0,2}}"
               rf"(?=[ ](?:{'|'.join(n.replace(' ', '[ ]') for n in BUSINESS_NOUNS)})\b)")
#: a business by its owner's possessive and its trade in small letters: ``Dwyer's trucking``, ``Nolan's plumbing``
_OWNERS_TRADE = (rf"(?<![\w'’-])(\p{{Lu}}\p{{Ll}}+)['’]s[ ](?:{'|'.join(n.replace(' ', '[ ]') for n in TRADE_NOUNS)})"
                 r"(?![\w'’-])")
_OWNERS_TRADE_RE = compiled.compile(_OWNERS_TRADE)
_OWNED_OR_NOUN_RE = compiled.compile(f"{_OWNED}|{_NOUN_AFTER}", re.MULTILINE)

#: heads of a building named for someone: never after ordinary words alone (``the Administration Building``,
#: ``Visiting Hall``); ``Hall``, a surname too, only where a place is said to be (``in Whitley Hall``,
#: ``Facility B, Whitley Hall``; not ``Monica Hall``)
_BUILDING_HEADS = frozenset({"Building", "Courthouse", "Library", "Hall", "Auditorium", "Stadium", "Arena", "Pavilion",
                             "Gymnasium"})
_WHERE_BEFORE = compiled.compile(r"(?:\b(?:in|at|inside|outside|into|near|behind)[ ](?:the[ ])?|\b(?:Facility|Yard|Unit|Building)"
                           r"[ ][A-Z0-9]{1,2},[ ])$")

#: university campuses: ``Cal State Fullerton``, ``UC Davis``, ``Cal Poly Pomona``
_CAMPUS = rf"(?<![\w'’-])(?:Cal[ ]State|Cal[ ]Poly|CSU|UC|SUNY|CUNY)[ ]{CAP_WORD}(?:[ ](?!Medical|University|College)\p{{Lu}}\p{{Ll}}+)?(?![\w'’-])"

#: a state university by its town (``Sacramento State``, ``San Jose State``; see adjust: a known town, no state)
_TOWN_STATE = rf"(?<![\w'’-]){CAP_WORD}(?:[ ]{CAP_WORD}){{0,2}}[ ]State(?![\w'’-]|[ ]\p{{Lu}})"
_TOWN_STATE_RE = compiled.compile(_TOWN_STATE)

#: a Catholic parish or school named for Mary, without a head noun: ``Our Lady of Guadalupe``, ``Our Lady
#: Help of Christians``, ``Our Lady Queen of Angels``, ``Our Lady of the Rosary``
_OUR_LADY = rf"(?<![\w'’-])Our[ ]Lady(?:[ ](?:of[ ](?:the[ ])?)?{CAP_WORD}){{1,4}}(?![\w'’-])"

#: words that alone do not make a name: ``the State Prison``, ``County Jail``, ``Police Department``
GENERIC = frozenset(
    """
    State County City Community Regional Medical Juvenile Federal Public Local Police Sheriff's Sheriff’s
    Department General Elementary Middle High Junior Senior Catholic Christian
    Private Charter Continuation Adult Alternative Trade Vocational New Old North South East West Northern
    Southern Eastern Western Prison Jail School College University
    """.split()
)
_GENERIC_TITLE = frozenset(w.title() for w in GENERIC)
_WORDS = compiled.compile(r"[^\s]+")


#: an employer or a unit by its initials in an account of one's career: "then I was with QRU", "he worked for
#: DWR" (a domain's agencies and programs are whitelisted: "I was in AA")
_EMPLOYER_INITIALS = (r"(?<=\b(?:I|he|she|we|they)[ ](?:was|were|worked|work|works|went)[ ](?:with|for)[ ](?:the[ ])?)"
                      r"[A-Z]{2,5}(?![\w'’.-])")
_EMPLOYER_INITIALS_RE = compiled.compile(_EMPLOYER_INITIALS)
#: a UK prison or young offender institution by its prefix: "HMP Bronzefield", "HMYOI Feltham", "HM Prison Leeds"
_UK_PRISON = rf"(?<![\w'’-])(?:HMP(?:[ ]?YOI)?|HMYOI|HM[ ]Prison|Her[ ]Majesty['’]s[ ]Prison)[ ]{CAP_WORD}(?:[ ]{CAP_WORD})?(?![\w'’-])"
_UK_PRISON_RE = compiled.compile(_UK_PRISON)
#: a name of three or more capitalised words joined by hyphens (two are often a region: "Baden-Württemberg"), its
#: initials in brackets after it: "the Erich-Weinert-Ensemble (EWE)" (a body named for someone; a tagger finds at
#: most the initials)
_HYPHENED_INITIALS = r"(?<![\w'’-])\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+){2,4}[ ]\(\p{Lu}{2,5}\)"
_HYPHENED_INITIALS_RE = compiled.compile(_HYPHENED_INITIALS)
#: compiled once (built and looked up in the cache at each of a hearing's ~1,000 matches, they were 1.5 % of a pass)
_HEADS_AT_END_RE = compiled.compile(rf"{_HEADS}(?={_SUFFIX}$)")
_HEADLESS_RE = compiled.compile(f"{_CAMPUS}|{_NAMED}|{_OUR_LADY}|{_LEAD_FIRST}")


class OrganizationRecognizer(RuleRecognizer):
    """Capitalised words ending in an organization head noun.

    Leading function words (``The``, ``At``, ``My``) are not part of the span, and a
    name needs at least one specific word before the head (``the County Jail`` and
    ``Police Department`` alone do not match).  Lower-case connectors are allowed
    inside (``Pacific Gas and Electric``).  ``High`` as a head only follows a single
    capitalised word (``Fremont High``).
    """

    ENTITY = "ORGANIZATION"
    PATTERNS = [Pattern("organization_head_noun", _ORG, 0.85), Pattern("university_campus", _CAMPUS, 0.85),
                Pattern("known_organization", _NAMED, 0.85), Pattern("our_lady", _OUR_LADY, 0.85),
                Pattern("town_state_university", _TOWN_STATE, 0.85), Pattern("spanish_head_first", _LEAD_FIRST, 0.85),
                Pattern("company_legal_form", _COMPANY, 0.85), Pattern("business_owned", _OWNED, 0.85),
                Pattern("business_noun_after", _NOUN_AFTER, 0.85), Pattern("employer_initials", _EMPLOYER_INITIALS, 0.85),
                Pattern("uk_prison", _UK_PRISON, 0.85), Pattern("hyphened_initials", _HYPHENED_INITIALS, 0.85),
                Pattern("numbered_company", _NUMBERED_COMPANY, 0.85), Pattern("owners_trade", _OWNERS_TRADE, 0.85)]
    CONTEXT = ["worked", "job", "school", "hospital", "company", "department", "prison", "jail", "attended"]
    #: a company's legal form after a space, which every match of its pattern holds (a judgment's ``GmbH``; a
    #: hearing seldom has one, and trying the name's words before it at every capital costs more than this scan)
    NEEDS = {"company_legal_form": re.compile(rf"[ ]{_LEGAL_FORM}")}
    #: the legal form and " State", which every match of their patterns holds: searched on their lines only
    ANCHORS = {"company_legal_form": NEEDS["company_legal_form"], "town_state_university": re.compile(r"[ ]State")}

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        if _NUMBERED_COMPANY_RE.fullmatch(text, start, end):
            return start, end
        if owned := _OWNERS_TRADE_RE.fullmatch(text, start, end):  # not "Today's construction", "Mom's catering"
            owner = owned.group(1)
            return None if _is_title(owner) or lexicon.is_stop_word(owner.casefold()) or plain.is_plain_word(owner) \
                or gazetteer.is_known_place(owner) \
                or owner.casefold() in vocabulary.KIN_WORDS else (start, end)
        if (prison := _UK_PRISON_RE.match(text, start)) and prison.end() == end:
            return start, end
        if _HYPHENED_INITIALS_RE.fullmatch(text, start, end):
            name, _, initials = text[start:end].partition(" (")
            return (start, end) if "".join(w[0] for w in name.split("-")) == initials[:-1] else None
        if (initials := _EMPLOYER_INITIALS_RE.match(text, start)) and initials.end() == end:
            surface = text[start:end]
            return None if lexicon.is_whitelisted(surface) or lexicon.is_role_word(surface) else (start, end)
        if not text.startswith("Our Lady ", start):  # the parish's "Our" is no function word
            start = _past_person(text, strip_function_words(text, start, end), end)
        if _TOWN_STATE_RE.fullmatch(text, start, end):
            town = text[start:end].rsplit(" ", 1)[0]
            known = gazetteer.is_known_place(town) and town.upper() not in vocabulary.US_STATES
            return (start, end) if known else None
        words = _WORDS.findall(text, start, end)
        if (business := _OWNED_OR_NOUN_RE.match(text, start)) and business.end() == end:  # its look-ahead past end
            return (start, end) if _a_business(text[start:end]) else None
        if _COMPANY_RE.fullmatch(text, start, end):  # not a title's office: "the Deputy AG"
            return None if any(_is_title(w) for w in words[:-1]) else (start, end)
        head = _HEADS_AT_END_RE.search(text[start:end])
        if head is None:
            return (start, end) if _HEADLESS_RE.match(text[start:end]) else None
        if plain.is_document_title(words):
            return None  # "CERTIFICATE OF TRANSCRIPTION": a document's title, not a firm
        name = [w for w in text[start : start + head.start()].split() if w[:1].isupper() or w[:1].isdigit()]
        if not any(w.strip(",").title() not in _GENERIC_TITLE for w in name):
            return None
        word = head.group().title()
        if word in _CAUSE_HEADS and not _OF.search(text, start, start + head.start()):
            return None  # "Lamp of Reason Society", a body of a cause; not "Royal Chemical Society", a profession's
        if word == "High" and (len(words) not in (2, 3) or (len(words) == 3 and all(map(plain.in_dictionary, name))
                                                             and not _names_a_place(name))):
            return None  # "Fremont High", "Yerba Buena High", "East Bakersfield High"; not "Way Too High"
        if word in _SURNAME_HEADS and word != "High" and len(name) < 2 and not _a_word_no_name(name):
            return None  # "Daniel Church"; not "Sunrise Market"
        if word in _BUILDING_HEADS and (all(map(plain.in_dictionary, name)) or (
                word == "Hall" and not a_hall(text, start))):
            return None  # "the Administration Building"; "Monica Hall" (a person); not "in Whitley Hall"
        return start, end


def _a_business(surface: str) -> bool:
    """A business's name of :data:`_OWNED` or :data:`_NOUN_AFTER`: no title or role word, no term of the domain, no
    nationality or calendar word, no place before a noun (``the Board's,``, ``the Mexican restaurant``, ``the Fresno
    store``; ``the Denny's`` though Denny is a town), no family's home (``at the Garcia's``: a surname, no given name)."""
    bare = vocabulary.strip_possessive(surface)
    words = bare.split()
    if bare != surface and len(words) == 1 and bare.casefold() in gazetteer.last_names() \
            and bare.casefold() not in gazetteer.first_names():
        return False
    return not any(_is_title(w) or lexicon.is_stop_word(w.casefold()) or w.casefold() in vocabulary.CALENDAR_WORDS
                   for w in words) \
        and not lexicon.is_whitelisted(bare) and not lexicon.is_whitelisted(surface) \
        and any(w not in _GENERIC_TITLE for w in words) and (bare != surface or gazetteer.place_category(bare) is None) \
        and not gazetteer.is_nrp_term(bare.casefold())


def a_hall(text: str, start: int) -> bool:
    """Whether the name at ``start`` stands where a place is said to be, so that a ``Hall`` after it is a building's
    (``in Whitley Hall``, ``Facility B, Whitley Hall``), not a surname's (``Monica Hall testified``)."""
    return _WHERE_BEFORE.search(text, max(0, start - 20), start) is not None


def _names_a_place(name: list[str]) -> bool:
    """The words before a school's ``High`` name a town, or a part of one (``East Bakersfield``, ``Long Beach``)."""
    return gazetteer.is_known_place(" ".join(name)) or gazetteer.is_known_place(name[-1])


def _a_word_no_name(name: list[str]) -> bool:
    """One ordinary word that is no first name before a head that is a surname too (``Sunrise Market``)."""
    return len(name) == 1 and plain.in_dictionary(name[0]) and name[0].casefold() not in gazetteer.first_names()


_OF = compiled.compile(r"[ ]of[ ]")
_WORD_BEFORE = compiled.compile(r"(\S+)[ ]$")


def _past_person(text: str, start: int, end: int) -> int:
    """``start`` moved past a person named before the organization: ``(Pastor) Reginald Dupree of
    Greater New Hope Baptist Church``, ``Dr. Ann Lee of Kaiser Permanente``. The words before ``of``
    are a person's when a title stands before them or they open with a known first name that is
    no plain word; ``University of California`` and ``Bank of America`` keep their start."""
    of = _OF.search(text, start, end)
    if of is None:
        return start
    person = text[start : of.start()].split()
    before = _WORD_BEFORE.search(text, max(0, start - 20), start)
    titled = before is not None and _is_title(before.group(1))
    while person and _is_title(person[0]):
        person, titled = person[1:], True
    if not person or len(person) > 3:
        return start
    named = person[0].casefold() in gazetteer.first_names() and not plain.in_dictionary(person[0]) and len(person) >= 2
    return of.end() if titled or named else start


def _is_title(word: str) -> bool:
    return lexicon.is_title_word(word) or lexicon.is_surname_title(word)
