"""Detection: every detector over one document, spaCy run once.

spaCy runs ONCE per document: ``nlp.pipe`` over the utterance lines with only the
components NER needs; the line docs are joined into one ``Doc`` whose text equals the
document text exactly. The same ``Doc`` feeds

* spaCy's own entities (source ``spacy``),
* Presidio's ``AnalyzerEngine`` with the project's recognizers, as ``nlp_artifacts``
  (source ``presidio``; Presidio's default recognizers are not used),
* optional Stanza / transformers backends (sources ``stanza`` / ``transformers``),
* the title-page seeding (source ``header``) and speaker tags (source ``rule``).

The output is the raw, filtered mention list; ``merge`` and ``normalize`` come after.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Iterable, Iterator, Sequence

from presidio_analyzer import AnalyzerEngine, RecognizerRegistry
from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer
from presidio_analyzer.nlp_engine import NlpArtifacts, SpacyNlpEngine

from . import lexicon, spans
from .spans import Protected
from .vocabulary import MONTH_ABBREVIATIONS, MONTHS, NAME_SUFFIXES, ROLE_WORDS, WEEKDAYS
from .transcript import speaker_tags
from .types import Config, Header, Mention, Progress, Transcript, no_progress

# spaCy label -> project label. CARDINAL, ORDINAL, QUANTITY, MONEY, PERCENT, LAW, WORK_OF_ART,
# EVENT, PRODUCT, LANGUAGE are not personal data here (the paper's "numerical values").
SPACY_LABELS = {
    "PERSON": "PERSON",
    "PER": "PERSON",
    "GPE": "LOCATION",
    "LOC": "LOCATION",
    "FAC": "LOCATION",
    "ORG": "ORGANIZATION",
    "NORP": "NRP",
    "DATE": "DATE",
    "TIME": "TIME",
}

_WORD = re.compile(r"[A-Za-z][A-Za-z'\-.]*[A-Za-z]|[A-Za-z]")
_HAS_DIGIT = re.compile(r"\d")
_MONTHS = [m.lower() for m in MONTHS + MONTH_ABBREVIATIONS]
_WEEKDAYS = [d.lower() for d in WEEKDAYS]
_DATE_WORD = re.compile(
    r"\b(?:" + "|".join(_MONTHS + _WEEKDAYS) + r")\b|\b(?:nineteen|two thousand|twenty)\b|'\d0s|\b\d0s\b",
    re.I,
)
_AGE_IN_DATE = re.compile(r"\b(?:years?|yrs?)[ -]old\b|\byear-old\b|\byears of age\b", re.I)
_DURATION = re.compile(
    r"^(?:the\s+)?(?:last|past|next|first|about|over|almost|nearly|around|another|only|just|some|"
    r"a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|several|many|few|\d+\s*(?:to|-)\s*\d+)?"
    r"[\s-]*(?:\w+[\s-]+)?(?:years?|months?|weeks?|days?|hours?|decades?)\b",
    re.I,
)
_CLOCK = re.compile(r"\d:\d\d|\b\d{1,2}\s?(?:[ap]\.m\.|[ap]m\b)|o'clock", re.I)
_ENDS_IN_UNIT = re.compile(r"\b(?:years?|months?|weeks?|days?|hours?|minutes?|decades?)$", re.I)
_RELATIVE = re.compile(r"^(?:today|tomorrow|yesterday|now|tonight|this (?:morning|afternoon|evening))\b", re.I)
_SENTENCE_START = re.compile(r"(?:^|[.?!]\s+|:\s+|\"\s*|--\s*)$")


def _needed_components(nlp) -> set[str]:
    """The pipeline components named-entity recognition needs: ``ner`` and what it listens to."""
    keep = {"ner"}
    try:
        tok2vec = nlp.config["components"]["ner"]["model"].get("tok2vec", {})
    except KeyError:
        return set(nlp.pipe_names)
    if "Listener" in str(tok2vec.get("@architectures", "")):
        upstream = tok2vec.get("upstream", "*")
        keep |= {"tok2vec", "transformer"} if upstream == "*" else {upstream}
    return keep


def load_spacy(model: str):
    """Load a spaCy pipeline (package name or local path) with only what NER needs enabled."""
    import spacy

    nlp = spacy.load(model)
    keep = _needed_components(nlp)
    nlp.select_pipes(enable=[name for name in nlp.pipe_names if name in keep])
    return nlp


def parse(nlp, text: str, batch_size: int = 256):
    """Run spaCy once over ``text``: ``nlp.pipe`` over the lines, joined into one Doc.

    ``splitlines(keepends=True)`` keeps each line's break inside its doc, so the joined
    ``Doc.text`` equals ``text`` character for character (empty lines are single-token docs).
    """
    from spacy.tokens import Doc

    lines = text.splitlines(keepends=True) or [text]
    doc = Doc.from_docs(list(nlp.pipe(lines, batch_size=batch_size)), ensure_whitespace=False)
    if doc.text != text:  # pragma: no cover - guarded invariant
        raise RuntimeError("spaCy document text does not match the input text")
    return doc


@dataclass(frozen=True, slots=True)
class Hit:
    start: int
    end: int


class Detector:
    """Holds the loaded models; ``detect`` is called once per document."""

    def __init__(self, config: Config = Config()) -> None:
        self.config = config
        self.nlp = load_spacy(config.spacy_model)
        self.backends = _load_backends(config)

    @cached_property
    def analyzer(self):
        """Presidio's engine with the project's recognizers and the already loaded spaCy model."""
        from .recognizers import build_recognizers

        registry = RecognizerRegistry(recognizers=build_recognizers(self.config), supported_languages=["en"])
        return AnalyzerEngine(
            registry=registry,
            nlp_engine=LoadedSpacyEngine(self.nlp),
            supported_languages=["en"],
            context_aware_enhancer=IndexedContextEnhancer(),
        )

    def detect(
        self, transcript: Transcript, progress: Progress = no_progress, protected: Protected | None = None
    ) -> tuple[Mention, ...]:
        """Filtered mentions of every detector; ``protected`` (found here when not given) is the
        document's whitelist, computed once per document by the caller."""
        text = transcript.text
        if protected is None:
            protected = spans.protect(text, self.config.whitelist_terms)
        progress("spacy", 0.0)
        doc = parse(self.nlp, text, self.config.batch_size)
        progress("spacy", 0.5)
        mentions: list[Mention] = []
        mentions += header_mentions(text, transcript.header, transcript.title_end)
        mentions += speaker_tag_mentions(text, transcript.title_end)
        if self.config.use_spacy:
            mentions += spacy_mentions(doc)
        if self.config.use_presidio:
            mentions += self.presidio_mentions(text, doc)
        progress("presidio", 0.7)
        for backend in self.backends:
            mentions += backend.mentions(text)
        progress("filter", 0.8)
        return tuple(filter_mentions(text, reconcile(mentions), protected))

    def presidio_mentions(self, text: str, doc) -> list[Mention]:
        artifacts = IndexedArtifacts(doc, self.analyzer.nlp_engine)
        results = self.analyzer.analyze(
            text=text, language="en", nlp_artifacts=artifacts, score_threshold=self.config.presidio_min_score
        )
        return [
            Mention(r.start, r.end, r.entity_type, ("presidio",), score=round(float(r.score), 3), confidence=2)
            for r in results
            if r.end > r.start
        ]


