"""An oracle reviewer: knows the gold annotations and reviews a document with the service layer only.

Shared by ``benchmarks/review_effort.py`` and ``tests/test_review_effort.py``. Every change
to a document goes through a public function of ``review.services`` (called as
``services.X`` so a later split of the module into a package that re-exports the same
names keeps working); one call is one action a person would take in the review screen.
Reads (the mention list, ``find_occurrences``) are free: they are what the screen shows.

Definitions
-----------
* **leak**: a letter or digit inside a gold annotation that no *accepted* mention covers
  (white space and punctuation between two masked parts leak nothing). Computed from the
  database rows by :func:`leaks`, independently of the oracle's own bookkeeping.
* **right labels and entities**: every accepted mention that overlaps gold carries the
  label of the gold annotation it overlaps most; no entity holds mentions of two gold
  referents (``entity_id``); the mentions of one gold ``(entity_id, label)`` share one entity.
  One referent may keep several labels in one entity (the automatic pass puts a spelled name
  in its person's entity, as the gold does) or be split into one entity per label (a merge
  or a move gives mentions the target entity's label, so a person cannot build a
  mixed-label entity by hand). Boundaries are not judged: the service layer cannot resize
  a mention, and an over-long accepted mention leaks nothing.

Policy
------
Phase 1, to zero leaks (what a careful person does with the screen): read every pending
mention (counted as "mentions to read", not as actions: stepping through or scrolling
past every line is what unlocks "accept the rest"), then

1. per entity with bad pending mentions (a mention is *good* when it overlaps a gold
   letter): reject the entity when none is good; else reject its bad mentions one by one,
   or reject the entity and accept its good mentions one by one when that is cheaper;
2. record the reading progress (``services.mark_read``, not an action) and "accept the
   rest" (``services.accept_rest``, one action) when anything is still pending;
3. every gold run still leaking is added with ``add_mentions`` together with the other
   occurrences that ``find_occurrences`` offers (exact and fuzzy) and that are gold runs of
   the same label still leaking, one action per add, into the existing entity of that gold
   referent when there is one.

Phase 2, to right labels and entities (continuing), counted separately: relabel entities
whose accepted mentions mostly carry another gold label; merge entities of one referent and
label; then per mention: move it to the entity of its referent and label, split it out (or
relabel it, which joins or creates an entity of that label) when there is none, relabel it
in place when only its label is wrong. Unnumbered labels (DATE, TIME, AGE, HEIGHT: every
one gets the same tag, ``anonymizer.pseudonymize.UNNUMBERED_LABELS``) are judged on their
label only: how they are grouped into entities changes nothing in the export, and the
screen groups them per label anyway.
"""
from __future__ import annotations

import bisect
import inspect
import os
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from anonymizer.pseudonymize import UNNUMBERED_LABELS

KINDS = (
    "entity_accept", "entity_reject", "mention_accept", "mention_reject", "bulk_accept", "bulk_reject", "add",
    "relabel", "merge", "move_split", "move_many", "other",
)
PHASES = ("leaks", "labels")

# Public service functions the policy knows about (reads and workflow, not counted as review
# work except where called). Any other public callable found in ``review.services`` is
# reported by :func:`unknown_services`, so a new bulk action does not go unnoticed.
KNOWN_SERVICES = frozenset({
    "set_mention_status", "set_entity_status", "relabel_mention", "relabel_entity", "move_mention",
    "split_mention", "move_surface", "move_mentions", "surface_forms", "merge_entities", "rename_tag", "add_mentions", "find_occurrences", "whitelist_term",
    "whitelist_matches", "undo", "submit", "approve", "send_back", "assign", "take_next", "create_documents",
    "mark_queued", "apply_analysis", "header_of", "record", "ensure_corpus", "config_from_settings",
    "normalize_tag", "accept_pending", "accept_rest", "mark_read", "reading", "pending_under",
    "note_reading", "only_own_since", "word_steps", "page_stamp", "reading_ranges", "seen_now", "unseen_count",
    "accept_known_from_corpus", "reject_rejected_before", "restore_dismissed", "add_comment", "resolve_comment",
    "resubmitted_unchanged",
})


