"""Packaged word lists of ``anonymizer/lang/en/data/``: domain whitelist, person titles,
stop names, name words and the phonetic alphabet, with the matching rules the
detection stage uses to filter spans.

Data files hold one entry per line; blank lines and lines starting with ``#``
are ignored.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from anonymizer.lang.en import vocabulary
from anonymizer.lang.en.vocabulary import POSSESSIVE as _POSSESSIVE
from anonymizer.lang.en.vocabulary import data_lines as _lines
from anonymizer.lang.en.vocabulary import fold_key as normalize_term
from anonymizer.lang.en.vocabulary import phonetic_alphabet, titles

_LEADING_PUNCT = " \t\n\"'“‘([{"
_TRAILING_PUNCT = " \t\n.,;:!?\"”)]}-–—"
__all__ = [
    "common_words", "is_common_word", "in_housing_designation", "is_name_word", "is_role_word", "is_surname_title", "is_title", "is_title_word", "all_titles", "title_words", "is_numbered_reference", "is_stop_name", "is_whitelisted", "name_words", "normalize_term", "phonetic_alphabet",
    "stop_names", "strip_titles", "titles", "trie_alternation", "whitelist", "whitelist_pattern",
]  # fmt: skip


def _whitelist_terms(extra: tuple[str, ...]) -> tuple[str, ...]:
    """The whitelist's terms: ``data/whitelist.txt``, the platforms' names (``vocabulary.ONLINE_PLATFORMS``)
    and a corpus's own."""
    return (*_lines("whitelist.txt"), *vocabulary.ONLINE_PLATFORMS, *extra)


@lru_cache(maxsize=8)
def _whitelist_table(extra: tuple[str, ...]) -> dict[str, bool]:
    """Normalized term -> whether it only matches when written in capitals.

    A term listed only as an acronym (``MAC``, ``PIA``, ``ICE``) does not
    whitelist the same letters written as a name (``Mac``, ``Pia``, ``Ice``).
    """
    table: dict[str, bool] = {}
    for term in _whitelist_terms(extra):
        key = normalize_term(term)
        if key:
            table[key] = table.get(key, True) and vocabulary.is_acronym(term)
    return table


def whitelist(extra: Iterable[str] = ()) -> frozenset[str]:
    """All whitelisted terms (packaged plus ``extra``) as normalized keys."""
    return frozenset(_whitelist_table(tuple(extra)))


def _matches(table: dict[str, bool], key: str, surface: str) -> bool:
    if key not in table:
        return False
    return not table[key] or not any(c.islower() for c in surface)


#: capital letters each with a dot (the last dot may be stripped): ``A.A``, ``G.E.D``
_DOTTED = re.compile(r"(?:[A-Z]\.){1,5}[A-Z]\.?")
_HYPHENED = re.compile(r"[A-Z](?:-[A-Z]){1,5}")  # "C-D-C-R": an acronym said letter by letter


def is_whitelisted(span_text: str, extra: Iterable[str] = ()) -> bool:
    """Whether a detected span is a parole-domain term that stays unmasked.

    Exact match of :func:`normalize_term` keys (so ``"the Board of Parole
    Hearings"``, ``"BPH's"`` match).  A plural of a term matches too
    (``CRAs``, ``Commissioners``), and an acronym written with dots (``A.A.``, ``G.E.D.``).  Acronym-only
    terms must be written in capitals (``MAC`` yes, ``Mac`` no).
    """
    table = _whitelist_table(tuple(extra))
    key = normalize_term(span_text)
    surface = _POSSESSIVE.sub("", span_text.strip(vocabulary.EDGE_PUNCT))
    if _matches(table, key, surface):
        return True
    if _DOTTED.fullmatch(surface):  # "A.A.", "G.E.D.": the term written with its dots
        undotted = surface.replace(".", "")
        return _matches(table, normalize_term(undotted), undotted)
    if _HYPHENED.fullmatch(surface):  # "C-D-C-R": the term spelled out (as speech recognition writes it)
        joined = surface.replace("-", "")
        return _matches(table, normalize_term(joined), joined)
    if len(key) > 2 and key.endswith("s"):
        return _matches(table, key[:-1], surface[:-1])
    return False


