"""A person's name read from what stands around it: a name cut by an interruption and finished
after it, a name in apposition after a relative or a witness, a place word that is a part of this
hearing's person's name."""
from __future__ import annotations

import pytest

from anonymizer.detect.filter import filter_mentions
from anonymizer.detect.seeds import split_name_mentions
from anonymizer.types import Header, Mention, Participant
from tests.test_normalize import at, run


def _cut(first: str, rest: str, before: str = "The one who drove was my cousin ") -> str:
    return f"INMATE DOE: {before}{first}-\nCOMMISSIONER ROE: Go ahead.\nINMATE DOE: -{rest} then.\n"


@pytest.mark.parametrize(("text", "expected"), [
    # a dictionary word or a common word when joined: a surname after it and a relative before say name
    (_cut("Marqui", "se Austin was the one"), ["Marqui", "se Austin"]),
    (_cut("St", "erling Contreras was with us"), ["St", "erling Contreras"]),
    (_cut("Ro", "del Hernandez was there"), ["Ro", "del Hernandez"]),
    # no dictionary word: a surname after it is enough
    (_cut("Ro", "del Hernandez was there", before="It was "), ["Ro", "del Hernandez"]),
    # a census name that is no word: as before
    (_cut("Ce", "dric was there"), ["Ce", "dric"]),
    # a first name before one surname that is also a street's word
    (_cut("Tho", "mas Street was with us"), ["Tho", "mas Street"]),
    # never a place, a street or an institution, whatever follows
    (_cut("Mar", "tin Luther King Boulevard", before="we lived on "), []),
    (_cut("Fol", "som State Prison", before="I went to "), []),
    (_cut("Fol", "som", before="I went to "), []),
    (_cut("Hunting", "ton Beach", before="I worked at "), []),
    (_cut("Sacra", "mento Garcia", before="I went to "), []),
    (_cut("Kit", "chen Garcia", before="I was in the "), []),
    # a dictionary word with no relative before it and no surname after it
    (_cut("Mar", "quise was there", before="It was a "), []),
])
def test_it_joins_a_name_cut_by_an_interruption_when_what_surrounds_it_says_name(text, expected):
    assert [text[m.start:m.end] for m in split_name_mentions(text)] == expected


def test_it_puts_a_cut_name_finished_before_a_surname_in_the_entity_of_the_full_name():
    text = ("INMATE DOE: Marquise Austin was my cousin.\n" + _cut("Marqui", "se Austin drove")
            + "INMATE DOE: Austin is dead now.\n")
    pieces = [at(text, "Marquise Austin"), *(Mention(m.start, m.end, "PERSON", ("rule",)) for m in split_name_mentions(text)),
              at(text, "Austin", nth=2)]
    mentions, entities = run(text, pieces, header=None)
    names = {text[m.start:m.end]: entities[m.entity].name for m in mentions}
    assert names["Marqui"] == names["se Austin"] == "Marquise Austin"


def _filtered_labels(sentence: str, surface: str, label: str) -> list[str]:
    """The labels the filter gives a tagger's ``label`` mention of ``surface`` in an utterance."""
    text = f"INMATE DOE: {sentence}\n"
    start = text.index(surface)
    return [x.label for x in filter_mentions(text, [Mention(start, start + len(surface), label, ("spacy",))])]


