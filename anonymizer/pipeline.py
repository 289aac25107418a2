"""The automatic pass: detect -> merge -> normalize -> categorize.

``Pipeline`` loads the models once (construct one per process) and ``run`` is called per
document. Each stage reports progress through the callback and its wall time in
``Analysis.timings``.
"""
from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import gc
import os
import time
from typing import Callable

from anonymizer import lang, spans, unbroken
from anonymizer.lang import compiled
from anonymizer.categorize import ZeroShotCategorizer, categorize
from anonymizer.detect import Detector, protect_document
from anonymizer.detect.merge import merge
from anonymizer.detect.suspects import add_suspects
from anonymizer.header import split_title
from anonymizer.normalize import normalize
from anonymizer.pdf import ocr, reflow
from anonymizer.types import Analysis, Config, Entity, Mention, Progress, Transcript, no_progress


class Pipeline:
    def __init__(self, config: Config = Config()) -> None:
        self.config = config
        self._by_language: dict[str, Pipeline] = {}
        if config.language == lang.AUTO:  # one pass per language met, built when a document needs it
            self.language, self.detector = None, _LanguageDetector(self)
            _freeze_loaded()
            return
        self.language = lang.pack(config.language)  # an unknown language fails here, before any model loads
        self.detector = Detector(config) if self.language.analyze is None else _LanguageDetector(self)
        # gazetteers, then (when a local NLI model is configured) a zero-shot classifier
        self.categorize: Callable[[str, str, str], str] = (
            ZeroShotCategorizer(config.zero_shot_model) if config.zero_shot_model else categorize
        )
        _freeze_loaded()

    def for_language(self, code: str) -> "Pipeline":
        """The pass of language ``code`` (this one when it is that language's)."""
        if self.language is not None and self.language.code == code:
            return self
        if code not in self._by_language:
            self._by_language[code] = Pipeline(dataclasses.replace(self.config, language=code))
        return self._by_language[code]

    def run(self, transcript: Transcript, progress: Progress = no_progress) -> Analysis:
        with _fewer_collections():
            return self._run(transcript, progress)

    def _run(self, transcript: Transcript, progress: Progress) -> Analysis:
        if self.language is None:  # "auto": the document's language by the stop-word test
            return self.for_language(lang.guess(transcript.text)).run(transcript, progress)
        if self.language.analyze is not None:
            return self._run_pack(transcript, progress)
        timings: dict[str, float] = {}
        clock = time.perf_counter()

        def lap(stage: str) -> None:
            nonlocal clock
            now = time.perf_counter()
            timings[stage] = round(now - clock, 4)
            clock = now

        mended = ocr.mend(transcript.text)  # scanned: OCR's confusions read back, every offset kept
        shown = reflow.view(mended) if transcript.source_format == "txt" else None
        shown = unbroken.through(mended, shown)  # a name cut by a soft hyphen or a line's hyphen read whole
        read = _read_through(transcript, mended, shown)
        work = in_ordinary_case(read, self.language)  # all caps or no capitals: ordinary case, same offsets
        if read is transcript and work.title_end != transcript.title_end:  # no capitals: its title page read in capitals
            transcript = dataclasses.replace(transcript, header=work.header, title_end=work.title_end)
        text = work.text
        protected = protect_document(work, self.config.whitelist_terms, self.config.language)  # once per document
        raw = self.detector.detect(work, progress, protected)
        lap("detect")
        merged = merge(raw, text)
        lap("merge")
        progress("normalize", 0.85)
        mentions, entities = normalize(text, merged, work.header, self.config, protected)
        if self.config.suspects:
            mentions, entities = add_suspects(text, mentions, entities, protected, work.title_end)
        lap("normalize")
        progress("categorize", 0.95)
        entities = categorize_entities(text, mentions, entities, self.categorize)
        lap("categorize")
        progress("done", 1.0)
        if shown is not None:  # back to the file's offsets: a mention may now hold a line break and a gutter
            mentions = tuple(_in_file(m, shown) for m in mentions)
        return Analysis(transcript=transcript, mentions=mentions, entities=entities, timings=timings,
                        language=self.language.code)

    def _run_pack(self, transcript: Transcript, progress: Progress) -> Analysis:
        """A pack that finds and groups its own mentions (``LanguagePack.analyze``): the text as stored, a word
        cut by a soft hyphen read whole (:mod:`anonymizer.unbroken`)."""
        start = time.perf_counter()
        progress("detect", 0.0)
        shown = unbroken.view(transcript.text)
        mentions, entities = self.language.analyze(shown.text if shown is not None else transcript.text)
        if shown is not None:
            mentions = tuple(_in_file(m, shown) for m in mentions)
        progress("done", 1.0)
        return Analysis(transcript=transcript, mentions=tuple(mentions), entities=tuple(entities),
                        timings={"detect": round(time.perf_counter() - start, 4)}, language=self.language.code)


_frozen = False
#: the collector's first threshold while a pass runs (Python's default: 700 new container objects)
GC_THRESHOLD = 10_000


