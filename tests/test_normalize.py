"""Entity normalization: grouping, spelled names, fuzzy variants, re-scan, confidence."""
from __future__ import annotations

import random

import pytest

from anonymizer.lang.en.lexicon import name_words
from anonymizer.normalize import cdcr_key, confidence_of, normalize
from anonymizer.types import Config, Entity, Header, Mention, Participant
from tests.scaling import grows_linearly

INMATE = Header(
    inmate_name="KEVIN RICHARDSON",
    cdcr_number="V12345",
    participants=(Participant("ALYSSA JONES", "Presiding Commissioner"),),
)


def at(text: str, surface: str, label: str = "PERSON", sources: tuple[str, ...] = ("spacy",), nth: int = 0) -> Mention:
    """The ``nth`` occurrence of ``surface`` in ``text`` as a mention."""
    start = -1
    for _ in range(nth + 1):
        start = text.index(surface, start + 1)
    return Mention(start, start + len(surface), label, sources)


def run(text: str, mentions: list[Mention], header: Header | None = INMATE, config: Config | None = None):
    return normalize(text, sorted(mentions, key=lambda m: m.start), header, config or Config())


def surfaces(text: str, mentions, entity: int | None = None) -> list[str]:
    return [text[m.start : m.end] for m in mentions if entity is None or m.entity == entity]


def entity_of(text: str, mentions, entities: tuple[Entity, ...], surface: str, nth: int = 0) -> Entity:
    found = [m for m in mentions if text[m.start : m.end] == surface]
    return entities[found[nth].entity]


def check_invariants(text: str, mentions, entities) -> None:
    assert [m.start for m in mentions] == sorted(m.start for m in mentions)
    for left, right in zip(mentions, mentions[1:]):
        assert left.end <= right.start
    assert [e.id for e in entities] == list(range(len(entities)))
    firsts = [min(m.start for m in mentions if m.entity == e.id) for e in entities]
    assert firsts == sorted(firsts)
    assert all(m.entity is not None and 0 <= m.entity < len(entities) for m in mentions)


@pytest.mark.parametrize(
    "sentence, part",
    [
        ("Mr. Richardson, you were 17.", "Richardson"),
        ("INMATE RICHARDSON: Yes.", "RICHARDSON"),
        ("Kevin, tell us more.", "Kevin"),
        ("That was Richardson's car.", "Richardson"),
        ("Dr. Lee met RICHARDSON'S mother.", "RICHARDSON"),
    ],
)
def test_it_links_a_name_part_to_the_full_name(sentence, part):
    text = f"KEVIN RICHARDSON\n\n{sentence}\n"
    detected = at(text, part, nth=1 if part in "KEVIN RICHARDSON" else 0)
    mentions, entities = run(text, [at(text, "KEVIN RICHARDSON", sources=("header",)), detected])
    entity = entity_of(text, mentions, entities, part)
    assert entity.name == "Kevin Richardson"
    assert len(entities) == 1
    assert part in entity.variants


def test_it_links_a_speaker_tag_to_the_title_page_participant():
    text = "KEVIN RICHARDSON\nALYSSA JONES\n\nPRESIDING COMMISSIONER JONES: We are on the record.\n"
    mentions, entities = run(text, [at(text, "JONES", nth=1)])
    tagged = [m for m in mentions if text[m.start : m.end] == "JONES"]
    assert len(tagged) == 1
    assert entities[tagged[0].entity].name.casefold() == "alyssa jones"
    assert entities[tagged[0].entity].label == "PERSON"


@pytest.mark.parametrize("spelled", ["R-I-C-H-A-R-D-S-O-N", "r-i-c-h-a-r-d-s-o-n", "R-I-C-H-A-R-D-S-E-N"])
def test_it_joins_a_spelled_name_to_its_person(spelled):
    text = f"INMATE RICHARDSON: Kevin Richardson, {spelled}.\n"
    mentions, entities = run(text, [at(text, "Kevin Richardson"), at(text, spelled, "SPELLED_NAME", ("rule",))])
    spelled_mention = next(m for m in mentions if m.label == "SPELLED_NAME")
    person = entity_of(text, mentions, entities, "Kevin Richardson")
    assert spelled_mention.entity == person.id
    assert person.label == "PERSON"
    assert spelled in person.variants
    assert spelled_mention.confidence == 1


