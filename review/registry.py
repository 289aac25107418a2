"""Consistent pseudonyms across a corpus: the registry ``(category, key) -> number``.

:func:`document_pseudonymized` is the one function that tags a document: the review
screen (tags endpoint, preview) and the export both call it. In a corpus with
``consistent_pseudonyms`` it hands the corpus registry to
:func:`anonymizer.pseudonymize.pseudonymize` as ``numbering`` (a commissioner is
``[PERSON_4]`` in every hearing) and stores the keys a document uses for the first time
(numbers ``max + 1`` per corpus and category, allocated in one transaction; the unique
constraints turn a race into a retry). Other corpora keep the same registry per document
(rows with ``document`` set): a document's numbers stay what they were first shown.

Every review action first stores the numbers the document shows (:func:`freeze`, called by
``services.base.begin``), so a relabel, reject or merge never renumbers the other tags. The
freeze pseudonymizes the whole document; ``begin`` skips it when the action that made the
shown version only changed statuses in a way that cannot show a key the registry lacks
(:func:`statuses_keep_keys`): that action froze what it saw, and accepting shows the same keys.

Reading never writes: the review screen (a GET) computes the numbers new keys would get
(``store=False``) without storing them; the export stores them. A reviewer's rename or
merge in a consistent corpus updates the registry, called explicitly by those actions
(:func:`follow_rename`, :func:`follow_merge`; rename: the key's tag; merge: the merged key
becomes an alias sharing the other key's number). A
document keeps the numbering it was first exported with: registry changes made after its
first finished export are ignored for it (the export's key archive records its tags).
"""
from __future__ import annotations

import logging
from datetime import datetime
from typing import Iterable, Sequence

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Max, Min
from django.utils import timezone

from anonymizer import lang
from anonymizer.pseudonymize import KEYS_PER_MENTION, Pseudonymized, RegistryKey, pseudonymize, renamed_parts
from anonymizer.types import Entity as CoreEntity
from anonymizer.types import Mention as CoreMention

from .constants import ReviewStatus
from .models import Corpus, CorpusEntity, Document, Entity, Export, Mention
from .rows import MENTION_COLUMNS, EntityLike, MentionLike, MentionRow

log = logging.getLogger(__name__)

ATTEMPTS = 5


# ---------------------------------------------------------------- reading the registry


def first_export(document: Document) -> datetime | None:
    """When the first finished export that contained the document ended (None: never exported)."""
    return Export.objects.filter(documents=document, status=Export.Status.DONE).aggregate(t=Min("finished_at"))["t"]


def scope(document: Document) -> Document | None:
    """Whose registry numbers the document: the corpus's (None) or the document's own."""
    return None if document.corpus.consistent_pseudonyms else document


def numbering(corpus: Corpus, cutoff: datetime | None = None, document: Document | None = None,
              ) -> tuple[dict[RegistryKey, int], dict[RegistryKey, str]]:
    """``(numbers, renames)`` of the corpus (or one document's); renames and merges after ``cutoff`` are ignored."""
    rows = {
        r["id"]: r
        for r in CorpusEntity.objects.filter(corpus=corpus, document=document).values(
            "id", "category", "key", "number", "tag", "alias_of_id", "changed_at"
        )
    }

    def active(row: dict) -> bool:
        return cutoff is None or row["changed_at"] is None or row["changed_at"] <= cutoff

    numbers: dict[RegistryKey, int] = {}
    renames: dict[RegistryKey, str] = {}
    for row in rows.values():
        final, seen = row, {row["id"]}
        while final["alias_of_id"] in rows and active(final) and final["alias_of_id"] not in seen:
            final = rows[final["alias_of_id"]]
            seen.add(final["id"])
        key = (row["category"], row["key"])
        numbers[key] = final["number"]
        if final["tag"] and active(final):
            renames[key] = final["tag"]
    return numbers, renames


def generation(corpus_id: int) -> int:
    """Bumped by every registry change: part of the review screen's tag cache key."""
    return cache.get(f"registry:generation:{corpus_id}", 0)


def _changed(corpus_id: int) -> None:
    key = f"registry:generation:{corpus_id}"
    cache.set(key, cache.get(key, 0) + 1, None)


def _tops(corpus: Corpus, document: Document | None) -> dict[str, int]:
    rows = CorpusEntity.objects.filter(corpus=corpus, document=document).order_by()
    return dict(rows.values_list("category").annotate(Max("number")))


def register(corpus: Corpus, keys: dict[RegistryKey, str], document: Document | None = None) -> None:
    """Store the keys not in the registry yet (``key -> a surface form``), in the given order."""
    for _ in range(ATTEMPTS):
        try:
            with transaction.atomic():
                scoped = CorpusEntity.objects.filter(corpus=corpus, document=document)
                existing = set(scoped.values_list("category", "key"))
                tops = _tops(corpus, document)
                rows = []
                for (category, key), surface in keys.items():
                    if (category, key) in existing:
                        continue
                    tops[category] = (tops.get(category) or 0) + 1
                    rows.append(CorpusEntity(corpus=corpus, document=document, category=category, key=key,
                                             number=tops[category], surface=surface[:255]))
                CorpusEntity.objects.bulk_create(rows)
            if rows:
                _changed(corpus.pk)
            return
        except IntegrityError:  # another document registered a key or number first: read again
            continue
    raise RuntimeError(f"could not allocate registry numbers for corpus {corpus.pk}")


