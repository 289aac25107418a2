"""Detection plumbing: the one spaCy pass per document, its entities as mentions, and the Presidio
adapters sharing it.

See :mod:`anonymizer.detect`.
"""
from __future__ import annotations

import bisect
import copy
import re

from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer
from presidio_analyzer.nlp_engine import NlpArtifacts, SpacyNlpEngine

from anonymizer.lang import load_spacy  # noqa: F401 (the pass's loader, kept importable here)
from anonymizer.lang.en.recognizers.nicknamed import is_nicknamed_name
from anonymizer.lang.en.recognizers.time import is_recording_timestamp
from anonymizer.lang.en.transcript import speaker_tag
from anonymizer.lang.en.vocabulary import (
    MONTH_ABBREVIATIONS, MONTHS, PLACE_PARTICLE_LEADS, PLACE_PARTICLES, TEENS, TENS, UNITS, WEEKDAYS,
)
from anonymizer.types import TOOL_LABELS, Config, Mention

# spaCy label -> project label. CARDINAL, ORDINAL, QUANTITY, MONEY, PERCENT, LAW, WORK_OF_ART,
# EVENT, PRODUCT, LANGUAGE are not personal data here (the paper's "numerical values").
SPACY_LABELS = TOOL_LABELS
_MONTHS = [m.lower() for m in MONTHS + MONTH_ABBREVIATIONS]
_WEEKDAYS = [d.lower() for d in WEEKDAYS]
_DATE_WORD = re.compile(
    r"\b(?:" + "|".join(_MONTHS + _WEEKDAYS) + r")\b|\b(?:nineteen|two thousand|twenty)\b|'\d0s|\b\d0s\b",
    re.I,
)
_AGE_IN_DATE = re.compile(r"\b(?:years?|yrs?)[ -]old\b|\byear-old\b|\byears of age\b", re.I)
_DURATION = re.compile(
    r"^(?:the\s+)?(?:last|past|next|first|about|over|almost|nearly|around|another|only|just|some|"
    rf"a|an|{'|'.join(UNITS)}|ten|\d+|several|many|few|\d+\s*(?:to|-)\s*\d+)?"
    r"[\s-]*(?:\w+[\s-]+)?(?:years?|months?|weeks?|days?|hours?|decades?)\b",
    re.I,
)
_CLOCK = re.compile(r"\d:\d\d|\b\d{1,2}\s?(?:[ap]\.m\.|[ap]m\b)|o'clock", re.I)
_ENDS_IN_UNIT = re.compile(r"\b(?:years?|months?|weeks?|days?|hours?|minutes?|decades?)$", re.I)
_ONE_NUMBER_WORD = re.compile(rf"(?i:{'|'.join((*UNITS, *TEENS, *TENS))})")
_RELATIVE = re.compile(r"^(?:today|tomorrow|yesterday|now|tonight|this (?:morning|afternoon|evening))\b", re.I)


def parse(nlp, text: str, batch_size: int = 256):
    """Run spaCy once over ``text``: ``nlp.pipe`` over the lines, joined into one Doc.

    ``splitlines(keepends=True)`` keeps each line's break inside its doc, so the joined
    ``Doc.text`` equals ``text`` character for character (empty lines are single-token docs).
    Each distinct line is parsed once (a line's doc depends on its text only): a file of 100,000
    lines of one character, or of empty lines, took spaCy 0.2 ms a line.
    """
    from spacy.tokens import Doc

    lines = text.splitlines(keepends=True) or [text]
    distinct = list(dict.fromkeys(lines))
    parsed = dict(zip(distinct, nlp.pipe(distinct, batch_size=batch_size)))
    doc = Doc.from_docs([parsed[line] for line in lines], ensure_whitespace=False)
    if doc.text != text:  # pragma: no cover - guarded invariant
        raise RuntimeError("spaCy document text does not match the input text")
    return doc



class LoadedSpacyEngine(SpacyNlpEngine):
    """A Presidio NlpEngine over an already loaded spaCy pipeline (no second load)."""

    def __init__(self, nlp, language: str = "en") -> None:
        super().__init__(models=[{"lang_code": language, "model_name": nlp.meta.get("name", "loaded")}])
        self.nlp = {language: nlp}

    def load(self) -> None:  # already loaded
        return None

    def is_loaded(self) -> bool:
        return True


