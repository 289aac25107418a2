"""All-caps and all-lower-case transcripts: a copy in ordinary case, of the same length, for the
automatic pass.

Court reporters often type a whole transcript in capitals; speech recognition often writes one
without any (:func:`is_all_lower`: "mister daniel okafor", which every detector reads as words),
which is read as if typed in capitals (:func:`capitals`, letter for letter). The tagger and the rules read case
("Hope" the name, "hope" the word; a capitalised word inside a sentence is a name), so in
capitals nearly every word looks like a name: on generated hearings typed in capitals the
pass's precision fell from 0.999 to 0.48. :func:`truecase` writes each word of the body as a
transcript in ordinary case would have it, letter for letter in place, so every offset holds:

* an ordinary word (a stop or common word, an irregular form, a contraction, a dictionary word that
  is no frequent first name and no known place) in lower case, capitalised at a sentence's start
  (a line's first word only where the line before ended one: a wrapped sentence goes on);
  ``I`` and ``I'm`` as always;
* a name part of the title page or of a speaker tag, a month or weekday, and any other word (a
  name or a place no dictionary has: "Okafor", "Fresno") capitalised;
* single letters (initials, spelled names: ``H-A-Y-E-S``), acronyms of the whitelist and the
  prison codes (``CDCR``, ``SHU``, ``CMC``) and words with digits as they are;
* the title page and the speaker tags untouched (their parsers read capitals).

The pass then runs on the copy (``Pipeline.run``) and its mentions are offsets into the original.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from anonymizer import spans
from anonymizer.lang.en import gazetteer, lexicon, plain, vocabulary
from anonymizer.lang.en import truecase_phrases as phrases
from anonymizer.lang.en.truecase_phrases import same_length as _same_length
from anonymizer.lang.en.transcript import CAPITAL, LINE_LABEL, speaker_tag
from anonymizer.tags import TAG
from anonymizer.lang.en.vocabulary_bodies import NAMED_BY_WORDS_HEADS

#: a text is all caps when at most this share of the letters of its body are lower case
_MAX_LOWER_SHARE = 0.03
#: a text is written without capitals when at most this share of the letters of its body are capitals
#: (speech recognition's "I" and acronyms; ordinary English has 2-5 %, a transcript with cased names more)
_MAX_UPPER_SHARE = 0.012
_MIN_LETTERS = 200
_SAMPLE = 20_000
_LOWER, _UPPER = re.compile(r"[a-zß-öø-ÿ]"), re.compile(rf"[{CAPITAL}]")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_HOUSE_NUMBER = re.compile(r"\b\d{2,6}[ ]$")
_NEGATED = {"wo": "will", "ca": "can", "ai": "be", "sha": "shall"}  # "won't", "can't", "ain't", "shan't"
_COMPOUND = re.compile(r"(?:any|every|some|no)(?:body|one|thing|where|time)s?")
_SENTENCE_END = re.compile(r"[.?!]['\"’”)]*\s*$")
#: a line's end after which the next line opens a sentence: a sentence's end, a label's colon, a heading's bracket
_LINE_END = re.compile(r"[.?!:)\]]['\"’”)]*\s*$")
_ORDINAL_ENDS = frozenset({"st", "nd", "rd", "th"})
#: a word of three letters or more without a vowel: initials ("DHCS", "HHS"), said letter by letter, no name
_NO_VOWEL = re.compile(r"[B-DF-HJ-NP-TV-XZ]{3,}")
_DIGITS_AFTER = re.compile(r"[ -]?\d{4,6}\b")
#: what stands between two words of a run: a space, or a space and an ordinal's digits ("WEST 54TH STREET")
_RUN_GAP = re.compile(r"[ ]\d{0,4}")
#: ordinary words that end a name after a name's word: an organization's or a street's head
_HEADS = frozenset({
    *vocabulary.ORGANIZATION_HEAD_WORDS, *(s.casefold().rstrip(".") for s in vocabulary.STREET_SUFFIXES),
    "county", "valley", "state", "city", "department", "army", "mission", "depot",
})


def is_all_caps(text: str, start: int = 0) -> bool:
    """Whether the body of a transcript (from ``start``) is typed in capitals, judged by the letters
    of its first :data:`_SAMPLE` characters (a transcript is typed one way throughout)."""
    sample = text[start:start + _SAMPLE]
    lower, upper = len(_LOWER.findall(sample)), len(_UPPER.findall(sample))
    return lower + upper >= _MIN_LETTERS and lower <= _MAX_LOWER_SHARE * (lower + upper)


def is_all_lower(text: str, start: int = 0) -> bool:
    """Whether the body of a transcript (from ``start``) is written without capitals, as speech
    recognition often writes it ("mister daniel okafor"): at most :data:`_MAX_UPPER_SHARE` of the
    letters of its first :data:`_SAMPLE` characters are capitals (an "I", an acronym), the labels of its
    speakers left out ("[00:00:02] SPEAKER_00: all right", "PRESIDING COMMISSIONER TRAN: okay", every line)."""
    # a published text's tags ("[PERSON_2]") and the speakers' labels (after a timestamp or not) are no one's
    # writing: a diarization tool or a clerk adds them in capitals to a body without any
    sample = LINE_LABEL.sub("", TAG.sub("", text[start:start + _SAMPLE]))
    lower, upper = len(_LOWER.findall(sample)), len(_UPPER.findall(sample))
    return lower + upper >= _MIN_LETTERS and upper <= _MAX_UPPER_SHARE * (lower + upper)


def capitals(text: str) -> str:
    """``text`` in capitals, letter for letter (a letter whose capital is longer, "ß", stays): a
    transcript without capitals is read as one typed in capitals, then :func:`truecase` cases it."""
    upper = text.upper()
    return upper if len(upper) == len(text) else "".join(c.upper() if len(c.upper()) == 1 else c for c in text)


def truecase(text: str, title_end: int = 0, names: Iterable[str] = ()) -> str:
    """``text`` with its body's words in ordinary case (same length, same offsets); ``names``: name
    words of the title page, written capitalised wherever they stand, like the names of the speaker
    tags and the words a first name or a title shows to be a name ("KEVIN HAYES": "hayes" is
    "Hayes" all through the document, read in a first pass)."""
    known = {w.casefold() for name in names for w in _WORD.findall(name)}
    bodies: set[tuple[str, ...]] = set()  # the bodies witnesses speak for, said by name ("ON BEHALF OF ...")
    lines = text[title_end:].splitlines(keepends=True)
    for _ in range(2):  # the first pass only learns the names
        out, opens = [text[:title_end]], True
        for line in lines:
            tag = speaker_tag(line)
            if tag:
                known.update(w.casefold() for w in _WORD.findall(tag.group("tag")) if not lexicon.is_role_word(w))
            body_start = tag.end() if tag else 0
            out.append(line[:body_start] + _line(line[body_start:], known, opens or tag is not None, bodies))
            if line[body_start:].strip() or tag:  # a wrapped sentence's next line opens no sentence ("DALE FISHER\nWITH A")
                opens = _LINE_END.search(line) is not None or not line[body_start:].strip()
    result = phrases.said_bodies(phrases.known_phrases("".join(out), title_end), title_end, bodies)
    return result if len(result) == len(text) else text


def _line(line: str, known: set[str], opens: bool = True, bodies: set[tuple[str, ...]] | None = None) -> str:
    tokens = list(_WORD.finditer(line))
    forms: list[str] = []
    named: list[bool] = []  # capitalised as a name (not only at a sentence's start)
    lead = len(line) - len(line.lstrip())
    tags = [m.span() for m in TAG.finditer(line)] if "[" in line else []
    for k, match in enumerate(tokens):
        at = match.start()  # each look is bounded: a line of 20,000 words took minutes (quadratic)
        start = (at <= lead and opens) or _SENTENCE_END.search(line, max(0, _after_space(line, at) - _SENTENCE_TAIL), at) is not None
        if _spelled(line, tokens, k) or (tags and spans.contains(tags, at, match.end())):
            forms.append(match.group())  # "O K A F O R": a spelled letter, not the article; "[PERSON_2]": a tag
            named.append(False)
            continue
        form, name = _word(match.group(), known, start, line[max(0, at - 2):at])
        if form.islower() and form in vocabulary.phonetic_alphabet() and _DIGITS_AFTER.match(line, match.end()):
            form = _same_length(form, str.capitalize)  # "KILO 85490": an inmate number's letter, said as its word
        elif form.casefold() in _WORD_MONTHS and not start and not _month_here(line, at, match.end()):
            form, name = form.lower(), False  # "YOU MAY NOW GIVE", "WE MARCH": the verb, not the month
        forms.append(form)
        named.append(name)
    _after_kin(line, tokens, forms, named)
    known.update(_introduced(line, tokens, forms, named, bodies))
    known.update(_called(line, tokens, forms, named))
    known.update(_runs(line, tokens, forms, named))
    parts, last = [], 0
    for match, form in zip(tokens, forms):
        parts += [line[last:match.start()], form]
        last = match.end()
    parts.append(line[last:])
    return "".join(parts)


#: months that are English words too: a month only where a date's words stand around it
_WORD_MONTHS = frozenset({"may", "march", "august"})
_MONTH_BEFORE = re.compile(r"\b(?i:in|of|since|until|till|by|early|late|mid|last|next|this|during|before|after|every|from|"
                           r"through|around|between|to|each)[ -]$")  # not "that", "and": "THAT MAY BE", "AND MAY I"
_MONTH_AFTER = re.compile(r"[ ,]+(?:\d|(?i:the|of|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
                          r"eleventh|twelfth|thirteenth|twentieth|twenty|thirtieth|thirty|nineteen|two[ ]thousand)\b)")


def _month_here(line: str, start: int, end: int) -> bool:
    """A month's name that is a word too stands as the month: after "in", "of", "since" ..., or before a day, a
    year or "of" ("IN MAY", "MAY 5TH", "MAY OF '98"; not "YOU MAY NOW GIVE")."""
    return _MONTH_BEFORE.search(line, max(0, start - 10), start) is not None or _MONTH_AFTER.match(line, end) is not None


def _spelled(line: str, tokens: list, k: int) -> bool:
    """A single letter between single letters, a space apart ("O K A F O R")."""
    if len(tokens[k].group()) != 1:
        return False
    return any(0 <= j < len(tokens) and len(tokens[j].group()) == 1
               and line[tokens[min(j, k)].end():tokens[max(j, k)].start()] == " " for j in (k - 1, k + 1))


_SENTENCE_TAIL = 32  # a sentence's end before the white space: the mark and its closing quotes
_OWNERS = frozenset("my his her our their your".split())
_INDEFINITE = frozenset({"a", "an"})  # "A SOLID FOUNDATION": a common noun
_KIN = frozenset(vocabulary.KIN_WORDS)


def _after_kin(line: str, tokens: list, forms: list[str], named: list[bool]) -> None:
    """A relative's name right after the relative ("MY COUSIN TITO", "HIS SISTER, BROOKLYN,") is a name though a
    dictionary lists it, unless it is a stop word, a common word or a verb's form ("MY COUSIN LIVED", "MY MOM TOLD")."""
    for k in range(2, len(tokens)):
        word = forms[k].casefold()
        if named[k] or forms[k - 2].casefold() not in _OWNERS or forms[k - 1].casefold() not in _KIN \
                or line[tokens[k - 1].end():tokens[k].start()] not in (" ", ", "):
            continue
        if lexicon.is_stop_word(word) or lexicon.is_common_word(word) or word in _forms() \
                or word.endswith(("ed", "ing", "s", "ly")) or "'" in word or "’" in word:
            continue  # "MY MOM COULDN'T": a contraction, no name
        forms[k], named[k] = _same_length(tokens[k].group(), str.capitalize), True


