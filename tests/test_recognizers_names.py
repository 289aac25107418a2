"""Name recognizers (organizations, prisons, gangs, NRP, addresses, zip codes, places): exact spans."""
from __future__ import annotations

import pytest

from anonymizer.lang.en.recognizers import (
    AddressRecognizer,
    ApostropheNameRecognizer,
    CapitalsNameRecognizer,
    CaseNumberRecognizer,
    CdcrInstitutionRecognizer,
    CustodyPlaceRecognizer,
    GangRecognizer,
    MonikerRecognizer,
    NameAnswerRecognizer,
    NicknamedRecognizer,
    RollCallRecognizer,
    SpeaksForRecognizer,
    SpokenForRecognizer,
    NrpRecognizer,
    OrganizationRecognizer,
    PersonNameRecognizer,
    PlaceRecognizer,
    StreetNameRecognizer,
    ZipCodeRecognizer,
)


def spans(recognizer, text: str) -> list[str]:
    results = recognizer.analyze(text, entities=recognizer.supported_entities, nlp_artifacts=None)
    return [text[r.start:r.end] for r in sorted(results, key=lambda r: r.start)]


ORGANIZATION = [
    # a business by its owner's possessive and its trade in small letters (issue 47, round 34)
    ("You started dealing with Dwyer's transportation in 2016.", ["Dwyer's transportation"]),
    ("the deal between Nolan's plumbing and us", ["Nolan's plumbing"]),
    ("Garcia's trucking hauled it.", ["Garcia's trucking"]),
    ("Today's construction was loud.", []),  # a plain word, kin, a place before the trade: no business
    ("Mom's catering was great.", []),
    ("America's trucking industry is large.", []),
    ("I worked at Golden Valley Trucking for a year.", ["Golden Valley Trucking"]),
    ("she's a nurse at Highland Hospital.", ["Highland Hospital"]),
    ("We had been staying at the Desert Palms Motel on Highway 74.", ["Desert Palms Motel"]),
    ("a room at the Holiday Inn by the freeway", ["Holiday Inn"]),
    ("Inmate Doe Hotel 12345 is present", []),  # a phonetic letter of an inmate number
    # a company by its legal form (TAB's judgments)
    ("worked for Robert Bosch GmbH until 1995", ["Robert Bosch GmbH"]),
    ("She sued Ilirija d.o.o. and Polskie Radio Sp. z o.o. in Warsaw.", ["Ilirija d.o.o.", "Polskie Radio Sp. z o.o."]),
    ("shares of Banco Espirito Santo S.A. and Tesco plc fell", ["Banco Espirito Santo S.A.", "Tesco plc"]),
    # a carrier named for its trade
    ("I drove for Prairie Gold Haulage, out of Brandon.", ["Prairie Gold Haulage"]),
    ("Ashdown Freight took the load", ["Ashdown Freight"]),
    ("road haulage and Freight were down", []),
    # a numbered company, its number for a name
    ("the business name of a numbered company, 558214 Alberta Ltd. Yes", ["558214 Alberta Ltd."]),
    ("owned by 2201345 Ontario Inc and", ["2201345 Ontario Inc"]),
    ("in 1998 Acme Ltd was sold", ["Acme Ltd"]),  # a year before a company: no number of its
    ("at 1420 Granville Limited we", []),  # a house number
    ("I talked to the Deputy AG about it.", []),
    ("The Fresno Police Department picked me up", ["Fresno Police Department"]),
    ("from the Los Angeles County Sheriff's Department", ["Los Angeles County Sheriff's Department"]),
    ("I got kicked out of Hoover Elementary for fighting", ["Hoover Elementary"]),
    ("a job at Sunrise Auto Body, as a warehouse worker", ["Sunrise Auto Body"]),
    ("I went to Fremont High until the 10th grade", ["Fremont High"]),
    # a person named before "of" and the organization: the organization only
    ("from Pastor Reginald Dupree of Greater New Hope Baptist Church, and", ["Greater New Hope Baptist Church"]),
    ("a letter from Reverend Ann Lee of First Baptist Church", ["First Baptist Church"]),
    ("Dr. Ann Lee of Kaiser Permanente Hospital", ["Kaiser Permanente Hospital"]),
    ("Officer Mendez of the Fresno Police Department", ["Fresno Police Department"]),
    ("at the University of California Medical Center", ["University of California Medical Center"]),
    ("the Sisters of Mercy Hospital", ["Sisters of Mercy Hospital"]),
    # a parish named for Mary, with or without a head noun
    ("We married in 1995 at Our Lady Help of Christians in Watsonville.", ["Our Lady Help of Christians"]),
    ("at Our Lady of Guadalupe Church", ["Our Lady of Guadalupe Church"]),
    ("I prayed to Our Lady.", []),
    ("a friend from Yerba Buena High, Danny", ["Yerba Buena High"]),  # two words before "High"
    ("I went to Junior High there", []),
    ("It was Way Too High for me", []),
    ("classes at Palo Verde Community College and", ["Palo Verde Community College"]),
    ("Pacific Gas and Electric hired me", ["Pacific Gas and Electric"]),
    ("I got my AA degree from Cal State Fullerton, in sociology", ["Cal State Fullerton"]),
    ("Autumn's in college now at San Jose State. Sky", ["San Jose State"]),
    ("he played ball for Fresno State back then", ["Fresno State"]),
    ("we moved to Washington State in 2001", []),
    ("the Golden State Warriors", []),
    ("she works for the State of California", []),
    ("taken to the Los Angeles County Jail.", ["Los Angeles County Jail"]),
    ("six months in Main Jail.", ["Main Jail"]),
    ("I, SUSAN ROE, transcriber, Foothill Transcription Company, do hereby", ["Foothill Transcription Company"]),
    ("she's a nurse at Kaiser Permanente.", ["Kaiser Permanente"]),
    ("a sermon at First Baptist Church on", ["First Baptist Church"]),
    ("You know, Daniel Church was driving.", []),
    # a building named for someone; "Hall", a surname too, only where a place is said to be
    ("Location:  Ronald Reagan State Building, 300 South Spring Street", ["Ronald Reagan State Building"]),
    ("I studied at the Cesar Chavez Library downtown.", ["Cesar Chavez Library"]),
    ("court was in the Ralph Hall Courthouse then.", ["Ralph Hall Courthouse"]),
    ("upper, in Facility B, Whitley Hall. The hearing officer", ["Whitley Hall"]),
    ("We met in Moreno Hall after class.", ["Moreno Hall"]),
    ("Monica Hall testified at trial.", []),
    ("I went to the Administration Building and the Visiting Hall.", []),  # ordinary words only
    # a business by its owner's possessive alone after a preposition and "the", or by its name before a business's noun
    ("She worked at the Denny's on Hilltop Drive with my sister.", ["Denny's"]),
    ("We ate at the Wendy's. Then I worked at the Carl's on Shaw", ["Wendy's", "Carl's"]),
    ("Mr. Nguyen owned the Pho Saigon restaurant on Main Street.", ["Pho Saigon"]),
    ("She got it at the Walgreens pharmacy on Cedar.", ["Walgreens"]),
    ("the party at the Garcia's on Sunday", []),  # a family's home: a surname, no given name
    ("We went to the Fresno store and the Mexican restaurant.", []),  # a town, a nationality
    ("at the Board's. He was at the Smith's house.", []),  # a body of the domain; a noun after the possessive
    ("He was taken to the County Jail.", []),
    ("the Police Department responded", []),
    ("I went to high school there", []),
    ("At State Prison we had", []),
    ("He said High and low.", []),
    # transcription vendors, as written and in capitals (signature lines)
    ("RIVERBEND COURT REPORTERS", ["RIVERBEND COURT REPORTERS"]),
    ("HIGH DESERT REPORTING SERVICES", ["HIGH DESERT REPORTING SERVICES"]),
    ("Lakeside Legal Transcripts", ["Lakeside Legal Transcripts"]),
    ("Harbor Captioning Associates", ["Harbor Captioning Associates"]),
    ("a transcriber for Cascade Stenographic Agency, declare", ["Cascade Stenographic Agency"]),
    ("SIERRA TRANSCRIPTION, INC.", ["SIERRA TRANSCRIPTION, INC."]),
    ("THE COUNTY JAIL", []),
]

