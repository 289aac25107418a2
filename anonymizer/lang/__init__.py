"""Language packs: everything the pass knows about one language, behind one small interface.

The core stages (``pdf``, ``detect``, ``normalize``, ``pseudonymize``, ``leakgate`` ...) know no
language. What is English lives in ``anonymizer/lang/en/`` (its word lists and data files, name
evidence, number and calendar words, truecasing, the recognizers' patterns and context words, the
US transcript's speaker-tag grammar); another language is another folder beside it
(``anonymizer/lang/da/``) that builds a :class:`LanguagePack` and is named in :data:`PACKS`.

The pass's entry points (:class:`anonymizer.pipeline.Pipeline`, :class:`anonymizer.detect.Detector`)
obtain a language's spaCy pipeline and recognizers through :func:`pack` (``Config.language``).
English rules deeper in the stages still import ``anonymizer.lang.en`` modules by name; the
modules that may do so are listed in ``tests/test_architecture.py`` (``ENGLISH_RULES``).
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

if TYPE_CHECKING:
    from anonymizer.types import Config

#: language code -> the module whose ``PACK`` is that language's :class:`LanguagePack`
PACKS: Mapping[str, str] = MappingProxyType({"en": "anonymizer.lang.en.pack", "da": "anonymizer.lang.da.pack"})
DEFAULT = "en"
#: ``Config.language`` of a pass that guesses each document's language (:func:`guess`) and says which it used
AUTO = "auto"


class UnknownLanguage(ValueError):
    """A language code no pack is registered for (the message names the known ones)."""


@dataclass(frozen=True)
class LanguagePack:
    """What the core reads from one language. Callables keep heavy imports (spaCy, Presidio) lazy."""

    #: ISO 639-1 code, also the language Presidio's analyzer is asked for
    code: str
    #: the spaCy pipeline used when the caller names none (a package name or a local path)
    spacy_model: str
    #: ``recognizers(config)``: one instance of every rule recognizer of the language
    recognizers: Callable[["Config | None"], list]
    #: the language's word lists (months, weekdays, number words, titles, kin words ...): a module
    vocabulary: Any
    #: month and weekday names (full and abbreviated), as printed
    months: tuple[str, ...]
    weekdays: tuple[str, ...]
    #: number words (cardinals and ordinals), lower case
    number_words: tuple[str, ...]
    #: the words a pseudonymized DATE, TIME, AGE or HEIGHT keeps around its replaced values
    kept_date_words: Mapping[str, frozenset[str]]
    #: name evidence: is this capitalised word an ordinary word of the language (no name)?
    is_plain_word: Callable[[str], bool]
    #: share of the census' people with this first name / surname (0.0 when unknown)
    first_name_share: Callable[[str], float]
    surname_share: Callable[[str], float]
    #: ``truecase(text, title_end, names)``, and whether a text is typed in capitals / without any
    truecase: Callable[..., str]
    is_all_caps: Callable[[str, int], bool]
    is_all_lower: Callable[[str, int], bool]
    #: a text without capitals written in capitals, same length (how its title page is then read)
    capitals: Callable[[str], str]
    #: the transcript's speaker-tag grammar: ``speaker_tag(text, pos)`` is the tag opening that line
    speaker_tag: Callable[[str, int], "re.Match[str] | None"]
    #: the language's most frequent words that no other pack's language has (:func:`guess`)
    stop_words: frozenset[str] = frozenset()
    #: a pack whose own stages find and group the mentions (``analyze(text) -> (mentions, entities)``) instead
    #: of the core's detection and normalization, which still read English rules; None: the core's
    analyze: Callable[[str], tuple] | None = None
    #: ``temporal(label, surface)``: a DATE or an AGE with its values replaced as the language writes it; None:
    #: the core's (``pseudonymize.values``)
    temporal: Callable[[str, str], str] | None = None
    #: ``variants(name)``: the spellings of a name the leak gate also looks for ("Søren": "Soeren", "Soren")
    variants: Callable[[str], set[str]] | None = None
    #: ``boilerplate(text)``: the spans of printed boilerplate that propose nothing (a decision page's notice)
    boilerplate: Callable[[str], list[tuple[int, int]]] = lambda text: []
    #: ``word_kind(word)``: why a word names nobody ("a number word", "a weekday", "a month", "an ordinary English
    #: word"), or "" when it may be a name: what the review asks before such a word is accepted as a person
    word_kind: Callable[[str], str] = lambda word: ""
    #: ``is_stop_word(word)``: a small word that is never part of a name ("of", "the"; Danish "og", "den")
    is_stop_word: Callable[[str], bool] = lambda word: False
    #: ``sound_key(text)``: how a spelling sounds (``With field`` and ``Whitfield`` alike), for names a speech
    #: recognizer wrote another way (``anonymizer.speech.heard``); None: not heard alike
    sound_key: Callable[[str], str] | None = None

    def nlp(self, model: str | None = None):
        """The language's spaCy pipeline (``model``, else :attr:`spacy_model`) with only NER's components."""
        return load_spacy(model or self.spacy_model)


def pack(code: str = DEFAULT) -> LanguagePack:
    """The language pack of ``code`` (``"en"``); an unknown code is one clear error."""
    try:
        module = PACKS[code]
    except (KeyError, TypeError):
        raise UnknownLanguage(f"unknown language {code!r}: the language packs are {', '.join(sorted(PACKS))}") from None
    return importlib.import_module(module).PACK


def codes() -> Iterable[str]:
    return tuple(sorted(PACKS))


#: the share of a text's words a language's stop words must reach for :func:`guess` to name it
GUESS_THRESHOLD = 0.12
_WORD = re.compile(r"[^\W\d_]+")


def stop_word_shares(text: str, sample: int = 20_000) -> dict[str, float]:
    """Each pack's stop words as a share of the words of ``text``'s first ``sample`` characters."""
    words = [w.casefold() for w in _WORD.findall(text[:sample])]
    shares = {}
    for code in codes():
        stop = pack(code).stop_words
        shares[code] = sum(w in stop for w in words) / len(words) if words and stop else 0.0
    return shares


def guess(text: str) -> str:
    """The language of ``text`` by the cheap stop-word test: the pack whose stop words are the largest share of its
    words, if that reaches :data:`GUESS_THRESHOLD`; else :data:`DEFAULT`."""
    shares = stop_word_shares(text)
    best = max(sorted(shares), key=lambda code: shares[code])
    return best if shares[best] >= GUESS_THRESHOLD else DEFAULT


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
    from thinc.api import NumpyOps, get_current_ops, set_current_ops

    listened = {"ner", "tok2vec", "transformer"}  # NER and what it may listen to
    exclude = [name for name in _component_names(model) if name not in listened]
    # The models multiply with numpy's BLAS (OpenBLAS, one thread: ``anonymizer`` sets OPENBLAS_NUM_THREADS), not
    # blis: a model keeps the operations it was loaded under. blis picks its kernel by the CPU's model and falls back
    # to its generic C kernel on CPUs it does not know (AMD Zen 3 and 4: a fifth of a whole pass's CPU time went to
    # the NER's products there); OpenBLAS has kernels for them. The same sums in another order: the same entities over
    # the generated hearings, the real transcripts and TAB's judgments (docs/measurements.md, round 31).
    previous = get_current_ops()
    if type(previous) is NumpyOps:  # on the CPU (a GPU's or a platform's own operations stay)
        set_current_ops(NumpyOps(use_blis=False))
    try:
        nlp = spacy.load(model, exclude=exclude)  # the rest is never read from disk (start-up)
        keep = _needed_components(nlp)
        if exclude and not keep <= set(nlp.pipe_names):  # NER listens to another component: load it all
            nlp = spacy.load(model)
            keep = _needed_components(nlp)
    finally:
        set_current_ops(previous)
    nlp.select_pipes(enable=[name for name in nlp.pipe_names if name in keep])
    return nlp


def _component_names(model: str) -> list[str]:
    """The components a spaCy pipeline's ``meta.json`` lists (package name or folder); [] when unknown."""
    from pathlib import Path

    from spacy import util

    try:
        path = Path(model) if Path(model).exists() else util.get_package_path(model)
        meta = util.get_model_meta(path)
    except (OSError, ValueError, ImportError, ModuleNotFoundError):
        return []
    names = [*(meta.get("components") or meta.get("pipeline") or ()), *(meta.get("disabled") or ())]
    return [name for name in dict.fromkeys(names) if isinstance(name, str)]
