"""Consistent pseudonyms: pseudonymize(numbering=...) and the corpus registry (review.registry)."""
from __future__ import annotations

import pytest
from django.utils import timezone

from anonymizer.pseudonymize import normalized_key, pseudonymize
from anonymizer.types import Analysis, Entity, Mention, Transcript
from review import registry, services
from review.models import Corpus, CorpusEntity, Document, Export
from review.rows import EntityLike

# ---------------------------------------------------------------- pure: numbering=


def core(text: str, specs: list[tuple[str, str, str]]):
    """Mentions left to right; one entity per (label, referent) with the referent as its name."""
    entities: dict[tuple[str, str], Entity] = {}
    mentions, cursor = [], 0
    for surface, label, referent in specs:
        start = text.index(surface, cursor)
        cursor = start + len(surface)
        entity = entities.setdefault((label, referent), Entity(len(entities), label, label, referent))
        mentions.append(Mention(start, cursor, label, ("rule",), entity=entity.id))
    return mentions, list(entities.values())


HEARING = "COMMISSIONER RUFF: Mr. Kevin Richardson, CDCR number C-12345. Ruff here."
HEARING_SPECS = [("RUFF", "PERSON", "Ruff"), ("Kevin Richardson", "PERSON", "Kevin Richardson"),
                 ("C-12345", "CDCR_ID", "C-12345"), ("Ruff", "PERSON", "Ruff")]


def test_it_keeps_registry_numbers_and_numbers_new_keys_after_the_highest():
    mentions, entities = core(HEARING, HEARING_SPECS)
    result = pseudonymize(HEARING, mentions, entities, numbering={("PERSON", "ruff"): 7, ("PERSON", "zed"): 9})
    assert result.text == "COMMISSIONER [PERSON_7]: Mr. [PERSON_10] [PERSON_11], CDCR number [CDCR_ID_1]. [PERSON_7] here."
    assert dict(result.numbers) == {("PERSON", "ruff"): 7, ("PERSON", "kevin"): 10, ("PERSON", "richardson"): 11,
                                    ("CDCR_ID", "c12345"): 1}
    assert result.replacements[1].keys == (("PERSON", "kevin"), ("PERSON", "richardson"))


def test_it_numbers_per_document_without_numbering_and_reports_no_numbers():
    mentions, entities = core(HEARING, HEARING_SPECS)
    result = pseudonymize(HEARING, mentions, entities)
    assert result.text.startswith("COMMISSIONER [PERSON_1]: Mr. [PERSON_2] [PERSON_3]")
    assert dict(result.numbers) == {}


@pytest.mark.parametrize(
    ("style", "text", "specs", "expected_keys"),
    [
        # a misspelled part shares the key of the entity's part it stands for
        ("parts", "Mark Stevenson. Mark Stevenston.", [("Mark Stevenson", "PERSON", "Mark Stevenson"),
                                                       ("Mark Stevenston", "PERSON", "Mark Stevenson")],
         {("PERSON", "mark"), ("PERSON", "stevenson")}),
        ("referent", "Mark Stevenson. STEVENSTON.", [("Mark Stevenson", "PERSON", "Mark Stevenson"),
                                                    ("STEVENSTON", "PERSON", "Mark Stevenson")],
         {("PERSON", "mark stevenson")}),
        ("parts", "In Fresno's heat, FRESNO.", [("Fresno", "LOCATION", "Fresno"), ("FRESNO", "LOCATION", "FRESNO")],
         {("LOCATION", "fresno")}),
        ("parts", "Number C-12345 or c12345.", [("C-12345", "CDCR_ID", "C-12345"), ("c12345", "CDCR_ID", "c12345")],
         {("CDCR_ID", "c12345")}),
    ],
)
def test_it_uses_normalized_registry_keys(style, text, specs, expected_keys):
    mentions, entities = core(text, specs)
    result = pseudonymize(text, mentions, entities, style=style, numbering={})
    assert set(result.numbers) == expected_keys
    assert len({r.tag_text for r in result.replacements}) == 1  # every mention of the referent: one tag


def test_it_applies_a_registry_rename_once_per_name():
    mentions, entities = core(HEARING, HEARING_SPECS)
    numbering = {("PERSON", "kevin"): 1, ("PERSON", "richardson"): 2}
    renames = {("PERSON", "kevin"): "[INMATE]", ("PERSON", "richardson"): "[INMATE]"}
    result = pseudonymize(HEARING, mentions, entities, numbering=numbering, renames=renames)
    assert "Mr. [INMATE], CDCR" in result.text


@pytest.mark.parametrize(("label", "value", "key"), [("CDCR_ID", "AB-1234", "ab1234"),
                                                      ("PERSON", " Kevin  Richardson's", "kevin richardson"),
                                                      ("LOCATION", "São Paulo", "sao paulo")])
def test_it_normalizes_keys(label, value, key):
    assert normalized_key(label, value) == key


# ---------------------------------------------------------------- the registry in the database