CDCR_INSTITUTION = [
    # a code joined to its town or yard
    ("Location ..... CTF-Soledad, Central Facility", ["CTF-Soledad"]),
    ("then CSP-Solano, and you came", ["CSP-Solano"]),
    ("a CTF-style dorm", []),
    ("I had a 115 at Mule Creek State Prison in 2003", ["Mule Creek State Prison"]),
    ("I was at Mule Creek in 1996", ["Mule Creek"]),
    ("my uncle did time at Pelican Bay.", ["Pelican Bay"]),
    ("When did you transfer to Solano?", ["Solano"]),
    ("I had a 115 for fighting at Wasco in two thousand six", ["Wasco"]),
    ("I'm housed at CTF Soledad now", ["CTF Soledad"]),
    ("at California State Prison, Solano", ["California State Prison, Solano"]),
    ("he is at Salinas Valley.", ["Salinas Valley"]),
    ("Wasco is a small town", []),
    ("I grew up in Solano County", []),
    ("we lived in Folsom, California", []),
    ("Sierra Nevada mountains", []),
    # a code that is also something else: the prison in context only, upper case only
    ("you've been at LAC since 2019", ["LAC"]),
    ("then I was transferred to SQ for the program", ["SQ"]),
    ("She was treated at LAC+USC Medical Center", []),
    ("the LAC sheriff", []),
    ("I went to Sol for the weekend", []),
    # in a list of transfers, after from/then/in/and/or
    ("to SQ, then CMC East, then LAC, and then", ["SQ", "CMC East", "LAC"]),
    ("I came from COR in 2009", ["COR"]),
    ("LAC and SOL", ["SOL"]),
    ("then Lac, then Sq", []),
    ("in LAC County", []),
    # a code and its town after a space, where the code alone may be a title (CCI: a counselor)
    ("and CCI Tehachapi for a while", ["CCI Tehachapi"]),
    ("CTF Central yard", ["CTF Central"]),
]

