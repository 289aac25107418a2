"""Words of courts, public bodies, companies and money that judgments and hearings name: the generic words
a public body's or a statute's name is made of (read by ``public_body``), the kinds of Europe's lower courts, a
company's legal form, Europe's currencies, the car makes that are names too. Split off so that ``vocabulary.py`` stays under 400 lines; imports nothing.
"""
from __future__ import annotations

#: the kind of a court that judgments name with its town (``Brandenburg Regional Labour Court``,
#: ``District Court in Wodzisław Śląski``): Europe's lower courts, none of a Californian court's words
#: (``Kern County Superior Court`` is a county and a generic court there)
COURT_KINDS = ("Labour", "Labor", "Social", "Regional", "District", "Administrative", "Civil", "Criminal", "Assize",
               "Commercial", "Provincial", "Military")
#: a company's legal form after its name (``Robert Bosch GmbH``, ``MotoMeter AG``, ``Ilirija d.o.o.``); not
#: the two letters that are something else in a hearing too (``SA``, ``AB``, ``AS``)
LEGAL_FORMS = ("GmbH", "AG", "S.A.", "Ltd", "Ltd.", "plc", "PLC", "S.p.A.", "SpA", "d.o.o.", "Sp. z o.o.", "N.V.",
               "B.V.", "S.r.l.", "SARL", "S.A.R.L.", "A.Ş.", "s.r.o.", "Kft.", "Zrt.", "A/S", "KG", "OHG")
#: a currency's name after a sum (``1,000 Austrian schillings``, ``150,000 pounds sterling``, ``588 GDR marks``):
#: Europe's currencies, the ones a judgment awards or fines in; not dollars nor bare ``pounds`` (a hearing's
#: wages, restitution and weights: none of them a person's data there)
CURRENCY_WORDS = ("euro", "euros", "lira", "liras", "lire", "schilling", "schillings", "krona", "kronor", "krone",
                  "kroner", "Deutschmarks", "Deutsche Marks", "pounds sterling", "sterling", "franc",
                  "francs", "zloty", "zlotys", "zlotych", "rouble", "roubles", "ruble", "rubles", "hryvnia",
                  "hryvnias", "lei", "leva", "forint", "forints", "koruna", "korunas", "kuna", "kunas", "dinar",
                  "dinars", "drachma", "drachmas", "escudo", "escudos", "peseta", "pesetas", "litas", "lats",
                  "tolar", "tolars", "lari", "manat", "manats", "denars", "guilders")
#: a currency's name that is a common word too (a pupil's ``15 marks``): only after a country's name or
#: initials (``588 GDR marks``, ``1,000 German marks``)
COUNTRY_CURRENCY_WORDS = ("marks",)
#: a currency's ISO code before or after a sum (``EUR 1,300``, ``100,000,000 TRL``), in capitals only; not
#: ``USD`` (see above) nor the codes that are words or names in a transcript's capitals (``ALL``, ``SIT``,
#: ``GEL``, ``BAM``, ``RON``, ``ECU``)
CURRENCY_CODES = ("EUR", "TRL", "TRY", "YTL", "GBP", "ATS", "DEM", "PLN", "SEK", "NOK", "DKK", "CHF", "FRF", "BEF",
                  "NLG", "ITL", "PTE", "GRD", "FIM", "IEP", "LUF", "RUB", "UAH", "HUF", "CZK", "SKK", "BGN", "HRK",
                  "LTL", "LVL", "EEK", "MDL", "AZN", "RSD", "MKD", "ISK", "CYP", "MTL")
#: a medical examination's abbreviation before "scan" ("a CT scan", "an MRI scan"): no place, no organization
SCAN_ABBREVIATIONS = ("CT", "CAT", "MRI", "PET", "EEG", "ECG", "EKG", "DEXA", "SPECT")
#: car makes that are names or places too (``Officer Ford``), a vehicle only after its model year (``a '79 Ford
#: F-150``, ``a 1998 Dodge Ram``); the whitelist lists the makes that are no names and a make's models
NAMED_VEHICLE_MAKES = ("Ford", "Dodge", "Mercury", "Lincoln", "Mercedes", "Chrysler", "Plymouth", "Saturn", "Jeep", "GMC")
#: lower-case nouns of a business after its name ("the Pho Saigon restaurant", "the Sunrise liquor store")
BUSINESS_NOUNS = ("restaurant", "store", "shop", "bar", "club", "nightclub", "market", "supermarket", "motel", "hotel",
                  "cafe", "café", "diner", "bakery", "taqueria", "pizzeria", "salon", "gym", "warehouse", "dealership",
                  "laundromat", "lounge", "tavern", "pub", "liquor", "gas station", "car wash", "barbershop", "clinic")
#: a trade a business is named by after its owner's possessive, in small letters ("Dwyer's trucking", "Nolan's
#: plumbing"): the business, never the owner's thing
TRADE_NOUNS = ("transportation", "trucking", "towing", "hauling", "plumbing", "roofing", "landscaping", "construction",
               "catering", "excavating", "excavation", "paving", "masonry", "auto body", "auto repair", "freight")
