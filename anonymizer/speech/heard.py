"""The automatic pass's mentions read against what the recognizer was unsure of (recognized speech only).

A recognizer mishears the names it does not know: ``Arturo`` as ``Our Charles``, the last digit of a
CDCR number as ``minute``; its word confidence is low there. :func:`mend` corrects the mentions of a
recognized transcript (``TimedTranscript.source`` ``asr:...``; a sidecar is someone's own text and is
left as it is):

* a word the recognizer was unsure of (confidence under :data:`UNSURE`) next to a direct
  identifier's mention (a name, a spelled name, a CDCR number), in the same line and in no other
  mention, is taken as part of it (then the word next to that one, up to :data:`REACH_WORDS`);
* a word or two words in a row the recognizer was unsure of (under :data:`ALIKE_UNSURE`) that
  sound like a part of a name found elsewhere in the recording (the language's sound key:
  ``With field`` for ``Whitfield``, ``young`` for ``Young``) become a mention of that person, of
  low certainty, source ``"sounds-like"`` (the review shows it as such);
* a name's mention loses the stop words at its edges (``I'm Philip``, ``Whitfield A.``, ``M. U. R. A.
  There``), a spelled name's single letters excepted; a run of capitals the recognizer wrote joined by
  hyphens (``W-H-I-T-F-I-Nd``: letters said one by one, the last ones misheard) is one spelled name's
  mention, source ``"spelled-run"``, whatever mentions the text pass found inside it; a name's mention in
  capitals only (``NKS``) reaches back over the letters said alone before it (``If I are be NKS``);
* :func:`names_heard`: the recording recognized a second time with the names the pass found in it
  as the recognizer's hotwords (``Recognizer.transcribe(hotwords=...)``) hears some of them where
  the first recognition wrote other words (``The board office``); where it hears such a name
  (confidence at least :data:`AGAIN_SURE`), the pass has no mention and the first recognition was
  unsure of a word then (under :data:`FIRST_SURE`), the first transcript's words said then become a
  mention of that person, of low certainty, source ``"heard-with-names"`` (not when all of them are stop
  words: ``what you say to your``). Only
  the names' times are taken from the second transcript: without punctuation (hotwords cost it) the
  text pass reads it worse than the first.

The words around a name the recognizer wrote as other words (``Mr. pollon``, ``the upper state hospital``,
``Young, why are you and me?``) are read by :mod:`.cues`, in the same step.
"""
from __future__ import annotations

import bisect
import dataclasses
import re

from anonymizer.types import DIRECT_LABELS, SUSPECT, Analysis, Mention

from .cues import bridged, cued, pack_of, trimmed, unknown_beside
from .numbers import spoken_numbers
from .timed import TimedTranscript

_NAME_WORD = re.compile(r"[A-ZÀ-Þ][\w'-]+")
_BREAK = re.compile(r"[.?!;:,]")
_SENTENCE_END = re.compile(r"[.?!][\"')\]]*$")

#: a recognized word under this confidence next to an identifier is taken as a misheard part of it
UNSURE = 0.1
#: at most this many unsure words join a mention on each side
REACH_WORDS = 2
#: a word under this confidence that sounds like a name part found in the recording is a mention of it
ALIKE_UNSURE = 0.5
#: the shortest sound key a name part is heard again by
ALIKE_KEY = 3
SOUNDS_LIKE = "sounds-like"
HEARD_WITH_NAMES = "heard-with-names"
SPELLED_RUN = "spelled-run"
#: a word the recognizer wrote as capitals joined by hyphens, three single ones at least (``W-H-I-T-F-I-Nd``,
#: ``R-E-G-I-N-R-L-E-E-F-LIP``): letters said one by one, a spelled name however misheard its last letters are
_SPELLED = re.compile(r"(?<![\w-])[A-ZÀ-Þ](?:-[A-ZÀ-Þ]){2,}(?:-[A-Za-zÀ-ÿ]+)*(?![\w-])")
#: a name's mention in capitals only (``NKS``, ``N-K-S``): the end of a name spelled aloud
_CAPITALS = re.compile(r"^[A-ZÀ-Þ](?:-?[A-ZÀ-Þ])+[.,]?$")
#: at most this many letters said alone, or short unsure words, join such a mention before it
LETTER_REACH = 6
LETTER_WORD = 4
#: a word the first recognition was this sure of is that word, whatever the second hears
FIRST_SURE = 0.7
#: a name the second recognition hears with at least this confidence is taken
AGAIN_SURE = 0.3
#: the shortest name part given to the second recognition (letters)
HOTWORD_LETTERS = 3


