"""What the words around a misheard name say of it (recognized speech only, ``TimedTranscript.source`` ``asr:...``).

A recognizer writes a name it does not know as ordinary words (``Mr. pollon``, ``defendant, a murder and
nasty``, ``the upper state hospital``); the text pass sees no name there. The words said around it still
tell one was said. :func:`cued` adds mentions, each of low certainty and with its source (the review shows
them as heard, to be listened to):

* :func:`after_cues` (source :data:`AFTER_CUE`): after a word that announces a person (a courtesy title, a
  relative, a party of the story, a self-introduction: the language's ``COURTESY_TITLES``, ``KIN_WORDS``,
  ``ACQUAINTANCE_WORDS``, ``PEOPLE_NOUNS``, ``INMATE_LABELS``, ``SELF_INTRODUCTIONS``), the words the
  recognizer was unsure of (under :data:`CUE_UNSURE`) or that are no ordinary word of the language
  (``sibald``), up to :data:`CUE_WORDS` of them in the sentence, are a person's name; stop words at its edges
  are not;
* :func:`spelled_words` (source :data:`SPELLED_WORDS`): after a name's mention, a run of words that are
  letters said alone (the language's ``SPOKEN_LETTER_NAMES``: ``why are you and me``) opened by the name's
  first letter is the name spelled; a word of :data:`SPELLED_PIECES` or more hyphened pieces of at most
  three letters (``he-un-un-in-in``: letters heard as syllables) is a spelled name too;
* :func:`institutions` (source :data:`AFTER_CUE`): a kind of institution in small letters
  (``SPOKEN_INSTITUTION_HEADS``: ``state hospital``, ``county``) after one or two words the recognizer was
  unsure of is the institution's name (``the upper state hospital``);
* :func:`heads_heard_as_words`: after a place, 1-3 words ending in one that sounds like an institution head's
  last word, one unsure, are the institution's (``Fresno released the apartment``: ``Police Department``);
* :func:`bridged`: the unsure words between two direct identifiers' mentions in one sentence (at most
  :data:`BRIDGE_WORDS`) belong to the first (``With field double-using William,`` for ``Whitfield, W as in
  William``);
* :func:`named_before_spelling`: the words right before a spelled name that sound like its letters
  (``fair banks.`` before ``F-I-R-B-N-K-S``) are the name said;
* :func:`opening_spelling`: the few words opening a line or a sentence before a spelled name, one unsure, are
  the name said before its spelling (``I'm a normal child, M-C-...`` for ``Lorna McDane, M-C-D-A-N-E``).
"""
from __future__ import annotations

import bisect
import dataclasses
import re

from anonymizer.types import DIRECT_LABELS, Analysis, Mention

from .timed import TimedTranscript

AFTER_CUE = "after-cue"
SPELLED_WORDS = "spelled-words"
#: a word under this confidence after a cue of a person is a misheard part of the name
CUE_UNSURE = 0.5
#: at most this many words after a cue
CUE_WORDS = 5
#: at least this many letter words make a spelling; at least this share of the run's words are letters
SPELLED_AT_LEAST = 3
SPELLED_SHARE = 0.5
#: a word of this many hyphened pieces or more, each of at most three letters, is letters said one by one
SPELLED_PIECES = 4
#: at most this many unsure words between two identifiers' mentions are taken into the first
BRIDGE_WORDS = 3
#: the least similarity of the sound keys of a spelling and of the words before it (0-100)
SPELLING_LIKE = 75
#: at most this many words open a line before a spelled name (:func:`opening_spelling`)
OPENING_WORDS = 5
#: the least similarity of a word's sound key to an institution head's last word, and the shortest such key
HEAD_LIKE = 80
HEAD_KEY = 5
_END = re.compile(r"[.?!][\"')\]]*$")
_BREAK = re.compile(r"[.?!;:,]")
_CLAUSE = re.compile(r"[.?!,;:][\"')\]]*$")
_CORE = re.compile(r"^\W*(.*?)\W*$", re.S)
_PIECES = re.compile(r"(?<![\w-])[A-Za-z]{1,3}(?:-[A-Za-z]{1,3}){%d,}(?![\w-])" % (SPELLED_PIECES - 1))
_SPELLED_LABELS = ("SPELLED_NAME", "SPELLED_OUT_ITEM")