def test_it_gives_an_unknown_spelled_name_its_own_person_and_rescans_it():
    text = "ATTORNEY MBELU: My name is M-B-E-L-U.\nPRESIDING COMMISSIONER JONES: Thank you, Ms. Mbelu.\n"
    mentions, entities = run(text, [at(text, "M-B-E-L-U", "SPELLED_NAME", ("rule",))], header=None)
    spelled = next(m for m in mentions if m.label == "SPELLED_NAME")
    assert entities[spelled.entity].label == "PERSON"
    assert surfaces(text, mentions, spelled.entity) == ["MBELU", "M-B-E-L-U", "Mbelu"]


@pytest.mark.parametrize("second", ["Stevenston", "Mark Stevenston"])
def test_it_links_a_misspelling_to_the_same_person(second):
    text = "Mark Stevenson is present. Mark Stevenston here is the psychologist.\n"
    mentions, entities = run(text, [at(text, "Mark Stevenson"), at(text, second)], header=None)
    assert len(entities) == 1
    assert entities[0].name == "Mark Stevenson"
    assert "Stevenston" in " ".join(entities[0].variants)
    assert surfaces(text, mentions) == ["Mark Stevenson", "Mark Stevenston"]


@pytest.mark.parametrize(
    "first, second, same",
    [
        ("Stevenson", "Stevenston", True),  # one letter inserted
        ("Hernandez", "Hernandes", True),
        ("Stevenson", "Peterson", False),  # different first letter
        ("Kern", "Kerr", False),  # too short for fuzzy linking
    ],
)
def test_it_links_fuzzy_variants_only_when_close(first, second, same):
    text = f"Mr. {first} spoke. Then Mr. {second} spoke.\n"
    mentions, entities = run(text, [at(text, first), at(text, second)], header=None)
    linked = [m.entity for m in mentions if text[m.start : m.end] in (first, second)]
    assert (len(set(linked)) == 1) is same


def test_it_rescans_missed_mentions_with_low_confidence():
    text = "Kevin Richardson is here. Richardson was 17. Later RICHARDSON said so.\n"
    mentions, entities = run(text, [at(text, "Kevin Richardson", sources=("spacy", "presidio"))], header=None)
    assert surfaces(text, mentions) == ["Kevin Richardson", "Richardson", "RICHARDSON"]
    assert [m.confidence for m in mentions] == [1, 3, 3]
    assert [m.sources for m in mentions[1:]] == [("rescan",), ("rescan",)]
    assert {m.entity for m in mentions} == {0}



@pytest.mark.parametrize(("known", "written"), [
    ("Echeverría-Luna", "ECHEVERRIA-LUNA"),  # a form in capitals drops the accents
    ("Echeverría-Luna", "Echeverria-Luna"),
    ("Noemí Saldívar", "Noemi Saldivar"),
    ("Zoë Müller", "ZOE MULLER"),
    ("Noemi Saldivar", "Noemí Saldívar"),  # and the other way round: the errata's correct spelling
])
def test_it_rescans_a_known_name_written_with_or_without_its_accents(known, written):
    text = f"Mr. {known} is here. The form says {written} and so on.\n"
    mentions, _ = run(text, [at(text, known, sources=("spacy", "presidio"))], header=None)
    assert written in surfaces(text, mentions)
    assert len({m.entity for m in mentions}) == 1

def test_it_does_not_tag_a_name_word_used_as_a_word():
    text = (
        "KEVIN YOUNG\n\nINMATE YOUNG: I was a young man. Young people make mistakes.\n"
        "PRESIDING COMMISSIONER JONES: I hope so, Mr. Young. YOUNG is the name. It will be fine.\n"
    )
    mentions, _ = run(text, [at(text, "KEVIN YOUNG", sources=("header",))], header=Header(inmate_name="KEVIN YOUNG"))
    found = {(m.start, text[m.start : m.end]) for m in mentions}
    assert (text.index("YOUNG:"), "YOUNG") in found  # speaker tag
    assert (text.index("Mr. Young") + 4, "Young") in found  # after a title, mid-sentence
    assert all(text[m.start : m.end] != "young" for m in mentions)
    assert (text.index("Young people"), "Young") not in found  # sentence start
    assert (text.index("YOUNG is"), "YOUNG") not in found  # upper case outside a speaker tag
    assert "young" in name_words()