_THE = re.compile(r"^the ", re.IGNORECASE)
_TRIE_CHARS = {" ": "[ \t]+", "'": "['’]", "’": "['’]", "-": "[ \t]*-[ \t]*"}  # "Medi - Cal": CoNLL's tokens


def trie_alternation(terms: Iterable[str], chars: Mapping[str, str] | None = None) -> str:
    """A regex alternation of ``terms`` factored as a character trie (fast on long texts).

    ``chars`` maps a character to the pattern written for it (default: the escaped character);
    an empty ``terms`` gives ``""``.
    """
    trie: dict = {}
    for term in terms:
        node = trie
        for char in term:
            node = node.setdefault(char, {})
        node[""] = {}
    return _emit(trie, chars or {})


def _emit(node: dict, chars: Mapping[str, str]) -> str:
    branches = [chars.get(c, re.escape(c)) + _emit(child, chars) for c, child in sorted(node.items()) if c]
    if not branches:
        return ""
    if len(branches) == 1 and "" not in node:
        return branches[0]
    return "(?:" + "|".join(branches) + ")" + ("?" if "" in node else "")


@lru_cache(maxsize=8)
def _whitelist_pattern(extra: tuple[str, ...]) -> re.Pattern[str]:
    terms = {_THE.sub("", vocabulary.straight_apostrophes(" ".join(t.split()))) for t in _whitelist_terms(extra)}
    acronyms = {t for t in terms if vocabulary.is_acronym(t)}
    others = {t.lower() for t in terms - acronyms if t}
    alternatives = [f"(?i:{trie_alternation(others, _TRIE_CHARS)})"] + (
        [trie_alternation(acronyms, _TRIE_CHARS)] if acronyms else []
    )
    return re.compile(rf"(?<!\w)(?i:the[ \t]+)?(?:{'|'.join(alternatives)})(?:['’]s|s|['’])?(?!\w)")


def whitelist_pattern(extra: Iterable[str] = ()) -> re.Pattern[str]:
    """Regex finding every whitelisted term (packaged plus ``extra``) in a text.

    Used to protect whole ranges (``California Code of Regulations``) so no
    part of them is masked.  A leading ``the`` is part of the match.  Terms
    match case-insensitively, with any run of spaces or tabs between words,
    either apostrophe, spaces around a hyphen (CoNLL's ``Medi - Cal``), and an optional plural or possessive; acronym-only
    terms match only in capitals (``MAC``, not ``Mac``).  Never crosses a
    line break.
    """
    return _whitelist_pattern(tuple(extra))


@lru_cache(maxsize=1)
def name_words() -> frozenset[str]:
    """Lower-case name parts that are also ordinary English words (``young``, ``may``)."""
    return frozenset(word.casefold() for word in _lines("name_words.txt"))


@lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """Case-folded words that are usually not names: spaCy's English stop words, the name words
    and the kin words (``Son``, ``Cousin``: census names too, but in a hearing mostly the word)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(w.casefold() for w in STOP_WORDS) | name_words() | {w.casefold() for w in vocabulary.KIN_WORDS}


@lru_cache(maxsize=1)
def stop_words() -> frozenset[str]:
    """spaCy's English stop words that are not name words (``i``, ``and``; not ``will``, ``may``)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(w.casefold() for w in STOP_WORDS) - name_words()


def is_stop_word(word: str) -> bool:
    """Whether ``word`` is a stop word that is never a name part (see :func:`stop_words`)."""
    return word.casefold() in stop_words()


def is_common_word(word: str) -> bool:
    """Whether ``word`` is a stop word or a name part that is also a common word (``may``, ``young``)."""
    return word.casefold() in common_words()


def is_name_word(word: str) -> bool:
    """Whether a name part is also a common word (so a capitalised hit may be the word)."""
    return word.casefold() in name_words()


@lru_cache(maxsize=1)
def _title_pattern() -> re.Pattern[str]:
    # and the titles only ever before a surname ("Bishop Ignatius Ross"; "Bishop" alone is a surname too)
    alternatives = sorted({t.rstrip(".") for t in (*titles(), *vocabulary.SURNAME_TITLES)}, key=len, reverse=True)
    body = "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in alternatives)
    # a title, an optional dot, white space, then a capitalised word
    return re.compile(rf"(?:{body})\.?\s+(?=[^\W\d_])", re.IGNORECASE)