class LoadedSpacyEngine(SpacyNlpEngine):
    """A Presidio NlpEngine over an already loaded spaCy pipeline (no second load)."""

    def __init__(self, nlp) -> None:
        super().__init__(models=[{"lang_code": "en", "model_name": nlp.meta.get("name", "loaded")}])
        self.nlp = {"en": nlp}

    def load(self) -> None:  # already loaded
        return None

    def is_loaded(self) -> bool:
        return True


class IndexedArtifacts(NlpArtifacts):
    """Presidio's artifacts of our one spaCy Doc, indexed for fast context look-ups.

    No lemmatizer runs (NER does not need it): context words match lower-cased tokens.
    """

    def __init__(self, doc, nlp_engine: SpacyNlpEngine) -> None:
        super().__init__(
            entities=list(doc.ents),
            tokens=doc,
            tokens_indices=[token.idx for token in doc],
            lemmas=[token.lower_ for token in doc],
            nlp_engine=nlp_engine,
            language="en",
        )
        self.token_ends = [token.idx + len(token) for token in doc]
        self.keyword_set = frozenset(self.keywords)


class IndexedContextEnhancer(LemmaContextAwareEnhancer):
    """Presidio's lemma context enhancer with the same results, minus its quadratic scans.

    Presidio finds a result's token by scanning every token and tests each context word
    against a list: O(tokens) per result, which on a 15,000-word transcript with hundreds
    of results costs more than spaCy itself. With ``IndexedArtifacts`` the token is found by
    bisection over token end offsets and keywords are tested against a set.
    """

    def _extract_surrounding_words(self, nlp_artifacts: NlpArtifacts, word: str, start: int) -> list[str]:
        if not isinstance(nlp_artifacts, IndexedArtifacts):
            return super()._extract_surrounding_words(nlp_artifacts, word, start)
        if not nlp_artifacts.tokens:
            return [""]
        # the first token ending after ``start`` (Presidio: "a token whose indices cover it")
        index = bisect.bisect_right(nlp_artifacts.token_ends, start)
        if index >= len(nlp_artifacts.token_ends):
            raise ValueError("a result starts after the last token")
        lemmas, keywords = nlp_artifacts.lemmas, nlp_artifacts.keyword_set
        words: set[str] = set()
        for step, count in ((-1, self.context_prefix_count), (1, self.context_suffix_count)):
            i, remaining = index, count + 1  # the entity's own token counts, as in Presidio
            while 0 <= i < len(lemmas) and remaining > 0:
                lemma = lemmas[i].lower()
                if lemma in keywords:
                    words.add(lemma)
                    remaining -= 1
                i += step
        return list(words)