#: the words that introduce one's name ("MY NAME IS", "MY NAME'S", "HER NAME WAS")
_NAME_IS = (("my", "name", "is"), ("my", "name's"), ("my", "name’s"), ("his", "name", "is"), ("her", "name", "is"),
            ("his", "name", "was"), ("her", "name", "was"), ("my", "name", "was"))
#: the words before the body a witness speaks for ("ON BEHALF OF RIVERBEND TENANTS UNION IN SUPPORT")
_ON_BEHALF = (("on", "behalf", "of"), ("on", "behalf", "of", "the"))
#: the most words of a name said after them
_NAME_WORDS = 3


def _introduced(line: str, tokens: list, forms: list[str], named: list[bool],
                bodies: set[tuple[str, ...]] | None = None) -> set[str]:
    """A name said after "MY NAME IS" ("MY NAME IS DANA FRY WITH ...") and the body a witness speaks for after "ON
    BEHALF OF" ("ON BEHALF OF RIVERBEND TENANTS IN SUPPORT") are names though a dictionary lists their words: up to
    three words, a space apart, before a stop word, a verb's form or a mark. Returns the person's words that are no
    common word: names all through the document; a body's name of two words or more goes into ``bodies`` (a name
    wherever its words stand together: ``truecase_phrases.said_bodies``)."""
    names: set[str] = set()
    folded = [form.casefold() for form in forms]
    for intro in (*_NAME_IS, *_ON_BEHALF):
        n = len(intro)
        for k in range(n, len(tokens)):
            if tuple(folded[k - n:k]) != intro or any(line[tokens[i - 1].end():tokens[i].start()] != " "
                                                     for i in range(k - n + 1, k + 1)):
                continue
            last = k - 1
            for j in range(k, min(k + _NAME_WORDS, len(tokens))):
                word = folded[j]
                if j > k and line[tokens[j - 1].end():tokens[j].start()] != " ":
                    break
                if lexicon.is_stop_word(word) or word in _forms() or word.endswith(("ed", "ing")) \
                        or "'" in word or "’" in word or len(word) < 2:
                    break
                if not named[j]:
                    forms[j], named[j] = _same_length(tokens[j].group(), str.capitalize), True
                if not lexicon.is_common_word(word) and intro in _NAME_IS:
                    names.add(word)
                last = j
            if bodies is not None and intro in _ON_BEHALF and last > k:
                bodies.add(tuple(folded[k:last + 1]))
            if intro == _ON_BEHALF[0]:
                names.update(phrases.speaker_before(line, tokens, forms, named, k - n, _NAME_WORDS))
    return names


