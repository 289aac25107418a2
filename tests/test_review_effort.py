"""The oracle reviewer of benchmarks/review_effort.py: reaches zero leaks, counts consistently, and its leak check bites."""
from __future__ import annotations

import pytest

from benchmarks import oracle

TEXT = "Mr. Kevin Richardson met Hotel Juliet 9479 in Fresno.\nRichardson left."
GOLD = oracle.gold_of([
    {"start": 4, "end": 20, "label": "PERSON", "entity_id": "p1"},
    {"start": 25, "end": 42, "label": "CDCR_ID", "entity_id": "c1"},
    {"start": 46, "end": 52, "label": "LOCATION", "entity_id": "l1"},
    {"start": 54, "end": 64, "label": "PERSON", "entity_id": "p1"},
])


def test_leak_runs_are_uncovered_letters_inside_gold():
    assert [(s, e) for s, e, _ in oracle.leak_runs(TEXT, GOLD, [])] == [(4, 20), (25, 42), (46, 52), (54, 64)]
    # the space between two masked parts leaks nothing; a missing part does
    covered = [(4, 9), (10, 20), (25, 37), (46, 52), (54, 64)]
    assert [(s, e) for s, e, _ in oracle.leak_runs(TEXT, GOLD, covered)] == [(38, 42)]
    assert oracle.leak_runs(TEXT, GOLD, [(0, 64)]) == []


@pytest.mark.slow
@pytest.mark.django_db
def test_oracle_reaches_zero_leaks_and_the_check_can_fail(pipeline, monkeypatch, django_user_model):
    from fixtures.generate import generate_hearing
    from review import pipelines, services
    from review.models import Corpus, Decision, ReviewStatus

    monkeypatch.setattr(pipelines, "get_pipeline", lambda config: pipeline)
    hearing = generate_hearing("effort_01", seed=3, words=2000, layout="new")
    gold = oracle.gold_of(hearing.annotations)
    user = django_user_model.objects.create_user("oracle", password="a-long-test-password")
    document = oracle.import_text(Corpus.objects.create(name="Effort"), hearing.name, hearing.text)
    assert oracle.leaks(document, gold), "nothing is accepted yet: every gold span leaks"

    result = oracle.review(document, hearing.annotations, user)

    assert result["leaks_after_phase1"] == 0 and result["leaks_final"] == 0
    assert result["pending_final"] == 0
    assert result["wrong_labels_final"] == 0 and result["wrong_groupings_final"] == 0
    assert result["mentions_to_read"] > 0 and result["actions_to_zero_leaks"] > 0
    for phase in oracle.PHASES:
        counts = result["actions"][phase]
        assert sum(counts[k] for k in oracle.KINDS) == counts["total"]
    assert result["actions_to_zero_leaks"] == result["actions"]["leaks"]["total"]
    # one counted action = one service call = one audit row
    actions = Decision.objects.filter(document=document, user=user).exclude(action__in=("take", "assign"))
    assert actions.count() == result["actions"]["leaks"]["total"] + result["actions"]["labels"]["total"]

    # the document can be marked done, and the independent check sees a deliberate leak
    document.refresh_from_db()
    document = services.submit(document.pk, document.version, user).document
    accepted = document.mentions.filter(status=ReviewStatus.ACCEPTED).order_by("start")
    victim = next(m for m in accepted if oracle.GoldIndex(document.text, gold).good(m.start, m.end))
    services.set_mention_status(document.pk, document.version, user, victim.pk, ReviewStatus.REJECTED)
    found = oracle.leaks(document, gold)
    assert found and all(victim.start <= s and e <= victim.end for s, e, _ in found)


def test_it_refuses_the_no_knowledge_baseline_outside_a_corpus_sequence(capsys):
    from benchmarks import review_effort

    with pytest.raises(SystemExit) as exit_info:
        review_effort.main(["--no-knowledge"])
    assert exit_info.value.code == 2
    assert "--no-knowledge compares a corpus sequence" in capsys.readouterr().err


def test_it_refuses_a_corpus_sequence_of_the_classic_generator_by_name(capsys):
    """The classic generator has no corpus mode: a clear usage error, not the generator's traceback."""
    from benchmarks import review_effort

    with pytest.raises(SystemExit) as exit_info:
        review_effort.main(["--corpus", "--profile", "classic"])
    assert exit_info.value.code == 2
    assert "--corpus needs --profile varied or heldout" in capsys.readouterr().err