def test_it_keeps_a_name_word_next_to_its_other_part():
    text = "Mark Stevenson is present. Mark Stevenston here.\n"
    mentions, _ = run(text, [at(text, "Mark Stevenson"), at(text, "Stevenston")], header=None)
    assert surfaces(text, mentions) == ["Mark Stevenson", "Mark Stevenston"]


def test_it_resolves_a_shared_last_name_to_the_title_page_person():
    text = (
        "KEVIN YOUNG\n\nINMATE YOUNG: My brother Robert Young helped me. "
        "Mr. Young, go on. Robert Young lives in town.\n"
    )
    header = Header(inmate_name="KEVIN YOUNG")
    mentions, entities = run(
        text,
        [at(text, "KEVIN YOUNG", sources=("header",)), at(text, "Robert Young"), at(text, "Young", nth=1)],
        header=header,
    )
    by_surface = {(text[m.start : m.end], m.start): entities[m.entity].name for m in mentions}
    assert by_surface[("Young", text.index("Mr. Young") + 4)] == "Kevin Young"
    assert by_surface[("YOUNG", text.index("YOUNG:"))] == "Kevin Young"
    assert by_surface[("Robert Young", text.index("Robert Young", text.index("Mr. Young")))] == "Robert Young"
    assert len({e.name for e in entities}) == 2


def test_it_prefers_the_more_frequent_person_when_the_inmate_is_not_involved():
    text = (
        "GARY HERNANDEZ\nAUSTIN QUINTANILLA\n\n"
        "INMATE HERNANDEZ: I killed Oluwaseun Quintanilla. Oluwaseun was 19. "
        "Oluwaseun Quintanilla had a family. Mr. Quintanilla did nothing.\n"
    )
    next_of_kin = Participant("AUSTIN QUINTANILLA", "Victim's Next of Kin")
    header = Header(inmate_name="GARY HERNANDEZ", participants=(next_of_kin,))
    mentions, entities = run(
        text,
        [
            at(text, "AUSTIN QUINTANILLA", sources=("header",)),
            at(text, "Oluwaseun Quintanilla"),
            at(text, "Oluwaseun", nth=1),
            at(text, "Oluwaseun Quintanilla", nth=1),
            at(text, "Quintanilla", nth=2),
        ],
        header=header,
    )
    bare = next(m for m in mentions if m.start == text.index("Mr. Quintanilla") + 4)
    assert entities[bare.entity].name == "Oluwaseun Quintanilla"


@pytest.mark.parametrize(
    "label, sources, word, relabelled",
    [
        ("ORGANIZATION", ("spacy",), "Yamamoto", True),
        ("LOCATION", ("stanza", "spacy"), "Yamamoto", True),
        ("LOCATION", ("presidio", "spacy"), "Yamamoto", False),  # presidio runs the rule recognizers
        ("ORGANIZATION", ("rule",), "Yamamoto", False),  # a rule knows better
        ("LOCATION", ("spacy",), "Jordan", True),  # a place, inside a sentence where no place stands
    ],
)
def test_it_repairs_the_label_of_a_known_name_part(label, sources, word, relabelled):
    text = f"Narek {word} was there. Then {word} again.\n"
    mentions, entities = run(text, [at(text, f"Narek {word}"), at(text, word, label, sources, nth=1)], header=None)
    second = next(m for m in mentions if m.start == text.index(f"Then {word}") + 5)
    assert (second.label == "PERSON" and second.entity == mentions[0].entity) is relabelled
    assert entities[second.entity].label == ("PERSON" if relabelled else label)


