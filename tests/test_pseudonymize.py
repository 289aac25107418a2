"""pseudonymize(): the paper's examples, numbering rules, styles, overrides, no leaks."""
from __future__ import annotations

import random

import pytest

from anonymizer.categorize import categorize
from anonymizer.pseudonymize import Replacement, apply, pseudonymize
from anonymizer.types import Entity, Mention

# A span spec: (surface as it appears next in the text, label, referent name).
Spec = tuple[str, str, str]


def build(text: str, specs: list[Spec]):
    """Mentions found left to right; one entity per referent (labelled by its first
    mention), categorized by categorize()."""
    entities: dict[str, Entity] = {}
    mentions = []
    cursor = 0
    for surface, label, referent in specs:
        start = text.index(surface, cursor)
        cursor = start + len(surface)
        if referent not in entities:
            entities[referent] = Entity(
                id=len(entities),
                label=label,
                category=categorize(label, referent),
                name=referent,
            )
        mentions.append(Mention(start, cursor, label, ("rule",), entity=entities[referent].id))
    return mentions, list(entities.values())


def run(text: str, specs: list[Spec], **kwargs):
    mentions, entities = build(text, specs)
    return pseudonymize(text, mentions, entities, **kwargs)


EXAMPLE_1 = "We have a John Doe and the victim is Jane Smith. That's D-O-E. Case ID M23515."
EXAMPLE_1_SPECS: list[Spec] = [
    ("John Doe", "PERSON", "John Doe"),
    ("Jane Smith", "PERSON", "Jane Smith"),
    ("D-O-E", "SPELLED_NAME", "D-O-E"),
    ("M23515", "CDCR_ID", "M23515"),
]


def test_it_reproduces_the_papers_example_1():
    assert run(EXAMPLE_1, EXAMPLE_1_SPECS).text == (
        "We have a [PERSON_1] [PERSON_2] and the victim is [PERSON_3] [PERSON_4]. "
        "That's [SPELLED_NAME_PERSON_2]. Case ID [CDCR_ID_1]."
    )


def test_it_reproduces_the_papers_example_2():
    text = (
        "Today is 05/13/2012, 10:30, he was convicted back on Monday the 15th of June, 2011 "
        "at the age of 33 years old."
    )
    specs: list[Spec] = [
        ("05/13/2012", "DATE", "05/13/2012"),
        ("10:30", "TIME", "10:30"),
        ("Monday the 15th of June, 2011", "DATE", "Monday the 15th of June, 2011"),
        ("33 years old", "AGE", "33 years old"),
    ]
    assert run(text, specs).text == (
        "Today is [DATE], [TIME], he was convicted back on [DAY_OF_WEEK] the [DAY] of [MONTH], [YEAR] "
        "at the age of [AGE] years old."
    )


def test_it_reproduces_the_papers_example_3():
    text = (
        "He lived in Connecticut but then moved to California. He is a Canadian citizen from Canada "
        "and works with the California City Police Department."
    )
    specs: list[Spec] = [
        ("Connecticut", "LOCATION", "Connecticut"),
        ("California", "LOCATION", "California"),
        ("Canadian", "NRP", "Canadian"),
        ("Canada", "LOCATION", "Canada"),
        ("California City Police Department", "ORGANIZATION", "California City Police Department"),
    ]
    assert run(text, specs).text == (
        "He lived in [STATE_1] but then moved to [STATE_2]. He is a [NATIONALITY_1] citizen from [COUNTRY_1] "
        "and works with the [POLICE_DEPARTMENT_1]."
    )