def _load_backends(config: Config) -> list:
    backends = []
    if config.stanza_model_dir:
        from .backends import StanzaBackend

        backends.append(StanzaBackend(config.stanza_model_dir, lang=config.stanza_lang))
    if config.transformers_model:
        from .backends import TransformersBackend

        backends.append(TransformersBackend(config.transformers_model))
    return backends


# --- spaCy entities -------------------------------------------------------------------


def spacy_mentions(doc) -> list[Mention]:
    out: list[Mention] = []
    for ent in doc.ents:
        label = SPACY_LABELS.get(ent.label_)
        if label is None:
            continue
        start, end = ent.start_char, ent.end_char
        if label in ("DATE", "TIME"):
            label = _temporal_label(ent.text, label)
            if label is None:
                continue
        out.append(Mention(start, end, label, ("spacy",), score=0.85, confidence=2))
    return out


def _temporal_label(text: str, label: str) -> str | None:
    """spaCy's DATE covers dates, durations, ages and times: keep real dates, re-label ages."""
    if _AGE_IN_DATE.search(text):
        return "AGE"
    if _RELATIVE.match(text):
        return None
    if label == "TIME":
        return "TIME" if _CLOCK.search(text) else None
    if _ENDS_IN_UNIT.search(text) and not re.search(r"\b(?:1[89]|20)\d\d\b", text):
        return None  # "twenty-one years", "the last 24 months": durations
    if _DATE_WORD.search(text) or re.search(r"\b\d{4}\b|\d+/\d+", text):
        if _DURATION.match(text) and not re.search(r"\b(?:1[89]|20)\d\d\b", text) and not _DATE_WORD.search(text):
            return None
        return "DATE"
    return None


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


def _place_here(text: str, start: int, end: int) -> bool:
    """Whether a name part stands where a place does: ``Atlanta, Georgia``, ``moved to Georgia``."""
    from .gazetteer import place_category

    return bool(_PLACE_CONTEXT.search(text, max(0, start - 30), start)) and place_category(text[start:end]) is not None


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
            full = r"\b" + r"\s+(?:[A-Z]\.?\s+)?".join(re.escape(w) for w in words) + r"\b"
            for m in re.finditer(full, text, re.I):
                if not m.group(0).islower():
                    add(m.start(), m.end(), "PERSON")
        for word in words:
            parts.setdefault(word.casefold(), word)
    if parts:
        alternation = "|".join(re.escape(p) for p in sorted(parts, key=len, reverse=True))
        for m in re.finditer(rf"\b(?:{alternation})\b", text, re.I):
            if _case_ok(m.group(0), m.group(0).casefold(), text, m.start()) and not _place_here(text, m.start(), m.end()):
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
            for m in re.finditer(r"\b" + r"\s+".join(map(re.escape, value.split())) + r"\b", text, re.I):
                if label in ("ORGANIZATION", "LOCATION") and m.group(0).islower():
                    continue
                add(m.start(), m.end(), label)
    if header.cdcr_number:
        letters, digits = re.match(r"([A-Za-z]*)[\s-]*(\d*)", header.cdcr_number).groups()
        if digits:
            pattern = r"\b" + r"[\s-]?".join(map(re.escape, letters)) + r"[\s-]?" + re.escape(digits) + r"\b"
            for m in re.finditer(pattern, text, re.I):
                add(m.start(), m.end(), "CDCR_ID")
    return out


