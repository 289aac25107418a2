"""Normalization, step 3: re-scan the text for every form of every referent and settle the hits.

See :mod:`anonymizer.normalize` for the rules.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

from anonymizer import spans
from anonymizer.detect.merge import merge
from anonymizer.lang.en import gazetteer, lexicon, plain, public_body, us_records
from anonymizer.normalize.names import (
    _CUT_OFF, _LINE_END_FRAGMENT, _LINE_START_FRAGMENT, _MAX_FORM_LEN, _MIN_PREFIX_LEN, _MIN_RESCAN_LEN, _NAME_GAP,
    _PERSON_SUBJECT, _REPAIR, _RESCAN_LABELS, _RESCAN_SCORE, _RESCAN_SOURCES, _cdcr_variants, _clean_surface, _letters,
    _name_tokens, _name_words, _vocabulary,
)
from anonymizer.lang.en.transcript import in_speaker_tag as _in_speaker_tag
from anonymizer.lang.en.transcript import speaker_tag
from anonymizer.normalize.groups import _Group, _People
from anonymizer.resolve import unite
from anonymizer.spans import Protected
from anonymizer.spans import sentence_initial as _sentence_initial
from anonymizer.spans import without_accents
from anonymizer.types import Mention


def _trie_regex(forms: Iterable[str], flags: int = 0) -> re.Pattern[str] | None:
    """One whole-word alternation of ``forms``, written as a character trie.

    The trie keeps the pattern small and fast; greedy optional tails make the longest
    form win at every position.
    """
    alternation = lexicon.trie_alternation(forms)
    return re.compile(rf"(?<!\w)(?:{alternation})(?!\w)", flags) if alternation else None


@dataclass(frozen=True, slots=True)
class _Target:
    group: int
    label: str
    spellings: frozenset[str]  # the exact case forms searched: as seen, Title, UPPER
    guarded: bool  # a single common word: case and sentence-position checks apply


class _FormIndex:
    """Every searchable form (lower case) -> its target, collisions resolved once."""

    def __init__(self, groups: list[_Group], whitelisted: Callable[[str], bool], lower_case: bool = False) -> None:
        self.groups = groups
        self.whitelisted = whitelisted
        self.lower_case = lower_case  # a text written without capitals: forms are searched in lower case too
        self._options: dict[str, dict[tuple[int, str], None]] = {}
        self._spellings: dict[str, set[str]] = {}

    def add(self, form: str, gid: int, label: str, case_variants: bool = True) -> None:
        form = form.strip()
        if not (_MIN_RESCAN_LEN <= len(form) <= _MAX_FORM_LEN) or self.whitelisted(form) or lexicon.is_stop_name(form) \
                or form.title() in lexicon.ADDRESS_HONORIFICS:
            return  # no name's form: a stop name, an honorific ("Lady" of "Lady Penrose", said in "my Lady")
        key = _key(form)
        spellings = {form, form.title(), form.upper()} if case_variants else {form, form.upper()}
        if case_variants and label == "ORGANIZATION" and _INITIALS_ENDING_IN_S.fullmatch(form):
            spellings.add(form[:-1] + "s")  # "JRs" of a firm's initials "JRS": the last letter written small
        spellings = {without_accents(spelling) for spelling in spellings}  # "ECHEVERRIA" in a form is "Echeverría"
        if " " not in form:  # a single word is searched capitalised only ("a young man", "present")
            spellings = {s for s in spellings if s[0].isupper()}
        if self.lower_case and case_variants and label in _LOWER_CASE_LABELS and _no_word_in_lower_case(form):
            spellings.add(key)  # "mister zamudio-prieto", "in stockton": a transcript without capitals
        if spellings:
            self._options.setdefault(key, {})[(gid, label)] = None
            self._spellings.setdefault(key, set()).update(spellings)

    def resolve(self, votes: Counter) -> dict[str, _Target]:
        """Pick one target per form: most mentions with that form, then the preferred group."""
        table: dict[str, _Target] = {}
        for key, options in self._options.items():
            gid, label = min(options, key=lambda o: (-votes[(key, o[0])], self.groups[o[0]].rank(), o[0]))
            guarded = " " not in key and key in _vocabulary().common
            table[key] = _Target(gid, label, frozenset(self._spellings[key]), guarded)
        return table


def _key(form: str) -> str:
    """A form's key: lower case, without accents (``Saldívar``, ``SALDIVAR`` and ``saldivar`` are one)."""
    return without_accents(form).lower()


