"""Learned grouping: forms the reviewed documents always put in one person's entity are grouped
into it in a new document, visibly and reversibly, unless another person of this document
shares the name; learned names must look like names."""
import pytest

from anonymizer.types import Analysis, Entity, Header, Mention, Participant, Transcript
from review import services
from review.constants import Action, CorpusMark
from review.models import Corpus, Document, KnownForm, Mention as Row, ReviewStatus
from review.services import knowledge, knowledge_groups
from tests.textspans import nth_span

pytestmark = pytest.mark.django

#: a reviewed hearing: the commissioner under four forms, all accepted in one entity
STAFF = ("COMMISSIONER MENDOZA: Good morning. I am Consuelo Mendoza.\n"
         "INMATE: Thank you, Commissioner Mendoza. Consuelo was kind. Mendoza agreed.\n")
STAFF_FORMS = ("Consuelo Mendoza", "MENDOZA", "Commissioner Mendoza", "Consuelo", "Mendoza")


def _reviewed(corpus, title: str, groups: list[tuple[str, list[str]]], text: str = STAFF,
              status=Document.Status.APPROVED) -> Document:
    """A reviewed document: each (entity name, forms) accepted as PERSON in one entity."""
    doc = Document.objects.create(corpus=corpus, title=title, original_name=f"{title}.txt", original=b"x",
                                  text=text, status=status)
    for name, forms in groups:
        entity = doc.entities.create(label="PERSON", category="PERSON", name=name)
        for form in forms:
            start, end = nth_span(text, form)
            Row.objects.create(document=doc, entity=entity, start=start, end=end, label="PERSON",
                               status=ReviewStatus.ACCEPTED)
    return doc


def _import(corpus, text: str, spans: list[tuple[str, int, int]], entities: list[Entity], header=None) -> Document:
    doc = Document.objects.create(corpus=corpus, title="new", original_name="new.txt", original=text.encode())
    mentions = tuple(Mention(*nth_span(text, needle, nth), "PERSON", ("spacy",), entity=e) for needle, nth, e in spans)
    services.apply_analysis(doc, Analysis(transcript=Transcript(name="new.txt", text=text, header=header),
                                          mentions=mentions, entities=tuple(entities)))
    doc.refresh_from_db()
    return doc


@pytest.fixture
def corpus(db):
    corpus = Corpus.objects.create(name="g")
    for title in ("one", "two"):
        _reviewed(corpus, title, [("Consuelo Mendoza", list(STAFF_FORMS))])
    return corpus


#: a new hearing where the pass put the commissioner's forms in three entities
NEW = ("COMMISSIONER MENDOZA: I am Consuelo Mendoza.\n"
       "ATTORNEY: Thank you, Consuelo. Mendoza said so.\n")
FRAGMENTED = [("MENDOZA", 0, 0), ("Consuelo Mendoza", 0, 0), ("Consuelo", 1, 1), ("Mendoza", 1, 2)]
FRAGMENTS = [Entity(0, "PERSON", "PERSON", "Consuelo Mendoza"), Entity(1, "PERSON", "PERSON", "Consuelo"),
             Entity(2, "PERSON", "PERSON", "Mendoza")]


def _entity_of(doc, needle: str, nth: int = 0) -> int:
    start, end = nth_span(doc.text, needle, nth)
    return doc.mentions.get(start=start, end=end).entity_id


def test_it_learns_the_forms_of_one_corpus_wide_person(corpus):
    knowledge.learn(corpus)
    groups = dict(KnownForm.objects.filter(corpus=corpus).values_list("form", "group"))
    assert groups == {form.casefold(): "consuelo mendoza" for form in STAFF_FORMS}


COUSIN = "INMATE: My cousin Andre Mendoza came. Mendoza works.\n"


