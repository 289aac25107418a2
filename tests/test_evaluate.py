"""anonymizer.evaluate and ``manage.py evaluate``: expected numbers computed by hand."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from anonymizer.evaluate import (
    OVERALL,
    TAB_LABEL_MAP,
    EvaluationError,
    Span,
    evaluate,
    evaluate_paths,
    file_key,
    load_annotations,
    parse_label_map,
)

TEXT = "John Smith met Mary Roe in Fresno on May 5, 2020."


def span(text: str, surface: str, label: str, occurrence: int = 0, **extra) -> Span:
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(surface, start + 1)
    return Span(start, start + len(surface), label, preview=surface, **extra)


GOLD = [
    span(TEXT, "John Smith", "PERSON", entity_id="e1"),
    span(TEXT, "Mary Roe", "PERSON", entity_id="e2"),
    span(TEXT, "Fresno", "LOCATION"),
    span(TEXT, "May 5, 2020", "DATE"),
]
PRED = [
    span(TEXT, "John Smith", "PERSON"),  # exact
    span(TEXT, "Mary", "PERSON"),  # partial: "Roe" missed
    span(TEXT, "met", "PERSON"),  # false positive
    span(TEXT, "Fresno", "ORGANIZATION"),  # right span, wrong label
    span(TEXT, "May 5, 2020", "DATE"),  # exact
]


@pytest.fixture
def report():
    return evaluate({"a": GOLD}, {"a": PRED}, {"a": TEXT})


@pytest.mark.parametrize(
    ("label", "precision", "recall", "f1", "support"),
    [
        ("PERSON", 1 / 3, 1 / 2, 0.4, 2),
        ("LOCATION", 0.0, 0.0, 0.0, 1),
        ("ORGANIZATION", 0.0, 0.0, 0.0, 0),
        ("DATE", 1.0, 1.0, 1.0, 1),
        (OVERALL, 2 / 5, 2 / 4, 4 / 9, 4),
    ],
)
def test_it_scores_exact_spans_per_label(report, label, precision, recall, f1, support):
    score = report.spans[label]
    assert (score.precision, score.recall, score.gold_total) == (pytest.approx(precision), pytest.approx(recall), support)
    assert score.f1 == pytest.approx(f1)


@pytest.mark.parametrize(
    ("label", "precision", "recall", "support"),
    [
        ("PERSON", 3 / 4, 3 / 4, 4),  # John Smith Mary | met ; John Smith Mary | Roe
        ("LOCATION", 0.0, 0.0, 1),  # Fresno predicted only as ORGANIZATION
        ("ORGANIZATION", 0.0, 0.0, 0),
        ("DATE", 1.0, 1.0, 3),  # May 5 2020
        (OVERALL, 6 / 8, 6 / 8, 8),
    ],
)
def test_it_scores_tokens_per_label(report, label, precision, recall, support):
    score = report.tokens[label]
    assert (score.precision, score.recall, score.gold_total) == (pytest.approx(precision), pytest.approx(recall), support)


def test_it_scores_redaction_ignoring_labels(report):
    # gold tokens 8, all but "Roe" masked; predicted tokens 8, all but "met" inside gold
    assert (report.redaction.gold_found, report.redaction.gold_total) == (7, 8)
    assert (report.redaction.pred_correct, report.redaction.pred_total) == (7, 8)


def test_it_counts_non_whitespace_gold_characters_covered(report):
    # JohnSmith 9 + MaryRoe 7 + Fresno 6 + "May5,2020" 9 = 31; "Roe" (3) uncovered
    assert (report.chars_covered, report.chars_total) == (28, 31)
    assert report.char_coverage == pytest.approx(28 / 31)


def test_it_lists_entities_left_with_an_uncovered_mention(report):
    assert [(u.file, u.entity, u.label, u.uncovered, u.mentions) for u in report.uncovered] == [
        ("a", "e2", "PERSON", 1, 1)
    ]
    assert report.uncovered[0].offsets == ((15, 23),)


def test_it_groups_mentions_without_id_by_normalized_surface_form():
    text = "Ruff said RUFF. Mr. Roe left."
    gold = [span(text, "Ruff", "PERSON"), span(text, "RUFF", "PERSON"), span(text, "Roe", "PERSON")]
    pred = [span(text, "Ruff", "PERSON"), span(text, "Roe", "PERSON")]
    result = evaluate({"t": gold}, {"t": pred}, {"t": text})
    assert [(u.entity, u.uncovered, u.mentions, u.offsets) for u in result.uncovered] == [("PERSON#1", 1, 2, ((10, 14),))]


def test_it_handles_empty_predictions_without_dividing_by_zero():
    result = evaluate({"a": GOLD}, {}, {"a": TEXT})
    for score in (*result.spans.values(), *result.tokens.values(), result.redaction):
        assert (score.precision, score.recall, score.f1) == (0.0, 0.0, 0.0)
    assert (result.chars_covered, result.chars_total) == (0, 31)
    assert len(result.uncovered) == 4  # e1, e2, and Fresno and the date grouped by surface form
    assert result.files_without_prediction == ("a",)


def test_it_handles_empty_gold_and_predictions():
    result = evaluate({"a": []}, {"a": []}, {"a": TEXT})
    assert result.spans[OVERALL].f1 == 0.0
    assert result.char_coverage == 0.0
    assert "OVERALL" in result.to_text()


def test_it_uses_previews_when_no_text_is_given():
    with_text = evaluate({"a": GOLD}, {"a": PRED}, {"a": TEXT})
    without = evaluate({"a": GOLD}, {"a": PRED})
    assert without.to_dict() == with_text.to_dict()


def test_it_refuses_spans_without_text_or_matching_preview():
    with pytest.raises(EvaluationError, match="no text"):
        evaluate({"a": [Span(0, 4, "PERSON")]}, {"a": []})


def test_it_maps_labels_before_comparing():
    result = evaluate({"a": GOLD}, {"a": PRED}, {"a": TEXT}, label_map={"ORGANIZATION": "LOCATION"})
    assert (result.spans["LOCATION"].precision, result.spans["LOCATION"].recall) == (1.0, 1.0)
    assert "ORGANIZATION" not in result.spans


@pytest.mark.parametrize(
    ("items", "expected"),
    [
        (["LOC=LOCATION", "ORG=ORGANIZATION"], {"LOC": "LOCATION", "ORG": "ORGANIZATION"}),
        (["tab"], TAB_LABEL_MAP),
        (["tab", "AGE=QUANTITY"], {**TAB_LABEL_MAP, "AGE": "QUANTITY"}),
    ],
)
def test_it_parses_label_maps(items, expected):
    assert parse_label_map(items) == expected


@pytest.mark.parametrize("item", ["LOC", "=LOC", "LOC=", "nonsense"])
def test_it_refuses_bad_label_maps(item):
    with pytest.raises(EvaluationError):
        parse_label_map([item])


@pytest.mark.parametrize(
    ("name", "key"),
    [("hearing_01.txt", "hearing_01"), ("a/b/hearing_01.PDF", "hearing_01"), ("001-90973", "001-90973"), ("x.json", "x.json")],
)
def test_it_matches_files_on_their_stem(name, key):
    assert file_key(name) == key


def test_it_prints_a_table_and_hides_surface_forms_unless_asked(report):
    text = report.to_text()
    person = next(line for line in text.splitlines() if line.startswith("PERSON"))
    assert person.split() == ["PERSON", "0.333", "0.500", "0.400", "2", "0.750", "0.750", "0.750", "4"]
    assert "Mary" not in text and "15:23" in text
    assert "'Mary Roe'" in report.to_text(show_text=True)


def test_it_serializes_to_json_without_text_unless_asked(report):
    data = json.loads(json.dumps(report.to_dict()))
    assert data["span"]["OVERALL"]["support"] == 4 and data["char_coverage"]["covered"] == 28
    assert "preview" not in data["uncovered_entities"][0]
    assert report.to_dict(include_text=True)["uncovered_entities"][0]["preview"] == "Mary Roe"


# ---------------------------------------------------------------- files and the command


def write_seed(path, entries):
    path.write_text(json.dumps(entries), encoding="utf-8")
    return path


def seed_entries(name, spans, previews=True):
    annotations = [
        {"start": s.start, "end": s.end, "label": s.label, "preview": s.preview if previews else "", "entity_id": s.entity_id}
        for s in spans
    ]
    return [{"file": name, "annotations": annotations}]


def test_it_loads_seed_folders_and_texts(tmp_path):
    gold_dir, pred_dir = tmp_path / "gold", tmp_path / "pred"
    (pred_dir / "text").mkdir(parents=True)
    gold_dir.mkdir()
    write_seed(gold_dir / "gold.json", seed_entries("a.txt", GOLD))
    write_seed(pred_dir / "annotations.json", seed_entries("a", PRED, previews=False))  # text/a.txt needed
    (pred_dir / "text" / "a.txt").write_text(TEXT, encoding="utf-8")
    assert set(load_annotations(gold_dir)) == {"a"}
    result = evaluate_paths(gold_dir, pred_dir)
    assert result.to_dict() == evaluate({"a": GOLD}, {"a": PRED}, {"a": TEXT}).to_dict()


def test_it_refuses_predictions_made_on_another_text(tmp_path):
    for folder, text in (("gold", TEXT), ("pred", TEXT.replace("John", "Jon"))):
        (tmp_path / folder / "text").mkdir(parents=True)
        (tmp_path / folder / "text" / "a.txt").write_text(text, encoding="utf-8")
        write_seed(tmp_path / folder / "annotations.json", seed_entries("a", GOLD))
    with pytest.raises(EvaluationError, match="1 predicted text"):
        evaluate_paths(tmp_path / "gold", tmp_path / "pred")


@pytest.mark.parametrize(
    ("content", "message"),
    [("not json", "not a JSON file"), ('{"file": "a"}', "expected a list"), ('[{"file": "a"}]', "malformed")],
)
def test_it_reports_bad_annotation_files(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(EvaluationError, match=message):
        load_annotations(path)


TAB_TEXT = "Mr John Smith lives in Oslo. The Court found. John Smith appealed on 3 May 2001."


def tab_entity(surface, kind, entity_id, identifier, occurrence=0):
    s = span(TAB_TEXT, surface, kind, occurrence)
    return {
        "span_text": surface,
        "entity_type": kind,
        "start_offset": s.start,
        "end_offset": s.end,
        "entity_id": entity_id,
        "identifier_type": identifier,
    }


@pytest.fixture
def tab_files(tmp_path):
    doc = {
        "text": TAB_TEXT,
        "metadata": {"provenance": {"doc_id": "001-1"}},
        "entities": [
            tab_entity("John Smith", "PERSON", "e1", "DIRECT"),
            tab_entity("Oslo", "LOC", "e2", "QUASI"),
            tab_entity("Court", "ORG", "e3", "NO_MASK"),
            tab_entity("John Smith", "PERSON", "e1", "DIRECT", occurrence=1),
            tab_entity("3 May 2001", "DATETIME", "e4", "QUASI"),
        ],
    }
    gold = tmp_path / "tab.jsonl"
    gold.write_text(json.dumps(doc) + "\n\n", encoding="utf-8")
    pred = [
        span(TAB_TEXT, "John Smith", "PERSON"),  # first mention only
        span(TAB_TEXT, "Oslo", "LOCATION"),
        span(TAB_TEXT, "Court", "ORGANIZATION"),  # NO_MASK: should not have been masked
        span(TAB_TEXT, "3 May 2001", "DATE"),
    ]
    out = tmp_path / "out"
    (out / "text").mkdir(parents=True)
    (out / "text" / "001-1.txt").write_text(TAB_TEXT + "\n", encoding="utf-8")
    write_seed(out / "annotations.json", seed_entries("001-1", pred))
    return gold, out


def test_it_computes_tab_protection_metrics(tab_files):
    result = evaluate_paths(*tab_files, fmt="tab")
    assert result.tab.entity_recall == {"DIRECT": (0, 1), "QUASI": (2, 2)}  # John Smith's 2nd mention leaks
    masking = result.tab.masking
    assert (masking.pred_correct, masking.pred_total) == (6, 7)  # "Court" masked needlessly
    assert (masking.gold_found, masking.gold_total) == (6, 8)
    assert result.tab.no_mask_tokens == (1, 1)
    # label metrics use the must-mask spans and map our labels to TAB's
    assert (result.spans["PERSON"].precision, result.spans["PERSON"].recall) == (1.0, 0.5)
    assert (result.spans["ORG"].pred_total, result.spans["ORG"].gold_total) == (1, 0)
    assert result.spans["DATETIME"].f1 == 1.0


@pytest.mark.parametrize(
    ("gold_surface", "pred_surface", "protected"),
    [
        ("Mr John Smith", "John Smith", True),  # titles may stay visible (TAB's rule)
        ("John Smith's", "John Smith", True),
        ("Oslo, Norway", "Oslo", False),
        ("Oslo, Norway", "Norway", False),
        ("the city of Oslo", "city", False),
        ("the city of Oslo", "city of Oslo", True),
    ],
)
def test_it_applies_tabs_masking_rule(gold_surface, pred_surface, protected):
    text = f"Then {gold_surface} left."
    gold = [span(text, gold_surface, "PERSON", entity_id="e", identifier="DIRECT")]
    result = evaluate({"d": gold}, {"d": [span(text, pred_surface, "PERSON")]}, {"d": text}, tab=True)
    assert result.tab.entity_recall["DIRECT"] == (int(protected), 1)
    assert len(result.uncovered) == int(not protected)
    assert result.chars_covered < result.chars_total or gold_surface == pred_surface


def test_it_refuses_tab_predictions_on_another_text(tab_files):
    gold, out = tab_files
    (out / "text" / "001-1.txt").write_text("Something else entirely.", encoding="utf-8")
    with pytest.raises(EvaluationError, match="offsets do not align"):
        evaluate_paths(gold, out, fmt="tab")


def test_it_runs_the_evaluate_command(tab_files, tmp_path):
    out_json = tmp_path / "report.json"
    stdout = StringIO()
    call_command("evaluate", str(tab_files[0]), str(tab_files[1]), "--format", "tab", "--json", str(out_json), stdout=stdout)
    printed = stdout.getvalue()
    assert "DIRECT entity recall: 0.000 (0/1)" in printed and "John" not in printed
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["tab"]["entity_recall"]["QUASI"]["recall"] == 1.0
    assert data["uncovered_entities"] == [
        {"file": "001-1", "entity": "e1", "label": "PERSON", "uncovered": 1, "mentions": 2, "offsets": [[46, 56]]}
    ]


def test_it_shows_surface_forms_in_the_command_only_when_asked(tab_files):
    stdout = StringIO()
    call_command("evaluate", str(tab_files[0]), str(tab_files[1]), "--format", "tab", "--show-text", stdout=stdout)
    assert "'John Smith'" in stdout.getvalue()


def test_it_turns_evaluation_errors_into_command_errors(tmp_path):
    with pytest.raises(CommandError, match="no annotations.json"):
        call_command("evaluate", str(tmp_path), str(tmp_path))


def test_it_computes_tabs_official_token_scores(tab_files):
    """TAB's evaluation.py (NorskRegnesentral/text-anonymization-benchmark): recall counts the tokens of
    every mention of an entity to mask, a skip word ("Mr") counted as masked; precision counts a
    predicted token right when one must-mask gold mention holds it."""
    official = evaluate_paths(*tab_files, fmt="tab").tab.official
    assert (official.pred_correct, official.pred_total) == (6, 7)  # "Court" masked needlessly
    assert (official.gold_found, official.gold_total) == (6, 8)  # John Smith's 2nd mention leaks


@pytest.mark.parametrize(
    ("gold_surface", "pred_surface", "found", "total"),
    [
        ("Mr John Smith", "John Smith", 3, 3),  # "Mr" is a skip word: masked in TAB's count
        ("the city of Oslo", "city of Oslo", 4, 4),
        ("between 1 March 1998", "1 March 1998", 4, 4),
        ("Dr John Smith", "John Smith", 2, 3),  # "Dr" is no skip word
        ("Oslo, Norway", "Oslo", 1, 2),
    ],
)
def test_it_skips_tabs_skip_words_in_the_official_token_recall(gold_surface, pred_surface, found, total):
    text = f"Then {gold_surface} left."
    gold = [span(text, gold_surface, "PERSON", entity_id="e", identifier="QUASI")]
    result = evaluate({"d": gold}, {"d": [span(text, pred_surface, "PERSON")]}, {"d": text}, tab=True)
    assert (result.tab.official.gold_found, result.tab.official.gold_total) == (found, total)
    assert result.tab.masking.gold_total == total  # our own count: every token of the span, skip words missed


def test_it_counts_every_mention_of_an_entity_to_mask_in_the_official_recall():
    """An entity with one QUASI mention: its NO_MASK mentions count in TAB's token recall (not in ours)."""
    text = "Oslo is far. Oslo again."
    gold = [span(text, "Oslo", "LOC", entity_id="e", identifier="QUASI"),
            span(text, "Oslo", "LOC", 1, entity_id="e", identifier="NO_MASK")]
    result = evaluate({"d": gold}, {"d": [span(text, "Oslo", "LOCATION")]}, {"d": text}, tab=True)
    assert (result.tab.official.gold_found, result.tab.official.gold_total) == (1, 2)
    assert (result.tab.masking.gold_found, result.tab.masking.gold_total) == (1, 1)
