"""Freezing the shown numbers only when an action could show a new registry key (issue #13, load).

Every action keeps the numbers the document shows (``registry.freeze``, a whole-document
pseudonymization); ``services.base.begin`` skips it when the last decision only changed
statuses in a way that shows no key the registry lacks.
"""
from __future__ import annotations

import pytest

from anonymizer.pseudonymize import KEYS_PER_MENTION, pseudonymize
from review import registry, services
from review.constants import ReviewStatus
from tests.test_registry import core, rows
from tests.test_review_pseudonyms import FAMILY, FAMILY_SPECS, family, fresh, tagged

SPELLED = "INMATE: Jones Smith spelled it J-O-N-E-S.\n"
SPELLED_SPECS = [("Jones Smith", "PERSON", "Jones Smith"), ("J-O-N-E-S", "SPELLED_NAME", "J-O-N-E-S")]


def keys(text: str, specs, style: str, drop: int | None = None) -> set:
    mentions, entities = core(text, specs)
    kept = [m for i, m in enumerate(mentions) if i != drop]
    return set(pseudonymize(text, kept, entities, style=style, numbering={}).numbers)


@pytest.mark.parametrize("style", ["parts", "referent"])
@pytest.mark.parametrize(("text", "specs"), [(FAMILY, FAMILY_SPECS), (SPELLED, SPELLED_SPECS)])
def test_it_drops_mentions_without_adding_keys_where_keys_are_per_mention(style, text, specs):
    every = keys(text, specs, style)
    added = [keys(text, specs, style, drop) - every for drop in range(len(specs))]
    if style in KEYS_PER_MENTION:
        assert not any(added)
    elif specs is SPELLED_SPECS:  # referent: without the person's mention the spelled name keys its own letters
        assert added[0] == {("PERSON", "jones")}


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("r", password="a-long-test-password")


@pytest.fixture
def pseudonymizations(monkeypatch):
    """Counts the whole-document pseudonymizations the registry runs."""
    calls = []

    def counting(*args, **kwargs):
        calls.append(1)
        return pseudonymize(*args, **kwargs)

    monkeypatch.setattr(registry, "pseudonymize", counting)
    return calls


def mention(document, surface: str):
    return next(m for m in document.mentions.all() if document.text[m.start:m.end] == surface)


def status(document, user, surface: str, value: str):
    return services.set_mention_status(document.pk, fresh(document).version, user, mention(document, surface).pk, value)


def previous_action(document, user, action: str) -> None:
    if action == "accept":
        status(document, user, "Young", ReviewStatus.ACCEPTED)
    elif action == "reject":
        status(document, user, "Young", ReviewStatus.REJECTED)
    elif action == "restore":  # a rejected mention is tagged again
        status(document, user, "Young", ReviewStatus.REJECTED)
        status(document, user, "Young", ReviewStatus.ACCEPTED)
    elif action == "reject entity":
        entity = mention(document, "Young").entity_id
        services.set_entity_status(document.pk, fresh(document).version, user, entity, ReviewStatus.REJECTED)
    elif action == "relabel":
        services.relabel_mention(document.pk, fresh(document).version, user, mention(document, "Young").pk, "LOCATION")
    elif action == "undo":
        status(document, user, "Young", ReviewStatus.ACCEPTED)
        services.undo(document.pk, fresh(document).version, user)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("style", "action", "expected"),
    [
        ("parts", "accept", 0),
        ("parts", "reject", 0),
        ("parts", "reject entity", 0),
        ("referent", "accept", 0),
        ("referent", "reject", 1),  # a dropped person's mention may give a spelled name a new key
        ("parts", "restore", 1),
        ("parts", "relabel", 1),
        ("parts", "undo", 1),
    ],
)
def test_it_pseudonymizes_the_whole_document_on_an_action_only_when_a_new_key_may_show(
        user, pseudonymizations, style, action, expected):
    document = family(consistent=False, style=style)
    status(document, user, "Ruff", ReviewStatus.ACCEPTED)  # the first action after the pass freezes
    assert len(pseudonymizations) == 1
    previous_action(document, user, action)
    shown = tagged(document)
    del pseudonymizations[:]
    status(document, user, "Fenoti", ReviewStatus.ACCEPTED)
    assert len(pseudonymizations) == expected
    assert tagged(document) == shown  # accepting a tagged mention changes no tag either way


@pytest.mark.django_db
def test_it_keeps_every_number_shown_through_accepts_and_rejects_without_freezing(user):
    document = family(consistent=True)
    status(document, user, "Ruff", ReviewStatus.ACCEPTED)
    shown = tagged(document)
    for surface, value in (("Young", ReviewStatus.REJECTED), ("Fenoti", ReviewStatus.ACCEPTED),
                           ("Trinidad", ReviewStatus.REJECTED)):
        status(document, user, surface, value)
    kept = tagged(document)
    assert "Young" in kept and "Trinidad said" in kept  # rejected: left as is
    for old, new in zip(shown.split(), kept.split()):
        assert new == old or new in ("Young", "Trinidad")  # every other tag keeps its number


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("style", "action", "expected"),
    [
        ("parts", "accept", 0),
        ("parts", "reject", 0),  # Young's only mention: his tag goes away
        ("referent", "accept", 0),
        ("referent", "reject", 1),
        ("parts", "restore", 1),
        ("parts", "relabel", 1),
    ],
)
def test_it_carries_the_tags_over_status_decisions_without_pseudonymizing(
        client, django_user_model, pseudonymizations, style, action, expected):
    from django.core.cache import cache

    admin = django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)
    client.force_login(admin)
    document = family(consistent=False, style=style)
    status(document, admin, "Ruff", ReviewStatus.ACCEPTED)
    if action == "restore":
        status(document, admin, "Young", ReviewStatus.REJECTED)
    tags_url = f"/documents/{document.pk}/tags/"
    client.get(tags_url)
    previous_action(document, admin, "accept" if action == "restore" else action)
    del pseudonymizations[:]
    tags = client.get(tags_url).json()["tags"]
    assert len(pseudonymizations) == expected
    cache.clear()
    assert client.get(tags_url).json()["tags"] == tags  # the same as computed from scratch
    young = mention(document, "Young").entity_id
    assert (str(young) in tags) == (action != "reject")