@pytest.mark.parametrize(("sentence", "surface", "label"), [
    ("My mom, Esperanza Price, raised us mostly by herself.", "Esperanza Price", "PERSON"),
    ("My wife, Brooklyn Green, she works at Amazon.", "Brooklyn Green", "PERSON"),
    ("A witness, Georgia Church, told investigators that the argument started.", "Georgia Church", "PERSON"),
    ("His crime partner, Jordan Park, was arrested later.", "Jordan Park", "PERSON"),
    ("Well, my sponsor is Esperanza Price, he's been sober 22 years.", "Esperanza Price", "PERSON"),
    ("My sister Soo-jin said I can stay with her.", "Soo-jin", "PERSON"),  # one word, hyphenated
    ("My mom, Soo-jin Okafor, raised us.", "Soo-jin Okafor", "PERSON"),
    ("I have a job offer from Ms. Malia Church at Home Depot.", "Malia Church", "PERSON"),  # a courtesy title
    ("Who was Georgia Ibáñez to you?", "Georgia Ibáñez", "PERSON"),  # a question about a person; accents
    ("My mom, Esperanza Álvarez, raised us.", "Esperanza Álvarez", "PERSON"),
    ("Tia Rosario and my abuela Carmen Delgado wrote letters.", "Carmen Delgado", "PERSON"),  # kin in Spanish
    ("My tío, Ramón Ochoa, gave me a job.", "Ramón Ochoa", "PERSON"),
    ("Yes. My mother is María de los Ángeles Balderrama.", "María de los Ángeles Balderrama", "PERSON"),  # particles
    ("My father was Jesús del Río, a farmer.", "Jesús del Río", "PERSON"),
    ("We went to Puerto de la Cruz on vacation.", "Puerto de la Cruz", "ORGANIZATION"),  # no relative before it
    ("He visits with his kids, Mateo and Sofia.", "Mateo", "PERSON"),  # a plural relative, a list of names
    ("He visits with his kids, Mateo and Sofia.", "Sofia", "PERSON"),
    ("My daughters Ana, Lucia and Sofia wrote.", "Sofia", "PERSON"),
    ("I was with a guy named Nacho that night.", "Nacho", "PERSON"),  # a person said to bear the name
    ("They called him Spider back then.", "Spider", "PERSON"),
    ("There was this girl named Sofia Reyes there.", "Sofia Reyes", "PERSON"),
    ("I worked for a company called Amazon.", "Amazon", "ORGANIZATION"),  # no person before the cue
    ("We lived in a town named Fresno.", "Fresno", "LOCATION"),  # no person, and a town no firm goes by
    ("Who was Home Depot to you?", "Home Depot", "ORGANIZATION"),  # an organization's word
    ("My brother Bloods was there.", "Bloods", "ORGANIZATION"),  # one dictionary word that is no first name
    # no relative or witness before it: the tagger's label stays
    ("We went to Georgia Church, then home.", "Georgia Church", "ORGANIZATION"),
    ("I attend Grace Church on Sundays.", "Grace Church", "ORGANIZATION"),
    # an organization's plural head: no person
    ("My uncle, Francisco Homes, hired me.", "Francisco Homes", "ORGANIZATION"),
])
def test_it_reads_a_taggers_organization_in_apposition_after_a_relative_as_a_person(sentence, surface, label):
    assert _filtered_labels(sentence, surface, "ORGANIZATION") == [label]


@pytest.mark.parametrize(("word", "sentence", "person"), [
    ("Jordan", "I only thought about myself, not about Jordan lying there.", True),
    ("Georgia", "I still blamed Georgia for it.", True),
    ("Park", "At trial I still blamed Park, I blamed everybody.", True),
    # where a place stands, the place
    ("Jordan", "My parents came from Jordan in the seventies.", False),
    ("Georgia", "We moved to Georgia when I was nine.", False),
    ("Jordan", "We talked about the King of Jordan.", False),
    ("Georgia", "Atlanta, Georgia is far away.", False),
])
def test_it_takes_a_taggers_place_that_is_a_part_of_the_hearings_person_for_the_person(word, sentence, person):
    text = f"COMMISSIONER ROE: The victim, {word} Young, was 43.\nINMATE DOE: {sentence}\n"
    mentions, entities = run(text, [at(text, f"{word} Young"), at(text, word, "LOCATION", nth=1)],
                             Header(inmate_name="JOHN DOE"))
    second = next(m for m in mentions if m.start == text.index(word, text.index("INMATE DOE")))
    assert (entities[second.entity].name == f"{word} Young") is person