#: a vote said after a member's name in a roll call (a caption's "I" or "HI" for "AYE")
_VOTES = frozenset({"aye", "nay", "no", "yes", "abstain", "abstains", "i", "hi"})
_CALL_GAP = re.compile(r"[.?!,]?[ ]+")


def _called(line: str, tokens: list, forms: list[str], named: list[bool]) -> set[str]:
    """A roll call's member, said twice before the vote ("OKONKWO. OKONKWO. AYE."), is a name though a dictionary
    lists the word; a name all through the document (the roll call recognizer tags the call itself). Returns the
    words."""
    names: set[str] = set()
    for k in range(len(tokens) - 2):
        word = forms[k].casefold()
        if word != forms[k + 1].casefold() or forms[k + 2].casefold() not in _VOTES or len(word) < 2 \
                or lexicon.is_stop_word(word) or lexicon.is_stop_name(word) or lexicon.is_title_word(tokens[k].group()) \
                or lexicon.is_role_word(tokens[k].group()) or word in vocabulary.CALENDAR_WORDS:
            continue
        if not all(_CALL_GAP.fullmatch(line, tokens[j].end(), tokens[j + 1].start()) for j in (k, k + 1)):
            continue
        for j in (k, k + 1):
            forms[j], named[j] = _same_length(tokens[j].group(), str.capitalize), True
        names.add(word)
    return names


