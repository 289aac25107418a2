"""Detection, the detectors of the document's own structure: title-page names, speaker tags, the certificate.

See :mod:`anonymizer.detect`.
"""
from __future__ import annotations

import re

from anonymizer.header import heading_tag
from anonymizer.header.fields import is_firm_name
from anonymizer.lang.en import gazetteer, lexicon, plain
from anonymizer.lang.en.transcript import speaker_labels, speaker_tag, speaker_tags, tag_roles
from anonymizer.types import Header, Mention
from anonymizer.lang.en.vocabulary import (
    FIELD_LABEL_SURNAMES, FIELD_LABEL_WORDS, NAME_SUFFIXES, ORGANIZATION_HEAD_WORDS, ROLE_WORDS, STREET_SUFFIXES,
)


_FIELD_WORDS = frozenset(w.rstrip(".") for w in FIELD_LABEL_WORDS)
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['\-.])*[^\W\d_]|[^\W\d_]")
_SENTENCE_START = re.compile(r"(?:^|[.?!]\s+|:\s+|\"\s*|--\s*)$")


# --- title page and speaker tags -------------------------------------------------------


def name_parts(name: str) -> list[str]:
    """Name parts worth matching: words of 2+ letters, no suffixes like JR or III."""
    parts = []
    for word in _WORD.findall(name):
        word = word.strip(".")
        if len(word) < 2 or word.casefold() in NAME_SUFFIXES:
            continue
        parts.append(word)
    return parts


def _case_ok(hit: str, part: str, text: str, start: int) -> bool:
    """Accept a case-insensitive hit of a name part unless it looks like the common word."""
    if hit.islower():
        return False  # transcribers capitalise names: "a young man", "I hope"
    if lexicon.is_name_word(part) and not hit.isupper():
        before = text[max(0, start - 40) : start]
        if _SENTENCE_START.search(before):
            return False
    return True


_PLACE_CONTEXT = re.compile(r"(?:\b[A-Z][a-z]+,[ ]|\b(?:in|to|from|near|outside of|moved to|back to)[ ])$")


def place_here(text: str, start: int, end: int) -> bool:
    """Whether a name part stands where a place does: ``Atlanta, Georgia``, ``moved to Georgia``."""
    from anonymizer.lang.en.gazetteer import place_category

    return bool(_PLACE_CONTEXT.search(text, max(0, start - 30), start)) and place_category(text[start:end]) is not None


#: "transferred to Wasco", "at Wasco": the town that names the prison, meaning the prison
_TO_AT_FROM = re.compile(r"\b(?:to|at|from)[ ]+$", re.IGNORECASE)
_THE_TOWN = re.compile(r"[ ]*,[ ]*(?:California|Calif\.?|CA)\b|[ ]+(?:State[ ]+Prison|County|City)\b", re.IGNORECASE)


def _prison_by_town(text: str, start: int, end: int, header: Header, title_end: int) -> bool:
    """Whether the title page's town at ``start:end`` stands for the prison named after it: the
    facility's name starts with the town, and the body says "to/at/from Wasco" (not "in Wasco",
    "Wasco, California", "Wasco State Prison")."""
    facility, city = header.facility or "", header.city or ""
    return (
        start >= title_end
        and facility.casefold().split()[: len(city.split())] == city.casefold().split()
        and _TO_AT_FROM.search(text, max(0, start - 12), start) is not None
        and _THE_TOWN.match(text, end) is None
    )


_BOUNDARY = re.compile(r"\b")


def _at_word_starts(pattern: str, text: str, flags: int = 0):
    """``re.finditer(r"\\b" + pattern, text, flags)``, the same matches: ``pattern`` searched for alone and its hits
    kept where a word boundary opens them, the search going on from the next offset after a hit that has none (so
    a hit inside a word hides no match starting within it). Under ``re.I`` a pattern has no literal start the engine
    can look for, and the leading boundary was tried at every offset: three times slower for a title page's name."""
    compiled = re.compile(pattern, flags)
    pos, end = 0, len(text)
    while pos <= end:
        match = compiled.search(text, pos)
        if match is None:
            return
        if _BOUNDARY.match(text, match.start()) is None:
            pos = match.start() + 1
            continue
        yield match
        pos = match.end() if match.end() > match.start() else match.end() + 1


def header_mentions(text: str, header: Header | None, title_end: int = 0) -> list[Mention]:
    """Everything the title page names, found across the whole document (source ``header``)."""
    if header is None:
        return []
    out: list[Mention] = []

    def add(start: int, end: int, label: str) -> None:
        out.append(Mention(start, end, label, ("header",), score=1.0, confidence=1))

    parts: dict[str, str] = {}
    for name in header.person_names():
        words = name_parts(name)
        if len(words) >= 2:
            full = r"\s+(?:[A-Z]\.?\s+)?".join(re.escape(w) for w in words) + r"\b"
            for m in _at_word_starts(full, text, re.I):
                if not m.group(0).islower():
                    add(m.start(), m.end(), "PERSON")
        if len(words) >= 2 and re.search(r"(?:^|\s)[A-Z]\.?(?:\s|$)", name):  # "DOE, JOHN L.": the initial too
            for m in re.finditer(r"\b" + r"\s+".join(map(re.escape, name.split())) + r"\b\.?", text):
                add(m.start(), m.end(), "PERSON")
        for word in words:
            parts.setdefault(word.casefold(), word)
    if parts:
        alternation = "|".join(re.escape(p) for p in sorted(parts, key=len, reverse=True))
        for m in re.finditer(rf"\b(?:{alternation})\b", text, re.I):
            if _case_ok(m.group(0), m.group(0).casefold(), text, m.start()) and not place_here(text, m.start(), m.end()) \
                    and not plain.in_compound(text, m.start(), m.end()):  # "Faith-based"
                add(m.start(), m.end(), "PERSON")
        # cut-off forms: "Hernan-" for Hernandez (a prefix of 4+ letters then a hyphen and a break)
        for m in re.finditer(r"\b([A-Za-z]{4,})-(?=\s|$)", text):
            stem = m.group(1).casefold()
            if any(p.startswith(stem) and p != stem for p in parts) and not m.group(1).islower():
                add(m.start(1), m.end(1), "PERSON")
    for value, label in (
        (header.facility, "ORGANIZATION"),
        (header.city, "LOCATION"),
        (header.hearing_date, "DATE"),
        (header.hearing_time, "TIME"),
    ):
        if value and len(value) >= 3:
            for m in _at_word_starts(r"\s+".join(map(re.escape, value.split())) + r"\b", text, re.I):
                if label in ("ORGANIZATION", "LOCATION") and m.group(0).islower():
                    continue
                prison = label == "LOCATION" and _prison_by_town(text, m.start(), m.end(), header, title_end)
                add(m.start(), m.end(), "ORGANIZATION" if prison else label)
    if header.cdcr_number:
        letters, digits = re.match(r"([A-Za-z]*)[\s-]*(\d*)", header.cdcr_number).groups()
        if digits:
            pattern = r"[\s-]?".join(map(re.escape, letters)) + r"[\s-]?" + re.escape(digits) + r"\b"
            for m in _at_word_starts(pattern, text, re.I):
                add(m.start(), m.end(), "CDCR_ID")
    return out


#: a speaker tag that opens with the article: a role ("THE COURT", "THE LAW CLERK"), never a person's name
_ARTICLE_TAG = re.compile(r"(?i:the)[ ]+\S")


def speaker_tag_mentions(text: str, title_end: int = 0) -> list[Mention]:
    """Names inside speaker tags: ``PRESIDING COMMISSIONER RUFF:`` -> ``RUFF``, and inside speakers'
    labels in mixed case: ``Deputy District Attorney Siqueiros  0:07:11`` -> ``Siqueiros`` (source ``rule``).

    The title page (before ``title_end``) has headings like ``PANEL PRESENT:`` that are not tags.
    """
    out: list[Mention] = []
    lower: frozenset[str] | None = None
    for m, mixed in [*((m, False) for m in speaker_tags(text, title_end)), *((m, True) for m in speaker_labels(text, title_end))]:
        tag = m.group("tag")
        if _ARTICLE_TAG.match(tag):
            continue  # "THE JURORS:", "THE LAW CLERK:", "The Chair:": a role with its article, no one's name
        if heading_tag(tag.split(), text[m.end():(text.find("\n", m.end()) + 1 or len(text) + 1) - 1].strip()):
            continue  # "PANELIST INTRODUCTIONS:   PAGE 22", "PUBLIC FORUM:  WESTERN NEW YORK": a heading
        run = _name_run(tag)
        if run is None or tag[run[0]:run[1]].rstrip(".") in _FIELD_WORDS or (
                tag[run[0]:run[1]] in FIELD_LABEL_SURNAMES and not any(map(lexicon.is_title_word, tag[:run[0]].split()))):
            continue  # "HEARING TYPE: Subsequent", "DOB: 04-11-1979", "HEARING DATE:": a form's field, no one speaking
        if run[0] > 0 and lexicon.is_whitelisted(tag[run[0]:run[1]]):
            continue  # "Counsel Inquiry:", "Clerk Tribunal:": a role before the body it serves, no one's name
        if mixed and not m.group("stamp"):
            lower = plain.lower_case_words(text) if lower is None else lower
            if all(w.casefold() in lower or w.casefold() in ORGANIZATION_HEAD_WORDS for w in tag[run[0]:run[1]].split()):
                continue  # "Attorney General:", "District Attorney's Office:": ordinary words, no name
        out.append(Mention(m.start("tag") + run[0], m.start("tag") + run[1], "PERSON", ("rule",), score=1.0, confidence=1))
    return out


def _name_run(tag: str) -> tuple[int, int] | None:
    """Where in a tag its name is: the run of words that name no role at its end."""
    words = list(_WORD.finditer(tag))
    names = [w for w, role in zip(words, tag_roles([w.group(0) for w in words])) if not role]
    if not names:
        return None
    run = [names[-1]]
    for w in reversed(names[:-1]):
        gap = tag[w.end() : run[0].start()].strip()
        if w.end() + 2 >= run[0].start() and (not gap or (gap == "." and len(w.group(0)) == 1)):  # adjacent ("C. OKONKWO")
            run.insert(0, w)
        else:
            break
    if run[-1] is not words[-1] and all(plain.is_plain_word(w.group(0)) or lexicon.is_stop_word(w.group(0).casefold())
                                        or gazetteer.is_nrp_term(w.group(0)) for w in run):
        return None  # ordinary words before the role that ends the tag: "SPANISH INTERPRETER", "HIS ATTORNEY"
    return run[0].start(), run[-1].end()


_CERT_NAME = r"(?P<name>[A-Z][A-Za-z.'’-]+(?:[ ][A-Z][A-Za-z.'’-]*){1,3})"
#: the transcriber's certificate and credit lines, in any layout: "I, JANE DOE, a duly designated
#: transcriber, do hereby declare ...", "TRANSCRIBED BY: JANE DOE", "Transcriptionist: Jane Doe"
_CERTIFICATE = (
    re.compile(
        rf"^[^\S\n]*I,[ ]{_CERT_NAME},[ ](?=[^\n]{{0,80}}(?i:transcri|reporter|stenograph|certif|declare))",
        re.MULTILINE,
    ),
    re.compile(
        rf"(?i:transcribed[ ]by|transcriber|transcriptionist|reported[ ]by|court[ ]reporter)[ ]?:[^\S\n]*\n?[^\S\n]*{_CERT_NAME}"
        rf"(?=[^\S\n]*(?:,|$))",
        re.MULTILINE,
    ),
)


#: the vendor in the certificate sentence: "I, JANE DOE, a transcriber for Delta Verbatim Reporting, ..."
_CERT_VENDOR = re.compile(
    r"(?i:transcriber|transcriptionist|reporter|employee|employed|contracted|retained)[ ](?i:for|of|by|with|at)[ ]"
    r"(?P<org>[A-Z][\w&'’.-]*(?:[ ](?:[A-Z][\w&'’.-]*|of|and|&))*)"
)
#: words of a signature line that make it a person's role, not a vendor ("Certified Transcriber")
_SIGNATURE_ROLES = frozenset({"TRANSCRIBER", "TRANSCRIPTIONIST", "REPORTER", "STENOGRAPHER", "CSR", "CERTIFIED", "OFFICIAL"})
#: a signature line that is not a vendor: a date, a place and date, "Signed", "Dated"
_NOT_VENDOR = re.compile(r"\d|^(?i:dated|signed|executed|date|state|county|page|end)\b")


def certificate_mentions(text: str) -> list[Mention]:
    """The transcriber named by a certificate or a credit line anywhere in the document, and
    the vendor: named in the certificate sentence (``a transcriber for VENDOR``) or on the
    line under the transcriber's signature (source ``header``)."""
    out: list[Mention] = []
    names: set[str] = set()
    for m in (m for pattern in _CERTIFICATE for m in pattern.finditer(text)):
        name = m.group("name")
        if all(w.strip(".").upper() in ROLE_WORDS for w in name.split()):
            continue
        if is_firm_name(name):  # "TRANSCRIBED BY:  Allied Verbatim Reporting"
            out += _vendor(text, *m.span("name"))
            continue
        names.add(name.casefold())
        out.append(Mention(m.start("name"), m.end("name"), "PERSON", ("header",), score=1.0, confidence=1))
        if m.group(0).startswith("I,"):
            line_end = text.find("\n", m.end())
            vendor = _CERT_VENDOR.search(text, m.end(), line_end if line_end >= 0 else len(text))
            if vendor:
                out += _vendor(text, *vendor.span("org"))
    if names:
        out += _signature_vendors(text, names)
    return out


def _signature_vendors(text: str, names: set[str]) -> list[Mention]:
    """The line under a signature line holding only a transcriber's name (``/s/`` and a role after
    a comma allowed): a vendor when it is a run of capitalised words."""
    out: list[Mention] = []
    pattern = re.compile(
        r"^[^\S\n]*(?:/s/[^\S\n]*)?(?P<name>" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        + r")(?:,[^\n]*)?[^\S\n]*(?=\n[^\S\n]*(?P<org>[A-Z][^\n]*?)[^\S\n]*$)",
        re.MULTILINE | re.IGNORECASE,
    )
    for m in pattern.finditer(text):
        org = m.group("org")
        words = [w.strip(",.") for w in org.split()]
        if (
            not 2 <= len(words) <= 7
            or _NOT_VENDOR.search(org)
            or not all(w[:1].isupper() or w.casefold() in ("of", "and", "&", "the") for w in words if w)
            or {w.upper() for w in words} & _SIGNATURE_ROLES
            or all(w.upper() in ROLE_WORDS for w in words)
        ):
            continue
        out += _vendor(text, *m.span("org"))
    return out


def _vendor(text: str, start: int, end: int) -> list[Mention]:
    while end > start and text[end - 1] in ".,;: ":
        end -= 1
    if end - start < 3 or lexicon.is_whitelisted(text[start:end]):
        return []
    return [Mention(start, end, "ORGANIZATION", ("header",), score=1.0, confidence=1)]


#: a turn opener: a speaker tag or a ``Q.`` / ``A.`` marker (the speaker of a Q/A transcript)
_TURN = re.compile(r"^[^\S\n]*(?:(?P<qa>[QA])\.[^\S\n]+)?")
_TAIL = re.compile(r"(?<![\w'’-])([A-Z][a-z]{0,6})-{1,2}[^\S\n]*$")
_HEAD = re.compile(r"[^\S\n]*-{1,2}([a-z]{2,})((?:[ ][A-Z][a-z]+(?:['’-][A-Za-z]+)?)*)")


def split_name_mentions(text: str, title_end: int = 0) -> list[Mention]:
    """A first name cut by an interruption and finished in the speaker's next turn (``my cousin
    Ce-`` ... ``-dric Castellanos``) when the two pieces make a census first name or surname that
    is not an ordinary word: both pieces, the second with the capitalised words after it (source
    ``rule``)."""
    return [Mention(s, e, "PERSON", ("rule",), score=0.85, confidence=2)
            for pair in cut_name_pairs(text, title_end) for s, e in pair]


def cut_name_pairs(text: str, title_end: int = 0) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The two pieces of each cut name of :func:`split_name_mentions`: ``((start, end) of "Ce",
    (start, end) of "dric Castellanos")`` (``normalize`` puts both in one entity)."""
    out: list[tuple[tuple[int, int], tuple[int, int]]] = []
    pending: dict[str, tuple[int, int, str, bool]] = {}  # speaker -> the piece ending their last turn
    offset = text.find("\n", title_end) + 1 if title_end else 0
    for line in text[offset:].split("\n"):
        tag = speaker_tag(line)
        qa = _TURN.match(line)
        speaker = tag.group("tag") if tag else qa.group("qa")
        if speaker:
            body = tag.end() if tag else qa.end()
            head, tail = _HEAD.match(line, body), pending.pop(speaker, None)
            if head and tail:
                whole = (tail[2] + head.group(1)).casefold()
                if _cut_name(whole, head.group(2) or "", tail[3]):
                    end = _known_words_trimmed(line, head.start(1), head.end(2) if head.group(2) else head.end(1))
                    out.append(((tail[0], tail[1]), (offset + head.start(1), offset + end)))
            cut = _TAIL.search(line, body)
            if cut:
                kin = lexicon.after_relative(line, cut.start(1), floor=body)  # "my cousin Marqui-"
                pending[speaker] = (offset + cut.start(1), offset + cut.end(1), cut.group(1), kin)
        offset += len(line) + 1
    return out


def _cut_name(whole: str, after: str, kin_before: bool) -> bool:
    """Whether the two pieces joined (``whole``) make a name.

    The whole is like a name when it comes right after a relative ("my cousin Marqui-"), is a
    census first name, or is no dictionary word and no place ("Fol-" ... "-som" is the prison's
    town). Yes for a census first name or surname that is no ordinary word and like a name ("Ce-"
    ... "-dric"); else only when a census surname that is no plain word follows the second piece
    ("-se Austin", "-erling Contreras"). Never when a word after it is an organization's or a
    street's ("-som State Prison", "Hunting-" ... "-ton Beach"), unless a census first name is
    followed by that one word only, a census surname ("Tho-" ... "-mas Street was with us")."""
    from anonymizer.lang.en.gazetteer import first_names, is_known_place, last_names, place_category

    words = after.split()
    surname_only = whole in first_names() and len(words) == 1 and words[0].casefold() in last_names()
    if (any(w.casefold() in ORGANIZATION_HEAD_WORDS or w in STREET_SUFFIXES for w in words) and not surname_only) \
            or (words and place_category(f"{whole.title()} {words[0]}") is not None):
        return False
    name_like = kin_before or whole in first_names() \
        or (not plain.in_dictionary(whole) and not is_known_place(whole.title()))
    if not name_like:
        return False
    if (whole in first_names() or whole in last_names()) and not lexicon.is_common_word(whole):
        return True
    following = words[0].casefold() if words else ""
    return following in last_names() and not plain.is_plain_word(following)


def _known_words_trimmed(line: str, start: int, end: int) -> int:
    """``end`` moved left past trailing words that are ordinary (stop) words or roles."""
    words = line[start:end].split(" ")
    while len(words) > 1 and (lexicon.is_stop_word(words[-1].casefold()) or words[-1].upper() in ROLE_WORDS):
        words.pop()
    return start + len(" ".join(words))