@pytest.mark.parametrize(("line", "owner"), [
    ("INMATE FAITH: Faith and I got married in 1988.", "Faith Bautista"),  # not the speaker: his wife
    ("INMATE FAITH: Then Faith and me moved to Hemet.", "Faith Bautista"),
    ("INMATE FAITH: Faith had a deal.", "Guy Faith"),  # nothing in the utterance says: the form's owner
])
def test_it_gives_a_shared_part_said_with_and_i_to_someone_else_than_the_speaker(line, owner):
    header = Header(inmate_name="GUY FAITH")
    text = ("COMMISSIONER ROE: This is the hearing of Guy Faith. Mr. Faith, Mr. Faith.\n"
            "INMATE FAITH: My wife, Faith Bautista, she works at a shop.\n" + line + "\n")
    spans = [at(text, "Guy Faith"), at(text, "Faith", nth=1), at(text, "Faith", nth=2),
             at(text, "FAITH", sources=("rule",)), at(text, "Faith Bautista"), at(text, "FAITH", sources=("rule",), nth=1)]
    mentions, entities = run(text, spans, header)
    word = text.index("Faith", text.index(line))
    assert entities[next(m for m in mentions if m.start == word).entity].name == owner


@pytest.mark.parametrize(("surface", "sources", "label"), [
    ("Ms. Malia Church", ("presidio",), "PERSON"),  # the organization rule's "... Church" after a courtesy title
    ("Ms. Malia Church", ("spacy",), "PERSON"),
    ("Officer Malia Church", ("presidio",), "ORGANIZATION"),  # a rank may head a rule's organization name
])
def test_it_reads_an_organization_opened_by_a_courtesy_title_as_the_person(surface, sources, label):
    text = f"INMATE DOE: I have a job offer from {surface} at Home Depot.\n"
    start = text.index(surface)
    found = list(filter_mentions(text, [Mention(start, start + len(surface), "ORGANIZATION", sources)]))
    assert [(text[x.start:x.end], x.label) for x in found] == [("Malia Church" if label == "PERSON" else surface, label)]


@pytest.mark.parametrize(("span", "kept"), [
    ("PRESIDING COMMISSIONER CHURCH", False),  # a role and the speaker's name: the speaker rule's
    ("CHURCH", True),                          # the name alone: merged with the speaker rule's PERSON
])
def test_it_drops_a_taggers_organization_over_a_speaker_tags_role(span, kept):
    text = "PRESIDING COMMISSIONER CHURCH: The letter from the district attorney.\n"
    start = text.index(span)
    found = list(filter_mentions(text, [Mention(start, start + len(span), "ORGANIZATION", ("presidio",))]))
    assert bool(found) is kept


def test_it_drops_a_possessive_ending_left_of_a_taggers_organization_by_a_persons_name():
    text = "COMMISSIONER ROE: What would you say to Ter-Petrosyan's family?\n"
    name = at(text, "Ter-Petrosyan", sources=("rule",))
    rest = Mention(name.end, name.end + 2, "ORGANIZATION", ("spacy",))  # what merge left of "Ter-Petrosyan's"
    mentions, _ = run(text, [name, rest], header=None)
    assert [text[m.start:m.end] for m in mentions] == ["Ter-Petrosyan"]


@pytest.mark.parametrize(("first", "joined"), [
    ("Soo-jin", True),     # no dictionary word, no place: the tagger's organization is the first name
    ("Fresno", False),     # a place
    ("Church", False),     # an organization's word
])
def test_it_joins_a_taggers_one_word_organization_to_the_surname_after_it(first, joined):
    text = f"INMATE DOE: {first} Singh is doing good now.\n"
    spans = [at(text, first, "ORGANIZATION"), at(text, "Singh")]
    mentions, _ = run(text, spans, header=None)
    assert (f"{first} Singh" in [text[m.start:m.end] for m in mentions]) is joined