_SURNAME_TITLES = frozenset(t.casefold() for t in vocabulary.SURNAME_TITLES)


def is_role_word(word: str) -> bool:
    """A role or title word, also in the plural ("PRISONER", "Interpreter", "Detectives", "CCI",
    "Coach"): no name."""
    bare = _POSSESSIVE.sub("", word.strip(".,:;")).replace(".", "")  # "VICTIM'S", "V.N.O.K."
    return any(w.upper() in vocabulary.ROLE_WORDS or is_title_word(w) for w in (bare, bare.removesuffix("s")))


def is_title_word(word: str) -> bool:
    """A one-word title of a person (``vocabulary.PERSON_TITLE_WORDS`` and ``titles.txt``: "Officer",
    "C.O.", "Chaplain", "Coach", "Aunt"), unless ``titles.txt`` has it and it is a common surname too
    ("Mr. Elder")."""
    return word.strip(".,:;").casefold() in _title_words_no_surname()


def is_title(phrase: str) -> bool:
    """A person's title of ``titles.txt`` or a title word, as written ("Case Manager", "C.O.", "Officer")."""
    return " ".join(phrase.split()).rstrip(".").casefold() in all_titles()


@lru_cache(maxsize=1)
def all_titles() -> frozenset[str]:
    """Every person title, case-folded, without its dot: ``vocabulary.PERSON_TITLE_WORDS`` and ``titles.txt``."""
    return vocabulary.PERSON_TITLE_WORDS | {t.rstrip(".").casefold() for t in titles()}


@lru_cache(maxsize=1)
def title_words() -> frozenset[str]:
    """The one-word person titles of :func:`all_titles` ("mr", "officer", "c.o", "aunt")."""
    return frozenset(t for t in all_titles() if " " not in t)


@lru_cache(maxsize=1)
def _title_words_no_surname() -> frozenset[str]:
    shares = vocabulary.census_frequencies("dist.all.last")  # gazetteer.surname_share's list (a layer up)
    return frozenset(w for w in title_words()
                     if w in vocabulary.PERSON_TITLE_WORDS or shares.get(w, 0.0) < _COMMON_SURNAME)


#: per cent of the people who bear a surname from which a title word is a name too ("Elder": 0.012)
_COMMON_SURNAME = 0.005


def is_surname_title(word: str) -> bool:
    """Whether ``word`` is a courtesy or rank title that stands right before a surname (``Mr.``,
    ``Sergeant``, ``Officer``: ``vocabulary.SURNAME_TITLES``)."""
    return word.strip(vocabulary.EDGE_PUNCT).casefold() in _SURNAME_TITLES