#: labels whose forms are also searched in lower case, when no part of the form is a word
_LOWER_CASE_LABELS = frozenset({"PERSON", "LOCATION", "ORGANIZATION"})
_LOWER_PART = re.compile(r"[^\W\d_]+")


#: a sentence's first letter after a full stop, a question or an exclamation mark
_SENTENCE_START = re.compile(r"[.?!][ ]+([^\W\d_])")


#: an organization's initials ending in S ("JRS", "CCS"), which a transcript may write with that S small ("JRs")
_INITIALS_ENDING_IN_S = re.compile(r"[A-Z]{1,4}S")


def written_without_capitals(text: str) -> bool:
    """Whether a quarter or more of the text's sentences (ten at least) open in lower case, as a speech
    recognizer writes them ("thank you. and we have ..."): names may then be written so too."""
    starts = [match.group(1) for match in _SENTENCE_START.finditer(text)]
    return len(starts) >= 10 and 4 * sum(letter.islower() for letter in starts) >= len(starts)


def _no_word_in_lower_case(form: str) -> bool:
    """Whether every part of ``form`` is a name and no word in lower case: four letters or more, no
    dictionary or common word (``Quiñones``, ``Zamudio-Prieto``; not ``Hope``, ``Young``, ``Tran``)."""
    parts = _LOWER_PART.findall(form.lower())
    common = _vocabulary().common
    return bool(parts) and all(
        len(part) >= 4 and part not in common and not plain.in_dictionary(part) and not lexicon.is_stop_word(part)
        for part in parts)


def _build_forms(
    text: str, mentions: list[Mention], groups: list[_Group], whitelisted: Callable[[str], bool]
) -> dict[str, _Target]:
    index = _FormIndex(groups, whitelisted, written_without_capitals(text))
    votes: Counter = Counter()
    seen_cases: dict[str, dict[str, None]] = {}
    for mention in mentions:
        group = groups[mention.entity]
        surface = text[mention.start : mention.end]
        if mention.label == "SPELLED_NAME":
            index.add(surface, mention.entity, "SPELLED_NAME", case_variants=False)
        elif mention.label == "PERSON":
            clean = _clean_surface(surface)
            votes[(_key(clean), mention.entity)] += 1
            words = _name_words(clean)
            for word in words:
                seen_cases.setdefault(word.casefold(), {})[word] = None
            if len(words) > 1:
                index.add(clean, mention.entity, "PERSON")
        elif group.label in _RESCAN_LABELS:
            clean = _clean_surface(surface) if group.label != "CDCR_ID" else surface.strip()
            votes[(_key(clean), mention.entity)] += 1
            index.add(clean, mention.entity, group.label)
            if group.label == "ORGANIZATION" and (short := plain.without_kind(clean)):
                index.add(short, mention.entity, "ORGANIZATION", case_variants=False)
    for gid, group in enumerate(groups):
        if group.label == "PERSON":
            if group.title_form and len(group.core) > 0:
                index.add(group.title_form, gid, "PERSON")
            for key in group.keys:
                for form in (key, *seen_cases.get(key, ())):
                    index.add(form, gid, "PERSON")
        elif group.label == "CDCR_ID":
            for variant in _cdcr_variants(group.key):
                index.add(variant, gid, "CDCR_ID", case_variants=False)
    return index.resolve(votes)


#: what may stand between a name and its spelling: "Young. Y-O-U-N-G", "Young -- that's Y-O-U-N-G"
_SPELLING_LEAD = re.compile(
    r"(?:[.,:;]|[ ]-{1,2})?[ ]?(?:(?:that's|that is|it's|it is|is|spelled|spelt|last name|first name|"
    r"and that's|which is)[ ,:]*)*"
)
_SPELLING = re.compile(r"[A-Z](?:(?:[ ]?-[ ]?|[ ])[A-Z])+(?![A-Za-z])")


