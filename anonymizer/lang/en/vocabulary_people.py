"""Words of people: name suffixes and particles, titles, courtesy titles, kin and acquaintance words,
roles of a speaker tag, how a title page names the incarcerated person.

Re-exported by :mod:`anonymizer.lang.en.vocabulary`, where the rest of the package reads them.
"""
from __future__ import annotations

import re

#: generational suffixes of a name (case-folded)
NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
#: a suffix written out after a full name (``Patrick Doyle Senior``), case-folded, and its abbreviation
SPELLED_NAME_SUFFIXES = {"junior": "jr", "senior": "sr"}
#: the suffixes of a son named after his father (``Michael Tolliver Jr.``, ``John Smith III``)
JUNIOR_SUFFIXES = frozenset({"jr", "ii", "iii", "iv"})
#: a relative's word (as a title page writes it) before the first name father and son share: whether it names
#: the son (``a son, Patrick,`` beside Patrick Doyle Senior and Patrick Doyle Jr.)
NAMESAKE_KIN = {"son": True, "father": False}
#: lower-case words inside a name, between its capitalised parts (``María de los Ángeles Balderrama``,
#: ``Anneliese van der Hoeven``, ``Abdullah bin Rashid``), case-folded
NAME_PARTICLES = frozenset({
    "de", "del", "della", "di", "da", "das", "do", "dos", "du", "la", "las", "le", "los", "van", "von", "der", "den",
    "ter", "ten", "bin", "ibn", "bint", "al", "el", "y",
})
#: the particles inside a Spanish or Portuguese firm's or place's name ("Casa de la Esperanza"), and those
#: that may open the run
PLACE_PARTICLES = frozenset({"de", "del", "da", "das", "do", "dos", "la", "las", "los"})
PLACE_PARTICLE_LEADS = PLACE_PARTICLES - {"la", "las", "los"}
#: the particles as one regular-expression alternation, longest first
NAME_PARTICLE_ALTERNATION = "|".join(sorted(NAME_PARTICLES, key=lambda p: (-len(p), p)))
#: the particles that open a surname after a full name ("Bustamante de Villarreal", "van der Hoeven"); not "y",
#: "el", "la", which join two people or a nickname ("Rosa Lopez y Hector")
NAME_PARTICLE_LEADS = ("de", "del", "della", "di", "da", "das", "do", "dos", "du", "van", "von", "ter", "ten", "bin",
                       "ibn", "bint")
#: abbreviations whose dot does not end a sentence (``Mr. Young``), case-folded
ABBREVIATIONS = frozenset("mr mrs ms mx dr prof sgt lt capt det rev fr st jr sr".split())
#: title and role words dropped from person names (``titles.txt`` adds more), case-folded
PERSON_TITLE_WORDS = frozenset(
    """
    mr mrs ms miss mister dr doctor prof commissioner presiding deputy attorney district
    inmate officer judge sergeant sgt lieutenant lt captain capt detective det counselor
    correctional psychologist clinician chief warden agent sir madam ma'am father
    """.split()
)
#: the courtesy titles a person is addressed with (``Mr. Love, please.``), which say a sex
COURTESY_TITLES = ("Mr", "Mrs", "Ms", "Miss", "Señor", "Señora", "Señorita", "Doña")
#: the courtesy titles of a man, case-folded (the others are a woman's)
MALE_COURTESY_TITLES = frozenset({"mr", "señor"})
#: the middle word of a Sikh name: a given name, then it, then perhaps a surname ("Harbans Kaur Sandhu", "Manjit Kaur")
SIKH_NAME_WORDS = ("Kaur", "Singh")
#: the first word of a street name before a given name ("Big Tony", "Lil Smokey"); ``Lil`` before any word
STREET_NAME_LEADS = ("Lil", "Lil'", "Li'l", "Big", "Little", "Baby", "Young", "Tiny", "Lazy", "Crazy")
#: a role's abbreviations in speaker tags and title pages, spelled out (``DDA NGUYEN:`` is the Deputy District Attorney)
ROLE_ABBREVIATIONS = {"dda": "deputy district attorney", "da": "district attorney", "pc": "presiding commissioner",
                      "dc": "deputy commissioner", "atty": "attorney", "ip": "incarcerated person"}