APPENDIX_TITLE = (
    "PANEL PRESENT: ALYSSA JONES, Presiding Commissioner; MARY ROE, Deputy Commissioner; "
    "JOHN POE, Attorney; KEVIN RICHARDSON, Inmate\n"
)
APPENDIX_BODY = (
    "PRESIDING COMMISSIONER JONES: All right. Good afternoon. Today's date, September 1st, 2021. "
    "Time is, uh, 1:30 PM. This is the initial parole suitability hearing for inmate- Correction. "
    "This is the first subsequent parole suitability hearing for inmate Kevin Richardson, "
    "R-I-C-H-A-R-D-S-O-N, CDCR number L90314. Inmate Richardson is not present at the hearing room "
    "at San Quentin State Prison. Uh, we were notified today that the inmate is currently out at the "
    "hospital and, uh, is currently unavailable for his hearing. Uh, so, uh, let's uh, take "
    "appearances. Uh, we are conducting this hearing by video conference. So, let's take appearances "
    "on who's here today. Uh, we'll have the Panel members go first. My name is Alyssa Jones "
    "J-O-N-E-S, Commissioner with the Board of Parole Hearings."
)
APPENDIX_SPECS: list[Spec] = [
    ("ALYSSA JONES", "PERSON", "Alyssa Jones"),
    ("MARY ROE", "PERSON", "Mary Roe"),
    ("JOHN POE", "PERSON", "John Poe"),
    ("KEVIN RICHARDSON", "PERSON", "Kevin Richardson"),
    ("JONES", "PERSON", "Alyssa Jones"),
    ("September 1st, 2021", "DATE", "September 1st, 2021"),
    ("1:30 PM", "TIME", "1:30 PM"),
    ("Kevin Richardson", "PERSON", "Kevin Richardson"),
    ("R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", "R-I-C-H-A-R-D-S-O-N"),
    ("L90314", "CDCR_ID", "L90314"),
    ("Richardson", "PERSON", "Kevin Richardson"),
    ("San Quentin State Prison", "ORGANIZATION", "San Quentin State Prison"),
    ("Alyssa Jones", "PERSON", "Alyssa Jones"),
    ("J-O-N-E-S", "SPELLED_NAME", "J-O-N-E-S"),
]


def test_it_reproduces_the_papers_appendix_step_4():
    result = run(APPENDIX_TITLE + APPENDIX_BODY, APPENDIX_SPECS)
    title, body = result.text.split("\n")
    assert title == (
        "PANEL PRESENT: [PERSON_1] [PERSON_2], Presiding Commissioner; [PERSON_3] [PERSON_4], Deputy "
        "Commissioner; [PERSON_5] [PERSON_6], Attorney; [PERSON_7] [PERSON_8], Inmate"
    )
    assert body == (
        "PRESIDING COMMISSIONER [PERSON_2]: All right. Good afternoon. Today's date, [MONTH] [DAY], [YEAR]. "
        "Time is, uh, [TIME] PM. This is the initial parole suitability hearing for inmate- Correction. "
        "This is the first subsequent parole suitability hearing for inmate [PERSON_7] [PERSON_8], "
        "[SPELLED_NAME_PERSON_8], CDCR number [CDCR_ID_1]. Inmate [PERSON_8] is not present at the hearing "
        "room at [PRISON_1]. Uh, we were notified today that the inmate is currently out at the "
        "hospital and, uh, is currently unavailable for his hearing. Uh, so, uh, let's uh, take "
        "appearances. Uh, we are conducting this hearing by video conference. So, let's take appearances "
        "on who's here today. Uh, we'll have the Panel members go first. My name is [PERSON_1] [PERSON_2] "
        "[SPELLED_NAME_PERSON_2], Commissioner with the Board of Parole Hearings."
    )


@pytest.mark.parametrize(
    ("text", "specs"),
    [
        (EXAMPLE_1, EXAMPLE_1_SPECS),
        (APPENDIX_TITLE + APPENDIX_BODY, APPENDIX_SPECS),
    ],
)
def test_it_leaves_no_surface_form_in_the_output(text, specs):
    result = run(text, specs)
    forms = {form for entry in result.key for form in entry.surface_forms}
    assert forms == {surface for surface, _, _ in specs}
    for form in forms:
        assert form.casefold() not in result.text.casefold()