class _Words:
    """The words of a recognized transcript with what the cues ask of them."""

    def __init__(self, analysis: Analysis, timed: TimedTranscript, pack) -> None:
        self.text = timed.text
        self.words = timed.words
        self.pack = pack
        self.cores = [_CORE.match(self.text[w.start:w.end]).group(1) for w in self.words]
        self.taken = bytearray(len(self.text) + 1)
        for m in analysis.mentions:
            self.taken[m.start:m.end] = b"\x01" * (m.end - m.start)

    def said(self, i: int) -> str:
        return self.text[self.words[i].start:self.words[i].end]

    def lower(self, i: int) -> str:
        return self.cores[i].lower().replace("’", "'")

    def free(self, i: int) -> bool:
        return not any(self.taken[self.words[i].start:self.words[i].end])

    def joined(self, i: int, j: int) -> bool:
        """Words ``i`` and ``j`` (``j`` after ``i``) on one line."""
        return "\n" not in self.text[self.words[i].end:self.words[j].start]

    def stop(self, i: int) -> bool:
        core = self.cores[i]
        return self.pack.is_stop_word(core) or self.pack.is_stop_word(re.split(r"['’]", core)[0])

    def unknown(self, i: int) -> bool:
        """A word of letters that is no ordinary word, no stop word and no number of the language."""
        core = self.cores[i]
        return (core.replace("'", "").replace("-", "").isalpha() and not self.stop(i)
                and not self.pack.is_plain_word(core) and core.lower() not in self.pack.number_words)

    def take(self, a: int, b: int) -> None:
        self.taken[a:b] = b"\x01" * (b - a)


def cued(analysis: Analysis, timed: TimedTranscript | None) -> Analysis:
    """``analysis`` with the mentions the words around misheard names tell of (recognized speech only)."""
    pack = recognized_pack(analysis, timed)
    if pack is None:
        return analysis
    for step in (spelled_words, named_before_spelling, opening_spelling, after_cues, institutions,
                 heads_heard_as_words):
        analysis = step(analysis, timed, pack)
    return analysis


def _with(analysis: Analysis, found: list[Mention]) -> Analysis:
    if not found:
        return analysis
    mentions = sorted([*analysis.mentions, *found], key=lambda m: (m.start, m.end))
    return dataclasses.replace(analysis, mentions=tuple(mentions))


def _cue_phrases(pack) -> list[tuple[str, ...]]:
    vocabulary = pack.vocabulary
    phrases: set[tuple[str, ...]] = set()
    for name in ("COURTESY_TITLES", "KIN_WORDS", "ACQUAINTANCE_WORDS", "PEOPLE_NOUNS", "INMATE_LABELS",
                 "SELF_INTRODUCTIONS"):
        for phrase in getattr(vocabulary, name, ()):
            phrases.add(tuple(phrase.lower().replace("’", "'").rstrip(".").split()))
    phrases.update((t,) for t in getattr(vocabulary, "SPOKEN_TITLES", ()))
    return sorted(phrases, key=len, reverse=True)


def after_cues(analysis: Analysis, timed: TimedTranscript, pack) -> Analysis:
    """A person's mention over the unsure or unknown words right after a cue of a person (``Mr. pollon``)."""
    w = _Words(analysis, timed, pack)
    phrases = _cue_phrases(pack)
    titles = {t.lower() for t in (*getattr(pack.vocabulary, "COURTESY_TITLES", ()), *getattr(pack.vocabulary, "SPOKEN_TITLES", ()))}
    found = []
    n = len(w.words)
    for i in range(n - 1):
        said = w.said(i)
        if _END.search(said) and w.lower(i) not in titles:
            continue  # a cue that ends a sentence announces nothing after it (a title's dot is no sentence end)
        if not any(len(p) <= i + 1 and all(w.lower(i - len(p) + 1 + k) == p[k] for k in range(len(p))) for p in phrases):
            continue
        run: list[int] = []
        j = i + 1
        while j < n and len(run) < CUE_WORDS and w.free(j) and w.joined(j - 1, j):
            if not (w.words[j].confidence < CUE_UNSURE or w.unknown(j)):
                break
            run.append(j)
            if _END.search(w.said(j)):
                break
            j += 1
        while run and w.stop(run[0]):
            run.pop(0)
        while run and w.stop(run[-1]):
            run.pop()
        if not run:
            continue
        a, b = trimmed(w.text, w.words[run[0]].start, w.words[run[-1]].end)
        if b <= a or any(w.taken[a:b]):
            continue
        w.take(a, b)
        found.append(Mention(a, b, "PERSON", (AFTER_CUE,), score=0.5, confidence=3))
    return _with(analysis, found)


