"""Multi-object workflows. Each public function runs in one transaction."""
from __future__ import annotations

import bisect
import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from django.conf import settings
from django.db import transaction
from django.db.models import Case, F, Value, When
from django.utils import timezone

from anonymizer.types import Analysis, Config, Header

from .models import Corpus, Decision, Document, Entity, Mention, ReviewStatus

log = logging.getLogger(__name__)

ALLOWED_SUFFIXES = (".pdf", ".txt")


def config_from_settings(corpus: Corpus | None = None) -> Config:
    """The anonymizer's one config object, built from Django settings (and the corpus)."""
    values = dict(settings.ANONYMIZER)
    if corpus is not None:
        values["whitelist_terms"] = corpus.whitelist()
        values["style"] = corpus.tag_style
    return Config(**values)


@dataclass(frozen=True)
class UploadError:
    filename: str
    reason: str


def create_documents(
    corpus: Corpus, files: Iterable[tuple[str, bytes]]
) -> tuple[list[Document], list[UploadError]]:
    """Store uploaded files as documents (status uploaded); bad names are refused, others go on."""
    created: list[Document] = []
    errors: list[UploadError] = []
    for filename, data in files:
        name = Path(filename).name
        if Path(name).suffix.lower() not in ALLOWED_SUFFIXES:
            errors.append(UploadError(name, "unsupported file type (upload .pdf or .txt)"))
            continue
        if not data:
            errors.append(UploadError(name, "empty file"))
            continue
        with transaction.atomic():
            created.append(
                Document.objects.create(corpus=corpus, title=Path(name).stem, original_name=name, original=data)
            )
    return created, errors


def mark_queued(document: Document) -> None:
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.QUEUED, progress=0.0, progress_stage="queued", failure_reason=""
    )
    document.refresh_from_db(fields=["status", "progress", "progress_stage", "failure_reason"])


def _overlaps(a_start: int, a_end: int, spans: list[tuple[int, int]]) -> bool:
    i = bisect.bisect_left(spans, (a_start, a_start))
    for j in (i - 1, i):
        if 0 <= j < len(spans) and spans[j][0] < a_end and a_start < spans[j][1]:
            return True
    return False


@transaction.atomic
def apply_analysis(document: Document, analysis: Analysis) -> dict[str, int]:
    """Store an automatic pass, never losing a human decision.

    Decided mentions (accepted, rejected, or added by hand) stay exactly as they are;
    pending automatic mentions are replaced by the new ones; a new mention that overlaps a
    decided one is dropped (the human already ruled on that text). Entities are matched to
    existing ones by (label, name) so their tags survive a re-run.
    """
    document = Document.objects.select_for_update().get(pk=document.pk)
    transcript = analysis.transcript
    if document.text and document.text != transcript.text:
        decided = document.mentions.exclude(status=ReviewStatus.PENDING, origin=Mention.Origin.AUTO)
        if decided.exists():
            raise ValueError("document text changed under decided mentions; refusing to re-annotate")
    document.text = transcript.text
    document.header = transcript.header.as_dict() if transcript.header else None
    document.title_end = transcript.title_end
    document.word_count = len(transcript.text.split())

    document.mentions.filter(status=ReviewStatus.PENDING, origin=Mention.Origin.AUTO).delete()
    kept = list(document.mentions.order_by("start").values_list("start", "end"))
    existing = {(e.label, e.name.casefold()): e for e in document.entities.all()}

    entity_rows: dict[int, Entity] = {}
    new_entities: list[Entity] = []
    for ent in analysis.entities:
        row = existing.get((ent.label, ent.name.casefold()))
        if row is None:
            row = Entity(document=document, label=ent.label, category=ent.category, name=ent.name[:255], order=ent.id)
            new_entities.append(row)
        else:
            row.order = ent.id
            row.category = ent.category
        entity_rows[ent.id] = row
    Entity.objects.bulk_create(new_entities)
    Entity.objects.bulk_update([r for r in entity_rows.values() if r not in new_entities], ["order", "category"])

    rows = []
    dropped = 0
    for m in analysis.mentions:
        if m.entity is None:
            continue
        if kept and _overlaps(m.start, m.end, kept):
            dropped += 1
            continue
        rows.append(
            Mention(
                document=document,
                entity=entity_rows[m.entity],
                start=m.start,
                end=m.end,
                label=m.label,
                sources="+".join(m.sources),
                confidence=m.confidence,
                score=m.score,
            )
        )
    Mention.objects.bulk_create(rows, batch_size=1000)
    # entities left without any mention (their pending mentions were replaced) go away
    document.entities.filter(mentions__isnull=True).delete()

    has_decisions = bool(kept)
    document.status = Document.Status.IN_REVIEW if has_decisions else Document.Status.READY
    document.progress, document.progress_stage = 1.0, "done"
    document.failure_reason = ""
    document.save()
    document.bump_version()
    return {"mentions": len(rows), "kept": len(kept), "dropped": dropped}