class IndexedArtifacts(NlpArtifacts):
    """Presidio's artifacts of our one spaCy Doc, indexed for fast context look-ups.

    No lemmatizer runs (NER does not need it): context words match lower-cased tokens.
    """

    def __init__(self, doc, nlp_engine: SpacyNlpEngine, language: str = "en") -> None:
        # each token's offset, length and lower-case form read as one array (``token.idx``, ``len(token)``,
        # ``token.lower_``), not through a Token object made for each token three times over
        from spacy.attrs import IDX, LENGTH, LOWER

        columns = doc.to_array([IDX, LENGTH, LOWER]).reshape(-1, 3).T.tolist()
        starts, lengths, lowers = columns if columns else ([], [], [])
        strings = doc.vocab.strings
        super().__init__(
            entities=list(doc.ents),
            tokens=doc,
            tokens_indices=starts,
            lemmas=[strings[key] for key in lowers],
            nlp_engine=nlp_engine,
            language=language,
        )
        self.token_ends = [start + length for start, length in zip(starts, lengths)]
        self.keyword_set = frozenset(self.keywords)

    @staticmethod
    def set_keywords(nlp_engine, lemmas: list[str], language: str) -> list[str]:
        """Presidio's keywords (``NlpArtifacts.set_keywords``, same list), with the vocabulary
        asked once per distinct lemma instead of twice per token."""
        if not nlp_engine:
            return []
        parts: dict[str, list[str]] = {}
        keywords: list[str] = []
        for lemma in lemmas:
            found = parts.get(lemma)
            if found is None:
                keep = not (nlp_engine.is_stopword(lemma, language) or nlp_engine.is_punct(lemma, language)
                            or lemma in ("-PRON-", "be"))
                found = parts[lemma] = lemma.lower().split(":") if keep else []
            keywords.extend(found)
        return keywords


class IndexedContextEnhancer(LemmaContextAwareEnhancer):
    """Presidio's lemma context enhancer with the same results, minus its quadratic scans.

    Presidio finds a result's token by scanning every token and tests each context word
    against a list: O(tokens) per result, which on a 15,000-word transcript with hundreds
    of results costs more than spaCy itself. With ``IndexedArtifacts`` the token is found by
    bisection over token end offsets and keywords are tested against a set.
    """

    def enhance_using_context(self, text, raw_results, nlp_artifacts, recognizers, context=None):
        """Presidio's enhancement on copies of the results, without its deep copy of them.

        Presidio deep-copies every result with its explanation (a tenth of the detection
        time on a long hearing); the enhancement only changes a result's score and its
        explanation, so a copy of those two keeps the input results untouched just the same.
        """
        results = []
        for result in raw_results:
            result = copy.copy(result)
            result.analysis_explanation = copy.copy(result.analysis_explanation)
            results.append(result)
        return list(super().enhance_using_context(text, _Copied(results), nlp_artifacts, recognizers, context))

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


class _Copied(list):
    """A list of results copied already: Presidio's ``copy.deepcopy`` of it returns it as is."""

    def __deepcopy__(self, memo):
        return self


def _load_backends(config: Config) -> list:
    backends = []
    if config.stanza_model_dir:
        from anonymizer.backends import StanzaBackend

        backends.append(StanzaBackend(config.stanza_model_dir, lang=config.stanza_lang))
    if config.transformers_model:
        from anonymizer.backends import TransformersBackend

        backends.append(TransformersBackend(config.transformers_model))
    return backends


# --- spaCy entities -------------------------------------------------------------------


def spacy_mentions(doc) -> list[Mention]:
    """spaCy's entities; one that runs over the colon of a speaker tag (``McDONALD: Understood``)
    is cut there into the tag part and the utterance part, one that runs over a sentence's end
    (``meth.  So``) there."""
    out: list[Mention] = []
    text = None  # Doc.text joins every token: built once, and only when a span holds a colon or is a time
    for ent in doc.ents:
        label = SPACY_LABELS.get(ent.label_)
        if label is None:
            continue
        start, end = ent.start_char, ent.end_char
        party = _PEOPLE_V.match(ent.text)
        if party and party.end() < len(ent.text):  # "People v. Hollingsworth": the defendant, a person
            start, label = start + party.end(), "PERSON"
        elif label != "PERSON" and is_nicknamed_name(ent.text):
            label = "PERSON"  # 'Terrence "C-Loc" Givens' taken for a firm
        elif _CODE.fullmatch(ent.text):
            label = "ID"  # "HVT-20887": a number with its letters, no firm
        if label in ("ORGANIZATION", "LOCATION"):
            end = _particle_tail(doc, ent.end, end)
        if label in ("DATE", "TIME"):
            label = _temporal_label(ent.text, label)
            if label is None:
                continue
            if label == "TIME":
                text = doc.text if text is None else text
                if is_recording_timestamp(text, start, end):
                    continue  # "[00:00:44] SPEAKER 1: tell me about the night": where a recording is, not when
        lone_quote = sum(map(ent.text.count, '"“”')) % 2 == 1
        if ":" not in ent.text and not _SENTENCE_END.search(ent.text) and not lone_quote:
            out.append(Mention(start, end, label, ("spacy",), score=0.85, confidence=2))
            continue
        text = doc.text if text is None else text
        for tagged in _cut_at_speaker_tag(text, start, end):
            for piece in _cut_at_sentence_ends(text, *tagged):
                for part in (_cut_at_quote(text, *piece) if lone_quote else [piece]):
                    out.append(Mention(*part, label, ("spacy",), score=0.85, confidence=2))
    return out