@pytest.mark.parametrize(("surname", "sentence", "relabelled"), [
    # a rule's town no tagger saw and no list of known places has, that is a surname of the hearing: the name
    ("Holloway", "I went back to Holloway after the divorce.", True),  # her maiden name (a town abroad)
    ("Pickett", "Then I moved back to Pickett and kept it.", True),
    ("Lancaster", "Then I moved back to Lancaster with my kids.", False),  # a known town stays one
])
def test_it_takes_a_rules_unknown_town_that_is_a_surname_of_the_hearing_for_the_person(surname, sentence, relabelled):
    text = f"COMMISSIONER ROE: Your maiden name is Susan {surname}?\nINMATE DOE: {sentence}\n"
    mentions, entities = run(text, [at(text, f"Susan {surname}"), at(text, surname, "LOCATION", ("presidio",), nth=1)],
                             header=None)
    second = next(m for m in mentions if m.start == text.index(surname, text.index("INMATE DOE")))
    assert (second.label == "PERSON" and entities[second.entity].name == f"Susan {surname}") is relabelled


@pytest.mark.parametrize(
    ("sentence", "relabelled"),
    [
        ("Georgia told the officers she saw it.", True),  # a person verb follows
        ("Then Ms. Georgia was there.", True),
        ("We drove to Georgia.", False),
        ("Georgia is a long way from here.", False),
    ],
)
def test_it_repairs_the_label_of_a_common_word_name_only_in_a_persons_context(sentence, relabelled):
    text = f"Georgia Brennan was the victim's friend. {sentence}\n"
    mentions, entities = run(text, [at(text, "Georgia Brennan"), at(text, "Georgia", "LOCATION", ("spacy",), nth=1)],
                             header=None)
    second = next(m for m in mentions if m.start == text.index("Georgia", 10))
    assert (second.label == "PERSON" and second.entity == mentions[0].entity) is relabelled


def test_it_repairs_the_label_of_a_persons_full_name_tagged_as_an_organization():
    text = "Ms. Madison Obregon wrote a letter. Yes, Madison Obregon is my aunt.\n"
    mentions, entities = run(
        text, [at(text, "Madison Obregon"), at(text, "Madison Obregon", "ORGANIZATION", ("spacy",), nth=1)], header=None
    )
    assert [(m.label, m.entity) for m in mentions] == [("PERSON", mentions[0].entity)] * 2


@pytest.mark.parametrize(
    ("plural", "label", "relabelled"),
    [
        ("Delgados", "ORGANIZATION", True),  # the family of a known surname
        ("Delgadoes", "LOCATION", True),
        ("Youngs", "ORGANIZATION", False),  # a surname that is a common word: left alone
        ("Narekes", "ORGANIZATION", False),  # no known surname
    ],
)
def test_it_reads_a_tagged_plural_of_a_known_surname_as_that_family(plural, label, relabelled):
    text = f"Narek Delgado and Ted Young were there. I am sorry to the {plural}.\n"
    mentions, entities = run(
        text, [at(text, "Narek Delgado"), at(text, "Ted Young"), at(text, plural, label, ("spacy",))], header=None
    )
    last = next(m for m in mentions if m.start == text.index(plural))
    assert (last.label == "PERSON") is relabelled
    assert (last.entity == mentions[0].entity) is (relabelled and plural.startswith("Delgado"))


@pytest.mark.parametrize(
    ("first_sources", "relabelled"),
    [
        (("spacy",), False),  # a word only ever tagged alone is not enough
        (("presidio", "spacy"), True),  # a rule found it as a name: "they called him Stockton"
        (("presidio",), True),
    ],
)
def test_it_repairs_the_label_of_a_lone_word_only_when_a_rule_named_it(first_sources, relabelled):
    text = "They called him Stockton back then. Then Stockton left.\n"
    mentions, entities = run(
        text, [at(text, "Stockton", sources=first_sources), at(text, "Stockton", "LOCATION", ("spacy",), nth=1)],
        header=None,
    )
    second = next(m for m in mentions if m.start == text.index("Then Stockton") + 5)
    assert (second.label == "PERSON" and second.entity == mentions[0].entity) is relabelled


def test_it_does_not_rescan_inside_a_whitelisted_phrase():
    lexicon = pytest.importorskip("anonymizer.lang.en.lexicon")
    if not hasattr(lexicon, "whitelist_pattern"):
        pytest.skip("lexicon.whitelist_pattern not available")
    text = (
        "We moved to California. Title 15 of the California Code of Regulations applies. California is big. "
        "I was at Avenal State Prison, then Avenal State Prison again.\n"
    )
    mentions, _ = run(
        text, [at(text, "California", "LOCATION"), at(text, "Avenal State Prison", "ORGANIZATION")], header=None
    )
    assert surfaces(text, mentions) == ["California", "California", "Avenal State Prison", "Avenal State Prison"]
    assert mentions[1].start == text.index("California is")