def test_it_writes_a_key_per_entity_in_order_of_appearance():
    result = run(EXAMPLE_1, EXAMPLE_1_SPECS)
    assert [(e.entity, e.label, e.category, e.tags, e.surface_forms) for e in result.key] == [
        (0, "PERSON", "PERSON", ("[PERSON_1]", "[PERSON_2]"), ("John Doe",)),
        (1, "PERSON", "PERSON", ("[PERSON_3]", "[PERSON_4]"), ("Jane Smith",)),
        (2, "SPELLED_NAME", "SPELLED_NAME", ("[SPELLED_NAME_PERSON_2]",), ("D-O-E",)),
        (3, "CDCR_ID", "CDCR_ID", ("[CDCR_ID_1]",), ("M23515",)),
    ]


def test_it_lists_each_tag_once_in_the_key():
    text = "He is 5 feet 9 inches, she is 5 feet 2 inches."
    specs: list[Spec] = [("5 feet 9 inches", "HEIGHT", "h"), ("5 feet 2 inches", "HEIGHT", "h")]
    (entry,) = run(text, specs).key
    assert entry.tags == ("[HEIGHT]",)
    assert entry.surface_forms == ("5 feet 9 inches", "5 feet 2 inches")


def test_it_records_replacements_on_both_texts():
    text = APPENDIX_TITLE + APPENDIX_BODY
    result = run(text, APPENDIX_SPECS)
    assert len(result.replacements) == len(APPENDIX_SPECS)
    for r in result.replacements:
        assert result.text[r.out_start : r.out_start + len(r.tag_text)] == r.tag_text
    assert apply(text, result.replacements) == result.text


def test_it_is_deterministic_and_independent_of_mention_order():
    text = APPENDIX_TITLE + APPENDIX_BODY
    mentions, entities = build(text, APPENDIX_SPECS)
    first = pseudonymize(text, mentions, entities)
    shuffled = list(mentions)
    random.Random(7).shuffle(shuffled)
    assert pseudonymize(text, shuffled, entities) == first
    assert pseudonymize(text, mentions, entities) == first


def test_it_gives_one_tag_per_person_in_referent_style():
    assert run(EXAMPLE_1, EXAMPLE_1_SPECS, style="referent").text == (
        "We have a [PERSON_1] and the victim is [PERSON_2]. That's [SPELLED_NAME_PERSON_1]. Case ID [CDCR_ID_1]."
    )


def test_it_numbers_referents_of_the_appendix():
    result = run(APPENDIX_TITLE + APPENDIX_BODY, APPENDIX_SPECS, style="referent")
    assert "inmate [PERSON_4], [SPELLED_NAME_PERSON_4], CDCR number [CDCR_ID_1]. Inmate [PERSON_4] " in result.text
    assert "My name is [PERSON_1] [SPELLED_NAME_PERSON_1], Commissioner" in result.text


def test_it_gives_an_unknown_spelled_name_a_new_person_number():
    text = "Mr. Doe spells it D-O-U-G-H."
    specs: list[Spec] = [("Doe", "PERSON", "Doe"), ("D-O-U-G-H", "SPELLED_NAME", "D-O-U-G-H")]
    assert run(text, specs).text == "Mr. [PERSON_1] spells it [SPELLED_NAME_PERSON_2]."
    assert run(text, specs, style="referent").text == "Mr. [PERSON_1] spells it [SPELLED_NAME_PERSON_2]."


def test_it_numbers_a_name_spelled_before_it_is_said_like_the_name():
    text = "That is R-O-E. Yes, Roe."
    specs: list[Spec] = [("R-O-E", "SPELLED_NAME", "R-O-E"), ("Roe", "PERSON", "Mary Roe")]
    assert run(text, specs).text == "That is [SPELLED_NAME_PERSON_1]. Yes, [PERSON_1]."