def provisional(corpus: Corpus, numbers: dict[RegistryKey, int], new: Sequence[RegistryKey],
                document: Document | None = None) -> dict[RegistryKey, int]:
    """``numbers`` plus the numbers :func:`register` would give ``new`` keys now (nothing written)."""
    tops = _tops(corpus, document)
    numbers = dict(numbers)
    for category, key in new:
        tops[category] = (tops.get(category) or 0) + 1
        numbers[(category, key)] = tops[category]
    return numbers


# ---------------------------------------------------------------- tagging a document


def _core(entities: Sequence[EntityLike], mentions: Iterable[MentionLike]):
    index = {e.pk: i for i, e in enumerate(entities)}
    used = [m for m in mentions if m.status != ReviewStatus.REJECTED and m.entity_id in index]
    core_entities = [CoreEntity(i, e.label, e.category, e.name) for i, e in enumerate(entities)]
    core_mentions = [
        CoreMention(m.start, m.end, m.label, ("manual",), 1.0, m.confidence, index[m.entity_id]) for m in used
    ]
    overrides = {index[e.pk]: e.tag for e in entities if e.tag}
    return core_entities, core_mentions, overrides, used


def document_pseudonymized(
    document: Document, entities: Sequence[EntityLike], mentions: Iterable[MentionLike], *, store: bool = True
) -> tuple[Pseudonymized, list[MentionLike]]:
    """The document as it would be exported now (pending and accepted mentions replaced).

    Returns the result and the mentions in the order of its replacements. The registry (the
    corpus's, or the document's own: :func:`scope`) numbers the tags and learns the keys this
    document adds; with ``store=False`` (every GET) new keys get the numbers storing them
    would give now, and nothing is written.
    """
    corpus = document.corpus
    core_entities, core_mentions, overrides, used = _core(entities, mentions)

    def run(numbers=None, renames=None) -> Pseudonymized:
        return pseudonymize(document.text, core_mentions, core_entities, style=corpus.tag_style,
                            overrides=overrides, numbering=numbers, renames=renames,
                            language=document.language or lang.DEFAULT)

    own = scope(document)
    cutoff = first_export(document)
    numbers, renames = numbering(corpus, cutoff, own)
    result = run(numbers, renames)
    new = [key for key in result.numbers if key not in numbers]
    if new:
        if store:
            surfaces: dict[RegistryKey, str] = {}
            for r in result.replacements:
                for key in r.keys:
                    surfaces.setdefault(key, document.text[r.start : r.end])
            register(corpus, {key: surfaces.get(key, key[1]) for key in new}, own)
            numbers, renames = numbering(corpus, cutoff, own)
        else:
            numbers = provisional(corpus, numbers, new, own)
        if any(numbers.get(key) != result.numbers[key] for key in new):
            result = run(numbers, renames)
    return result, used


def _rows(document: Document) -> tuple[list[EntityLike], list[MentionRow]]:
    """The document's entities and mentions as plain rows (thousands of model instances cost several
    times more to load than the pseudonymization that reads them)."""
    entities = [EntityLike(*row) for row in Entity.objects.filter(document=document).order_by("order", "id")
                .values_list("id", "label", "category", "name", "tag")]
    found = Mention.objects.filter(document=document).order_by("start").values_list(*MENTION_COLUMNS)
    return entities, [MentionRow(*row) for row in found]


def keys_by_mention(document: Document, entities: Sequence[EntityLike], mentions: Sequence[MentionLike]) -> dict[int, tuple]:
    """Mention pk -> the registry keys its tag uses."""
    result, used = document_pseudonymized(document, entities, mentions)
    return {m.pk: r.keys for r, m in zip(result.replacements, used)}


# ---------------------------------------------------------------- following the review


def rename_entity(document: Document, entity_pk: int, tag: str) -> int:
    """Give the keys of an entity the reviewer's tag in the whole corpus (``""``: back to numbers)."""
    entities, mentions = _rows(document)
    own = {m.pk for m in mentions if m.entity_id == entity_pk}
    keys = {key for pk, ks in keys_by_mention(document, entities, mentions).items() if pk in own for key in ks}
    entity = next(e for e in entities if e.pk == entity_pk)
    # parts style: a person keeps one tag per name part ([BASE_FIRST], [BASE_LAST]), as in its document
    parts = renamed_parts(entity.name, tag) if document.corpus.tag_style == "parts" and entity.label == "PERSON" else {}
    changed = 0
    for category, key in keys:
        changed += CorpusEntity.objects.filter(corpus=document.corpus, category=category, key=key).update(
            tag=parts.get(key, tag), changed_at=timezone.now()
        )
    _changed(document.corpus_id)
    return changed