def setup_django(database_url: str | None = None) -> str:
    """Configure a standalone Django (DEBUG, throw-away SQLite, inline jobs) and migrate."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")
    os.environ.pop("REDIS_URL", None)
    os.environ["JOBS_MODE"] = "inline"  # the automatic pass runs in the caller, before the review
    url = database_url or f"sqlite:///{tempfile.mkdtemp(prefix='review-effort-')}/effort.sqlite3"
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    return url


# ---------------------------------------------------------------------------------- gold


@dataclass(frozen=True)
class Gold:
    start: int
    end: int
    label: str
    entity_id: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.entity_id, self.label)


def gold_of(annotations: list[dict]) -> list[Gold]:
    return sorted(
        (Gold(a["start"], a["end"], a["label"], a["entity_id"]) for a in annotations), key=lambda g: (g.start, g.end)
    )


def leak_runs(text: str, gold: list[Gold], accepted: list[tuple[int, int]]) -> list[tuple[int, int, Gold]]:
    """Maximal runs of leaking letters/digits inside each gold annotation: ``(start, end, gold)``.

    A run spans from its first to its last uncovered letter/digit within one line and
    contains no covered character.
    """
    covered = bytearray(len(text) + 1)
    for s, e in accepted:
        covered[s:e] = b"\x01" * (e - s)
    runs: list[tuple[int, int, Gold]] = []
    for g in gold:
        i = g.start
        while i < g.end:
            if covered[i] or not text[i].isalnum():
                i += 1
                continue
            j, last = i, i
            while j < g.end and not covered[j] and text[j] != "\n":
                if text[j].isalnum():
                    last = j
                j += 1
            runs.append((i, last + 1, g))
            i = j
    return runs


def leaks(document, gold: list[Gold]) -> list[tuple[int, int, Gold]]:
    """Leaking runs of a stored document, from its accepted mention rows (independent check)."""
    from review.models import Mention, ReviewStatus

    accepted = list(
        Mention.objects.filter(document_id=document.pk, status=ReviewStatus.ACCEPTED).values_list("start", "end")
    )
    text = type(document).objects.values_list("text", flat=True).get(pk=document.pk)
    return leak_runs(text, gold, accepted)


class GoldIndex:
    """Which gold annotation a span overlaps most; which characters are gold letters."""

    def __init__(self, text: str, gold: list[Gold]) -> None:
        self.gold = gold
        self.starts = [g.start for g in gold]
        self.letter = bytearray(len(text) + 1)
        for g in gold:
            for i in range(g.start, g.end):
                if text[i].isalnum():
                    self.letter[i] = 1

    def overlapping(self, start: int, end: int) -> list[Gold]:
        i = bisect.bisect_left(self.starts, end)
        out = []
        for g in self.gold[max(0, i - 40):i]:  # gold spans are short and barely nest
            if g.start < end and start < g.end:
                out.append(g)
        return out

    def best(self, start: int, end: int) -> Gold | None:
        hits = self.overlapping(start, end)
        if not hits:
            return None
        return max(hits, key=lambda g: (min(end, g.end) - max(start, g.start), -g.start))

    def good(self, start: int, end: int) -> bool:
        return any(self.letter[start:end])


# ---------------------------------------------------------------------------------- actions


@dataclass
class Tally:
    counts: dict[str, Counter] = field(default_factory=lambda: {p: Counter() for p in PHASES})

    def total(self, phase: str) -> int:
        return sum(self.counts[phase].values())

    def as_dict(self) -> dict:
        return {p: {k: self.counts[p][k] for k in KINDS} | {"total": self.total(p)} for p in PHASES}


@dataclass(frozen=True)
class Row:
    pk: int
    start: int
    end: int
    label: str
    entity_id: int
    status: str


class OracleReviewer:
    """Reviews one document to zero leaks (phase 1), then to right labels and entities (phase 2)."""

    def __init__(self, document, gold: list[Gold], user) -> None:
        from review import services  # noqa: F401  (fail early outside Django)

        self.document_id = document.pk
        document.refresh_from_db(fields=["version", "text"])
        self.version = document.version
        self.text = document.text
        self.gold = gold
        self.index = GoldIndex(self.text, gold)
        self.user = user
        self.tally = Tally()
        self.phase = "leaks"
        self.log: list[tuple[str, str, str]] = []  # (phase, kind, service name)
        self.details: list[str] = []  # with ``describe``: each action in words (surfaces, entities)
        self.describe = False

    # ------------------------------------------------------------------ plumbing
    def act(self, kind: str, name: str, *args, **kwargs):
        """One action: ``services.<name>(document_id, version, user, *args)``, counted as ``kind``."""
        from review import services

        if self.describe:
            self.details.append(f"{self.phase} {kind} {describe(self, name, args)}")
        outcome = getattr(services, name)(self.document_id, self.version, self.user, *args, **kwargs)
        self.version = outcome.document.version
        self.tally.counts[self.phase][kind] += 1
        self.log.append((self.phase, kind, name))
        return outcome

    def rows(self) -> list[Row]:
        from review.models import Mention

        return [Row(*r) for r in Mention.objects.filter(document_id=self.document_id).order_by("start").values_list(
            "pk", "start", "end", "label", "entity_id", "status")]

    def entity_labels(self) -> dict[int, str]:
        from review.models import Entity

        return dict(Entity.objects.filter(document_id=self.document_id).values_list("pk", "label"))

    # ------------------------------------------------------------------ phase 1
    def review_to_zero_leaks(self) -> None:
        from review import services
        from review.models import ReviewStatus

        self.phase = "leaks"
        self._corpus_knowledge()
        by_entity: dict[int, list[Row]] = defaultdict(list)
        for r in self.rows():
            if r.status == ReviewStatus.PENDING:
                by_entity[r.entity_id].append(r)
        for entity_id, rows in by_entity.items():
            good = [r for r in rows if self.index.good(r.start, r.end)]
            bad = [r for r in rows if not self.index.good(r.start, r.end)]
            if not bad:
                continue  # "accept the rest" covers it
            if not good or 1 + len(good) < len(bad):
                self.act("entity_reject", "set_entity_status", entity_id, ReviewStatus.REJECTED)
                for r in good:
                    self.act("mention_accept", "set_mention_status", r.pk, ReviewStatus.ACCEPTED)
            else:
                for r in bad:
                    self.act("mention_reject", "set_mention_status", r.pk, ReviewStatus.REJECTED)
        services.mark_read(self.document_id, self.user, self.text.count("\n") + 1)  # read to the end
        if any(r.status == ReviewStatus.PENDING for r in self.rows()):
            self.act("bulk_accept", "accept_rest")
        self._add_missed()

    def _corpus_knowledge(self) -> None:
        """Restore the corpus's dismissals the gold contradicts (one action); reject every mention
        marked "rejected before" (one action) when the gold says none of them is personal data.

        Mentions known from the corpus are left to the one "accept the rest" after reading:
        accepting them first ("accept all known from the corpus") would be one more action
        that saves none, since this reviewer reads every line and accepts the rest once. A
        wrong known mention is rejected in the main pass like any other wrong proposal.
        """
        from review.constants import CorpusMark
        from review.models import Mention, ReviewStatus

        marks = dict(Mention.objects.filter(document_id=self.document_id).exclude(corpus_mark="")
                     .values_list("pk", "corpus_mark"))
        if not marks:
            return
        rows = self.rows()
        wrong = [r.pk for r in rows if marks.get(r.pk) == CorpusMark.DISMISSED and r.status == ReviewStatus.REJECTED
                 and self.index.good(r.start, r.end)]
        if wrong:
            self.act("other", "restore_dismissed", wrong)
        before = [r for r in rows if marks.get(r.pk) == CorpusMark.REJECTED_BEFORE and r.status == ReviewStatus.PENDING]
        if before and not any(self.index.good(r.start, r.end) for r in before):
            self.act("bulk_reject", "reject_rejected_before")
        known = [r for r in rows if marks.get(r.pk) in (CorpusMark.KNOWN, CorpusMark.LABEL)
                 and r.status == ReviewStatus.PENDING]
        dismissed = [r for r in rows if marks.get(r.pk) == CorpusMark.DISMISSED]
        self.corpus_stats = {"known": len(known), "known_wrong": sum(not self.index.good(r.start, r.end) for r in known),
                             "dismissed": len(dismissed), "dismissed_restored": len(wrong),
                             "rejected_before": len(before)}

    def _add_missed(self) -> None:
        from review import services
        from review.models import ReviewStatus

        guard = 0
        while True:
            rows = self.rows()
            accepted = [(r.start, r.end) for r in rows if r.status == ReviewStatus.ACCEPTED]
            runs = leak_runs(self.text, self.gold, accepted)
            if not runs:
                return
            guard += 1
            if guard > 5000:
                raise RuntimeError("oracle: adding missed mentions does not converge")
            start, end, g = runs[0]
            spans_all = sorted((r.start, r.end) for r in rows)
            if any(s < end and start < e for s, e in spans_all):
                # a decided mention overlaps the leak without covering it (cannot happen with
                # this policy: every mention overlapping a gold letter is accepted)
                raise RuntimeError(f"oracle: leak {start}:{end} overlaps an existing mention")
            leaking = {(s, e): gg for s, e, gg in runs}
            spans = [(start, end)]
            for occ in services.find_occurrences(self.text, self.text[start:end], spans_all):
                other = leaking.get((occ.start, occ.end))
                if other is not None and other.label == g.label and not any(
                    s < occ.end and occ.start < e for s, e in spans
                ):
                    spans.append((occ.start, occ.end))
            entity = self._entity_for(g.key, rows)
            self.act("add", "add_mentions", sorted(spans), g.label, entity)

    def _entity_for(self, key: tuple[str, str], rows: list[Row]) -> int | None:
        """The entity already holding most accepted mentions of this gold key (with its label)."""
        from review.models import ReviewStatus

        labels = self.entity_labels()
        votes: Counter = Counter()
        for r in rows:
            if r.status != ReviewStatus.ACCEPTED or labels.get(r.entity_id) != key[1]:
                continue
            g = self.index.best(r.start, r.end)
            if g is not None and g.key == key:
                votes[r.entity_id] += 1
        return votes.most_common(1)[0][0] if votes else None

    # ------------------------------------------------------------------ phase 2
    def review_to_right_labels(self, max_rounds: int = 4) -> None:
        """Relabel entities, merge entities of one referent and label, then fix single mentions."""
        self.phase = "labels"
        # 1. relabel an entity when most of its accepted gold mentions have a wrong label and
        #    share the right one (an entity that mixes labels correctly, like a person with
        #    a spelled name, is left alone: relabelling it would give every mention one label)
        labels = self.entity_labels()
        totals = self._votes(lambda g: g.label)
        for entity_id, wrong in self._votes(lambda g: g.label, only_wrong=True).items():
            best, n = max(wrong.items(), key=lambda kv: (kv[1], -list(wrong).index(kv[0])))
            if best != labels[entity_id] and 2 * n > sum(totals[entity_id].values()):
                self.act("relabel", "relabel_entity", entity_id, best)
        # 2. merge entities of one referent with the same label (a merge gives every moved
        #    mention the target's label, so only sources whose mentions all have that label)
        referent = self._referents()
        labels = self.entity_labels()
        gold_labels = self._votes(lambda g: g.label)
        groups: dict[tuple[str, str], list[int]] = defaultdict(list)
        for entity_id, eid in referent.items():
            groups[(eid, labels[entity_id])].append(entity_id)
        for (eid, label), entities in groups.items():
            if len(entities) < 2 or label in UNNUMBERED_LABELS:
                continue
            entities.sort(key=lambda e: (-sum(gold_labels[e].values()), e))
            target = entities[0]
            for source in entities[1:]:
                if set(gold_labels[source]) <= {label}:
                    self.act("merge", "merge_entities", source, target)
        # 3. per round: mentions in an entity of another referent moved in one action when several
        #    go to one entity (benchmarks/oracle_regroup.py), then single mentions: in an entity
        #    of another referent, or with a wrong label
        from benchmarks.oracle_regroup import regroup

        for _ in range(max_rounds):
            if not regroup(self) + self._fix_mentions():
                break

    def _fix_mentions(self) -> int:
        from review.models import ReviewStatus

        done = 0
        referent = self._referents()
        labels = self.entity_labels()
        rows = [r for r in self.rows() if r.status == ReviewStatus.ACCEPTED]
        homes = self._homes(rows, referent, labels)
        for r in rows:
            g = self.index.best(r.start, r.end)
            if g is None:
                continue
            if g.label in UNNUMBERED_LABELS:  # grouping changes nothing: only the label counts
                if r.label != g.label:
                    self.act("relabel", "relabel_mention", r.pk, g.label)
                    done += 1
                continue
            home = homes.get(g.key)
            if r.entity_id == home and r.label == g.label:
                continue
            if r.entity_id == home or (home is not None and labels[home] != g.label and
                                        referent.get(r.entity_id) == g.entity_id):
                # right entity, wrong label: relabel in place when the entity has that label
                if r.label != g.label:
                    self.act("relabel", "relabel_mention", r.pk, g.label)
                    done += 1
                continue
            if home is not None and labels[home] == g.label:
                self.act("move_split", "move_mention", r.pk, home)
            elif r.label == g.label:
                self.act("move_split", "split_mention", r.pk)  # a new entity with the mention's label
            else:
                self.act("relabel", "relabel_mention", r.pk, g.label)  # joins or creates an entity of that label
            done += 1
            if home is None:
                return done  # a new home appeared: recompute before the next mention
        return done

    def _homes(self, rows: list[Row], referent: dict[int, str], labels: dict[int, str]) -> dict[tuple, int]:
        """Gold key -> the entity of that referent holding most of its mentions (ties: the entity's label fits)."""
        counts: dict[tuple, Counter] = defaultdict(Counter)
        for r in rows:
            g = self.index.best(r.start, r.end)
            if g is not None and referent.get(r.entity_id) == g.entity_id:
                counts[g.key][r.entity_id] += 1
        return {
            key: max(c, key=lambda e: (labels[e] == key[1], c[e], -e)) for key, c in counts.items()
        }

    def _votes(self, of, only_wrong: bool = False) -> dict[int, Counter]:
        """Entity -> Counter of ``of(gold)`` over its accepted gold mentions (or those with a wrong label)."""
        from review.models import ReviewStatus

        votes: dict[int, Counter] = defaultdict(Counter)
        for r in self.rows():
            g = self.index.best(r.start, r.end) if r.status == ReviewStatus.ACCEPTED else None
            if g is not None and not (only_wrong and r.label == g.label):
                votes[r.entity_id][of(g)] += 1
        return votes

    def _referents(self) -> dict[int, str]:
        """Entity -> the gold referent (entity_id) most of its accepted mentions belong to."""
        return {e: max(c, key=lambda k: (c[k], -list(c).index(k))) for e, c in self._votes(lambda g: g.entity_id).items()}

    # ------------------------------------------------------------------ checks
    def wrong_labels_and_entities(self) -> tuple[int, int]:
        """(accepted gold mentions with a wrong label, wrong groupings).

        A wrong grouping is an entity holding mentions of two gold referents, or a gold
        ``(entity_id, label)`` whose mentions are spread over several entities. One referent
        may keep several labels in one entity (the automatic pass puts a spelled name in its
        person's entity) or one entity per label.
        """
        from review.models import ReviewStatus

        wrong_label = 0
        entity_referents: dict[int, set] = defaultdict(set)
        key_entities: dict[tuple, set] = defaultdict(set)
        for r in self.rows():
            g = self.index.best(r.start, r.end) if r.status == ReviewStatus.ACCEPTED else None
            if g is None:
                continue
            wrong_label += r.label != g.label
            if g.label in UNNUMBERED_LABELS:
                continue
            entity_referents[r.entity_id].add(g.entity_id)
            key_entities[g.key].add(r.entity_id)
        wrong_grouping = sum(len(v) > 1 for v in entity_referents.values()) + sum(
            len(v) > 1 for v in key_entities.values())
        return wrong_label, wrong_grouping


def describe(reviewer: OracleReviewer, name: str, args: tuple) -> str:
    """One action in words, read before it runs: mentions by surface, entities by name and label."""
    from review.models import Entity, Mention

    def mention(pk: int) -> str:
        m = Mention.objects.select_related("entity").get(pk=pk)
        g = reviewer.index.best(m.start, m.end)
        gold = f" (gold {g.label} {g.entity_id})" if g else " (not gold)"
        return f"{reviewer.text[m.start:m.end]!r} {m.label} in {entity(m.entity_id)}{gold}"

    def entity(pk) -> str:
        if pk is None:
            return "a new entity"
        e = Entity.objects.get(pk=pk)
        return f"<{e.name} {e.label} #{e.pk}>"

    if name in ("set_mention_status", "relabel_mention", "split_mention"):
        return f"{name} {mention(args[0])} {' '.join(map(str, args[1:]))}"
    if name == "move_mention":
        return f"{name} {mention(args[0])} -> {entity(args[1])}"
    if name == "move_mentions":
        return f"{name} [{'; '.join(mention(pk) for pk in args[0])}] -> {entity(args[1])}"
    if name == "move_surface":
        return f"{name} {args[1]!r} of {entity(args[0])} -> {entity(args[2])}"
    if name in ("merge_entities",):
        return f"{name} {entity(args[0])} -> {entity(args[1])}"
    if name in ("set_entity_status", "relabel_entity"):
        return f"{name} {entity(args[0])} {args[1]}"
    if name == "add_mentions":
        return f"{name} {[reviewer.text[s:e] for s, e in args[0]]} {args[1]} -> {entity(args[2])}"
    return name


def unknown_services() -> list[str]:
    """Public callables of ``review.services`` this oracle does not know (candidate new bulk actions)."""
    from review import services

    names = []
    for name in dir(services):
        obj = getattr(services, name)
        if name.startswith("_") or not inspect.isfunction(obj):
            continue
        if getattr(obj, "__module__", "").startswith("review") and name not in KNOWN_SERVICES:
            names.append(name)
    return names


# ---------------------------------------------------------------------------------- one hearing


def import_text(corpus, name: str, text: str):
    """Upload one text file through the service layer and run the automatic pass (inline)."""
    from review import jobs, services

    documents, errors = services.create_documents(corpus, [(f"{name}.txt", text.encode("utf-8"))])
    if errors:
        raise RuntimeError(f"upload refused: {errors}")
    document = documents[0]
    jobs.enqueue_analysis(document)
    document.refresh_from_db()
    if document.status not in ("ready", "in_review"):
        raise RuntimeError(f"automatic pass ended {document.status}: {document.failure_reason}")
    if document.text != text:
        raise RuntimeError(f"{name}: the imported text differs from the generated text; gold offsets would be off")
    return document


def pending_count(document) -> int:
    from review.models import ReviewStatus

    return document.mentions.filter(status=ReviewStatus.PENDING).count()


def review(document, annotations: list[dict], user, describe: bool = False) -> dict:
    """Run both phases on an imported document; returns the numbers (raises nothing on leaks).

    ``describe``: also return each action in words (``details``: surfaces and entity names, secret
    in real data; for the generated hearings only)."""
    gold = gold_of(annotations)
    document.refresh_from_db()
    start_pending = pending_count(document)
    entities = document.entities.count()
    oracle = OracleReviewer(document, gold, user)
    oracle.describe = describe
    oracle.review_to_zero_leaks()
    leaking = leaks(document, gold)
    after_leaks = oracle.tally.total("leaks")
    oracle.review_to_right_labels()
    wrong_label, wrong_grouping = oracle.wrong_labels_and_entities()
    return {
        "title": document.title,
        "words": document.word_count,
        "gold_mentions": len(gold),
        "gold_entities": len({g.entity_id for g in gold}),
        "mentions_to_read": start_pending,
        "entities": entities,
        "actions": oracle.tally.as_dict(),
        "actions_to_zero_leaks": after_leaks,
        "leaks_after_phase1": len(leaking),
        "leaks_final": len(leaks(document, gold)),
        "pending_final": pending_count(document),
        "wrong_labels_final": wrong_label,
        "wrong_groupings_final": wrong_grouping,
        "version": oracle.version,
        "corpus": getattr(oracle, "corpus_stats", {}),
        "details": oracle.details,
    }