@pytest.mark.parametrize(("style", "override", "expected", "key_tags"), [
    # parts style: the renamed person keeps one tag per name part; its spelled surname stays a spelled name
    ("parts", "[INMATE]", "We have a [INMATE_FIRST] [INMATE_LAST] and the victim is [PERSON_3] [PERSON_4]. "
     "That's [SPELLED_NAME_INMATE_LAST].", ("[INMATE_FIRST]", "[INMATE_LAST]")),
    # referent style: one tag per person, the rename replaces it
    ("referent", "[INMATE]", "We have a [INMATE] and the victim is [PERSON_2]. That's [SPELLED_NAME_PERSON_1].",
     ("[INMATE]",)),
    # a free-text rename (not exactly one tag) replaces the whole name
    ("parts", "[INMATE] [X]", "We have a [INMATE] [X] and the victim is [PERSON_3] [PERSON_4]. "
     "That's [SPELLED_NAME_PERSON_2].", ("[INMATE]", "[X]")),
])
def test_it_applies_overrides_without_renumbering(style, override, expected, key_tags):
    mentions, entities = build(EXAMPLE_1, EXAMPLE_1_SPECS)
    result = pseudonymize(EXAMPLE_1, mentions, entities, style=style, overrides={0: override})
    assert result.text == expected + " Case ID [CDCR_ID_1]."
    assert result.key[0].tags == key_tags


def test_it_gives_relatives_the_renamed_tag_of_a_shared_surname_in_parts_style():
    text = "Mr. Kevin Richardson and his brother Dale Richardson. Mr. Richardson spelled R-I-C-H-A-R-D-S-O-N."
    specs: list[Spec] = [("Kevin Richardson", "PERSON", "Kevin Richardson"),
                         ("Dale Richardson", "PERSON", "Dale Richardson"),
                         ("Richardson", "PERSON", "Kevin Richardson"), ("R-I-C-H-A-R-D-S-O-N", "SPELLED_NAME", "x")]
    mentions, entities = build(text, specs)
    result = pseudonymize(text, mentions, entities, overrides={0: "[INMATE]"})
    assert result.text == ("Mr. [INMATE_FIRST] [INMATE_LAST] and his brother [PERSON_3] [INMATE_LAST]. "
                           "Mr. [INMATE_LAST] spelled [SPELLED_NAME_INMATE_LAST].")


def test_it_maps_a_misspelled_variant_to_the_tag_of_the_closest_part():
    text = "Mark Stevenson is present.\nMark Stevenston here is..."
    mentions, _ = build(text, [("Mark Stevenson", "PERSON", "a"), ("Mark Stevenston", "PERSON", "b")])
    one = Entity(0, "PERSON", "PERSON", "Mark Stevenson", variants=("Mark Stevenston",))
    same = pseudonymize(text, [Mention(x.start, x.end, x.label, x.sources, entity=0) for x in mentions], [one])
    assert same.text == "[PERSON_1] [PERSON_2] is present.\n[PERSON_1] [PERSON_2] here is..."
    # two entities (normalization did not link them): the paper's example (4)
    other = Entity(1, "PERSON", "PERSON", "Mark Stevenston")
    split = pseudonymize(text, [Mention(mentions[0].start, mentions[0].end, "PERSON", ("rule",), entity=0),
                                Mention(mentions[1].start, mentions[1].end, "PERSON", ("rule",), entity=1)],
                         [one, other])  # fmt: skip
    assert split.text == "[PERSON_1] [PERSON_2] is present.\n[PERSON_1] [PERSON_3] here is..."


def test_it_maps_a_cut_off_part_to_the_part_it_begins():
    text = "Mr. Hernandez, uh, Hernan- Hern- He-"
    specs: list[Spec] = [(s, "PERSON", "Hernandez") for s in ("Hernandez", "Hernan", "Hern", "He")]
    assert run(text, specs).text == "Mr. [PERSON_1], uh, [PERSON_1]- [PERSON_1]- [PERSON_2]-"


