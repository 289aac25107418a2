"""The rule recognizers' base, language-free: Presidio's pattern compiled once, the recognizer class with
class-level defaults and a context filter, and the helpers every language pack's patterns use.

Every pattern is compiled with ``MULTILINE`` only (case-sensitive, ``.`` never crosses a line): a pattern
that wants case-insensitivity says so with a scoped ``(?i:...)`` group. Patterns use ``[ ]`` for a space,
never ``\\s``, so no match crosses the line break between two utterances. A pack's recognizers
(``lang/en/recognizers/``, ``lang/da/recognizers/``) extend :class:`RuleRecognizer`.
"""
from __future__ import annotations

import bisect
import logging
from typing import TYPE_CHECKING, ClassVar, Iterable

import regex as re
import presidio_analyzer
from presidio_analyzer import EntityRecognizer, PatternRecognizer, RecognizerResult
from presidio_analyzer.pattern_recognizer import REGEX_TIMEOUT_SECONDS

from anonymizer.lang import compiled

if TYPE_CHECKING:
    from presidio_analyzer.nlp_engine import NlpArtifacts

logger = logging.getLogger(__name__)

FLAGS = re.MULTILINE


class Pattern(presidio_analyzer.Pattern):
    """Presidio's pattern, compiled once with :data:`FLAGS`.

    Presidio validates a pattern by compiling it without flags and compiles it again with the
    recognizer's flags on first use: two compiles of each of our ~300 patterns, about a second
    of every worker's start-up. Compiled here with the flags the recognizers use, it is ready; and
    compiled by an earlier process, it is read from the cache file (:mod:`anonymizer.lang.compiled`).

    ``first``, when given, is a regex true at the first character of every match (``\\d`` for a
    pattern whose every branch starts with a digit): the compiled pattern starts with it as a
    look-ahead, which finds the same matches but lets the engine skip to the next such character
    instead of trying an optional or alternated start at every offset (``1?[2-9]``: ten times faster).
    ``lazy``: compiled when first run, for a pattern a recognizer's ``NEEDS`` keeps from most texts (a
    judgment's court: a hearing names none, and its start-up need not compile it).
    """

    def __init__(self, name: str, regex: str, score: float, first: str | None = None, lazy: bool = False) -> None:
        self.name, self.regex, self.score, self.lazy = name, regex, score, lazy
        #: the regex compiled: the pattern, behind ``first``'s look-ahead when given
        self.searched = regex if first is None else f"(?={first})(?:{regex})"
        try:
            self.compiled_regex = None if lazy else compiled.compile(self.searched, FLAGS)
        except re.error as error:
            raise ValueError(f"Invalid regex pattern: {error}") from None
        self.compiled_with_flags = FLAGS
        if not 0 <= score <= 1:
            raise ValueError(f"Invalid score: {score}. Score should be between 0 and 1")


def alternation_order(form: str) -> tuple[int, str]:
    """The order of an alternation's literal forms: longest first (so a form is tried before its prefixes), then
    alphabetical, so a pattern built from a set is the same string in every process (its compiled program is then
    read from the cache, :mod:`anonymizer.lang.compiled`). Two distinct literals of one length never match at the
    same offset (nor two of one length under ``(?i:...)`` but as the same text), so the order among them finds the
    same matches."""
    return -len(form), form


def title_or_upper(words: tuple[str, ...] | list[str]) -> str:
    """Alternation matching each word capitalised (``May``) or in capitals (``MAY``)."""
    forms: list[str] = []
    for word in words:
        forms.extend((re.escape(word), re.escape(word.upper())))
    return "(?:" + "|".join(sorted(set(forms), key=alternation_order)) + ")"


def any_case(words: tuple[str, ...] | list[str]) -> str:
    """Case-insensitive alternation of the words, longest first."""
    return "(?i:" + "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True)) + ")"