@contextlib.contextmanager
def _fewer_collections():
    """A pass makes millions of short-lived objects (results, spans, copies) and frees them by their count, but
    each 700 of them started a collection, and each tenth of those one of the generation every pass's tables
    live in: 588 collections, 0.7-1.1 s of the 11-12 CPU seconds of 10 hearings of 8,000 words. While a pass runs the
    first threshold is :data:`GC_THRESHOLD` (17 collections, the same objects freed by their count as before), then
    what it was; a pass inside a pass, or a process that set a higher one, keeps its own."""
    threshold = gc.get_threshold()
    if threshold[0] == 0 or threshold[0] >= GC_THRESHOLD:  # collection off, or already as few
        yield
        return
    gc.set_threshold(GC_THRESHOLD, *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


def _freeze_loaded() -> None:
    """Once per process, when its first pass is built: what is loaded by then (the libraries, the spaCy model,
    the recognizers' compiled patterns) lives as long as the process, so it goes to the collector's permanent
    generation (``gc.freeze``) and no later full collection scans it again: a pass over 10 hearings of 8,000
    words made four such collections of about 80 ms each, of 12 ms frozen. Objects freed by their count go as
    before; only a cycle among them would stay."""
    global _frozen
    compiled.save()  # the patterns this process compiled, for the next one (anonymizer.lang.compiled)
    if not _frozen:
        _frozen = True
        gc.freeze()
        keep_freed_memory()


#: glibc's ``mallopt`` parameters (``malloc.h``) and the values a pass's process sets
M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
TRIM_THRESHOLD, MMAP_THRESHOLD = 64 * 2**20, 32 * 2**20


def keep_freed_memory(libc=None) -> bool:
    """Once per process, with its first pass: the C allocator keeps what it frees for the next document instead of
    handing it back to the system and taking it again page by page. A pass allocates and frees the same large
    buffers over and over (the tagger's arrays, each document's copies); glibc returned the top of its heap and
    each buffer above its moving threshold to the system every time, and every page was faulted in again: 290,000
    page faults and a tenth of the CPU time (system time) of 10 hearings of 8,000 words, 60,000 with these
    thresholds (64 MiB kept at the heap's top, buffers up to 32 MiB from the heap), the peak memory the same.
    Nothing where the C library is not glibc, or where the environment sets glibc's own variables
    (``MALLOC_TRIM_THRESHOLD_``, ``MALLOC_MMAP_THRESHOLD_``). Whether it was set."""
    if any(name in os.environ for name in ("MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_")):
        return False
    if libc is None:
        try:
            if not (os.confstr("CS_GNU_LIBC_VERSION") or "").startswith("glibc"):
                return False
        except (AttributeError, ValueError, OSError):  # not a POSIX system, or one that does not say
            return False
        try:
            libc = ctypes.CDLL(None)
        except OSError:
            return False
    mallopt = getattr(libc, "mallopt", None)
    if mallopt is None:
        return False
    # the threshold of mmap first: setting either fixes both (glibc stops moving them itself)
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))


class _LanguageDetector:
    """``detect`` as :class:`~anonymizer.detect.Detector` has it (the export's detector check reads a published
    text with it) for a pass that guesses the language (the guessed language's) or whose pack finds its own
    mentions (the pack's)."""

    def __init__(self, pipeline: Pipeline) -> None:
        self.pipeline = pipeline

    def detect(self, transcript: Transcript, progress: Progress = no_progress, protected=None) -> tuple[Mention, ...]:
        chosen = self.pipeline
        if chosen.language is None:
            chosen = chosen.for_language(lang.guess(transcript.text))
        if chosen.language.analyze is None:
            return chosen.detector.detect(transcript, progress, protected)
        return chosen._run_pack(transcript, progress).mentions


def _in_file(mention: Mention, shown: "reflow.View | unbroken.View") -> Mention:
    start, end = shown.span(mention.start, mention.end)
    return dataclasses.replace(mention, start=start, end=end)


def _read_through(transcript: Transcript, mended: str, shown: reflow.View | None) -> Transcript:
    """The transcript itself, or the text the pass reads: for a text file printed like a PDF its view
    (:mod:`reflow`), for a scanned one the copy with OCR's confusions read back (:mod:`ocr`)."""
    text = shown.text if shown is not None else mended
    if text == transcript.text:
        return transcript
    title_end, header = split_title(text)
    return dataclasses.replace(transcript, text=text, header=header, title_end=title_end)


def in_ordinary_case(transcript: Transcript, language: lang.LanguagePack | None = None) -> Transcript:
    """The transcript itself, or for one typed in capitals or without any a copy in ordinary case
    (the language's truecasing, English by default); one without capitals is read as capitals first, its title page and speaker
    tags too (their parsers read capitals). The leak gate's detectors read a published text so too."""
    language = language or lang.pack()
    text, title_end, header = transcript.text, transcript.title_end, transcript.header
    if language.is_all_lower(text, title_end):
        text = language.capitals(text)
        title_end, header = split_title(text)
    elif not language.is_all_caps(text, title_end):
        return transcript
    names = header.person_names() if header else ()
    return dataclasses.replace(transcript, text=language.truecase(text, title_end, names), title_end=title_end, header=header)


def categorize_entities(
    text: str,
    mentions: tuple[Mention, ...],
    entities: tuple[Entity, ...],
    categorize: Callable[[str, str, str], str] = categorize,
) -> tuple[Entity, ...]:
    """Fine category of each entity from its name and the line of its first mention."""
    first: dict[int, Mention] = {}
    for m in mentions:
        if m.entity is not None:
            first.setdefault(m.entity, m)
    out = []
    for entity in entities:
        m = first.get(entity.id)
        context = ""
        if m is not None:
            context = text[spans.line_start(text, m.start) : spans.line_end(text, m.end)]
        category = categorize(entity.label, entity.name, context)
        out.append(dataclasses.replace(entity, category=category) if category != entity.category else entity)
    return tuple(out)