def test_it_keeps_a_father_and_son_of_one_name_apart_by_their_suffixes():
    header = Header(inmate_name="ROBERT YOUNG JR.")
    text = ("COMMISSIONER ROE: This is the hearing of Robert Young Jr., CDCR number V-12345.\n"
            "INMATE YOUNG: My father, Robert Young Sr., worked at the docks. Robert Young Sr. passed in 2001.\n"
            "COMMISSIONER ROE: Thank you, Mr. Young.\n")
    spans = [at(text, "Robert Young Jr."), at(text, "YOUNG", sources=("rule",)), at(text, "Robert Young Sr."),
             at(text, "Robert Young Sr.", nth=1), at(text, "Young", nth=3)]
    mentions, entities = run(text, spans, header)
    names = [entities[m.entity].name for m in mentions]
    assert names == ["Robert Young Jr", "Robert Young Jr", "Robert Young Sr", "Robert Young Sr", "Robert Young Jr"]


@pytest.mark.parametrize(("surface", "kept"), [("I'm", False), ("I'M", False), ("O'Brien", True), ("D'Angelo", True)])
def test_it_drops_a_taggers_span_of_stop_words_with_an_apostrophe(surface, kept):
    text = f"VICTIM KWAN: K-W-A-N. {surface} here today.\n"
    start = text.index(surface)
    found = list(filter_mentions(text, [Mention(start, start + len(surface), "ORGANIZATION", ("spacy",))]))
    assert bool(found) is kept


@pytest.mark.parametrize(("sentence", "owner"), [
    ("My mom, Faith, passed away in 2017.", "Faith Leiataua"),  # a relative goes by her first name
    ("My sister Faith said I can stay with her.", "Faith Leiataua"),
    ("My cellmate, Faith, helped me.", "Rose Faith"),  # not a relative: nothing says, the form's owner
])
def test_it_gives_a_shared_part_after_a_relative_to_the_one_whose_first_name_it_is(sentence, owner):
    header = Header(inmate_name="ROBERTO LEIATAUA", participants=(Participant("ROSE FAITH", "Attorney"),))
    text = ("COMMISSIONER ROE: Ms. Faith, any questions? Thank you, Ms. Faith.\n"
            "INMATE LEIATAUA: My mom, Faith Leiataua, raised us.\n"
            f"INMATE LEIATAUA: {sentence}\n")
    spans = [at(text, "Faith", sources=("rule",)), at(text, "Faith", sources=("rule",), nth=1),
             at(text, "LEIATAUA", sources=("rule",)), at(text, "Faith Leiataua"),
             at(text, "LEIATAUA", sources=("rule",), nth=1)]
    mentions, entities = run(text, spans, header)
    word = text.index("Faith", text.index(sentence))
    assert entities[next(m for m in mentions if m.start == word).entity].name == owner


@pytest.mark.parametrize(("line", "separate"), [
    ("INMATE DOE: My counselor, Ms. Faleolo, helped me.", True),  # a title goes with a surname
    ("INMATE DOE: My uncle Faleolo helped me.", False),           # no title: the uncle's first name
])
def test_it_does_not_give_a_titled_part_to_a_person_whose_first_name_it_is(line, separate):
    text = f"INMATE DOE: I'd live with my uncle, Faleolo MacArthur, at his house.\n{line}\n"
    mentions, entities = run(text, [at(text, "Faleolo MacArthur"), at(text, "Faleolo", nth=1)], header=None)
    word = text.index("Faleolo", text.index(line))
    assert (entities[next(m for m in mentions if m.start == word).entity].name != "Faleolo MacArthur") is separate