COMMISSIONER = "Alyssa Jones"
DOC_A = "PRESIDING COMMISSIONER JONES: Good morning, Mr. Kevin Richardson.\nINMATE RICHARDSON: Good morning, Alyssa Jones.\n"
DOC_B = "PRESIDING COMMISSIONER JONES: Good morning, Mr. Dale Young from Fresno.\nINMATE YOUNG: Good morning, Commissioner Jones.\n"


def annotate(corpus: Corpus, title: str, text: str, specs: list[tuple[str, str, str]]) -> Document:
    document = Document.objects.create(corpus=corpus, title=title, original_name=f"{title}.txt", original=text.encode())
    mentions, entities = core(text, specs)
    services.apply_analysis(document, Analysis(Transcript(title, text), tuple(mentions), tuple(entities)))
    document.refresh_from_db()
    return document


def rows(document: Document):
    entities = [EntityLike(e.pk, e.label, e.category, e.name, e.tag) for e in document.entities.order_by("order", "id")]
    return entities, list(document.mentions.order_by("start"))


def tagged(document: Document) -> str:
    document = Document.objects.select_related("corpus").get(pk=document.pk)
    return registry.document_pseudonymized(document, *rows(document))[0].text


def hearings(consistent: bool, style: str = "parts") -> tuple[Document, Document]:
    corpus = Corpus.objects.create(name=f"c-{consistent}-{style}", consistent_pseudonyms=consistent, tag_style=style)
    a = annotate(corpus, "a", DOC_A, [("JONES", "PERSON", COMMISSIONER), ("Kevin Richardson", "PERSON", "Kevin Richardson"),
                                      ("RICHARDSON", "PERSON", "Kevin Richardson"), ("Alyssa Jones", "PERSON", COMMISSIONER)])
    b = annotate(corpus, "b", DOC_B, [("JONES", "PERSON", COMMISSIONER), ("Dale Young", "PERSON", "Dale Young"),
                                      ("Fresno", "LOCATION", "Fresno"), ("YOUNG", "PERSON", "Dale Young"),
                                      ("Jones", "PERSON", COMMISSIONER)])
    return a, b


def speaker_tag(text: str) -> str:
    return text.split(":")[0].removeprefix("PRESIDING COMMISSIONER ")


@pytest.mark.django_db
@pytest.mark.parametrize("style", ["parts", "referent"])
def test_it_gives_a_commissioner_the_same_tag_in_every_document_of_a_consistent_corpus(style):
    a, b = hearings(consistent=True, style=style)
    text_a, text_b = tagged(a), tagged(b)
    assert speaker_tag(text_a) == speaker_tag(text_b)
    assert "Richardson" not in text_a and "Young" not in text_b
    assert text_b.count(speaker_tag(text_a)) == 2  # the speaker tag and "Commissioner Jones"
    person = CorpusEntity.objects.filter(corpus=a.corpus, category="PERSON")
    assert sorted(person.values_list("number", flat=True)) == list(range(1, person.count() + 1))
    # the tags of document b after a's numbers: nothing of b reuses a number of a's people
    assert "[PERSON_1]" not in text_b.replace(speaker_tag(text_a), "")


@pytest.mark.django_db
def test_it_numbers_per_document_when_the_corpus_is_not_consistent():
    a, b = hearings(consistent=False)
    text_a, text_b = tagged(a), tagged(b)
    assert speaker_tag(text_a) == speaker_tag(text_b) == "[PERSON_1]"
    assert "Mr. [PERSON_2] [PERSON_3] from [LOCATION_1]" in text_b  # b counts from 1 again
    assert not CorpusEntity.objects.filter(document__isnull=True).exists()  # only each document's own numbers


@pytest.mark.django_db
def test_it_shows_the_corpus_tag_on_the_review_screen(client, django_user_model):
    admin = django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)
    a, b = hearings(consistent=True)
    client.force_login(admin)
    tags_a = client.get(f"/documents/{a.pk}/tags/").json()["tags"]
    tags_b = client.get(f"/documents/{b.pk}/tags/").json()["tags"]
    jones_a = a.entities.get(name=COMMISSIONER).pk
    jones_b = b.entities.get(name=COMMISSIONER).pk
    assert tags_a[str(jones_a)].split()[0] == tags_b[str(jones_b)] == "[PERSON_1]"  # "jones" (a: "alyssa" too)
    preview = client.get(f"/documents/{b.pk}/?view=pseudo").content.decode()
    assert "COMMISSIONER <mark" in preview and "[PERSON_1]" in preview


@pytest.mark.django_db
def test_it_allocates_numbers_once_under_concurrent_registration():
    corpus = Corpus.objects.create(name="race", consistent_pseudonyms=True)
    registry.register(corpus, {("PERSON", "ruff"): "Ruff", ("PERSON", "jones"): "Jones"})
    registry.register(corpus, {("PERSON", "jones"): "JONES", ("PERSON", "young"): "Young", ("CITY", "fresno"): "Fresno"})
    numbers, _ = registry.numbering(corpus)
    assert numbers == {("PERSON", "ruff"): 1, ("PERSON", "jones"): 2, ("PERSON", "young"): 3, ("CITY", "fresno"): 1}


