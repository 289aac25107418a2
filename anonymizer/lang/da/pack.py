"""The Danish :class:`~anonymizer.lang.LanguagePack`. The pack finds and groups its mentions itself
(:mod:`anonymizer.lang.da.detect`, :mod:`anonymizer.lang.da.normalize`: the core's detection filters and
normalization still read English rules); its dates and ages are written by :mod:`anonymizer.lang.da.temporal`."""
from __future__ import annotations

from pathlib import Path
from types import MappingProxyType

from anonymizer.lang import LanguagePack
from anonymizer.lang.da import fold, temporal, vocabulary

_KEPT_DATE_WORDS = MappingProxyType({"DATE": frozenset(("den", "d", "og", "til", "fra", "i", "primo", "medio", "ultimo",
                                                       "måned", *vocabulary.SEASONS)),
                                     "AGE": frozenset(("år", "årig", "årige", "gammel", "gamle", "alder"))})


def _recognizers(config=None) -> list:
    from anonymizer.lang.da.recognizers import build_recognizers

    return build_recognizers()


def _analyze(text: str) -> tuple:
    """The Danish pass's mentions and entities of ``text``: the pack's rules, NER and re-scan, grouped."""
    from anonymizer.lang.da.detect import detect
    from anonymizer.lang.da.normalize import normalize

    return normalize(text, detect(text))


def _first_name_share(word: str) -> float:
    return 1.0 if vocabulary.is_first_name(word) else 0.0


def _surname_share(word: str) -> float:
    return 1.0 if vocabulary.is_surname(word) else 0.0


def _never(text: str, title_end: int = 0) -> bool:
    return False


PACK = LanguagePack(
    code="da",
    spacy_model=str(Path(__file__).resolve().parent / "model"),
    recognizers=_recognizers,
    vocabulary=vocabulary,
    months=(*vocabulary.MONTHS, *vocabulary.MONTH_ABBREVIATIONS),
    weekdays=vocabulary.WEEKDAYS,
    number_words=(*vocabulary.UNITS, *vocabulary.TEENS, *vocabulary.TENS),
    kept_date_words=_KEPT_DATE_WORDS,
    is_plain_word=vocabulary.is_common_word,
    first_name_share=_first_name_share,  # the lists know the name (names-dataset has no shares for Denmark)
    surname_share=_surname_share,
    truecase=lambda text, title_end=0, names=(): text,
    is_all_caps=_never,
    is_all_lower=_never,
    capitals=str.upper,
    speaker_tag=lambda text, pos: None,
    stop_words=vocabulary.STOP_WORDS,
    analyze=_analyze,
    temporal=temporal.temporal,
    variants=fold.variants,
    word_kind=vocabulary.word_kind,
    is_stop_word=vocabulary.is_stop_word,
)