#: a hearing's role before a bare surname that makes it one of the title page's participants ("Commissioner Lee")
PARTICIPANT_TITLES = ("Commissioner", "Attorney", "DDA", "Counsel", "Interpreter")
#: courtesy and rank titles that stand right before a surname (``Officer Faerbanks``, ``Mr. Law``)
SURNAME_TITLES = (
    "Mr", "Mrs", "Ms", "Dr", "Sgt", "Lt", "Capt", "Det", "Mister", "Miss", "Doctor", "Officer", "Judge", "Sergeant",
    "Lieutenant", "Captain", "Detective", "Warden", "Agent", "CO", "C.O", "C/O", "CCI", "CCII", "CCIII", "Coach", "DDA",
    "Chaplain", "Pastor", "Reverend", "Investigator", "Inspector", "Trooper", "Corporal", "Teacher", "Instructor", "Atty",
    "Deacon", "Bishop", "Archbishop", "Monsignor",
    # a legislator called by office ("Senator Vance", "Assemblymember Ortiz", "moved by Councilwoman Dunmore")
    "Senator", "Assemblymember", "Assemblyman", "Assemblywoman", "Councilmember", "Councilman", "Councilwoman",
    "Congressman", "Congresswoman",
)  # fmt: skip
#: offices a holder is addressed by, the title alone after a courtesy title or "Madam" (``Mr. Mayor``, ``Madam
#: Chair``, ``Mr. Vice Mayor``, ``Madam Speaker``), case-folded: a form of address, no one's name
ADDRESSED_OFFICES = frozenset(
    "mayor chair chairman chairwoman chairperson president speaker secretary commissioner clerk governor senator "
    "councillor councilor councilman councilwoman councilmember treasurer".split())
#: the words before such an office in a form of address (``Mr.``, ``Madam``, ``Vice``), case-folded
ADDRESS_LEADS = frozenset({"mr", "mrs", "ms", "miss", "mister", "madam", "madame", "vice", "deputy"})
#: titles of one office written two ways, folded -> one of them ("Pastor Gaines" is "Reverend Otis Gaines")
PROFESSION_SYNONYMS = {"doctor": "dr", "reverend": "pastor", "rev": "pastor", "sergeant": "sgt", "lieutenant": "lt",
                       "captain": "capt", "detective": "det"}
#: the titles of an office the incarcerated person and his family do not hold (``Officer Reyes`` beside the inmate
#: Anthony Reyes and his mother is someone else), case-folded
OFFICE_TITLES = frozenset({"dr", "doctor", "officer", "judge", "sgt", "sergeant", "lt", "lieutenant", "capt", "captain",
                           "det", "detective", "warden", "agent", "co", "c.o", "c/o", "investigator", "inspector",
                           "trooper", "corporal", "dda", "atty"})
#: the titles of a profession or a rank among them ("Dr. Lee" is the one named "Dr. Samuel Lee")
PROFESSION_TITLES = tuple(t for t in SURNAME_TITLES if t not in (*COURTESY_TITLES, "Mister"))
#: the titles an initial may stand after for a surname ("Mr. G", "Ms. P")
INITIAL_TITLES = (*COURTESY_TITLES, "Mister", "Dr")
#: a person's relatives and friends, singular, case-folded ("my cousin", "My mom, Esperanza Price,")
KIN_WORDS = (
    "son", "daughter", "brother", "sister", "mother", "father", "mom", "dad", "mama", "papa", "mommy", "daddy", "wife",
    "husband", "nephew", "niece",
    "cousin", "uncle", "aunt", "grandson", "granddaughter", "grandmother", "grandfather", "friend", "boyfriend",
    "girlfriend", "kid", "child", "children", "grandkid", "grandchild", "grandchildren", "stepson", "stepdaughter",
    "tia", "tía", "tio", "tío", "abuela", "abuelo", "prima", "primo", "hermana", "hermano", "mija", "mijo",
)  # fmt: skip
#: other people of a hearing's story, named right after in apposition ("A witness, Georgia Church, told")
ACQUAINTANCE_WORDS = (
    "stepfather", "stepmother", "stepbrother", "stepsister", "grandma", "grandpa", "fiance", "fiancee", "fiancé",
    "fiancée", "partner", "crime partner", "co-defendant", "codefendant", "witness", "victim",
    "neighbor", "neighbour", "roommate", "cellmate", "cellie", "celly", "bunkie", "homeboy", "homie", "homegirl",
    "crimey", "sponsor", "mentor", "godmother", "godfather",
    "godson", "goddaughter", "girl", "boy", "baby",  # "Her little girl, Nevaeh, was four"
)  # fmt: skip
#: a relative's word said familiarly -> the word a title page or a letter uses ("my mom Maria": the mother)
KIN_SYNONYMS = {"mom": "mother", "mommy": "mother", "mama": "mother", "dad": "father", "daddy": "father", "papa": "father",
                "grandma": "grandmother", "grandpa": "grandfather", "kid": "child", "abuela": "grandmother",
                "abuelo": "grandfather", "hermana": "sister", "hermano": "brother", "tia": "aunt", "tía": "aunt",
                "tio": "uncle", "tío": "uncle"}