# ---------------------------------------------------------------- renames and undone renames

def always_freezing(monkeypatch) -> None:
    """The reference: every action freezes the whole document first (no skipped work)."""
    from review.services import additions, base, entities, mentions

    monkeypatch.setattr(base, "_shown_keys_stored", lambda document: False)
    begin = base.begin
    for module in (additions, entities, mentions):
        monkeypatch.setattr(module, "begin", lambda *args, **kwargs: begin(*args, **{**kwargs, "freeze": True}))


def step(document, user, action: str) -> None:
    def entity(surface: str) -> int:
        return mention(document, surface).entity_id

    if action.startswith("rename "):
        services.rename_tag(document.pk, fresh(document).version, user, entity(action.split()[1]), "witness")
    elif action == "undo":
        services.undo(document.pk, fresh(document).version, user)
    elif action == "merge":
        services.merge_entities(document.pk, fresh(document).version, user, entity("Fenoti"), entity("Trinidad"))
    elif action == "relabel":
        services.relabel_mention(document.pk, fresh(document).version, user, mention(document, "Young").pk, "LOCATION")
    else:
        verb, surface = action.split()
        status(document, user, surface, {"accept": ReviewStatus.ACCEPTED, "reject": ReviewStatus.REJECTED}[verb])


def shown(document) -> tuple:
    """What the document shows (nothing stored) and what its registry holds."""
    from review.models import CorpusEntity

    document = fresh(document)
    text = registry.document_pseudonymized(document, *rows(document), store=False)[0].text
    stored = CorpusEntity.objects.filter(corpus=document.corpus).order_by("category", "key")
    return text, list(stored.values_list("category", "key", "number", "tag", "alias_of__key"))


SEQUENCES = [
    ("reject Young", "rename Trinidad", "reject Ruff", "undo"),
    ("rename Trinidad", "undo", "reject Young", "accept Fenoti"),
    ("rename Young", "rename Ruff", "undo", "undo", "reject Fenoti"),
    ("merge", "rename Trinidad", "undo", "undo", "reject Young"),
    ("relabel", "rename Ruff", "reject Trinidad", "undo", "undo"),
    ("reject Young", "undo", "rename Ruff", "accept Fenoti"),
    ("relabel", "merge", "undo", "reject Ruff"),  # the merge after a relabel: its freeze is follow_merge's first step
    ("reject Young", "undo", "merge", "rename Trinidad", "undo", "undo"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("consistent", [False, True])
@pytest.mark.parametrize("style", ["parts", "referent"])
@pytest.mark.parametrize("sequence", SEQUENCES)
def test_it_shows_and_stores_what_freezing_before_every_action_would(user, monkeypatch, consistent, style, sequence):
    from review.models import Corpus
    from tests.test_registry import annotate

    def run(name: str) -> list:
        corpus = Corpus.objects.create(name=name, consistent_pseudonyms=consistent, tag_style=style)
        document = annotate(corpus, "family", FAMILY, FAMILY_SPECS)
        status(document, user, "Ruff", ReviewStatus.ACCEPTED)
        states = []
        for action in sequence:
            step(document, user, action)
            states.append(shown(document))
        return states

    skipping = run("skipping")
    always_freezing(monkeypatch)
    assert skipping == run("reference")


@pytest.mark.django_db
@pytest.mark.parametrize("consistent", [False, True])
def test_it_pseudonymizes_a_rename_and_its_undo_at_most_once(user, pseudonymizations, consistent):
    document = family(consistent=consistent)
    status(document, user, "Ruff", ReviewStatus.ACCEPTED)
    # a consistent corpus's registry follows the rename (it pseudonymizes once to find the entity's keys,
    # storing them); in the other corpora nothing new can show after the accept, nor after the rename
    expected = {"rename Trinidad": int(consistent), "undo": int(consistent), "accept Fenoti": 0}
    for action, count in expected.items():
        del pseudonymizations[:]
        step(document, user, action)
        assert len(pseudonymizations) == count, action


@pytest.mark.django_db
@pytest.mark.parametrize("consistent", [False, True])
def test_it_pseudonymizes_a_merge_twice_not_three_times(user, pseudonymizations, consistent):
    document = family(consistent=consistent)
    step(document, user, "relabel")  # then the merge cannot skip storing the keys shown
    del pseudonymizations[:]
    step(document, user, "merge")
    assert len(pseudonymizations) == 2  # the keys before (stored: the freeze) and after the merge