def _spelled_next(text: str, end: int, word: str) -> bool:
    """Whether the name ``word`` is spelled out right after it ("Young. Y-O-U-N-G.")."""
    lead = _SPELLING_LEAD.match(text, end, end + 40)
    spelling = _SPELLING.match(text, lead.end() if lead else end, end + 80)
    return spelling is not None and re.sub(r"[^A-Z]", "", spelling.group()) == word.upper()


def _plausible(text: str, start: int, end: int, target: _Target) -> bool:
    """Common-word parts: no part of a hyphenated compound (``Faith-based``); Title case mid-sentence,
    or at the start of a sentence when a
    person verb follows ("Hope was my best friend"), its spelling ("Young. Y-O-U-N-G") or the sentence's end,
    or UPPER case in a speaker tag."""
    if not target.guarded:
        return True
    if plain.in_compound(text, start, end):
        return False  # "Faith-based": a compound word
    hit = text[start:end]
    if hit.isupper() and len(hit) > 1:
        return _in_speaker_tag(text, start)
    return (
        not _sentence_initial(text, start)
        or bool(_PERSON_SUBJECT.match(text, end) or _ALONE.match(text, end))
        or _spelled_next(text, end, hit)
    )


#: after a sentence's first word, the sentence's end: the name said alone ("Yes. Lucky. I left that life."), not
#: before a spelling of another word ("Hope. P-L-E-A-S-E help.")
_ALONE = re.compile(r"[.!?](?=\s|$)(?!\s*[A-Z](?:[ ]?-[ ]?[A-Z])+(?![A-Za-z]))")


def _rescan_hits(text: str, table: dict[str, _Target]) -> tuple[list[Mention], list[Mention]]:
    """Hits of every form: (plausible ones, common-word ones kept only next to their own name)."""
    folded = without_accents(text)  # same offsets: every spelling is searched with and without its accents
    lowered = folded.lower()
    # lower() only ever lengthens (U+0130); equal lengths keep offsets aligned, else ignore case
    aligned = len(lowered) == len(text)
    pattern = _trie_regex(table, 0 if aligned else re.IGNORECASE)
    hits: list[Mention] = []
    conditional: list[Mention] = []
    spans_hit: set[tuple[int, int]] = set()  # the spans of ``hits``
    for match in pattern.finditer(lowered if aligned else folded) if pattern else ():
        start, end = match.span()
        # ignoring case, "İstanbul" matches the form "Istanbul": its key is the one-letter lower case
        target = table.get(match.group().lower()) or table.get("".join(c.lower()[:1] for c in match.group()))
        if target is None or folded[start:end] not in target.spellings:
            continue
        if public_body.identifies_no_one(text, start, end, target.label) \
                or us_records.identifies_no_one(text, start, end, target.label):
            continue  # "Court of Cassation" known from "the Istanbul Court of Cassation"
        start, end = _place_compound(text, start, end)
        if (start, end) in spans_hit:
            continue  # "Croton" and "Hudson" of one "Croton-on-Hudson": one hit
        hit = _rescan_mention(start, end, target.label, target.group)
        if _plausible(text, start, end, target):
            hits.append(hit)
            spans_hit.add((start, end))
        else:
            conditional.append(hit)
    return hits, conditional


#: a place's name joined to a river's or a region's by a small word (``Croton-on-Hudson``, ``Stratford-upon-Avon``,
#: ``Stow-on-the-Wold``, ``Weston-super-Mare``, ``Frankfurt-am-Main``): one name, never its pieces
_JOIN = r"-(?:on|upon|under|by|in|le|la|les|sur|super|am|an|im)(?:-the)?-"
_JOINED_BEFORE = re.compile(rf"[A-Z][a-z]+{_JOIN}$")
_JOINED_AFTER = re.compile(rf"{_JOIN}[A-Z][a-z]+(?![\w'’-])")


