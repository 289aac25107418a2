"""Filters over a document's mentions as a whole: a tagger's name cut at a speaker label's colon, and the
organization a document keeps naming by ordinary words (what the hearings are about, not anyone's data).

Part of ``detect``: :meth:`anonymizer.detect.Detector.detect` runs them around ``filter.filter_mentions``.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from anonymizer.detect.tagger_persons import census_name
from anonymizer.lang.en import gazetteer, lexicon, plain, rosters, vocabulary
from anonymizer.lang.en.transcript import LINE_LABEL
from anonymizer.pseudonymize.names import NAME_PART
from anonymizer.types import Mention

_NAME_LABELS = frozenset({"PERSON", "LOCATION", "ORGANIZATION", "NRP"})


def cut_at_speaker_labels(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """A tagger's name that runs from a speaker's label over the label's colon into the turn ("Lacey: Basically"
    of ``Mr Lacey: Basically, yeah.``, "Ashworth: Chair") is the label's name only: the words after the colon
    open the turn and are no part of it (a name there gets its own mention)."""
    out = []
    for m in mentions:
        colon = text.find(":", m.start, m.end)
        if colon < 0 or m.label not in _NAME_LABELS or {"header", "rule", "manual"} & set(m.sources):
            out.append(m)
            continue
        line = text.rfind("\n", 0, m.start) + 1
        label = LINE_LABEL.match(text, line)
        if label is None or label.end() != colon + 1:
            out.append(m)
            continue
        end = colon
        while end > m.start and text[end - 1].isspace():
            end -= 1
        if end > m.start:
            out.append(replace(m, end=end))
    return out


#: how often, and how densely (per 1,000 words), a document writes the words of an organization it is about
#: ("the Post Office" of an inquiry about it): its subject. A program or a gang a hearing names a few times in
#: thousands of words ("Homeboy Industries", "Mexican Mafia": 8 in 6,000 words) is data, never its subject.
_SUBJECT_REPEATS = 10
_SUBJECT_PER_1000_WORDS = 4.0
#: words after a document's subject that name it again as a thing ("the Ledger System", "the Ledger software")
_SYSTEM_KINDS = frozenset("system systems software scheme programme program project network database".split())
#: words of a place's kind: an institution named by ordinary words ("Mule Creek State Prison") is still one place
_PLACE_KINDS = frozenset(
    "prison jail facility camp center centre hall institution penitentiary hospital court college school university "
    "church county state clinic home house".split())


def drop_document_subjects(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """Drop a tagger's (or the organization rule's) organization named by dictionary words only ("Post Office",
    "Horizon", "Federation"; none of them a place's kind, "Mule Creek State Prison" stays; a place:
    plain words only, never a known place) that the document writes often and densely (:data:`_SUBJECT_REPEATS`,
    :data:`_SUBJECT_PER_1000_WORDS`): what
    the hearings are about (an inquiry's company, its computer system), the corpus's vocabulary, not anyone's
    data; so is the subject with one more word after it ("the Ledger System"). A rule's or the title page's span stays, and so does a name with a word no dictionary has ("Rios
    Brothers Tree Service") or with a word the document names a person by ("Bishop's" of the victim Hope Bishop)."""
    counts: dict[str, int] = {}
    words_of_text = len(text.split())
    people = {w.casefold() for m in mentions if m.label == "PERSON" for w in NAME_PART.findall(text[m.start:m.end])}
    out = []
    for m in mentions:
        if (m.label == "LOCATION" and set(m.sources) <= {"spacy"}) or (m.label == "ORGANIZATION" and set(m.sources) <= {
                "spacy", "presidio"} and not _PLACE_KINDS & {w.casefold() for w in text[m.start:m.end].split()}):
            surface = text[m.start:m.end]
            words = surface.split()
            ordinary = plain.in_dictionary if m.label == "ORGANIZATION" else plain.is_plain_word
            words = [vocabulary.strip_possessive(w) for w in words]
            if words and all(ordinary(w) and w.casefold() not in people for w in words):
                core = vocabulary.strip_possessive(surface)  # "the Post Office's system": the Post Office
                # the subject and one word of its kind after it ("the Ledger System" of an inquiry about Ledger)
                # (only a word of a system's or a scheme's kind: "California Alliance" is no subject for "California")
                forms = (core, core.rsplit(None, 1)[0]) if len(words) > 1 \
                    and words[-1].casefold() in _SYSTEM_KINDS else (core,)
                for form in forms:
                    if form not in counts:
                        counts[form] = _subject_count(text, form)
                if max(counts[f] for f in forms) >= max(_SUBJECT_REPEATS, _SUBJECT_PER_1000_WORDS * words_of_text / 1000):
                    continue
        out.append(m)
    return out


#: a prefix of small letters before a word ("pre-Ledger", "post-Ledger", "anti-Federation"): the word said again
_WORD_PREFIX = r"(?:pre|post|anti|non|mid|pro)-"


def _subject_count(text: str, core: str) -> int:
    """How often ``text`` writes ``core``: as a word, after a prefix of small letters ("pre-Ledger"), and, for a
    name of two words or more, in small letters too ("the little post office" is the inquiry's Post Office)."""
    flags = re.IGNORECASE if len(core.split()) > 1 else 0
    return len(re.findall(rf"(?<![\w'’-])(?:{_WORD_PREFIX})?{re.escape(core)}(?![\w-])", text, flags))


def drop_prefixed_words(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """No tagger's person of a word after a prefix of small letters ("pre-Ledger", "post-Brexit", "anti-Smith"
    laws): a word made an adjective or a period's name, never how anyone is called (``al-``, ``el-``, ``de-`` are no
    such prefixes)."""
    return [m for m in mentions if not (m.label == "PERSON" and set(m.sources) <= {"spacy", "presidio"}
                                        and re.match(rf"{_WORD_PREFIX}\w", text[m.start:m.end]))]


#: what joins the two ends of an age's range ("six or seven", "12 to 13", "nine-ten")
_RANGE_JOINT = re.compile(r"[^\S\n]+(?:or|to)[^\S\n]+|[^\S\n]?[-–][^\S\n]?")


def join_age_ranges(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """Two ages joined by "or", "to" or a dash ("She was six or seven at the time") are one age, the range: its
    joining word is masked with it (a reader would mask the whole, and "or" alone left between two tags reads as
    the range it was)."""
    ages = sorted((m for m in mentions if m.label == "AGE"), key=lambda m: (m.start, m.end))
    joined: dict[int, Mention] = {}
    dropped: set[int] = set()
    run: Mention | None = None
    for m in ages:
        if run is not None and m.start > run.end and _RANGE_JOINT.fullmatch(text, run.end, m.start):
            dropped.add(id(m))
            joined[id(first)] = run = replace(run, end=m.end)
            continue
        first, run = m, m
    if not dropped:
        return list(mentions)
    return [joined.get(id(m), m) for m in mentions if id(m) not in dropped]


#: the rest of a list of ages after the first ("The children are 19, 27, 33 and 38"): bare numbers joined by commas,
#: the last by "and"; nothing after the last that makes it a quantity ("and 42 pounds", "and 42%", "and 4.5")
_AGE_LIST = re.compile(r"((?:,[^\S\n]*\d{1,3}(?![\d.,]\d)){0,8})(?:,?[^\S\n]+and[^\S\n]+)(\d{1,3})(?![\d.,]?\d|%|[^\S\n]*[-/]|"
                       r"[^\S\n]+(?!(?:years?|yrs?|now|then|respectively|at|when|in|by|and|or|today|this|that)\b)[a-z])")
_LIST_NUMBER = re.compile(r"\d{1,3}")


def extend_age_lists(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """The numbers listed after a bare number read as an age, the last joined by "and" ("The twins are 19, 27, 33
    and 38", "aged 9 and 11"): ages too, each its own span, when every one is a human age (at most 120) and the list
    ends there (no unit or noun after its last number: "aged 9, 3 days and 4 hours" is no list of ages)."""
    taken = {(m.start, m.end) for m in mentions}
    added: list[Mention] = []
    for m in mentions:
        if m.label != "AGE" or not text[m.start:m.end].isdigit():
            continue
        run = _AGE_LIST.match(text, m.end)
        if run is None:
            continue
        numbers = [n for n in _LIST_NUMBER.finditer(text, run.start(), run.end())]
        if not all(int(n.group()) <= 120 for n in numbers):
            continue
        for n in numbers:
            if (n.start(), n.end()) not in taken:
                taken.add((n.start(), n.end()))
                added.append(replace(m, start=n.start(), end=n.end(), sources=(*m.sources, "age_list")))
    return [*mentions, *added] if added else list(mentions)


#: how far after an age its confirmation is looked for: the answer to the turn that said it
_CONFIRM_REACH = 300


def confirmed_ages(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """An age said again to confirm it, in the turn after the one that said it ("And she was 91; is that right?" /
    "She was. Just 91, yes."): the same number opening a sentence (a hedge like "just" or "nearly" before it), the
    clause ending after it (a comma, a full stop, "yes", "then", "now"): the same age, masked too. Any other number
    there is left to the recognizers ("91 pages", "91 of them")."""
    taken = {(m.start, m.end) for m in mentions}
    added: list[Mention] = []
    for m in mentions:
        number = text[m.start:m.end]
        if m.label != "AGE" or not number.isdigit():
            continue
        pattern = re.compile(rf"(?:^|(?<=[.?!:][ ])|(?<=--[ ]))(?:(?i:just|only|nearly|almost|about|yes,|aged)[ ])?"
                             rf"({number})(?=[ ]?(?:[,.;!?]|--)|[ ](?i:yes|then|now)\b|$)", re.MULTILINE)
        for hit in pattern.finditer(text, m.end, min(len(text), m.end + _CONFIRM_REACH)):
            span = hit.span(1)
            if span not in taken:
                taken.add(span)
                added.append(replace(m, start=span[0], end=span[1], sources=(*m.sources, "age_confirmed")))
    return [*mentions, *added] if added else list(mentions)


#: a clock time's hours and minutes ("11.35", "2:05"), the notation a document says again without its "am"
_CLOCK = re.compile(r"(?:[01]?\d|2[0-3])[.:][0-5]\d")


def repeated_times(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """A clock time the document names ("Could we reconvene at 11.35", "(11.35 am)") said again alone ("The Chair:
    11.35, everybody"): every other place of its hours and minutes, standing as a word (no currency, digits or
    per cent around it), is the same time."""
    times = {m.group(0) for t in mentions if t.label == "TIME"
             for m in [_CLOCK.match(text, t.start)] if m is not None}
    if not times:
        return list(mentions)
    covered = sorted((m.start, m.end) for m in mentions)
    added: list[Mention] = []
    pattern = re.compile(r"(?<![\w£$€.,:/-])(" + "|".join(map(re.escape, sorted(times, key=len, reverse=True)))
                         + r")(?![\w%/-]|[.,:]\d)")
    template = next(m for m in mentions if m.label == "TIME")
    for hit in pattern.finditer(text):
        start, end = hit.span(1)
        if any(s <= start < e or s < end <= e for s, e in covered):
            continue
        added.append(replace(template, start=start, end=end, sources=(*template.sources, "time_repeated")))
    return [*mentions, *added] if added else list(mentions)


def split_firms_after_persons(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """Each tagger's organization that runs from a person's name into a firm named on its own elsewhere, cut
    (:func:`_firm_after_person`); the other mentions as they are."""
    out: list[Mention] = []
    for m in mentions:
        parts = None
        if m.label == "ORGANIZATION" and not {"header", "rule", "manual"} & set(m.sources):
            parts = _firm_after_person(text, m)
        out.extend(parts if parts is not None else (m,))
    return out


#: the last words of a transcription firm's name ("Delta Verbatim Reporting", "Quill Transcription")
_TRANSCRIPTION_FIRM_WORDS = frozenset({"transcription", "transcriptions", "transcripts", "transcribing", "reporting",
                                       "reporters", "verbatim", "stenography"})


def _firm_after_person(text: str, m: Mention) -> tuple[Mention, ...] | None:
    """A tagger's organization that runs from a person's name into a transcription firm the text also names on its own
    and the person's name on its own too ("Transcribed by: Nora Quill Delta Verbatim Reporting", the firm in every
    page's footer, "I, Nora Quill, ..." in the certificate): the person (two to
    four Census names or words no list knows, no place); the firm is the certificate's rules' to read (the
    vendor). None when the span is no such run."""
    m = replace(m, end=m.start + len(text[m.start:m.end].rstrip()))  # a tagger's span may hold the line's end
    words = list(re.finditer(r"\S+", text[m.start:m.end]))
    if len(words) < 3 or words[-1].group().strip(".,").casefold() not in _TRANSCRIPTION_FIRM_WORDS:
        return None
    for i in range(2, min(4, len(words) - 1) + 1):
        head, tail = words[:i], words[i:]
        if not all(w.group()[:1].isupper() and w.group().strip(".").isalpha() for w in head):
            return None
        if not all(census_name(w.group().strip(".")) or plain.unknown_word(w.group().strip("."))
                   or len(w.group().strip(".")) == 1 for w in head) \
                or any(gazetteer.is_known_place(w.group()) for w in head):
            continue
        firm_start = m.start + tail[0].start()
        firm = text[firm_start:m.end]
        whole = text.count(text[m.start:m.end])
        if len(firm.split()) >= 2 and text.count(firm) > whole and text.count(text[m.start:firm_start].rstrip()) > whole:
            # the firm alone elsewhere (a footer), the person too (the certificate's "I, Nora Quill, ...")
            return (replace(m, end=m.start + head[-1].end(), label="PERSON"),)
    return None




#: how far around a letter spelled out the record's lettered part it names is looked for: a few turns
_ITEM_REACH = 400
#: a spelled letter's phrase ("a as in Alpha") right before or after another: a word spelled letter by letter
_NEXT_LETTER = 4


def drop_item_letters(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """A letter spelled out alone ("No, a as in Alpha.") that names a lettered part of the record said around it
    ("Exhibit A", "tab C", "Appendix B": :data:`vocabulary.LETTERED_ITEM_NOUNS`, within :data:`_ITEM_REACH`
    characters) is that part's letter, no one's initial or name: dropped. Letters spelled one after another
    ("D as in David, O as in Oscar") spell a word and stay."""
    spelled = sorted((m.start, m.end) for m in mentions if m.label in ("SPELLED_OUT_ITEM", "SPELLED_NAME"))
    dropped = []
    for m in mentions:
        if m.label != "SPELLED_OUT_ITEM" or any(s != m.start and (0 <= m.start - e <= _NEXT_LETTER
                                                                  or 0 <= s - m.end <= _NEXT_LETTER)
                                                for s, e in spelled):
            continue
        letter = text[m.start].upper()
        window = _LETTERED_ITEM.finditer(text, max(0, m.start - _ITEM_REACH), min(len(text), m.end + _ITEM_REACH))
        if any(hit.group(1) == letter for hit in window):
            dropped.append((m.start, m.end))
    if not dropped:
        return list(mentions)
    # and what a tagger found inside it ("Alpha" as a first name)
    return [m for m in mentions if not any(s <= m.start and m.end <= e for s, e in dropped)]


_LETTERED_ITEM = re.compile(rf"(?i:\b(?:{'|'.join(sorted(vocabulary.LETTERED_ITEM_NOUNS))})[ ])([A-Z])(?![\w'’-])")


#: a company's legal form after its name, after a comma or not: ``Lake Works, Incorporated``, ``Quillon Ltd.``
_LEGAL_FORM_AFTER = re.compile(r",?[ ](?:Incorporated|INCORPORATED|Inc\.?|INC\.?|Limited|LIMITED|Ltd\.?|LTD\.?|LLC|L\.L\.C\."
                               r"|LLP|L\.L\.P\.|L\.P\.|Corp\.?|CORP\.?|Corporation|CORPORATION|Co\.|PLC|plc|GmbH|S\.A\.|N\.V\.)"
                               r"(?![\w'’-])")


def extend_legal_forms(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """An organization's mention that stops before the legal form its name goes on with (a tagger's ``Lake Works``
    of ``Lake Works, Incorporated``) covers the form too: it is part of the company's name."""
    out = []
    for m in mentions:
        if m.label == "ORGANIZATION" and (form := _LEGAL_FORM_AFTER.match(text, m.end)):
            m = replace(m, end=form.end())
        out.append(m)
    return out


#: what a web address's query goes on with in brackets, the tagger's address stopping before them: ``?ids[]=4``,
#: ``?cas=['39844']``, ``?f[0]=x&f[1]=y``
_URL_BRACKETS = re.compile(r"(?:\[[^\s\[\]()<>]*\][^\s\[\]()<>\"]*)+")


def extend_url_brackets(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """A web address's mention that stops at a bracket its query goes on with covers the rest of the address."""
    return [replace(m, end=more.end()) if m.label == "URL" and (more := _URL_BRACKETS.match(text, m.end)) else m
            for m in mentions]


#: the ``v.`` of a case's caption between its parties: ``Badger v. Her Majesty the Queen``, ``Doe vs. Roe``
_CAPTION_V = re.compile(r"[ ](?:v|vs|V|VS)\.?[ ](?=[A-Z])")


def split_case_captions(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """A tagger's name or body over a case's caption (``Jacob Quill v. Her Majesty``) is each party apart: the
    parties are two, and the one the state is (``Her Majesty the Queen``) is then no one's name (the filter)."""
    out: list[Mention] = []
    for m in mentions:
        cut = _CAPTION_V.search(text, m.start, m.end) if m.label in ("PERSON", "ORGANIZATION") else None
        if cut is None or cut.start() == m.start or cut.end() >= m.end:
            out.append(m)
            continue
        out += [replace(m, end=cut.start()), replace(m, start=cut.end())]
    return out


#: the taggers whose person on a list's entry vouches for the list (:mod:`anonymizer.lang.en.rosters`)
_ROSTER_TAGGERS = frozenset({"spacy", "presidio", "rule", "header", "stanza", "transformers"})


def roster_mentions(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """The names and bodies of a list of participants on a hearing's front pages that ``mentions`` miss
    (:func:`anonymizer.lang.en.rosters.found`: ``Eoin Wrafter 31 / Commissioner / Town of Cortlandt``), source
    ``rule``."""
    persons = [(m.start, m.end) for m in mentions if m.label == "PERSON" and _ROSTER_TAGGERS & set(m.sources)]
    named = [(m.start, m.end) for m in mentions if m.label in _NAME_LABELS and "suspect" not in m.sources]
    return [Mention(s, e, label, ("rule",), confidence=1) for s, e, label in rosters.found(text, persons, named)]


#: a place's first word abbreviated at a mention's end (``St.`` alone, the tagger's ``Chair St.``), spaces after it
_SAINT_END = re.compile(rf"(?:^|(?<=[ ]))(?:{'|'.join(re.escape(a) for a in vocabulary.SAINT_ABBREVIATIONS)})[ ]+$")


def join_saints(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """A tagger's person that is a place's abbreviated first word, or a person or an organization ending with one,
    right before another mention (the person ``St.`` and the county ``Lawrence County`` of ``St. Lawrence County``,
    the tagger's ``Chair St.`` before it) gives that word to the mention after it: one place (``St. Lawrence
    County``). What stays before it stands only if it is more than a title or ordinary words (``Vice Chair``)."""
    ordered = sorted(mentions, key=lambda m: (m.start, m.end))
    out: list[Mention] = []
    for i, m in enumerate(ordered):
        after = ordered[i + 1] if i + 1 < len(ordered) else None
        if after is None or m.label not in ("PERSON", "ORGANIZATION") or {"header", "rule", "manual"} & set(m.sources) \
                or after.label not in _NAME_LABELS or after.start <= m.end:
            out.append(m)
            continue
        saint = _SAINT_END.search(text[m.start:after.start])
        if saint is None or text[m.end:after.start].strip() or (m.label != "PERSON" and saint.start() == 0):
            out.append(m)
            continue
        cut = m.start + saint.start()
        ordered[i + 1] = replace(after, start=cut, sources=tuple(sorted({*after.sources, *m.sources})))
        rest = text[m.start:cut].split()
        if rest and not all(lexicon.is_title_word(w) or plain.is_plain_word(w) for w in rest):
            out.append(replace(m, end=m.start + len(text[m.start:cut].rstrip())))
    return out