def test_it_gives_a_bare_surname_to_the_person_whose_whole_surname_it_is():
    text = ("COMMISSIONER ROE: The victim, Araceli Ter-Petrosyan, was 40. Her cousin Jae Petrosyan spoke.\n"
            "INMATE DOE: I knew Petrosyan from school.\n")
    spans = [at(text, "Araceli Ter-Petrosyan"), at(text, "Jae Petrosyan"), at(text, "Petrosyan", nth=2)]
    mentions, entities = run(text, spans, header=None)
    word = text.index("Petrosyan", text.index("I knew"))
    assert entities[next(m for m in mentions if m.start == word).entity].name == "Jae Petrosyan"


@pytest.mark.parametrize(("surface", "sources", "expected"), [
    ("Pastor James Okafor of Grace Fellowship Church", ("presidio",),
     [("PERSON", "James Okafor"), ("ORGANIZATION", "Grace Fellowship Church")]),
    ("Officer Linda Park of the Fresno Police Department", ("spacy",),
     [("PERSON", "Linda Park"), ("ORGANIZATION", "Fresno Police Department")]),
    ("Father Miguel Soto of Saint Anne Parish", ("spacy",), [("PERSON", "Miguel Soto"), ("ORGANIZATION", "Saint Anne Parish")]),
    # no title, or no census name before "of": one organization, as the tagger said
    ("Bank of America", ("spacy",), [("ORGANIZATION", "Bank of America")]),
    ("University of California", ("spacy",), [("ORGANIZATION", "University of California")]),
    ("Sisters of Mercy Hospital", ("spacy",), [("ORGANIZATION", "Sisters of Mercy Hospital")]),
    ("Knights of Columbus", ("spacy",), [("ORGANIZATION", "Knights of Columbus")]),
])
def test_it_splits_a_titled_person_of_an_organization_off_the_taggers_span(surface, sources, expected):
    text = f"COMMISSIONER ROE: We have a letter from {surface} in Sanger.\n"
    start = text.index(surface)
    tagged = Mention(start, start + len(surface), "ORGANIZATION", sources)
    assert [(m.label, text[m.start : m.end]) for m in filter_mentions(text, [tagged])] == expected


@pytest.mark.parametrize("kin", ["Aunt", "Uncle", "Cousin", "Grandma", "Abuela", "Tío", "Mama", "Papá"])
def test_it_takes_a_relatives_title_off_a_name_and_groups_it_with_the_full_name(kin):
    text = (f"INMATE DOE: {kin} Rosario wrote a letter.\n"
            "COMMISSIONER ROE: Your relative Rosario Delgado says she will support you.\n")
    spans = list(filter_mentions(text, [at(text, f"{kin} Rosario"), at(text, "Rosario Delgado")]))
    mentions, _ = run(text, spans)
    assert [text[m.start : m.end] for m in mentions] == ["Rosario", "Rosario Delgado"]
    assert mentions[0].entity == mentions[1].entity


@pytest.mark.parametrize(("sentence", "label"), [
    ("Mateo is six and Sofia is four.", "PERSON"),  # an age said of it: the person of that first name
    ("Mateo is now 6 years old.", "PERSON"),
    ("Mateo is four hours from here.", "LOCATION"),  # no age
    ("We drove to Mateo.", "LOCATION"),
])
def test_it_takes_a_place_word_with_an_age_for_the_person_of_that_first_name(sentence, label):
    text = f"INMATE DOE: My son, Mateo, visits.\nCOMMISSIONER ROE: {sentence}\n"
    mentions, entities = run(text, [at(text, "Mateo"), at(text, "Mateo", "LOCATION", nth=1)], header=None)
    assert [m.label for m in mentions] == ["PERSON", label]
    assert (mentions[0].entity == mentions[1].entity) is (label == "PERSON")