def _place_compound(text: str, start: int, end: int) -> tuple[int, int]:
    """``(start, end)`` widened to the whole place name when the hit is one piece of a compound joined by a
    small word (the ``Hudson`` of ``Croton-on-Hudson`` is no name of its own there)."""
    if before := _JOINED_BEFORE.search(text, max(0, start - 30), start):
        start = before.start()
    if after := _JOINED_AFTER.match(text, end):
        end = after.end()
    return start, end


def _outside(protected: Protected, hits: list[Mention]) -> list[Mention]:
    """``hits`` not lying inside a whitelisted phrase of the text (``California Code of Regulations``)."""
    return [hit for hit in hits if not protected.contains(hit.start, hit.end)]


def _rescue_next_to_name(text: str, mentions: list[Mention], conditional: list[Mention]) -> list[Mention]:
    """Add common-word hits that touch a PERSON mention of their entity (``Mark`` in ``Mark Stevenston``)."""
    starts = [m.start for m in mentions]
    added: list[Mention] = []
    for hit in conditional:
        at = bisect_left(starts, hit.start)
        before = mentions[at - 1] if at > 0 else None
        after = mentions[at] if at < len(mentions) else None
        if (before and before.end > hit.start) or (after and after.start < hit.end):
            continue
        if _touches_own_name(text, hit, before, left=True) or _touches_own_name(text, hit, after, left=False):
            added.append(hit)
    return sorted(mentions + added, key=lambda m: m.start) if added else mentions


def _touches_own_name(text: str, hit: Mention, neighbour: Mention | None, left: bool) -> bool:
    """Right next to a name of its own person (``Mark Stevenston``), or before another person's
    name with "and" between (``Love and Marisol are both here``: a list of people)."""
    if neighbour is None or neighbour.label != "PERSON":
        return False
    if neighbour.entity != hit.entity:
        return not left and _AND_ANOTHER.fullmatch(text, hit.end, neighbour.start) is not None
    gap = (neighbour.end, hit.start) if left else (hit.end, neighbour.start)
    return _NAME_GAP.fullmatch(text, *gap) is not None


_AND_ANOTHER = re.compile(r" and ")


def _spelled_by_next(text: str, mentions: list[Mention]) -> list[Mention]:
    """A lone name word spelled right after it (``My name is Marisol Hope. Hope, H-O-P-E.``) is the
    person the spelling belongs to, even when the re-scan gave the word to a namesake."""
    out = list(mentions)
    for i, (word, spelled) in enumerate(zip(mentions, mentions[1:])):
        if word.label != "PERSON" or spelled.label != "SPELLED_NAME" or word.entity == spelled.entity:
            continue
        tokens = _name_tokens(text[word.start : word.end])
        letters = _letters(text[spelled.start : spelled.end])
        if (len(tokens) == 1 and len(letters) >= 3 and tokens[0].endswith(letters) and "\n" not in text[word.end : spelled.start]
                and spelled.start - word.end <= 30 and not _in_speaker_tag(text, word.start)):
            out[i] = replace(word, entity=spelled.entity)
    return out


def _rescan_mention(start: int, end: int, label: str, gid: int) -> Mention:
    return Mention(start, end, label, _RESCAN_SOURCES, score=_RESCAN_SCORE, confidence=3, entity=gid)


