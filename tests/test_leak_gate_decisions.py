"""The leak gates never overturn a reviewer's decision and still catch a real leak (round 32, gate47b).

A word of an accepted name (or an accepted form of another document) standing where the reviewer rejected a
mention is that decision, not a finding, in the text, its CoNLL and its subtitles; the same word left unreviewed
is a leak; a form the document accepted itself and rejected here says both, and blocks. An honorific a name
carries ("Lady" of "Lady Ashgrove", said "my Lady") is no word of it. The audio gate follows the text gate's
rule for a rejected place (``anonymizer.leakgate.rejection_decides``), and an audible finding shows what was
heard beside the term it matched. Invented names and sentences throughout."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from anonymizer.leakgate import Term, name_parts
from anonymizer.speech import RawWord, heard_hits, lay_out
from anonymizer.types import Analysis, Entity, Mention, Transcript
from review import leakgate, services
from review.models import Document, Export, ReviewStatus
from tests.test_export import admin, approver, corpus, export_root, run  # noqa: F401  (its fixtures)

LINES = (
    "CHAIR: Good morning, Mr. Osric Pellham.\n"
    "WITNESS: Thank you. Pellham is the name on the gate.\n"
    "CHAIR: And Pellham again, for the record.\n"
)


def reviewed(corpus, text: str, decided: list[tuple[str, int, str, str]]) -> Document:
    """A document of ``text`` whose mentions are ``(surface, nth occurrence, label, status)``, one entity a
    surface's name, approved (a correct review by hand)."""
    document = Document.objects.create(corpus=corpus, title="h", original_name="h.txt", original=text.encode())
    names = list(dict.fromkeys(surface for surface, _, _, _ in decided))
    labels = {surface: label for surface, _, label, _ in decided}
    mentions = []
    for surface, nth, label, _ in decided:
        start = -1
        for _ in range(nth + 1):
            start = text.index(surface, start + 1)
        mentions.append(Mention(start, start + len(surface), label, ("rule",), entity=names.index(surface)))
    entities = [Entity(i, labels[n], labels[n], n) for i, n in enumerate(names)]
    services.apply_analysis(document, Analysis(Transcript("h", text), tuple(sorted(mentions, key=lambda m: m.start)),
                                               tuple(entities)))
    order = sorted(range(len(decided)), key=lambda i: mentions[i].start)
    rows = list(document.mentions.order_by("start"))
    for row, i in zip(rows, order):
        row.status = decided[i][3]
        row.save(update_fields=["status"])
    Document.objects.filter(pk=document.pk).update(status=Document.Status.APPROVED, approved_by=approver())
    document.refresh_from_db()
    return document


ACCEPTED, REJECTED = ReviewStatus.ACCEPTED, ReviewStatus.REJECTED


@pytest.mark.django_db
@pytest.mark.parametrize(("decided", "found"), [
    # the surname alone rejected where it stands, twice: the reviewer's decision, never overturned
    ([("Osric Pellham", 0, "PERSON", ACCEPTED), ("Pellham", 1, "PERSON", REJECTED), ("Pellham", 2, "PERSON", REJECTED)],
     []),
    # rejected once, left unreviewed once: the unreviewed one is a real leak (line 3), the rejected one a decision
    ([("Osric Pellham", 0, "PERSON", ACCEPTED), ("Pellham", 1, "PERSON", REJECTED)], [3]),
    # nothing reviewed there at all: both are leaks
    ([("Osric Pellham", 0, "PERSON", ACCEPTED)], [2, 3]),
    # the document accepts the surname alone (line 3) and rejects it on line 2: a review that says both blocks
    ([("Osric Pellham", 0, "PERSON", ACCEPTED), ("Pellham", 1, "PERSON", REJECTED), ("Pellham", 2, "PERSON", ACCEPTED)],
     [2]),
])
def test_it_takes_a_rejected_word_of_an_accepted_name_for_a_decision_and_an_unreviewed_one_for_a_leak(
        corpus, admin, decided, found):
    document = reviewed(corpus, LINES, decided)
    export = run(corpus, admin)
    surface = [leak for leak in export.leaks or [] if leak["kind"] == "surface"]
    assert sorted(leak["line"] for leak in surface if leak["member"].startswith("text/")) == found
    assert len([leak for leak in surface if leak["member"].startswith("conll/")]) == len(found)  # the CoNLL alike
    assert (export.status == Export.Status.DONE) is (not export.leaks)
    assert document.pk in {leak["document"] for leak in surface} or not found


