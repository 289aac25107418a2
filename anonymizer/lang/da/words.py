"""The Danish pack's written words: calendar and number words, court roles, titles, address words, closed-class
words. Read by :mod:`anonymizer.lang.da.vocabulary` (which adds the data files' lists); nothing else is imported.
"""
from __future__ import annotations

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
