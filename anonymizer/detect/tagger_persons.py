"""A tagger's ORGANIZATION or LOCATION that is a person's name: a title and census names
("Officer Okafor"; before "of" and an organization, the person is split off: "Pastor James Okafor
of Grace Church"), a census first name and a surname ("Curtis Mbelu"), or a name after a relative
or a witness ("My mom, Esperanza Price, raised us"), a courtesy title ("Ms. Malia Church") or
"Who was". And the names beside a tagger's person: its words the tagger left out ("Mehmet" of "Ali
Ege", "Reyes-Bocanegra" after "Arnulfo", "JR."), a first name paired with it ("Itzel and Xochitl"), a
first name before a surname the document names ("Love Young"), a surname after particles ("de Villarreal")."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from anonymizer import spans
from anonymizer.lang.en import gazetteer, lexicon, plain, vocabulary
from anonymizer.lang.en.transcript import CAPITAL, line_start, speaker_tag
from anonymizer.pseudonymize.names import NAME_PART
from anonymizer.resolve import NER_SOURCES
from anonymizer.types import Mention


def is_person_name(text: str, start: int, end: int) -> bool:
    """Whether the tagger's organization or place at ``start:end`` is a person's name: a first name
    and a surname by their shape, or a name after a relative, a witness, a courtesy title or a person
    said to bear it ("a guy named Nacho")."""
    return _first_and_last_name(text[start:end]) or _named_in_apposition(text, start, end) \
        or named_person(text, start, end) or answers_kin_question(text, start, end)


#: initials before a surname, hyphenated or not ("A.-M. Wittling", "Z.M. Necatigil")
_INITIALS = re.compile(r"[A-Z]\.(?:-?[A-Z]\.)*")
#: one or two capitalised words after a person's title ("Officer Okafor", "Dr. Lena Brooks", "C/O Whitacre"),
#: initials before them ("Mrs A.-M. Wittling")
_TITLED_NAME = re.compile(rf"(?:{_INITIALS.pattern}[^\S\n]+)?[A-Z][A-Za-z'’-]+(?:[^\S\n]+[A-Z][A-Za-z'’-]+)?")
#: a person's title right before a tagger's span, one space between ("Deputy Hanrahan")
_TITLE_BEFORE = re.compile(r"(?<![\w.])([A-Z][a-z]+\.?)[ ]$")


def titled_person(text: str, m: Mention) -> Mention:
    """A tagger's ORGANIZATION/LOCATION that is a person's title and one or two name words is a
    PERSON ("Officer Okafor", "Chaplain Okonkwo", "C.O. Halvorsen" tagged ORG); the title then comes
    off like any person's. A rule's organization only after a courtesy title, which no organization
    starts with ("Ms. Malia Church")."""
    if m.label not in ("ORGANIZATION", "LOCATION") or {"header", "rule", "manual"} & set(m.sources):
        return m
    title_before = _TITLE_BEFORE.search(text, max(0, m.start - 24), m.start)
    if title_before and set(m.sources) <= NER_SOURCES and lexicon.is_title_word(title_before.group(1)) \
            and _TITLED_NAME.fullmatch(text, m.start, m.end) and gazetteer.place_category(text[m.start:m.end]) is None \
            and all(map(_name_after_title, _words(text[m.start:m.end]))):
        return replace(m, label="PERSON")  # "Deputy" before the tagger's place "Hanrahan"
    start, end = lexicon.strip_titles(text, m.start, m.end)
    title = text[m.start:start].split()
    possessive = end != m.end and vocabulary.POSSESSIVE.fullmatch(text, end, m.end)  # "Sister Maureen Calloway's program"
    if start == m.start or (end != m.end and not possessive) or _TITLED_NAME.fullmatch(text, start, end) is None:
        return m
    if m.sources == ("presidio",) and title[-1].strip(".").capitalize() not in vocabulary.COURTESY_TITLES:
        return m
    if all(map(_name_after_title, _words(text[start:end]))):  # "Detective Mason", "Coach Tremblay"
        return replace(m, label="PERSON")
    return m


def _words(surface: str) -> list[str]:
    """The words of a titled name but its initials ("A.-M. Wittling": "Wittling")."""
    return [w for w in surface.split() if not _INITIALS.fullmatch(w)]


def _name_after_title(word: str) -> bool:
    """After a title, a Census name (a word or not: "Detective Mason") or a word no list knows ("Okonkwo")."""
    return census_name(word) or plain.unknown_word(word)


def census_name(word: str) -> bool:
    """A Census surname, or a Census first name that is no common word."""
    folded = word.casefold()
    return folded in gazetteer.last_names() or (
        folded in gazetteer.first_names() and not lexicon.is_common_word(folded))


#: two first names joined by "and", a tagger's organization or place ("Daniel and Sofia")
_FIRST_NAME_PAIR = re.compile(r"([A-Z][a-z]+)[ ]and[ ]([A-Z][a-z]+)")
#: " of " or " of the " inside a tagger's span
_OF = re.compile(r"[^\S\n]+of(?:[^\S\n]+the)?[^\S\n]+")


_NAME_NEXT = re.compile(rf"[ ]{{1,2}}[{CAPITAL}]")


def person_of_organization(text: str, m: Mention) -> tuple[Mention, ...]:
    """A tagger's organization or place that opens with a titled person "of" it ("Pastor James Okafor of
    Grace Fellowship Church", "Officer Linda Park of the Fresno Police Department"): two mentions, the
    person (a title, then one to three census names) and the organization after "of"; one that is two first
    names joined by "and" ("Daniel and Sofia"): two persons; none that is a title before a name."""
    if m.label not in ("ORGANIZATION", "LOCATION") or {"header", "rule", "manual"} & set(m.sources):
        return (m,)
    if lexicon.is_surname_title(text[m.start:m.end]) and _NAME_NEXT.match(text, m.end):
        return ()  # the tagger's "Bishop" of "Bishop Ignatius Mbeki-Ross": a title, though a surname too
    pair = _FIRST_NAME_PAIR.fullmatch(text, m.start, m.end)  # "my kids, Daniel and Sofia": two persons
    if pair and all(w.casefold() in gazetteer.first_names() and not lexicon.is_common_word(w.casefold())
                    for w in pair.groups()) and not all(gazetteer.place_category(w) for w in pair.groups()):
        return replace(m, end=pair.end(1), label="PERSON"), replace(m, start=pair.start(2), label="PERSON")
    of = _OF.search(text, m.start, m.end)
    if of is None or not text[of.end() : m.end].strip():  # "Detective Banks of the": titled_person's
        return (m,)
    start, end = lexicon.strip_titles(text, m.start, of.start())
    words = text[start:end].split()
    if start == m.start or not 1 <= len(words) <= 3 or not all(map(census_name, words)):
        return (m,)
    return replace(m, end=of.start(), label="PERSON"), replace(m, start=of.end())


#: a capitalised word, accented letters too ("Ibáñez", "Álvarez")
_CAP = rf"[{CAPITAL}][a-zß-öø-ÿ]+"
_TWO_NAMES = re.compile(rf"({_CAP}) ({_CAP}(?:-{_CAP})?)")


def _first_and_last_name(surface: str) -> bool:
    """Two capitalised words, a Census first name that is no common word and no place (or a town
    before a word that is no common word either), then a word that is no known place (a small town's
    name that is a Census surname is the surname, a state's or a country's that is a frequent one too:
    "Terrell Washington", "Marcus Jordan") and no organization's head word ("Curtis Mbelu",
    "Bryant Sapolu", "Phoenix Alvarado"; not "Jordan High", "Kelly Services", "Tyrone Church",
    "Austin Energy", "Santa Ana")."""
    match = _TWO_NAMES.fullmatch(surface)
    if match is None:
        return False
    first, last = match.group(1), match.group(2)
    town = gazetteer.place_category(first)  # "Bryant Sapolu": a first name that a small town has, too
    return (first.casefold() in gazetteer.first_names() and not lexicon.is_common_word(first)
            and (town is None or (town == "CITY" and not lexicon.is_common_word(last)))
            and (gazetteer.place_category(last) is None  # "Phoenix Alvarado": a small town's name that is a surname
                 or (not gazetteer.is_known_place(last) and last.casefold() in gazetteer.last_names())
                 or (gazetteer.place_category(last) in ("STATE", "COUNTRY") and gazetteer.surname_share(last.casefold()) >= 0.01))
            and last.casefold() not in vocabulary.ORGANIZATION_HEAD_WORDS and not lexicon.is_stop_word(last)
            and not lexicon.is_whitelisted(surface) and not gazetteer.is_place_not_name(surface))


#: a courtesy title ("from Ms. ") or a question about a person ("Who was ") right before a name
_NAMED_AFTER = re.compile(r"\b(?:(?:" + "|".join(vocabulary.COURTESY_TITLES) + r")\.?|(?i:who)[ ](?:is|was))[ ]$")
#: a person's pronoun and a verb right after a name and its comma ("from Sefo Vaipulu, he's from my village")
_PRONOUN_AFTER = re.compile(r",[ ](?:he|she)(?:['’]s|[ ](?:is|was|has|had|knew|knows|works|worked))\b")
#: one or two capitalised words, the first may be hyphenated ("Soo-jin Okafor")
_NAME_WORDS = re.compile(rf"({_CAP}(?:-[A-Za-z][a-zß-öø-ÿ]+)?)(?: ({_CAP}(?:-{_CAP})?))?")
#: a name with lower-case particles: "María de los Ángeles Balderrama", "Jesús del Río" (groups: first, last)
_PARTICLE_NAME = re.compile(
    rf"({_CAP})(?: {_CAP})*(?: (?:{vocabulary.NAME_PARTICLE_ALTERNATION}))+ (?:{_CAP} )*({_CAP}(?:-{_CAP})?)")


def named_person(text: str, start: int, end: int) -> bool:
    """One or two capitalised words right after a naming cue ("a guy named Nacho", "they called him
    Spider", "known as Droopy"; :func:`anonymizer.lang.en.lexicon.naming_cue`): a name or a nickname,
    whatever word or place it also is."""
    return _NAME_WORDS.fullmatch(text, start, end) is not None and lexicon.naming_cue(text, start) == "name"


def _named_in_apposition(text: str, start: int, end: int) -> bool:
    """A name right after a relative or a witness ("My mom, Esperanza Price, raised us", "A witness,
    Georgia Church, told", "my sponsor is Esperanza Price", "My sister Soo-jin said"), a courtesy
    title ("a job offer from Ms. Malia Church"), "who was" ("Who was Georgia Ibáñez to you?") or before a pronoun
    ("from Sefo Vaipulu, he's from my village"): a
    person, whatever place or organization the words also name. Two words: no plain word and no
    organization's word first, a census surname that is no organization's plural head or a word no
    list knows last ("Tavita Aumua"). One word: a census first name or no dictionary word."""
    match = _NAME_WORDS.fullmatch(text, start, end) or _PARTICLE_NAME.fullmatch(text, start, end)
    if match is None or not (lexicon.after_relative(text, start) or _PRONOUN_AFTER.match(text, end)
                             or _NAMED_AFTER.search(text, max(0, start - 30), start)):
        return False
    first, last = match.group(1), match.group(2)
    if last is None:
        return may_be_first_name(first)
    if first.casefold() in vocabulary.ORGANIZATION_HEAD_WORDS or plain.is_plain_word(first):
        return False
    return (vocabulary.fold_accents(last.casefold()) in gazetteer.last_names() or plain.unknown_word(last)) \
        and last not in vocabulary.ORGANIZATION_PLURAL_HEADS


def may_be_first_name(word: str) -> bool:
    """Whether one capitalised word may be a first name: no organization's word, no plain word, and a
    census first name or no dictionary word ("Soo-jin", "Esperanza"; not "Church", "Bloods")."""
    folded = word.casefold()
    return (folded not in vocabulary.ORGANIZATION_HEAD_WORDS and not plain.is_plain_word(word)
            and (folded in gazetteer.first_names() or not plain.in_dictionary(folded)))


#: one capitalised word right before or after a span, on its line ("Mehmet" of "Mehmet Ali Ege")
_WORD_BEFORE = re.compile(rf"(?<![\w'’.-])({_CAP})[ ]$")
_WORD_AFTER = re.compile(rf"[ ]({_CAP})(?![\w'’-])")


def whole_names(text: str, mentions: list[Mention]) -> list[Mention]:
    """A tagger's person widened over the name words right beside it that no mention holds: one before
    ("Mehmet" of "Mehmet Ali Ege", the tagger's "Ali Ege") and up to two after ("Ibáñez" of the tagger's
    "Dallas"). A name word here is a word no list knows: no census name, no dictionary word, no place,
    nationality, title, role, stop or calendar word."""
    taken = sorted((m.start, m.end) for m in mentions)
    out: list[Mention] = []
    for m in mentions:
        if m.label == "PERSON" and m.sources and set(m.sources) <= NER_SOURCES:
            start, end = m.start, m.end
            before = _WORD_BEFORE.search(text, max(0, start - 30), start)
            if before and _name_word(text, before.start(1), before.end(1), taken):
                start = before.start(1)
            for _ in range(2):
                after = _WORD_AFTER.match(text, end)
                if after is None or not _name_word(text, after.start(1), after.end(1), taken):
                    break
                end = after.end(1)
            m = replace(m, start=start, end=end) if (start, end) != (m.start, m.end) else m
        out.append(m)
    return out


def _name_word(text: str, start: int, end: int, taken: list[tuple[int, int]]) -> bool:
    if spans.overlapping(taken, start, end) or lexicon.strip_titles(text, start, end + 1)[0] != start:
        return False
    # no census name either: a census name beside a tagger's person may be someone's else (the tagger
    # leaves it out for a reason) and is flagged as a suspect anyway; a word no list knows is not
    return plain.unknown_word(text[start:end])


#: one word of a tagger's organization or group that may go on a name ("Reyes-Bocanegra", "JR.", "Itzel")
_ONE_WORD = re.compile(rf"[{CAPITAL}][\w'’-]*\.?")
_PAIRED = re.compile(r"(?:[ ]\(\d{1,2}\))?(?:,[ ]|[ ]and[ ]|,[ ]and[ ])")  # "Jaylen (12) and Aaliyah (9)" too
_SUFFIX_END = re.compile(r"[ ](\w+)\.?")
#: a surname right after a month that is a first name too, no number after it ("August Reyes"), and a word of time
#: before the month ("in August Reyes was arrested")
_SURNAME_AFTER = re.compile(rf"[ ]([{CAPITAL}][a-z]+(?:-[{CAPITAL}][a-z]+)?)(?![\w'’-]|[ ]?,?[ ]?\d)")
_TIME_WORD_BEFORE = re.compile(r"\b(?i:in|of|since|until|till|by|last|this|next|early|late|mid|from|through|during)[ ]$")


def beside_persons(text: str, mentions: list[Mention]) -> list[Mention]:
    """A tagger's organization or group that is a person's name and what goes on it: a suffix or a
    word no list knows right after the name, one space between ("VICTOR MONTOYA" "JR.", "Arnulfo"
    "Reyes-Bocanegra"), goes on the name; one word paired with a person's name that may be a first
    name is a person too ("two girls, Itzel and Xochitl")."""
    persons = [m for m in mentions if m.label == "PERSON"]
    ends = {m.end: m for m in persons}
    starts = {m.start for m in persons}
    out: list[Mention] = []
    for m in mentions:
        surface = text[m.start:m.end]
        if m.label == "LOCATION" and set(m.sources) <= NER_SOURCES and _ONE_WORD.fullmatch(surface) \
                and _kin_or_paired(text, m, ends, starts):
            out.append(replace(m, label="PERSON"))  # "My daughter Brooklyn", "Nevaeh and Zaria": a child, no place
            continue
        if m.label == "DATE" and surface in vocabulary.AMBIGUOUS_MONTHS and (after := _SURNAME_AFTER.match(text, m.end)) \
                and not _TIME_WORD_BEFORE.search(text, max(0, m.start - 12), m.start) and plain.surname_word(after.group(1)):
            out.append(replace(m, end=after.end(), label="PERSON"))  # "May Tran and August Reyes visit him"
            continue
        if m.label not in ("ORGANIZATION", "NRP") or m.sources != ("spacy",):
            out.append(m)
            continue
        named = next((p for p in persons if p.start == m.start and p.end < m.end), None)
        suffix = _SUFFIX_END.fullmatch(text, named.end, m.end) if named else None
        if (suffix and suffix.group(1).casefold() in vocabulary.NAME_SUFFIXES) or _suffixed_name(surface):
            out.append(replace(m, label="PERSON"))  # "VICTOR MONTOYA JR.", "Terrence Lamont Baskerville Sr."
            continue
        word = surface.rstrip(".")
        if gazetteer.is_known_organization(word):
            out.append(m)  # "Walmart", "Safeway"
            continue
        before = ends.get(m.start - 1) if text[m.start - 1:m.start] == " " else None
        if before and _ONE_WORD.fullmatch(surface) and (
                word.casefold() in vocabulary.NAME_SUFFIXES
                or (surface == word and all(map(plain.surname_word, word.split("-"))))):
            out.append(replace(m, start=before.start, label="PERSON"))  # the rest of the name the tagger took for a firm
            continue
        one = surface == word and _ONE_WORD.fullmatch(surface) is not None
        out.append(replace(m, label="PERSON") if _paired(text, m, ends, starts) and one and may_be_first_name(word) else m)
    return out


def _paired(text: str, m: Mention, ends: dict[int, Mention], starts: set[int]) -> bool:
    """Whether a person's name stands beside the mention, ``and`` or a comma between ("Itzel and Xochitl")."""
    return any(end in ends and _PAIRED.fullmatch(text, end, m.start) for end in range(m.start - 12, m.start)) \
        or any(start in starts and _PAIRED.fullmatch(text, m.end, start) for start in range(m.end + 1, m.end + 13))


#: a relative right before a name ("my daughter Brooklyn", "her son, Austin", "my daughter's name, Aaliyah")
_KIN_BEFORE = re.compile(rf"\b(?i:my|his|her|their|our|your)[ ](?i:{'|'.join(vocabulary.KIN_WORDS)})"
                         r"(?:['’]s[ ]name(?:[ ]is)?)?,?[ ]$")


def _kin_or_paired(text: str, m: Mention, ends: dict[int, Mention], starts: set[int]) -> bool:
    """A tagger's place of one word that is a relative's name: right after the relative, or paired with a
    person's name and no known place that is no one's name ("Nevaeh and Zaria"; not "Jaylen and Fresno")."""
    word = text[m.start:m.end]
    if _KIN_BEFORE.search(text, max(0, m.start - 40), m.start):
        return True
    return _paired(text, m, ends, starts) and may_be_first_name(word) and not gazetteer.is_place_not_name(word)


def _suffixed_name(surface: str) -> bool:
    """Two to four capitalised words, no organization's, then a name's suffix ("Terrence Lamont Baskerville Sr.")."""
    *words, last = surface.split()
    return 2 <= len(words) <= 4 and last.rstrip(".").casefold() in vocabulary.NAME_SUFFIXES and all(
        w[:1].isupper() and w.casefold().strip(".,") not in vocabulary.ORGANIZATION_HEAD_WORDS for w in words)


#: a surname after particles, right after a person's name ("Bustamante" "de Villarreal", "van der Hoeven"): group 1
_PARTICLE_SURNAME = re.compile(
    rf"[ ](?:{'|'.join(vocabulary.NAME_PARTICLE_LEADS)})(?:[ ](?:{vocabulary.NAME_PARTICLE_ALTERNATION}))?"
    rf"[ ]([{CAPITAL}][\w'’]+(?:-[{CAPITAL}][\w'’]+)?)(?![\w'’-])")


_SUFFIX_WORDS = "|".join(sorted({f(s) for s in vocabulary.NAME_SUFFIXES for f in (str.title, str.upper)}))
#: a name's suffix after it, perhaps after a comma ("Leroy Hutchins, Jr.", "Curtis Gibbs III")
_SPELLED_SUFFIX = "|".join(sorted({f(s) for s in vocabulary.SPELLED_NAME_SUFFIXES for f in (str.title, str.upper)}))
#: ... or written out, no comma and no capitalised word after it ("Hector Ruiz Senior"; not "Jones, Senior Analyst")
_SUFFIX_AFTER = re.compile(rf"(?:,?[ ](?:{_SUFFIX_WORDS})\.?|[ ](?:{_SPELLED_SUFFIX})(?![ ][{CAPITAL}]))(?![\w'’-])")
#: the rest of a name and its suffix after the name's start ("Curtis" "Ambrose Pettway Jr."): group 1
_REST_SUFFIX = re.compile(
    rf"[ ]((?:[{CAPITAL}][\w'’]+(?:-[{CAPITAL}][\w'’]+)?[ ]?){{1,2}}),?[ ](?:{_SUFFIX_WORDS})\.?(?![\w'’-])")


def particle_surnames(text: str, mentions: list[Mention]) -> list[Mention]:
    """A person's name goes on over particles and the surname after them ("Eusebia Bustamante de
    Villarreal") and over its suffix ("Leroy Hutchins, Jr."), a mention of that surname alone becoming part
    of it; never over another label's mention."""
    out = sorted(mentions, key=lambda m: m.start)
    for i, m in enumerate(out):
        person = m is not None and m.label == "PERSON"
        tail = _PARTICLE_SURNAME.match(text, m.end) if person else None
        if tail is not None and (not plain.surname_word(tail.group(1)) or gazetteer.is_place_not_name(tail.group(1))):
            tail = None
        tail = tail or (_SUFFIX_AFTER.match(text, m.end) if person and " " in text[m.start:m.end] else None)
        if tail is None and person and (rest := _REST_SUFFIX.match(text, m.end)) and all(
                plain.surname_word(w) or w.casefold() in gazetteer.first_names() for w in rest.group(1).split()):
            tail = rest  # "Curtis" "Ambrose Pettway Jr."
        if tail is None:
            continue
        inside = [k for k in range(i + 1, len(out)) if out[k] is not None and m.end <= out[k].start < tail.end()]
        if any(out[k].label != "PERSON" or out[k].end > tail.end() for k in inside):
            continue
        for k in inside:
            out[k] = None
        out[i] = replace(m, end=tail.end())
    return [m for m in out if m is not None]


def first_name_pairs(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """Add ``First Surname`` where ``Surname`` is a name part of a PERSON mention of the
    document and ``First`` a known first name, also an ordinary word ("The victim, Love
    Young", "CEDRIC LITTLE"); source ``rule``. Not a title, role or stop word before it."""
    surnames = set()
    for m in mentions:
        if m.label == "PERSON":
            words = NAME_PART.findall(text[m.start : m.end])
            if words and len(words[-1]) > 1:
                surnames.add(words[-1].casefold())
    if not surnames:
        return list(mentions)
    body = lexicon.trie_alternation(sorted({f(w) for w in surnames for f in (str.title, str.upper)}))
    pattern = re.compile(rf"(?<![\w'’.-])([A-Z][a-z]+|[A-Z]{{2,}})[ ](?:{body})(?![\w'’-])")
    inside = spans.container((m.start, m.end) for m in mentions)  # a look-up per hit: all mentions per hit was quadratic
    added = [
        Mention(hit.start(), hit.end(), "PERSON", ("rule",), score=0.85, confidence=1)
        for hit in pattern.finditer(text)
        if _first_name(hit.group(1)) and not inside(hit.start(), hit.end())
    ]
    return [*mentions, *added]


def _first_name(word: str) -> bool:
    folded = word.casefold()
    return (
        folded in gazetteer.first_names()
        and not lexicon.is_role_word(word)
        and not lexicon.is_stop_word(folded)
        and not lexicon.is_whitelisted(word)
    )


#: a question for one's relatives at the end of an utterance: "Your daughters?", "And your son?", "Your
#: brother's name?", "Any kids, Mr. Holloway?"
_KIN_QUESTION = re.compile(
    r"\b(?i:" + "|".join(sorted({*vocabulary.KIN_WORDS, "kids", "sons", "daughters", "brothers", "sisters",
                                  "grandkids", "grandsons", "granddaughters", "nephews", "nieces", "cousins"},
                                 key=len, reverse=True))
    + r")(?:['’]s[ ](?i:name|first[ ]name))?(?:,[^?\n]{0,30})?\?[^\S\n]*$")
_YOUR = re.compile(r"\b(?i:your)[ ](?:\w+[ ])?$")
#: what may stand in an answer before a name: nothing, or another name and "and" / a comma ("Savannah and Sydney")
_ANSWER_OPENING = re.compile(rf"[^\S\n]*(?:(?:{_CAP})(?:,[ ]|[ ]and[ ]))?")


def answers_kin_question(text: str, start: int, end: int, full_name: bool = False) -> bool:
    """One word that may be a first name opening an answer to a question for one's relatives ("Your
    daughters?" / "Savannah and Sydney."): the relatives' names, whatever towns they also are; with
    ``full_name``, a name of any length ("And your father?" / "Robert Hernandez.")."""
    line = line_start(text, start)
    tag = speaker_tag(text, line)
    if tag is None or (not full_name and (" " in text[start:end] or not may_be_first_name(text[start:end]))) \
            or not _ANSWER_OPENING.fullmatch(text, tag.end(), start):
        return False
    question_end = line  # the previous utterance's end, white space left out (no copy of the text before it)
    while question_end and text[question_end - 1].isspace():
        question_end -= 1
    question = _KIN_QUESTION.search(text, max(0, question_end - 200), question_end)
    # a full name: the answerer's relative asked for ("And your father?"), not "You're the victim's sister?"
    return question is not None and (not full_name or bool(_YOUR.search(text, max(0, question.start() - 20), question.start())))