class RuleRecognizer(PatternRecognizer):
    """A :class:`PatternRecognizer` with class-level defaults and a context filter.

    Subclasses set ``ENTITY``, ``PATTERNS`` and ``CONTEXT``; they may override
    :meth:`keep` to drop a match by looking at the text around it (the
    ``validate_result`` hook only sees the matched text).  Overlapping matches
    of one recognizer are resolved longest first, so each recognizer returns
    non-overlapping spans.  Works with ``nlp_artifacts=None``.
    """

    ENTITY: ClassVar[str] = ""
    PATTERNS: ClassVar[list[Pattern]] = []
    CONTEXT: ClassVar[list[str]] = []
    #: a zero-width regex true at every offset where a match of a pattern can start (e.g. a
    #: number), or None. With it the patterns are tried only at those offsets instead of being
    #: searched for over the whole text: the same matches, found without running each
    #: pattern's look-behind at every character. Patterns named in ``SCANNED`` are searched.
    STARTS: ClassVar[str | None] = None
    SCANNED: ClassVar[frozenset[str]] = frozenset()
    #: pattern name -> a cheap regex the text must contain for that (rare, costly) pattern to run
    NEEDS: ClassVar[dict[str, re.Pattern[str]]] = {}
    #: pattern name -> a cheap regex with a hit on the line of every match of that pattern (a word every
    #: match holds: "County", a legal form): the pattern is searched on those lines only. Only for patterns
    #: that never match across a line break nor look past one (``[ ]``, never ``\\s``). The lines of an
    #: anchor are found once per text, whichever recognizers share it.
    ANCHORS: ClassVar[dict[str, re.Pattern[str]]] = {}

    def __init__(
        self,
        patterns: list[Pattern] | None = None,
        context: list[str] | None = None,
        supported_language: str = "en",
        supported_entity: str | None = None,
        name: str | None = None,
        extra_whitelist: Iterable[str] = (),
    ) -> None:
        #: the corpus terms of ``Config.whitelist_terms`` (on top of the packaged whitelist)
        self.extra_whitelist = tuple(extra_whitelist)
        super().__init__(
            supported_entity=supported_entity or self.ENTITY,
            name=name,
            supported_language=supported_language,
            patterns=list(patterns if patterns else self.PATTERNS),
            context=list(context if context else self.CONTEXT),
            global_regex_flags=FLAGS,
        )

    def analyze(
        self,
        text: str,
        entities: list[str],
        nlp_artifacts: NlpArtifacts | None = None,
        regex_flags: int | None = None,
    ) -> list[RecognizerResult]:
        """Run the patterns (always with this recognizer's own flags), filter, de-overlap.

        ``regex_flags`` is accepted for interface compatibility and ignored:
        the patterns are written for :data:`FLAGS`.
        """
        results = self._analyze_at_starts(text)
        kept: list[RecognizerResult] = []
        for result in results:
            bounds = self.adjust(text, result.start, result.end)
            if bounds is not None and bounds[0] < bounds[1]:
                result.start, result.end = bounds
                kept.append(result)
        return longest_first(kept)

    def _analyze_at_starts(self, text: str) -> list[RecognizerResult]:
        """Presidio's pattern step (``PatternRecognizer.analyze``), with two shortcuts that find
        the same results: each pattern is matched at the ``STARTS`` offsets only (in order,
        skipping offsets inside the previous match, which is what ``finditer`` yields when no
        match can start elsewhere), and a match :meth:`admit` refuses gets no Presidio result."""
        flags = self.global_regex_flags
        if self.STARTS is None:
            starts, dense = [], True
        else:
            starts = [m.start() for m in re.finditer(self.STARTS, text, flags)]
            dense = len(starts) * _SPARSE > len(text)  # a column of numbers: searching is cheaper
        results: list[RecognizerResult] = []
        for pattern in self.patterns:
            needed = self.NEEDS.get(pattern.name)
            if needed is not None and needed.search(text) is None:
                continue  # a rare pattern whose cheap sign the text lacks ("dot com" for an e-mail said aloud)
            if not pattern.compiled_regex or pattern.compiled_with_flags != flags:
                pattern.compiled_with_flags = flags
                source = getattr(pattern, "searched", pattern.regex)
                pattern.compiled_regex = (compiled.compile(source, flags) if isinstance(pattern, Pattern)
                                          else re.compile(source, flags=flags))
            anchor = self.ANCHORS.get(pattern.name)
            if anchor is not None and (dense or pattern.name in self.SCANNED):
                matches = _matches_on_lines(pattern.compiled_regex, text, anchor_lines(anchor, text))
            elif dense or pattern.name in self.SCANNED:
                matches = pattern.compiled_regex.finditer(text, timeout=REGEX_TIMEOUT_SECONDS)
            else:
                matches = _matches_at(pattern.compiled_regex, text, starts)
            try:
                for match in matches:
                    if match.end() > match.start() and self.admit(text, match.start(), match.end()):
                        result = self._pattern_result(pattern, text[match.start() : match.end()], match.span(), flags)
                        if result.score > EntityRecognizer.MIN_SCORE:
                            results.append(result)
            except TimeoutError:  # as Presidio: skip the rest of this pattern
                logger.warning("pattern %s of %s timed out, skipped", pattern.name, self.name)
        return EntityRecognizer.remove_duplicates(results)

    def _pattern_result(self, pattern: Pattern, matched: str, span: tuple[int, int], flags: int) -> RecognizerResult:
        """A result scored and explained exactly as in ``PatternRecognizer``."""
        validation = self.validate_result(matched)
        explanation = self.build_regex_explanation(self.name, pattern.name, pattern.regex, pattern.score, validation, flags)
        result = RecognizerResult(
            entity_type=self.supported_entities[0], start=span[0], end=span[1], score=pattern.score,
            analysis_explanation=explanation,
            recognition_metadata={RecognizerResult.RECOGNIZER_NAME_KEY: self.name,
                                  RecognizerResult.RECOGNIZER_IDENTIFIER_KEY: self.id},
        )  # fmt: skip
        if validation is not None:
            result.score = EntityRecognizer.MAX_SCORE if validation else EntityRecognizer.MIN_SCORE
        if self.invalidate_result(matched):
            result.score = EntityRecognizer.MIN_SCORE
        explanation.score = result.score
        return result

    def admit(self, text: str, start: int, end: int) -> bool:
        """A cheap early no: False only where :meth:`adjust` would drop the match anyway and no
        other match of this recognizer has the same span but a different answer (so Presidio's
        containment step cannot tell the difference). Saves building results for most matches
        of a pattern as wide as "any capitalised word"."""
        return True

    def keep(self, text: str, start: int, end: int) -> bool:
        """Whether the match ``text[start:end]`` stands, given its surroundings."""
        return True

    def adjust(self, text: str, start: int, end: int) -> tuple[int, int] | None:
        """The final bounds of the match ``text[start:end]``, or None to drop it.

        The default keeps the bounds when :meth:`keep` accepts the match;
        gazetteer recognizers override it to shrink a match to a known name.
        """
        return (start, end) if self.keep(text, start, end) else None