def recognize_names(analysis: Analysis, timed: TimedTranscript | None, recognizer, data: bytes, filename: str
                    ) -> Analysis:
    """:func:`names_heard` with the recording recognized again by ``recognizer`` (a
    :class:`~anonymizer.speech.Recognizer`) given the names found as hotwords; as it was without names."""
    names = hotwords(analysis, timed)
    again = recognize_again(recognizer, data, filename, names)
    return names_heard(analysis, timed, again, names) if again is not None else analysis


def hears_again(recognizer, names: dict[str, int]) -> bool:
    """Whether :func:`recognize_again` would recognize the recording a second time."""
    return bool(names) and recognizer is not None and getattr(recognizer, "hears_hotwords", False)


def recognize_again(recognizer, data: bytes, filename: str, names: dict[str, int],
                    progress=None) -> TimedTranscript | None:
    """The recording recognized with ``names`` as hotwords (None: no names, or a recognizer without hotwords);
    ``progress(done, total)`` in seconds of audio, as the first recognition's."""
    if not hears_again(recognizer, names):
        return None  # the transformers backend has no hotwords: a second pass would hear the same
    return recognizer.transcribe(data, filename, progress, hotwords=" ".join(names))


def recognized(timed: TimedTranscript | None) -> bool:
    return timed is not None and timed.source.startswith("asr:")


def mend(analysis: Analysis, timed: TimedTranscript | None, unsure: float = UNSURE) -> Analysis:
    """``analysis`` with its mentions of recognized speech widened over the unsure words beside them (and
    over the numbers said aloud beside them: :func:`~anonymizer.speech.numbers.spoken_numbers`)."""
    if not recognized(timed) or not timed.words:
        return analysis
    analysis = _spelled_letters(_spelled_runs(_plain_people(spoken_numbers(analysis, timed))), timed)
    analysis = cued(analysis, timed)
    if not analysis.mentions:
        return analysis
    text = timed.text
    starts = [w.start for w in timed.words]
    taken = _taken(text, analysis.mentions)
    pack = pack_of(analysis.language)

    def free(a: int, b: int) -> bool:
        return not any(taken[a:b])

    out = []
    for mention in analysis.mentions:
        if mention.label not in DIRECT_LABELS:
            out.append(mention)
            continue
        start, end = mention.start, mention.end
        first = bisect.bisect_right(starts, start) - 1
        last = bisect.bisect_left(starts, end) - 1
        person = mention.label in ("PERSON", "SPELLED_NAME")
        steps = 0
        while steps < REACH_WORDS and first > 0:
            word = timed.words[first - 1]
            if "\n" in text[word.start:start] or not free(word.start, word.end):
                break
            if word.confidence < unsure or (person and unknown_beside(pack, text, word, text[word.end:start])):
                start, first, steps = word.start, first - 1, steps + 1
                continue
            beyond = timed.words[first - 2] if first >= 2 and steps + 2 <= REACH_WORDS else None
            if (person and beyond is not None and word.confidence < ALIKE_UNSURE and _stop(pack, text[word.start:word.end])
                    and "\n" not in text[beyond.start:word.start] and free(beyond.start, beyond.end)
                    and unknown_beside(pack, text, beyond, text[beyond.end:start])):
                start, first, steps = beyond.start, first - 2, steps + 2  # "Melphine or Caffa": a name's two words
                continue
            break
        steps = 0
        while steps < REACH_WORDS and 0 <= last and last + 1 < len(timed.words):
            word = timed.words[last + 1]
            if "\n" in text[end:word.end] or not free(word.start, word.end):
                break
            if not (word.confidence < unsure or (person and unknown_beside(pack, text, word, text[end:word.start]))):
                break
            end, last, steps = word.end, last + 1, steps + 1
        if (start, end) != (mention.start, mention.end):
            taken[start:end] = b"\x01" * (end - start)
            mention = dataclasses.replace(mention, start=start, end=end)
        out.append(mention)
    out += _sounding_alike(out, timed, taken, analysis.language)
    return bridged(dataclasses.replace(analysis, mentions=tuple(sorted(out, key=lambda m: (m.start, m.end)))), timed)