def header_of(document: Document) -> Header | None:
    return Header.from_dict(document.header)


def record(document: Document, user, action: str, target: str, before=None, after=None) -> Decision:
    return Decision.objects.create(
        document=document, user=user, action=action, target=target, before=before, after=after,
        version=document.version,
    )


def ensure_corpus(name: str) -> Corpus:
    corpus, _ = Corpus.objects.get_or_create(name=name)
    return corpus


# ================================================================== review workflows
#
# Every action below runs in one transaction that starts with a compare-and-swap on
# ``Document.version``: the client sends the version its view is based on; when another
# action got there first the swap matches no row and :class:`Conflict` is raised before
# anything is written, so no decision is lost or applied twice (on SQLite and PostgreSQL
# alike). Each action writes one :class:`Decision` whose ``before``/``after`` hold the
# state :func:`undo` needs:
#
# * ``mentions``: ``[{"ids": [...], "set": {field: value}}]`` set-based mention updates;
# * ``entities``: ``[{"id": n, "set": {field: value}}]`` entity field values;
# * ``created_mentions`` / ``created_entities``: primary keys the action created;
# * ``deleted_mentions``: full rows the action deleted; ``whitelist_added``: a corpus term.

REVIEWABLE = (Document.Status.READY, Document.Status.IN_REVIEW)
EDITABLE = (*REVIEWABLE, Document.Status.SUBMITTED)  # the second look may correct
UNDOABLE = frozenset(
    {"accept", "reject", "relabel", "move", "split", "accept_entity", "reject_entity", "relabel_entity",
     "rename", "merge", "add", "whitelist"}
)
MENTION_FIELDS = ("status", "label", "entity_id")
ENTITY_FIELDS = ("label", "category", "tag", "name")


class Conflict(Exception):
    """The document changed since the client's view (stale version)."""


class ActionError(Exception):
    """An action that cannot be applied; the message is safe to show (no document text)."""


@dataclass
class Outcome:
    """What an action changed, so views can re-render just that."""

    document: Document
    decision: Decision | None
    spans: list[tuple[int, int]]  # text spans whose lines changed
    entities: set[int]  # entity rows that changed
    regroup: bool = False  # labels changed or entities appeared/emptied: redraw the entity list


def _begin(document_id: int, version: int, statuses: tuple[str, ...] = EDITABLE) -> Document:
    """Take the document for one action: compare-and-swap its version, or raise.

    A document in its first review moves to "in review"; one awaiting the second look keeps
    its status (the reviewer's corrections).
    """
    bumped = Document.objects.filter(pk=document_id, version=version, status__in=statuses).update(
        version=F("version") + 1,
        status=Case(When(status=Document.Status.SUBMITTED, then=Value(Document.Status.SUBMITTED)),
                    default=Value(Document.Status.IN_REVIEW)),
    )
    document = Document.objects.defer("original").select_related("corpus").get(pk=document_id)
    if not bumped:
        if document.status not in statuses:
            raise ActionError(f"This document is {document.get_status_display().lower()}; it cannot be edited now.")
        raise Conflict(f"Someone else changed this document (version {version} is now {document.version}).")
    return document