def spelled_words(analysis: Analysis, timed: TimedTranscript, pack) -> Analysis:
    """Spelled names heard as letter words after a name (``Young, why are you and me?``) or as syllables joined
    by hyphens (``he-un-un-in-in``)."""
    letters = dict(getattr(pack.vocabulary, "SPOKEN_LETTER_NAMES", {}))
    w = _Words(analysis, timed, pack)
    found = []
    for run in _PIECES.finditer(w.text):
        a, b = run.span()
        if not any(w.taken[a:b]):
            w.take(a, b)
            found.append(Mention(a, b, "SPELLED_NAME", (SPELLED_WORDS,), score=0.5, confidence=3))
    if letters:
        starts = {word.start: i for i, word in enumerate(w.words)}
        for m in analysis.mentions:
            if m.label not in ("PERSON", "SPELLED_NAME"):
                continue
            initials = {part[0].lower() for part in re.findall(r"[A-Za-z]+", w.text[m.start:m.end])}
            after = re.match(r"[,;:]?\s", w.text[m.end:])
            i = starts.get(m.end + len(after.group())) if after else None
            if i is None or not initials:
                continue
            run = []
            while i < len(w.words) and w.free(i) and (not run or w.joined(run[-1], i)):
                core = w.lower(i)
                if not (core in letters or (len(core) == 1 and core.isalpha())) and sum(c.isalpha() for c in core) > 4:
                    break
                run.append(i)
                if _CLAUSE.search(w.said(i)):
                    break
                i += 1
            said = [w.lower(k) for k in run]
            count = sum(s in letters or len(s) == 1 for s in said)
            if (not run or count < SPELLED_AT_LEAST or count < SPELLED_SHARE * len(run)
                    or letters.get(said[0], said[0][:1]) not in initials):
                continue
            a, b = trimmed(w.text, w.words[run[0]].start, w.words[run[-1]].end)
            w.take(a, b)
            found.append(Mention(a, b, "SPELLED_NAME", (SPELLED_WORDS,), score=0.5, confidence=3, entity=m.entity))
    return _with(analysis, found)


def named_before_spelling(analysis: Analysis, timed: TimedTranscript, pack) -> Analysis:
    """The one to three free words right before a spelled name's mention that sound like its letters."""
    sound_key = pack.sound_key
    if sound_key is None:
        return analysis
    from rapidfuzz import fuzz

    w = _Words(analysis, timed, pack)
    ends = [word.end for word in w.words]
    found = []
    for m in analysis.mentions:
        if m.label != "SPELLED_NAME":
            continue
        spelled = sound_key(re.sub(r"[^A-Za-z]", "", w.text[m.start:m.end]))
        last = bisect.bisect_right(ends, m.start) - 1
        if last < 0 or re.search(r"[^\s.,;:]", w.text[w.words[last].end:m.start]) or len(spelled) < 3:
            continue
        best, best_ratio = None, SPELLING_LIKE
        for first in range(last, max(-1, last - 3), -1):
            if not w.free(first) or (first < last and (not w.joined(first, first + 1) or _CLAUSE.search(w.said(first)))):
                break
            heard = sound_key(" ".join(w.cores[first:last + 1]))
            ratio = fuzz.ratio(heard, spelled) if heard else 0.0
            if ratio > best_ratio or (ratio == best_ratio and best is None):
                best, best_ratio = first, ratio
        if best is None:
            continue
        a, b = trimmed(w.text, w.words[best].start, w.words[last].end)
        w.take(a, b)
        found.append(Mention(a, b, "PERSON", (AFTER_CUE,), score=0.5, confidence=3, entity=m.entity))
    return _with(analysis, found)