def _plain_people(analysis: Analysis) -> Analysis:
    """``analysis`` with the ordinary words a person's or a spelled name's mention of recognized speech holds
    at its edges taken out of it: a leading or trailing stop word (``I'm Philip`` -> ``Philip``, ``Philip
    Whitfield A.`` -> ``Philip Whitfield``, ``M. U. R. A. There`` -> ``M. U. R. A.``: the recognizer writes
    what the speaker said before or after the name in the same sentence; a spelled name's one letter is
    never taken for a stop word); a mention only of stop words (``I'm``, a re-scan of the first), or a
    suspect only of ordinary words (``Representing``, ``Code``: the recognizer capitalises each sentence's
    first word)."""
    pack = pack_of(analysis.language)
    if pack is None:
        return analysis
    text = analysis.transcript.text

    out, changed = [], False
    for m in analysis.mentions:
        if m.label not in ("PERSON", "SPELLED_NAME"):
            out.append(m)
            continue
        words = list(re.finditer(r"\S+", text[m.start:m.end]))
        spelled = m.label == "SPELLED_NAME"

        def edge(word: str) -> bool:
            letters = sum(c.isalpha() for c in word)
            if spelled and letters >= 2 and "-" not in word and not word.strip(".,;:?!\"").isupper():
                return True  # a whole word at a spelled name's edge is no letter of it ("There are no", "the")
            return _stop(pack, word) and not (spelled and letters < 2)

        def ordinary(word: str) -> bool:
            return _stop(pack, word) or pack.is_plain_word(word.strip(".,;:?!\""))

        if m.label == "PERSON" and (all(_stop(pack, w.group()) for w in words) or (set(m.sources) <= {SUSPECT} and all(
                _stop(pack, w.group()) or pack.is_plain_word(w.group().strip(".,;:?!\"")) for w in words))):
            changed = True
            continue
        lead, tail = 0, len(words)
        while lead < tail - 1 and edge(words[lead].group()):
            lead += 1
        while tail - 1 > lead and edge(words[tail - 1].group()):
            tail -= 1
        cut = False
        if m.label == "PERSON":  # a sentence's end inside: the ordinary words after it are the next sentence's
            for k in range(lead + 1, tail):
                said = words[k - 1].group()
                if _SENTENCE_END.search(said) and sum(c.isalpha() for c in said) > 1 and not _stop(pack, said) \
                        and all(ordinary(w.group()) for w in words[k:tail]):
                    tail = k
                    break
            cut = tail < len(words) and sum(c.isalpha() for c in words[tail - 1].group()) > 2
        if (lead, tail) != (0, len(words)):
            start = m.start + words[lead].start()
            end = m.end if tail == len(words) else m.start + words[tail - 1].start() + len(
                words[tail - 1].group().rstrip(".,;:?!\"" if cut else ",;:?!\""))
            m, changed = dataclasses.replace(m, start=start, end=end), True
        out.append(m)
    return dataclasses.replace(analysis, mentions=tuple(out)) if changed else analysis


