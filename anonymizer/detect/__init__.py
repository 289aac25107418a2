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

The steps live in their own modules: :mod:`~anonymizer.detect.nlp` (the spaCy pass and the
Presidio adapters), :mod:`~anonymizer.detect.seeds` (spaCy entities, title page, speaker tags)
and :mod:`~anonymizer.detect.filter` (reconciling, tightening, filtering).
"""
from __future__ import annotations

import re
from functools import cached_property

from presidio_analyzer import AnalyzerEngine, RecognizerRegistry

from anonymizer import lang, spans
from anonymizer.detect import tagger_persons
from anonymizer.detect.document import cut_at_speaker_labels, drop_document_subjects, extend_legal_forms, extend_url_brackets, split_case_captions, drop_item_letters, drop_prefixed_words, confirmed_ages, roster_mentions, extend_age_lists, join_age_ranges, join_saints, repeated_times, split_firms_after_persons
from anonymizer.detect.filter import drop_sentence_openers, filter_mentions, reconcile, tighten
from anonymizer.leakgate import text as leakgate_text
from anonymizer.detect.nlp import (
    IndexedArtifacts,
    IndexedContextEnhancer,
    LoadedSpacyEngine,
    SPACY_LABELS,
    _load_backends,
    _temporal_label,
    load_spacy,
    parse,
    spacy_mentions,
)
from anonymizer.detect.seeds import (
    certificate_mentions,
    header_mentions,
    name_parts,
    speaker_tag_mentions,
    split_name_mentions,
)
from anonymizer.spans import Protected
from anonymizer.types import Config, Mention, Progress, Transcript, no_progress

__all__ = [
    "SPACY_LABELS", "Detector", "IndexedArtifacts", "IndexedContextEnhancer", "LoadedSpacyEngine", "_temporal_label",
    "filter_mentions", "header_mentions", "load_spacy", "name_parts", "parse", "reconcile", "spacy_mentions",
    "speaker_tag_mentions", "split_name_mentions", "tighten",
]  # fmt: skip


class Detector:
    """Holds the loaded models; ``detect`` is called once per document."""

    def __init__(self, config: Config = Config()) -> None:
        self.config = config
        self.language = lang.pack(config.language)
        # Config.spacy_model names English's by default: another language's pack loads its own
        self.nlp = self.language.nlp(config.spacy_model if config.language == lang.DEFAULT else None)
        self.backends = _load_backends(config)

    @cached_property
    def analyzer(self):
        """Presidio's engine with the project's recognizers and the already loaded spaCy model."""
        code = self.language.code
        registry = RecognizerRegistry(recognizers=self.language.recognizers(self.config), supported_languages=[code])
        return AnalyzerEngine(
            registry=registry,
            nlp_engine=LoadedSpacyEngine(self.nlp, code),
            supported_languages=[code],
            context_aware_enhancer=IndexedContextEnhancer(),
        )

    def detect(
        self, transcript: Transcript, progress: Progress = no_progress, protected: Protected | None = None
    ) -> tuple[Mention, ...]:
        """Filtered mentions of every detector; ``protected`` (found here when not given) is the
        document's whitelist, computed once per document by the caller."""
        text = transcript.text
        if protected is None:
            protected = protect_document(transcript, self.config.whitelist_terms, self.config.language)
        progress("spacy", 0.0)
        doc = parse(self.nlp, text, self.config.batch_size)
        progress("spacy", 0.5)
        mentions: list[Mention] = []
        mentions += header_mentions(text, transcript.header, transcript.title_end)
        mentions += speaker_tag_mentions(text, transcript.title_end)
        mentions += certificate_mentions(text)
        if self.config.use_spacy:
            mentions += spacy_mentions(doc)
        if self.config.use_presidio:
            mentions += self.presidio_mentions(text, doc)
        progress("presidio", 0.7)
        for backend in self.backends:
            mentions += backend.mentions(text)
        progress("filter", 0.8)
        mentions = cut_at_speaker_labels(text, mentions)  # "Lacey: Basically": the label's name only
        mentions = split_firms_after_persons(text, mentions)  # "Nora Quill Delta Verbatim Reporting": the person
        mentions = split_case_captions(text, mentions)  # "Quill v. Her Majesty": each party apart
        kept = drop_sentence_openers(text, list(filter_mentions(text, reconcile(mentions, text), protected)))
        kept = drop_document_subjects(text, kept)  # "the Post Office" of an inquiry about it
        kept = extend_legal_forms(text, kept)  # "Lake Works, Incorporated": the company's legal form too
        kept = extend_url_brackets(text, kept)  # "...?cas=['3984']": the address's query in brackets too
        kept = drop_prefixed_words(text, kept)  # "pre-Ledger": no one's name
        kept = drop_item_letters(text, kept)  # "Exhibit A" / "No, a as in Alpha": the exhibit's letter
        kept = join_saints(text, kept)  # "St." "Lawrence County": one place
        kept = join_age_ranges(text, kept)  # "six or seven": one age
        kept = extend_age_lists(text, kept)  # "19, 27, 33 and 38": four ages
        kept = confirmed_ages(text, kept)  # "she was 91?" / "Just 91, yes.": the same age
        kept = repeated_times(text, kept)  # "reconvene at 11.35" / "11.35, everybody": the same time
        kept = tagger_persons.whole_names(text, kept)  # "Mehmet" of the tagger's "Ali Ege"
        kept = tagger_persons.beside_persons(text, kept)  # "Arnulfo" "Reyes-Bocanegra", "Itzel and Xochitl"
        kept = tagger_persons.particle_surnames(text, kept)  # "Eusebia Bustamante" "de Villarreal"
        kept += roster_mentions(text, kept)  # "Eoin Wrafter 31 / Commissioner / Town of Cortlandt"
        kept += split_name_mentions(text, transcript.title_end)  # pieces like "one" the filter would drop
        return tuple(tagger_persons.first_name_pairs(text, kept))

    def presidio_mentions(self, text: str, doc) -> list[Mention]:
        artifacts = IndexedArtifacts(doc, self.analyzer.nlp_engine, self.language.code)
        results = self.analyzer.analyze(
            text=text, language=self.language.code, nlp_artifacts=artifacts, score_threshold=self.config.presidio_min_score
        )
        return [
            Mention(r.start, r.end, r.entity_type, ("presidio",), score=round(float(r.score), 3), confidence=2)
            for r in results
            if r.end > r.start
        ]