def opening_spelling(analysis: Analysis, timed: TimedTranscript, pack) -> Analysis:
    """A person's mention over the words that open a line or a sentence before a spelled name: at most
    :data:`OPENING_WORDS`, all in no mention and in the spelling's sentence, at least one of them unsure (under
    :data:`CUE_UNSURE`). Stop words stay in it: a name misheard at a line's start is often written ``I'm a``."""
    w = _Words(analysis, timed, pack)
    ends = [word.end for word in w.words]
    found = []
    for m in analysis.mentions:
        if m.label != "SPELLED_NAME":
            continue
        last = bisect.bisect_right(ends, m.start) - 1
        if last < 0 or re.search(r"[^\s,;:]", w.text[w.words[last].end:m.start]):
            continue
        first = last
        while first > 0 and w.joined(first - 1, first) and not _END.search(w.said(first - 1)) \
                and last - first + 1 <= OPENING_WORDS:
            first -= 1
        if last - first + 1 > OPENING_WORDS:
            continue  # the line or its sentence does not open within reach
        run = range(first, last + 1)
        if not all(w.free(k) for k in run) or any(_END.search(w.said(k)) for k in run) \
                or not any(w.words[k].confidence < CUE_UNSURE for k in run):
            continue
        a, b = trimmed(w.text, w.words[first].start, w.words[last].end)
        if b <= a:
            continue
        w.take(a, b)
        found.append(Mention(a, b, "PERSON", (AFTER_CUE,), score=0.5, confidence=3, entity=m.entity))
    return _with(analysis, found)


def institutions(analysis: Analysis, timed: TimedTranscript, pack) -> Analysis:
    """An institution's mention over a kind of institution in small letters and the unsure words before it."""
    heads = dict(getattr(pack.vocabulary, "SPOKEN_INSTITUTION_HEADS", {}))
    if not heads:
        return analysis
    w = _Words(analysis, timed, pack)
    found = []
    longest = max(len(h.split()) for h in heads)
    n = len(w.words)
    for i in range(n):
        for size in range(min(longest, n - i), 0, -1):
            words = list(range(i, i + size))
            said = " ".join(w.lower(k) for k in words)
            label = heads.get(said)
            if label is None or not all(w.free(k) for k in words) or any(not w.joined(k, k + 1) for k in words[:-1]):
                continue
            if any(w.cores[k][:1].isupper() for k in words) or any(_CLAUSE.search(w.said(k)) for k in words[:-1]):
                continue  # a name in capitals is the text pass's
            first = i
            for k in range(i - 1, max(-1, i - 3), -1):
                if not w.free(k) or not w.joined(k, k + 1) or _CLAUSE.search(w.said(k)) or w.stop(k):
                    break
                if w.words[k].confidence < CUE_UNSURE:
                    first = k
            if first == i and not w.words[i].confidence < CUE_UNSURE:
                continue
            a, b = trimmed(w.text, w.words[first].start, w.words[words[-1]].end)
            w.take(a, b)
            found.append(Mention(a, b, label, (AFTER_CUE,), score=0.5, confidence=3))
            break
    return _with(analysis, found)


