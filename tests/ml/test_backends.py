"""The transformers and Stanza backends on tiny hand-built models (see conftest.py)."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("torch")  # runs in .venv-ml (make test-ml)
pytest.importorskip("transformers")
pytest.importorskip("stanza")

from anonymizer.backends import BackendError, StanzaBackend, TransformersBackend, project_label, split_tag
from anonymizer.types import Config, Header, Transcript

TEXT = (
    "PRESIDING COMMISSIONER ROE: Mary Roe was born in Folsom.\n"
    "\n"
    "INMATE GARCIA: Zoë said José Garcia works for Corcoran State Prison \U0001f600 in San Francisco.\n"
    "   \n"
    "MS. ROE: the French inmate Josefina lives in Folsom; Marys said.\n"
)

EXPECTED = [  # (surface, label) in document order
    ("ROE", "PERSON"),
    ("Mary Roe", "PERSON"),
    ("Folsom", "LOCATION"),
    ("GARCIA", "PERSON"),
    ("Zoë", "PERSON"),
    ("José Garcia", "PERSON"),
    ("Corcoran State Prison", "ORGANIZATION"),
    ("San Francisco", "LOCATION"),
    ("ROE", "PERSON"),
    ("Josefina", "PERSON"),
    ("Folsom", "LOCATION"),
    ("Mary", "PERSON"),  # "Marys" = mary + ##s (O): token-level aggregation keeps "Mary"
]


def spans(text: str, mentions) -> list[tuple[str, str]]:
    return [(text[m.start : m.end], m.label) for m in sorted(mentions, key=lambda m: m.start)]


def expected_offsets(text: str, expected: list[tuple[str, str]]) -> list[tuple[int, int]]:
    """Offsets of each expected surface, searched left to right as whole words."""
    out, position = [], 0
    for surface, _ in expected:
        match = re.compile(rf"(?<!\w){re.escape(surface)}").search(text, position)
        assert match, surface
        out.append((match.start(), match.end()))
        position = match.end()
    return out


@pytest.fixture(scope="session")
def backend(ner_model_dir) -> TransformersBackend:
    return TransformersBackend(ner_model_dir)


# --- label mapping (pure functions) --------------------------------------------------------


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("O", ("O", None)),
        ("B-PER", ("B", "PER")),
        ("I-LOC", ("I", "LOC")),
        ("E-ORG", ("E", "ORG")),
        ("S-GPE", ("S", "GPE")),
        ("B_PERSON", ("B", "PERSON")),
        ("PER", ("I", "PER")),
        ("", ("O", None)),
    ],
)
def test_it_splits_bio_tags(tag, expected):
    assert split_tag(tag) == expected


@pytest.mark.parametrize(
    ("model_label", "expected"),
    [
        ("PER", "PERSON"),
        ("PERSON", "PERSON"),
        ("per", "PERSON"),
        ("LOC", "LOCATION"),
        ("GPE", "LOCATION"),
        ("FAC", "LOCATION"),
        ("ORG", "ORGANIZATION"),
        ("NORP", "NRP"),
        ("DATE", "DATE"),
        ("TIME", "TIME"),
        ("MISC", None),
        ("CARDINAL", None),
        ("WORK_OF_ART", None),
    ],
)
def test_it_maps_model_labels_to_project_labels(model_label, expected):
    assert project_label(model_label) == expected


# --- transformers ----------------------------------------------------------------------------


def test_it_finds_entities_at_exact_document_offsets(backend):
    mentions = backend.mentions(TEXT)
    assert spans(TEXT, mentions) == EXPECTED
    assert [(m.start, m.end) for m in sorted(mentions, key=lambda m: m.start)] == expected_offsets(TEXT, EXPECTED)


def test_it_marks_source_confidence_and_softmax_score(backend):
    mentions = backend.mentions(TEXT)
    assert mentions and all(m.sources == ("transformers",) and m.confidence == 2 for m in mentions)
    # each piece's logit is 4 against 0 for the 8 other tags: p = e^4 / (e^4 + 8)
    expected = round(2.718281828**4 / (2.718281828**4 + 8), 3)
    assert {m.score for m in mentions} == {expected}


def test_it_drops_misc_and_unknown_labels(backend):
    text = "the French said\n"
    assert backend.mentions(text) == []
    assert backend.mentions("the French Mary said\n")[0].label == "PERSON"


def test_it_aggregates_whole_words_with_first(ner_model_dir):
    first = TransformersBackend(ner_model_dir, aggregation="first")
    text = "Marys and Josefina said.\n"
    assert spans(text, first.mentions(text)) == [("Marys", "PERSON"), ("Josefina", "PERSON")]


def test_it_includes_combining_accents_that_the_tokenizer_strips(backend):
    text = "he said Jose\u0301 Garcia.\n"  # decomposed é
    assert spans(text, backend.mentions(text)) == [("Jose\u0301 Garcia", "PERSON")]


def test_it_windows_lines_longer_than_the_model(backend):
    words = ["the", "inmate", "Mary", "Roe", "was", "born", "in", "Folsom", "and", "José", "said", "."]
    line = " ".join(words * 12)  # 144 tokens against a model limit of 32 positions
    text = "MS. ROE: hi.\n" + line + "\n"
    assert len(backend.tokenizer(line)["input_ids"]) > 4 * 32
    got = spans(text, backend.mentions(text))
    assert got == [("ROE", "PERSON")] + [("Mary Roe", "PERSON"), ("Folsom", "LOCATION"), ("José", "PERSON")] * 12


@pytest.mark.parametrize("max_length", [6, 9, 17])
def test_it_gives_the_same_mentions_whatever_the_window(ner_model_dir, backend, max_length):
    small = TransformersBackend(ner_model_dir, max_length=max_length, stride=2)
    assert small.window == max_length - 2
    assert small.mentions(TEXT) == backend.mentions(TEXT)


def test_it_gives_the_same_mentions_whatever_the_batch_size(ner_model_dir):
    text = TEXT * 3
    one = TransformersBackend(ner_model_dir, batch_size=1).mentions(text)
    eight = TransformersBackend(ner_model_dir, batch_size=8).mentions(text)
    assert one == eight and len(one) == 3 * len(EXPECTED)


def test_it_returns_nothing_for_blank_text(backend):
    assert backend.mentions("") == []
    assert backend.mentions("\n \n\t\n") == []


def test_it_rejects_an_unknown_aggregation(ner_model_dir):
    with pytest.raises(ValueError, match="aggregation"):
        TransformersBackend(ner_model_dir, aggregation="max")


@pytest.mark.parametrize("cls", [TransformersBackend, StanzaBackend])
def test_it_reports_a_missing_model_directory(tmp_path, cls):
    missing = tmp_path / "nowhere"
    with pytest.raises(BackendError, match=re.escape(str(missing))):
        cls(str(missing))


def test_it_reports_an_invalid_model_directory(tmp_path):
    (tmp_path / "config.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(BackendError, match="transformers model not found"):
        TransformersBackend(str(tmp_path))


def test_it_runs_inside_the_whole_pipeline(ner_model_dir):
    from anonymizer.pipeline import Pipeline

    text = "PRESIDING COMMISSIONER SMITH: Mary Roe was born in Folsom.\nINMATE: Josefina said so.\n"
    analysis = Pipeline(Config(transformers_model=ner_model_dir)).run(Transcript(name="t", text=text, header=Header()))
    by_source = {text[m.start : m.end] for m in analysis.mentions if "transformers" in m.sources}
    assert {"Josefina", "Folsom"} <= by_source


# --- Stanza ------------------------------------------------------------------------------------

STANZA_TEXT = (
    "PRESIDING COMMISSIONER: Mary Roe was at Folsom on Monday at noon.\n"
    "\n"
    "INMATE: Zoë and José García \U0001f600 left Corcoran State Prison for San Quentin.\n"
    "  \t\n"
    "the Mexican man said fifty words in French near the Sierra Nevada.\n"
)
STANZA_EXPECTED = [
    ("Mary Roe", "PERSON"),
    ("Folsom", "LOCATION"),
    ("Monday", "DATE"),
    ("noon", "TIME"),
    ("Zoë", "PERSON"),
    ("José García", "PERSON"),
    ("Corcoran State Prison", "ORGANIZATION"),
    ("San Quentin", "LOCATION"),
    ("Mexican", "NRP"),
    ("Sierra Nevada", "LOCATION"),
]


@pytest.fixture(scope="session")
def stanza_backend(stanza_model_dir) -> StanzaBackend:
    return StanzaBackend(stanza_model_dir)


def test_it_maps_stanza_entities_to_document_offsets(stanza_backend):
    mentions = stanza_backend.mentions(STANZA_TEXT)
    assert spans(STANZA_TEXT, mentions) == STANZA_EXPECTED
    ordered = sorted(mentions, key=lambda m: m.start)
    assert [(m.start, m.end) for m in ordered] == expected_offsets(STANZA_TEXT, STANZA_EXPECTED)
    assert all(m.sources == ("stanza",) and m.confidence == 2 for m in mentions)


def test_it_gives_stanza_mentions_per_line_whatever_the_neighbours(stanza_backend):
    lines = STANZA_TEXT.splitlines(keepends=True)
    one_by_one = []
    offset = 0
    for line in lines:
        one_by_one += [(m.start + offset, m.end + offset, m.label) for m in stanza_backend.mentions(line)]
        offset += len(line)
    assert [(m.start, m.end, m.label) for m in stanza_backend.mentions(STANZA_TEXT)] == one_by_one


def test_it_returns_no_stanza_mentions_for_blank_text(stanza_backend):
    assert stanza_backend.mentions("") == []
    assert stanza_backend.mentions("\n\n  \n") == []


def test_it_reports_a_stanza_directory_without_the_language(stanza_model_dir):
    with pytest.raises(BackendError, match="stanza model not found"):
        StanzaBackend(stanza_model_dir, lang="xx")


def test_it_runs_stanza_inside_the_whole_pipeline(stanza_model_dir):
    from anonymizer.pipeline import Pipeline

    text = "PRESIDING COMMISSIONER SMITH: Mary Roe was at Folsom.\nINMATE: Zoë said so.\n"
    analysis = Pipeline(Config(stanza_model_dir=stanza_model_dir)).run(Transcript(name="t", text=text, header=Header()))
    assert "Zoë" in {text[m.start : m.end] for m in analysis.mentions if "stanza" in m.sources}