def protect_document(transcript: Transcript, extra: tuple[str, ...] = (), language: str = lang.DEFAULT) -> Protected:
    """The document's whitelist (:func:`anonymizer.spans.protect`) plus the hearing's type printed on
    its title page (``SUBSEQUENT PAROLE CONSIDERATION HEARING``, ``CALIFORNIA BOARD OF PAROLE
    HEARINGS``): a heading, never personal data, so no tagger's span and no re-scan hit inside it.
    Text written like the export's tags (``[PERSON_1]``, ``[MONTH]``: label words and numbers,
    :func:`anonymizer.leakgate.text.written_tag`) is protected too: a tag, never a URL or a person;
    a name in brackets (``[RICHARDSON]``, ``[Maria Lopez]``) is not a tag and is read as text. The language's
    printed boilerplate (``LanguagePack.boilerplate``: the Board's notice on a CDCR decision page) proposes nothing."""
    protected = spans.protect(transcript.text, extra).with_ranges(leakgate_text.written_tags(transcript.text))
    protected = protected.with_ranges(lang.pack(language).boilerplate(transcript.text))
    header = transcript.header
    if header is None or not header.hearing_type:
        return protected
    pattern = r"\s+".join(map(re.escape, header.hearing_type.split()))
    return protected.with_ranges(m.span() for m in re.finditer(pattern, transcript.text[: transcript.title_end], re.I))

