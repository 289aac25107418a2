"""Suspects: what the pass is not sure enough to tag still reaches the reviewer.

After normalization, the text outside every mention is scanned for tokens that look like
personal data in a context where it occurs:

* a capitalised word or run of capitalised words in the middle of a sentence (``my cousin
  Faerbanks``), or at a sentence start when it is a census first name or surname and not an
  ordinary word of this document; never ordinary words written with capitals (``Money
  Management``, ``take the Bus``: :func:`anonymizer.lang.en.plain.is_common_noun_use`);
* a cut-off name (``my cousin Ce-``) and the rest of it on a later line (``-dric``);
* a number that stands where an age or an identifier does (``she was 41``, ``at 19 when``,
  a bare ``Twenty-two, sir.`` answering a question, ``number 4471239``), unless it reads as a
  time of day (``about 9 when we got there``, ``left at 10``: ``recognizers.time.is_clock_reading``),
  a decimal (``a TABE score of 12.9``) or a count's or score's number (``Your Classification Score is 19``);
  a long number after a letter or two (``B7734521``) and the last digits of one (``ending in 4421``).

Never a whitelisted term, a role, title, month, weekday, holiday or stop word, a speaker tag or a
word inside a protected phrase. Each suspect is a PERSON (LOCATION for a known place that is no
one's name) / AGE / ID-like mention with source
``suspect`` and certainty 3 (pending, never auto-accepted); all suspects with the same surface
share one entity so a reviewer can dismiss them everywhere at once.
"""
from __future__ import annotations

import re
from typing import Sequence

import regex

from anonymizer import spans
from anonymizer.lang.en import civic, gazetteer, lexicon, plain, public_body, vocabulary
from anonymizer.lang.en.recognizers._base import NUMBER_WORD
from anonymizer.lang.en.recognizers.time import is_clock_reading
from anonymizer.lang.en.transcript import TAG_WORDS, in_speaker_tag
from anonymizer.spans import Protected
from anonymizer.types import SUSPECT, Entity, Mention

SOURCE = SUSPECT
#: a capitalised word or run of them, in any alphabet ("Muñoz", "Þórsson"; "Soo-jin")
#: a capitalised word, a capital inside it too ("McClatchy", "DeShawn") or after an apostrophe ("O'Neil")
_CAP_WORD = r"(?:\p{Lu}['’])?\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:['’-]\p{L}+)?|\p{Lu}{2,}"
_CAP_RUN = regex.compile(rf"(?<![\w'’.-])(?:{_CAP_WORD})(?:[ ](?:{_CAP_WORD}))*(?![\w'’-])")
_CUT_OFF = re.compile(r"(?<![\w'’-])([A-Z][a-z]{0,5})-(?=[^\S\n]*$)", re.MULTILINE)
_CONTINUED = re.compile(r"(?::[^\S\n]+|^[^\S\n]*)-([a-z]{2,})\b", re.MULTILINE)
_AGE_LIKE = regex.compile(
    rf"(?<=\b(?:was|is|were|are|I'm|I’m|he's|he’s|she's|she’s|be|been|turn|turned|turning|aged?|[Aa]t|by|looked|looks)[ ]"
    r"(?:(?:only|just|about|around|like|maybe|almost|nearly|barely|going[ ]on)[ ])?)"
    rf"(?:\d{{1,2}}|{NUMBER_WORD})(?![.,]\d)(?=[ ]?(?:[.,;!?]|--|$)|[ ](?:when|now|then|and|at[ ]the[ ]time|sir|ma'am|I)\b)",
    regex.MULTILINE,
)
#: the second of two ages said together ("were nine and six"): group 1
_AND_AGE = regex.compile(rf"[ ]and[ ]((?:\d{{1,2}}|{NUMBER_WORD}))(?![.,]\d)(?=[ ]?(?:[.,;!?]|--|$))", regex.MULTILINE)
#: a count's or a score's noun right before "is"/"was": "Your Classification Score is 19" is no age
_MEASURE_SUBJECT = regex.compile(
    rf"\b(?:{'|'.join(vocabulary.MEASURE_NOUNS)})[ ]+(?:is|was|are|were)[ ]+(?:\w+[ ])?$", regex.IGNORECASE
)
_NUMBER_WORDS = regex.compile(rf"(?i:{NUMBER_WORD})(?:[ -](?i:{NUMBER_WORD}))*")
#: a bare number answering a question on the line before ("How many ...?" / "Twenty-two, sir."), perhaps after an
#: aside ("(Through interpreter) Fifty-eight.")
_ANSWER_LIKE = regex.compile(
    rf"\?[^\S\n]*\n(?:[^\S\n]*\n)*[^\S\n]*(?:{TAG_WORDS}[^\S\n]?:|[QA][.:])[^\S\n]+(?:\([^)\n]{{1,40}}\)[ ])?"
    r"(?:(?:About|Maybe|Like|Um|Uh),?[ ])?\K"
    rf"(?:\d{{1,2}}|{NUMBER_WORD})(?=(?:[ ]and[ ]a[ ]half)?(?:,[ ](?:(?:yes[ ])?sir|(?:yes[ ])?ma'am|I[ ]think|I[ ]believe))?"
    r"(?:[.!]?[^\S\n]*$|[.!][ ]+(?=[A-Z])))",  # alone, or a sentence of its own ("Fifty-eight. My birthday ...")
    regex.MULTILINE,
)
#: a question for a count, a length or a score, not an age; or whether one has people or things ("You have
#: brothers?", "Any kids?", "Did you have any write-ups?"): its number answer counts them
_COUNT_QUESTION = re.compile(r"\b(?i:how[ ](?:many|much|long|often|far)|what[ ](?:number|score|level|grade))\b"
                             r"|\b(?i:(?:have|has|had|got)[ ](?:any[ ]|some[ ])?(?:\w+[ ])?|any[ ])"
                             r"(?i:\w{3,}(?<!ss)s|children|people|grandchildren)(?=[ ]*(?:now|today|still)?(?:,[^?\n]{0,30})?\?)")