@pytest.mark.django_db
def test_it_applies_a_rename_to_every_document_not_yet_exported(django_user_model):
    user = django_user_model.objects.create_user("r", password="a-long-test-password")
    a, b = hearings(consistent=True, style="referent")
    jones_b = b.entities.get(name=COMMISSIONER)
    services.rename_tag(b.pk, b.version, user, jones_b.pk, "presiding")
    assert speaker_tag(tagged(b)) == "[PRESIDING]"  # the document's own override
    assert speaker_tag(tagged(a)) == "[PRESIDING]"  # through the registry
    row = CorpusEntity.objects.get(corpus=a.corpus, category="PERSON", key="alyssa jones")
    assert row.tag == "[PRESIDING]" and row.changed_at is not None


@pytest.mark.django_db
def test_it_shares_a_number_after_a_merge_in_other_documents(django_user_model):
    user = django_user_model.objects.create_user("r", password="a-long-test-password")
    corpus = Corpus.objects.create(name="merge", consistent_pseudonyms=True, tag_style="referent")
    text = "COMMISSIONER JONES: Hello.\nINMATE: Commissioner Jonas said so.\n"
    first = annotate(corpus, "first", text, [("JONES", "PERSON", "Jones"), ("Jonas", "PERSON", "Jonas")])
    second = annotate(corpus, "second", "INMATE: Jonas again, and Jones.\n",
                      [("Jonas", "PERSON", "Jonas"), ("Jones", "PERSON", "Jones")])
    assert tagged(first) == "COMMISSIONER [PERSON_1]: Hello.\nINMATE: Commissioner [PERSON_2] said so.\n"
    assert tagged(second) == "INMATE: [PERSON_2] again, and [PERSON_1].\n"
    source, target = first.entities.get(name="Jonas"), first.entities.get(name="Jones")
    services.merge_entities(first.pk, first.version, user, source.pk, target.pk)
    assert tagged(first).count("[PERSON_1]") == 2
    assert tagged(second) == "INMATE: [PERSON_1] again, and [PERSON_1].\n"
    assert CorpusEntity.objects.get(corpus=corpus, key="jonas").alias_of.key == "jones"


@pytest.mark.django_db
def test_it_keeps_the_tags_of_documents_exported_before_a_rename(django_user_model):
    user = django_user_model.objects.create_user("r", password="a-long-test-password")
    a, b = hearings(consistent=True, style="referent")
    before = tagged(a)
    export = Export.objects.create(corpus=a.corpus, status=Export.Status.DONE, finished_at=timezone.now())
    export.documents.add(a)
    jones_b = b.entities.get(name=COMMISSIONER)
    services.rename_tag(b.pk, b.version, user, jones_b.pk, "presiding")
    assert tagged(a) == before  # exported first: keeps what it was exported with
    assert speaker_tag(tagged(b)) == "[PRESIDING]"


@pytest.mark.django_db
def test_it_writes_no_registry_row_when_the_review_screen_is_read(client, django_user_model):
    admin = django_user_model.objects.create_user("boss", password="a-long-test-password", is_staff=True)
    a, b = hearings(consistent=True)
    client.force_login(admin)
    for url in (f"/documents/{a.pk}/tags/", f"/documents/{b.pk}/?view=pseudo", f"/documents/{b.pk}/?e=1"):
        assert client.get(url).status_code == 200
    assert client.get(f"/documents/{a.pk}/preview/?view=pseudo", HTTP_HX_REQUEST="true").status_code == 200
    assert not CorpusEntity.objects.exists()


@pytest.mark.django_db
def test_it_shows_the_numbers_storing_would_give():
    a, b = hearings(consistent=True)
    tagged(a)  # a's keys are in the registry; b's are new
    b = Document.objects.select_related("corpus").get(pk=b.pk)
    stored_before = CorpusEntity.objects.count()
    shown = registry.document_pseudonymized(b, *rows(b), store=False)[0].text
    assert CorpusEntity.objects.count() == stored_before
    assert registry.document_pseudonymized(b, *rows(b))[0].text == shown
    assert CorpusEntity.objects.count() > stored_before


@pytest.mark.django_db
def test_it_takes_a_rename_back_out_of_the_registry_on_undo(django_user_model):
    user = django_user_model.objects.create_user("r", password="a-long-test-password")
    a, b = hearings(consistent=True, style="referent")
    jones_b = b.entities.get(name=COMMISSIONER)
    outcome = services.rename_tag(b.pk, b.version, user, jones_b.pk, "presiding")
    services.undo(b.pk, outcome.document.version, user)
    assert speaker_tag(tagged(a)) != "[PRESIDING]"
    assert CorpusEntity.objects.get(corpus=a.corpus, category="PERSON", key="alyssa jones").tag == ""