GANG = [
    ("When did you join the Rollin' 60s? Later the Rolling Sixties.", ["Rollin' 60s", "Rolling Sixties"]),
    ("we were rolling 60 miles an hour", []),
    ("You joined Rollin' 60s Crips at a young age", ["Rollin' 60s Crips"]),
    ("I don't associate with Asian Boyz anymore", ["Asian Boyz"]),
    ("you joined Tiny Rascal Gang at a young age", ["Tiny Rascal Gang"]),
    ("I joined Aryan Brotherhood at the age of 11", ["Aryan Brotherhood"]),
    ("I was with the Norteños back then", ["Norteños"]),
    ("I joined Varrio Hawaiian Gardens at 13", ["Varrio Hawaiian Gardens"]),
    ("The Black Guerrilla Family ran the yard", ["Black Guerrilla Family"]),
    ("the gang was my family", []),
    ("Blood was everywhere", []),
    ("There was a gang fight", []),
]

NRP = [
    ("My family is Honduran and we were raised Baptist", ["Honduran", "Baptist"]),
    ("we were raised Jehovah's Witness, we went", ["Jehovah's Witness"]),
    ("My stepfather, he was Filipino too", ["Filipino"]),
    ("I'm Catholic.", ["Catholic"]),
    ("the Muslims in the yard", ["Muslims"]),
    ("We moved to American Samoa", []),
    ("I joined Mexican Mafia", []),
    ("a letter from Paris Christian today", []),
    ("he was catholic about it", []),
    ("My celly, Dutch, he made it.", []),  # a nickname in apposition to a cellmate: the person-name recognizer's
    ("My homeboy, Irish, was there.", []),
    ("My celly, he was Dutch, he made it.", ["Dutch"]),
]

ADDRESS = [
    ("We met at the swap meet on Kings Canyon, near Chestnut.", ["Kings Canyon"]),  # two words, no suffix
    # a street named by one word, after a place or a known business "on" or "off" it
    ("She worked at the Target on Blackstone and", ["Blackstone"]),
    ("she worked nights at the Denny's on Blackstone and Shaw.", ["Blackstone and Shaw"]),  # a business by name
    ("I saw Denny's car on Blackstone and", []),  # a person's possessive: no business
    ("my girlfriend's apartment on Shields and Maroa, near", ["Shields and Maroa"]),
    ("threw it in the canal off Ashlan after", ["Ashlan"]),
    ("the report on Martinez was late", []),
    ("the house on Monday, my sister on Facebook", []),
    ("the apartment on Maple Leaf Drive", ["Maple Leaf Drive"]),
    ("I'll go to meetings at the AA hall on 12606 Ybarra Court, my sponsor", ["12606 Ybarra Court"]),
    ("at 5378 Martin Luther King Jr. Boulevard in Fresno", ["5378 Martin Luther King Jr. Boulevard"]),
    ("he lives at 329 East Olive Avenue.", ["329 East Olive Avenue"]),
    ("at 1985 King Road, Apt. 4", ["1985 King Road, Apt. 4"]),
    ("send it to P.O. Box 4490 please", ["P.O. Box 4490"]),
    # a street named by its number, no house number
    ("at your mother's house on West 54th Street.", ["West 54th Street"]),
    ("arrested you on Highway 152 near the exit", ["Highway 152"]),
    ("With my aunt. Twenty-two eighteen North Linden Avenue, in Rialto.", ["Twenty-two eighteen North Linden Avenue"]),
    ("one forty-five Elm Street, Apartment 2", ["one forty-five Elm Street, Apartment 2"]),
    ("I spent twenty years on Main Street", ["Main Street"]),  # no house number said aloud
    ("north on State Route 99, then Interstate 5", ["State Route 99", "Interstate 5"]),
    ("a highway 152 miles long", []),
    ("the HCR-20 and I-9 forms", []),
    ("we hung out on 14th St. by the park", ["14th St."]),
    ("the 82nd Airborne, 1983 to 1987", []),
    ("arrested at the corner of Fifth and Maple in Pomona", ["Fifth and Maple"]),
    ("at the intersection of 5th & Main Street, he", ["5th & Main Street"]),
    ("the corner of the room and", []),
    ("shot at Fourth and Market in Oakland", ["Fourth and Market"]),
    ("can't drive past 5th & Broadway. She", ["5th & Broadway"]),
    ("the store near Main and Third, by", ["Main and Third"]),
    ("we met at 4th and Market Street that", ["4th and Market Street"]),
    ("he was in the Fourth and Fifth grade", []),
    ("he worked on First and Second Watch", []),
    ("she was at Second and Long Beach", []),
    ("we walked 3 blocks down the street", []),
    ("I spent 15 years on Main Street", ["Main Street"]),
    # a grid road of the Central Valley; a house number said after its street
    ("the trailer on Avenue 7 1/2. I went", ["Avenue 7 1/2"]),
    ("out on Road 28, past the", ["Road 28"]),
    ("the Road 2 Recovery program", []),
    ("the house on East Fremont Street, number 2219.", ["East Fremont Street", "2219"]),
    ("on Elm Street, No. 14B, upstairs", ["Elm Street", "14B"]),
    # a block; a house number before a street the document names with its suffix elsewhere
    ("officers responded to the 1400 block of East Belmont Avenue regarding", ["1400 block of East Belmont Avenue"]),
    ("on East Belmont Avenue. He lay in the driveway of 1422 East Belmont.", ["East Belmont Avenue",
                                                                            "1422 East Belmont"]),
    ("He lay in the driveway of 1422 East Belmont.", []),  # no street of that name: a number and a word
    ("on Belmont Avenue. In 1998 Belmont was a town.", ["Belmont Avenue"]),
    # a street after "on", no house number
    ("at your home on Panorama Drive. Kern County", ["Panorama Drive"]),
    ("he went on Drive Time radio", []),
    ("she works on Wall Street", ["Wall Street"]),
    ("the road to Recovery Road", []),
    ("my number is 2219", []),
    # a house number, a street's name, its kind in small letters (a speech recogniser writes "street")
    ("the shop was at 1845 Corrie street in Hull", ["1845 Corrie street"]),
    ("we moved to 62 Upper Nelby road, then", ["62 Upper Nelby road"]),
    ("she lives at 3 Ashgrove drive.", ["3 Ashgrove drive"]),
    ("in 2016 Christmas road trips were cancelled", []),  # a year, not a house number
    ("he signed 40 Senate court papers", []),  # not a street's kind that is no common word
]