@pytest.mark.parametrize(("name", "parts"), [
    ("Lady Ashgrove", ["Ashgrove"]), ("LORD BRINWELL", ["BRINWELL"]), ("Dr. Lady Ashgrove", ["Ashgrove"]),
    ("Ladd Lordan", ["Ladd", "Lordan"]),  # names that begin like one
])
def test_it_never_takes_an_honorific_for_a_word_of_the_name(name, parts):
    assert name_parts(name) == parts


@pytest.mark.django_db
def test_it_blocks_no_export_for_the_honorific_a_chair_is_addressed_by(corpus, admin):
    text = ("Lady Ashgrove: Good morning.\n"
            "Counsel: Thank you, my Lady. She was a kind lady, and Lady of the manor.\n")
    reviewed(corpus, text, [("Lady Ashgrove", 0, "PERSON", ACCEPTED)])
    export = run(corpus, admin)
    assert not [leak for leak in export.leaks or [] if leak["kind"] == "surface"]


# ---------------------------------------------------------------- the audio gate agrees with the text gate

SAID = ["and", "then", "Tutterni", "saw", "it"]
WORD = (0.6, 0.9)  # the third word's time (0.3 s a word)


class _Tools:
    """Stand-in detectors: ``Tutterni`` a name of ``label``, found by one tool or by two (a name's evidence)."""

    def __init__(self, label: str, tools: int):
        self.label, self.tools = label, tools

    def detect(self, transcript, *args, **kwargs):
        start = transcript.text.index("Tutterni")
        return [Mention(start, start + 8, self.label, (tool,)) for tool in ("spacy", "presidio")[:self.tools]]


def text_gate_finds(label: str, tools: int, rejected: bool, own: bool) -> bool:
    """Whether the text gate's detector check reports the word in a published text."""
    text = " ".join(SAID) + ".\n"
    start = text.index("Tutterni")
    document = SimpleNamespace(pk=1, header=None, original_name="", title="", language="en",
                               corpus=SimpleNamespace(language="en"))
    p = SimpleNamespace(text=text, rejected=[(start, start + 8)] if rejected else [], document=document, tagged=[],
                        surfaces=[(label, "Tutterni", 1)] if own else [("PERSON", "Osric Pellham", 2)])
    hits = [(start, start + 8, label, 2)] * tools
    return bool(leakgate.detector_findings(p, hits))


def audio_gate_finds(label: str, tools: int, rejected: bool, own: bool) -> bool:
    """Whether the audio gate reports the word heard again in the masked recording."""
    heard = lay_out([RawWord(w, i * 0.3, i * 0.3 + 0.3, 0.95) for i, w in enumerate(SAID)], 60.0, 16000, "asr:tiny.en")
    terms = [Term("surface", label, "Tutterni", 1)] if own else [Term("surface", "PERSON", "Osric Pellham", 1)]
    return bool(heard_hits(heard, terms, detector=_Tools(label, tools), rejected=[WORD] if rejected else []))


@pytest.mark.parametrize(("label", "tools", "rejected", "own", "found"), [
    ("PERSON", 1, False, False, True),  # nobody decided: a finding
    ("PERSON", 1, True, False, False),  # rejected there: a decision
    ("LOCATION", 1, True, False, False),
    ("PERSON", 2, True, False, True),  # two tools agree: a name's evidence beats the rejection
    ("PERSON", 1, True, True, True),  # the document accepted that very form: a review that says both
])
def test_the_audio_gate_decides_a_rejected_place_as_the_text_gate_does(label, tools, rejected, own, found):
    assert text_gate_finds(label, tools, rejected, own) is found
    assert audio_gate_finds(label, tools, rejected, own) is found


class _FormTools:
    """Stand-in detectors: ``form`` found by two tools (what two taggers give a name's evidence)."""

    def __init__(self, form: str):
        self.form = form

    def detect(self, transcript, *args, **kwargs):
        start = transcript.text.index(self.form)
        return [Mention(start, start + len(self.form), "PERSON", (tool,)) for tool in ("spacy", "presidio")]


