"""Corpus knowledge: what a corpus learned from its reviewed documents, applied to new ones.

* :func:`learn` (``knowledge_learning``, re-exported; :func:`learn_if_changed` calls it) rebuilds
  :class:`KnownForm` rows from the decisions in documents marked done or approved; only trusted
  entries are applied.
  Knowledge never crosses corpora.
* :func:`apply` runs after the automatic pass (``importing.apply_analysis``): every
  occurrence of a known form becomes (or marks) a mention at certainty 1 with source
  ``corpus`` and ``corpus_mark="known"``, left **pending** so a person confirms them with
  one action (:func:`accept_known_from_corpus`); a pending automatic mention of a form
  rejected in at least two documents and never accepted, or standing in a kind of context
  (``knowledge_learning.context_kind``: label, class of the words beside it) where its form
  was rejected in at least two documents and never accepted, is rejected with
  ``corpus_mark="dismissed"`` (visible under its filter, restorable with
  :func:`restore_dismissed`) unless another detector supports it here (:func:`support`),
  then it stays pending with ``corpus_mark="conflict"``; a pending automatic mention of a form
  rejected before but below a dismissal (one document), with nothing supporting it here, stays
  pending with ``corpus_mark="rejected"`` for one action (:func:`reject_rejected_before`), and a
  known name is never created or marked where its form was rejected before and never accepted;
  learned grouping: ``knowledge_groups``.
  One ``corpus_apply`` Decision lists what was created, marked, grouped, dismissed, marked rejected before.

A dismissed mention is rejected, so it does not count as pending: a document can be marked
done with dismissals in it, because each one is shown (panel A struck through and marked,
panel B filter "dismissed by the corpus") and a person can restore it (undoable).
"""
from __future__ import annotations

import hashlib
import re
from collections import defaultdict

from django.core.cache import cache
from django.db import transaction

from anonymizer.lang.en import lexicon, plain
from anonymizer.spans import sentence_initial

from ..constants import WORKFLOW_ACTIONS, Action, CorpusMark, ReviewStatus
from ..models import Corpus, Decision, Document, Entity, KnownForm, Mention
from .base import UNDOABLE, category_of, finish
from .knowledge_groups import (  # noqa: F401  (learnable, NAME_LABELS: re-exported)
    MIN_FORM_LENGTH, NAME_LABELS, held_by_pass, learnable, plausible_name, regroup, reset_groups,
)
from .knowledge_learning import (  # noqa: F401  (the learning half, re-exported)
    LEARN_FROM, MIN_DISMISS_DOCUMENTS, _titles, context_kind, dismissing_contexts, learn, mention_context,
    rejecting_contexts, trusted_labels,
)
from .ordinary import corpus_language
from .text import fold_possessive

SOURCE = "corpus"
KNOWN_MARKS = (CorpusMark.KNOWN, CorpusMark.LABEL)  # what "accept all known from the corpus" accepts
LEARNED_SECONDS = 24 * 3600  # how long "learned from this state" is remembered (a miss only re-learns)
#: decisions that mean a person started a document (re-running the pass would undo their work)
HUMAN_ACTIONS = frozenset({*UNDOABLE, *WORKFLOW_ACTIONS, Action.UNDO})