def _cut_at_quote(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The words of a span either side of a quote it opens without closing (``Kevin "K-Dog`` of ``Kevin "K-Dog"
    Sutton``): a name and the nickname after it, two pieces."""
    pieces = []
    for match in re.finditer(r"[^\s\"“”]+(?:[ ][^\s\"“”]+)*", text[start:end]):
        pieces.append((start + match.start(), start + match.end()))
    return pieces


#: a code of capitals and digits that is no CDCR number's shape (``HVT-20887``; ``T-31262`` is the CDCR recognizer's),
#: or a file's number after its year (``DA 2004-117733``: no date)
_CODE = re.compile(r"[A-Z]{3,4}-?\d{3,}|[A-Z]{1,2}-?(?:\d{3}|\d{7,})|(?:19|20)\d\d-\d{5,}")
#: the prosecuting side of a criminal case's name, before the defendant's (``People v. Hollingsworth``)
_PEOPLE_V = re.compile(r"(?:The[ ])?(?:People|State)[ ]v(?:s)?\.?[ ]+")


def _particle_tail(doc, after: int, end: int) -> int:
    """The end of a tagger's organization or place with the particles and the capitalised words after
    it that it left out ("Casa" of "Casa de la Esperanza"): one space between each."""
    i = after
    while i < len(doc) and doc[i].lower_ in PLACE_PARTICLES and doc[i - 1].whitespace_ == " ":
        i += 1
    if i == after or doc[after].lower_ not in PLACE_PARTICLE_LEADS:
        return end
    first = i
    while i < len(doc) and i - first < 3 and doc[i - 1].whitespace_ == " " and doc[i].is_alpha and doc[i].text[0].isupper():
        i += 1
    return end if i == first else doc[i - 1].idx + len(doc[i - 1].text)


#: a sentence ending on a lower-case word inside a span (``meth.  So``; not ``St. Louis``, ``J. R.``),
#: a gap between printed columns or lines (``DESMOND RAY OKAFOR      CDCR Number``) or a spaced dash
#: (``BOARD OF PAROLE HEARINGS - DOCUMENTATION HEARING``), or a capital's full stop before a pronoun or an article
#: (``Facility B. Your cellie``)
_SENTENCE_END = re.compile(r"(?:\b[a-z]{2,}[.?!](\s+)|(?<=\S)([ ]{3,}|[ ]*[\t\n]\s*|[ ]+[-–—]+[ ]+)"
                           r"|(?<=\b[A-Z][.])(\s+)(?=(?:Your|The|He|She|We|They|My|It|This|That|There|I)\b))(?=\S)")


def _cut_at_sentence_ends(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The pieces of a tagger's span that runs over the end of a sentence (``using meth.  So was``)
    or over a gap between columns or lines, or a spaced dash."""
    cuts = [m.span(m.lastindex) for m in _SENTENCE_END.finditer(text, start, end)]
    bounds = [start, *(p for cut in cuts for p in cut), end]
    return [(a, b) for a, b in zip(bounds[::2], bounds[1::2]) if b > a]


def _cut_at_speaker_tag(text: str, start: int, end: int) -> list[tuple[int, int]]:
    if ":" not in text[start:end]:
        return [(start, end)]
    tag = speaker_tag(text, text.rfind("\n", 0, start) + 1)
    if tag is None or not start < tag.end() < end:
        return [(start, end)]
    return [(start, tag.end()), (tag.end(), end)]


def _temporal_label(text: str, label: str) -> str | None:
    """spaCy's DATE covers dates, durations, ages and times: keep real dates, re-label ages."""
    if _AGE_IN_DATE.search(text):
        return "AGE"
    if _RELATIVE.match(text):
        return None
    if label == "TIME":
        return "TIME" if _CLOCK.search(text) else None
    if _ONE_NUMBER_WORD.fullmatch(text.strip()):
        return None  # "Kaden is twenty": an age or a count, no year said with one word
    if _ENDS_IN_UNIT.search(text) and not re.search(r"\b(?:1[89]|20)\d\d\b", text):
        return None  # "twenty-one years", "the last 24 months": durations
    if _DATE_WORD.search(text) or re.search(r"\b\d{4}\b|\d+/\d+", text):
        if _DURATION.match(text) and not re.search(r"\b(?:1[89]|20)\d\d\b", text) and not _DATE_WORD.search(text):
            return None
        return "DATE"
    return None
