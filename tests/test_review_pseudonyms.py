"""Pseudonyms that hold still under review: merges unify, relabels and rejections renumber nothing else."""
from __future__ import annotations

import pytest

from review import registry, services
from review.models import Corpus, Document
from tests.test_registry import annotate, rows, tagged

pytestmark = pytest.mark.django_db

FAMILY = ("INMATE: Trinidad Fonoti wrote it.\nCOMMISSIONER: Fenoti said what?\n"
          "INMATE: Yes, Trinidad said, F-O-N-O-T-I. Mr. Young and Mr. Ruff came.\n")
FAMILY_SPECS = [("Trinidad Fonoti", "PERSON", "Trinidad Fonoti"), ("Fenoti", "PERSON", "Fenoti"),
                ("Trinidad", "PERSON", "Trinidad Fonoti"), ("F-O-N-O-T-I", "SPELLED_NAME", "F-O-N-O-T-I"),
                ("Young", "PERSON", "Young"), ("Ruff", "PERSON", "Ruff")]


@pytest.fixture
def user(django_user_model):
    return django_user_model.objects.create_user("r", password="a-long-test-password")


def family(consistent: bool, style: str = "parts") -> Document:
    corpus = Corpus.objects.create(name=f"f-{consistent}-{style}", consistent_pseudonyms=consistent, tag_style=style)
    return annotate(corpus, "family", FAMILY, FAMILY_SPECS)


def fresh(document: Document) -> Document:
    return Document.objects.select_related("corpus").get(pk=document.pk)


def key_tags(document: Document, name: str) -> tuple[str, ...]:
    document = fresh(document)
    entities, mentions = rows(document)
    result = registry.document_pseudonymized(document, entities, mentions)[0]
    return next(e.tags for e in result.key if e.entity is not None and entities[e.entity].name == name)


def line(document: Document, n: int) -> str:
    return tagged(document).split("\n")[n]


@pytest.mark.parametrize("consistent", [False, True])
def test_it_gives_a_merged_misspelling_the_target_s_tag(user, consistent):
    document = family(consistent)
    surname = line(document, 0).split()[2]
    assert surname not in line(document, 1)  # before: Fenoti has a tag of its own
    source, target = document.entities.get(name="Fenoti"), document.entities.get(name="Trinidad Fonoti")
    services.merge_entities(document.pk, fresh(document).version, user, source.pk, target.pk)
    assert line(document, 1).split()[1] == surname
    assert len(key_tags(document, "Trinidad Fonoti")) == 2  # first name and surname, not three


@pytest.mark.parametrize("consistent", [False, True])
def test_it_gives_the_merged_key_its_own_tag_back_on_undo(user, consistent):
    document = family(consistent)
    before = tagged(document)
    source, target = document.entities.get(name="Fenoti"), document.entities.get(name="Trinidad Fonoti")
    outcome = services.merge_entities(document.pk, fresh(document).version, user, source.pk, target.pk)
    services.undo(document.pk, outcome.document.version, user)
    assert tagged(document) == before


@pytest.mark.parametrize("action", ["relabel", "reject", "reject_entity"])
@pytest.mark.parametrize("consistent", [False, True])
def test_it_keeps_the_other_tags_when_an_earlier_mention_changes(user, consistent, action):
    document = family(consistent)
    last = line(document, 2).split("Mr. ")[1:]  # the tags of Young and Ruff
    fenoti = document.entities.get(name="Fenoti")
    mention = fenoti.mentions.get()
    version = fresh(document).version
    if action == "relabel":
        services.relabel_entity(document.pk, version, user, fenoti.pk, "LOCATION")
    elif action == "reject":
        services.set_mention_status(document.pk, version, user, mention.pk, "rejected")
    else:
        services.set_entity_status(document.pk, version, user, fenoti.pk, "rejected")
    assert line(document, 2).split("Mr. ")[1:] == last


@pytest.mark.parametrize("how", ["move", "merge"])
def test_it_keeps_a_spelled_name_a_spelled_name_in_a_person(user, how):
    document = family(False)
    spelled = document.entities.get(name="F-O-N-O-T-I")
    target = document.entities.get(name="Trinidad Fonoti")
    version = fresh(document).version
    if how == "move":
        services.move_mention(document.pk, version, user, spelled.mentions.get().pk, target.pk)
    else:
        services.merge_entities(document.pk, version, user, spelled.pk, target.pk)
    mention = target.mentions.get(start=FAMILY.index("F-O-N-O-T-I"))
    assert mention.label == "SPELLED_NAME"
    assert "[SPELLED_NAME_PERSON_" in line(document, 2)