def test_it_learns_no_person_for_a_surname_two_people_had_only_a_name_part(corpus):
    """"Mendoza" with Consuelo Mendoza in two hearings and with Andre Mendoza in a third: no one's."""
    _reviewed(corpus, "three", [("Andre Mendoza", ["Andre Mendoza", "Mendoza"])], text=COUSIN)
    knowledge.learn(corpus)
    groups = dict(KnownForm.objects.filter(corpus=corpus).values_list("form", "group"))
    assert groups["mendoza"] == knowledge_groups.PART and groups["consuelo"] == "consuelo mendoza"
    assert groups["andre mendoza"] == "andre mendoza"


PART_CASES = [
    # one person here has the surname: the bare surname joins that person
    ("INMATE: Rosa Mendoza is my aunt. Mendoza said so.\n", None, True),
    # two people here share it (a family): it stays where the pass put it
    ("INMATE: Rosa Mendoza and Raul Mendoza came. Mendoza said so.\n", None, False),
    # the title page names another Mendoza
    ("INMATE: Rosa Mendoza is my aunt. Mendoza said so.\n", Header(inmate_name="RAUL MENDOZA"), False),
]


@pytest.mark.parametrize("text, header, joined", PART_CASES, ids=["one person", "a family", "title page"])
def test_a_learned_name_part_joins_the_one_person_here_whose_name_holds_it(corpus, text, header, joined):
    _reviewed(corpus, "three", [("Andre Mendoza", ["Andre Mendoza", "Mendoza"])], text=COUSIN)
    people = [n for n in ("Rosa Mendoza", "Raul Mendoza") if n in text]
    spans = [(n, 0, i) for i, n in enumerate(people)] + [("Mendoza", text.count("Mendoza") - 1, len(people))]
    entities = [Entity(i, "PERSON", "PERSON", n) for i, n in enumerate(people)]
    entities.append(Entity(len(people), "LOCATION", "CITY", "Mendoza"))  # the pass took it for a place
    doc = _import(corpus, text, spans, entities, header)
    nth = text.count("Mendoza") - 1
    row = doc.mentions.get(start=nth_span(text, "Mendoza", nth)[0], end=nth_span(text, "Mendoza", nth)[1])
    assert (row.entity_id == _entity_of(doc, "Rosa Mendoza")) is joined
    grouped = [pk for pk, *_ in doc.decisions.get(action=Action.CORPUS_APPLY).after["grouped"]]
    assert (row.pk in grouped) is joined
    assert (row.status, row.label, row.corpus_mark) == (ReviewStatus.PENDING, "PERSON", CorpusMark.KNOWN)


def test_it_groups_a_fragmented_person_with_the_corpus_label_visibly_and_reset_takes_it_back(corpus):
    doc = _import(corpus, NEW, FRAGMENTED, FRAGMENTS)
    target = _entity_of(doc, "Consuelo Mendoza")
    assert {_entity_of(doc, n, i) for n, i in (("MENDOZA", 0), ("Consuelo", 1), ("Mendoza", 1))} == {target}
    assert not doc.mentions.exclude(status=ReviewStatus.PENDING).exists()
    moved = [doc.mentions.get(start=nth_span(NEW, "Consuelo", 1)[0]), doc.mentions.get(start=nth_span(NEW, "Mendoza", 1)[0])]
    assert all(m.corpus_mark == CorpusMark.KNOWN and "corpus" in m.source_list() for m in moved)
    audit = doc.decisions.get(action=Action.CORPUS_APPLY)
    assert sorted(pk for pk, *_ in audit.after["grouped"]) == sorted(m.pk for m in moved)
    assert "grouped by the corpus" in knowledge.corpus_note(moved[0])
    knowledge.reset(doc)  # what a re-run of the pass does first
    assert _entity_of(doc, "Consuelo", 1) != target and _entity_of(doc, "Mendoza", 1) != target


def test_a_person_moves_a_grouped_mention_back_in_one_undoable_action(corpus, django_user_model):
    user = django_user_model.objects.create_user("ann", password="x-long-password-1")
    doc = _import(corpus, NEW, FRAGMENTED, FRAGMENTS)
    row = doc.mentions.get(start=nth_span(NEW, "Consuelo", 1)[0])
    before = next(e for pk, e, _ in doc.decisions.get(action=Action.CORPUS_APPLY).after["grouped"] if pk == row.pk)
    outcome = services.move_mention(doc.pk, doc.version, user, row.pk, before)
    row.refresh_from_db()
    assert row.entity_id == before
    services.undo(doc.pk, outcome.document.version, user)
    row.refresh_from_db()
    assert row.entity_id == _entity_of(doc, "Consuelo Mendoza")


