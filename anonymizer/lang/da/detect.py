"""The Danish pack's own detection, without the core's English stages: the trained NER's persons, places and
firms, the rule recognizers, and the seed's entity normalization (every name found is looked for again in the
whole text, whole and by its parts, æ/ø/å folded: "Lars Kold" finds "Kold" and "Lars K. Kold"). Read by
``benchmarks/quality.py --language da`` and by the core through the pack."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import regex as re

from . import vocabulary
from .fold import variants
from .recognizers import build_recognizers
from .recognizers.people import lower_case_names

MODEL = Path(__file__).resolve().parent / "model"
#: the NER's labels -> the project's
NER_LABELS = {"PER": "PERSON", "LOC": "LOCATION", "ORG": "ORGANIZATION"}


@dataclass(frozen=True, slots=True)
class Found:
    start: int
    end: int
    label: str
    source: str  # "rule", "spacy" or "rescan"


@lru_cache(maxsize=1)
def nlp():
    """The trained Danish pipeline (``model/``), loaded once."""
    import spacy

    return spacy.load(MODEL)


@lru_cache(maxsize=1)
def _recognizers():
    return tuple(build_recognizers())


def ner_spans(text: str) -> list[Found]:
    """The NER's entities without a role, a title or a greeting before the name ("Vidnet Mikkel ...", "Tak Kim"),
    no public body nor a court's seat, no span of ordinary words (inflected or compounded: "Hensigten",
    "Varebilen") alone at a sentence's start, nor of common words only anywhere when no list has one as a name."""
    found = []
    for ent in nlp()(text).ents:
        label = NER_LABELS.get(ent.label_)
        if label is None:
            continue
        start, words = ent.start_char, ent.text.split("\n")[0].rstrip().split(" ")  # one line, as every mention
        while words and (words[0].lower().rstrip(",:!") in _LEADING
                         or words[0].rstrip(".:") in vocabulary.HEADING_WORDS):
            start += len(words.pop(0)) + 1
        for i in range(1, len(words)):
            if words[i - 1].endswith(".") and len(words[i - 1]) > 3 and vocabulary.is_inflected_common_word(words[i]):
                words = words[:i]  # "Fynsk Blik & VVS ApS. Varebilen ...": the span ends with its sentence
                words[-1] = words[-1][:-1]
                break
        surface = " ".join(words).strip()
        if not surface or not surface[0].isupper() or vocabulary.is_public_body(surface) or \
                vocabulary.is_court_seat(text, start):
            continue  # "RETTEN I ODENSE": a court's seat, whatever label the tagger gives it
        if len(words) == 1 and (_ABBREVIATION.fullmatch(surface) and not vocabulary.is_name_part(surface[:-1])
                                or _NUMBER_WORD.fullmatch(surface)):
            continue  # "Tlf.", "Vedr.", "CPR-nr.": a word cut short, a number's name, no one's name
        if _ABBREVIATED_NOUN.fullmatch(surface) and vocabulary.is_common_word(surface.rsplit("-", 1)[1]):
            continue  # "AKT-lærer", "SFO-leder": an abbreviation glued to an ordinary noun, no one's name
        if len(words) == 1 and vocabulary.sentence_start(text, start) and (
                vocabulary.is_inflected_common_word(surface) or (
                    _IMPERATIVE_AFTER.match(text, start + len(surface))
                    and not (vocabulary.is_first_name(surface) or vocabulary.is_town(surface)))):
            continue  # "Påkrav blev sendt", "Hensigten var", "Ring til": an ordinary word opening the sentence
        if all(vocabulary.is_common_word(w.strip(".,")) for w in words) and (
                vocabulary.sentence_start(text, start) or (
                    not any(vocabulary.is_name_part(w) for w in words)
                    and not _PROPER_AFTER.search(text, max(0, start - 12), start))):
            continue
        found.append(Found(start, start + len(surface), label, "spacy"))
    return found