def test_it_joins_adjacent_name_parts_before_linking():
    text = "KEVIN YOUNG\n\nMy brother Robert Young came.\n"
    mentions, entities = run(
        text,
        [at(text, "KEVIN YOUNG", sources=("header",)), at(text, "Robert"), at(text, "Young", sources=("presidio",))],
        header=Header(inmate_name="KEVIN YOUNG"),
    )
    joined = next(m for m in mentions if text[m.start : m.end] == "Robert Young")
    assert entities[joined.entity].name == "Robert Young"
    assert set(joined.sources) == {"spacy", "presidio"}
    assert joined.confidence == 1


def test_it_extends_a_partial_detection_to_the_full_name():
    text = "KEVIN RICHARDSON\n\nThank you, Kevin Richardson.\n"
    mentions, _ = run(text, [at(text, "KEVIN RICHARDSON", sources=("header",)), at(text, "Kevin")])
    full = mentions[-1]
    assert text[full.start : full.end] == "Kevin Richardson"
    assert set(full.sources) == {"spacy", "rescan"}
    assert full.confidence == 2


def test_it_links_cut_off_and_split_names():
    text = (
        "INMATE SMITH: My cousin Roberto Hernandez came. Hernan- Hernandez drove. My brother Ro-\n"
        "PRESIDING COMMISSIONER JONES: Who?\n"
        "INMATE SMITH: -berto, yes.\n"
    )
    mentions, entities = run(text, [at(text, "Roberto Hernandez")], header=None)
    assert surfaces(text, mentions) == ["Roberto Hernandez", "Hernan", "Hernandez", "Ro", "berto"]
    assert {m.entity for m in mentions} == {0}
    assert [m.confidence for m in mentions[1:]] == [3, 3, 3, 3]


@pytest.mark.parametrize(
    "surface, key",
    [
        ("V12345", "V12345"),
        ("V-12345", "V12345"),
        ("v 12345", "V12345"),
        ("Victor 12345", "V12345"),
        ("V as in Victor 12345", "V12345"),
        ("AB1234", "AB1234"),
        ("C-12345", "C12345"),
    ],
)
def test_it_normalizes_cdcr_numbers(surface, key):
    assert cdcr_key(surface) == key


def test_it_groups_cdcr_number_variants_and_rescans_them():
    text = "CDCR Number: V12345\n\nMy number is Victor 12345. Yes, V-12345. Not V123456.\n"
    mentions, entities = run(
        text, [at(text, "V12345", "CDCR_ID", ("header",)), at(text, "Victor 12345", "CDCR_ID", ("rule",))]
    )
    assert surfaces(text, mentions) == ["V12345", "Victor 12345", "V-12345"]
    assert len(entities) == 1
    assert entities[0].name == "V12345"
    assert [m.confidence for m in mentions] == [1, 1, 3]


@pytest.mark.parametrize(
    "label, first, second, same",
    [
        ("ORGANIZATION", "Salinas Valley State Prison", "SALINAS VALLEY STATE PRISON", True),
        ("ORGANIZATION", "Salinas Valley State Prison", "Salinas Valley State Prisons", True),
        ("ORGANIZATION", "Folsom State Prison", "Avenal State Prison", False),
        ("LOCATION", "Soledad", "SOLEDAD", True),
        ("NRP", "Mexican", "mexican", True),
        ("DATE", "October 24, 2024", "October 24, 2024", True),
        ("DATE", "October 24, 2024", "October 25, 2024", False),
    ],
)
def test_it_groups_other_labels_by_normalized_form(label, first, second, same):
    text = f"First {first} and then {second} again.\n"
    mentions, entities = run(text, [at(text, first, label), at(text, second, label, nth=1 if first == second else 0)])
    linked = [m.entity for m in mentions]
    assert (len(set(linked)) == 1) is same
    assert all(e.label == e.category == label for e in entities)


