"""Learned grouping: which known forms belong to one corpus-wide person, applied to a new document.

Part of corpus knowledge (``review.services.knowledge`` calls it; nothing here imports that module).

* :func:`learn_groups` reads the accepted name mentions of the reviewed documents entity by
  entity. An entity's *anchor* is its fullest form (the most name words once titles are off,
  at least two: "Consuelo Mendoza"). A form belongs to a corpus-wide entity (``KnownForm.group``
  = the folded anchor) when every reviewed entity that accepted it had that one anchor: "Mendoza"
  accepted with "Consuelo Mendoza" in three hearings and with "Andre Mendoza" in another belongs
  to no group (different people share surnames across hearings).
* :func:`regroup` (after the known forms are applied): in a document that mentions a group's
  anchor itself, the pending mentions of the group's other forms that the pass put in another
  entity move into the anchor's entity with its label, marked known (``corpus_mark``), listed
  in the ``corpus_apply`` Decision so :func:`knowledge.reset` puts them back; a person moves one
  back with the ordinary (undoable) move. **Safety**: a form that shares a name word with
  another person of THIS document (another entity's full name, a title-page participant) is
  not moved: it stays where the pass put it, pending, marked ``conflict`` with both reasons.
  Decided mentions are never touched; only the document's own corpus is read.
* A one-word form accepted with several full names, each time as a word of that name ("Georgia"
  with "Georgia Abernathy", then with "Georgia Washington"), is a *name part* (``group`` =
  :data:`PART`): in a new document its pending mentions join the one person whose full name
  holds the word, when exactly one person (entity or title-page participant) does; with two or
  more (a family) it stays where the pass put it.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict

from django.db.models import F
from django.db.models.functions import Substr

from anonymizer.lang.en import gazetteer, lexicon

from ..constants import CorpusMark, ReviewStatus
from ..models import Document, KnownForm, Mention
from .ordinary import corpus_language, not_a_name
from .text import fold_possessive

#: labels whose surface form names a referent across hearings (numbers, dates, ages do not:
#: "two thousand" or "sixteen" recur as ordinary words; their labels are trusted as a whole)
NAME_LABELS = frozenset({"PERSON", "LOCATION", "ORGANIZATION"})
MIN_FORM_LENGTH = 3
_LETTER = re.compile(r"[^\W\d_]")
#: a name word as written: a capital first ("McDONALD", "O'Brien", "St."), letters, ' - .
_NAME_WORD = re.compile(r"[^\W\d_a-z][^\W\d_]*(?:['’.-][^\W\d_]*)*")
#: small words a name may hold between its capitalised words ("Maria de la Cruz", "New Way of Life")
#: ``KnownForm.group`` of a name part of different people (never a folded name: it has no letters)
PART = "*"
_PARTICLES = frozenset({"de", "la", "del", "van", "von", "der", "da", "di", "du", "le", "of", "the", "and", "bin", "al"})


def learnable(form: str) -> bool:
    """Forms worth recognizing across hearings: letters in them, not too short (no bare numbers)."""
    return len(form) >= MIN_FORM_LENGTH and bool(_LETTER.search(form))


def plausible_name(surface: str, language: str = "en") -> bool:
    """A learned name must look like one: capitalised words (small particles inside), nothing else.

    Keeps "People," (punctuation), "mother" (lower case), "the Board", a lone stop word
    ("And", the piece of a cut name) and an ordinary word, a number word, a weekday or a month
    (``ordinary.not_a_name``: "Like", "Four", "Thursday") from being learned and then found
    everywhere as a name.
    """
    words = surface.split()
    if not words or not learnable(surface):
        return False
    if len(words) == 1 and lexicon.is_stop_word(words[0]):
        return False  # "And" of a cut "And- ... -re Kowalski": applied as written, it is every "And"
    if not_a_name(surface, language):
        return False  # "Like", "Thursday", "Four": one wrong acceptance would find every one of them
    if not (_NAME_WORD.fullmatch(words[0]) and _NAME_WORD.fullmatch(words[-1])):
        return False
    return all(_NAME_WORD.fullmatch(w) or w in _PARTICLES for w in words[1:-1])


#: a courtesy title right before a name ("Mr. Washington"): a person, whatever the corpus learned
_TITLED = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Dr|Officer|Commissioner|Attorney)\.?[ ]$", re.IGNORECASE)


def held_by_pass(text: str, mention: Mention, label: str, entity_name: str = "") -> bool:
    """Whether the automatic pass's own evidence keeps this mention's label against a learned
    ``label``: the title page or a speaker tag found it (``ATTORNEY WASHINGTON``), a title stands
    before a PERSON ("Mr. Washington"), the pass put a PERSON word with a full name that holds it
    (``entity_name`` "Darnell Washington"), or it is a LOCATION the gazetteers know as a place
    ("Atlanta, Georgia"; "Georgia" a woman elsewhere in the corpus)."""
    if mention.label == label:
        return False
    if {"header", "rule"} & set(mention.source_list()):
        return True
    if mention.label == "PERSON" and (_TITLED.search(text, max(0, mention.start - 14), mention.start) or (
            len(entity_name.split()) > 1 and fold_possessive(text[mention.start:mention.end]) in entity_name.casefold().split())):
        return True
    return mention.label == "LOCATION" and gazetteer.place_category(text[mention.start:mention.end]) is not None


def name_words(form: str, titles: frozenset[str]) -> list[str]:
    """The folded words of a form without leading titles ("commissioner mendoza" -> ["mendoza"])."""
    words = form.split()
    while len(words) > 1 and words[0].strip(".") in titles:
        words = words[1:]
    return words


def anchor_of(forms: set[str], titles: frozenset[str]) -> str:
    """An entity's fullest form: the most name words (at least two), then the longest; "" = none."""
    best = max(forms, key=lambda f: (len(name_words(f, titles)), len(f), f), default="")
    return best if len(name_words(best, titles)) >= 2 else ""