class Knowledge:
    """The trusted entries of one corpus, ready to apply: known forms and learned dismissals."""

    def __init__(self, corpus: Corpus) -> None:
        entries = list(KnownForm.objects.filter(corpus=corpus, trusted=True, removed=False))
        language = corpus_language(corpus)
        # a known name looks like one ("People,", "mother" do not) and was never rejected in a
        # document that did not also accept it ("Long": a surname once, the word elsewhere)
        self.known = {k.form: k for k in entries
                      if k.accepted and learnable(k.form) and (k.label_override or k.label) in NAME_LABELS
                      and plausible_name(k.surface, language) and not set(k.rejected_in) - set(k.accepted_in)}
        #: learned grouping: form -> the anchor (folded full name) of its corpus-wide entity
        self.groups = {form: k.group for form, k in self.known.items() if k.group}
        self.group_labels = {form: self.label_of(k) for form, k in self.known.items()}
        self.apart = {form: set(k.apart) for form, k in self.known.items() if k.apart}
        #: learned dismissals by form (rejected in 2+ documents, never accepted) and by form in a
        #: kind of context (rejected there in 2+ documents, never accepted there: "9" the hour, not the age)
        self.dismissed = {k.form: k for k in entries
                          if not k.accepted and learnable(k.form) and len(k.rejected_in) >= MIN_DISMISS_DOCUMENTS}
        self.dismissed_in = {(k.form, kind): k for k in entries for kind in dismissing_contexts(k)}
        #: below a dismissal: forms rejected in an earlier document and never accepted, and forms
        #: rejected in a kind of context and never accepted there (a hint for one bulk action)
        self.rejected = {k.form: k for k in entries if not k.accepted and learnable(k.form) and k.rejected_in}
        self.rejected_in = {(k.form, kind): k for k in entries for kind in rejecting_contexts(k)}
        self.titles = _titles()

        self.labels = trusted_labels(corpus)

    def __bool__(self) -> bool:
        return bool(self.known or self.rejected or self.rejected_in or self.labels)

    def dismissal(self, text: str, mention: Mention) -> KnownForm | None:
        """The learned entry that dismisses this mention here (its form, or its form in this context)."""
        return self._entry(self.dismissed, self.dismissed_in, text, mention.start, mention.end, mention.label)

    def rejected_before(self, text: str, start: int, end: int, label: str) -> KnownForm | None:
        """The entry of a form people rejected before here: anywhere and never accepted, or in this
        kind of context (this label, these words beside it) and never accepted there."""
        return self._entry(self.rejected, self.rejected_in, text, start, end, label)

    def dismissed_here(self, text: str, mention: Mention) -> bool:
        """Whether this form was rejected in this very kind of context (label, the words' classes
        beside it) in 2+ documents and never accepted there: people already judged it there."""
        return self._key(text, mention.start, mention.end, mention.label) in self.dismissed_in

    def rejected_here(self, text: str, mention: Mention) -> bool:
        """Whether this form was rejected in this very kind of context and never accepted there."""
        return self._key(text, mention.start, mention.end, mention.label) in self.rejected_in

    def _key(self, text: str, start: int, end: int, label: str) -> tuple[str, str]:
        """(form, kind of context) of a span, as the entries by context are keyed."""
        return fold_possessive(text[start:end]), mention_context(text, start, end, label, self.titles)

    def _entry(self, by_form: dict, by_context: dict, text: str, start: int, end: int, label: str) -> KnownForm | None:
        form = fold_possessive(text[start:end])
        if form in by_form:
            return by_form[form]
        return by_context.get(self._key(text, start, end, label)) if by_context else None

    def label_of(self, entry: KnownForm) -> str:
        return entry.label_override or entry.label

    def pattern(self, entry: KnownForm) -> re.Pattern[str]:
        """The known form as it is written (and in capitals: speaker tags), whole words only."""
        words = entry.surface.split()
        forms = {r"[ \t]+".join(re.escape(w) for w in words), r"[ \t]+".join(re.escape(w.upper()) for w in words)}
        return re.compile(r"(?<![^\W_])(?:" + "|".join(sorted(forms)) + r")(?![^\W_])")


# ---------------------------------------------------------------- applying


def support(document: Document, mention: Mention, variants: dict[int, set[str]], form: str,
            person_spans: list[tuple[int, int]], titles: frozenset[str], judged_beside: bool = False) -> str:
    """Why another detector says this mention is personal data in this document ("" = nothing does).

    A title or another name part right beside it, a title-page participant, a spelled-out
    form of it, or the automatic pass grouping it with other names of one entity.
    ``judged_beside``: people rejected this form in this very kind of context (a name beside it
    included) in two or more documents and never accepted it there ("the CCI Hartley" with "CCI"
    an organization): a name beside it then says nothing new; every other reason still holds.
    """
    from anonymizer.types import Header

    text = document.text
    header = Header.from_dict(document.header)
    if header is not None:
        words = {w.casefold().strip(".,") for name in header.person_names() for w in name.split()}
        if form in words:
            return "a title-page participant"
    before = text[max(0, mention.start - 30):mention.start].split()
    if before and before[-1].strip(".").casefold() in titles:
        return "a title beside it"
    for s, e in person_spans:
        if e <= mention.start:
            gap = text[e:mention.start]
        elif s >= mention.end:
            gap = text[mention.end:s]
        else:
            continue
        if gap in (" ", "") and not judged_beside:
            return "another name part beside it"
    spelled = r"[- ]".join(re.escape(c) for c in form.upper() if c.isalpha())
    if len(form) >= MIN_FORM_LENGTH and re.search(r"(?<![A-Z])" + spelled + r"(?![A-Z])", text):
        return "spelled out in this document"
    if variants.get(mention.entity_id, set()) - {form}:
        return "grouped with other names of one person"
    return ""