ZIP_CODE = [
    ("12606 Ybarra Court in Stockton, California 94210.", ["94210"]),
    ("4517 Main Street in Madera, 94883. His number", ["94883"]),
    ("Sacramento, CA 95814", ["95814"]),
    ("the zip code is 95692", ["95692"]),
    ("I owed him 12000 dollars", []),
    ("Yes, 12345 is my number", []),
    ("in 1995, 12345 people", []),
]

PLACE = [
    ("My parole plans are in Pomona for a reason.", ["Pomona"]),
    ("I was accepted at Amity Foundation in Chula Vista, they hold", ["Chula Vista"]),
    ("We moved to Pago Pago, American Samoa, for", ["Pago Pago", "American Samoa"]),
    ("I was born in Atlanta, Georgia.", ["Atlanta", "Georgia"]),
    ("I grew up in Los Angeles County.", ["Los Angeles County"]),
    ("from San Joaquin County", ["San Joaquin County"]),
    ("Georgia was my best friend", []),
    ("I put my trust in God", []),
    ("I was kicked out of Hoover Elementary", []),
    ("a letter from Young", []),
    ("at Wasco for two years", []),
    ("I transferred to Pelican Bay in 2005", []),  # a prison whose name is also a place
    ("We drove over to Lancaster around 10:20, looking for them", ["Lancaster"]),  # a trip: the town
    ("with a 3.4 GPA. Uh, Georgia and I got married", []),  # "Uh," is no city before a state
    ("We moved to Fresno, California in 2009.", ["Fresno", "California"]),
    ("We lived near Pelican Bay for a while", ["Pelican Bay"]),
    ("I believe in Hope", []),
    ("I was sentenced in Kern County Superior Court.", ["Kern County"]),
    # a small California town, only after a locative no person follows
    ("Or up in Weed, with my uncle.", ["Weed"]),
    ("I was born in Needles and raised in Blythe.", ["Needles", "Blythe"]),
    ("I got a letter from Weed.", []),  # "from" and "to" also take persons
    ("I talked to Needles about it.", []),
]

APOSTROPHE_NAME = [
    ("and De'Shawn and Ja'Marcus were on the porch", ["De'Shawn", "Ja'Marcus"]),
    ("my nephew D’Andre Willis-Pope", ["D’Andre"]),
    ("La'Keisha-Marie said so", ["La'Keisha-Marie"]),
    ("Y'all came at nine o'clock, O'clock", []),
    ("the word ain't, don't, I'm, He'll", []),
    ("TRE'VON", []),
]