@pytest.mark.parametrize(("said", "form", "rejected", "found"), [
    # an office its holder is addressed by, rejected by the reviewer: two taggers' agreement is no name's evidence
    ("Good morning Mr. Mayor and everyone", "Mayor", True, False),
    ("Good morning Mr. Mayor and everyone", "Mr. Mayor", True, False),
    ("Thank you Madam Chair for the time", "Chair", True, False),
    ("Thank you Vice Mayor for the time", "Vice Mayor", True, False),
    ("Thank you Madam Speaker again", "Madam Speaker", True, False),
    # the office with a name, or a name, rejected: two taggers still overturn the rejection
    ("Good morning Mayor Delacroix and everyone", "Mayor Delacroix", True, True),
    ("and then Tutterni saw it", "Tutterni", True, True),
    ("Good morning Mr. Tutterni and everyone", "Mr. Tutterni", True, True),
    # the office where nobody decided: still a finding
    ("Good morning Mr. Mayor and everyone", "Mayor", False, True),
])
def test_it_takes_no_form_of_address_by_office_for_a_name_s_evidence_against_a_rejection(said, form, rejected, found):
    text = said + ".\n"
    start = text.index(form)
    document = SimpleNamespace(pk=1, header=None, original_name="", title="", language="en",
                               corpus=SimpleNamespace(language="en"))
    p = SimpleNamespace(text=text, rejected=[(start, start + len(form))] if rejected else [], document=document,
                        tagged=[], surfaces=[("PERSON", "Osric Pellham", 2)])
    assert bool(leakgate.detector_findings(p, [(start, start + len(form), "PERSON", 2)] * 2)) is found
    words = said.split()
    first = len(said[:start].split())
    span = (first * 0.3, (first + len(form.split())) * 0.3)
    heard = lay_out([RawWord(w, i * 0.3, i * 0.3 + 0.3, 0.95) for i, w in enumerate(words)], 60.0, 16000, "asr:tiny.en")
    hits = heard_hits(heard, [Term("surface", "PERSON", "Osric Pellham", 1)], detector=_FormTools(form),
                      rejected=[span] if rejected else [])
    assert bool(hits) is found


def test_an_audible_finding_shows_what_was_heard_beside_the_term_it_matched():
    said = ["then", "Mister", "Pellham's", "car", "came"]
    heard = lay_out([RawWord(w, i * 0.3, i * 0.3 + 0.3, 0.95) for i, w in enumerate(said)], 60.0, 16000, "asr:tiny.en")
    (hit,) = heard_hits(heard, [Term("surface", "PERSON", "Osric Pellham", 1)])
    assert hit.term.form == "Osric Pellham"  # the Matched column
    assert "Mister Pellham's car came" in hit.text  # the Text column: the second recognition's words


# ---------------------------------------------------------------- a name accepted in pieces is one form

@pytest.mark.django_db
@pytest.mark.parametrize(("text", "decided", "found"), [
    # the pass proposed the state of a body's name, the reviewer added the rest to its entity: one form, the
    # body's name; the state said alone elsewhere is no word of it
    ("WITNESS: I AM WITH HOMES FOR ALL IN NEVADA, A COALITION.\nWITNESS: THE STATE OF NEVADA HELPS.\n",
     [("HOMES FOR ALL IN", 0, "ORGANIZATION", ACCEPTED), ("NEVADA", 0, "ORGANIZATION", ACCEPTED)], []),
    # the same body's name said again whole and left unreviewed: a real leak
    ("WITNESS: I AM WITH HOMES FOR ALL IN NEVADA, A COALITION.\nWITNESS: HOMES FOR ALL IN NEVADA HELPS.\n",
     [("HOMES FOR ALL IN", 0, "ORGANIZATION", ACCEPTED), ("NEVADA", 0, "ORGANIZATION", ACCEPTED)], [2]),
    # a person's name in pieces: each word of it is still searched
    ("CHAIR: Good morning, Mr. Osric Pellham.\nWITNESS: Pellham is my name.\n",
     [("Osric", 0, "PERSON", ACCEPTED), ("Pellham", 0, "PERSON", ACCEPTED)], [2]),
])
def test_it_searches_a_name_accepted_in_pieces_of_one_entity_as_one_form(corpus, admin, text, decided, found):
    document = reviewed(corpus, text, decided)
    if len({label for _, _, label, _ in decided}) == 1:  # one entity: the pieces are one referent's
        first = document.entities.order_by("order", "id").first()
        document.mentions.update(entity=first)
    export = run(corpus, admin)
    surface = [leak for leak in export.leaks or [] if leak["kind"] == "surface" and leak["member"].startswith("text/")]
    assert sorted(leak["line"] for leak in surface) == found