def _after_space(line: str, at: int) -> int:
    """Where the white space right before ``at`` begins."""
    while at > 0 and line[at - 1].isspace():
        at -= 1
    return at


def _runs(line: str, tokens: list, forms: list[str], named: list[bool]) -> set[str]:
    """Capitals a name's neighbours need: ordinary words up to an organization's or a street's head
    after a name ("Kern Valley State Prison", "Jordan Way"), a first name that is a word before a
    name ("Hope Nakamura"), a surname that is a word after a first name ("Alonzo Little"), a word
    after a courtesy or rank title ("Mr. Young"), up to three words before a head that ends a name made
    of words ("Amity Foundation", "Green Thumb Landscaping": :data:`NAMED_BY_WORDS_HEADS`). Returns the
    words these show to be names."""
    def next_to(k: int, j: int) -> bool:
        return 0 <= j < len(tokens) and line[tokens[min(k, j)].end():tokens[max(k, j)].start()] in (" ", ". ")

    def ordinal(k: int) -> bool:  # the ending of an ordinal number ("54TH")
        return forms[k] in _ORDINAL_ENDS and line[tokens[k].start() - 1:tokens[k].start()].isdigit()

    names: set[str] = set()
    for k in range(len(tokens)):
        # a run that takes this word in: after a house number ("7135 jordan way") or an ordinal number ("3rd
        # avenue"), before "County" ("Kings County")
        opens = _HOUSE_NUMBER.search(line, max(0, tokens[k].start() - 8), tokens[k].start()) is not None or (
            k + 1 < len(tokens) and forms[k + 1] == "county" and not lexicon.is_stop_word(forms[k].casefold())) \
            or ordinal(k)
        if named[k] or opens:
            for j in range(k + (0 if opens else 1), min(k + 4, len(tokens))):
                gap = line[tokens[j - 1].end():tokens[j].start()] if j > k else ""
                if j > k and ((gap != " " and not (_RUN_GAP.fullmatch(gap) and ordinal(j))) or not forms[j].islower()):
                    break
                if forms[j] in _HEADS and j > k:
                    for i in range(k if opens else k + 1, j + 1):
                        if not ordinal(i):
                            forms[i], named[i] = _same_length(forms[i], str.capitalize), True
                    break
    for k in range(1, len(tokens)):  # "THE AMITY FOUNDATION": ordinary words before a head that ends a name
        if forms[k] not in NAMED_BY_WORDS_HEADS:
            continue
        first = k
        while first > max(0, k - 3) and line[tokens[first - 1].end():tokens[first].start()] in (" ", "-") \
                and not ordinal(first - 1) \
                and not lexicon.is_stop_word(forms[first - 1].casefold()) and forms[first - 1] not in NAMED_BY_WORDS_HEADS:
            first -= 1
        if first < k and (first == 0 or forms[first - 1].casefold() not in _INDEFINITE):
            for i in range(first, k + 1):
                forms[i], named[i] = _same_length(forms[i], str.capitalize), True
    for k in range(len(tokens)):
        folded = forms[k].casefold()
        if named[k] or not forms[k].islower() or lexicon.is_stop_word(folded):
            continue
        title = k > 0 and lexicon.is_surname_title(tokens[k - 1].group()) and next_to(k - 1, k) \
            and gazetteer.surname_share(folded) >= _PLAUSIBLE  # "Officer Young", not "the officer wanted"
        first = gazetteer.first_name_share(folded) >= _PLAUSIBLE and k + 1 < len(tokens) and named[k + 1] and next_to(k, k + 1)
        last = gazetteer.surname_share(folded) >= _PLAUSIBLE and k > 0 and named[k - 1] and next_to(k - 1, k) \
            and forms[k - 1].casefold() in gazetteer.first_names() and folded not in _forms()
        if title or first or last:
            forms[k], named[k] = _same_length(forms[k], str.capitalize), True
            if not lexicon.is_common_word(folded):  # "Will Hope" here; "will" stays a word elsewhere
                names.add(folded)
    return names