def test_it_maps_a_misspelled_spelled_name_of_a_person_to_the_closest_part():
    text = "Kevin Richardson, R-I-C-H-A-R-D-S-E-N."
    mentions, entities = build(
        text,
        [
            ("Kevin Richardson", "PERSON", "Kevin Richardson"),
            ("R-I-C-H-A-R-D-S-E-N", "SPELLED_NAME", "Kevin Richardson"),
        ],
    )
    assert pseudonymize(text, mentions, entities).text == "[PERSON_1] [PERSON_2], [SPELLED_NAME_PERSON_2]."


@pytest.mark.parametrize(
    ("surface", "expected"),
    [
        ("Richardson's", "[PERSON_1]'s"),
        ("O'Brien", "[PERSON_1]"),
        ("Mary-Jane Roe", "[PERSON_1] [PERSON_2]"),
        ("Kevin J. Richardson", "[PERSON_1] [PERSON_2]. [PERSON_3]"),
        ("KEVIN RICHARDSON", "[PERSON_1] [PERSON_2]"),
        ("Agent 47", "[PERSON_1]"),  # never keep a digit: the parts' tags only
    ],
)
def test_it_tags_each_name_part(surface, expected):
    text = f"X {surface} Y"
    assert run(text, [(surface, "PERSON", surface)]).text == f"X {expected} Y"


def test_it_shares_a_part_between_people_with_the_same_name_part():
    text = "Kevin Richardson and his mother Mary Richardson; richardson."
    specs: list[Spec] = [
        ("Kevin Richardson", "PERSON", "Kevin Richardson"),
        ("Mary Richardson", "PERSON", "Mary Richardson"),
        ("richardson", "PERSON", "Kevin Richardson"),
    ]
    assert run(text, specs).text == "[PERSON_1] [PERSON_2] and his mother [PERSON_3] [PERSON_2]; [PERSON_2]."
    assert run(text, specs, style="referent").text == "[PERSON_1] and his mother [PERSON_2]; [PERSON_1]."


@pytest.mark.parametrize(
    ("label", "surface", "expected"),
    [
        ("DATE", "September 1st, 2021", "[MONTH] [DAY], [YEAR]"),
        ("DATE", "Monday the 15th of June, 2011", "[DAY_OF_WEEK] the [DAY] of [MONTH], [YEAR]"),
        ("DATE", "October 24, 2024", "[MONTH] [DAY], [YEAR]"),
        ("DATE", "15 June", "[DAY] [MONTH]"),
        ("DATE", "Jan. 5th", "[MONTH]. [DAY]"),
        ("DATE", "10/24/2024", "[DATE]"),
        ("DATE", "2024-10-24", "[DATE]"),
        ("DATE", "1995", "[YEAR]"),
        ("DATE", "'95", "[YEAR]"),
        ("DATE", "nineteen eighty-five", "[YEAR]"),
        ("DATE", "two thousand and eleven", "[YEAR]"),
        ("DATE", "80s", "[DECADE]"),
        ("DATE", "'90s", "[DECADE]"),
        ("DATE", "1990's", "[DECADE]"),
        ("DATE", "nineteen-nineties", "[DECADE]"),
        ("DATE", "March of 2003", "[MONTH] of [YEAR]"),
        ("DATE", "June twenty-first", "[MONTH] [DAY]"),
        ("DATE", "July ninth nineteen eighty one", "[MONTH] [DAY] [YEAR]"),  # said without a comma
        ("DATE", "march twenty-first two thousand and five", "[MONTH] [DAY] [YEAR]"),
        ("DATE", "on the twenty third nineteen ninety", "on the [DAY] [YEAR]"),
        ("DATE", "June 2011, 47", "[MONTH] [YEAR], [NUMBER]"),
        ("DATE", "Christmas 2011", "[DATE]"),  # an unknown word would stay: whole tag
        ("DATE", "Today's", "[DATE]"),
        ("TIME", "1:30 PM", "[TIME] PM"),
        ("TIME", "10:30", "[TIME]"),
        ("TIME", "8:40 a.m.", "[TIME] a.m."),
        ("TIME", "three o'clock", "[TIME] o'clock"),
        ("AGE", "33 years old", "[AGE] years old"),
        ("AGE", "thirty-three", "[AGE]"),
        ("AGE", "17-year-old", "[AGE]-year-old"),
        ("HEIGHT", "5 feet 9 inches", "[HEIGHT] feet [HEIGHT] inches"),
        ("HEIGHT", "six-foot-two", "[HEIGHT]-foot-[HEIGHT]"),
        ("HEIGHT", "5'9\"", "[HEIGHT]'[HEIGHT]\""),
        ("HEIGHT", "5 feet 9 inches in Fresno", "[HEIGHT]"),
    ],
)
def test_it_replaces_the_values_inside_temporal_spans(label, surface, expected):
    assert run(f"<{surface}>", [(surface, label, surface)]).text == f"<{expected}>"


