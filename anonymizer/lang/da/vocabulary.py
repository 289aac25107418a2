"""The Danish pack's words and lists, and the only reader of ``anonymizer/lang/da/data/`` (built once by
``benchmarks/extract_da_lists.py``): calendar and number words, court roles, titles, address words, closed-class
words; first names with their sex, surnames, towns, the common words. Every lookup folds with :func:`anonymizer.lang.da.fold.fold`
(æ, ø, å kept; ``aa``, ``oe``, ``ae`` read as å, ø, æ).
"""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

import regex as re

from anonymizer.lang.words import counting_word_kind

from .fold import fold

# --- written words ---------------------------------------------------------------------------

MONTHS = ("januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober",
          "november", "december")
#: month abbreviations written with a dot ("3. feb. 2021"), the dot optional
MONTH_ABBREVIATIONS = ("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "okt", "nov", "dec")
WEEKDAYS = ("mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag")
#: holidays a date may be named by ("juleaften 2019")
HOLIDAYS = ("juleaften", "juledag", "nytårsaften", "nytårsdag", "påskedag", "pinsedag", "sankthansaften",
            "fastelavn", "skærtorsdag", "langfredag", "grundlovsdag")

UNITS = ("en", "et", "én", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni")
TEENS = ("ti", "elleve", "tolv", "tretten", "fjorten", "femten", "seksten", "sytten", "atten", "nitten")
#: tens as Danish counts them (``halvtreds`` = 50, ``halvfems`` = 90); 21 is ``enogtyve``
TENS = ("tyve", "tredive", "fyrre", "fyrretyve", "halvtreds", "tres", "halvfjerds", "firs", "halvfems")

#: the parties and the people of a court order: the name after (or before, in brackets) is a person's
ROLE_WORDS = (
    "sagsøger", "sagsøgeren", "sagsøgte", "tiltalte", "tiltalt", "forurettede", "forurettet", "forsvarer",
    "forsvareren", "vidne", "vidnet", "vidnerne", "anklager", "anklageren", "advokat", "advokaten",
    "bistandsadvokat", "bistandsadvokaten", "advokatfuldmægtig", "klager", "klageren", "indklagede", "appellant",
    "appellanten", "indstævnte", "kærende", "dommer", "dommeren", "retsformand", "domsmand", "domsmænd",
    "nævning", "skønsmand", "skønsmanden", "kurator", "tolk", "tolken", "partsrepræsentant", "mandatar",
    "politiassistent", "politikommissær", "politibetjent", "kriminalassistent", "vicepolitiinspektør",
    "anklagerfuldmægtig", "statsadvokat", "sagsbehandler", "sagsbehandleren", "mor", "far", "moderen",
    "faderen", "søn", "datter", "bror", "søster", "hustru", "ægtefælle", "samlever", "kæreste", "barnet",
    "læge", "lægen", "overlæge", "psykolog", "psykologen", "kollega", "nabo", "naboen", "arbejdsgiver",
    "lejer", "lejeren", "udlejer", "udlejeren", "skyldner", "kreditor", "arving", "afdøde", "pårørende",
    "ansøger", "ansøgeren", "borger", "borgeren", "eleven", "patienten", "sekretær", "direktør", "formand",
    "indehaver", "ejer", "ejeren", "medtiltalte", "gerningsmand", "tiltaltes", "sagsøgtes", "sagsøgers",
    "sigtede", "sigtedes", "rekvirent", "rekvirenten", "rekvisitus", "dommerne", "anklageren", "ekspedienten",
    "fætter", "kusine", "onkel", "tante", "nevø", "niece", "morfar", "mormor", "farfar", "farmor", "svoger",
    "svigerinde", "svigermor", "svigerfar", "ven", "veninde", "mand", "kone", "søsteren", "broren", "sønnen",
    "datteren", "moren", "faren", "klasselærer", "lærer", "læreren", "pædagog", "socialrådgiver", "revisor",
    "værkfører", "vagtchef", "dyrlæge", "politifuldmægtig", "fuldmægtig", "anklagerfuldmægtig", "kollegaen",
    "dommeren", "byretsdommer", "bistandsværge", "værge", "tillidsmand", "formanden", "naboen", "drengen", "pigen",
)
#: a greeting or a letter's close before a name ("Kære Hanne", "Mvh Susanne", "Tak Kim!")
GREETINGS = ("kære", "hej", "hejsa", "tak", "mvh", "mvh.", "hilsen", "venlig hilsen", "med venlig hilsen", "kh",
             "knus", "de bedste hilsner", "vh")
#: a forum's or a chat's words before a user name ("Skrevet af: villamor_i_viby", "Svar fra: Kim_B")
USER_NAME_CUES = ("skrevet af", "svar fra", "indlæg af", "bruger", "brugernavn", "citat fra", "oprettet af")
#: the verbs before what a person works as ("arbejder som lagerarbejder", "ansat som bogholder")
OCCUPATION_CUES = ("arbejder som", "arbejdede som", "arbejde som", "arbejdet som", "ansat som", "ansættelse som",
                   "job som", "uddannet som", "uddannet", "beskæftiget som", "virker som", "var ansat som",
                   "er ansat som", "stilling som", "arbejdede dengang som")
#: the ends of an occupation's noun ("lager|arbejder", "skole|lærer", "sygeplejerske"): after "der er", "hun var"
#: a word ending so is what the person works as
OCCUPATION_HEADS = ("arbejder", "lærer", "assistent", "chauffør", "ingeniør", "tekniker", "plejerske", "pædagog",
                    "medhjælper", "mester", "svend", "konsulent", "sælger", "ekspedient", "montør", "mekaniker",
                    "elektriker", "maler", "murer", "tømrer", "snedker", "smed", "frisør", "tjener", "læge",
                    "advokat", "revisor", "direktør", "betjent", "soldat", "studerende", "pensionist", "landmand",
                    "fisker", "vognmand", "bager", "slagter", "gartner", "jurist", "økonom", "psykolog", "sekretær",
                    "bogholder", "bartender", "kok", "sygeplejerske", "jordemoder", "udvikler", "programmør",
                    "portør", "vicevært", "pilot", "dyrlæge", "tandlæge", "journalist", "arkitekt", "rådgiver")
#: the words before a person's occupation said as what the person is ("der er murer", "hun var sygeplejerske")
OCCUPATION_IS_CUES = ("der er", "som er", "der var", "som var", "han er", "hun er", "han var", "hun var",
                      "der arbejder som", "er nu", "var dengang", "er blevet", "blev uddannet")
#: an adjective that belongs to the occupation after it ("faglært tømrer")
OCCUPATION_ADJECTIVES = ("faglært", "ufaglært", "uddannet", "selvstændig", "ledende", "souschef", "konstitueret")
#: seasons and periods of a year ("sommeren 2020", "i foråret 2020")
SEASONS = ("foråret", "sommeren", "efteråret", "vinteren", "julen", "påsken", "vinterferien", "sommerferien",
           "efterårsferien", "starten af", "slutningen af", "midten af")
#: the head of an institution's own name, one word ("Nørremarkskolen") or after a name ("Holbæk Sygehus")
INSTITUTION_HEADS = ("skolen", "skole", "gymnasium", "gymnasiet", "sygehus", "hospital", "universitetshospital",
                     "hospitalet", "børnehave", "børnehaven", "vuggestue", "vuggestuen", "plejecenter", "plejehjem",
                     "efterskole", "friskole", "privatskole", "akademi", "seminarium")
#: a business's kind before its name ("værtshuset Den Gyldne Hane", "børnehuset Solsikken")
BUSINESS_NOUNS = ("værtshuset", "restauranten", "caféen", "cafeen", "baren", "butikken", "forretningen",
                  "firmaet", "virksomheden", "selskabet", "børnehuset", "børnehaven", "vuggestuen", "skolen",
                  "værkstedet", "klinikken", "frisørsalonen", "kiosken", "pizzeriaet", "diskoteket", "klubben",
                  "foreningen", "rederiet", "vognmandsfirmaet", "tømrerfirmaet", "entreprenørfirmaet", "bageriet",
                  "Børnehuset", "Værtshuset", "Restaurant", "Café", "Cafe", "Bodega", "Pizzeria", "Frisør", "Salon")
#: courtesy and profession titles before a name ("hr.", "fru", "dr.", "cand.jur.")
TITLE_WORDS = ("hr.", "hr", "fru", "frk.", "frøken", "dr.", "dr", "prof.", "professor", "cand.jur.",
               "cand.med.", "pastor", "provst", "biskop", "landsdommer", "byretsdommer", "højesteretsdommer")
#: words that follow a name part and make a compound a firm's ("Hansen ApS", "Jensens Tømrerfirma A/S")
COMPANY_SUFFIXES = ("ApS", "A/S", "I/S", "P/S", "K/S", "IVS", "a.m.b.a.", "A.m.b.A.", "Holding", "og Co.",
                    "& Co.", "Fonden")
#: the heads of an institution's or a public body's name, kept ("Retten i Glostrup", "Østre Landsret")
PUBLIC_BODIES = ("Højesteret", "Østre Landsret", "Vestre Landsret", "Sø- og Handelsretten", "Procesbevillingsnævnet",
                 "Anklagemyndigheden", "anklagemyndigheden", "Rigspolitiet", "Domstolsstyrelsen", "Folketinget",
                 "Justitsministeriet", "Ankestyrelsen", "Datatilsynet", "Skattestyrelsen", "Udlændingestyrelsen",
                 "Familieretshuset", "Kriminalforsorgen", "Retslægerådet", "Byretten", "Landsretten")

#: words of a street's name's end ("Nørregade", "Vesterbrogade", "Strandvejen", "Ved Stranden")
STREET_ENDINGS = ("gade", "vej", "vejen", "allé", "alle", "plads", "pladsen", "stræde", "strædet", "boulevard",
                  "torv", "torvet", "vænge", "vænget", "park", "parken", "have", "haven", "sti", "stien",
                  "bakke", "bakken", "toften", "tofte", "høj", "højen", "kvarter", "kvarteret", "ager", "agervej",
                  "løkke", "marken", "lund", "lunden", "skov", "skoven", "bro", "broen", "kaj", "kajen",
                  "brink", "brinken", "engen", "holm", "gården", "huse", "dalen", "dal", "løkken", "vang", "vangen",
                  "gyde", "gyden", "toft", "bjerg", "bjerget", "hegn", "hegnet", "dam", "dammen", "banke", "banken",
                  "mose", "mosen", "kær", "kæret", "bygade", "gårdsvej", "parkvej", "ringvej", "landevej", "stien")
#: the street words that make a capitalised word a street without a house number ("på Strandvejen")
STRONG_STREET_ENDINGS = ("gade", "vej", "vejen", "allé", "alle", "plads", "pladsen", "stræde", "strædet", "boulevard",
                         "torv", "torvet", "vænge", "vænget", "vangen", "løkken", "gyden", "stien", "parken", "engen",
                         "bakken", "kajen", "brinken", "toften", "haven")
#: floor and side after a house number ("2. tv.", "st. th.", "1. sal", "kld.", "3. mf.")
FLOOR_SIDES = ("tv", "th", "mf", "t.v", "t.h")

#: closed-class words (pronouns, articles, conjunctions, prepositions, auxiliaries): never a name
CLOSED_CLASS = (
    "jeg", "du", "han", "hun", "den", "det", "vi", "i", "de", "dem", "mig", "dig", "sig", "ham", "hende", "os",
    "jer", "min", "mit", "mine", "din", "dit", "dine", "sin", "sit", "sine", "hans", "hendes", "dens", "dets",
    "vores", "jeres", "deres", "en", "et", "og", "eller", "men", "for", "at", "som", "der", "her", "hvor", "når",
    "hvis", "fordi", "da", "så", "om", "til", "fra", "med", "uden", "på", "af", "ad", "ved", "under", "over",
    "efter", "før", "inden", "mellem", "hos", "mod", "imod", "gennem", "igennem", "omkring", "blandt", "siden",
    "er", "var", "har", "havde", "blev", "bliver", "være", "været", "have", "haft", "kan", "kunne", "skal",
    "skulle", "vil", "ville", "må", "måtte", "bør", "burde", "ikke", "også", "kun", "nu", "da", "dog", "jo",
    "vel", "nok", "meget", "mere", "mest", "alle", "alt", "ingen", "intet", "nogen", "noget", "nogle", "hver",
    "hvert", "hvad", "hvem", "hvilken", "hvilket", "hvilke", "denne", "dette", "disse", "selv", "samme", "anden",
    "andet", "andre", "ja", "nej", "tak", "hej", "kære", "venlig", "hilsen", "med", "venlige", "hilsner",
)
#: words of a document's headings and a court's formulae, capitalised on their line, never a name
HEADING_WORDS = ("Dom", "Kendelse", "Retsbog", "Sagens", "Parternes", "Påstande", "Påstand", "Forklaringer",
                 "Forklaring", "Rettens", "Begrundelse", "Resultat", "Thi", "Bemærkninger", "Sagsfremstilling",
                 "Anbringender", "Sagsomkostninger", "Afgørelse", "Retten", "Landsretten", "Byretten", "Sagen",
                 "Tiltalte", "Sagsøgte", "Sagsøger", "Vidne", "Vidnet", "Anklageskrift", "Bevisførelse",
                 "Personlige", "Forhold", "Straffastsættelse", "Dommer", "Journalnummer", "Emne", "Vedr", "Kære",
                 "Mvh", "Venlig", "Hilsen", "Indlæg", "Svar", "Citat", "Opdateret", "Artikel")
#: the words that say a text is Danish (frequent, and no English word): the language guess's
STOP_WORDS = frozenset("og det er til på af med som den har ikke der var de han hun jeg vi sig fra om efter blev "
                       "skal kan også et en havde være været hvor når hvis fordi så nu eller mod ved hos denne dette "
                       "disse deres hendes hans sit sine skulle ville kunne".split())
#: a street word written apart from its name, capitalised ("Frederiks Allé", "H.C. Andersens Boulevard")
STREET_WORDS_APART = ("Gade", "Vej", "Allé", "Alle", "Plads", "Stræde", "Boulevard", "Torv", "Vænge")

# --- data files ------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def data_lines(name: str) -> tuple[str, ...]:
    """The entries of ``anonymizer/lang/da/data/<name>``: stripped lines, no blanks, no ``#`` comments."""
    text = (files("anonymizer.lang.da") / "data" / name).read_text(encoding="utf-8")
    stripped = (line.strip() for line in text.splitlines())
    return tuple(line for line in stripped if line and not line.startswith("#"))


@lru_cache(maxsize=None)
def first_names() -> dict[str, str]:
    """Folded first name -> ``M``, ``F`` or ``U`` (both)."""
    return {fold(name): sex for name, sex in (line.split("\t") for line in data_lines("first_names.txt"))}


@lru_cache(maxsize=None)
def surnames() -> frozenset[str]:
    return frozenset(fold(name) for name in data_lines("surnames.txt"))


@lru_cache(maxsize=None)
def towns() -> frozenset[str]:
    return frozenset(fold(name) for name in data_lines("towns.txt"))


@lru_cache(maxsize=None)
def town_names() -> tuple[str, ...]:
    """The towns as written (longest first, for a pattern)."""
    return tuple(sorted(data_lines("towns.txt"), key=len, reverse=True))


@lru_cache(maxsize=None)
def common_words() -> frozenset[str]:
    """Words written in lower case in running Danish text, and the closed-class words."""
    return frozenset(fold(w) for w in (*data_lines("common_words.txt"), *CLOSED_CLASS))


def is_first_name(word: str) -> bool:
    return fold(word) in first_names()


def is_surname(word: str) -> bool:
    key = fold(word)
    return key in surnames() or (key.endswith("s") and key[:-1] in surnames() and len(key) > 4)


def is_name_part(word: str) -> bool:
    """A first name or a surname (a genitive ``s`` allowed: "Hansens"); a hyphenated one if each part is."""
    parts = word.split("-")
    return all(p and (is_first_name(p) or is_surname(p) or (p.endswith("s") and is_first_name(p[:-1])))
               for p in parts)


def is_town(word: str) -> bool:
    return fold(word) in towns()


def is_common_word(word: str) -> bool:
    return fold(word) in common_words()


#: endings of Danish inflection (definite, plural, genitive, past, comparative), longest first
_INFLECTIONS = ("ernes", "erne", "enes", "ende", "ene", "ens", "ets", "ere", "est", "ede", "ste", "en", "et",
                "ne", "er", "es", "te", "de", "e", "n", "t", "r", "s")
#: endings of Danish derived nouns and adjectives ("Genkendelsen", "Gennemgående"): no name ends so
_DERIVED = re.compile(r"(?:else|elser|ning|ninger|hed|heder|skab|skaber|isme|tion|tioner|ende|ighed|somt|bart)"
                      r"(?:n|r|rne|en|et|ne|erne|ens|s)?$")


def _inflected(key: str) -> bool:
    """A folded word that is a common word, or one with an inflection's ending ("hensigten" of "hensigt",
    "processen" of "proces")."""
    if key in common_words():
        return True
    for ending in _INFLECTIONS:
        stem = key[:-len(ending)]
        if key.endswith(ending) and len(stem) >= 3 and (
                stem in common_words() or (stem[-1] == stem[-2] and stem[:-1] in common_words())):
            return True
    return False


def is_inflected_common_word(word: str) -> bool:
    """:func:`is_common_word`, or a common word with an inflection's ending ("Hensigten"), a derived noun's or
    adjective's ending ("Genkendelsen"), or a compound of two common words ("Påkrav", "Landmanden"): the words
    a capital at a sentence's start makes look like names. A name the lists know is none."""
    key = fold(word)
    if "-" in key and key.rsplit("-", 1)[1].isalpha() and word.rsplit("-", 1)[1].islower():
        return is_inflected_common_word(word.rsplit("-", 1)[1])  # "Træsnits-vurderingerne": a compound noun
    if not key.isalpha() or is_name_part(word):
        return False
    if _inflected(key) or _DERIVED.search(key) or (key[0] == "u" and _inflected(key[1:])):  # "Ustraffet"
        return True
    return any(_compound_head(key[:cut]) and _inflected(key[cut:]) for cut in range(2, len(key) - 2))


def _compound_head(head: str) -> bool:
    """The first part of a compound: a common word of three letters or more, or with a linking ``e`` or ``s``
    ("vare" of "varebilen", "lands" of "landsretten"), or a particle ("påkrav")."""
    if head in ("på", "af", "ud", "op", "om", "til"):
        return True
    return len(head) >= 3 and (head in common_words()
                               or (head[-1] in "es" and len(head) >= 4 and head[:-1] in common_words()))


#: the words of a court's, an authority's or a public body's name: such a name is kept ("Retten i Roskilde",
#: "Københavns Byret", "Aarhus Kommune", "Fødevarestyrelsen", "Vestre Landsrets 6. afdeling")
_PUBLIC_BODY = re.compile(r"(?i:\b(?:rettens?|byrets?|byretten|landsrets?|landsretten|fogedretten|skifteretten|"
                          r"højesteret|kommunes?|kommunen|region(?:en)?|politi(?:et)?|jobcenter|statskassen|folketinget|"
                          r"retshjælp|afdeling|anklagemyndigheden)\b|(?:styrelsen|tilsynet|ministeriet|nævnet|"
                          r"erhvervssikring|forsorgen|rådet)\b)")


def is_public_body(surface: str) -> bool:
    return _PUBLIC_BODY.search(surface) is not None or surface in PUBLIC_BODIES


def is_public_body_word(word: str) -> bool:
    """Whether ``word`` alone is a public body's word ("politiet", "kommune"; not "området", which ends so)."""
    return _PUBLIC_BODY.fullmatch(word) is not None


#: a court's or a public body's seat after its name ("Retten i Glostrup", "Politiet i Nordjylland")
_SEAT = re.compile(r"(?i:(?:retten|byret(?:ten)?|politi(?:et)?|kommune|region|fogedretten|skifteretten|landsret)[ ](?:i|på)[ ])$")


def is_court_seat(text: str, start: int) -> bool:
    """Whether the place at ``start`` is a court's or a public body's seat ("Retten i Holstebro")."""
    return _SEAT.search(text, max(0, start - 20), start) is not None


def sentence_start(text: str, start: int) -> bool:
    """Whether ``text[start]`` opens a sentence, a line or a quotation (a capital there says nothing)."""
    before = text[max(0, start - 3):start].rstrip(" ")
    return not before or before[-1] in ".!?:\n\"«»-–"


def month_number(word: str) -> int | None:
    """1..12 for a Danish month or its abbreviation ("marts", "okt."), else None."""
    key = fold(word).rstrip(".")
    if key in MONTHS:
        return MONTHS.index(key) + 1
    abbreviations = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
                     "okt": 10, "nov": 11, "dec": 12}
    return abbreviations.get(key)


_NUMBER_WORDS = frozenset((*UNITS, *TEENS, *TENS, "nul", "hundrede", "tusind", "million"))


def word_kind(word: str) -> str:
    """Why ``word`` names nobody: "a number word", "a weekday", "a month", "an ordinary Danish word"
    (:func:`is_common_word`), or "" when it may be a name (the pack's ``word_kind``)."""
    kind = counting_word_kind(word.casefold(), _NUMBER_WORDS, frozenset(WEEKDAYS), frozenset(MONTHS))
    return kind or ("an ordinary Danish word" if is_common_word(word) else "")


def is_stop_word(word: str) -> bool:
    return word.casefold() in STOP_WORDS