@pytest.mark.parametrize(
    "sources, confidence",
    [
        (("header",), 1),
        (("rule",), 1),
        (("presidio", "spacy"), 1),
        (("spacy", "rescan"), 2),
        (("presidio",), 2),
        (("rescan",), 3),
        (("fuzzy",), 3),
    ],
)
def test_it_sets_confidence_from_sources(sources, confidence):
    assert confidence_of(sources) == confidence
    text = "Visit Folsom now.\n"
    mentions, _ = run(text, [at(text, "Folsom", "LOCATION", sources)], header=None)
    assert mentions[0].confidence == confidence


def test_it_keeps_an_existing_mention_of_another_entity_on_conflict():
    text = "Michael Jordan was there. He swam in the Jordan River.\n"
    mentions, entities = run(text, [at(text, "Michael Jordan"), at(text, "Jordan River", "LOCATION")], header=None)
    river = next(m for m in mentions if text[m.start : m.end] == "Jordan River")
    assert entities[river.entity].label == "LOCATION"
    assert surfaces(text, mentions) == ["Michael Jordan", "Jordan River"]


def test_it_does_not_rescan_whitelisted_or_short_forms():
    text = "Folsom is a city. We went to Folsom. Mr. Li and Li again.\n"
    config = Config(whitelist_terms=("folsom",))
    mentions, _ = run(text, [at(text, "Folsom", "LOCATION"), at(text, "Li", "PERSON")], header=None, config=config)
    assert surfaces(text, mentions) == ["Folsom", "Li"]


def build_hearing() -> tuple[str, list[Mention]]:
    text = (
        "KEVIN RICHARDSON\nALYSSA JONES\n\n"
        "PRESIDING COMMISSIONER JONES: Good morning, Mr. Richardson. Spell your name.\n"
        "INMATE RICHARDSON: R-I-C-H-A-R-D-S-O-N. My number is Victor 12345.\n"
        "PRESIDING COMMISSIONER JONES: Kevin, you were at Salinas Valley State Prison in Soledad.\n"
        "INMATE RICHARDSON: Yes. Kevin Richardson's brother was a young man then. Soledad was hard.\n"
    )
    return text, [
        at(text, "KEVIN RICHARDSON", sources=("header",)),
        at(text, "ALYSSA JONES", sources=("header",)),
        at(text, "Richardson"),
        at(text, "R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", ("rule",)),
        at(text, "Victor 12345", "CDCR_ID", ("rule",)),
        at(text, "Salinas Valley State Prison", "ORGANIZATION", ("spacy", "presidio")),
        at(text, "Soledad", "LOCATION"),
    ]


def test_it_numbers_entities_by_first_appearance_without_overlaps():
    text, given = build_hearing()
    mentions, entities = run(text, given)
    check_invariants(text, mentions, entities)
    assert [e.name for e in entities] == [
        "Kevin Richardson",
        "Alyssa Jones",
        "V12345",
        "Salinas Valley State Prison",
        "Soledad",
    ]
    assert len(mentions) > len(given)


def test_it_is_deterministic_whatever_the_input_order():
    text, given = build_hearing()
    first = run(text, given)
    shuffled = list(given)
    random.Random(7).shuffle(shuffled)
    assert normalize(text, shuffled, INMATE, Config()) == first
    assert run(text, given) == first


def synthetic_hearing(entities: int = 600, size: int = 100_000) -> tuple[str, list[Mention]]:
    """A ~100 kB text naming ``entities`` referents; only their first occurrence is detected."""
    rng = random.Random(42)
    syllables = ["ka", "vor", "mel", "tri", "zan", "dok", "pel", "mur", "sil", "ven", "qua", "lor", "bex", "nif"]

    def word() -> str:
        return "".join(rng.choice(syllables) for _ in range(3)).title()

    names: list[tuple[str, str]] = []
    for i in range(entities):
        if i % 6 == 4:
            names.append((f"{word()} State Prison", "ORGANIZATION"))
        elif i % 6 == 5:
            names.append((f"{word()}ville", "LOCATION"))
        else:
            names.append((f"{word()} {word()}", "PERSON"))
    parts: list[str] = []
    mentions: list[Mention] = []
    length = 0
    seen: set[int] = set()
    order = iter(range(len(names)))
    while length < size:
        index = next(order, None)
        index = rng.randrange(len(names)) if index is None else index
        name, label = names[index]
        surface = name if label != "PERSON" or index not in seen else name.split()[-1]
        prefix = f"SPEAKER {index % 7}: The record shows that "
        if index not in seen:
            mentions.append(Mention(length + len(prefix), length + len(prefix) + len(surface), label, ("spacy",)))
            seen.add(index)
        line = f"{prefix}{surface} was present on that day, and nothing else happened.\n"
        parts.append(line)
        length += len(line)
    return "".join(parts), mentions