@pytest.mark.parametrize(
    ("label", "surfaces", "expected"),
    [
        ("LOCATION", ["Fresno", "Soledad", "Fresno"], "[CITY_1] [CITY_2] [CITY_1]"),
        ("PHONE_NUMBER", ["(916) 555-0142", "(916) 555-0143"], "[PHONE_NUMBER_1] [PHONE_NUMBER_2]"),
        ("EMAIL_ADDRESS", ["jdoe@example.com"], "[EMAIL_ADDRESS_1]"),
        ("SPELLED_OUT_ITEM", ["V as in Victor", "V as in Victor"], "[SPELLED_OUT_ITEM_1] [SPELLED_OUT_ITEM_1]"),
        ("NRP", ["Catholic", "Mexican"], "[RELIGION_1] [NATIONALITY_1]"),
    ],
)
def test_it_numbers_entities_per_category(label, surfaces, expected):
    text = " ".join(surfaces)
    assert run(text, [(s, label, s) for s in surfaces]).text == expected


def test_it_tags_mentions_without_entity_by_their_surface():
    text = "Fresno and fresno and Soledad"
    mentions = [Mention(0, 6, "LOCATION", ("rescan",)), Mention(11, 17, "LOCATION", ("rescan",)),
                Mention(22, 29, "LOCATION", ("rescan",))]  # fmt: skip
    result = pseudonymize(text, mentions, [])
    assert result.text == "[LOCATION_1] and [LOCATION_1] and [LOCATION_2]"
    assert [e.entity for e in result.key] == [None, None]


def test_it_rejects_overlapping_mentions_and_unknown_styles():
    mentions, entities = build(EXAMPLE_1, EXAMPLE_1_SPECS)
    with pytest.raises(ValueError):
        pseudonymize(EXAMPLE_1, [*mentions, Mention(12, 20, "PERSON", ("spacy",))], entities)
    with pytest.raises(ValueError):
        pseudonymize(EXAMPLE_1, mentions, entities, style="fancy")


def test_it_applies_replacements_in_one_pass():
    text = "abcdefgh"
    replacements = [Replacement(6, 8, "[Z]"), Replacement(0, 2, "[X]"), Replacement(3, 4, "")]
    assert apply(text, replacements) == "[X]cef[Z]"
    with pytest.raises(ValueError):
        apply(text, [Replacement(0, 3, "a"), Replacement(2, 4, "b")])


def test_it_lists_a_renamed_tag_with_a_letter_suffix_in_the_key():
    # [WITNESS_2B] (a reviewer's rename) is a tag like any other: the key lists it on its own
    mentions, entities = build(EXAMPLE_1, EXAMPLE_1_SPECS)
    result = pseudonymize(EXAMPLE_1, mentions, entities, overrides={0: "[WITNESS_2B] [PERSON_9]"})
    assert result.key[0].tags == ("[WITNESS_2B]", "[PERSON_9]")