def _finish(document: Document, user, action: str, target: str, summary: str, before=None, after=None) -> Decision:
    return Decision.objects.create(
        document=document, user=user, action=action, target=target, summary=summary[:300],
        before=before, after=after, version=document.version,
    )


def _grouped(rows: Iterable[tuple[int, dict]]) -> list[dict]:
    """``[(id, {field: value})]`` -> ``[{"ids": [...], "set": {...}}]`` (one update per distinct value)."""
    groups: dict[tuple, list[int]] = {}
    for pk, values in rows:
        groups.setdefault(tuple(sorted(values.items())), []).append(pk)
    return [{"ids": ids, "set": dict(key)} for key, ids in groups.items()]


def _apply_groups(document: Document, groups: list[dict]) -> None:
    for group in groups:
        values = {k: v for k, v in group["set"].items() if k in MENTION_FIELDS}
        Mention.objects.filter(document=document, pk__in=group["ids"]).update(**values)


def _mention(document: Document, mention_id: int) -> Mention:
    try:
        return Mention.objects.select_related("entity").get(document=document, pk=mention_id)
    except Mention.DoesNotExist:
        raise ActionError("That mention no longer exists.") from None


def _entity(document: Document, entity_id: int) -> Entity:
    try:
        return Entity.objects.get(document=document, pk=entity_id)
    except Entity.DoesNotExist:
        raise ActionError("That entity no longer exists.") from None


def _label(label: str) -> str:
    from anonymizer.types import LABELS

    if label not in LABELS:
        raise ActionError("Unknown label.")
    return label


def _category(label: str, name: str) -> str:
    from anonymizer.categorize import categorize

    return categorize(label, name)