def heads_heard_as_words(analysis: Analysis, timed: TimedTranscript, pack) -> Analysis:
    """An institution's mention over the 1-3 free words right after a place's mention in its clause, the last of
    them sounding like the last word of one of the language's ``SPOKEN_INSTITUTION_HEADS`` (keys of at least
    :data:`HEAD_KEY` letters, similarity at least :data:`HEAD_LIKE`), one of them unsure and no stop word."""
    heads = dict(getattr(pack.vocabulary, "SPOKEN_INSTITUTION_HEADS", {}))
    if not heads or pack.sound_key is None:
        return analysis
    from rapidfuzz import fuzz

    keys = {k: lb for h, lb in heads.items() if lb != "LOCATION" and len(k := pack.sound_key(h.split()[-1])) >= HEAD_KEY}
    w = _Words(analysis, timed, pack)
    starts = {word.start: i for i, word in enumerate(w.words)}
    found = []
    for m in analysis.mentions:
        if (i := starts.get(m.end + 1) if m.label == "LOCATION" and w.text[m.end:m.end + 1] == " " else None) is None:
            continue
        for last in range(i, min(i + 3, len(w.words))):
            if not w.free(last) or not w.joined(i, last) or (last > i and _CLAUSE.search(w.said(last - 1))):
                break
            key = pack.sound_key(w.cores[last])
            label = next((lb for k, lb in keys.items() if len(key) >= HEAD_KEY and fuzz.ratio(key, k) >= HEAD_LIKE), None)
            if label is None:
                continue
            if any(w.words[k].confidence < CUE_UNSURE and not w.stop(k) for k in range(i, last + 1)):
                w.take(*(ab := trimmed(w.text, w.words[i].start, w.words[last].end)))
                found.append(Mention(*ab, label, (AFTER_CUE,), score=0.5, confidence=3))
            break
    return _with(analysis, found)


def bridged(analysis: Analysis, timed: TimedTranscript | None) -> Analysis:
    """The first of two direct identifiers' mentions reaching over the unsure words between them."""
    pack = recognized_pack(analysis, timed)
    if pack is None:
        return analysis
    w = _Words(analysis, timed, pack)
    mentions = list(analysis.mentions)
    starts = [word.start for word in w.words]
    changed = False
    for k in range(len(mentions) - 1):
        left, right = mentions[k], mentions[k + 1]
        if left.label not in DIRECT_LABELS or right.label not in DIRECT_LABELS or right.start <= left.end:
            continue
        between = [i for i, s in enumerate(starts) if s >= left.end and w.words[i].end <= right.start]
        gap = w.text[left.end:right.start]
        if not between or len(between) > BRIDGE_WORDS or "\n" in gap or re.search(r"[.?!]", gap):
            continue
        if not all(w.words[i].confidence < CUE_UNSURE for i in between):
            continue
        end = trimmed(w.text, w.words[between[0]].start, w.words[between[-1]].end)[1]
        mentions[k] = dataclasses.replace(left, end=end)
        changed = True
    return dataclasses.replace(analysis, mentions=tuple(mentions)) if changed else analysis


def unknown_beside(pack, text: str, word, between: str) -> bool:
    """Whether ``word`` (a :class:`TimedWord` of ``text``), next to a name with ``between`` between them, is a
    misheard part of it: unsure (under :data:`CUE_UNSURE`), no ordinary word, stop word or number of the
    language, and no punctuation between (``Melphine`` beside ``Caffa``)."""
    if pack is None or word.confidence >= CUE_UNSURE or text[word.start] in "-.," or _BREAK.search(between) or _BREAK.search(
            text[word.start:word.end].rstrip(",")):
        return False
    core = text[word.start:word.end].strip(".,;:?!\"")
    return (core.replace("'", "").replace("-", "").isalpha() and not pack.is_stop_word(core) and not pack.is_stop_word(re.split(r"['’]", core)[0])
            and not pack.is_plain_word(core) and core.lower() not in pack.number_words)


def trimmed(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and not text[a].isalnum():
        a += 1
    while b > a and not text[b - 1].isalnum():
        b -= 1
    return a, b


def recognized_pack(analysis: Analysis, timed: TimedTranscript | None):
    """The language pack to read ``timed``'s words with, or None when they are no recognizer's (a sidecar's
    transcript, a text) or the language has no pack: then the words around a mention tell nothing."""
    if timed is None or not timed.source.startswith("asr:") or not timed.words:
        return None
    return pack_of(analysis.language)


def pack_of(language: str | None):
    from anonymizer import lang

    try:
        return lang.pack(language or "en")
    except lang.UnknownLanguage:
        return None