def test_it_normalizes_a_long_text_in_linear_time():
    quarter, given_quarter = synthetic_hearing(entities=150, size=25_000)
    text, given = synthetic_hearing()
    normalize("Warm up, Mr. Kavor.\n", [Mention(13, 18, "PERSON", ("spacy",))], None, Config())  # lazy imports
    short, long = grows_linearly(lambda: normalize(quarter, given_quarter, None, Config()),
                                 lambda: normalize(text, given, None, Config()))
    mentions, entities = normalize(text, given, None, Config())
    print(
        f"normalize: {len(text)} chars, {len(given)} detected, {len(mentions)} out, "
        f"{len(entities)} entities, {long * 1000:.0f} ms ({short * 1000:.0f} ms for a quarter)"
    )
    check_invariants(text, mentions, entities)
    assert len(mentions) > len(given)


@pytest.mark.parametrize(
    ("text", "detected", "participant", "expected"),
    [
        ("INMATE DOE: Co-defendant Peñ- Peña was arrested later.\n", "Peña", "ANA PEÑA", ["Peñ", "Peña"]),
        ("INMATE DOE: Co-defendant Gu- Guy was arrested later.\n", "Guy", "GUY RUIZ", ["Gu", "Guy"]),
        ("INMATE DOE: It was a ca- car that hit Guy Ruiz.\n", "Guy Ruiz", "GUY RUIZ", ["Guy Ruiz"]),
    ],
)
def test_it_links_a_self_repaired_cut_off_to_its_name(text, detected, participant, expected):
    start = text.rindex(detected)
    mentions = [Mention(start, start + len(detected), "PERSON", ("spacy",))]
    header = Header(participants=(Participant(participant, "Victim"),))
    out, _ = normalize(text, mentions, header, Config())
    assert [text[m.start:m.end] for m in out if m.label == "PERSON"] == expected


@pytest.mark.parametrize(
    ("sentence", "tagged"),
    [
        ("INMATE DOE: Hope was my best friend.\n", True),
        ("INMATE DOE: Hope and I got married.\n", True),
        ("INMATE DOE: Hope is all I have.\n", False),
        ("INMATE DOE: Hope you understand.\n", False),
        ("PRESIDING COMMISSIONER ROE: Hope, go ahead.\n", True),
        ("PRESIDING COMMISSIONER ROE: Hope, that is all.\n", False),
        ("VICTIM DIAZ: Hope, H as in Henry, O-P-E.\n", True),
        ("VICTIM DIAZ: Hope, as in to hope.\n", False),
        # issue 11: the bare name at a sentence start, spelled right after it, in any layout
        ("VICTIM DIAZ: Hope. H-O-P-E.\n", True),
        ("VICTIM DIAZ: Hope -- that's H-O-P-E.\n", True),
        ("VICTIM DIAZ: Hope is H-O-P-E.\n", True),
        ("VICTIM DIAZ: Hope, spelled H O P E.\n", True),
        ("VICTIM DIAZ: Hope. P-L-E-A-S-E help.\n", False),
        ("VICTIM DIAZ: Hope, my little sister, was there.\n", True),
        ("VICTIM DIAZ: Hope and her brother would have been there.\n", True),
        ("VICTIM DIAZ: Hope would have been forty.\n", True),
        ("VICTIM DIAZ: It was a Hope-filled time for us.\n", False),  # a compound word
        ("VICTIM DIAZ: It was all for Hope, not for me.\n", True),
    ],
)
def test_it_takes_a_sentence_initial_name_word_as_the_person_only_before_a_person_verb(sentence, tagged):
    text = "PRESIDING COMMISSIONER ROE: Tell me about Hope Diaz.\n" + sentence
    first = text.index("Hope Diaz")
    mentions = [Mention(first, first + len("Hope Diaz"), "PERSON", ("spacy", "presidio"))]
    out, _ = normalize(text, mentions, None, Config())
    second = text.index("Hope", first + 4)
    assert any(m.start == second for m in out) is tagged