#: a prison named without its kind where the passage speaks of custody (issue 47)
CUSTODY_PLACE = [
    ("After the sentence I was taken to High Down and searched.", ["High Down"]),
    ("He got a six-month sentence and was sent to Belmarsh the same day.", ["Belmarsh"]),
    ("Convicted in May, then three months in Pentonville.", ["Pentonville"]),
    ("After the conviction he was taken to Court again.", []),
    ("I was sent to Wellingborough to see my aunt.", []),  # no custody in the passage
    ("After sentence I transferred to Mule Creek State Prison in 2014.", []),  # named with its kind
    ("After sentence he was transferred to Richard J. Donovan.", []),  # the name goes on
]
#: names printed in capitals on a court's title page, by their initials or after BY: and HON. (issue 47)
CAPITALS_NAME = [
    ("BY: TOBIAS R. WENDELL", ["TOBIAS R. WENDELL"]),
    ("HON. MIRELA OSTRANDER,", ["MIRELA OSTRANDER"]),
    ("E. DORIAN KESSLER", ["E. DORIAN KESSLER"]),
    ("BY: ANIKA VOSSBERG", ["ANIKA VOSSBERG"]),
    ("PEOPLE V. JONES", []),
    ("UNITED STATES DISTRICT COURT", []),
    ("BY: ASSISTANT UNITED STATES ATTORNEY", []),
]