def strip_titles(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink ``text[start:end]`` to the name: no leading titles, no trailing possessive/punctuation.

    Titles are removed repeatedly, longest first, only when a word starting
    with a capital letter follows inside the span
    (``"Presiding Commissioner Ruff's"`` -> ``"Ruff"``, ``"Brother John"`` ->
    ``"John"``, ``"brother"`` unchanged).  Surrounding quotes, brackets,
    punctuation, white space and a cut-off hyphen (``"Hernan-"``) are
    removed.  Returns ``(start, start)`` when nothing is left.
    """
    pattern = _title_pattern()
    while True:
        while start < end and text[start] in _LEADING_PUNCT:
            start += 1
        match = pattern.match(text, start, end)
        if match is None or not text[match.end()].isupper():
            break
        start = match.end()
    while end > start:
        possessive = _POSSESSIVE.search(text, start, end)
        if possessive is not None:
            end = possessive.start()
        elif text[end - 1] in _TRAILING_PUNCT:
            end -= 1
        else:
            break
    return start, end


_HOUSING = "(?i:" + "|".join(vocabulary.HOUSING_WORDS) + ")"
#: a yard by its letter's phonetic word ("Echo yard", "Bravo Yard"): only a yard, a name may go before "Block" or "Wing"
_PHONETIC_YARD = "(?:" + "|".join(sorted((w.title() for w in vocabulary.phonetic_alphabet()), key=len, reverse=True)) \
    + ")[- ](?i:yard)"
_HOUSING_DESIGNATION = re.compile(
    rf"(?<![\w'’-])(?:(?:[A-Z]|\d{{1,2}})[- ]?{_HOUSING}|{_HOUSING}[- ]?(?:[A-Z]|\d{{1,2}}|[IVX]{{1,4}})|{_PHONETIC_YARD})"
    r"(?![\w'’-])"
)


def in_housing_designation(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is, or is the word of, a prison's yard, facility or building
    by its letter, its letter's phonetic word or its number ("C Yard", "B-Facility", "Echo yard", "Building 12"): a place inside
    every prison, no one's name; also several in a row ("Facility C, Building 4")."""
    rest = list(text[start:end])
    covered = False
    for match in _HOUSING_DESIGNATION.finditer(text, max(0, start - 3), min(len(text), end + 6)):
        if match.start() <= start and end <= match.end():
            return True
        if match.start() >= start and match.end() <= end:
            rest[match.start() - start:match.end() - start] = " " * (match.end() - match.start())
            covered = True
    return covered and _JOINERS.fullmatch("".join(rest)) is not None


#: what may stand between housing designations named in a row
_JOINERS = re.compile(r"(?:[\s,/&-]|\band\b)*")


@lru_cache(maxsize=1)
def stop_names() -> frozenset[str]:
    """Normalized words NER tools tag as names in hearings that never are (``okay``, ``sir``)."""
    return frozenset(normalize_term(word) for word in _lines("stop_names.txt"))


def is_stop_name(span_text: str) -> bool:
    """Whether the whole span is a stop name (compared by :func:`normalize_term`)."""
    return normalize_term(span_text) in stop_names()


#: the honorifics a judge or an inquiry's chair is addressed by, after "my" or "your" ("Thank you, my Lady"):
#: no name's form on their own
ADDRESS_HONORIFICS = ("Lady", "Lord")
_ADDRESS_HONORIFIC = re.compile(rf"(?:(?<=\b[Mm]y )|(?<=\b[Yy]our ))(?:{'|'.join(ADDRESS_HONORIFICS)})(?![\w'’])")


def is_address_honorific(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is ``Lady`` or ``Lord`` addressing someone (``my Lady``), no one's name; ``the
    Lady May`` (a vessel) and ``Lady Penrose`` are names."""
    match = _ADDRESS_HONORIFIC.match(text, start)
    return match is not None and match.end() == end


_NUMBER_AFTER = re.compile(
    r"[^\S\n]+(?:(?:number|no\.|\#)[^\S\n]*(?=[a-z]{0,4}-?\d))?"
    r"(?:[a-z]{0,4}-?\d|(?:" + "|".join((*vocabulary.UNITS, *vocabulary.TEENS, *vocabulary.TENS)) + r")\b)", re.IGNORECASE)


def is_numbered_reference(text: str, start: int, end: int) -> bool:
    """A reference noun right before a number (``Count 2``, ``Section three``, ``Case number VCF042219``): a part
    of a legal text or a record's number, no name."""
    return text[start:end].casefold() in vocabulary.REFERENCE_NOUNS and bool(_NUMBER_AFTER.match(text, end))


def _naming_after(words: tuple[str, ...]) -> re.Pattern[str]:
    """One of ``words`` (or its plural), then a comma, "is"/"was"/"are"/"named" ("is also named") or nothing (or its possessive
    and a comma: "your father's, Esteban Castillo's, house"), then up to three names of a list ("my kids,
    Mateo and "), at the end: a name follows."""
    alternation = "|".join(re.escape(w) for w in words)
    return re.compile(rf"\b(?i:{alternation})(?:(?i:s)?(?:,|[ ](?:(?:is|was|are|were)(?:[ ]also)?(?:[ ](?:named|called))?|named))?"
                      r"|['’]s,)[ ]"
                      r"(?:[A-Z][\w'’-]+(?:,[ ]|,?[ ]and[ ])){0,3}$")


_RELATIVE_BEFORE = _naming_after(vocabulary.KIN_WORDS + vocabulary.ACQUAINTANCE_WORDS)
_KIN_BEFORE = _naming_after(vocabulary.KIN_WORDS)


def after_relative(text: str, start: int, floor: int = 0, kin_only: bool = False) -> bool:
    """Whether a relative, a witness or the victim stands right before ``start`` ("my cousin ",
    "My mom, ", "A witness, ", "my sponsor is "), not before ``floor``: the name that follows is
    theirs, a person. ``kin_only``: a relative or friend, who goes by a first name ("My mom, Faith,")."""
    pattern = _KIN_BEFORE if kin_only else _RELATIVE_BEFORE
    return bool(pattern.search(text, max(floor, start - 60), start))


def named_in_apposition(text: str, start: int, end: int) -> bool:
    """A capitalised word set off by commas right after a relative's or an acquaintance's word ("My celly, Dutch, he
    made it", "my homeboy, Irish."): the name of that person, whatever word it also is (a nationality, a word)."""
    word = text[start:end]
    return text[start - 2:start] == ", " and text[end:end + 1] in (",", ".") and word[:1].isupper() \
        and not is_stop_word(word.casefold()) and not is_title_word(word) \
        and after_relative(text, start, floor=text.rfind("\n", 0, start) + 1)


#: the person a name is given to ("called him ", "call me "), a regex alternation
NAMED_OBJECT = r"(?:him|her|me|them|us|you|himself|herself|myself)"
#: someone said to bear the name that follows, at the end of the text before it (case-blind):
#: "they called him ", "a guy named ", "a man we called ", "the one they call ", "who everyone called ",
#: "also known as ", "his moniker was ", "my real name is ", "a.k.a. ", "by the name of ", "the name " (any text
#: before it: "gave him the name ", "went under the name "), and (group ``trip``,
#: since one also goes by a place: "we went by Taco Bell") "I went by "; an opening double quote may follow
#: ("went by \"Tiny Loc")
_NAMING = re.compile(
    r"(?i:\b(?:(?:call(?:s|ed|ing)?|nicknamed|named)[ ]" + NAMED_OBJECT +
    r"|(?:guy|man|woman|lady|girl|boy|kid|dude|person|someone|somebody|friend|homie|homeboy|cellie|dog|one)s?[ ]"
    r"(?:(?:(?:that|who|whom)[ ])?(?:we|they|everyone|everybody|people|he|she|i)[ ](?:calls?|called|named|nicknamed)"
    r"|named|called|nicknamed)"
    r"|(?:who|whom)[ ](?:we|they|everyone|everybody|people|he|she|i)[ ](?:all[ ])?(?:calls?|called|named|nicknamed)"
    r"|(?:know|knew|knows)[ ](?:him|her|me|them)[ ]as|referred[ ]to[ ]as"
    r"|nicknamed|(?:also[ ])?known[ ]as|a\.k\.a\.?|aka|alias|(?:by|under)[ ]the[ ](?:nick)?name(?:[ ]of)?"
    r"|the[ ](?:nick|street[ ]|gang[ ])?name"
    r"|(?:moniker|nick[ -]?name|street[ ]name|gang[ ]name)(?:[ ](?:was|is))?"
    r"|(?:user[ -]?name|screen[ -]?name|online[ ]name|account[ ]name)(?:[ ](?:was|is|as))?"  # "my user name as Velvet Lantern"
    r"|(?:my|his|her|your|their|'s|’s)[ ](?:(?:real|full|first|last|legal|middle)[ ])?name[ ](?:was|is)"
    r"|(?P<trip>(?:went|go|goes|going|gone)[ ]by)))[ ,:]*[\"“]?$")


def naming_cue(text: str, start: int) -> str | None:
    """Whether a naming cue stands right before ``start`` on its line: ``"name"`` (what follows is
    someone's name or nickname: "they called him Spider"), ``"trip"`` ("I went by ": a nickname, or a
    place one passed by) or None."""
    found = _NAMING.search(text, max(text.rfind("\n", 0, start) + 1, start - 40), start)
    if found is None:
        return None
    return "trip" if found.group("trip") else "name"