@pytest.mark.parametrize(("sentence", "tagged", "expected"), [
    ("by a Turkish national, Mehmet Ali Ege (the applicant), on 19 November", "Ali Ege", "Mehmet Ali Ege"),
    ("Ana Sofia Reyes was his girlfriend.", "Ana", "Ana"),  # census names: the tagger left them out (a suspect)
    ("Yesterday Ngozi Okafor-Bello came.", "Okafor-Bello", "Okafor-Bello"),  # a town somewhere (geonames)
    ("Who was Dallas Ibáñez to you?", "Dallas", "Dallas Ibáñez"),
    ("She met Gary Whitfield Roofing people.", "Gary Whitfield", "Gary Whitfield"),  # a common word
    ("It was Tuesday Maria Lopez came.", "Maria Lopez", "Maria Lopez"),  # a calendar word
    ("The Turkish Ali Ege said so.", "Ali Ege", "Ali Ege"),  # a nationality
    ("Then Officer Maria Lopez came.", "Maria Lopez", "Maria Lopez"),  # a title
    ("We drove from Fresno Maria Lopez and I.", "Maria Lopez", "Maria Lopez"),  # a place, no census name
])
def test_it_widens_a_taggers_person_over_the_name_words_beside_it(sentence, tagged, expected):
    from anonymizer.detect.tagger_persons import whole_names

    text = f"INMATE DOE: {sentence}\n"
    start = text.index(tagged)
    [mention] = whole_names(text, [Mention(start, start + len(tagged), "PERSON", ("spacy",))])
    assert text[mention.start : mention.end] == expected


def test_it_widens_no_rule_span_and_no_word_another_mention_holds():
    from anonymizer.detect.tagger_persons import whole_names

    text = "INMATE DOE: Ana Sofia Reyes came.\n"
    rule = Mention(text.index("Ana"), text.index("Ana") + 3, "PERSON", ("rule",))
    assert whole_names(text, [rule]) == [rule]
    tagged = Mention(text.index("Ana"), text.index("Ana") + 3, "PERSON", ("spacy",))
    other = Mention(text.index("Sofia"), text.index("Sofia") + 5, "LOCATION", ("spacy",))
    assert whole_names(text, [tagged, other]) == [tagged, other]


@pytest.mark.parametrize(("named", "short", "owner"), [
    ("The victim was Jennifer Lopez.", "Jenny", "Jennifer Lopez"),  # a short form of a person's first name
    ("Anthony Reyes was there.", "Tony", "Anthony Reyes"),
    ("Gustavo Arredondo was there.", "Tavo", "Gustavo Arredondo"),
    ("Anthony Reyes and Tony Morales were there.", "Tony", "Tony Morales"),  # someone is called so: that one
    ("Jennifer was there.", "Jenny", "Jenny"),  # a lone first name: no one to join
    ("Maria Jennifer was there.", "Jenny", "Jenny"),  # a surname, not a first name
])
def test_it_gives_a_short_form_of_a_first_name_to_the_person_of_that_first_name(named, short, owner):
    text = f"COMMISSIONER ROE: {named}\nINMATE DOE: I never meant it. {short} was kind.\n"
    spans = [at(text, name) for name in ("Jennifer Lopez", "Anthony Reyes", "Tony Morales", "Gustavo Arredondo",
                                          "Maria Jennifer") if name in text]
    if not spans:
        spans = [at(text, named.split()[0])]
    mentions, entities = run(text, [*spans, at(text, short, nth=text.count(short) - 1)], header=None)
    last = max(mentions, key=lambda m: m.start)
    assert entities[last.entity].name == owner