#: a capital and two or three small letters cut short with a dot ("Tlf.", "Vedr.")
_ABBREVIATION = re.compile(r"\p{Lu}\p{Ll}{1,3}\.")
#: a preposition right after a sentence's first word: the word is a verb ("Ring til", "Skriv til", "Klik på")
_IMPERATIVE_AFTER = re.compile(r"[ ](?:til|på|efter|ind|ud|op)[ ]")
#: a preposition before a capitalised common word mid-sentence: the word is a place's or a firm's name
_PROPER_AFTER = re.compile(r"(?<![\w])(?:i|på|fra|til|ved|hos|mod)[ ]$")
#: the name of a number ("CPR-nr.", "CVR-nummer", "P-nr")
_NUMBER_WORD = re.compile(r"\p{Lu}{1,4}-?(?i:nr|nummer)\.?")
#: capitals, a hyphen and a word in small letters ("AKT-lærer")
_ABBREVIATED_NOUN = re.compile(r"\p{Lu}{2,}-\p{Ll}+")
_ROLE_OR_TITLE = frozenset(w.lower() for w in (*vocabulary.ROLE_WORDS, *vocabulary.TITLE_WORDS))
#: the words stripped from the front of a tagger's span: a role, a title, a one-word greeting ("Tak Kim")
_LEADING = _ROLE_OR_TITLE | frozenset(w for w in vocabulary.GREETINGS if " " not in w)


def rule_spans(text: str) -> list[Found]:
    """The rule recognizers' spans, and the names written in small letters (:func:`lower_case_names`)."""
    found = []
    for recognizer in _recognizers():
        found.extend(Found(r.start, r.end, r.entity_type, "rule") for r in recognizer.analyze(text, []))
    found.extend(Found(start, end, "PERSON", "rule") for start, end in lower_case_names(text))
    return found


def rescan(text: str, found: list[Found]) -> list[Found]:
    """Every person's name (and each part of it that is no common word, three letters or more) and every
    firm found once, looked for everywhere (a genitive ``s`` and the ``aa``/``oe``/``ae`` spellings too)."""
    forms: dict[str, str] = {}
    for f in found:
        if f.label not in ("PERSON", "ORGANIZATION"):
            continue
        surface = text[f.start:f.end]
        forms.setdefault(surface, f.label)
        if f.label == "PERSON":
            for part in surface.split():
                part = part.strip(".,")
                if len(part) >= 3 and not vocabulary.is_common_word(part) and part.lower() not in _ROLE_OR_TITLE:
                    forms.setdefault(part, "PERSON")
    if not forms:
        return []
    spellings = sorted({v for form in forms for v in variants(form)}, key=len, reverse=True)
    label_of = {v: forms[form] for form in forms for v in variants(form)}
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(s) for s in spellings) + r")(?:s)?(?![\w-])",
                         re.IGNORECASE)
    out = []
    for m in pattern.finditer(text):
        word = m.group()
        key = next((s for s in (word, word[:-1]) if s.lower() in {k.lower() for k in label_of}), None)
        if key is None:
            continue
        if vocabulary.is_common_word(word) and (word.islower() or vocabulary.sentence_start(text, m.start())):
            continue  # "holm", "skov" in running text, "Hans" opening a sentence: words, not the name
        if vocabulary.is_court_seat(text, m.start()):
            continue  # "RETTEN I ODENSE": a court's seat is kept wherever the name is found
        label = next(v for k, v in label_of.items() if k.lower() == key.lower())
        out.append(Found(m.start(), m.end(), label, "rescan"))
    return out


def detect(text: str, use_ner: bool = True) -> list[Found]:
    """Rules, the NER (unless ``use_ner`` is off) and the rescan, overlapping spans kept as found."""
    found = rule_spans(text) + (ner_spans(text) if use_ner and MODEL.is_dir() else [])
    return found + rescan(text, found)