def _spelled_runs(analysis: Analysis) -> Analysis:
    """``analysis`` with every spelled run of recognized speech (:data:`_SPELLED`) one spelled name's mention:
    the mentions inside it give way to it (``R-E-G-I-N-R`` and ``F-LIP``, two persons, in one run); a run that
    a mention holds, or that a mention reaches into from outside, is left as it is."""
    text = analysis.transcript.text
    mentions = list(analysis.mentions)
    changed = False
    for run in _SPELLED.finditer(text):
        a, b = run.span()
        touching = [m for m in mentions if m.start < b and m.end > a]
        if any(m.start <= a and m.end >= b for m in touching) or any(m.start < a or m.end > b for m in touching):
            continue
        mentions = [m for m in mentions if m not in touching]
        mentions.append(Mention(a, b, "SPELLED_NAME", (SPELLED_RUN,), score=0.5, confidence=3))
        changed = True
    if not changed:
        return analysis
    return dataclasses.replace(analysis, mentions=tuple(sorted(mentions, key=lambda m: (m.start, m.end))))


def _spelled_letters(analysis: Analysis, timed: TimedTranscript) -> Analysis:
    """``analysis`` with a name's mention written in capitals only (``NKS``, ``W-H-I-T``: the last letters of a
    spelled name the recognizer wrote as letters) reaching back over the words before it in its sentence that
    are letters said alone (the language's ``SPOKEN_LETTERS``: ``are``, ``be``, ``I``) or short words the
    recognizer was unsure of (under :data:`ALIKE_UNSURE`, :data:`LETTER_WORD` letters at most), up to
    :data:`LETTER_REACH` words: ``If I are me or NKS`` is ``F-A-I-R-B-A-N-K-S`` heard."""
    pack = pack_of(analysis.language)
    letters = frozenset(getattr(getattr(pack, "vocabulary", None), "SPOKEN_LETTERS", ())) if pack is not None else ()
    if not letters:
        return analysis
    text = timed.text
    starts = [w.start for w in timed.words]
    taken = _taken(text, analysis.mentions)
    out, changed = [], False
    for m in analysis.mentions:
        said = text[m.start:m.end]
        if m.label not in ("PERSON", "SPELLED_NAME") or not _CAPITALS.match(said):
            out.append(m)
            continue
        first = bisect.bisect_right(starts, m.start) - 1
        start = m.start
        for _ in range(LETTER_REACH):
            if first <= 0:
                break
            word = timed.words[first - 1]
            core = text[word.start:word.end]
            plain = core.strip(",;:\"").lower()
            if ("\n" in text[word.end:start] or _BREAK.search(text[word.end:start]) or any(taken[word.start:word.end])
                    or not (plain.split("'")[0] in letters
                            or (word.confidence < ALIKE_UNSURE and sum(c.isalpha() for c in plain) <= LETTER_WORD))
                    or _BREAK.search(core)):
                break
            start, first = word.start, first - 1
        if start != m.start:
            taken[start:m.start] = b"\x01" * (m.start - start)
            m, changed = dataclasses.replace(m, start=start), True
        out.append(m)
    return dataclasses.replace(analysis, mentions=tuple(out)) if changed else analysis


def _stop(pack, word: str) -> bool:
    """Whether ``word`` (punctuation around it, a contraction's tail) is a stop word of ``pack``."""
    word = word.strip(".,;:?!\"")
    return pack.is_stop_word(word) or pack.is_stop_word(re.split(r"['’]", word)[0])


def _sounding_alike(mentions: list[Mention], timed: TimedTranscript, taken: bytearray, language: str) -> list[Mention]:
    """New mentions: unsure words (one, or two in a row) that sound like a part of a person's name."""
    sound_key = _sound_key(language)
    if sound_key is None:
        return []
    text = timed.text
    parts: dict[str, int] = {}  # sound key -> the entity it names
    for word, entity in _name_words(mentions, text, (SOUNDS_LIKE,)):
        if len(key := sound_key(word)) >= ALIKE_KEY:
            parts.setdefault(key, entity)
    if not parts:
        return []
    found: list[Mention] = []
    words = timed.words
    i = 0
    while i < len(words):
        hit = None
        for n in (2, 1):
            group = words[i:i + n]
            if len(group) < n or min(w.confidence for w in group) >= ALIKE_UNSURE:
                continue  # a word the recognizer was sure of is that word
            a, b = group[0].start, group[-1].end
            said = text[a:b]
            if "\n" in said or any(taken[a:b]) or (n == 2 and _BREAK.search(text[group[0].end:group[1].start + 1])):
                continue
            a, b = trimmed(text, a, b)
            entity = parts.get(sound_key(said))
            if entity is not None and b > a:
                hit = (a, b, entity, n)
                break
        if hit is None:
            i += 1
            continue
        a, b, entity, n = hit
        taken[a:b] = b"\x01" * (b - a)
        found.append(Mention(a, b, "PERSON", (SOUNDS_LIKE,), score=0.5, confidence=3, entity=entity))
        i += n
    return found