def speaker_tag_mentions(text: str, title_end: int = 0) -> list[Mention]:
    """Names inside speaker tags: ``PRESIDING COMMISSIONER RUFF:`` -> ``RUFF`` (source ``rule``).

    The title page (before ``title_end``) has headings like ``PANEL PRESENT:`` that are not tags.
    """
    out: list[Mention] = []
    for m in speaker_tags(text, title_end):
        tag = m.group("tag")
        words = list(_WORD.finditer(tag))
        names = [w for w in words if w.group(0).upper().strip(".") not in ROLE_WORDS]
        if not names:
            continue
        # the name is the run of non-role words at the end of the tag
        run = [names[-1]]
        for w in reversed(names[:-1]):
            if w.end() + 2 >= run[0].start() and all(x.group(0).upper().strip(".") not in ROLE_WORDS for x in [w]):
                between = tag[w.end() : run[0].start()]
                if between.strip():
                    break
                run.insert(0, w)
            else:
                break
        start = m.start("tag") + run[0].start()
        end = m.start("tag") + run[-1].end()
        out.append(Mention(start, end, "PERSON", ("rule",), score=1.0, confidence=1))
    return out


# --- reconciling detectors ----------------------------------------------------------------

#: Labels a gazetteer/head-noun rule recognizer gives more precisely than a statistical tagger.
_RULE_NAME_LABELS = frozenset({"ORGANIZATION", "LOCATION", "NRP"})
#: Labels of rule recognizers whose spans a statistical tagger never overrides.
_RULE_LABELS = _RULE_NAME_LABELS | {"SPELLED_NAME", "SPELLED_OUT_ITEM", "CDCR_ID", "PHONE_NUMBER", "EMAIL_ADDRESS", "URL"}
#: spaCy labels a rule name span overrides (``Golden Valley Trucking`` LOCATION, ``Asian Boyz``
#: NRP, ``Rollin' 60s Crips`` DATE, ``Pomona`` PERSON after ``in``).
_OVERRIDDEN_LABELS = frozenset({"PERSON", "LOCATION", "ORGANIZATION", "NRP", "DATE"})


def reconcile(mentions: Sequence[Mention]) -> list[Mention]:
    """Let rule spans win over the tagger's labels and bounds, and over title-page name parts inside them.

    A spaCy mention overlapping a span of a rule recognizer (names, spelled names, ids, contacts;
    source ``presidio``) loses the overlapping characters; what is left stands only if it
    still holds a capitalised word or a digit.  A title-page name part strictly inside such
    a span (``Jordan`` in ``Jordan High School``, ``King`` in ``10987 King Road``) is dropped.
    """
    rules = sorted((m.start, m.end) for m in mentions if m.sources == ("presidio",) and m.label in _RULE_LABELS)
    if not rules:
        return list(mentions)
    out: list[Mention] = []
    for m in mentions:
        overlapping = spans.overlapping(rules, m.start, m.end)
        if not overlapping:
            out.append(m)
        elif m.sources == ("spacy",) and m.label in _OVERRIDDEN_LABELS:
            out.extend(_outside_pieces(m, overlapping))
        elif m.sources == ("header",) and m.label == "PERSON" and any(
            s <= m.start and m.end <= e and (s, e) != (m.start, m.end) for s, e in overlapping
        ):
            continue
        else:
            out.append(m)
    return out


def _outside_pieces(m: Mention, taken: Sequence[tuple[int, int]]) -> list[Mention]:
    """The parts of ``m`` not covered by ``taken`` (no text check here: the filter trims them)."""
    return [replace(m, start=s, end=e) for s, e in spans.free_pieces(m.start, m.end, taken)]


# --- filtering --------------------------------------------------------------------------

_TRIM = " \t\r\n.,;:!?\"()[]{}-–—'’"
#: words before a number that hedge it and are not part of a time, age, height or date
_HEDGE = re.compile(
    r"(?:(?:around|approximately|approx\.|about|only|just|like|maybe|roughly|nearly|almost|over|under|at|by|"
    r"on|since|until|till|circa|in|of|barely|probably|already|exactly|precisely|some)\s+)+",
    re.I,
)
_DECADE_THE = re.compile(r"the\s+(?=(?:early\s+|mid\s*-?\s*|late\s+)?(?:['’]?\d0['’]?s|\d{4}['’]?s)\b)", re.I)
_LEADING_THE = re.compile(r"the\s+", re.I)
_THAT_YEAR = re.compile(r",?\s+(?:of\s+)?(?:that|the\s+same|the\s+following|the\s+next|last|this)\s+year$", re.I)
_NOT_A_YEAR = re.compile(r"^\d{4}$")


