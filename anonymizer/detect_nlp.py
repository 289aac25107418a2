"""Detection plumbing: the one spaCy pass per document and the Presidio adapters sharing it.

See :mod:`anonymizer.detect`.
"""
from __future__ import annotations

import bisect
import copy

from presidio_analyzer.context_aware_enhancers import LemmaContextAwareEnhancer
from presidio_analyzer.nlp_engine import NlpArtifacts, SpacyNlpEngine

from .types import Config


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
        from .backends import StanzaBackend

        backends.append(StanzaBackend(config.stanza_model_dir, lang=config.stanza_lang))
    if config.transformers_model:
        from .backends import TransformersBackend

        backends.append(TransformersBackend(config.transformers_model))
    return backends