def _word(word: str, known: set[str], sentence_start: bool, before: str) -> tuple[str, bool]:
    """One word in the case a transcript in ordinary case would give it (same length), and whether
    it is capitalised as a name; ``before``: the two characters before it."""
    last = before[-1:]
    if len(word) == 1:  # "'70S", "A nurse"; "I", an initial, a spelled letter ("H-A-Y-E-S") as they are
        article = word == "A" and not sentence_start and last not in "-."
        lower = bool(last) and (last.isdigit() or last in "'’" or article)
        return (word.lower(), False) if lower else (word, False)
    if last.isdigit() and word.casefold() in _ORDINAL_ENDS:
        return word.lower(), False  # "54TH", "3RD": an ordinal number's ending
    if last == "-" and (len(before) < 2 or before[0].isspace()):
        return _same_length(word, str.lower), False  # "-enzo": the rest of a name cut by an interruption
    if word.upper() in _kept_upper() or any(c.isdigit() for c in word) or _NO_VOWEL.fullmatch(word):
        return word, False  # "CDCR", "B12", "DHCS" (no vowel: initials, no name)
    folded = word.casefold()
    lower = _same_length(word, str.lower)
    if folded == "i" or folded.startswith(("i'", "i’")):
        return "I" + lower[1:], False
    if vocabulary.strip_possessive(folded) in known or folded in vocabulary.CALENDAR_WORDS \
            or gazetteer.is_nrp_term(folded) or not _ordinary(folded):
        return _same_length(word, str.capitalize), folded not in vocabulary.CALENDAR_WORDS
    return (_same_length(word, str.capitalize) if sentence_start else lower), False