def _trim(text: str, start: int, end: int, label: str = "") -> tuple[int, int]:
    """Strip surrounding punctuation and space; keep brackets that are balanced inside the span,
    the final dot of ``p.m.``/``Jr.``, the inch mark of ``5'9"``, the apostrophe of ``'90s``."""
    while start < end and text[start] in _TRIM and not _keep_leading(text, start, end):
        start += 1
    while end > start and text[end - 1] in _TRIM and not _keep_trailing(text, start, end, label):
        end -= 1
    return start, end


def _keep_leading(text: str, start: int, end: int) -> bool:
    char = text[start]
    if char == "(":
        return ")" in text[start:end]
    if char in "'’":
        return bool(re.match(r"['’]\d0s\b", text[start:end]))  # '90s
    return False


def _keep_trailing(text: str, start: int, end: int, label: str) -> bool:
    char = text[end - 1]
    span = text[start:end]
    if char == ")":
        return "(" in span
    if char == ".":
        return _is_abbrev_end(text, start, end)
    if char in "\"'’" and label == "HEIGHT":
        return bool(re.search(r"\d['’′]\s?\d{1,2}(?:[\"”″]|['’]{2})$", span))
    if char in "'’" and label == "ORGANIZATION":
        return bool(re.search(r"\bRollin['’]$", span))
    return False


def _is_abbrev_end(text: str, start: int, end: int) -> bool:
    # keep the final dot of "p.m." / "a.m." / "Jr." / "Inc." / an initial
    return bool(re.search(r"(?:[ap]\.m|(?<![\w-])[A-Z]|\b(?:Jr|Sr|Inc|Corp|Co|St|Ave|Blvd|Rd|Dr|Ln|Ct|Pl))\.$", text[start:end], re.I))


def tighten(text: str, start: int, end: int, label: str) -> tuple[int, int]:
    """Bounds of a span by the annotation guidelines.

    Surrounding punctuation off (:func:`_trim`); for PERSON titles and possessives off;
    for TIME/AGE/HEIGHT/DATE hedges off (``around 5:45`` -> ``5:45``, ``only 37 years old``
    -> ``37 years old``); a ``the`` before a decade off (``the '90s`` -> ``'90s``);
    ``of that year`` off a DATE; a leading ``the`` off ORGANIZATION/LOCATION/NRP.
    """
    start, end = _trim(text, start, end, label)
    if label == "PERSON":
        start, end = lexicon.strip_titles(text, start, end)
    elif label in ("TIME", "AGE", "HEIGHT", "DATE"):
        hedge = _HEDGE.match(text, start, end)
        if hedge and hedge.end() < end and (label != "DATE" or not _LEADING_THE.match(text, hedge.end(), end)):
            start = hedge.end()
        if label == "DATE":
            decade = _DECADE_THE.match(text, start, end)
            if decade:
                start = decade.end()
            year = _THAT_YEAR.search(text, start, end)
            if year and year.start() > start:
                end = year.start()
    elif label in ("ORGANIZATION", "LOCATION", "NRP"):
        the = _LEADING_THE.match(text, start, end)
        if the and the.end() < end:
            start = the.end()
    return _trim(text, start, end, label)


def filter_mentions(
    text: str, mentions: Iterable[Mention], protected: Protected | None = None
) -> Iterator[Mention]:
    """Drop false positives (whitelist, titles, stop names) and tighten spans; see the paper §4.3.

    ``protected`` is the document's whitelist (:func:`anonymizer.spans.protect`): its terms and
    phrases are not masked; without it only the packaged whitelist applies to single spans.
    """
    protected = protected or Protected()
    for m in mentions:
        start, end = tighten(text, m.start, m.end, m.label)
        if end <= start:
            continue
        surface = text[start:end]
        trusted = bool({"header", "rule", "manual"} & set(m.sources))
        if not trusted:
            if protected.is_whitelisted(surface) or protected.contains(start, end):
                continue
            if m.label in ("PERSON", "LOCATION", "ORGANIZATION", "NRP") and not _plausible_name(surface, m.label):
                continue
            if m.label == "DATE" and _NOT_A_YEAR.match(surface) and not 1900 <= int(surface) <= 2049:
                continue  # "BPH 1073": a form number
        if (start, end) != (m.start, m.end):
            m = Mention(start, end, m.label, m.sources, m.score, m.confidence, m.entity)
        yield m


def _plausible_name(surface: str, label: str) -> bool:
    if not any(c.isupper() for c in surface):
        return False  # transcribers capitalise names and places
    if "\n" in surface:
        return False
    if label == "PERSON":
        if _HAS_DIGIT.search(surface):
            return False
        if surface.casefold() in lexicon.stop_names():
            return False
    return True