#: a line in capitals, perhaps numbered (``I. THE CIRCUMSTANCES OF THE CASE``, ``B. RELEVANT LAW``)
_HEADING = regex.compile(r"[^\S\n]*(?:(?:[IVX]+|[A-Z]|\d+)\.[^\S\n]+)?[\p{Lu}'’ -]+[.:]?[^\S\n]*")
#: the label words of a number after a word (``Log No. 000481207``, ``Badge Number 4471``)
_NUMBER_LABEL = re.compile(r"[^\S\n]+(?:No\.|Number|#)[^\S\n]*:?[^\S\n]*#?[A-Z]{0,2}-?\d")
#: a table's dot leader after a row's label of a few words (``Prior CRA .......... 2019``)
_LEADER = re.compile(r"(?:[^\S\n]+[\w/-]+){0,3}[^\S\n]*(?:\.{4,}|…{2,})")
#: a number that may identify someone: 5-9 digits, also after or between letters ("B7734521", "123456AB7")
_ID_LIKE = re.compile(r"(?<![\w$.,/:-])(?:(?:[A-Z]{1,2}-?)?\d{5,9}|\d{5,9}[A-Z]{1,2}\d{0,3})(?![\w/:]|[.,]\d)")
#: a statute's words right before its section's number (``Penal Code 12022``, ``Section 12022``, ``§ 12022``), and a
#: subdivision in brackets right after it (``12022(b)``, ``12022(c)(1)``)
_STATUTE_BEFORE = re.compile(r"(?:\b(?i:code|sections?)|§)[^\S\n]*$")
_SUBDIVISION_AFTER = re.compile(r"\([a-z0-9]{1,4}\)")
#: the last digits of a number said as such ("my social, ending in 4421", "it ends with 0713"): group 1
_LAST_DIGITS = re.compile(
    r"\b(?:(?:ending|ends?)(?:[ ](?:in|with))?|last[ ](?:four|4)(?:[ ]digits)?(?:[ ](?:are|is|were))?)[ ](\d{3,4})\b")


#: a letter said by a word right before that word ("a as in ", "B, as in the word ")
_LETTER_AS_IN = re.compile(r"(?<![\w'’-])[A-Za-z],?[ ](?i:as[ ]in)[ ](?:(?i:the[ ]word)[ ])?$")