def apply(document: Document, knowledge: Knowledge | None = None) -> dict[str, int]:
    """Apply the corpus's trusted knowledge to a document's pending automatic mentions.

    Runs inside the caller's transaction (the automatic pass); decided mentions are never
    touched. Returns counts: known (created + marked), dismissed, conflicts.
    """
    knowledge = knowledge if knowledge is not None else Knowledge(document.corpus)
    counts = {"created": 0, "marked": 0, "dismissed": 0, "conflicts": 0, "rejected_before": 0, "grouped": 0,
              "group_conflicts": 0}
    if not knowledge or not document.text:
        return counts
    text = document.text
    mentions = list(Mention.objects.filter(document=document).order_by("start"))
    spans = sorted((m.start, m.end) for m in mentions)
    by_span = {(m.start, m.end): m for m in mentions}
    rows = list(Entity.objects.filter(document=document))
    entities = {(e.label, fold_possessive(e.name)): e for e in rows}
    names = {e.pk: e.name for e in rows}
    marked: list[Mention] = []
    created: list[Mention] = []
    relabelled: list[list] = []  # [mention, label before, entity before]: reset() puts them back
    taken: list[tuple[int, int]] = list(spans)
    wanted: list[tuple[Mention, str, KnownForm]] = []  # mentions that take the entity of a known name
    for entry in sorted(knowledge.known.values(), key=lambda k: -len(k.form)):
        label = knowledge.label_of(entry)
        for match in knowledge.pattern(entry).finditer(text):
            s, e = match.span()
            if "\n" in text[s:e]:
                continue
            if knowledge.rejected_before(text, s, e, label):
                continue  # people rejected this name here before ("the Sutter-era rules"): the pass decides
            mention = by_span.get((s, e))
            if mention is not None:
                if mention.status == ReviewStatus.PENDING and not mention.corpus_mark and mention.label != label \
                        and relabelable(mention, entry, label) \
                        and not held_by_pass(text, mention, label, names.get(mention.entity_id, "")):
                    relabelled.append([mention.pk, mention.label, mention.entity_id])
                    mention.label = label
                    wanted.append((mention, label, entry))
                if mention.status == ReviewStatus.PENDING and mention.label == label and not mention.corpus_mark:
                    mention.corpus_mark, mention.confidence = CorpusMark.KNOWN, 1
                    mention.sources = "+".join([*mention.source_list(), SOURCE])[:120]
                    marked.append(mention)
                continue
            if any(a < e and s < b for a, b in taken) or (common_word(entry) and sentence_initial(text, s)) \
                    or plain.in_compound(text, s, e):
                continue  # a name that is a word ("Love", "Young") opens a sentence as the word, or makes one ("Faith-Based")
            taken.append((s, e))
            created.append(Mention(document=document, start=s, end=e, label=label, sources=SOURCE,
                                   confidence=1, score=1.0, corpus_mark=CorpusMark.KNOWN))
            wanted.append((created[-1], label, entry))
    _entities_of(document, entities, wanted)
    for mention in mentions:  # proposals of a label the corpus always accepts (a learned dismissal of the form wins)
        if (mention.label in knowledge.labels and mention.status == ReviewStatus.PENDING and not mention.corpus_mark
                and knowledge.rejected_before(text, mention.start, mention.end, mention.label) is None):
            mention.corpus_mark = CorpusMark.LABEL
            marked.append(mention)
    Mention.objects.bulk_update(marked, ["corpus_mark", "confidence", "sources", "label", "entity"], batch_size=500)
    Mention.objects.bulk_create(created, batch_size=500)
    counts["created"], counts["marked"] = len(created), len(marked)
    grouped, group_conflicts = regroup(document, knowledge.groups, knowledge.group_labels, _titles(), knowledge.apart)
    counts["grouped"], counts["group_conflicts"] = len(grouped), len(group_conflicts)

    dismissed, conflicts, before = _dismiss(document, mentions, knowledge)
    counts["dismissed"], counts["conflicts"], counts["rejected_before"] = len(dismissed), len(conflicts), len(before)
    if any(counts.values()):
        finish(document, None, Action.CORPUS_APPLY, f"document:{document.pk}",
               f"Corpus knowledge: {len(created) + len(marked)} known ({len(relabelled)} with the corpus's label), "
               f"{len(dismissed)} dismissed, {len(conflicts)} dismissal(s) contradicted here (left pending), "
               f"{len(before)} rejected once before (left pending, marked), "
               f"{len(grouped)} grouped with a recurring person, {len(group_conflicts)} not grouped (another person "
               f"here shares the name)",
               after={"known": [m.pk for m in (*marked, *created)], "dismissed": dismissed,
                      "conflicts": conflicts, "rejected_before": before, "relabelled": relabelled, "grouped": grouped,
                      "group_conflicts": group_conflicts})
    return counts