def merge_keys(document: Document, moved: dict[int, int], target_pk: int) -> list[int]:
    """After a merge: each moved mention's former key becomes an alias of the key it has now.

    ``moved`` maps mention pk -> the entity pk it had before the merge. A key the moved
    mentions still have that the target's own mentions do not use (``Fenoti`` merged into
    ``Trinidad Fonoti``) becomes an alias of the target's closest key of its category: the
    reviewer said it is the same referent, so it takes the same tag. Returns the aliased rows.

    The keys of the state before are stored first: when the moved mentions kept their labels that
    state is the document as it was, so this is the freeze the merge's ``begin`` skips.
    """
    entities, after = _rows(document)
    before = [m._replace(entity_id=moved[m.pk]) if m.pk in moved else m for m in after]
    then_keys = keys_by_mention(document, entities, before)
    now_keys = keys_by_mention(document, entities, after)
    own = {key for m in after if m.entity_id == target_pk and m.pk not in moved for key in now_keys.get(m.pk, ())}
    pairs: dict[RegistryKey, RegistryKey] = {}
    for pk in moved:
        old, new = then_keys.get(pk, ()), now_keys.get(pk, ())
        if len(old) == len(new):
            pairs.update((source, target) for source, target in zip(old, new) if source != target)
        for key in new:
            closest = _closest(key, own)
            if key not in own and key not in pairs and closest:
                pairs[key] = closest
    aliased = [_alias(document.corpus, source, target, scope(document)) for source, target in pairs.items()]
    _changed(document.corpus_id)
    return [pk for pk in aliased if pk]


def _closest(key: RegistryKey, keys: Iterable[RegistryKey]) -> RegistryKey | None:
    """The key of ``keys`` in the same category whose text is most like ``key``'s (rapidfuzz ratio)."""
    from rapidfuzz import fuzz, process

    candidates = sorted(k for k in keys if k[0] == key[0])
    best = process.extractOne(key[1], [k[1] for k in candidates], scorer=fuzz.ratio)
    return candidates[best[2]] if best else None


@transaction.atomic
def _alias(corpus: Corpus, source: RegistryKey, target: RegistryKey, document: Document | None) -> int | None:
    rows = CorpusEntity.objects.select_for_update().filter(corpus=corpus, document=document)
    source_row = rows.filter(category=source[0], key=source[1]).first()
    target_row = rows.filter(category=target[0], key=target[1]).first()
    if source_row is None or target_row is None:
        return None
    node, seen = target_row, set()
    while node.alias_of_id and node.pk not in seen:  # never build a cycle
        seen.add(node.pk)
        if node.alias_of_id == source_row.pk:
            CorpusEntity.objects.filter(pk=node.pk).update(alias_of=None, changed_at=timezone.now())
            break
        node = CorpusEntity.objects.get(pk=node.alias_of_id)
    CorpusEntity.objects.filter(pk=source_row.pk).update(alias_of=target_row, changed_at=timezone.now())
    return source_row.pk


def freeze(document: Document) -> None:
    """Store the numbers the document shows now, before an action changes what it shows."""
    document_pseudonymized(document, *_rows(document))


def statuses_keep_keys(document: Document, moves: Iterable[tuple[str, str]]) -> bool:
    """Whether status changes ``(old, new)`` leave the document showing no registry key it did not
    show before: nothing rejected comes back (pending and accepted mentions are both tagged), and a
    rejection only drops keys where keys are per mention (the corpus's tag style)."""
    rejected = ReviewStatus.REJECTED
    moves = list(moves)
    if any(old == rejected != new for old, new in moves):
        return False
    dropped = any(new == rejected != old for old, new in moves)
    return not dropped or document.corpus.tag_style in KEYS_PER_MENTION


def unalias(document: Document, rows: Iterable[int]) -> None:
    """Undo of a merge: the keys it aliased get their own numbers back."""
    CorpusEntity.objects.filter(corpus=document.corpus_id, pk__in=list(rows)).update(
        alias_of=None, changed_at=timezone.now())
    _changed(document.corpus_id)


def follow_rename(document: Document, entity_pk: int, tag: str) -> None:
    """A rename (or its undo) in a consistent corpus: the entity's keys take ``tag`` corpus-wide.

    This stores every key the document shows (:func:`rename_entity` pseudonymizes with
    ``store=True``); a rename changes tag texts, never which keys are used, so that is what a
    :func:`freeze` before the rename would have stored: the rename skips that freeze.
    """
    if document.corpus.consistent_pseudonyms:
        rename_entity(document, entity_pk, tag)
        log.info("registry of corpus %s follows a rename in document %s", document.corpus_id, document.pk)


def follow_merge(document: Document, moved: dict[int, int], target_pk: int) -> list[int]:
    """A merge: ``moved`` maps each moved mention pk to its former entity pk; returns the aliased rows."""
    aliased = merge_keys(document, moved, target_pk)
    log.info("registry of corpus %s follows a merge in document %s", document.corpus_id, document.pk)
    return aliased