def _taken(text: str, mentions) -> bytearray:
    """1 at every character of ``text`` inside one of ``mentions``."""
    taken = bytearray(len(text) + 1)
    for m in mentions:
        taken[m.start:m.end] = b"\x01" * (m.end - m.start)
    return taken


def _name_words(mentions, text: str, skip: tuple[str, ...]):
    """``(word, entity)`` of every capitalised word of a person's mention whose sources are none of ``skip``."""
    for m in mentions:
        if m.label == "PERSON" and m.entity is not None and not set(skip) & set(m.sources):
            for word in _NAME_WORD.findall(text[m.start:m.end]):
                yield word, m.entity


def _sound_key(language: str):
    from anonymizer import lang

    try:
        return lang.pack(language or "en").sound_key
    except lang.UnknownLanguage:
        return None


def hotwords(analysis: Analysis, timed: TimedTranscript | None) -> dict[str, int]:
    """The name parts of the persons the pass found in recognized speech: word -> its entity."""
    if not recognized(timed):
        return {}
    names: dict[str, int] = {}
    for word, entity in _name_words(analysis.mentions, timed.text, (SOUNDS_LIKE, HEARD_WITH_NAMES)):
        if sum(c.isalpha() for c in word) >= HOTWORD_LETTERS:
            names.setdefault(word, entity)
    return names


def names_heard(analysis: Analysis, timed: TimedTranscript, again: TimedTranscript, names: dict[str, int],
                sure: float = AGAIN_SURE) -> Analysis:
    """``analysis`` with a mention wherever ``again`` (the recording recognized with ``names`` as hotwords)
    hears one of the names and the pass has none: over the first transcript's words said then."""
    if not names or not again.words or not timed.words:
        return analysis
    text = timed.text
    taken = _taken(text, analysis.mentions)
    pack = pack_of(analysis.language)
    times = sorted(t for m in analysis.mentions if (t := timed.span_time(m.start, m.end)) is not None)
    found = []
    for word in again.words:
        entity = names.get(again.text[word.start:word.end].strip(".,;:?!\"'"))
        if entity is None or word.confidence < sure:
            continue
        middle = (word.t0 + word.t1) / 2
        if any(t0 <= middle <= t1 for t0, t1 in times[:bisect.bisect_right(times, (middle, middle))][-8:]):
            continue  # said where the pass already has a mention
        said = [w for w in timed.words if w.t1 > word.t0 and w.t0 < word.t1 and not any(taken[w.start:w.end])]
        if pack is not None and all(_stop(pack, text[w.start:w.end]) for w in said):
            continue  # only stop words said then (``what you say to your``): no misheard name
        if not said or min(w.confidence for w in said) >= FIRST_SURE:
            continue
        a, b = trimmed(text, said[0].start, said[-1].end)
        if any(taken[a:b]):  # words of another mention between: the first one only
            a, b = trimmed(text, said[0].start, said[0].end)
        if b <= a or "\n" in text[a:b] or any(taken[a:b]):
            continue
        taken[a:b] = b"\x01" * (b - a)
        found.append(Mention(a, b, "PERSON", (HEARD_WITH_NAMES,), score=0.5, confidence=3, entity=entity))
    if not found:
        return analysis
    mentions = sorted([*analysis.mentions, *found], key=lambda m: (m.start, m.end))
    return dataclasses.replace(analysis, mentions=tuple(mentions))