OTHER_MENDOZA = [
    # the inmate's mother shares the surname: the pass has her full name in its own entity
    ("COMMISSIONER MENDOZA: I am Consuelo Mendoza.\nINMATE: Rosa Mendoza is my mother. Mendoza said so.\n",
     [("MENDOZA", 0, 0), ("Consuelo Mendoza", 0, 0), ("Rosa Mendoza", 0, 1), ("Mendoza", 2, 1)],
     [Entity(0, "PERSON", "PERSON", "Consuelo Mendoza"), Entity(1, "PERSON", "PERSON", "Rosa Mendoza")], None,
     "another person of this document"),
    # the title page lists another Mendoza
    ("COMMISSIONER MENDOZA: I am Consuelo Mendoza.\nINMATE: Mendoza said so.\n",
     [("MENDOZA", 0, 0), ("Consuelo Mendoza", 0, 0), ("Mendoza", 1, 1)],
     [Entity(0, "PERSON", "PERSON", "Consuelo Mendoza"), Entity(1, "PERSON", "PERSON", "Mendoza")],
     Header(inmate_name="RAUL MENDOZA", participants=(Participant("CONSUELO MENDOZA", "Commissioner"),)),
     "a title-page participant"),
]


@pytest.mark.parametrize("text, spans, entities, header, reason", OTHER_MENDOZA, ids=["family", "title page"])
def test_it_never_pulls_a_surname_another_person_here_shares_into_the_staff_entity(corpus, text, spans, entities,
                                                                                  header, reason):
    doc = _import(corpus, text, spans, entities, header)
    nth = text.count("Mendoza") - 1  # the bare surname at the end
    row = doc.mentions.get(start=nth_span(text, "Mendoza", nth)[0], end=nth_span(text, "Mendoza", nth)[1])
    assert row.entity_id != _entity_of(doc, "Consuelo Mendoza")
    assert (row.status, row.corpus_mark) == (ReviewStatus.PENDING, CorpusMark.CONFLICT)
    note = knowledge.corpus_note(row)
    assert "recurring person" in note and reason in note  # both reasons shown


def test_it_never_moves_a_decided_mention_or_crosses_corpora(corpus):
    other = Corpus.objects.create(name="elsewhere")
    doc = _import(other, NEW, FRAGMENTED, FRAGMENTS)
    assert not doc.decisions.filter(action=Action.CORPUS_APPLY).exists()
    assert len({_entity_of(doc, n, i) for n, i in (("Consuelo Mendoza", 0), ("Consuelo", 1), ("Mendoza", 1))}) == 3
    doc = _import(corpus, NEW, FRAGMENTED, FRAGMENTS)
    row = doc.mentions.get(start=nth_span(NEW, "Mendoza", 1)[0])
    knowledge.reset(doc)
    Row.objects.filter(pk=row.pk).update(status=ReviewStatus.REJECTED)  # a person's decision
    knowledge.apply(doc)
    row.refresh_from_db()
    assert row.entity_id != _entity_of(doc, "Consuelo Mendoza") and row.corpus_mark == ""


@pytest.mark.parametrize("surface, plausible", [
    ("Consuelo Mendoza", True), ("McDONALD", True), ("O'Brien", True), ("Maria de la Cruz", True),
    ("New Way of Life", True), ("People,", False), ("mother", False), ("the Board", False), ("Mr", False),
])
def test_it_learns_only_forms_that_look_like_names(surface, plausible):
    assert knowledge_groups.plausible_name(surface) is plausible