def _quote(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return f"“{text[:limit]}{'…' if len(text) > limit else ''}”"


def _state(mention: Mention) -> dict:
    return {"status": mention.status, "label": mention.label, "entity_id": mention.entity_id}


@transaction.atomic
def set_mention_status(document_id: int, version: int, user, mention_id: int, status: str) -> Outcome:
    """Accept or reject one mention."""
    if status not in (ReviewStatus.ACCEPTED, ReviewStatus.REJECTED):
        raise ActionError("Unknown status.")
    document = _begin(document_id, version)
    mention = _mention(document, mention_id)
    before = _state(mention)
    Mention.objects.filter(pk=mention.pk).update(status=status)
    verb = "Accepted" if status == ReviewStatus.ACCEPTED else "Rejected"
    decision = _finish(
        document, user, "accept" if status == ReviewStatus.ACCEPTED else "reject", f"mention:{mention.pk}",
        f"{verb} {mention.label} {_quote(document.text[mention.start:mention.end])}",
        before={"mentions": _grouped([(mention.pk, {"status": before["status"]})])},
        after={"mentions": _grouped([(mention.pk, {"status": status})])},
    )
    return Outcome(document, decision, [(mention.start, mention.end)], {mention.entity_id})


def _reassign(document: Document, user, mention: Mention, entity: Entity, action: str, summary: str,
              created: Entity | None = None) -> Outcome:
    """Put one mention into ``entity`` (taking its label) and accept it."""
    before = _state(mention)
    after = {"status": ReviewStatus.ACCEPTED, "label": entity.label, "entity_id": entity.pk}
    Mention.objects.filter(pk=mention.pk).update(**after)
    after_state: dict = {"mentions": _grouped([(mention.pk, after)])}
    if created is not None:
        after_state["created_entities"] = [created.pk]
    decision = _finish(
        document, user, action, f"mention:{mention.pk}", summary,
        before={"mentions": _grouped([(mention.pk, before)])}, after=after_state,
    )
    return Outcome(document, decision, [(mention.start, mention.end)], {mention.entity_id, entity.pk}, regroup=True)


def _new_entity(document: Document, label: str, name: str, category: str | None = None) -> Entity:
    order = (document.entities.order_by("-order").values_list("order", flat=True).first() or 0) + 1
    return Entity.objects.create(
        document=document, label=label, category=category or _category(label, name), name=name[:255], order=order
    )


@transaction.atomic
def relabel_mention(document_id: int, version: int, user, mention_id: int, label: str) -> Outcome:
    """Give one mention another label: it joins the entity of that label with the same name, or a new one."""
    label = _label(label)
    document = _begin(document_id, version)
    mention = _mention(document, mention_id)
    surface = document.text[mention.start:mention.end]
    summary = f"Relabelled {_quote(surface)} {mention.label} → {label}"
    if mention.entity.label == label:
        target, created = mention.entity, None
    else:
        target = document.entities.filter(label=label, name__iexact=surface).first()
        created = None
        if target is None:
            target = created = _new_entity(document, label, surface)
    return _reassign(document, user, mention, target, "relabel", summary, created)


@transaction.atomic
def move_mention(document_id: int, version: int, user, mention_id: int, entity_id: int) -> Outcome:
    """Move one mention to another entity of the document."""
    document = _begin(document_id, version)
    mention = _mention(document, mention_id)
    target = _entity(document, entity_id)
    summary = f"Moved {_quote(document.text[mention.start:mention.end])} to {target.label} {_quote(target.name)}"
    return _reassign(document, user, mention, target, "move", summary)


@transaction.atomic
def split_mention(document_id: int, version: int, user, mention_id: int) -> Outcome:
    """Take one mention out of its entity into a new entity of its own."""
    document = _begin(document_id, version)
    mention = _mention(document, mention_id)
    surface = document.text[mention.start:mention.end]
    category = mention.entity.category if mention.entity.label == mention.label else None
    created = _new_entity(document, mention.label, surface, category)
    return _reassign(document, user, mention, created, "split", f"Split {_quote(surface)} into a new entity", created)


def _entity_mentions(document: Document, entity: Entity) -> list[tuple[int, int, int, str, str]]:
    return list(
        Mention.objects.filter(document=document, entity=entity).values_list("pk", "start", "end", "status", "label")
    )


@transaction.atomic
def set_entity_status(document_id: int, version: int, user, entity_id: int, status: str) -> Outcome:
    """Accept or reject every mention of an entity (one UPDATE)."""
    if status not in (ReviewStatus.ACCEPTED, ReviewStatus.REJECTED):
        raise ActionError("Unknown status.")
    document = _begin(document_id, version)
    entity = _entity(document, entity_id)
    rows = _entity_mentions(document, entity)
    changed = [(pk, {"status": old}) for pk, _, _, old, _ in rows if old != status]
    Mention.objects.filter(pk__in=[pk for pk, _ in changed]).update(status=status)
    verb = "Accepted" if status == ReviewStatus.ACCEPTED else "Rejected"
    decision = _finish(
        document, user, "accept_entity" if status == ReviewStatus.ACCEPTED else "reject_entity", f"entity:{entity.pk}",
        f"{verb} {entity.label} {_quote(entity.name)} everywhere ({len(changed)} of {len(rows)} mentions changed)",
        before={"mentions": _grouped(changed)},
        after={"mentions": [{"ids": [pk for pk, _ in changed], "set": {"status": status}}]},
    )
    return Outcome(document, decision, [(s, e) for pk, s, e, old, _ in rows if old != status], {entity.pk})


@transaction.atomic
def relabel_entity(document_id: int, version: int, user, entity_id: int, label: str) -> Outcome:
    """Give an entity and all its mentions another label (the fine category is recomputed)."""
    label = _label(label)
    document = _begin(document_id, version)
    entity = _entity(document, entity_id)
    rows = _entity_mentions(document, entity)
    before_entity = {"label": entity.label, "category": entity.category}
    entity.label, entity.category = label, _category(label, entity.name)
    entity.save(update_fields=["label", "category"])
    Mention.objects.filter(document=document, entity=entity).update(label=label)
    decision = _finish(
        document, user, "relabel_entity", f"entity:{entity.pk}",
        f"Relabelled {_quote(entity.name)} {before_entity['label']} → {label} ({len(rows)} mentions)",
        before={"entities": [{"id": entity.pk, "set": before_entity}],
                "mentions": _grouped([(pk, {"label": old}) for pk, _, _, _, old in rows])},
        after={"entities": [{"id": entity.pk, "set": {"label": label, "category": entity.category}}],
               "mentions": [{"ids": [pk for pk, *_ in rows], "set": {"label": label}}]},
    )
    return Outcome(document, decision, [(s, e) for _, s, e, _, _ in rows], {entity.pk}, regroup=True)


def normalize_tag(tag: str) -> str:
    """``person x`` -> ``[PERSON_X]``; empty means "use the computed tag"."""
    tag = " ".join(tag.split()).strip("[] ")
    if not tag:
        return ""
    if len(tag) > 78 or not all(c.isalnum() or c in "_- " for c in tag):
        raise ActionError("A tag is letters, digits, '_' and '-' (at most 78 characters).")
    return f"[{tag.upper().replace(' ', '_').replace('-', '_')}]"


@transaction.atomic
def rename_tag(document_id: int, version: int, user, entity_id: int, tag: str) -> Outcome:
    """Set the pseudonym tag of an entity (empty = back to the computed tag)."""
    tag = normalize_tag(tag)
    document = _begin(document_id, version)
    entity = _entity(document, entity_id)
    before = entity.tag
    Entity.objects.filter(pk=entity.pk).update(tag=tag)
    decision = _finish(
        document, user, "rename", f"entity:{entity.pk}",
        f"Renamed the tag of {_quote(entity.name)} to {tag or 'the computed tag'}",
        before={"entities": [{"id": entity.pk, "set": {"tag": before}}]},
        after={"entities": [{"id": entity.pk, "set": {"tag": tag}}]},
    )
    return Outcome(document, decision, [], {entity.pk})


@transaction.atomic
def merge_entities(document_id: int, version: int, user, source_id: int, target_id: int) -> Outcome:
    """Move every mention of ``source`` into ``target`` (they take its label)."""
    if source_id == target_id:
        raise ActionError("Choose another entity to merge into.")
    document = _begin(document_id, version)
    source, target = _entity(document, source_id), _entity(document, target_id)
    rows = _entity_mentions(document, source)
    Mention.objects.filter(document=document, entity=source).update(entity=target, label=target.label)
    decision = _finish(
        document, user, "merge", f"entity:{source.pk}",
        f"Merged {source.label} {_quote(source.name)} into {target.label} {_quote(target.name)} ({len(rows)} mentions)",
        before={"mentions": _grouped([(pk, {"entity_id": source.pk, "label": old}) for pk, _, _, _, old in rows])},
        after={"mentions": [{"ids": [pk for pk, *_ in rows], "set": {"entity_id": target.pk, "label": target.label}}]},
    )
    return Outcome(document, decision, [(s, e) for _, s, e, _, _ in rows], {source.pk, target.pk}, regroup=True)


# ---------------------------------------------------------------- adding missed mentions

_WORD = re.compile(r"[^\W_]+(?:['’.-][^\W_]+)*")


@dataclass(frozen=True)
class Occurrence:
    start: int
    end: int
    kind: str  # "exact" or "fuzzy"
    score: float
    line: int  # 1-based line number


def find_occurrences(
    text: str, needle: str, covered: list[tuple[int, int]], threshold: float = 85.0, limit: int = 500
) -> list[Occurrence]:
    """Exact (any case, before a possessive) and fuzzy (rapidfuzz ratio) matches of ``needle``.

    Spans overlapping ``covered`` (sorted existing mentions) are skipped. Fuzzy matches
    are windows of as many words as the needle inside one line; needles of three
    characters or less are matched exactly only.
    """
    from rapidfuzz import fuzz, process

    words = needle.split()
    if not words:
        return []
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    found: dict[tuple[int, int], Occurrence] = {}
    exact = re.compile(r"(?<![^\W_])" + r"[ \t]+".join(map(re.escape, words)) + r"(?![^\W_])", re.IGNORECASE)
    for m in exact.finditer(text):
        if not _overlaps(m.start(), m.end(), covered):
            found[(m.start(), m.end())] = Occurrence(m.start(), m.end(), "exact", 100.0, 0)
    folded = _fold_possessive(" ".join(words))
    if len(folded) > 3:
        windows: list[tuple[int, int]] = []
        for line_start, line in zip(line_starts, text.split("\n")):
            spans = [(w.start() + line_start, w.end() + line_start) for w in _WORD.finditer(line)]
            windows.extend((spans[i][0], spans[i + len(words) - 1][1]) for i in range(len(spans) - len(words) + 1))
        choices = [text[s:e] for s, e in windows]
        for _, score, index in process.extract(
            folded, choices, scorer=fuzz.ratio, processor=_fold_possessive, score_cutoff=threshold, limit=None
        ):
            start, end = windows[index]
            if text[start:end].casefold().endswith(("'s", "’s")):
                end -= 2  # the possessive is never part of a span
            if any(s < end and start < e for s, e in found) or _overlaps(start, end, covered):
                continue
            found[(start, end)] = Occurrence(start, end, "fuzzy", round(score, 1), 0)
    ordered = sorted(found.values(), key=lambda o: o.start)[:limit]
    return [Occurrence(o.start, o.end, o.kind, o.score, bisect.bisect_right(line_starts, o.start)) for o in ordered]


def _fold_possessive(value: str) -> str:
    value = " ".join(value.split()).casefold()
    for suffix in ("'s", "’s"):
        if value.endswith(suffix):
            return value[: -len(suffix)]
    return value


def _check_spans(document: Document, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    text = document.text
    cleaned: list[tuple[int, int]] = []
    for start, end in sorted(set(spans)):
        # trim white space so a sloppy selection still gives a clean span
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if not 0 <= start < end <= len(text) or "\n" in text[start:end]:
            raise ActionError("A mention must be non-empty and stay within one line.")
        if cleaned and start < cleaned[-1][1]:
            raise ActionError("The chosen spans overlap.")
        cleaned.append((start, end))
    if not cleaned:
        raise ActionError("Nothing to add.")
    existing = list(document.mentions.order_by("start").values_list("start", "end"))
    if any(_overlaps(s, e, existing) for s, e in cleaned):
        raise ActionError("That text already has a mention; accept, relabel or move it instead.")
    return cleaned


@transaction.atomic
def add_mentions(
    document_id: int, version: int, user, spans: list[tuple[int, int]], label: str, entity_id: int | None
) -> Outcome:
    """Mark missed text by hand (accepted, origin manual), in an existing or a new entity."""
    label = _label(label)
    document = _begin(document_id, version)
    spans = _check_spans(document, spans)
    first = document.text[spans[0][0]:spans[0][1]]
    if entity_id:
        entity, created = _entity(document, entity_id), None
        label = entity.label
    else:
        entity = created = _new_entity(document, label, first)
    rows = Mention.objects.bulk_create(
        [
            Mention(document=document, entity=entity, start=s, end=e, label=label, sources="manual", confidence=1,
                    score=1.0, status=ReviewStatus.ACCEPTED, origin=Mention.Origin.MANUAL)
            for s, e in spans
        ]
    )
    after = {"created_mentions": [m.pk for m in rows], "created_entities": [created.pk] if created else []}
    decision = _finish(
        document, user, "add", f"entity:{entity.pk}",
        f"Added {len(spans)} {label} mention(s) of {_quote(first)}", before={}, after=after,
    )
    return Outcome(document, decision, spans, {entity.pk}, regroup=True)


# ---------------------------------------------------------------- whitelist, undo, approve

def whitelist_matches(document: Document, term: str) -> list[Mention]:
    """Pending mentions whose text is ``term`` (any case, possessive stripped)."""
    folded = _fold_possessive(term)
    return [
        m for m in document.mentions.filter(status=ReviewStatus.PENDING).only("pk", "start", "end", "entity_id")
        if _fold_possessive(document.text[m.start:m.end]) == folded
    ]


@transaction.atomic
def whitelist_term(document_id: int, version: int, user, term: str) -> Outcome:
    """Add ``term`` to the corpus whitelist and delete its pending mentions in this document."""
    term = " ".join(term.split())
    if not term or len(term) > 200:
        raise ActionError("Give a term of 1 to 200 characters.")
    document = _begin(document_id, version)
    corpus = Corpus.objects.select_for_update().get(pk=document.corpus_id)
    added = corpus.add_whitelist_term(term)
    if added:
        corpus.save(update_fields=["whitelist_terms"])
    matches = whitelist_matches(document, term)
    rows = list(Mention.objects.filter(pk__in=[m.pk for m in matches]).values())
    Mention.objects.filter(pk__in=[m.pk for m in matches]).delete()
    decision = _finish(
        document, user, "whitelist", f"corpus:{corpus.pk}",
        f"Whitelisted {_quote(term)} in {corpus.name} ({len(rows)} pending mentions removed)",
        before={"deleted_mentions": rows}, after={"whitelist_added": term if added else None},
    )
    return Outcome(document, decision, [(r["start"], r["end"]) for r in rows], {r["entity_id"] for r in rows},
                   regroup=bool(rows))


@transaction.atomic
def undo(document_id: int, version: int, user) -> Outcome:
    """Revert this user's last action on the document that is not undone yet."""
    document = _begin(document_id, version)
    # decisions before the last automatic re-run refer to rows that run replaced
    rerun = document.decisions.filter(action="rerun").order_by("-id").values_list("pk", flat=True).first() or 0
    last = (
        Decision.objects.filter(document=document, user=user, undone=False, action__in=UNDOABLE, pk__gt=rerun)
        .order_by("-id")
        .first()
    )
    if last is None:
        raise ActionError("Nothing to undo.")
    before, after = last.before or {}, last.after or {}
    touched = set(after.get("created_mentions", []))
    for group in (*before.get("mentions", []), *after.get("mentions", [])):
        touched.update(group["ids"])
    spans_rows = list(Mention.objects.filter(document=document, pk__in=touched).values_list("start", "end", "entity_id"))
    entities = {e for _, _, e in spans_rows}
    Mention.objects.filter(document=document, pk__in=after.get("created_mentions", [])).delete()
    _apply_groups(document, before.get("mentions", []))
    for row in before.get("entities", []):
        values = {k: v for k, v in row["set"].items() if k in ENTITY_FIELDS}
        Entity.objects.filter(document=document, pk=row["id"]).update(**values)
        entities.add(row["id"])
    deleted = before.get("deleted_mentions", [])
    if deleted:
        Mention.objects.bulk_create([Mention(**row) for row in deleted])
    # entities the action created go away when nothing else has moved into them since
    Entity.objects.filter(document=document, pk__in=after.get("created_entities", []), mentions__isnull=True).delete()
    if after.get("whitelist_added"):
        corpus = Corpus.objects.select_for_update().get(pk=document.corpus_id)
        kept = [t for t in corpus.whitelist() if t.casefold() != after["whitelist_added"].casefold()]
        corpus.whitelist_terms = "\n".join(kept)
        corpus.save(update_fields=["whitelist_terms"])
    for group in before.get("mentions", []):
        if "entity_id" in group["set"]:
            entities.add(group["set"]["entity_id"])
    Decision.objects.filter(pk=last.pk).update(undone=True)
    decision = _finish(document, user, "undo", f"decision:{last.pk}", f"Undid: {last.summary}")
    spans = [(s, e) for s, e, _ in spans_rows] + [(r["start"], r["end"]) for r in deleted]
    entities |= {r["entity_id"] for r in deleted}
    return Outcome(document, decision, spans, entities, regroup=True)


def _pending(document: Document) -> int:
    return document.mentions.filter(status=ReviewStatus.PENDING).count()


@transaction.atomic
def submit(document_id: int, version: int, user) -> Outcome:
    """"Mark done": the first review is over (nothing pending); the document awaits the second look."""
    document = _begin(document_id, version, REVIEWABLE)
    pending = _pending(document)
    if pending:
        raise ActionError(f"{pending} mention(s) are still pending; decide them before marking the document done.")
    now = timezone.now()
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.SUBMITTED, submitted_by=user, submitted_at=now, review_comment=""
    )
    document.status, document.submitted_by, document.submitted_at, document.review_comment = (
        Document.Status.SUBMITTED, user, now, "")
    decision = _finish(document, user, "submit", f"document:{document.pk}", "Marked the document done")
    return Outcome(document, decision, [], set())


def _second_look(document_id: int, version: int, user) -> Document:
    from .permissions import may_approve

    document = _begin(document_id, version, (Document.Status.SUBMITTED,))
    if not may_approve(user, document):  # four-eyes, checked again under the version swap
        raise ActionError("The second look must come from another person than the one who marked it done.")
    return document


@transaction.atomic
def approve(document_id: int, version: int, user) -> Outcome:
    """The second look approves a submitted document (nothing may be pending)."""
    document = _second_look(document_id, version, user)
    pending = _pending(document)
    if pending:
        raise ActionError(f"{pending} mention(s) are still pending; decide them before approving.")
    now = timezone.now()
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.APPROVED, approved_by=user, approved_at=now, reviewer=user
    )
    document.status, document.approved_by, document.approved_at = Document.Status.APPROVED, user, now
    decision = _finish(document, user, "approve", f"document:{document.pk}", "Approved the document")
    return Outcome(document, decision, [], set())