def _ordinary(folded: str) -> bool:
    """A word of ordinary English: a stop or common word, an irregular form ("went", "children"), a
    contraction ("didn't", "we've"), "anybody", or a dictionary word that is no first name and no
    known place (surnames that are words, "Hayes", "Brown", are names only where the text says so)."""
    bare = vocabulary.strip_possessive(folded).replace("’", "'")
    if "'" in bare:
        head, _, tail = bare.partition("'")
        if tail in ("t", "s", "ve", "ll", "re", "d", "m"):
            bare = _NEGATED.get(head[:-1], head[:-1]) if tail == "t" else head  # "didn't" -> "did"
    if lexicon.is_common_word(bare) or lexicon.is_stop_word(bare) or _COMPOUND.fullmatch(bare) \
            or (bare in _forms() and bare.title() not in gazetteer.california_cities()):
        return True  # a rare verb's form that is a Californian town is the town ("Redding", "Banning")
    if gazetteer.is_known_place(bare.title()):
        return False
    if bare in gazetteer.first_names() and gazetteer.first_name_share(bare) >= _NAME_SHARE:
        return False  # "Mark", "Rose", "Jack"; not "son", "lady", "chance"
    return plain.in_dictionary(bare) or any(
        bare.endswith(end) and plain.in_dictionary(bare[: -len(end)] + add)
        for end, add in (("est", ""), ("er", ""), ("iest", "y"), ("ier", "y"), ("est", "e"), ("er", "e"), ("d", "")))


#: per cent of the people of a Census list who bear a first name: more, and a word is the name
_NAME_SHARE = 0.05
#: a word beside a name is its first name or surname only when this many per cent bear it ("Alonzo
#: Little"; not "Alonzo came")
_PLAUSIBLE = 0.005


@lru_cache(maxsize=1)
def _forms() -> frozenset[str]:
    """Irregular English forms ("went", "told", "children"; ``data/english_forms.txt``)."""
    return frozenset(vocabulary.data_lines("english_forms.txt"))


@lru_cache(maxsize=1)
def _kept_upper() -> frozenset[str]:
    """Acronyms kept in capitals: the whitelist's ("CDCR", "SHU", "GED") and the prison codes ("CMC")."""
    terms = vocabulary.data_lines("whitelist.txt")
    acronyms = {t for t in terms if " " not in t and vocabulary.is_acronym(t)}
    codes = {code for code, _, _ in vocabulary.cdcr_institution_rows()}
    return frozenset(acronyms | codes)