@pytest.mark.parametrize("surface, rejected_elsewhere, known", [
    ("Long", True, False),  # a surname once, the word "Long" rejected in another document: not found everywhere
    ("Long", False, True),
    ("People,", False, False),
    ("mother", False, False),
])
def test_it_applies_only_plausible_names_never_rejected_elsewhere(db, surface, rejected_elsewhere, known):
    corpus = Corpus.objects.create(name="p")
    KnownForm.objects.create(corpus=corpus, form=surface.casefold(), surface=surface, label="PERSON", accepted=2,
                             labels={"PERSON": 2}, accepted_in=[1], rejected_in=[2] if rejected_elsewhere else [],
                             rejected=int(rejected_elsewhere), trusted=True)
    assert (surface.casefold() in knowledge.Knowledge(corpus).known) is known


def test_it_shows_an_admin_which_forms_the_corpus_groups_as_one_person(corpus, client, django_user_model):
    _import(corpus, "Good morning.\n", [], [])  # an import refreshes what the corpus learned
    client.force_login(django_user_model.objects.create_user("adm", password="a-long-test-password", is_staff=True))
    page = client.get(f"/corpora/{corpus.pk}/knowledge/").content.decode()
    assert page.count("one person: consuelo mendoza") == len({f.casefold() for f in STAFF_FORMS})


TRANSCRIBED = "INMATE: {who} helped me. {first} was kind.\nREPORTER: Consuelo Pruitt, transcriber.\n"


@pytest.mark.parametrize("kept_apart, moved", [
    (True, True),  # the reviewers kept bare "Consuelo" apart from the transcriber where both stood
    (False, False),  # never seen together: two people here hold the word, it stays
])
def test_a_name_part_the_reviewers_kept_apart_from_a_person_joins_the_other_one(db, kept_apart, moved):
    corpus = Corpus.objects.create(name="t")
    for title, who in (("one", "Consuelo Yamamoto"), ("two", "Consuelo Black")):
        text = TRANSCRIBED.format(who=who, first="Consuelo")
        people = [(who, [who, "Consuelo"])] + ([("Consuelo Pruitt", ["Consuelo Pruitt"])] if kept_apart else [])
        _reviewed(corpus, title, people, text=text)
    text = TRANSCRIBED.format(who="Consuelo Kowalski", first="Consuelo")
    # the pass put the bare first name with the transcriber
    doc = _import(corpus, text, [("Consuelo Kowalski", 0, 0), ("Consuelo", 1, 1), ("Consuelo Pruitt", 0, 1)],
                  [Entity(0, "PERSON", "PERSON", "Consuelo Kowalski"), Entity(1, "PERSON", "PERSON", "Consuelo Pruitt")])
    entry = KnownForm.objects.get(corpus=corpus, form="consuelo")
    assert entry.group == knowledge_groups.PART and entry.apart == (["consuelo pruitt"] if kept_apart else [])
    row = doc.mentions.get(start=nth_span(text, "Consuelo", 1)[0], end=nth_span(text, "Consuelo", 1)[1])
    assert (row.entity_id == _entity_of(doc, "Consuelo Kowalski")) is moved
    assert row.status == ReviewStatus.PENDING


def test_it_never_learns_a_lone_stop_word_as_a_name(db):
    """The accepted piece "And" of a name cut in two ("my cousin And- / -re Kowalski") is no name to
    find as written everywhere: every "And" opening a sentence would become a known person."""
    corpus = Corpus.objects.create(name="cut")
    text = "MR. BLACK: The one who drove was my cousin And- Andre Kowalski. And then we left.\n"
    for title in ("one", "two"):
        _reviewed(corpus, title, [("Andre Kowalski", ["And", "Andre Kowalski"])], text=text)
    doc = _import(corpus, "COMMISSIONER RUFF: And for the record, Andre Kowalski was there.\n", [], [])
    assert [doc.text[r.start:r.end] for r in doc.mentions.order_by("start")] == ["Andre Kowalski"]