#: an organization's last word whose words before it are its name, hardly ever a common noun's modifiers: in
#: capitals or without any the words before it are the name's ("AMITY FOUNDATION", "HOMEBOY INDUSTRIES",
#: "green thumb landscaping"); not the heads a common phrase ends in ("mental health services", "group homes")
NAMED_BY_WORDS_HEADS = frozenset("""
    foundation industries coalition ministries enterprises fellowship landscaping trucking roofing collision
""".split())
#: the endings of a German legal term glossed in brackets after its English name (``the costs order
#: (Kostenrekurs)``, ``a residence permit (Aufenthaltserlaubnis)``): a long compound, no firm's name
GERMAN_TERM_ENDINGS = ("ung", "ungen", "keit", "heit", "schaft", "rekurs", "erlaubnis", "bescheid", "gesetz", "ordnung",
                       "ausgleich", "verfahren", "recht", "anstalt", "gericht", "behörde", "beschluss", "klage",
                       "antrag", "vertrag", "urteil", "pflicht", "schutz", "beitrag", "zulage", "freibetrag")
#: the international and supranational bodies a judgment cites (``EC law``, ``the ECJ's case-law``, ``the Commander
#: of the United Nations (UN) forces``): TAB leaves them unmasked, no applicant is found by them
INTERNATIONAL_BODIES = ("EU", "European Union", "EC", "EEC", "European Community", "European Communities",
                        "European Economic Community", "ECJ", "European Court of Justice", "Court of Justice of the "
                        "European Union", "CJEU", "UN", "United Nations", "United Nations Organisation", "UNO",
                        "Council of Europe", "NATO", "OSCE", "UNHCR", "UNFICYP", "UNESCO", "UNICEF", "WHO", "ILO",
                        "European Parliament", "European Commission", "Council of the European Union")

#: an organization's kind that, said alone, names none in particular ("the Federation", "a Federation rep", "the
#: Union said"): a body the hearing names in full elsewhere, or the corpus's vocabulary; case-folded
GENERIC_BODY_NOUNS = frozenset(
    "federation union association council society committee league alliance confederation guild".split())
#: British and Irish kinds of a school, a surgery, a home or a centre, last words of a body's name
#: (``St Julian's Primary School``, ``Riverside Surgery``, ``Elmhurst Care Home``, ``Ashgrove Health Centre``)
BRITISH_ORGANIZATION_HEADS = (
    "Primary School", "Infant School", "Infants School", "Junior School", "Comprehensive School", "Grammar School",
    "Secondary School", "Comprehensive", "Surgery", "Medical Practice", "Care Home", "Nursing Home", "Residential Home",
    "Health Centre", "Medical Centre", "Community Centre", "Leisure Centre", "Day Centre",
)


#: what a body is: the last generic word of its name, or the word its "of ..." hangs on
HEADS = (
    "Court", "Courts", "Ministry", "Minister", "Office", "Department", "Directorate", "Authority", "Authorities",
    "Prosecutor", "Procurator", "Chamber", "Division", "Section", "Council", "Commission", "Committee", "Board",
    "Tribunal", "Treasury", "Government", "Parliament", "Assembly", "Senate", "Counsel", "Inspector",
    "Inspectorate", "Governor", "Agency", "Administration", "House", "Panel", "Municipality", "Municipalities",
    "Secretary", "Secretaries",
    "Corps", "Guard", "Patrol", "Police", "Force", "Legislature",
    "Gazette",  # a state's journal ("the Official Gazette"); not "Association": most name a private body
)
#: generic words a body's name may also hold: its level, its field, its place in a hierarchy
QUALIFIERS = (
    "Supreme", "Military", "Administrative", "Constitutional", "Criminal", "Civil", "Labour", "Labor", "Social",
    "Regional", "District", "Federal", "State", "National", "High", "Higher", "Superior", "Appeal", "Appeals",
    "Cassation", "Assize", "Magistrate", "Magistrates", "Martial", "Law", "Public", "Principal", "General", "Chief",
    "Building", "First-instance", "Instance", "Disciplinary", "Review", "Cases", "Foreign", "Affairs", "Justice",
    "Defence", "Defense", "Interior", "Internal", "Finance", "Education", "Health", "Agriculture", "Food",
    "Economics", "Forestry", "Planning", "Security", "Lands", "Surveys", "Roads", "Highways", "International",
    "European", "Human", "Rights", "Lords", "Grand", "Deputy", "Central", "Local", "Municipal", "Provincial",
    "County", "City", "Family", "Juvenile", "Commercial", "Tax", "Employment", "Industrial", "Police",
    "Prosecution", "Service", "Services", "Lower", "Upper", "Appellate", "Trial", "Executive", "Legislative",
    "First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth", "Eleventh",
    "Twelfth", "Immigration", "Customs", "Revenue", "University", "President", "Rector", "Faculty",
    "Culture", "Tourism", "Transport", "Environment", "Energy", "Industry", "Trade", "Welfare", "Anti-Terrorism",
    "Counter-Terrorism", "Commonwealth", "Home", "Independent",
    # a city's or a state's boards and departments ("Planning and Zoning Board", "Army Corps of Engineers")
    "Zoning", "Adjustment", "Parks", "Recreation", "Transportation", "Works", "Utilities", "Environmental",
    "Conservation", "Housing", "Historic", "Preservation", "Enforcement", "Ethics", "Elections", "Sanitation",
    "Army", "Engineers", "Coast", "Border", "Task", "Joint", "Select", "Standing", "Special", "Drug",
    # a judgment's bodies named by their field ("the Aliens Police", "the National Estate Directorate", "the Official
    # Gazette", "the Court of Cassation Bar")
    "Aliens", "Estate", "Official", "Bar",
)
#: the last word of a statute's title
STATUTE_HEADS = (
    "Act", "Code", "Convention", "Decree", "Ordinance", "Statute", "Regulation", "Regulations", "Directive", "Protocol", "Treaty",
    "Rules", "Instrument",
)