def _fragment_hits(text: str, people: _People) -> list[Mention]:
    """Cut-off names (``Hernan-``, ``Peñ- Peña``) and names split across a speaker's utterances
    (``Ro-`` / ``-berto``)."""
    hits: list[Mention] = []
    for match in _CUT_OFF.finditer(text):
        token = match.group(1).casefold()
        if token in people.index or token in _vocabulary().common:
            continue
        gids = [g for g in people.candidates(token) if people.level(token, g) == 1]
        if gids:
            hits.append(_rescan_mention(match.start(1), match.end(1), "PERSON", people.best(gids)))
    for match in _REPAIR.finditer(text):
        cut, whole = match.group(1).casefold(), match.group(2).casefold()
        if whole.startswith(cut) and cut != whole and people.index.get(whole):
            hits.append(_rescan_mention(match.start(1), match.end(1), "PERSON", people.best(people.index[whole])))
    pending: dict[str, tuple[int, int, str]] = {}  # speaker -> (start, end, word) of "Ro-"
    offset = 0
    for line in text.split("\n"):
        tag = speaker_tag(line)
        if tag:
            speaker = tag.group("tag")
            head = _LINE_START_FRAGMENT.match(line, tag.end())
            tail = pending.pop(speaker, None)
            if head and tail:
                head_span = (offset + head.start(1), offset + head.end(1), head.group(1))
                hits.extend(_split_name_hits(people, tail, head_span))
            end_fragment = _LINE_END_FRAGMENT.search(line, tag.end())
            if end_fragment:
                pending[speaker] = (offset + end_fragment.start(1), offset + end_fragment.end(1), end_fragment.group(1))
        offset += len(line) + 1
    return hits


def _split_name_hits(people: _People, tail: tuple[int, int, str], head: tuple[int, int, str]) -> list[Mention]:
    """Both fragments of a name split across utterances, when they complete a known part."""
    whole = (tail[2] + head[2]).casefold()
    gids = people.index.get(whole, [])
    if len(whole) < _MIN_PREFIX_LEN or not gids:
        return []
    gid = people.best(gids)
    return [_rescan_mention(tail[0], tail[1], "PERSON", gid), _rescan_mention(head[0], head[1], "PERSON", gid)]


def _sorted_disjoint(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """The input sorted; should it overlap (contract broken), :func:`anonymizer.detect.merge.merge` fixes it."""
    ordered = sorted(mentions, key=lambda m: (m.start, m.end))
    if any(a.end > b.start for a, b in zip(ordered, ordered[1:])):
        ordered = list(merge(ordered, text))
    return ordered


def _non_overlapping(hits: list[Mention]) -> list[Mention]:
    """Sorted hits, the earlier (then longer) one kept on overlap."""
    kept: list[Mention] = []
    for hit in sorted(hits, key=lambda m: (m.start, -m.end)):
        if not kept or hit.start >= kept[-1].end:
            kept.append(hit)
    return kept


def _integrate(text: str, existing: list[Mention], hits: list[Mention]) -> list[Mention]:
    """Add re-scan hits to the (sorted, non-overlapping) mentions without creating overlaps."""
    out: list[Mention] = []
    i = 0
    for hit in hits:
        while i < len(existing) and existing[i].end <= hit.start:
            out.append(existing[i])
            i += 1
        j = i
        while j < len(existing) and existing[j].start < hit.end:
            j += 1
        overlapped = existing[i:j]
        if out and out[-1].end > hit.start:
            overlapped.insert(0, out.pop())
        i = j
        out.extend(_settle(text, hit, overlapped))
    out.extend(existing[i:])
    return out


def _settle(text: str, hit: Mention, overlapped: list[Mention]) -> list[Mention]:
    """What a hit becomes next to the mentions it overlaps (see module doc)."""
    if not overlapped:
        return [hit]
    if any(m.start <= hit.start and hit.end <= m.end for m in overlapped):
        return overlapped
    if all(m.entity == hit.entity and m.label == hit.label for m in overlapped):
        return [unite([hit, *overlapped])]
    full_name = hit.label == "PERSON" and len(_name_tokens(text[hit.start : hit.end])) > 1
    inside = all(m.label == "PERSON" and hit.start <= m.start and m.end <= hit.end for m in overlapped)
    if full_name and inside:
        return [unite([*overlapped, hit], entity=hit.entity)]
    if hit.label == "ORGANIZATION" and " " in text[hit.start:hit.end] and all(  # "Christian Eastbrook" (Hospital)
            hit.start <= m.start and m.end <= hit.end and m.label in ("NRP", "PERSON", "ORGANIZATION") for m in overlapped):
        return [unite([hit, *overlapped], entity=hit.entity, label=hit.label)]  # its words no religion, no name
    return overlapped