def common_word(entry: KnownForm) -> bool:
    """Whether a known form is one word that is also a common word (``Love``, ``Young``)."""
    return " " not in entry.surface.strip() and lexicon.is_common_word(entry.surface.strip())


def relabelable(mention: Mention, entry: KnownForm, label: str) -> bool:
    """A pending automatic proposal of a known name takes the corpus's label when the reviewed
    documents accepted this form with that one label only (or an admin set it), never with this one."""
    unanimous = bool(entry.label_override) or set(entry.labels) == {label}
    return (mention.origin == Mention.Origin.AUTO and unanimous and mention.label in NAME_LABELS
            and mention.label not in entry.labels)


def _entities_of(document: Document, entities: dict, wanted: list[tuple[Mention, str, KnownForm]]) -> None:
    """Give each mention the document's entity of its label and known name; the entities the pass
    did not have are created in one query."""
    missing: dict[tuple[str, str], Entity] = {}
    for _, label, entry in wanted:
        if (label, entry.form) not in entities and (label, entry.form) not in missing:
            missing[(label, entry.form)] = Entity(document=document, label=label, name=entry.surface,
                                                  category=category_of(label, entry.surface),
                                                  order=len(entities) + len(missing) + 10_000)
    Entity.objects.bulk_create(missing.values(), batch_size=500)
    entities.update(missing)
    for mention, label, entry in wanted:
        mention.entity = entities[(label, entry.form)]


def _dismiss(document: Document, mentions: list[Mention], knowledge: Knowledge) -> tuple[list[int], list, list[int]]:
    """Reject the pending automatic mentions a learned dismissal covers, unless another detector
    supports them here (then pending, a conflict); mark those people rejected once before (pending).
    Returns the dismissed, the conflicts with their reasons, the marked "rejected before"."""
    if not knowledge.rejected and not knowledge.rejected_in:
        return [], [], []
    text = document.text
    titles = _titles()
    variants: dict[int, set[str]] = defaultdict(set)
    for m in mentions:
        variants[m.entity_id].add(fold_possessive(text[m.start:m.end]))
    person_spans = [(m.start, m.end) for m in mentions if m.label == "PERSON"]
    dismissed: list[int] = []
    conflicts: list[list] = []
    before: list[int] = []
    for m in mentions:
        if m.status != ReviewStatus.PENDING or m.origin != Mention.Origin.AUTO or m.corpus_mark:
            continue
        if knowledge.rejected_before(text, m.start, m.end, m.label) is None:
            continue
        form = fold_possessive(text[m.start:m.end])
        dismissal = knowledge.dismissal(text, m) is not None
        # a name beside it says nothing new where people judged the form in this very kind of
        # context: in two documents for a dismissal, in one for the mark a person acts on
        here = knowledge.dismissed_here(text, m) if dismissal else knowledge.rejected_here(text, m)
        reason = support(document, m, variants, form, person_spans, titles, here)
        if dismissal and reason:
            conflicts.append([m.pk, reason])
        elif dismissal:
            dismissed.append(m.pk)
        elif not reason:  # rejected once before: marked, left to a person; a supported name is not even marked
            before.append(m.pk)
    Mention.objects.filter(pk__in=dismissed).update(status=ReviewStatus.REJECTED, corpus_mark=CorpusMark.DISMISSED)
    Mention.objects.filter(pk__in=[c[0] for c in conflicts]).update(corpus_mark=CorpusMark.CONFLICT)
    Mention.objects.filter(pk__in=before).update(corpus_mark=CorpusMark.REJECTED_BEFORE)
    return dismissed, conflicts, before


def _last_apply(mention: Mention) -> dict:
    return (Decision.objects.filter(document_id=mention.document_id, action=Action.CORPUS_APPLY)
            .order_by("-pk").values_list("after", flat=True).first()) or {}