@pytest.mark.parametrize(("said", "found"), [
    ("welcome ms. quiñones. mister zamudio-prieto, go on.", ["quiñones", "zamudio-prieto"]),  # no capitals
    ("a young man with hope and grace.", []),  # words in lower case are words
    ("we drove through stockton.", []),  # a dictionary's place name too
])
def test_it_finds_a_known_name_written_in_lower_case_when_no_part_is_a_word(said, found):
    text = ("COMMISSIONER TRAN: This is Luis Zamudio-Prieto, and Rosa Quiñones, Hope Young and Grace Stockton.\n"
            "COMMISSIONER TRAN: okay. we are on the record. thank you. go on. yes. and then. right. sure. fine. so.\n"
            f"COMMISSIONER TRAN: {said}\n")
    names = [at(text, name) for name in ("Luis Zamudio-Prieto", "Rosa Quiñones", "Hope Young", "Grace Stockton")]
    out, _ = run(text, names, header=None)
    line = text.index(said)
    assert [text[m.start:m.end] for m in out if m.start >= line] == found
    entity = {text[m.start:m.end]: m.entity for m in out}
    assert all(entity[word] == entity[whole] for word, whole in zip(found, ("Rosa Quiñones", "Luis Zamudio-Prieto")))


def test_it_searches_no_name_in_lower_case_in_a_text_written_with_capitals():
    text = ("COMMISSIONER ROE: Mr. Öğretim was there. He said so. I agree. We know. Go on. Yes. Right. Sure. Fine.\n"
            "INMATE DOE: I took açık öğretim classes and met Ms. Quiñones. Then quiñones cards. Okay.\n")
    out, _ = run(text, [at(text, "Öğretim"), at(text, "Quiñones")], header=None)
    assert [text[m.start:m.end] for m in out if text[m.start].islower()] == []


@pytest.mark.parametrize("text, first, rest", [
    ("INMATE: My cousin We-\nCOMMISSIONER RUFF: Continue.\nINMATE: -sley Washington drove.\n", "We", "sley Washington"),
    ("A. My cousin Ma-\nQ. Go ahead.\nA. -rvin Holloway had the car.\n", "Ma", "rvin Holloway"),
])
def test_it_puts_both_pieces_of_a_cut_name_in_one_entity(text, first, rest):
    pieces = [at(text, first, sources=("rule",)), at(text, rest, sources=("rule",))]
    out, _ = run(text, pieces, header=None)
    entity = {text[m.start:m.end]: m.entity for m in out}
    assert entity[first] == entity[rest]


def test_it_rescans_a_text_with_a_dotted_capital_i_without_failing():
    """"İ".lower() is two letters, so such a text is searched ignoring case: "İstanbul" then matches
    the form "istanbul", whose key is the one-letter lower case (a KeyError before)."""
    from anonymizer.normalize.rescan import _Target, _rescan_hits

    text = "Before the İstanbul Court and the Istanbul Court.\n"
    table = {"istanbul court": _Target(0, "ORGANIZATION", frozenset({"Istanbul Court", "İstanbul Court"}), False)}
    hits, _ = _rescan_hits(text, table)
    assert [text[h.start : h.end] for h in hits] == ["İstanbul Court", "Istanbul Court"]


@pytest.mark.parametrize("surface", ["R", "Jr.", "Mr.", "Romy"])
def test_it_reads_a_taggers_person_of_no_name_word_after_a_nickname_cue(surface):
    """A garbled text (a condensed PDF read as one line) gave the tagger a person of no name word after "we all
    called": the nickname rule took the first of its name words and normalize raised IndexError."""
    text = f"INMATE DOE: Jerome Simms, who we all called {surface} back then.\n"
    mentions, entities = run(text, [at(text, "Jerome Simms"), at(text, surface)], header=None)
    check_invariants(text, mentions, entities)
    assert "Jerome Simms" in surfaces(text, mentions)
