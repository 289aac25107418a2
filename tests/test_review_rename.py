"""Renaming a person in the parts style keeps its structure; relatives sharing the surname follow (issue #12)."""
from __future__ import annotations

import pytest

from review import services
from review.models import Corpus

from .test_registry import annotate, tagged

TEXT = ("COMMISSIONER RUFF: Mr. Kevin Richardson, your brother Dale Richardson wrote.\n"
        "INMATE RICHARDSON: Yes. That is R-I-C-H-A-R-D-S-O-N.\n")
SPECS = [("RUFF", "PERSON", "Ruff"), ("Kevin Richardson", "PERSON", "Kevin Richardson"),
         ("Dale Richardson", "PERSON", "Dale Richardson"), ("RICHARDSON", "PERSON", "Kevin Richardson"),
         ("R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", "Kevin Richardson")]
OTHER = "INMATE RICHARDSON: My brother Dale Richardson.\n"
OTHER_SPECS = [("RICHARDSON", "PERSON", "Kevin Richardson"), ("Dale Richardson", "PERSON", "Dale Richardson")]


@pytest.mark.django_db
@pytest.mark.parametrize(("consistent", "expected"), [
    (False, "COMMISSIONER [PERSON_1]: Mr. [INMATE_FIRST] [INMATE_LAST], your brother [PERSON_4] [INMATE_LAST] wrote.\n"
            "INMATE [INMATE_LAST]: Yes. That is [SPELLED_NAME_INMATE_LAST].\n"),
    (True, "COMMISSIONER [PERSON_1]: Mr. [INMATE_FIRST] [INMATE_LAST], your brother [PERSON_4] [INMATE_LAST] wrote.\n"
           "INMATE [INMATE_LAST]: Yes. That is [SPELLED_NAME_INMATE_LAST].\n"),
])
def test_it_keeps_name_parts_and_the_spelled_name_apart_when_renaming_a_person(django_user_model, consistent,
                                                                                expected):
    user = django_user_model.objects.create_user("r", password="a-long-test-password")
    corpus = Corpus.objects.create(name="c", consistent_pseudonyms=consistent, tag_style="parts")
    document = annotate(corpus, "a", TEXT, SPECS)
    kevin = document.entities.get(name="Kevin Richardson", label="PERSON")
    services.rename_tag(document.pk, document.version, user, kevin.pk, "inmate")
    assert tagged(document) == expected


@pytest.mark.django_db
def test_it_carries_the_structured_rename_to_other_documents_of_a_consistent_corpus(django_user_model):
    user = django_user_model.objects.create_user("r", password="a-long-test-password")
    corpus = Corpus.objects.create(name="c", consistent_pseudonyms=True, tag_style="parts")
    document, other = annotate(corpus, "a", TEXT, SPECS), annotate(corpus, "b", OTHER, OTHER_SPECS)
    kevin = document.entities.get(name="Kevin Richardson", label="PERSON")
    services.rename_tag(document.pk, document.version, user, kevin.pk, "inmate")
    assert tagged(other) == "INMATE [INMATE_LAST]: My brother [PERSON_4] [INMATE_LAST].\n"