def longest_first(results: list[RecognizerResult]) -> list[RecognizerResult]:
    """Non-overlapping subset preferring longer spans (then earlier, then higher score)."""
    ordered = sorted(results, key=lambda r: (-(r.end - r.start), r.start, -r.score))
    starts: list[int] = []  # the kept spans, disjoint and sorted: their ends are sorted too
    ends: list[int] = []
    kept: list[RecognizerResult] = []
    for result in ordered:
        # the kept span starting last before this one ends is the only one that can overlap it
        index = bisect.bisect_left(starts, result.end) - 1
        if index < 0 or ends[index] <= result.start:
            starts.insert(index + 1, result.start)
            ends.insert(index + 1, result.end)
            kept.append(result)
    return sorted(kept, key=lambda r: r.start)


#: below one start in this many characters the patterns are tried at the starts (a hearing: one
#: AGE start in ~200 characters); above, searched for (``5 5 5 ...``: trying each start is slower)
_SPARSE = 20


def _matches_at(compiled, text: str, starts: list[int]):
    """The non-overlapping matches of ``compiled`` that start at one of ``starts`` (ascending)."""
    end = 0
    for start in starts:
        if start >= end:
            match = compiled.match(text, start, timeout=REGEX_TIMEOUT_SECONDS)
            if match is not None and match.end() > match.start():
                end = match.end()
                yield match


#: anchor -> (the text, its lines holding a hit): the last text's, shared by the recognizers of one analysis
_ANCHOR_LINES: dict[re.Pattern[str], tuple[str, list[tuple[int, int]]]] = {}


def anchor_lines(anchor: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` of each run of lines of ``text`` with a hit of ``anchor``, ascending; ``end``
    is past the line's break (so a look-ahead at a line's end sees the break, as in the whole text)."""
    cached = _ANCHOR_LINES.get(anchor)
    if cached is not None and cached[0] is text:
        return cached[1]
    lines: list[tuple[int, int]] = []
    for hit in anchor.finditer(text):
        if lines and hit.start() < lines[-1][1]:
            continue  # on a line already taken
        start = text.rfind("\n", 0, hit.start()) + 1
        end = text.find("\n", hit.end())
        end = len(text) if end < 0 else end + 1
        if lines and lines[-1][1] >= start:
            lines[-1] = (lines[-1][0], end)
        else:
            lines.append((start, end))
    _ANCHOR_LINES[anchor] = (text, lines)
    return lines


def _matches_on_lines(compiled, text: str, lines: list[tuple[int, int]]):
    """The matches of ``compiled`` searched for line run by line run (its look-behinds see the text
    before a run): the same as over the whole text when no match crosses a line break."""
    for start, end in lines:
        yield from compiled.finditer(text, start, end, timeout=REGEX_TIMEOUT_SECONDS)