@transaction.atomic
def send_back(document_id: int, version: int, user, comment: str) -> Outcome:
    """The second look returns a submitted document to its annotator with a comment."""
    comment = comment.strip()
    if not comment or len(comment) > 2000:
        raise ActionError("Say what needs another look (a comment of 1 to 2000 characters).")
    document = _second_look(document_id, version, user)
    Document.objects.filter(pk=document.pk).update(
        status=Document.Status.IN_REVIEW, review_comment=comment, reviewer=user
    )
    document.status, document.review_comment = Document.Status.IN_REVIEW, comment
    decision = _finish(document, user, "send_back", f"document:{document.pk}", f"Sent back: {_quote(comment, 120)}",
                       after={"comment": comment})
    return Outcome(document, decision, [], set())


# ---------------------------------------------------------------- assignment


def assign(document_ids: Iterable[int], assignee, by) -> int:
    """Assign (or, with ``assignee=None``, unassign) documents in bulk; one audit row each."""
    ids = list(Document.objects.filter(pk__in=list(document_ids)).values_list("pk", flat=True))
    with transaction.atomic():
        Document.objects.filter(pk__in=ids).update(assignee=assignee)
        summary = f"Assigned to {assignee.get_username()}" if assignee else "Unassigned"
        Decision.objects.bulk_create(
            [Decision(document_id=pk, user=by, action="assign", target=f"document:{pk}", summary=summary,
                      after={"assignee": assignee.pk if assignee else None}) for pk in ids]
        )
    return len(ids)


def take_next(corpus: Corpus, user, attempts: int = 50) -> Document | None:
    """Give ``user`` the next unassigned reviewable document of the corpus, or None.

    The claim is an UPDATE … WHERE assignee IS NULL: when two people ask at once, exactly
    one update matches and the other tries the next candidate (on every database).
    """
    candidates = Document.objects.filter(corpus=corpus, assignee__isnull=True, status__in=REVIEWABLE)
    for _ in range(attempts):
        pk = candidates.order_by("created_at", "id").values_list("pk", flat=True).first()
        if pk is None:
            return None
        with transaction.atomic():
            if Document.objects.filter(pk=pk, assignee__isnull=True).update(assignee=user):
                document = Document.objects.defer("original").get(pk=pk)
                Decision.objects.create(document=document, user=user, action="take", target=f"document:{pk}",
                                        summary="Took the document", version=document.version)
                return document
    return None
