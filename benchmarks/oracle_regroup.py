"""The oracle's one-action regroupings (phase 2): several mentions of an entity to their referent's entity.

Used by :meth:`benchmarks.oracle.OracleReviewer.review_to_right_labels` before each round of
single-mention fixes, and only where it is right per gold:

* ``services.move_surface`` moves every mention of one surface form (any case, possessive
  folded) of an entity, so the oracle calls it only when every such mention belongs in one
  target entity (mentions of the form that belong in a third entity are moved there first);
* ``services.move_mentions`` moves the mentions ticked in an entity's occurrence list (panel B):
  one action per source entity and target entity with at least two mentions to move, counted
  like ``add_mentions`` with its ticked occurrences (one submit, the ticks are reading).
"""
from __future__ import annotations

from collections import defaultdict

from anonymizer.lang.en.vocabulary import fold_possessive
from anonymizer.pseudonymize import UNNUMBERED_LABELS


def regroup(reviewer) -> int:
    """Whole forms first, then ticked groups; returns the actions taken."""
    return move_forms(reviewer) + move_ticked(reviewer)


def move_ticked(reviewer) -> int:
    """One ``move_mentions`` per (source entity, target entity) with two or more mentions to move."""
    from review.models import ReviewStatus

    referent = reviewer._referents()
    labels = reviewer.entity_labels()
    rows = [r for r in reviewer.rows() if r.status == ReviewStatus.ACCEPTED]
    homes = reviewer._homes(rows, referent, labels)
    groups: dict[tuple[int, int], list[int]] = defaultdict(list)
    for r in rows:
        target = _destination(reviewer, r, homes, labels)
        if target is not None:
            groups[(r.entity_id, target)].append(r.pk)
    done = 0
    for (_, target), ids in groups.items():
        if len(ids) >= 2:
            reviewer.act("move_many", "move_mentions", ids, target)
            done += 1
    return done


def move_forms(reviewer) -> int:
    """Plan and apply the form moves of one round; returns the actions taken."""
    from review.models import ReviewStatus

    referent = reviewer._referents()
    labels = reviewer.entity_labels()
    rows = [r for r in reviewer.rows() if r.status != ReviewStatus.REJECTED]
    homes = reviewer._homes([r for r in rows if r.status == ReviewStatus.ACCEPTED], referent, labels)
    forms: dict[tuple[int, str], list] = defaultdict(list)
    for r in rows:
        forms[(r.entity_id, fold_possessive(reviewer.text[r.start:r.end]))].append(r)
    done = 0
    for (entity_id, form), group in forms.items():
        destinations = [_destination(reviewer, r, homes, labels) for r in group]
        if None in destinations or len(group) < 2:
            continue  # something of this form stays (or needs another fix): one by one
        counts = defaultdict(int)
        for d in destinations:
            counts[d] += 1
        target = max(counts, key=lambda d: (counts[d], -d))
        if counts[target] < 2:
            continue
        for r, d in zip(group, destinations):
            if d != target:
                reviewer.act("move_split", "move_mention", r.pk, d)
                done += 1
        reviewer.act("move_many", "move_surface", entity_id, reviewer.text[group[0].start:group[0].end], target)
        done += 1
    return done


def _destination(reviewer, r, homes: dict, labels: dict) -> int | None:
    """The entity a mention must move to (its referent's home of its label), or None when it must not move there."""
    from review.models import ReviewStatus

    if r.status != ReviewStatus.ACCEPTED:
        return None
    g = reviewer.index.best(r.start, r.end)
    if g is None or g.label in UNNUMBERED_LABELS or r.label != g.label:
        return None
    home = homes.get(g.key)
    if home is None or home == r.entity_id or labels[home] != g.label:
        return None
    return home
