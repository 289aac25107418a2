"""Storing an automatic pass again: the entities left without a mention go away in cheap queries of a
fixed shape (no SELECT of mentions by ``entity_id IN`` every old entity, no join of mentions to entities)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from anonymizer.types import Analysis, Entity as AEntity, Mention as AMention, Transcript
from review import services
from review.constants import ReviewStatus
from review.models import Corpus, Document, Entity, Mention

#: the queries of a second pass on a few names; more names add a DELETE per batch (100 ids on SQLite)
MAX_QUERIES = 30


def analysis(count: int, first_name: int = 0) -> Analysis:
    """``count`` one-word names, each its own entity ('Person <first_name + i>')."""
    words = [f"Name{i}" for i in range(count)]
    entities, mentions, start = [], [], 0
    for i, word in enumerate(words):
        entities.append(AEntity(id=i, label="PERSON", category="person", name=f"Person {first_name + i}"))
        mentions.append(AMention(start=start, end=start + len(word), label="PERSON", sources=("spacy",), entity=i))
        start += len(word) + 1
    return Analysis(Transcript(name="h.txt", text=" ".join(words)), tuple(mentions), tuple(entities))


def _mention_selects_by_entity(queries) -> list[str]:
    return [q["sql"] for q in queries
            if q["sql"].startswith("SELECT") and '"review_mention"."entity_id" IN' in q["sql"]
            or 'LEFT OUTER JOIN "review_mention" ON ("review_entity"."id"' in q["sql"]]


@pytest.mark.django_db
@pytest.mark.parametrize("count", [5, 1200])
def test_it_drops_entities_left_without_mentions_in_queries_of_a_fixed_shape(count, django_assert_max_num_queries):
    document = Document.objects.create(corpus=Corpus.objects.create(name="q"), title="h", original_name="h.txt",
                                       original=b"x")
    services.apply_analysis(document, analysis(count))
    decided = Mention.objects.filter(document=document).order_by("start").first()  # a human decision keeps its entity
    Mention.objects.filter(pk=decided.pk).update(status=ReviewStatus.ACCEPTED)
    with django_assert_max_num_queries(MAX_QUERIES + count // 100) as captured:
        services.apply_analysis(document, analysis(count, first_name=10_000))  # every other name new
    assert _mention_selects_by_entity(captured.captured_queries) == []
    names = set(Entity.objects.filter(document=document).values_list("name", flat=True))
    assert names == {"Person 0"} | {f"Person {10_000 + i}" for i in range(1, count)}
    assert not Entity.objects.filter(document=document, mentions__isnull=True).exists()


@pytest.mark.django_db
def test_it_keeps_an_entity_a_mention_still_refers_to():
    document = Document.objects.create(corpus=Corpus.objects.create(name="k"), title="h", original_name="h.txt",
                                       original=b"x")
    services.apply_analysis(document, analysis(3))
    lonely = Entity.objects.create(document=document, label="PERSON", category="person", name="Nobody")
    assert services.importing.drop_unmentioned_entities(document) == 1
    assert not Entity.objects.filter(pk=lonely.pk).exists()
    assert Entity.objects.filter(document=document).count() == 3