@pytest.mark.parametrize(("sentence", "label"), [
    ("Renata St. Clair was my girlfriend.", "PERSON"),   # a first name, then the whole surname of Desmond St. Clair
    ("Renata De La Cruz was my girlfriend.", "PERSON"),
    ("Fresno St. Clair is a club.", "ORGANIZATION"),     # a place is no first name
    ("Renata Clair Ventures hired me.", "ORGANIZATION"),  # not the whole surname of anyone
    ("Renata Garcia was my girlfriend.", "ORGANIZATION"),  # nobody here is named Garcia in full
])
def test_it_takes_a_taggers_organization_of_a_first_name_and_a_familys_surname_for_a_person(sentence, label):
    text = (f"INMATE DOE: {sentence}\nCOMMISSIONER ROE: And Desmond St. Clair?\n"
            "INMATE DOE: Yes. And Tomas De La Cruz.\n")
    organization = sentence.split(" was ")[0].split(" is ")[0].split(" hired")[0]
    spans = [at(text, organization, "ORGANIZATION"), at(text, "Desmond St. Clair"), at(text, "Tomas De La Cruz")]
    mentions, _ = run(text, spans, header=None)
    assert next(m.label for m in mentions if text[m.start:m.end] == organization) == label


@pytest.mark.parametrize(("sentence", "surface", "label"), [
    ("Then my uncle Sefo took me in.", "Sefo", "PERSON"),  # a tagger's group that is a relative's name
    ("My cousin, Tavita Aumua, wrote a letter.", "Tavita Aumua", "PERSON"),
    ("My cousin is Samoan, like me.", "Samoan", "NRP"),    # a nationality stays one
    ("We are Samoan and Catholic.", "Catholic", "NRP"),
])
def test_it_reads_a_taggers_group_after_a_relative_as_a_person(sentence, surface, label):
    assert _filtered_labels(sentence, surface, "NRP") == [label]


@pytest.mark.parametrize(("sentence", "surface", "label"), [
    # a tagger's group that no list knows as one, right after "in" or "near": a town or a neighbourhood it misses
    ("The Hernandez boys, everybody in Alisal knew us.", "Alisal", "LOCATION"),
    ("We grew up near Tlaxcalancingo, by the church.", "Tlaxcalancingo", "LOCATION"),
    ("My people are out in Chualar now.", "Chualar", "LOCATION"),
    ("Everybody in Samoan church knew us.", "Samoan", "NRP"),  # a nationality stays one
    ("My cousin Alisal came.", "Alisal", "PERSON"),  # after a relative: a name
    ("I talked to Chualar about it.", "Chualar", "NRP"),  # no word of where: left alone
])
def test_it_reads_a_taggers_group_after_a_word_of_where_as_a_place(sentence, surface, label):
    assert _filtered_labels(sentence, surface, "NRP") == [label]


@pytest.mark.parametrize(("surface", "label", "sentence", "expected"), [
    ("Santa Ana", "LOCATION", "You'd be supervised out of the Santa Ana parole office.", "LOCATION"),
    ("Chula Vista", "PERSON", "Your parole plans say Chula Vista, with your sister.", "LOCATION"),
    ("Yreka", "PERSON", "He has a ranch out past Yreka.", "LOCATION"),
    ("Austin", "PERSON", "He has a ranch with Austin.", "PERSON"),        # a first name that a town has too
    ("Jones", "PERSON", "At the corner of Eddy and Jones.", "PERSON"),     # a surname
    ("Curtis Mbelu", "ORGANIZATION", "My uncle, Curtis Mbelu, hired me.", "PERSON"),
    ("Juniper Lane", "PERSON", "The letter mentions a room on Juniper Lane.", "LOCATION"),  # a street after "on"
    ("Juniper Lane", "PERSON", "It is at 2217 Juniper Lane.", "LOCATION"),
    ("Arden Way", "PERSON", "It happened in the parking lot of the mall on Arden Way.", "LOCATION"),  # a suffix that is a word
    ("Lorenzo Court", "PERSON", "She rents a room at 418 Lorenzo Court.", "LOCATION"),
    ("Sutter Place", "ORGANIZATION", "His sister lives on Sutter Place now.", "LOCATION"),
    ("Jordan Way", "PERSON", "My friend Jordan Way came to visit.", "PERSON"),    # no "on", no number: a name
    ("Penny Lane", "PERSON", "My friend Penny Lane came.", "PERSON"),
    ("Brooklyn Park", "PERSON", "I have a job offer from Ms. Brooklyn Park at Foster Farms.", "PERSON"),  # a title
])
def test_it_reads_a_taggers_town_as_a_place_and_no_person(surface, label, sentence, expected):
    assert _filtered_labels(sentence, surface, label) == [expected]