@pytest.mark.parametrize(("line", "found"), [
    ("INMATE: I think about Love every day.", ["Love"]),
    ("INMATE: Love is all we have left.", []),  # a sentence start: the word as often as the name
    ("INMATE: I took a Love-Based Parenting class.", []),  # a part of a compound word
])
def test_it_finds_a_known_name_that_is_a_word_only_where_it_does_not_open_a_sentence(db, line, found):
    corpus = Corpus.objects.create(name="love")
    text = "COMMISSIONER RUFF: The victim, Love Kowalski. I didn't know Love.\n"
    for title in ("one", "two"):
        _reviewed(corpus, title, [("Love Kowalski", ["Love Kowalski", "Love"])], text=text)
    doc = _import(corpus, line + "\n", [], [])
    assert [doc.text[r.start:r.end] for r in doc.mentions.order_by("start")] == found


def _import_labelled(corpus, text: str, spans: list[tuple[str, str, tuple[str, ...]]]) -> Document:
    """A new document whose pass found ``(surface, label, sources)``, each its own entity."""
    doc = Document.objects.create(corpus=corpus, title="new", original_name="new.txt", original=text.encode())
    mentions = tuple(Mention(*nth_span(text, surface), label, sources, entity=i)
                     for i, (surface, label, sources) in enumerate(spans))
    entities = tuple(Entity(i, label, label, surface) for i, (surface, label, _) in enumerate(spans))
    services.apply_analysis(doc, Analysis(transcript=Transcript(name="new.txt", text=text), mentions=mentions,
                                          entities=entities))
    doc.refresh_from_db()
    return doc


def _learned(corpus, form: str, label: str) -> None:
    text = f"MR. DOE: {form} it was.\n"
    for title in ("one", "two"):
        doc = Document.objects.create(corpus=corpus, title=title, original_name=f"{title}.txt", original=b"x",
                                      text=text, status=Document.Status.APPROVED)
        entity = doc.entities.create(label=label, category=label, name=form)
        Row.objects.create(document=doc, entity=entity, start=text.index(form), end=text.index(form) + len(form),
                           label=label, status=ReviewStatus.ACCEPTED)


@pytest.mark.parametrize(("learned", "text", "spans"), [
    # a speaker tag and a titled name of the attorney stay a person where the corpus knows the state
    ("LOCATION", "ATTORNEY WASHINGTON: Thank you.\nCOMMISSIONER RUFF: Mr. Washington, go ahead.\n",
     [("WASHINGTON", "PERSON", ("header", "rule")), ("Washington", "PERSON", ("spacy",))]),
    # the state stays a place where the corpus knows a woman called Georgia
    ("PERSON", "MR. DOE: We moved to Atlanta, Georgia, for two years.\n", [("Georgia", "LOCATION", ("presidio",))]),
])
def test_it_never_lets_a_learned_label_override_what_the_pass_found_here(db, learned, text, spans):
    corpus = Corpus.objects.create(name="labels")
    _learned(corpus, "Washington" if learned == "LOCATION" else "Georgia", learned)
    doc = _import_labelled(corpus, text, spans)
    assert [(doc.text[r.start:r.end], r.label) for r in doc.mentions.order_by("start")] == [
        (surface, label) for surface, label, _ in spans]


def test_it_keeps_a_word_the_pass_put_with_a_full_name_a_person_where_the_corpus_knows_a_place(db):
    corpus = Corpus.objects.create(name="state")
    _learned(corpus, "Washington", "LOCATION")
    text = "MR. DOE: My crime partner, Darnell Washington, drove. At trial I still blamed Washington.\n"
    doc = Document.objects.create(corpus=corpus, title="new", original_name="new.txt", original=text.encode())
    mentions = (Mention(*nth_span(text, "Darnell Washington"), "PERSON", ("spacy",), entity=0),
                Mention(*nth_span(text, "Washington", 1), "PERSON", ("spacy",), entity=0))
    services.apply_analysis(doc, Analysis(transcript=Transcript(name="new.txt", text=text), mentions=mentions,
                                          entities=(Entity(0, "PERSON", "PERSON", "Darnell Washington"),)))
    doc.refresh_from_db()
    assert [(doc.text[r.start:r.end], r.label) for r in doc.mentions.order_by("start")] == [
        ("Darnell Washington", "PERSON"), ("Washington", "PERSON")]