#: kin words that tell a title page's participant's sex (``ABEBA WOLDEMARIAM, Victim's Sister``), folded
FEMALE_KIN_WORDS = frozenset("mother sister daughter wife aunt grandmother granddaughter niece widow mom stepmother".split())
MALE_KIN_WORDS = frozenset("father brother son husband uncle grandfather grandson nephew widower dad stepfather".split())
#: a married woman's courtesy titles, folded, and the relatives' words of one (``Mrs. Ochoa`` beside the victim's mother
#: and sister: the mother)
MARRIED_TITLES = frozenset({"mrs", "señora", "sra"})
MARRIED_KIN_WORDS = frozenset("mother wife widow grandmother stepmother mom".split())
#: nouns of people a name in brackets may follow ("a guy (Spider)"): such a bracket names someone
PEOPLE_NOUNS = (
    "guy", "man", "woman", "lady", "dude", "homie", "homeboy", "celly", "person", "someone", "somebody", "officer",
    "lawyer", "attorney", "judge", "doctor", "applicant", "applicants", "defendant", "plaintiff", "agent", "suspect",
)  # fmt: skip
#: what a speaker says right before giving their own full name ("My name is Lucinda Black"), case-folded
SELF_INTRODUCTIONS = ("my name is", "i'm", "i am", "this is", "my name's")
#: words right before a bare surname that make it someone who speaks at the hearing ("the statement of Ms. Black")
SPEAKER_NOUNS = ("statement", "testimony", "remarks", "comments")
#: nouns that, before a number, name a numbered part of a legal text ("Count 2", "Section 3041") or an instrument's
#: version ("the HCR-20, Version 3"), case-folded
REFERENCE_NOUNS = frozenset({"count", "counts", "section", "exhibit", "paragraph", "chapter", "article", "rule",
                             "title", "item", "page", "line", "clause", "subdivision", "case", "docket", "booking",
                             "vin", "version", "edition"})
#: nouns that, before a letter, name a lettered part of the record ("Exhibit A", "Tab C", "Appendix B"), case-folded
LETTERED_ITEM_NOUNS = frozenset({"exhibit", "exhibits", "tab", "appendix", "schedule", "annex", "attachment",
                                 "enclosure", "figure", "table", "option", "paragraph", "section", "item", "page"})
#: nouns a series of things names its members by a letter ("Plan B", "Phase C", "Model T"), case-folded
SERIES_NOUNS = frozenset({"plan", "plans", "phase", "stage", "type", "model", "scenario", "alternative", "version",
                          "tier", "wave", "category", "grade", "level", "vitamin", "hepatitis"})
#: a transcriber's notes in brackets, case-folded (``(inaudible)``, ``[phonetic]``, ``[sp]``): no one's name
TRANSCRIBER_NOTES = frozenset(
    "inaudible indiscernible unintelligible phonetic crosstalk sic laughter pause spelled ph sp"
    # and an editor's: what was taken out ("[REDACTED]", "[NAME WITHHELD]")
    " redacted deleted omitted withheld blank sealed removed expunged".split())
#: how a title page and a speaker tag name the incarcerated person ("Incarcerated Person", "INMATE ORTEGA:")
INMATE_LABELS = ("inmate", "prisoner", "incarcerated person", "parolee")
#: words of a speaker tag that name a role, not a person (upper case; ``PC``, ``DC``, ``IP``: presiding and deputy
#: commissioner, incarcerated person)
ROLE_WORDS = frozenset(
    """
    PRESIDING DEPUTY COMMISSIONER COMMISSIONERS ASSOCIATE CHIEF ATTORNEY DISTRICT DA DDA INMATE INCARCERATED PERSON
    PRISONER VICTIM VICTIMS NEXT OF KIN VNOK REPRESENTATIVE SUPPORT MR MRS MS MISS DR DOCTOR OFFICER CORRECTIONAL
    CORRECTIONS SERGEANT SGT LIEUTENANT LT CAPTAIN UNIDENTIFIED SPEAKER SPEAKERS INTERPRETER PSYCHOLOGIST CLINICIAN
    PANEL MEMBER MEMBERS STUDENT OBSERVER TRANSCRIBER COUNSEL PUBLIC DEFENDER PROSECUTOR THE AND FOR COURT REPORTER
    HEARING ALL BOTH FAMILY WITNESS ANALYST AGENT PAROLE STAFF UNKNOWN MALE FEMALE VOICE VOICES AUDIO PRESENT OTHERS
    APPEARANCES TRANSCRIBED BY NOTE ALSO BOARD ADVOCATE AUDIENCE NOK GUARDIAN SPOUSE CDCR BPH CO COUNSELOR CO-COUNSEL
    BAILIFF CLERK OPERATOR TECHNICIAN ASSISTANT ESCORT EVERYONE MULTIPLE MEDIA REP WARDEN CHAPLAIN ATTY TRANSCRIPTIONIST
    STENOGRAPHER PSYCHIATRIST THERAPIST COORDINATOR FACILITATOR PC DC IP EVALUATOR PEOPLE NURSE PRACTITIONER NP
    """.split()
)