def conflict_reason(mention: Mention, prefix: bool = False) -> str:
    """Why a learned dismissal (or grouping) did not apply to this mention, as ``apply`` recorded it
    ("" = none); ``prefix``: as the inspector says it (a dismissal's reason after what it is)."""
    if mention.corpus_mark != CorpusMark.CONFLICT:
        return ""
    audit = _last_apply(mention)
    dismissal = next((r for pk, r in audit.get("conflicts", []) if pk == mention.pk), "")
    if dismissal:
        return f"dismissed by the corpus elsewhere, kept pending here: {dismissal}" if prefix else dismissal
    return next((r for pk, r in audit.get("group_conflicts", []) if pk == mention.pk), "")


def corpus_note(mention: Mention) -> str:
    """What corpus knowledge did to this mention, in a sentence for the inspector ("" = nothing to say)."""
    if mention.corpus_mark == CorpusMark.CONFLICT:
        return conflict_reason(mention, prefix=True)
    if mention.corpus_mark == CorpusMark.REJECTED_BEFORE and mention.status == ReviewStatus.PENDING:
        return ("rejected before in this corpus, here (once: a dismissal needs two documents); left to you, "
                "\u201creject all rejected before\u201d rejects every such mention at once")
    if mention.corpus_mark and any(pk == mention.pk for pk, *_ in _last_apply(mention).get("grouped", [])):
        return "grouped by the corpus with a recurring person (the pass had it elsewhere; move it back to undo)"
    return ""


def learn_and_apply(document: Document) -> dict[str, int]:
    """The automatic pass's explicit call: refresh the corpus's knowledge, then apply it."""
    learn_if_changed(document.corpus)
    return apply(document)


def learned_from(corpus: Corpus) -> str:
    """What :func:`learn` reads, in one small query: its documents' ids, statuses, versions, last saves.

    Every decision bumps its document's version, so an unchanged fingerprint means unchanged knowledge.
    """
    rows = corpus.documents.filter(status__in=LEARN_FROM).order_by("pk").values_list("pk", "status", "version", "updated_at")
    return hashlib.sha256(repr(list(rows)).encode()).hexdigest()


def learn_if_changed(corpus: Corpus) -> bool:
    """Re-learn only when a reviewed document changed since the last learning (not once per import:
    that re-read the whole corpus for every new document). Returns whether it learned."""
    key, state = f"knowledge:learned:{corpus.pk}", learned_from(corpus)
    if cache.get(key) == state:
        return False
    learn(corpus)
    transaction.on_commit(lambda: cache.set(key, state, LEARNED_SECONDS))  # a rolled-back learning is redone
    return True


def reset(document: Document) -> None:
    """Take back what corpus knowledge did to a document's undecided mentions (before re-applying)."""
    document.mentions.filter(origin=Mention.Origin.AUTO, status=ReviewStatus.PENDING, sources=SOURCE).delete()
    for audit in document.decisions.filter(action=Action.CORPUS_APPLY).order_by("-pk"):
        reset_groups(document, audit.after)
        for pk, label, entity_id in (audit.after or {}).get("relabelled", []):
            document.mentions.filter(pk=pk, status=ReviewStatus.PENDING, entity__isnull=False).update(
                label=label, entity_id=entity_id)
    document.mentions.filter(corpus_mark=CorpusMark.DISMISSED, status=ReviewStatus.REJECTED).update(
        status=ReviewStatus.PENDING, corpus_mark="")
    for m in document.mentions.filter(status=ReviewStatus.PENDING).exclude(corpus_mark=""):
        m.corpus_mark = ""
        m.sources = "+".join(s for s in m.source_list() if s != SOURCE)
        m.save(update_fields=["corpus_mark", "sources"])
    document.entities.filter(mentions__isnull=True).delete()


# ---------------------------------------------------------------- re-running the pass


def unstarted(corpus: Corpus):
    """Documents no one has started: ready for review, no human decision, nothing decided by hand."""
    started = Decision.objects.filter(action__in=HUMAN_ACTIONS, undone=False).values("document_id")
    decided = Mention.objects.exclude(status=ReviewStatus.PENDING).exclude(
        corpus_mark=CorpusMark.DISMISSED).values("document_id")
    manual = Mention.objects.filter(origin=Mention.Origin.MANUAL).values("document_id")
    return (corpus.documents.filter(status=Document.Status.READY)
            .exclude(pk__in=started).exclude(pk__in=decided).exclude(pk__in=manual))