NAME_TABLES = {
    ApostropheNameRecognizer: APOSTROPHE_NAME,
    CustodyPlaceRecognizer: CUSTODY_PLACE,
    CapitalsNameRecognizer: CAPITALS_NAME,
    OrganizationRecognizer: ORGANIZATION,
    CdcrInstitutionRecognizer: CDCR_INSTITUTION,
    GangRecognizer: GANG,
    NrpRecognizer: NRP,
    AddressRecognizer: ADDRESS,
    ZipCodeRecognizer: ZIP_CODE,
    PlaceRecognizer: PLACE,
}
CASE_NUMBER = [
    ("originated in an application (no. 18403/91) against the Republic", ["18403/91"]),
    ("in two applications (nos. 265/07 and 7076/05) against", ["265/07", "7076/05"]),
    ("for membership of the PKK (case no. 1996/276). On", ["1996/276"]),
    ("registered under registration no. D-4840. On this", ["D-4840"]),
    ("Application Number 12345/02 was lodged", ["12345/02"]),
    ("convicted under Penal Code 664/187, attempted murder", []),
    ("Protocol No. 11 to the Convention", []),
    ("on 10/24/2024 at the hearing", []),
    ("he was no. 1 in his class, 12/15 of them", []),
    # any number of three or more digits after the name of what it numbers
    ("Officer Kowalczyk, badge number 4471, wrote", ["4471"]),
    ("The case number was BA 392817, in Los Angeles.", ["BA 392817"]),
    ("booking #20931 at the jail", ["20931"]),
    ("under case no. 12CF03456 in Orange County", ["12CF03456"]),
    ("I spent 4471 days in there", []),
    # a licence plate's shape wherever it stands; FBI and CII numbers; a licence number after "license"
    ("I drove a Cutlass, license 2ABC123, registered", ["2ABC123"]),
    ("the car, a 7KJP204 I think", ["7KJP204"]),
    ("Your FBI number is 448812KA3 and your CII number is A09876543.", ["448812KA3", "A09876543"]),
    ("a 2ABCD123 and 12ABC123", []),
    ("my CDCR number is V12345", []),  # the CDCR recognizer's
    ("his badge was 1234 and", ["1234"]),
    ("Esteban Ocampo, Spanish interpreter, badge 20-4471.", ["20-4471"]),
    ("Alameda County Superior Court case number 147732A?", ["147732A"]),
    ("case number SCD20447BA in San Diego", ["SCD20447BA"]),
    ("Butte County case number CR-98-40931. You were", ["CR-98-40931"]),
    ("under case no. 98-F-01234 and docket number 1-04-CR-123456", ["98-F-01234", "1-04-CR-123456"]),
    ("case number VA012345-01 in Pomona", ["VA012345-01"]),
    ("the case number was A-B-C, and a CR-98 form", []),
    ("we talked for 20-30 minutes", []),
    ("a gray Honda with license plate 6KLM204.", ["6KLM204"]),
    ("the plate number was 7ABC123, a Ford", ["7ABC123"]),
    ("Your driver's license was N4471236 then.", ["N4471236"]),
    ("a 115 from 2019, Log No. FB-19-07-0412, for a phone", ["FB-19-07-0412"]),  # a rules violation report's
    ("Then a second petition, JV-01-11253, for auto theft", ["JV-01-11253"]),  # a juvenile petition's, no "number"
    ("He filed a petition in 2019 and a petition under 1172.6.", []),
    ("RVR Log Number 000316522, on Sergeant Quinlivan", ["000316522"]),
    ("the Bakersfield Police Department report, DR number 03-118842. On", ["03-118842"]),
    # a court reporter's or transcriber's certificate number wherever it stands; a transcript's ID after its name
    ("I, MARISOL VANDERHOEK, AAERT No. CET**D-1147, a Certified", ["CET**D-1147"]),
    ("Linda Ferris, CSR No. 12345, Official Reporter", ["12345"]),
    ("Transcript ID: FTC-23-0611-7731", ["FTC-23-0611-7731"]),
    ("the CSR exam in 2019", []),
    ("I kept a log of 2019 and 2020", []),
    # a Social Security number with its dashes needs no name; a phone number's shape is no such number
    ("and the full one is 548-22-6789. Is that right?", ["548-22-6789"]),
    ("call 707-555-0199 or 555-0199", []),
    ("in the probation report, 1998 was the year", []),
    ("the report said 20 people", []),
]
NAME_TABLES[CaseNumberRecognizer] = CASE_NUMBER
PERSON_NAME = [
    ("two jobs at Rodriguez Landscaping. Alejandro was my best friend", ["Alejandro"]),
    ("A witness, Ebony Green, told investigators", ["Ebony Green"]),
    ("I saw Maria Jackson. She left.", ["Maria Jackson"]),
    ("She went to Sandra High School in town", ["Sandra"]),
    ("Hope was my best friend from middle school", []),  # a common word: left to the other tools
    ("I will stay in Paris with May and June", []),
    ("The Christian church on Sunday", []),
    ("The Board of Parole Hearings said so", []),
    ("The day after Thanksgiving. Easter Sunday I was in county.", []),  # a holiday, though a first name
    # a first name that is also a word, before a surname that is none
    ("My wife, Love Castellanos, she works", ["Love Castellanos"]),
    # a word no list knows right after a relative: a first name the census lists do not have
    ("He had jumped my cousin Tavion at the mall", ["Tavion"]),
    ("my cousin Tavion Okonkwo-Bell was there", ["Tavion Okonkwo-Bell"]),
    ("my cousin Fresno was there", []),  # a place after a relative: left to the other tools
    ("upper, in Facility B, Whitley Hall. The hearing officer", ["Whitley"]),  # a building's Hall, no surname
    ("Monica Hall testified at trial.", ["Monica Hall"]),
    # any word set off by commas after a relative's or an acquaintance's word: that person's name
    ("pruno. My celly, Dutch, he made it.", ["Dutch"]),
    ("My homeboy, Irish, was there.", ["Irish"]),
    ("My bunkie, Chino, was Mexican.", ["Chino"]),
    ("My crimey, Smoke.", ["Smoke"]),
    ("My celly, he was Dutch, he made it.", []),  # no apposition: a nationality
    ("The cousin Parenting class", []),
    ("We will Young and", []),  # ... not before a surname that is a word too
    ("I hope Grace Street is", []),
    # any capitalised word after a title, misspelled or common (``Officer Young``)
    ("it says Officer Faerbanks. I believe", ["Faerbanks"]),
    # the whole run of capitalised words after a title, up to a stop word, a month or a firm's head word
    ("by a Turkish national, Mr Oğuz Atakan Köseoğlu (“the applicant”), on", ["Oğuz Atakan Köseoğlu"]),
    ("For the record, Officer Dennis Garcia, G-A-R-C-I-A, is", ["Dennis Garcia"]),
    ("Detective Banks of the Bakersfield Police Department", ["Banks"]),
    ("I went to see Dr. Smith Hospital staff", ["Smith"]),
    ("Then Sgt. Little came in", ["Little"]),
    ("the Officer On duty", []),  # a stop word
    ("Judge May said", []),  # a month
    ("Officer Fresno", []),  # a place
    # a prison's one-word alias where the context makes it the prison, not a first name
    ("I had a 115 for fighting at Sierra in 2010.", []),
    ("So, my uncle did time at Donovan. Growing up", []),
    ("Sierra Jones came to visit me.", ["Sierra Jones"]),
    ("I told Donovan about it.", ["Donovan"]),
    # right after a relative a first name is a name, whatever word or place it also is
    ("Your daughter Crystal writes that she'll pick you up.", ["Crystal"]),
    ("My mom, Faith, passed away in 2009.", ["Faith"]),
    ("my brother Will see you", []),  # a stop word stays one
    ("my sister Hope came every month", ["Hope"]),
    ("Crystal called the police.", []),  # a place and a word: no relative before it
    ("RAYMOND ACOSTA, Victim's Son", []),  # a kin word that a census name has too
]
NAME_TABLES[PersonNameRecognizer] = PERSON_NAME
MONIKER = [
    # a name or nickname right after a naming cue, whatever word it also is
    ('INMATE OKAFOR: I went by "Tiny Loc" back then.', ["Tiny Loc"]),
    ("Everybody knew me as Tiny Loc. He went by Bam-Bam.", ["Tiny Loc", "Bam-Bam"]),
    ('His moniker was "Bam-Bam" because he was big.', ["Bam-Bam"]),
    ("They called him Chato on the block.", ["Chato"]),
    ("A guy known as Droopy. I never knew his real name.", ["Droopy"]),
    ("Also Lil Smokey, a.k.a. Andre Simmons, was there.", ["Andre Simmons"]),
    ("Now they call me Des. Just Des.", ["Des"]),
    ("a guy named Nacho sold it to me", ["Nacho"]),
    ("The victim's name was Hector Reyes.", ["Hector Reyes"]),
    ("my homeboy, he goes by L-Dog, was there", ["L-Dog"]),
    ("his street name was Sleepy And he ran", ["Sleepy"]),
    ("I went by the name Smiley back then", ["Smiley"]),
    ("He lived under the name John Carter for years", ["John Carter"]),
    ("the gang gave you the name Flaco before", ["Flaco"]),  # a name given: a nickname, though a place too
    ("she signed the letters with the nickname Lupita", ["Lupita"]),
    ("a program they call Thinking for a Change", []),  # no naming cue: "call" without a person
    ("a gang known as Sureños, from the south", []),  # a group's name
    ("the town known as Fresno back then", []),  # a place's name
    ("Everybody called him Fresno because of it", ["Fresno"]),  # given to a person: a nickname
    ("your grandmother, who everyone called Big Mama. You", ["Big Mama"]),
    ("my uncle, who we all called Chuy, drove", ["Chuy"]),
    ("the car that we called the Beast", []),
    ("they called him Sergeant after that", []),
    # no name: a place or business one went by, a spelling, a day, a stop word, a program
    ("We went by Taco Bell and then home.", []),
    ("we went by Pomona on the way", []),
    # said of someone ("He went by", "she goes by"): a town abroad of that name is no stop on the way; a known one is
    ("We worked at a nursery. He went by Tank. Everybody called him that.", ["Tank"]),
    ("My aunt? She goes by Tita now.", ["Tita"]),
    ("He went by Fresno on the way home.", []),
    ("I went by Grandma's house first", []),
    ("My name is Y-O-U-N-G, Young.", []),
    ("She called me Monday about it.", []),
    ("they called him The", []),
    ("I called CDCR about it", []),
    ("a program called Celebrate Recovery", []),
]
NAME_TABLES[MonikerRecognizer] = MONIKER
NICKNAMED = [
    # a nickname in quotes between the parts of a name: each part is a name
    ('his crime partner, one Terrell "Tiny" Baptiste, went', ["Terrell", "Tiny", "Baptiste"]),
    ("and José “Chato” Ruiz-Díaz said", ["José", "Chato", "Ruiz-Díaz"]),
    ("a guy, Marcus 'Smoke' Oyelaran, sold it", ["Marcus", "Smoke", "Oyelaran"]),
    ('my cousin Luis "Big Lou" Ortega', ["Luis", "Big Lou", "Ortega"]),
    ('Mr. Al-Masri and Trung "T.J." Le robbed', ["Trung", "T.J.", "Le"]),
    ('it said "A.B.C." on the sign', []),
    # no name: a stop word, a title or a month among the parts
    ('The "Rock" Johnson', []),
    ('He said "Stop" Johnson', []),
    ('I told Mike "Get Out" Right', []),
    ('Officer "Tiny" Baptiste', []),
    ('in June "Last Call" Friday', []),
]
NAME_TABLES[NicknamedRecognizer] = NICKNAMED
ROLL_CALL = [
    # a roll call: each member's surname said twice before the vote, each saying a name
    ("Please call the roll. Okonkwo. Okonkwo. Aye. Brandt. Brandt. No.", ["Okonkwo", "Okonkwo", "Brandt", "Brandt"]),
    ("Marrow? Marrow? Aye. Lindqvist, Lindqvist, Abstain.", ["Marrow", "Marrow", "Lindqvist", "Lindqvist"]),
    ("Al-Sabry. Al-Sabry. Aye. The vote is 6 to 0.", ["Al-Sabry", "Al-Sabry"]),
    # no name: a word said once, a stop word, a role or a title said twice
    ("Correct. Aye.", []),
    ("Yes. Yes. Aye.", []),
    ("Chair. Chair. Aye.", []),
    ("Okay. Okay. No, that is not it.", []),
]
NAME_TABLES[RollCallRecognizer] = ROLL_CALL
STREET_NAME = [
    # a street name's lead word and a given name, no naming cue needed: one name
    ("Quang owed money to my boss, Big Tony, Anthony Vo.", ["Big Tony"]),
    ("I ran with Lil Smokey and Big Mike back then.", ["Lil Smokey", "Big Mike"]),
    ("My homeboy Lil' Creeper had the gun.", ["Lil' Creeper"]),  # after Lil any word
    ("My son Little Joe was born then.", ["Little Joe"]),
    # a given name that is a town's too ("Jerome", Arizona; "Ray"; "Anthony", Kansas)
    ("I named my son after him. Little Jerome is twelve now.", ["Little Jerome"]),
    ("Big Ray drove and Little Anthony sat in back.", ["Big Ray", "Little Anthony"]),
    # no name: a place, a program or a store; a word no given name after an ordinary lead
    ("We went to Big Sur and Little Rock.", []),
    ("He played Little League for two years.", []),
    ("I shopped at Big Lots on Saturday.", []),
    ("We lived in Little Saigon, by Big Bear.", []),
    ("We ate in Little India, then Little China.", []),  # a country's name is no given name after a lead
    ("my Little Creeper and Big Homie", []),
]
NAME_TABLES[StreetNameRecognizer] = STREET_NAME