#: surnames of Korea, China and Vietnam, printed first before the given names (``PARK SOO-JIN``, ``Nguyen Van Thanh``),
#: case-folded
SURNAME_FIRST_SURNAMES = frozenset(
    """
    kim lee park choi jung jeong kang cho yoon jang lim han oh seo shin kwon hwang ahn song yoo hong jeon ko moon yang
    son bae baek heo nam wang li zhang liu chen huang zhao wu zhou xu sun zhu hu guo lin luo gao chang chan wong leung
    cheung ng lam tang chow chu lau yip tsang nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly
    truong dinh trinh
    """.split()
)
#: a Chinese given name of two syllables written as one word in pinyin (``Xiaoming`` of ``Liu Xiaoming``,
#: ``Weilin``), case-folded: an initial (or none) and a final, twice
PINYIN_GIVEN_NAME = re.compile(r"(?:(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan"
                               r"|ai|ei|ao|ou|an|en|in|un|ia|ie|iu|ua|uo|ui|ue|er|a|o|e|i|u)){2}")
#: the middle names of Vietnamese names, folded: ``Tran Thi Mai``, ``Nguyen Van Thanh``
VIETNAMESE_MIDDLE_NAMES = frozenset("van văn thi thị duc đức ngoc ngọc quoc quốc huu hữu xuan xuân".split())
#: words of a sentence's grammar that no printed name has, upper-case: a heading printed in capitals among a title
#: page's participants (``EXHIBITS RECEIVED INTO THE RECORD``, ``INDEX OF EXHIBITS``) names no one
HEADING_GRAMMAR_WORDS = frozenset({"THE", "INTO", "OF", "FROM", "WITH", "FOR", "UNDER", "AFTER", "BEFORE"})
#: what a person works as (``a primary school teacher``, ``an artillery captain``): the nouns the occupation
#: recognizer reads after a judgment's cue (``worked as a``, ``the applicant, who is a``) and again wherever the
#: judgment repeats it; no word of a court's own people (``judge``, ``prosecutor``, ``agent``) nor of a case's
#: (``owner``, ``member``, ``victim``), and none that is mostly an adjective (``official``, ``principal``,
#: ``academic``, ``pilot``)
OCCUPATION_WORDS = (
    "teacher", "professor", "lecturer", "instructor", "tutor", "researcher", "scientist", "assistant",
    "dancer", "singer", "musician", "actor", "actress", "artist", "painter", "sculptor", "photographer", "writer",
    "poet", "novelist", "journalist", "reporter", "editor", "publisher", "translator", "interpreter",
    "practitioner", "physician", "doctor", "surgeon", "dentist", "pharmacist", "chemist", "nurse", "midwife",
    "psychiatrist", "psychologist", "veterinarian", "paramedic",
    "lawyer", "barrister", "solicitor", "notary", "accountant", "auditor", "economist", "banker", "broker",
    "engineer", "architect", "technician", "programmer", "mechanic", "electrician", "plumber", "carpenter",
    "builder", "labourer", "laborer", "worker", "miner", "farmer", "fisherman", "shepherd", "herdsman", "forester",
    "driver", "sailor", "seaman", "baker", "butcher", "cook", "chef", "waiter", "waitress", "tailor",
    "hairdresser", "caretaker", "secretary", "clerk", "cashier", "civil servant",
    "manager", "director", "administrator", "headmaster", "headmistress", "businessman",
    "businesswoman", "entrepreneur", "shopkeeper", "merchant", "trader", "salesman", "saleswoman",
    "officer", "captain", "lieutenant", "sergeant", "corporal", "colonel", "soldier", "conscript", "policeman",
    "policewoman", "gendarme", "guard", "firefighter", "priest", "imam", "pastor", "monk", "nun",
    "student", "pupil", "apprentice", "trainee", "pensioner", "housewife", "politician", "mayor", "councillor",
    "trade unionist", "activist",
)