def find(text: str, mentions: Sequence[Mention], protected: Protected, title_end: int = 0) -> list[tuple[int, int, str]]:
    """``(start, end, label)`` of every suspect outside ``mentions`` (sorted, disjoint)."""
    taken = sorted((m.start, m.end) for m in mentions)
    lower = plain.lower_case_words(text)
    places = {" ".join(text[m.start:m.end].casefold().split()) for m in mentions if m.label == "LOCATION"}
    found: list[tuple[int, int, str]] = []

    def free(start: int, end: int) -> bool:
        return not spans.overlapping(taken, start, end) and not protected.contains(start, end)

    for start, end in _free_runs(_CAP_RUN.finditer(text), taken):  # "Austin" after a tagged "Ms. Soo-jin"
        if start < title_end or not free(start, end) or in_speaker_tag(text, start):
            continue
        if plain.is_common_noun_use(text, start, end, lower) or lexicon.in_housing_designation(text, start, end) \
                or _NUMBER_WORDS.fullmatch(text, start, end):
            continue  # "Money Management", "take the Bus", "Facility D": a thing written with capitals; "Fifty-eight"
        if text[start - 1:start] == "[" and text.startswith("]", end) and all(
                w.casefold() in vocabulary.TRANSCRIBER_NOTES or plain.is_plain_word(w) for w in text[start:end].split()):
            continue  # "[REDACTED]", "[NAME WITHHELD]": an editor's note in brackets, ordinary words; "[RICHARDSON]" is not
        run = (start, end)
        words = text[start:end].split()
        while words and (n := _known_head(words)):
            start += len(" ".join(words[:n])) + 1
            del words[:n]
        while words and (n := _known_head(words, from_end=True)):
            end -= len(" ".join(words[-n:])) + 1
            del words[-n:]
        if not words or protected.is_whitelisted(" ".join(words)) or protected.contains(start, end) \
                or lexicon.in_housing_designation(text, start, end):
            continue  # "And Hope for Lifers", "On Facility A": less its stop word, a protected phrase's or a yard's
        line = (spans.line_start(text, start), spans.line_end(text, start))
        if _HEADING.fullmatch(text, *line) and (_heading_words(words) or (
                text[line[0]:line[1]].strip() == words[0] and plain.in_dictionary(words[0]))) \
                or plain.is_outline_heading(text, start, end):
            continue  # "I. THE CIRCUMSTANCES OF THE CASE", an index's "PAGE", "D.  Analysis": a heading of ordinary words
        if _in_public_body(text, start, end):
            continue  # "Cassation" of "the Court of Cassation", "Republic" of "the Republic of Poland"
        if len(words) == 1 and vocabulary.phonetic_alphabet().get(words[0].casefold()) \
                and (said := _LETTER_AS_IN.search(text, max(0, start - 16), start)) \
                and text[said.start()].upper() == vocabulary.phonetic_alphabet()[words[0].casefold()]:
            continue  # "a as in Alpha": a letter said by its word, no one's name
        if len(words) == 1 and (lexicon.is_numbered_reference(text, start, end) or plain.is_code_of_a_thing(text, start, end)):
            continue  # "Count 2": a part of a legal text; "a CT scan", "(SEK)": an examination, a currency's code
        if all(plain.is_plain_word(w) or w.casefold() in vocabulary.REFERENCE_NOUNS for w in words) and (
                (len(words) == 1 and text.startswith(":", end)) or _NUMBER_LABEL.match(text, end)
                or _LEADER.match(text, end) or plain.is_record_number(text[start:end + 40], whole=False)):
            continue  # "Place: Soledad", "Log No. 000481207", "Court Case #: F98-12345", "Prior CRA ...... 2019": a label
        if spans.sentence_initial(text, start) and (
                not _name_like(words, lower, text.startswith(",", end)) or _word_said(text, end, words)
                or _imperative(text, end) or _fragment(text, end, words) or _plural_noun(text, end, words, lower)):
            continue  # "Amen.", "Tell me where you grew up", "Low risk.", "Letters came": a word, though a Census surname
        if len(words) == 1 and lexicon.is_surname_title(words[0]) and any(t[0] == end + 1 for t in taken):
            continue  # "Bishop" of "Bishop Overstreet", "Elder" of "Elder Ruiz": a title, though a surname too
        if public_body.cites_a_law_report(text, end) or public_body.names_a_cited_case(text, start, end):
            continue  # "Cal" of "44 Cal.4th 1181": a law reporter of a cited case; "In re Stoneroad, 215 Cal.App.4th"
        if (start, end) != run and plain.is_common_noun_use(text, start, end, lower):
            continue  # "CDCR Parenting" less its known word: "Parenting" alone is a program
        # "born in Accra, Ghana": a known place that is no one's name is a place; "past Kings Canyon": the
        # document's "Kings Canyon Road" without its suffix
        place = gazetteer.is_place_not_name(" ".join(words)) or _of_a_place(" ".join(words), places) \
            or gazetteer.in_unlisted_town(text, start, end) or (len(words) > 1 and words[-1].casefold() in _SUFFIXES)
        found.append((start, end, "LOCATION" if place else "PERSON"))
    found += _repeated(text, found, free, title_end)
    for match in _CUT_OFF.finditer(text):
        if free(*match.span(1)) and not _known(match.group(1)):
            found.append((*match.span(1), "PERSON"))
    for match in _CONTINUED.finditer(text):
        if free(*match.span(1)) and match.group(1) not in lower:
            found.append((*match.span(1), "PERSON"))
    for match in _LAST_DIGITS.finditer(text):
        if free(*match.span(1)):
            found.append((*match.span(1), "CDCR_ID"))
    for pattern, label in ((_AGE_LIKE, "AGE"), (_ANSWER_LIKE, "AGE"), (_ID_LIKE, "CDCR_ID")):
        for match in pattern.finditer(text):
            if free(*match.span()) and not (label == "AGE" and _no_age(text, match, pattern is _ANSWER_LIKE)) \
                    and not (label == "CDCR_ID" and _statute_section(text, *match.span())):
                found.append((*match.span(), label))
                paired = _AND_AGE.match(text, match.end()) if pattern is _AGE_LIKE else None
                if paired and free(*paired.span(1)):
                    found.append((*paired.span(1), label))  # "My kids ... were nine and six."
    return _disjoint(found)