NAME_ANSWER = [
    # a full name answering a question for the speaker's name, whatever the tags' shape
    ("Ms Harwell: Can you give us your full name, please?\nThe Witness: Yes, it's Derwent Colquhoun.\n",
     ["Derwent Colquhoun"]),
    ("[0:00:45] Speaker B: Please state your full name.\n[0:00:47] Speaker A: I'm Ffion Treharne-Davies.\n",
     ["Ffion Treharne-Davies"]),
    ("00:00:45,120 Speaker 2: Your full name, please.\n00:00:47,400 Speaker 1: Alun Prothero.\n", ["Alun Prothero"]),
    ("Q. Would you state your name for the record?\nA. Tamsin J. Oakeshott, that's right.\n", ["Tamsin J. Oakeshott"]),
    ("MR. LOWE: What is your name?\n\nTHE WITNESS: Sure. Bartholomew Quenby\n", ["Bartholomew Quenby"]),
    # not the speaker's own name, nor an answer that is no name
    ("Ms Harwell: And your mother's name?\nThe Witness: Morwenna Pryce.\n", []),
    ("Ms Harwell: Can you give us your full name?\nThe Witness: Thank You.\n", []),
    ("Ms Harwell: Can you give us your full name?\nThe Witness: Derwent Colquhoun was my father.\n", []),
    ("Ms Harwell: Derwent Colquhoun.\nThe Witness: Yes.\n", []),
]
NAME_TABLES[NameAnswerRecognizer] = NAME_ANSWER
CASES = [
    pytest.param(cls, text, expected, id=f"{cls.__name__}:{text[:40]}")
    for cls, table in NAME_TABLES.items()
    for text, expected in table
]