def learn_groups(corpus, documents: list[int], titles: frozenset[str]) -> tuple[dict[str, str], dict[str, set[str]]]:
    """``(groups, apart)``: form -> the folded anchor of the one corpus-wide entity every reviewed
    entity put it in (or :data:`PART`); a name part -> the full names of people the reviewers kept
    it apart from in a document where both stood (bare "Consuelo" never with the transcriber
    "Consuelo Pruitt", though the pass had put it there)."""
    rows = (Mention.objects.filter(document_id__in=documents, status=ReviewStatus.ACCEPTED, label__in=NAME_LABELS)
            .annotate(surface=Substr("document__text", F("start") + 1, length=F("end") - F("start")))
            .values_list("document_id", "entity_id", "entity__label", "surface"))
    forms: dict[tuple[int, int, str], set[str]] = defaultdict(set)
    language = corpus_language(corpus)
    for document_id, entity_id, label, surface in rows:
        if plausible_name(" ".join(surface.split()), language):
            forms[(document_id, entity_id, label)].add(fold_possessive(surface))
    anchors: dict[str, set[tuple[str, str]]] = defaultdict(set)
    people: dict[int, set[str]] = defaultdict(set)  # document -> anchors of its people
    placed: list[tuple[int, str, str]] = []  # (document, form, anchor of its entity)
    for (document_id, _, label), members in forms.items():
        anchor = anchor_of(members, titles)
        if anchor and label == "PERSON":
            people[document_id].add(anchor)
        for form in members:
            anchors[form].add((anchor, label))
            placed.append((document_id, form, anchor))
    groups: dict[str, str] = {}
    for form, found in anchors.items():
        names = {a for a, _ in found}
        if len(names) == 1 and next(iter(names)):
            groups[form] = next(iter(names))
        elif len(names) > 1 and len(form.split()) == 1 and all(
                label == "PERSON" and form in name_words(a, titles) for a, label in found):
            groups[form] = PART  # one word of every person's full name it was accepted with: a name part
    apart: dict[str, set[str]] = defaultdict(set)
    for document_id, form, anchor in placed:
        if groups.get(form) == PART:
            apart[form] |= {other for other in people[document_id] - {anchor} if form in name_words(other, titles)}
    used = {form: {a for a, _ in found} for form, found in anchors.items()}
    return groups, {form: others - used[form] for form, others in apart.items() if others - used[form]}


def store_groups(corpus, learned: tuple[dict[str, str], dict[str, set[str]]]) -> None:
    """Write the learned groups (and who each name part is kept apart from) onto the KnownForm rows."""
    groups, apart = learned
    changed = []
    for row in KnownForm.objects.filter(corpus=corpus).only("pk", "form", "group", "apart"):
        group, others = groups.get(row.form, "")[:255], sorted(apart.get(row.form, ()))
        if (row.group, row.apart) != (group, others):
            row.group, row.apart = group, others
            changed.append(row)
    KnownForm.objects.bulk_update(changed, ["group", "apart"], batch_size=500)


def _other_people(document: Document, entities: dict[int, tuple[str, str]], group: str, groups: dict[str, str],
                  titles: frozenset[str]) -> list[tuple[set[str], str]]:
    """Other people of this document: (their name words, where they come from), outside ``group``."""
    from anonymizer.types import Header

    people: list[tuple[set[str], str]] = []
    for label, name in entities.values():
        form = fold_possessive(name)
        words = name_words(form, titles)
        if label == "PERSON" and len(words) >= 2 and form != group and groups.get(form) != group:
            people.append((set(words), "another person of this document shares this name"))
    header = Header.from_dict(document.header)
    for name in header.person_names() if header is not None else ():
        form = fold_possessive(name)
        if form != group and groups.get(form) != group:
            people.append((set(name_words(form, titles)), "a title-page participant shares this name"))
    return people


