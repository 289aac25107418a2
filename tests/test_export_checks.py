"""The export's detector re-run spread over the workers (review.export_checks): same outcome, each check once."""
from __future__ import annotations

import time

import pytest

from anonymizer import leakgate as core_gate
from review import export_checks, exporting, jobs
from review.models import DetectorCheck, Export
from tests.test_export import TEXT, admin, corpus, export_root, make_document, run  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db

LEAKY = TEXT + "INMATE RICHARDSON: My friend Jonathan Whitaker wrote to the board.\n"


class FakeRedis:
    """The three Redis calls the checks use (SET NX EX, GET, DELETE), expiring on the clock."""

    def __init__(self) -> None:
        self.data: dict[str, tuple[str, float | None]] = {}

    def _live(self, key):
        value = self.data.get(key)
        return value if value and (value[1] is None or value[1] > time.monotonic()) else None

    def set(self, key, value, nx=False, ex=None):
        if nx and self._live(key):
            return None
        self.data[key] = (value, time.monotonic() + ex if ex else None)
        return True

    def get(self, key):
        value = self._live(key)
        return value[0] if value else None

    def delete(self, *keys):
        for key in keys:
            self.data.pop(key, None)


class DeadRedis:
    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise ConnectionError("redis is down")
        return fail


@pytest.fixture
def detections(pipeline, monkeypatch):
    """Every detector run, by text."""
    seen: list[str] = []
    real = pipeline.detector.detect
    monkeypatch.setattr(pipeline.detector, "detect", lambda transcript, *a, **k: seen.append(transcript.text) or real(transcript, *a, **k))
    return seen


def corpus_of(corpus, count=4):
    for i in range(count):
        make_document(corpus, f"hearing-{i}", text=LEAKY if i % 2 else TEXT)
    return corpus


def test_it_checks_each_document_once_and_builds_the_gate_once_per_export(corpus, detections, monkeypatch):
    gates = []
    real = core_gate.Gate.__init__
    monkeypatch.setattr(core_gate.Gate, "__init__", lambda self, *a, **k: gates.append(1) or real(self, *a, **k))
    export = run(corpus_of(corpus))
    assert export.status == Export.Status.BLOCKED and {hit["kind"] for hit in export.leaks} >= {"detector"}
    assert len(detections) == 4 and len(gates) == 1


@pytest.mark.parametrize("helped", [[0, 1, 2, 3], [1, 3], []])
def test_it_spreads_the_checks_over_helper_jobs_with_the_same_outcome(corpus, admin, detections, monkeypatch, helped):
    corpus_of(corpus)
    alone = run(corpus, admin)
    detections.clear()
    store = FakeRedis()
    monkeypatch.setattr(export_checks, "shared", lambda export_id, token=None: export_checks.Checks(export_id, token, store))

    queued: list[int] = []

    def queue(self, document_ids):  # another worker gets to these documents first
        for document_id in document_ids:
            if len(queued) in helped:
                assert jobs.check_export_document(self.export_id, document_id, self.token) == "checked"
            queued.append(document_id)

    monkeypatch.setattr(export_checks.Checks, "queue", queue)
    DetectorCheck.objects.all().delete()  # the first run kept its checks: this one checks again
    shared = run(corpus, admin)
    assert (shared.status, shared.leaks) == (alone.status, alone.leaks)
    assert len(queued) == 4 and len(detections) == 4  # each document checked once, by a helper or by the export job
    assert store.data == {}  # the run's keys are gone


def test_it_checks_a_document_itself_when_a_helper_checked_another_text_or_died(monkeypatch):
    monkeypatch.setattr(export_checks, "POLL_SECONDS", 0.01)
    store = FakeRedis()
    checks = export_checks.Checks(7, "run", store)
    checks.save(1, export_checks.digest("another text"), [[0, 4, "PERSON"]])  # a helper read another version
    store.set(checks._key(2, "claim"), "1", nx=True, ex=0.3)  # a helper that died holding its claim
    checks.save(3, export_checks.digest("text 3"), [[5, 9, "PERSON"]])  # a helper's result for this very text
    ran = []

    def check(n):
        return lambda: ran.append(n) or [(n, n + 1, "CDCR_ID")]

    started = time.monotonic()
    hits = checks.hits_for([(n, f"text {n}", check(n)) for n in (1, 2, 3)])
    assert hits == {1: [(1, 2, "CDCR_ID")], 2: [(2, 3, "CDCR_ID")], 3: [(5, 9, "PERSON")]}
    assert sorted(ran) == [1, 2] and time.monotonic() - started >= 0.29  # waited for the claim to expire


def test_it_checks_every_document_itself_when_redis_fails():
    checks = export_checks.Checks(7, "run", DeadRedis())
    checks.queue([1, 2])
    assert checks.hits_for([(n, "t", lambda n=n: [(n, n, "PERSON")]) for n in (1, 2)]) == {1: [(1, 1, "PERSON")], 2: [(2, 2, "PERSON")]}


def test_it_skips_a_helper_job_of_an_export_no_longer_running(corpus, admin, detections, monkeypatch):
    export = run(corpus_of(corpus, 1), admin)
    detections.clear()
    store = FakeRedis()
    monkeypatch.setattr(export_checks, "shared", lambda export_id, token=None: export_checks.Checks(export_id, token, store))
    assert jobs.check_export_document(export.pk, export.documents.get().pk, "late") == "skipped"
    assert detections == [] and store.data == {}


SPOKEN = (
    "[00:00:03] speaker 1: okay we are on the record this is the parole hearing for mister [PERSON_1] [PERSON_2] "
    "and today is [MONTH] [DAY] [YEAR]\n"
    "[00:00:15] speaker 2: good morning i am the attorney for mister [PERSON_2] and i have read the file and the "
    "letters from his family\n"
    "[00:00:49] speaker 3: yes ma'am me and my cousin tunde okafor went to a party in fresno that night and we "
    "argued with a guy we did not know\n"
)


def test_it_reads_a_published_text_without_capitals_in_ordinary_case(pipeline):
    """The gate's detectors read a text written without capitals as the pass reads it: the name and the
    town the pass left in it are found (before: no finding at all), the tags and the words are not."""
    found = {SPOKEN[s:e] for s, e, *_ in export_checks.detector_hits(pipeline.detector, "hearing_0001", SPOKEN)}
    assert {"tunde okafor", "fresno"} <= found or {"tunde", "okafor", "fresno"} <= found, found
    assert not found & {"okay", "record", "party", "cousin", "PERSON_1", "[PERSON_2]"}


def test_it_reads_a_published_text_in_capitals_in_ordinary_case(pipeline):
    """Capitals: "I'VE LEARNED TO ASK FOR" was a finding that blocked the export."""
    text = ("PRESIDING COMMISSIONER [PERSON_1]: MR. [PERSON_2], WHAT HAVE YOU LEARNED IN THE GROUPS?\n"
            "INMATE [PERSON_2]: I'VE LEARNED TO ASK FOR HELP. I'VE SPENT A LOT OF TIME IN THE GROUPS AND I WILL "
            "FOR THE REST OF MY LIFE. MY COUSIN MARCUS OKAFOR WROTE A LETTER FROM FRESNO ABOUT IT.\n")
    found = {text[s:e] for s, e, *_ in export_checks.detector_hits(pipeline.detector, "hearing_0001", text)}
    assert not any("LEARNED" in f or "SPENT" in f for f in found), found
    assert any("OKAFOR" in f for f in found) and "FRESNO" in found, found