_OF_BEFORE = regex.compile(r"(?<![\w'’-])(?:\p{Lu}[\w'’-]*[ ])*\p{Lu}[\w'’-]*[ ]of(?:[ ]the)?[ ]$")
_OF_AFTER = regex.compile(r"[ ]of(?:[ ]the)?(?:[ ]\p{Lu}[\w'’-]*)+")


def _in_public_body(text: str, start: int, end: int) -> bool:
    """Whether the run at ``start:end``, with the capitalised words an "of" joins to it, names a state,
    a generic public body or a statute (:mod:`anonymizer.lang.en.public_body`), or lies in a plan's code or a body
    named for waters (:mod:`anonymizer.lang.en.civic`: "Plan" of "Plan B+", "Lake Ontario-St" of "Lake Ontario-St.
    Lawrence River Study")."""
    if civic.names_a_plan(text, start, end) or civic.in_waters_body(text, start, end):
        return True
    before = _OF_BEFORE.search(text, spans.line_start(text, start), start)
    after = _OF_AFTER.match(text, end)
    first, last = before.start() if before else start, after.end() if after else end
    return public_body.is_public_body(text, first, last) or public_body.is_public_body(text, start, end)


def _heading_words(words: list[str]) -> bool:
    """Ordinary words (``RELEVANT DOMESTIC LAW``), or dictionary words with a function word between
    them (``CIRCUMSTANCES OF THE CASE``: "Case" is a surname too, not "JOHN SMITH")."""
    stops = [lexicon.is_stop_word(w.casefold()) for w in words]
    return all(stop or plain.is_plain_word(w) for w, stop in zip(words, stops)) or (
        any(stops) and all(stop or plain.in_dictionary(w) for w, stop in zip(words, stops)))


_SUFFIXES = frozenset(suffix.casefold() for suffix in vocabulary.STREET_SUFFIXES)


def _of_a_place(words: str, places: set[str]) -> bool:
    """Whether ``words`` open a place the document names with a street's suffix after them."""
    folded = words.casefold() + " "
    return any(place.startswith(folded) and place[len(folded):] in _SUFFIXES for place in places)


def _statute_section(text: str, start: int, end: int) -> bool:
    """A number that is a statute's section, no identifier: after "Code" or "Section", or before a subdivision in
    brackets ("Penal Code 12022(b)")."""
    return bool(_STATUTE_BEFORE.search(text, max(0, start - 12), start) or _SUBDIVISION_AFTER.match(text, end))


def _no_age(text: str, match, answer: bool) -> bool:
    """A number where an age stands that is none: a clock reading, a count's or a score's number, the
    answer to a question for a count ("How many write-ups?" / "Two.")."""
    start = match.start()
    measure = _MEASURE_SUBJECT.search(text, max(0, start - 40), start) is not None
    return is_clock_reading(text, *match.span()) or measure or (answer and _counts(text, start))