@pytest.mark.parametrize(("cls", "text", "expected"), CASES)
def test_it_matches_exactly_the_expected_name_spans(cls, text, expected):
    assert spans(cls(), text) == expected


@pytest.mark.parametrize("cls", list(NAME_TABLES))
def test_it_has_positive_and_negative_name_cases(cls):
    table = NAME_TABLES[cls]
    assert any(expected for _, expected in table)
    assert any(not expected for _, expected in table)


def test_it_gives_the_corpus_whitelist_to_the_person_name_recognizer():
    text = "I talked to Sandra Lopez yesterday."
    assert spans(PersonNameRecognizer(), text) == ["Sandra Lopez"]
    assert spans(PersonNameRecognizer(extra_whitelist=("Sandra",)), text) == []

SPEAKS_FOR = [
    # a public comment's speaker named right before the body they speak for (issue 47)
    ("Good afternoon, Marisol Quennell, on behalf of the Eastgate Tenants Union.", ["Marisol Quennell"]),
    ("Members, Brannock on behalf of Lakeview Community College and in support.", ["Brannock"]),
    # no name: a pronoun, a role, a public body, a plain word before "on behalf of"
    ("I'm here on behalf of the association.", []),
    ("Counsel on behalf of the petitioner.", []),
    ("the Department, on behalf of the State", []),
]
NAME_TABLES[SpeaksForRecognizer] = SPEAKS_FOR
SPOKEN_FOR = [
    # the body a witness speaks for, before the position taken on the bill (issue 47, round 34), also in small
    # letters as the truecased copy of a captioner's capitals reads it
    ("Hello, my name is Dana Okafor with Riverbend advocates for youth, and I'm here to express my support.",
     ["Riverbend advocates for youth"]),
    ("Dana Okafor. With Harbor Valley food bank in California and strong support as well.",
     ["Harbor Valley food bank in California"]),
    ("Thank you, Dana Okafor, on behalf of the Quillfeather Alliance of child and family services and support.",
     ["Quillfeather Alliance of child and family services"]),
    ("I'm here on behalf of Ortolan Trust California in support. Thank you.", ["Ortolan Trust California"]),
    ("Members, okafor, on behalf of Riverbend tenants union, or RTU in opposition.", ["Riverbend tenants union, or RTU"]),
    ("Dana Okafor representing Marlow Street Clinic in strong support.", ["Marlow Street Clinic"]),
    # no body: a pronoun's, a public body named by generic words, no position on a bill, no speaker before it
    ("Dana Okafor with my mother in support.", []),
    ("Dana Okafor, on behalf of the Department of Social Services in opposition.", []),
    ("Dana Okafor, on behalf of Riverbend tenants union. Thank you.", []),
    ("I agree with you in support of this.", []),
]
NAME_TABLES[SpokenForRecognizer] = SPOKEN_FOR