@pytest.mark.parametrize(("word", "label", "person"), [
    ("Ximena", "LOCATION", True),   # a person's word after a name of one word: that person
    ("Ximena", "ORGANIZATION", True),
    ("Lincoln", "LOCATION", False),  # a town
    ("Hope", "LOCATION", False),     # a common word
])
def test_it_gives_a_taggers_lone_word_to_the_person_of_one_name(word, label, person):
    text = (f"INMATE DOE: Marisela and the kids, {word} and Diego, live there.\n"
            f"COMMISSIONER ROE: Thank you.\nINMATE DOE: {word}'s starting college in the fall.\n")
    spans = [at(text, word), at(text, "Diego"), at(text, word, label, nth=1)]
    mentions, _ = run(text, spans, header=None)
    assert (mentions[-1].label == "PERSON" and mentions[-1].entity == mentions[0].entity) is person


_FAMILY = Header(inmate_name="TERRENCE OKAFOR-HAYES", participants=(
    Participant("TERRENCE OKAFOR-HAYES", "Inmate"), Participant("DENISE HAYES", "Victim's Next of Kin")))


@pytest.mark.parametrize(("line", "surface", "owner"), [
    # a surname several persons share, addressed after a sentence or said to be here: the one present
    ("COMMISSIONER ROE: Welcome. Ms. Hayes, you're the victim's mother?", "Hayes", "Denise Hayes"),
    ("COMMISSIONER ROE: Ms. Hayes is here as next of kin.", "Hayes", "Denise Hayes"),
    # someone said to be here is present: addressed later, they are the one named
    ("ATTORNEY ROE: His brother Dwayne Okafor is also here.\nCOMMISSIONER ROE: Mr. Okafor, you may observe.",
     "Okafor", "Dwayne Okafor"),
])
def test_it_gives_a_shared_surname_addressed_or_said_present_to_the_one_present(line, surface, owner):
    text = ("COMMISSIONER ROE: We are on the record.\n"
            "INMATE OKAFOR-HAYES: My sister Tameka Hayes wrote. My father, Emmanuel Okafor, left. Kevin Hayes died.\n"
            f"{line}\n")
    spans = [at(text, "OKAFOR-HAYES", sources=("rule",)), at(text, "Tameka Hayes"), at(text, "Emmanuel Okafor"),
             at(text, "Kevin Hayes")]
    spans += [at(text, name) for name in ("Dwayne Okafor",) if name in text]
    spans.append(at(text, surface, nth=text.count(surface) - 1))
    mentions, entities = run(text, spans, _FAMILY)
    last = max((m for m in mentions if text[m.start:m.end] == surface), key=lambda m: m.start)
    assert entities[last.entity].name == owner


def test_it_gives_an_addressed_surname_to_the_one_present_whose_surname_it_is():
    header = Header(inmate_name="HIROSHI DALLAS", participants=(
        Participant("HIROSHI DALLAS", "Inmate"), Participant("DALLAS GUY", "Deputy District Attorney")))
    text = ("COMMISSIONER ROE: We are here for Hiroshi Dallas. Deputy District Attorney Dallas Guy is here.\n"
            "COMMISSIONER ROE: Thank you. Mr. Dallas, this is your opportunity to speak.\n")
    spans = [at(text, "Hiroshi Dallas"), at(text, "Dallas Guy"), at(text, "Dallas", nth=2)]
    mentions, entities = run(text, spans, header)
    assert entities[mentions[-1].entity].name == "Hiroshi Dallas"