def _counts(text: str, answer: int) -> bool:
    """Whether the question an answer's number follows asks for a count or a length ("How many write-ups?")."""
    mark = text.rfind("?", 0, answer)
    return bool(_COUNT_QUESTION.search(text, text.rfind("\n", 0, mark) + 1, mark + 1))


_NON_SPACE_RUN = regex.compile(r"\S+")


def _free_runs(matches, taken: list[tuple[int, int]]):
    """Each run's longest stretches of whole words outside the tagged mentions."""
    for match in matches:
        run_start = None
        for word in _NON_SPACE_RUN.finditer(match.string, match.start(), match.end()):
            start, end = word.span()
            if spans.overlapping(taken, start, end):
                if run_start is not None:
                    yield run_start, run_end
                run_start = None
            else:
                run_start = start if run_start is None else run_start
                run_end = end
        if run_start is not None:
            yield run_start, run_end


def _known_head(words: list[str], from_end: bool = False) -> int:
    """How many words at the start (or end) are a known word (1) or a title of two or three words
    ("Case Manager", "Social Worker", "Psych Tech"); 0 when none."""
    for n in (3, 2):
        part = words[-n:] if from_end else words[:n]
        if len(words) >= n and lexicon.is_title(" ".join(part)):
            return n
    return 1 if _known(words[-1] if from_end else words[0]) else 0


def _known(word: str) -> bool:
    """A word of the domain vocabulary, never personal data on its own."""
    folded = word.strip(".,'’").casefold().replace("’", "'")
    return (
        len(folded) < 2
        or lexicon.is_stop_word(folded.split("'")[0])
        or lexicon.is_role_word(word)
        or folded in vocabulary.CALENDAR_WORDS
        or folded.removesuffix("s") in vocabulary.CALENDAR_WORDS
        or lexicon.is_whitelisted(word)
        or lexicon.is_stop_name(word)
        or gazetteer.is_nrp_term(folded)  # "read and write English": the NRP recognizer's, never a person
    )


def _name_like(words: list[str], lower: frozenset[str], comma: bool = False) -> bool:
    """At a sentence start: a census name that this document does not also use as a word, or, before a comma,
    a word in capitalised case no list knows (``Roz, I forgive you``: someone addressed or named)."""
    folded = words[0].casefold()
    if folded in lower:
        return False
    return folded in gazetteer.first_names() or folded in gazetteer.last_names() or (
        comma and len(words) == 1 and words[0].istitle() and plain.unknown_word(words[0]))


#: after a sentence's first word, an object pronoun, a possessive or a person's title makes that word a verb:
#: "Tell me", "Walk us through", "Ask your counselor", "Ask Lieutenant Okafor"; a greeting's "to you" ("Welcome to
#: you both")
_IMPERATIVE = re.compile(r"[ ](?:(?:me|us|them|him|your|my|our|their|to[ ](?:you|all|everyone|everybody))\b"
                         r"|(?P<title>[A-Z][a-z]+\.?)(?=[ ][A-Z]))")


def _imperative(text: str, end: int) -> bool:
    match = _IMPERATIVE.match(text, end)
    return match is not None and (not match.group("title") or lexicon.is_title(match.group("title")))


def _word_said(text: str, end: int, words: list[str]) -> bool:
    """A sentence's first word, alone before a stop or a comma or before a verb's particle, that is a word and no
    first name ("Amen.", "Welcome, everyone.", "Overall, I did", "Stay in touch"): the word, though a Census
    surname too."""
    folded = words[0].casefold()
    return len(words) == 1 and (text[end:end + 1] in (".", ",", "!", "?") or _PARTICLE.match(text, end) is not None
                                or _DATE_NEXT.match(text, end) is not None) \
        and plain.in_dictionary(folded) and folded not in gazetteer.first_names()


#: after a sentence's first word, one to three lower-case words and a stop, none a verb's past: a heading's or a
#: finding's fragment ("Prior criminal history.", "Low risk.", "Identifying information.", "End quote."), not
#: "Baker testified."
_FRAGMENT = re.compile(r"(?:[ ][a-z]+){1,3}(?<!ed)[.:](?!\w)")


