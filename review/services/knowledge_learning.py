"""Corpus knowledge, learning: what a corpus learns from the decisions in its reviewed documents.

Part of corpus knowledge (``review.services.knowledge`` re-exports these names and applies them).

* :func:`learn` rebuilds :class:`KnownForm` rows from the decisions in documents marked done
  (submitted) or approved: forms accepted as personal data (label, counts, documents) and
  forms rejected (how often, in how many documents, in what kind of context: :func:`context_kind`,
  the label and the class of the words on each side, with its rejections, their documents and
  the acceptances of the form in that same context). An entry is
  ``trusted`` once one of its documents is approved; only trusted entries are applied.
  Knowledge never crosses corpora.
* :func:`trusted_labels`: labels whose proposals the approved documents (nearly) always accepted.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict

from django.db import transaction
from django.db.models import Count, F, Q
from django.db.models.functions import Greatest, Substr

from ..constants import ReviewStatus
from ..models import Corpus, Document, KnownForm, Mention
from .knowledge_groups import learn_groups, learnable, store_groups
from .ordinary import corpus_language, not_a_name
from .text import fold_possessive

LEARN_FROM = (Document.Status.SUBMITTED, Document.Status.APPROVED)
#: a label is trusted when the approved documents accepted at least this share of its proposals
LABEL_PRECISION, LABEL_DOCUMENTS, LABEL_MENTIONS = 0.95, 3, 30
CONTEXT_CHARS = 16
MIN_DISMISS_DOCUMENTS = 2


def context_kind(label: str, before: str, after: str, titles: frozenset[str]) -> str:
    """The kind of context a form stood in: its label and the class of the word on each side.

    A word's class: ``^`` sentence or line start, ``$`` its end, ``title`` (Mr., Commissioner),
    ``#`` a number, ``Name`` a capitalised word, a punctuation mark, else the small word itself
    ("about", "at", "years"): "AGE: about _ when" (a clock time) is not "AGE: was _ years".
    """
    left = before.rstrip(" \t")
    words = left.split()
    if words and words[-1].strip(".").casefold() in titles:
        side = "title"
    elif not left or left[-1] in "\n.?!:;":
        side = "^"
    elif not left[-1].isalnum():
        side = left[-1]
    else:
        side = _word_class(re.findall(r"[^\W_]+", words[-1])[-1])
    right = after.lstrip(" \t")
    if not right or right[0] in "\n.?!:;":
        other = "$"
    elif not right[0].isalnum():
        other = right[0]
    else:
        other = _word_class(re.match(r"[^\W_]+", right).group())
    return f"{label}: {side} _ {other}"


def _word_class(word: str) -> str:
    if word.isdigit():
        return "#"
    return "Name" if word[:1].isupper() else word.casefold()


def mention_context(text: str, start: int, end: int, label: str, titles: frozenset[str]) -> str:
    """:func:`context_kind` of a mention of a document's text (what :func:`learn` reads of it)."""
    return context_kind(label, text[max(0, start - CONTEXT_CHARS):start], text[end:end + CONTEXT_CHARS], titles)


def dismissing_contexts(entry: KnownForm) -> list[str]:
    """The contexts in which a learned entry dismisses its form: rejected there in at least
    :data:`MIN_DISMISS_DOCUMENTS` documents and never accepted there."""
    return rejecting_contexts(entry, MIN_DISMISS_DOCUMENTS)


def rejecting_contexts(entry: KnownForm, min_documents: int = 1) -> list[str]:
    """The contexts in which a form was rejected in at least ``min_documents`` documents and never
    accepted there; with one document, below a dismissal: a hint (``CorpusMark.REJECTED_BEFORE``)."""
    return sorted(kind for kind, c in (entry.contexts or {}).items()
                  if isinstance(c, dict) and not c.get("accepted") and len(c.get("documents", ())) >= min_documents)


def _titles() -> frozenset[str]:
    from anonymizer.lang.en import lexicon

    return frozenset(t.strip(".").casefold() for t in lexicon.titles() if " " not in t)