def regroup(document: Document, groups: dict[str, str], labels: dict[str, str], titles: frozenset[str],
            apart: dict[str, set[str]] | None = None) -> tuple[list[list], list[list]]:
    """Move pending mentions of a learned group into its anchor's entity; returns (grouped, conflicts).

    ``grouped``: ``[mention pk, entity before, label before]``; ``conflicts``: ``[mention pk, reason]``.
    """
    if not groups:
        return [], []
    text = document.text
    rows = list(Mention.objects.filter(document=document).select_related("entity").order_by("start"))
    by_form: dict[str, list[Mention]] = defaultdict(list)
    for m in rows:
        by_form[fold_possessive(text[m.start:m.end])].append(m)
    entities = {m.entity_id: (m.entity.label, m.entity.name) for m in rows}
    grouped: list[list] = []
    conflicts: list[list] = []
    changed: list[Mention] = []
    _join_parts(document, rows, by_form, entities, (groups, apart or {}), labels, titles, grouped, changed)
    members: dict[str, list[str]] = defaultdict(list)
    for form, anchor in groups.items():
        if form != anchor:
            members[anchor].append(form)
    for group in sorted({g for g in groups.values() if by_form.get(g)}):
        anchored = [m for m in by_form[group] if m.status != ReviewStatus.REJECTED]
        if not anchored:
            continue
        target = Counter(m.entity_id for m in anchored).most_common(1)[0][0]
        label = labels.get(group) or entities[target][0]
        if entities[target][0] != label:
            continue  # the pass gave the full name another label: a person decides
        others = None
        for form in members[group]:
            for m in by_form.get(form, ()):
                if m.entity_id == target or m.status != ReviewStatus.PENDING or m.origin != Mention.Origin.AUTO \
                        or m.label not in NAME_LABELS or held_by_pass(text, m, label):
                    continue
                if others is None:
                    others = _other_people(document, entities, group, groups, titles)
                words = set(name_words(form, titles))
                reason = next((why for names, why in others if words & names), "")
                if reason:
                    conflicts.append([m.pk, "the corpus knows this name as part of a recurring person, but "
                                      f"{reason}: left where the automatic pass put it"])
                    m.corpus_mark = CorpusMark.CONFLICT
                    changed.append(m)
                    continue
                _move(m, target, label, grouped, changed)
    Mention.objects.bulk_update(changed, ["entity", "label", "corpus_mark", "confidence", "sources"], batch_size=500)
    return grouped, conflicts


def _move(m: Mention, target: int, label: str, grouped: list[list], changed: list[Mention]) -> None:
    """Put a pending mention in the corpus's entity, visibly (marked known, listed for reset)."""
    grouped.append([m.pk, m.entity_id, m.label])
    m.entity_id, m.label = target, label
    if not m.corpus_mark:
        m.corpus_mark, m.confidence = CorpusMark.KNOWN, 1
        m.sources = "+".join(dict.fromkeys([*m.source_list(), "corpus"]))[:120]
    changed.append(m)


def _join_parts(document: Document, rows: list[Mention], by_form: dict[str, list[Mention]],
                entities: dict[int, tuple[str, str]], learned: tuple[dict[str, str], dict[str, set[str]]],
                labels: dict[str, str], titles: frozenset[str], grouped: list[list], changed: list[Mention]) -> None:
    """Name parts (:data:`PART`) join the one person of this document whose full name holds them
    (people the reviewers kept the part apart from do not count)."""
    from anonymizer.types import Header

    groups, apart = learned
    live = {m.entity_id for m in rows if m.status != ReviewStatus.REJECTED}
    people: dict[str, dict[int, str]] = defaultdict(dict)  # name word -> PERSON entity -> its full name
    for entity_id, (label, name) in entities.items():
        words = name_words(fold_possessive(name), titles)
        if label == "PERSON" and len(words) >= 2 and entity_id in live:
            for word in words:
                people[word][entity_id] = " ".join(words)
    header = Header.from_dict(document.header)
    listed = [name_words(fold_possessive(name), titles) for name in (header.person_names() if header else ())]
    for form, group in groups.items():
        kept_apart = apart.get(form, set())
        candidates = [e for e, name in people.get(form, {}).items() if name not in kept_apart]
        if group != PART or labels.get(form) != "PERSON" or len(candidates) != 1:
            continue
        target = candidates[0]
        name = name_words(fold_possessive(entities[target][1]), titles)
        if any(form in words and words != name and " ".join(words) not in kept_apart for words in listed):
            continue  # the title page names someone else with this word
        for m in by_form.get(form, ()):
            if m.entity_id != target and m.status == ReviewStatus.PENDING and m.origin == Mention.Origin.AUTO \
                    and m.label in NAME_LABELS and not held_by_pass(document.text, m, "PERSON"):
                _move(m, target, "PERSON", grouped, changed)


def reset_groups(document: Document, audit_after: dict) -> None:
    """Put mentions the corpus grouped back in the pass's entity, with the pass's label (still pending only)."""
    for pk, entity_id, label in (audit_after or {}).get("grouped", []):
        document.mentions.filter(pk=pk, status=ReviewStatus.PENDING).update(entity_id=entity_id, label=label)