def _fragment(text: str, end: int, words: list[str]) -> bool:
    """A sentence's first word, a word and no first name, opening a fragment of a few lower-case words."""
    folded = words[0].casefold()
    return len(words) == 1 and _FRAGMENT.match(text, end) is not None and plain.in_dictionary(folded) \
        and folded not in gazetteer.first_names()


#: after a sentence's first word, a verb that agrees with a plural only: "Roses were", "Banks have closed"
_PLURAL_VERB = re.compile(r"[ ](?:are|were|have|do|aren['’]t|weren['’]t|haven['’]t|don['’]t)\b")


def _plural_noun(text: str, end: int, words: list[str], lower: frozenset[str]) -> bool:
    """A sentence's first word, a plural of a dictionary word and no first name, before a verb of the plural or
    written in the singular in lower case elsewhere in the document ("Roses were", "Letters came from" beside "a
    letter", "Banks closed" beside "the bank"): the word, though a Census surname ("Banks testified" stays)."""
    folded = words[0].casefold()
    if len(words) != 1 or not folded.endswith("s") or folded.endswith("ss") or folded in gazetteer.first_names():
        return False
    singulars = [folded[:-1], *([folded[:-2]] if folded.endswith("es") else [])]
    return any(len(one) >= 3 and one in lower for one in singulars) or (
        _PLURAL_VERB.match(text, end) is not None and plain.in_dictionary(folded))


#: after a sentence's first word, a verb's particle: "Stay in touch", "Check in with your PO", "Hang on"
_PARTICLE = re.compile(r"[ ](?:in|on|out|up|off|away|back|down|over|around|through)\b")
#: after a sentence's first word, a date or a year: "Born 11 March 1968", "Paroled 10-19-2002", "Arrested 1998"
_DATE_NEXT = re.compile(r"[ ]\d{1,4}(?:[ ](?:" + "|".join(vocabulary.MONTHS) + r")\b|[/-]\d|(?![\w.,:]))")


def _repeated(text: str, found: list[tuple[int, int, str]], free, title_end: int) -> list[tuple[int, int, str]]:
    """The other places a suspect name is written alike, where no rule would take it (``DJ plays ball.`` after
    ``Your son, DJ,``): a name of words no dictionary has, or of two or three capitals."""
    seen = {text[start:end]: label for start, end, label in found if label == "PERSON"}
    forms = [form for form in seen if (form.isupper() and len(form) <= 3)
             or not any(plain.in_dictionary(word) for word in form.split())]
    if not forms:
        return []
    pattern = re.compile(rf"(?<![\w'’-])(?:{lexicon.trie_alternation(forms)})(?![\w'’-])")
    return [(m.start(), m.end(), seen[m.group()]) for m in pattern.finditer(text, title_end)
            if free(*m.span()) and not in_speaker_tag(text, m.start())]


def _disjoint(found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    for item in sorted(set(found)):
        if item[0] < item[1] and (not out or item[0] >= out[-1][1]):
            out.append(item)
    return out


def add_suspects(
    text: str,
    mentions: tuple[Mention, ...],
    entities: tuple[Entity, ...],
    protected: Protected,
    title_end: int = 0,
) -> tuple[tuple[Mention, ...], tuple[Entity, ...]]:
    """``mentions`` and ``entities`` with the suspects added: certainty 3, source ``suspect``, the entity of the
    mentions of the same label and surface when they are one's, else one new entity per (label, surface)."""
    # a suspect written as the mentions of one person or place is that one's ("Ty visits me" beside "He goes by Ty"),
    # not when they are several people's ("Guy": the victim Tuan Guy and his father)
    owners: dict[tuple[str, str], set[int]] = {}
    for m in mentions:
        if m.label in ("PERSON", "LOCATION") and m.entity is not None:
            owners.setdefault((m.label, text[m.start:m.end].casefold()), set()).add(m.entity)
    groups = {key: next(iter(found)) for key, found in owners.items() if len(found) == 1}
    new_entities = list(entities)
    added: list[Mention] = []
    for start, end, label in find(text, mentions, protected, title_end):
        surface = text[start:end]
        key = (label, surface.casefold())
        if key not in groups:
            groups[key] = len(new_entities)
            new_entities.append(Entity(id=len(new_entities), label=label, category=label, name=surface))
        added.append(Mention(start, end, label, (SOURCE,), score=0.3, confidence=3, entity=groups[key]))
    merged = tuple(sorted((*mentions, *added), key=lambda m: (m.start, m.end)))
    return merged, tuple(new_entities)