@transaction.atomic
def learn(corpus: Corpus) -> int:
    """Rebuild the corpus's knowledge from its done and approved documents; returns the entries.

    An admin's removal and label correction survive the rebuild.

    One learning per corpus at a time (its row locked ``FOR NO KEY UPDATE``, which leaves imports into
    the corpus free): two approvals or two passes at the same moment both read the known forms before
    either wrote and inserted the same form twice (an IntegrityError, the second approval a 500).
    """
    Corpus.objects.select_for_update(no_key=True).filter(pk=corpus.pk).values_list("pk").first()
    docs = dict(corpus.documents.filter(status__in=LEARN_FROM).values_list("pk", "status"))
    rows = (
        Mention.objects.filter(document_id__in=docs)
        .filter(Q(status=ReviewStatus.ACCEPTED) | Q(status=ReviewStatus.REJECTED, origin=Mention.Origin.AUTO))
        .annotate(surface=Substr("document__text", F("start") + 1, length=F("end") - F("start")),
                  before=Substr("document__text", Greatest(F("start") + 1 - CONTEXT_CHARS, 1),
                                length=F("start") + 1 - Greatest(F("start") + 1 - CONTEXT_CHARS, 1)),
                  after=Substr("document__text", F("end") + 1, length=CONTEXT_CHARS))
        .values_list("document_id", "label", "status", "surface", "before", "after")
    )
    titles = _titles()
    language = corpus_language(corpus)
    stats: dict[str, dict] = defaultdict(lambda: {"labels": Counter(), "surfaces": Counter(), "acc": 0, "rej": 0,
                                                  "acc_in": set(), "rej_in": set(), "contexts": {}})
    for document_id, label, status, surface, before, after in rows:
        form = fold_possessive(surface)
        if not form:
            continue
        entry = stats[form]
        entry["surfaces"][" ".join(surface.split())] += 1
        kind = entry["contexts"].setdefault(context_kind(label, before, after, titles),
                                            {"rejected": 0, "documents": set(), "accepted": 0})
        if status == ReviewStatus.ACCEPTED:
            entry["acc"] += 1
            entry["acc_in"].add(document_id)
            entry["labels"][label] += 1
            kind["accepted"] += 1
        else:
            entry["rej"] += 1
            entry["rej_in"].add(document_id)
            kind["rejected"] += 1
            kind["documents"].add(document_id)
    # a form without letters (a number: "9" the age, "9" the hour) is kept only for the contexts
    # it was rejected in: it is never learned as a name, and is dismissed by context only
    stats = {form: s for form, s in stats.items() if learnable(form) or s["rej"]}
    existing = {k.form: k for k in KnownForm.objects.filter(corpus=corpus)}
    new, changed = [], []
    for form, s in stats.items():
        row = existing.pop(form, None) or KnownForm(corpus=corpus, form=form[:255])
        row.surface = s["surfaces"].most_common(1)[0][0][:255]
        row.label = s["labels"].most_common(1)[0][0] if s["labels"] else ""
        row.labels = dict(s["labels"])
        if not_a_name(row.surface, language):  # never learned as a name ("Like", "four", "Thursday"); its counts stay:
            row.label, row.labels = "", {}  # accepted somewhere, it is never a learned dismissal either
        row.accepted, row.rejected = s["acc"], s["rej"]
        row.accepted_in, row.rejected_in = sorted(s["acc_in"]), sorted(s["rej_in"])
        row.contexts = {kind: {**c, "documents": sorted(c["documents"])} for kind, c in s["contexts"].items()
                        if c["rejected"]}  # where it was rejected, and whether it was also accepted there
        row.trusted = any(docs[d] == Document.Status.APPROVED for d in s["acc_in"] | s["rej_in"])
        (changed if row.pk else new).append(row)
    KnownForm.objects.bulk_create(new, batch_size=500)
    KnownForm.objects.bulk_update(changed, ["surface", "label", "labels", "accepted", "rejected", "accepted_in", "rejected_in",
                                            "contexts", "trusted"], batch_size=500)
    # forms no reviewed document supports any more (e.g. a document sent back) are forgotten
    KnownForm.objects.filter(pk__in=[k.pk for k in existing.values()]).delete()
    store_groups(corpus, learn_groups(corpus, list(docs), titles))
    return len(stats)


def trusted_labels(corpus: Corpus) -> dict[str, float]:
    """Labels whose automatic proposals the approved documents (nearly) always accepted: share accepted."""
    rows = (Mention.objects.filter(document__corpus=corpus, document__status=Document.Status.APPROVED,
                                   origin=Mention.Origin.AUTO).exclude(status=ReviewStatus.PENDING)
            .values("label").order_by()
            .annotate(total=Count("id"), documents=Count("document", distinct=True),
                      accepted=Count("id", filter=Q(status=ReviewStatus.ACCEPTED))))
    return {r["label"]: round(r["accepted"] / r["total"], 3) for r in rows
            if r["documents"] >= LABEL_DOCUMENTS and r["total"] >= LABEL_MENTIONS
            and r["accepted"] >= LABEL_PRECISION * r["total"]}
