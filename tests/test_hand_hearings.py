"""The whole automatic pass on hearings written by hand in layouts and phrasing no generator has
(``tests/hand/``): a caption box with line numbers and page numbers, a form with the inmate's
surname first and one-line lists of participants, title-case speaker labels, "INCARCERATED
PERSON" tags, an APPEARANCES list with the role before the name, numbers said aloud, Q./A. turns under
running page headers, a recording's lower-case transcript with timestamps, names with particles, letters read
aloud with numbers in many formats, "IN RE:" and "THE INMATE:" tags, the panel's decision read as a narrative,
an interpreter's turns under speaker labels on lines of their own, a risk assessment read from a dot-leader
table under a form-like title page, printed lines wrapped with footers and words broken at hyphens, a recording's
transcript with each speaker's label and timestamp on a line of its own, tags abbreviated to ``PC``, ``DC`` and
``IP``, a scanned hearing whose OCR read ``l`` and ``O`` for ``1`` and ``0`` and ``l`` for ``I``, a victim's
mother's statement with user names online, streets named without their suffix and an office's label on the title
page, a records review with a CDC number written with a space, prison codes in a list of transfers, FBI and CII
numbers, licence plates and names with an apostrophe, a title page printed in two columns over an index and a
list of exhibits with a case number of dashed groups and a crossing of streets, names that are ordinary words
(``King``, ``Little``, ``Hope``, ``Sky``) with a nickname given in a relative clause, a remote hearing's title page
(``APPEARING VIA VIDEOCONFERENCE:``) with Vietnamese, Arabic and Armenian names and initials as nicknames, a
risk assessment's report with a form's fields printed side by side (``NAME: OYELOWO, BABATUNDE A.``, ``DOB:``, ``AGE: 43``, ``EVALUATOR:``), a decision's last numbered pages
followed by pages without line numbers (a certificate, an errata sheet's table with names misspelled and without
their accents, an addendum's list), a disciplinary history with rules violation reports' log numbers and an
examination under ``EXAMINATION BY`` headings with Spanish double surnames and honorifics (``Señora``, ``Doña``),
a police report read into the record (a report's ``DR number``, a block and a house number before a street named
without its suffix, a vehicle's make and model, a name's suffix after a comma), the victim's family's statements
under a form's one-line fields (a nickname, grandchildren, a pastor, a state agency, a town the lists miss), a
hearing of parole plans (an inmate number said with a phonetic letter and its digits one by one, cited cases, a
church named in Spanish, the last digits of a number), a women's prison's hearing under a title page printed as a
form (``COUNSEL:``, the inmate's number beside the name without its label, a name's suffix, a nickname addressed),
relatives sharing a surname with a commissioner and a psychologist sharing another (``Dr. Lee``), an attorney and
a deputy district attorney sharing a surname, a brother going by a short name (``Ty``), a decision read with the
hearing's history (earlier panels, the Governor's reversal and the court case under the inmate's name), a victim
whose mother and brother speak under her surname and an inmate whose father bears his middle name, a gang member's
programming (street names, a moniker said alone, words of endearment, housing units, a cited case, a title page's
unnamed officers), a youth offender's hearing under a caption printed beside the hearing's type with the
panel listed under ``For the Board:`` (a grandfather's village in Jalisco, the Marines, a tire shop named in Spanish,
a holiday's night, a middle name's short form), and a Korean family's hearing through an interpreter (names printed
surname first, a bare number in brackets after the name, an answer after an aside), and a hearing for a peace
officer's death under a title page printed as a form (an alias on it, a father and son named with ``Senior`` and
``Junior``, crime partners with a nickname in quotes, a case's name, an appellate case's number), and an Ethiopian
family's hearing (a name changed, printed as ``formerly known as`` in the caption box, a wife who kept her father's name,
tattoos, a title page's participant whose name was not given), and a Native American family's hearing (surnames of
ordinary words, ``Two Bulls``, ``Running Horse``, a tribe's enrollment number, a cellmate's nickname), and an elderly
parole hearing in a prison hospital (a one-line list wrapped between a role and its name, a nurse practitioner's tag,
medical words in capitals, children's ages in brackets), and a hearing whose transcriber marked spellings
(``[phonetic]``, ``[ph]``, ``[sp?]``) under speaker labels with the role in brackets after the name, and a 1994 Board of
Prison Terms hearing under ``PRISONER`` tags, a Hmong family's hearing beside Samoan, Filipino and Punjabi names, a
hearing of yards, prison slang and numbers, people named like towns with a letter read from its letterhead, two families
whose relatives speak under courtesy titles sharing the inmate's and the victim's surnames, a wife's murder whose
daughters speak under his surname, and support letters from the inmate's family under a title page printed as an
index, a hearing under speaker tags of roles only (``VICTIM'S NEXT OF KIN 2:``, ``SUPPORT PERSON:``) where a
victim's son bears his name with ``Junior`` and a father his son's middle name, an examination under ``BY MS. ...:``
headings with two-word first names and women named by their married names, a couple killed with the husband a
``Jr.`` and the son a ``III``, a crime partner printed surname first and an officer sharing the inmate's surname, and
a decedent's family with a Vietnamese name written both ways and an inmate's father named in answer to a question, a
stepchild's death under speaker tags of roles only (a grandmother named just before her title), clergy
named by their titles (``Pastor``, ``Reverend``, ``Deacon`` of the inmate's father), first names shared by the
victim and the inmate's sister, mother and son told apart by the full name said just before,
and a hearing under running headers printed mid-sentence (dates said every way: ``the 3rd of March``,
``March of '98``, ``Christmas Eve 2003``, ``2004-2007``, ``the spring of 2011``; prisons by their letters and
``Old Folsom``; an inmate number's letters said together, ``AH three three one seven``; code sections with a
subdivision, ``Penal Code 12022(b)``), a decision's pages only with numbered findings and a transcriber's certificate
(an age set off by commas, ``then 17``; a firm's job number), an initial hearing under an exhibit list (docket,
booking, badge, licence and Social Security numbers, a vehicle identification number, a reporter's certificate with
a street of two suffixes), and a women's prison hearing of dates, times and numbers said aloud (``November the
thirtieth, nineteen seventy-nine``, ``ten fifty-two``, ``in '82 or '83``, ``W as in William, F as in Frank``), and a
Q and A hearing under ``BY ...:`` headings with an index (prisons by town, letters and nicknames, ``Echo yard``, a
birthday said as ``the fifth of the fifth``, a Social Security number said aloud, cited law reports), and a
rescission hearing under page and line numbers with a reporter's running footer (a bishop's letter, a bar, a car
named by its model year, ``Low risk.`` after a colon), an en banc review's memorandum (numbered findings, streets
named in Spanish with their house numbers before and after, a mall's house number, a certificate's number), a
lifer's hearing reading a risk assessment at length in quoted paragraphs (``"Identifying information.``, ``In re
Stoneroad``) with the inmate's tag changing from ``INMATE PROCTOR:`` to ``MR. PROCTOR:``, and a Spanish-speaking
victim's family through an interpreter (``MRS. CASTAÑEDA (THROUGH INTERPRETER):``, ``HEARING DATE:`` on a form's
title page) with letters of support read with their addresses, a zip code's four digits and phone numbers, and a
real transcript's look of 25 numbered lines a page whose decision restarts at page 1 (a prior record read as a numbered
list: arrest dates ``03/11/1998``, ``3-11-99``, ``14 July 2000``, booking, docket and case numbers of several courts,
``Health and Safety Code 11350``; Russian names with patronymics, Chinese names surname first, ``Mr. Liu`` of ``Liu
Xiaoming``), a hearing of parole plans under speaker tags in title case (``Incarcerated Person Mahe:``: transitional
housing, a union local, a student ID, phones written ``(650) 555-0132``, ``650.555.0178``, ``4155550199``, ``area code
415, 555-0166``, ``600 The Embarcadero``; Tongan, Ghanaian, Polish, Irish, Arabic and Portuguese names; ``April``,
``Jordan``, ``Madison``, ``Lincoln`` as first names), a mental-health report read aloud under speaker tags on lines of
their own without a colon (``Schizoaffective disorder``, ``Clozapine``, ``PTSD`` stay, doctors go; a form's
``LIFE PRISONER: PAROLE CONSIDERATION HEARING`` heading), and a scan whose OCR read ``|`` for ``I``, ``B`` for ``8``,
``S`` for ``5``, ``0`` for ``O`` and ``rn`` for ``m``, with ligatures (``ﬁ``) and a space before the tag's colon, a
hearing typed in capitals throughout with names that are words (``GRANT MERCER``, ``ROSE CARPENTER``), a Marine's
service and reentry organisations named by plain words (``AMITY FOUNDATION``, ``HOMEBOY INDUSTRIES``), a speech
recognition's transcript without capitals under ``[00:00:02] SPEAKER_00:`` labels with first names and nicknames, a
decision review citing cases (``In re Lawrence (2008) 44 Cal.4th 1181, 1204`` stays, ``People v. Oduya`` of a crime
partner goes) under an outline's headings (``V.  DISCUSSION``), and a juvenile record (a dependency case, foster
parents, group homes, petitions) with interpreters for Tagalog and Punjabi. Also a woman's hearing whose victim's
mother, father and sister speak under courtesy titles (``MRS. HALVORSEN:``, ``Mrs. Halvorsen, Maren, I'm sorry``),
with a nickname given in answer to a question (``He went by Tank.``) and a maiden name gone back to (``I went back to
Pickering``). They are
neither the tuning nor the held-back split; each row is what a person reading the hearing would mask (or keep)."""
from __future__ import annotations

from pathlib import Path

import pytest

from anonymizer.ingest import load

HAND = Path(__file__).parent / "hand"

#: file -> (surfaces every occurrence of which must be masked whole, surfaces that must stay)
EXPECTED = {
    "caption_line_numbers.txt": (
        ["K-58213", "Eleven, nine, seventy-four", "Terrell", "Tiny", "Baptiste", "Reginald Dupree", "Ifeoma",
         "Chukwuemeka", "Adaeze", "3KDF928", "(909) 555-0147", "Rosalind Metcalfe-Obi", "O-K-A-F-O-R"],
        ["BOARD OF PAROLE HEARINGS", "Alternatives to", "Pastor"],
    ),
    "form_title_case_tags.txt": (
        ["A-F-four-four-one-seven", "AF4417", "Thanh Van Nguyen", "Balasubramanian", "Calloway", "Quintanilla-Hart",
         "Bao Quoc Pham", "Kim-Linh", "714-555-0182", "kdinh@hopehouse-oc.org", "9541 Bolsa Avenue", "07/19/2016"],
        ["Presiding Commissioner", "Deputy Commissioner", "Criminals and Gangmembers Anonymous"],
    ),
    "incarcerated_person_tags.txt": (
        ["BF-30952", "BF30952", "June twenty-second", "nineteen sixty-eight", "@hannahw_lodi", "Hannah Whitcomb",
         "Betsy", "Peggy", "VCF042219", "1187 Cherokee Lane", "Tamika Leverett-Jones", "Okonkwo-Bell"],
        ["Facebook", "Instagram", "Case number", "INCARCERATED PERSON", "Beyond Violence"],
    ),
    "appearances_role_first.txt": (
        ["H-71126", "Esteban Ocampo", "OCAMPO", "Ashcroft-Yee", "Villaseñor", "Gail Whitmore-Ng", "20-4471",
         "Our Lady Help of Christians", "Highway 152", "3NXY557", "Harjit Singh Dhaliwal", "Apartment 4C",
         "831-555-0193", "Nacho"],
        ["Interpreter", "INTERPRETER", "CDCR NUMBER", "APPEARANCES"],
    ),
    "spoken_numbers.txt": (
        ["Twenty-two eighteen North Linden Avenue", "Nine oh nine, five five five, oh one four seven",
         "T-dash-four-four-one-nine-two", "kilo dot torres at gmail dot com", "Adebayo-Wright", "Darnell Whitfield",
         "Rigoberto Ochoa", "Ximena", "Jaylen", "two thousand one", "August the ninth", "4471"],
        ["building seven", "PIA crew"],
    ),
    "qa_running_headers.txt": (
        ["SOLEDAD", "AY-22317", "Osei-Boateng", "Ibarra-", "147732A", "Naomi Fairweather", "Carmen Ibarra-Lutz",
         "Kwame", "(510) 555-0162", "2610 Tennyson Road", "Hegenberger Road", "Harpreet Sandhu", "Ludhiana"],
        ["Tell me", "Criminal Behavior Assessment", "Correctional Officer", "Exhibit 4"],
    ),
    "asr_timestamps.txt": (
        ["zamudio-prieto", "quiñones", "G41822", "Ezequiel", "Cheque", "Barragán", "Esperanza", "Rosa Quiñones",
         "forty-four twelve El Dorado Street", "two zero nine, five five five, zero one eight eight", "D-Rock"],
        ["00:00:04", "00:03:10", "Anger Management", "Unidentified Speaker"],
    ),
    "particles_decision.txt": (
        ["JOSÉ MANUEL DE LA CRUZ VILLALOBOS", "P-66104", "San Luis Obispo", "Anneliese van der Hoeven",
         "Teodoro Ruiz de Alarcón", "Danielle St. Clair", "Abdullah bin Rashid Al-Mansouri", "Jesús del Río",
         "María de los Ángeles Balderrama", "Chuy D'Angelo", "3309 Ming Avenue", "Guadalupe de la Cruz de Soto",
         "dstclair@stclairlaw.com", "VAN DER HOEVEN", "de la Cruz"],
        ["Present for the Board", "Spanish interpreter", "prefer Spanish", "Victim Awareness Offender Program"],
    ),
    "letters_formats.txt": (
        ["Amaya, 9", "Jalen, 12", "4/2/79", "04-02-1979", "4-2-79", "C4471902", "4GHT218", "3/14/98", "12/25/2017",
         "Keisha Webb-Turner", "1542 E. Shields Ave., Apt. 7", "559.555.0123", "keisha.turner78@yahoo.com",
         "548-22-5521", "F-20931", "Gus Petrakis", "Leon Amaechi"],
        ["Director", "TABE score is 11.2", "Bridge Program", "Conservation Camp"],
    ),
    "speaker_variants.txt": (
        ["ANTOINE DUPREE BASKERVILLE", "D-38815", "LANCASTER", "Tyreesha", "Little Kev", "Baby Loc", "Booker",
         "Shante", "Rosedale Cemetery", "B-A-S-K-E-R-V-I-L-L-E", "MARY LOU SANDERS", "the 2nd of August, 1976"],
        ["IN RE", "THE INMATE", "Youth Offender Program", "Penal Code 3051", "Whereupon, a recess was taken"],
    ),
    "decision_narrative.txt": (
        ["HUMBERTO \"BETO\" MARTINEZ-GARCIA", "J-27764", "SOLEDAD", "twenty", "Spooky", "Dolores Fitzsimmons",
         "Caitlin", "Consuelo Garcia de Martinez", "11-3-98", "6/17/2003", "Tuiasosopo", "27 Natividad Road",
         "Bettencourt Landscaping", "Martinez-"],
        ["DECISION", "Alternatives to Violence", "disciplinary free"],
    ),
    "interpreter_turns.txt": (
        ["F-20719", "REFUGIO SANTIAGO ALVARADO", "Ana Lucía Ferrer", "Tlaquepaque", "T-L-A-Q-U-E-P-A-Q-U-E",
         "Avenue 7 1/2", "33 3614 2270", "Casa de la Esperanza", "1530 West 18th Street", "gmontoya.mendota@yahoo.com",
         "Itzel", "El Guero", "Chayo", "VICTOR MONTOYA JR", "Victorcito", "Mendota", "Firebaugh"],
        ["Alcoholics Anonymous", "Celebrate Recovery", "Immigration and Customs Enforcement", "THE INTERPRETER",
         "PROCEEDINGS"],
    ),
    "risk_assessment_table.txt": (
        ["TREMBLAY-OKAFOR, DESHAWN L", "AK-5530", "12/02/1985", "Harriet Nwachukwu-Pryce", "Odessa Tremblay",
         "Chidi Okafor", "2219", "Tink", "F04905512", "000481207", "Lorna Tremblay-Hughes", "559-555-0134",
         "Kings Canyon", "Clarice Abernathy", "Arvid Lindqvist", "Lorraine Pettibone"],
        ["Esq.", "Ph.D.", "Prior CRA", "Overall risk", "Log No.", "HCR-20", "PCL-R", "Comprehensive Risk Assessment",
         "Guiding Rage into Power", "12022.53"],
    ),
    "wrapped_footers.txt": (
        ["MATTHIAS OYELARAN-BECK", "SIOBHAN\nMCALLISTER", "J-44090", "Bartho-\nlomew", "559-555-\n0177",
         "Rudolph \"Rudy\" Esquibel", "Mohinder Singh\nGrewal", "Arnulfo Reyes-Bocanegra", "Ngozi\nAdeyemi-Clarke",
         "1148 North\nIrwin Street", "93230", "Jalandhar", "Gurpreet Grewal", "Yesenia", "Hanford"],
        ["Offender Mentor Certification Program", "repre-\nsentative", "Inmate Ward Labor", "two correctional officers"],
    ),
    "speaker_timestamp_lines.txt": (
        ["Siqueiros", "Faulkner", "Oyelaran", "Tunde", "Brenneman", "Marcus Delano Whitley-Boyd", "BK-71392", "Ione",
         "Dre-Loc", "Ernestine Boyd", "418 Louisiana Street", "707-555-0148", "Loretta Pettway", "Hollis Grant",
         "Country Club Crest", "CSP-Solano", "Keisha"],
        ["0:00:04", "0:07:11", "Alternatives to Violence Project", "Unidentified speaker", "SHU", "C-Yard"],
    ),
    "abbreviated_tags.txt": (
        ["GLORIA JEAN HARLAN", "GLORIA JEAN TEMPLETON", "W-93318", "INGA LUNDGREN", "CHIDINMA OKORO", "WINSTON PRICE",
         "Taft", "9/30/1955", "Earl Wayne Harlan", "Panorama Drive", "BF-052761A", "Darlene Pruitt", "nine", "six",
         "Oildale", "Kaden", "twenty", "Maureen Calloway", "Anjali Raghavan", "D4471938", "Arvin",
         "2207 Fairhaven Drive", "93304", "Lyle"],
        ["PC ", "DC ", "IP ", "ATTY.", "VNOK", "Lifer Mentor", "PIA flag shop", "elderly parole hearing"],
    ),
    "ocr_scanned.txt": (
        ["E-6O418", "LEVAR ANTHONY PRUlTT", "PRUlTT", "APRlL 11, 2O17", "ELlZABETH KOWALSKl", "KOWALSKl",
         "DOMlNlC FERRANTE", "3/l4/l97l", "K-O-W-A-L-S-K-l", "June 2, l996", "l9", "Tolliver", "Graciela Ruelas",
         "(66l) 555-0l92", "l4O7 Brundage Lane", "933O4", "l997", "2Ol4", "ll/3/2Ol6", "Anneke Vos-Ramirez", "2OO9",
         "Tamara Pruitt", "2O4 Oleander Avenue", "66l-555-Ol38", "Oyelowo", "Levar Toussaint", "BK-44l9O27"],
        ["PRESlDlNG COMMlSSlONER", "lnmate", "CORRECTlONAL OFFlCER", "BOARD OF PAROLE HEARlNGS", "Comprehensive Risk Assessment"],
    ),
    "victim_impact_online.txt": (
        ["RODERICK JAMAL TISDALE", "AN-8821", "Yolanda Alvarado-Webb", "Chukwudi Ekwueme", "Charmaine Holloway",
         "Tyrell Holloway", "Lupe Barraza", "October 9th", "B-A-R-R-A-Z-A", "Desiree", "Marcus Oduya", "Nevaeh",
         "Clovis West", "DezzyTruth559", "North Cedar", "tisdale_nation_4life", "8FRV331", "Lil Shadow", "Herndon",
         "Desiree Holloway", "Roosevelt High", "Oduya", "Loretta Tisdale", "Reedley", "Manning Avenue",
         "rodtisdale.official", "Shonda", "Shields", "Maroa", "Kevo", "Kevin Dimas", "Popeye", "Ashlan",
         "Henrietta Vasquez-Nordlund", "Keyonna", "Shonda Gilliam", "Pettigrew"],
        ["District Attorney's Office", "Victim Services Representative", "Facebook", "TikTok", "Instagram",
         "Office of Victim and Survivor Rights and Services", "Inmate Leisure Time Activity Group", "gang unit"],
    ),
    "records_transfers.txt": (
        ["DESMOND LAMAR WHITTAKER", "E 72215", "Correctional Training Facility", "Soledad", "Bartholomew Quist",
         "Renata Szymanska-Obi", "Y-40277", "SQ", "CMC East", "LAC", "CCI Tehachapi", "KVSP", "Desmond Whitacre",
         "552190RB4", "A11942087", "De'Shawn Merriweather", "Ja'Nae Pickett", "3MZK881", "D'Andre Tillman",
         "Latrice Whittaker-Boone", "831-555-0100 ext. 312", "Rios Brothers Tree Service", "Efrain Rios", "6RTE530",
         "Sahotas", "Harjot", "Amani", "Hartnell"],
        ["INSTITUTION", "DATE", "COMMISSIONERS", "Presiding Commissioner", "FBI number", "CII printout",
         "Victim Services"],
    ),
    "two_column_index.txt": (
        ["V-81453", "TOUA XIONG", "SHARON PRICE", "DAVID SNOW", "GLORIA ABERCROMBIE-TAN", "WINSTON GAY", "PANG VANG",
         "ANI HOVSEPIAN", "Thomas O'Halloran", "Mai Yer Thao", "P.O. Box 1089", "95640", "CR-98-40931", "Kou Vang",
         "Dale Wolf", "Nhia Lee", "Cheng Moua", "Youa", "Fue's Auto Repair", "530-555-0188", "Bernice Okafor-Lindahl",
         "Oroville", "Lincoln Boulevard", "Christmas Eve of 2011", "Hmong New Year", "20417", "I-O-N-G", "Xiong"],
        ["PAGE", "Honda", "Accord", "Hmong interpreter", "Interpreter (Hmong)", "Criminals and Gangmembers Anonymous",
         "Project Rebound", "Examination by Presiding Commissioner"],
    ),
    "common_word_names.txt": (
        ["F-44907", "LAMAR DESHAWN KING", "CAROLYN GRANT", "PETER LONG", "DENISE RIVERS", "MARCUS BANKS", "JOY LITTLE",
         "Faith", "Sunset Garden Apartments", "Fourth and Market", "Terrance Hunter", "Hunter", "Summer King", "Big Mama",
         "McClymonds High School", "Story", "Young", "Patience Price", "1520 Adeline Street", "Oakland 94607",
         "(510) 555-0144", "Freeman's Auto Body", "Skyline High", "Dante", "Autumn", "Sky", "Chase", "Baby Boy",
         "Jan. 15th, '09", "King", "San Jose State", "Highland Hospital"],
        ["Chevy Impala", "sweet potato pie", "Presiding Commissioner", "Every Christmas", "Bible study"],
    ),
    "video_conference.txt": (
        ["BH-2719", "ABDUL-RAHMAN AL-MASRI", "Mary-Kate Hovhannisyan", "Jean-Pierre Farahani", "Leticia Mae Obuya",
         "lobuya@obuyalaw.com", "Tran Thi Mai", "A.J. Alvarado", "Nguyen Van Thanh", "A.R.", "T.J.", "Trung",
         "Tran Van Binh", "Kareem bin Yusuf", "Mahmoud Al-Masri", "Samira", "Yasmin", "Omar Haddad", "Zhou",
         "Lindqvist-Oyelaran", "Rashid Suleiman", "Pham Thi Lan", "Garden Grove", "Brookhurst Street",
         "San Quentin Rehabilitation Center", "Thursday, August 4, 2022", "December 2nd, 1996", "the 17th of March, 2022",
         "O-B-U-Y-A", "Alexandria", "Da Nang", "HOVHANNISYAN", "TRAN"],
        ["videoconference", "Victim Offender Education Group", "Comprehensive Risk Assessment", "Audio drops",
         "Whereupon", "Commissioner in Training", "Victim Support Person"],
    ),
    "risk_report_fields.txt": (
        ["OYELOWO, BABATUNDE A", "AY3381", "04-11-1979", "43", "CSP-SAC", "2/9/2023", "Priyanka Raghunathan",
         "Kristin Vaughn-Ito", "6/30/1999", "Leonard Pfeiffer", "Adewale Bankole", "Lagos", "Folake Oyelowo",
         'Gerald "Butch" McAllister', "Kehinde", "83rd Avenue", "Castlemont High School", "Tobi", "3/3/1998",
         "Latrice Moody", "Grace Adeyemi", "Eastmont Mall", "Camp Sweeney", "139452", "Andre Dukes",
         "Golden Dragon Liquor", "International Boulevard", "Ramon Ybarra", "Sean M. Fitzgerald", "Oyelowo",
         "Alta Bates", "Pfeiffer"],
        ["NAME:", "DOB:", "AGE:", "HEARING TYPE", "DATE OF INTERVIEW", "EVALUATOR", "Forensic Psychologist",
         "HCR-20 V3", "Static-99R", "A.A. degree", "Sgt."],
    ),
    "errata_certificate.txt": (
        ["VANTERPOOL", "Echeverría-Luna", "ECHEVERRIA-LUNA", "Noemí", "Saldívar", "Noemi Saldivar", "Flaco", "Flacko",
         "Thalheimer Rose", "Thalheimer-Ross", "Rufina Saldivar", "Graciela Echeverría", "Iglesia Cristiana Roca Viva",
         "BERNADETTE OKAFOR-LINDQVIST", "Bernadette Okafor-Lindqvist", "P-40875", "3820 Bradshaw Road, Suite 140",
         "95827", "Thomas J. Whitcombe", "Marisela Quintero-Boyd", "opinedo@rocaviva.org", "Fairbanks-Cho",
         "Ortega Family Tire & Brake", "11/18/2021", "CET**D-1147"],
        ["CERTIFICATE OF TRANSCRIPTION", "ERRATA SHEET", "Certified Electronic Transcriber", "AAERT", "Attn",
         "Director", "Victim Services Unit",
         "DOCUMENTS RECEIVED AFTER THE HEARING", "comprehensive risk"],
    ),
    "disciplinary_examination.txt": (
        ["MAURICIO IGNACIO VILLARREAL BUSTAMANTE", "K-91406", "FB-19-07-0412", "000316522", "Octavio Larrañaga",
         "Okonjo", "Twomey", "Quinlivan", "Haugland", "Zamora", "Michoacán", "Delano", "Eusebia Bustamante",
         "Cecil Avenue", "Arnulfo Villarreal", "McFarland", "411 Sherwood Avenue", "Villarreal e Hijos Welding",
         "Jesús Ortiz Mendívil", "Chuy", "Wasco", "Tomás Ibáñez Quiroga", "Rigoberto Ibáñez", "Garces Highway",
         "Lacroix-Pardo", "IBÁÑEZ QUIROGA", "Yareli", "August 20th, 2005"],
        ["Log No.", "RVR Log Number", "Señora", "Doña", "EXAMINATION BY", "Objection. Leading.", "128-A counseling chrono",
         "Victim Services", "disciplinary history"],
    ),
    "police_report_read.txt": (
        ["DWAYNE ELLISON FAIRCLOTH", "T-55190", "03-118842", "1400 block of East Belmont Avenue", "1422 East Belmont",
         "D. Kim", "1187", "T.R. Vasquez-Hale", "Leroy Hutchins, Jr", "Odalys Fernández-Pike", "4MNP207",
         "Gwendolyn Achebe-Strand", "3015 Pacheco Road", "9-22-1984", "D'Marcus Whitlow", "Little Bit", "Tavion",
         "Bernice Hutchins", "03-01742", "Rashida Ellery", "Tillotson", "Braddock", "Lavonne Faircloth-Gibbs",
         "712 Monitor Street, Apartment 3", "661-555-0174", "Gibbs & Sons Hauling", "Curtis", "Kern Medical Center",
         "Hall Ambulance"],
        ["Chevy Tahoe", "DR number", "Offender Mentor Certification Program", "black male adult", "laudatory chrono",
         "P R O C E E D I N G S"],
    ),
    "family_statements.txt": (
        ["PRENTICE, JEROME WALLACE", "E-77302", "Yvette Castellano-Brandt", "Hollis Ng", "Marguerite Solano",
         "Denise Solano-Reed", "Alonzo Tibbs", "Rochelle Ann Solano", "Shelly", "May 12th, 1985", "St. Agnes",
         "Fresno City College", "Blackstone and Shaw", "Tollhouse Road", "Clovis", "Kiana Broussard", "Academy Avenue",
         "Malik", "Cal Fire", "Prather", "Ernesto", "Belmont Memorial Park", "Okamura", "Jaylen", "Brianna", "Bri",
         "Rochelle", "Hoover High", "Greater New Hope Missionary Baptist Church", "Fresno Street", "thirty-nine",
         "twenty-three"],
        ["Office of Victim and Survivor Rights and Services", "firefighter", "Reverend", "(mother)", "VICTIM NOK",
         "COMMISSIONERS"],
    ),
    "parole_plans_phonetic.txt": (
        ["LUIS ALBERTO HERNANDEZ-QUIROGA", "V-81204", "V as in Victor, 8-1-2-0-4", "Luis Hernandez-Quiroga",
         "Roberta De La Cruz", "Szczepanski", "Vanderhoeven", "Okafor-Lund", "the 2nd of February, 1971", "forty-eight",
         "Anand Raghavachari", "Atascadero State Hospital", "Efraín Montoya", "Iglesia Cristiana Roca de Salvación",
         "Montoya Janitorial", "(951) 555-0118", "Graciela", "Corona", "N4471902", "6613", "Sleepy", "Huero",
         "Jesús Ortega", "FVA-01843", "Harbans Kaur Sandhu", "Tomás Whitcomb", "Dorothy Whitcomb", "Kaylee",
         "Cypress Street", "Jurupa Hills Park", "Fontana"],
        ["In re Lawrence", "In re Shaputis", "Penal Code section 3041", "Zoloft", "PTSD", "Triple CMS", "(phonetic)",
         "[indiscernible]", "Whereupon, a recess was taken"],
    ),
    "womens_prison_custody.txt": (
        ["ROSALIND MAE TRUJILLO-BAPTISTE", "W-40817", "KATHLEEN ROSENBLATT-YU", "MARISOL ECHEVARRIA-DUNN",
         "GRANT PELLETIER", "LATOYA SIMMS", "Roz", "Peaches", "12-24-03", "Nickerson Gardens", "Dominic",
         "Imelda Fortunato-Reyes", "Curtis Ambrose Pettway Jr", "C-Money", "03-00417-J", "Huong Tran-Whitaker",
         "Thanksgiving 2003", "the 14th of December", "Jazmine", "Elijah", "eighteen months old", "Compton",
         "X-22190", "Lynwood", "1450 North Towne Avenue", "www.houseofruth.org", 'Bernadette "Bunny" Kowalczyk',
         "626-555-0193", "Holt Boulevard", "Nana Toy", "Rosedale Cemetery", "Pomona", "Walden House"],
        ["Lifer Mentor", "CALPIA dental lab", "HEARING DATE", "PRESIDING COMMISSIONER",
         "VICTIM'S NEXT OF KIN", "Prototypes parenting class", "Sheriff's deputies"],
    ),
    "shared_surnames.txt": (
        ["MARCUS ANTONIO DELGADO", "K-20931", "JENNIFER LEE", "Samuel Lee", "Raymond Delgado", "Ray", "Esther Delgado",
         "Antonio Delgado Sr.", "Hope Alvarez", "Gloria Alvarez", "Ernesto", "Maria Ochoa", "Maria Sandoval",
         "Natividad Road", "Gonzales", "Corcoran", "PARK-HOLLOWAY", "Monterey County"],
        ["Presiding Commissioner", "No relation"],
    ),
    "family_names.txt": (
        ["DESHAWN TERRELL MOORE", "AD-4471", "KEVIN O'BRIEN", "ANGELA MOORE-WASHINGTON", "PATRICIA NGUYEN",
         "THOMAS NGUYEN", "Lisa Mitchell", "Karen", "David", "Gwendolyn Moore", "Tyrone Moore", "Ty", "Marcus",
         "Planz Road", "Tanya Brooks", "Harold Mitchell", "Bakersfield", "Kern County", "forty-one"],
        ["No relation", "Deputy Commissioner", "baby sister"],
    ),
    "decision_history.txt": (
        ["Reginald Ochoa-Baptiste", "Ochoa-Baptiste", "T-30418", "Vandermolen", "Teixeira", "71-year-old",
         "Evangeline Mabry", "Lassen Way", "Yuba City", "April 9th, 1994", "Dontae Whitsett", "Jamal Mabry",
         "18 years and four months old", "Sutter County", "Wilhelmina Achterberg-Osei", "January 14th, 2023",
         "Anselm Kowalik", "St. Isidore's", "Lindqvist", "Yuba College", "ABERNATHY-CRUZ"],
        ["Comprehensive Risk Assessment", "Court of Appeal", "Governor", "Good luck", "three-year denial",
         "welding certificate", "Deputy Commissioner"],
    ),
    "victim_family_surnames.txt": (
        ["JAMES EARL PRUITT", "E-55120", "LINDA OSTROWSKI", "ROSA ALVAREZ", "Hope Alvarez", "Alvarez", "Hope",
         "Danny", "Earl Pruitt", "Earl", "Calvin Pruitt", "nineteen", "seventy", "Salinas"],
        ["Victim's Mother", "little sister", "PROCEEDINGS"],
    ),
    "street_names_programs.txt": (
        ["BH-2290", "BH2290", "SPOOKY", "Spooky", "Little Creeper", "Jesse Camarena", "Big Tony", "Anthony Vo",
         "Lil Smokey", "Big Mike", "Lucky", "Arturo De La Cruz", "Whittier Boulevard", "Boyle Heights", "11/14/1979",
         "Marisela Ibarra", "1127 North Soto Street", "(323) 555-0148", "Consuelo Luna", "Pico Rivera", "Ernesto",
         "Okafor", "Hollis Grayson", "Greg", "22nd of July, 1999"],
        ["CORRECTIONAL OFFICER(S) UNIDENTIFIED", "Facility C, Building 4", "Mijo", "Ask", "Alcoholics Anonymous",
         "Criminal Gangs Anonymous", "Cal.4th", "Offender Mentor Certification Program", "on or about"],
    ),
    "youth_military_immigration.txt": (
        ["AT-4408", "JOSÉ GUADALUPE MENDIVIL", "Kathleen Szymanski-Ortiz", "Ravi Venkataraman", "Hyun-woo Baek",
         "Delphine Mendivil", "Kenji Takahashi", "Halloween night, 1998", "Tepatitlán", "Rigoberto", "Gladys Pruitt",
         "Cipriano", "Llantera Mendivil", "52 33 3615 8842", "Tomasz Wierzbicki", "Beto", "Zapopan", "Abernathy-Quist",
         "Emiko Takahashi", "Sunrise Market", "10814 Habecker Road", "661-555-0133", "Lupe", "seventeen", "Itzel"],
        ["YOUTH OFFENDER PAROLE HEARING", "ELDERLY PAROLE: NOT ELIGIBLE", "BOARD OF PAROLE HEARINGS", "For the Board",
         "Parole Consideration Hearing", "Korean interpreter", "CALPIA", "Recess taken"],
    ),
    "korean_family_interpreter.txt": (
        ["PARK SOO-JIN", "W-91207", "Chang Min-ho", "Lee Ha-eun", "Wallace Ebbesen", "Lee Jae-sung", "Jae-sung", "Busan",
         "Olympic Cleaners", "Catalina Street", "Ha-eun", "Fifty-eight", "Park Mi-kyung", "Mi-kyung", "Choi Dong-hyun",
         "Seoul Garden", "Lee Soon-ja", "Daejeon", "Yolanda Marchetti", "09-2017733", "4/18/2022", "Hwang"],
        ["Beyond Violence", "TABE", "Chuseok", "OTHERS", "Through interpreter", "Interpreter (Korean)"],
    ),
    "officer_victim_codefendants.txt": (
        ["Darnell Lamar Hollingsworth", "Boo", "D-44871", "Beatrice Fairchild-Nwosu", "Tobias Ekwueme",
         "Harlan J. Pettibone", "Rosalind Achebe-Morrow", "Patrick Doyle Jr.", "Maureen Doyle", "Patrick Doyle Junior",
         "Patrick Doyle Senior", "14207", "August 12th, 1987", "A-098114", "Wendell Strickland", "K-Dog", "Sutton",
         "Tremaine Mabry", "B031977", "Vermont and 88th", "Renfro", "Tito", "Odessa Hollingsworth", "(310) 555-0199",
         "West 104th Street", "Siobhan", "Torrance", "twenty-two years old", "fifty-six"],
        ["People v.", "Court of Appeal", "Alternatives to Violence", "Marsy's Law", "Operator", "Level IV"],
    ),
    "name_change_tattoos.txt": (
        ["K-77314", "SAMUEL TESFAYE", "SAMUEL GEBREMEDHIN", "ANAHIT HAKOBYAN", "LEVI BRANDT-OKAFOR", "WINONA SHAKESPEARE",
         "ABEBA WOLDEMARIAM", "Samuel Gebremedhin", "Addis Ababa", "4-7-61", "six foot two", "Lil Abeba",
         "Yonas Woldemariam", "March 9th, '89", "Blue Nile", "Lion of Judah Cab Company", "1TMZ442", "Dawit Alemu",
         "Marquez-Thornbury", "Ferreira-Lind", "Selam Tesfaye", "Grossmont College", "twenty-one", "twenty-six"],
        ["CHAPLAIN (NAME NOT GIVEN)", "Vocational Electronics", "TENTH HEARING", "In our culture"],
    ),
    "tribal_names_risk.txt": (
        ["G-50913", "JOSEPH TWO BULLS", "Two Bulls", "CASSIDY LITTLE HAWK", "MARIE RUNNING HORSE", "RUSSELL STANDING ELK",
         "Hoopa Valley Tribe", "HVT-20887", "Weitchpec", "Evelyn Two Bulls", "Dustin Running Horse", "Running Horse",
         "the 4th of July, 2006", "Okonkwo-Baptiste", "9/14/2022", "Little Bear", "Anthony Lopez",
         "Winter Running Horse", "United Indian Health Services", "Pine Creek Road", "Roland Sky Eagle", "Standing Elk"],
        ["Comprehensive Risk Assessment", "sweat lodge", "Facility B", "Your cellie", "Spiritual Circle"],
    ),
    "elderly_medical_parole.txt": (
        ["C-18806", "WILLIE JAMES PATTERSON", "01/22/1948", "Ingrid Solvang-Moore", "Arturo Bañuelos-Kim",
         "Felicia Drummond-Oyelowo", "Tamsin Greaves", "Rohit Deshpande", "seventy-five years old", "Albrecht",
         "Gloria Greaves", "Pittsburg", "Railroad Avenue", "Lone Tree Way", "Marcus Bell", "Jaylen", "(12)", "Aaliyah",
         "(9)", "925-555-0172", "Golden Years Care Home", "Oyinlola Adebayo", "215 Sand Creek Road", "Dennis Greaves",
         "Boise", "Keisha Bell"],
        ["COPD", "Nurse Practitioner", "hearing aid", "PENAL CODE 3055", "Social Security", "NP"],
    ),
    "phonetic_markers_labels.txt": (
        ["MARCUS ANTHONY DELVECCHIO-REYES", "AE-6120", "Henrietta Vos", "Callum O'Rourke-Adeyemi",
         "Priscilla Nakamura-Hale", "Rubén Echeverría", "Allied Verbatim Reporting", "Lionel Hart", "Teodoro Quispe",
         "Alisal Street", "Teo", "Cusco", "Wilber Huamán", "Graciela", "1408 East Market", "Bartolomé Ccori",
         "Lindqvist", "11/2/2021", "Ignatius Obi-Warren", "Iglesia Nueva Vida", "Greenfield", "Lupita"],
        ["[phonetic]", "[ph]", "[sp?]", "[Indiscernible]", "[Crosstalk]", "Chrono", "(PRESIDING)", "(INMATE)"],
    ),
    "prison_terms_prisoner_tags.txt": (
        ["WENDELL RAY PRUITT", "D-40718", "D as in David, 40718", "P-R-U-I-T-T", "ROSS KOENIG", "ADELE FONTAINE-BRISCOE",
         "GORDON MASTERSON", "LUCILLE VANTERPOOL", "the 19th of October, '94", "Texarkana", "Oildale",
         "East Bakersfield High", "Hollis Dabney", "Odessa Mae", 'Dwayne "Peanut" Tolliver', "Ignacio Barajas",
         "Consuelo", "Niles Street", "Charlene Hightower", "Delano", "4-18-93", "Szymanski", "Loretta Gaines",
         "2214 Brundage Lane", "Gaines Tire and Brake", "Cleveland Gaines", "Cleve", "Miriam Eckhart-Sato",
         "Rogelio Barajas", "Michoacán", "BEVERLY ANNE KITTREDGE", "Kern County"],
        ["BOARD OF PRISON TERMS", "GAF", "Probation", "PRISONER", "Prisoner", "R E C E S S", "chow hall", "two 128s"],
    ),
    "hmong_samoan_filipino_names.txt": (
        ["TOUA CHER XIONG", "AN-55184", "Kimberly Ashworth-Tate", "Ernesto Villalpando", "Sione Tuiasosopo",
         "Ma. Cristina Dimaculangan", "Pa Nhia Vang", "Gurpreet Kaur Sandhu", "P-A, N-H-I-A, V-A-N-G", "Ban Vinai",
         "Merced", "Meadowview", "Chue Xiong", "Mai Nou Her", "Her", "Kou", "Tou Pheng", "T.P.", "Yer",
         "Harjinder Singh Sandhu", "Lue Vang", "Lil Smokes", "Phong Lor", "07-061187", "2007-004431", "07F02218",
         "T.J. Fa'alogo", "7421 Windbridge Drive", "Xiong Family Farms", "Sanger", "916-555-0148", "Wat Lao Buddhavong",
         "Elk Grove", "Nou Yang", "Malakai Fonoti", "Xay Her", "Amandeep", "Balwinder", "Surinder Kaur", "Florin Road",
         "Rhiannon Pettibone-Kerr"],
        ["her clan name", "Everyone calls her", "(Through interpreter)", "PIA optical lab", "Three", "GED"],
    ),
    "yards_slang_numbers.txt": (
        ["DESHAWN ELIJAH McCRAY", "T-88412", "PATRICIA OYELARAN-BLAKE", "THEODORE NAKASHIMA", "FRANCINE DELACROIX-WEBB",
         "ROGER TALBOT-AMES", "MARVA McCRAY", "North Kern", "San Quentin", "Corcoran", "New Folsom", "Ironwood", "PVSP",
         "Bianchi", "Mendez-Ortiz", "Pak", "Tyrell Anthony McCray", "West Fresno", "Kearney Park", "two in the morning",
         "California and Elm", "Lil Tee", "Terrance Sykes", "4MCK227", "Ernestine Boyd", "Belgravia Avenue", "4471",
         "Cash Express", "Blackstone", "Ferraro", "Holloway", "Deshawn Junior, DJ", "Kiana Rollins", "559-555-0132",
         "Big Ron", "Ron Whitlock", "Castellanos", "310 G Street", "Lorraine Boyd-Harris",
         "4410 East Tulare Avenue, Apartment 12B", "P.O. Box 2288", "93745", "2004-117733", "Edison High", "Lamont"],
        ["Life Term", "Facility B", "3 Yard", "Victim Offender Education Group", "Alcoholics Anonymous",
         "Offender Mentor Certification Program", "Prison Industry Authority", "Victim Services", "HVAC", "128-B"],
    ),
    "place_named_people_letters.txt": (
        ["DALLAS WAYNE HOLLOWAY", "V-31907", "Marisol Ybarra-Quan", "Everett Lindgren", "Carolina Brandt", "Jackson Mbatha",
         "Dallas", "Savannah", "Sydney", "Houston", "Austin Tyler", "Riverside City College", "Denver", "Georgia Pruett",
         "Moreno Valley", "Paradise Lounge", "Magnolia Avenue", "Phoenix", "Chelsea Vinter", "Madison",
         "Florence, Arizona", "Lincoln Holloway", "Tucson", "Greater Mount Zion A.M.E. Church",
         "1500 Martin Luther King Jr. Way", "94612", "(510) 555-0199", "www.greatermountzionoakland.org",
         "Aloysius Mbeki", "Raleigh Odom", "Odom's Auto Detailing", "Perris", "raleigh.odom@odomsdetail.com",
         "Virginia Holloway-Sparks", "Eugene, Oregon", "Ginny", "Esperanza Alvarado", "Orlando"],
        ["Anger Management", "Criminal Gang Members Anonymous", "Dear Commissioners", "Sincerely", "Senior Pastor",
         "Kairos Prison Ministry", "3-year denial"],
    ),
    "two_families_same_tags.txt": (
        ["RAYMOND ESTEBAN CASTILLO", "F-17733", "Gwendolyn Strickland-Ortega", "Sunil Ramaswamy", "Harriet Abernathy-Lowe",
         "Colm Fitzgerald", "Eduardo Castillo", "Thuy Pham", "Kevin Pham", "Lorena Pham", "CASTILLO", "PHAM",
         "Lacey Boulevard", "Hanford", "Esteban Castillo", "Lemoore", "Ray", "Pham Van Long", "Kings County"],
        ["Welcome to you both", "Support Person", "Victim's Next of Kin", "Through Vietnamese interpreter"],
    ),
    "spouse_victim_daughter_speaks.txt": (
        ["JOSÉ ANTONIO GUTIÉRREZ", "K-60214", "RUTH ANN OKONJO", "DOUGLAS FAIRBANKS-YEE", "MEREDITH CALLOWAY",
         "ANA GUTIÉRREZ", "SOFÍA GUTIÉRREZ-MEJÍA", "PATRICK O'SHEA", "María Elena Gutiérrez", "Curtis Street", "Richmond",
         "Mejía", "San Pablo", "Héctor Villanueva", "Doctors Medical Center", "05-RO-11842", "Whitfield",
         "Antonio Gutiérrez", "Carmen Mejía", "Rafael", "Contra Costa"],
        ["Victim Services", "batterers' program", "Victim's Daughter", "restraining order"],
    ),
    "support_letters_family.txt": (
        ["TERRENCE LAMAR WASHINGTON", "AT-4419", "Beatriz Salazar-Henning", "Owen Pritchard", "Lydia Kowalczyk",
         "Denise Holt", "Monique Holt", "Gloria Washington", "9117 South Western Avenue", "Darnell Washington",
         "True Vine Baptist Church", "Keisha Washington-Boyd", "Cedars-Sinai", "Jaylen", "Amari", "Reginald Holt",
         "Reggie", "Crenshaw Swap Meet", "Harbor-UCLA", "Marcus Washington", "Southwest College", "Reginald Junior",
         "Long Beach"],
        ["Presiding Commissioner ....", "Victim's Mother", "PARTICIPANTS", "two hundred dollars"],
    ),
    "role_tags_kin_titles.txt": (
        ["HECTOR MANUEL VARGAS", "AC-55102", "KATHLEEN O'DONNELL-REYES", "Pearl Tolliver", "Michael Tolliver Junior",
         "Rodolfo Vargas", "Rudy", "Ruben Vargas", "Sunrise Liquor", "Mooney Boulevard", "Visalia", "Big Mike",
         "Little Mike", "Guadalupe Vargas", "Lupe", "Manuel", "Malik Shabazz", "Atascadero", "Tanya Greer", "Tanya",
         "Otis", "Kaweah River", "Tulare County", "Fresno"],
        ["VICTIM'S NEXT OF KIN 1", "SUPPORT PERSON", "Uncle", "Grandma", "Brother", "Miss", "victim awareness class",
         "Two victim's next of kin", "life without"],
    ),
    "double_names_examination.txt": (
        ["BILLY RAY HUTCHINS", "D-41877", "Billy Ray", "Junebug", "Angela Ruiz-Carter", "Ruiz-Carter", "Redding",
         "Hilltop Drive", "Mary Ellen Hutchins", "Mary Ellen Pruett", "Dale Hutchins", "Lake Boulevard",
         "Mercy Medical Center", "Gloria Hutchins", "Anderson", "Earl Whitlock", "Tammy Sue Hutchins",
         "Tammy Sue Lowry", "Curtis Bell", "Angie", "Tomas Ruiz", "Mia", "H-U-T-C-H-I-N-S", "Shasta County"],
        ["EXAMINATION", "P R O C E E D I N G S", "My mama", "Mama --", "stepdad", "Victim's Sister", "AA since"],
    ),
    "couple_victims_same_first_names.txt": (
        ["ANTHONY JOSEPH REYES", "V-30517", "Louis Delacroix III", "Renee Delacroix-Moss", "Yvette", "Alameda Way",
         "Chula Vista", "Third Avenue", "Consuelo Reyes", "Connie", "Tomas", "Trey", "Louis Senior", "Ant", "Tony",
         "MARQUEZ", "Anthony Luis", "Louis", "Saint Rita", "San Diego County"],
        ["Victims' next of kin", "victim offender education group", "Señora", "Officer", "car wash",
         "fifteen-year denial", "That "],
    ),
    "decedent_initials_families.txt": (
        ["JAMES ROBERT", "H-88120", "J.R", "Linh Nguyen", "Minh Nguyen", "Tuan Nguyen", "Nguyen Van Tuan", "Main Street",
         "Salinas", "Carlos", "Ruben", "Danny", "Robert Hernandez", "Chuy", "Jesus Hernandez", "Jose Ibarra", "Joe",
         "Minh", "Tuan", "Alisal", "Nguyens"],
        ["Deacon", "Tio", "Grandpa", "decedent", "widow", "SUBSEQUENT #3"],
    ),
    "role_only_tags_stepchild.txt": (
        ["MARCUS DWAYNE BROOKS", "P-16642", "TASHA BROOKS", "Jayden Brooks", "Jayden", "Darius Webb", "Darius",
         "Patricia Webb", "Hollis", "Loretta Brooks", "Tennessee Street", "Vallejo", "Fairfield", "Tasha",
         "SHARON KETTERING-DIAZ", "Kaiser"],
        ["PRESIDING COMMISSIONER:", "INMATE:", "CORRECTIONAL OFFICERS UNIDENTIFIED", "psych eval", "moderate risk",
         "DOCUMENTATION", "stepson"],
    ),
    "clergy_titles_family.txt": (
        ["DESMOND ALEXANDER PRICE", "BK-70293", "KENNETH PRICE", "Tyrone Gaines", "Otis Gaines", "Dorian", "Delgado",
         "Amir", "Bernadette", "Ken", "Yolanda", "Aaliyah Price", "Delta College", "Stockton", "East Main"],
        ["Pastor", "Reverend", "Deacon", "Father", "Brother", "Sister", "faith-based program", "parenting class",
         "NO VICTIM'S NEXT OF KIN PRESENT", "SUPPORT PERSON (FATHER)"],
    ),
    "shared_first_names_utterances.txt": (
        ["LUIS ALBERTO HERNANDEZ", "G-55871", "Maria Lopez", "Maria Hernandez", "Maria", "Daniel", "Sofia",
         "Rosa Hernandez", "Rosa", "Daniel Ruiz", "Daniel Lopez", "Sanger", "Academy Avenue", "Cedar Avenue",
         "Roosevelt High"],
        ["packing house", "victim awareness class", "Victim's Mother", "junior"],
    ),
    "running_header_dates.txt": (
        ["AH-3317", "AH3317", "AH three three one seven", "ALVIN RAY COSGROVE", "ALVIN R. COSGROVE", "JANUARY 9, 2024",
         "the 3rd of March, 1962", "the twenty-first of June, 2014", "3/4/21", "10/2/23", "Christmas Eve 2003",
         "11:40 at night", "eleven thirty", "2216 South Demaree Street, Apartment C", "March of '98",
         "Sequoia Pipe and Supply", "7/14/99", "B4471902", "03-V-27714", "2003-0091187", "VCF108842", "417 North F Street",
         "Exeter", "Old Folsom", "2004-2007", "SATF", "spring of 2011", "CTF Soledad", "CMC", "the 19th of August, 2016",
         "SVSP", "Salinas Valley", "5/6/13", "Lyle Pendergrass", "the 30th of May, 2019", "Cuesta College",
         "the fourteenth of February, 2020", "five five nine, five five five, zero one six one",
         "1804 West Main Street, Unit 6", "3390 West Tulare Avenue, Space 42", "Sierra Vista", "11/30/2023",
         "Grace Fellowship Church", "Farmersville", "Kaweah Welding", "the 12th of October, 1951", "Mirzakhani",
         "Porterville", "Olive Avenue", "the 6th of April, 1990", "forty-one", "Marcy", "Mineral King Avenue",
         "Alano Club", "the 21st of June 2014", "Tulare County"],
        ["15 years to life", "Penal Code 187", "Penal Code 12022(b)", "Title 15", "Section 2281", "Penal Code Section 3041",
         "AA since", "NA too", "CGA at", "GRIP", "Houses of Healing", "Anger Management", "PIA fabric", "Facility E",
         "Level II", "classification score is 19", "55 cents", "PAGE 14", "Central File", "20 years, 1 month", "120 days"],
    ),
    "numbered_findings_decision.txt": (
        ["V-10482", "V10482", "MIGUEL ÁNGEL SOTOMAYOR-RUIZ", "Miguel Angel Sotomayor-Ruiz", "Bartholomew Kincaid-Ross",
         "Yolanda Ferraro-Quist", "Priya Venkatesh-Moore", "Rafael Ocampo", "THURSDAY, MAY 16, 2019", "Salinas",
         "Villaseñor", "Hartnell College", "3ABC921", 'Javier "Guero" Sotomayor', "September 19th, 1996",
         "1142 Sanborn Road, Apartment 208", "96-18823", "SS961884A", "Araceli Montaño", "8/11/2016", "Pelican Bay",
         "High Desert", "11-30-17", "CTF Central", "January of 2018", "2/12/19", "Haldorsen", "Marisela Sotomayor-Lugo",
         "Greenfield", "831-555-0119", "Rancho San Benito Farms", "Hollister", "Ignacio Prado", "A087-114-552",
         "Ciudad Obregón", "Chayo", "Gwyneth Abernathy-Sloane", "CET-00821", "19-0516-CTF-0882", "June 3rd, 2019",
         "Dominguez", "the 2nd of February 1993", "796 Northridge Mall", "18 Calle Cebu", "Jalisco number 412"],
        ["Title 15, Section 2281(c)(1)(E)", "12022.5", "15 years to life", "Section 3051", "4801(c)", "3041.5(b)(3)",
         "3041.5(d)(1)", "C Yard", "Facility B", "CGA, AA, NA", "Step Down Program", "Long Term Offender", "Marsy's Law",
         "CERTIFICATE OF TRANSCRIBER", "14 rules", "33 months", "Offender Mentor Certification", "IGI", "D E C I S I O N",
         "Prior criminal history"],
    ),
    "exhibit_list_identifiers.txt": (
        ["BRANDON KEITH WHITLATCH", "BE 20557", "BE20557", "B-E, two-oh-five-five-seven", "Sierra Conservation Center",
         "Jamestown", "October 22, 2020", "Anneliese Rademacher", "Cornelius Oduya-Brandt", "Harriet Lindqvist-Mora",
         "Simone Achterberg", "Deborah Ann Pettibone", "Joaquin Ellery-Nakamura", "1088214", "F-05-2219", "2/27/2006",
         "05-M-044719", "R. Kowalczyk", "#1187", "0500031877", "P-221570", "Ilse Vandermeer", "8/19/2020", "10/5/20",
         "2006-2020", "Seven, twelve, eighty-four", "4SKN839", "1HGEJ6674XL038211", "Briggsmore Avenue", "Kayla Pettibone",
         "1920 Coffee Road, Apartment 117", "D5521873", "561-40-2289", "Trey", "T-72931", "the 8th of May 2005", "Turlock",
         "Ceres", "Central Valley High School", "Keith Whitlatch Sr.", "Foster Farms", "Crows Landing Road", "Riverbank",
         "Madison", "Mule Creek", "MCSP", "DVI", "the 3rd of April 2006", "310 G Street", "Central Valley Mechanical",
         "Golden State Boulevard", "Ruben Arcineda", "five five nine, five five five, zero one four four", "3-2-04",
         "McHenry Avenue", "Valentine's Day, 1985", "Modesto Junior College", "Vintage Faire Mall", "Sylvan Avenue",
         "209-555-0171", "Lakewood Memorial Park", "Hughson", "Marguerite T. Ohanian", "13387", "Capitol Reporting Group",
         "2150 River Plaza Drive, Suite 240", "95833", "(916) 555-0126", "November 4th, 2020"],
        ["EXHIBITS RECEIVED INTO THE RECORD", "Abstract of Judgment", "Exhibit 4", "Probation Officer's Report",
         "Comprehensive Risk Assessment", "Letters of support", "15 years to life", "Penal Code 667.5(b)", "PROCEEDINGS",
         "Proceedings concluded", "The report lists", "The panel finds", "The time is", "IN WITNESS WHEREOF",
         "REPORTER'S CERTIFICATE", "Impact of Crime on Victims", "Thinking for a Change", "OSHA 10", "Docket No.",
         "Crime Report No.", "VIN ", "COVID-19", "Level I", "AA, since", "Microsoft Teams", "CSR No."],
    ),
    "spoken_dates_womens.txt": (
        ["TANISHA RENEE OKAFOR-BELLAMY", "WF-0221", "Central California Women's Facility", "Chowchilla",
         "the 14th of July, 2022", "Margit Halvorsen", "Emeka Radcliffe-Sato", "Bettina Crowe-Ashford",
         "Anthony Villalobos-Kent", "Darius Holcomb Sr.", "the fourteenth of July", "twenty twenty-two",
         "twenty after nine", "W as in William, F as in Frank, zero two two one",
         "November the thirtieth, nineteen seventy-nine", "forty-two", "CCWF", "CIW", "California Institution for Women",
         "Corona", "Easter Sunday of 2002", "the 31st of March", "Darius Holcomb Junior", "twenty-four", "half past ten",
         "Tyler Galleria", "Riverside", "Keandra", "4150 Jurupa Avenue", "fall of 2000", "ten fifty-two", "P02-0331-117",
         "Lindgren", "3318", "Robert Presley Detention Center", "200209912", "RIF102233", "the twelfth of December, 2002",
         "the seventeenth of January", "Long Beach", "Rialto", "Eisenhower High School", "Gloria Bellamy", "seventy-one",
         "Merrill Avenue", "twenty-one oh four West Merrill", "nine oh nine, five five five, oh one eight three", "Chinedu Okafor", "Enugu", "'82", "'83",
         "Ngozi", "Houston", "Isaiah", "the 4th of June, 2001", "ten months old", "6/9/19", "Feather River College",
         "March of 2017", "February 2020", "Temecula", "Fenwick-Abara", "Crossroads", "Claremont", "Friends Outside",
         "Hospitality Lane", "San Bernardino", "Ecclesia Christian Fellowship", "Hezekiah Obuya", "seventy-six years old",
         "the 2nd of February, 1978", "Rubidoux High", "June of 2019", "two thousand two"],
        ["25 years to life", "Penal Code 187", "SB 260", "Prop 57", "Penal Code 4801(b)", "Section 3051", "HCR-20",
         "tenth percentile", "Breaking Barriers", "Beyond Trauma", "Celebrate Recovery", "Long Term Offender Program",
         "C Yard", "17 years disciplinary free", "300 months", "150 days", "Canine Support Teams",
         "Domestic Violence Survivors", "number 44", "Low risk", "Mercury Sable", "Program Office"],
    ),
    "qa_prisons_aliases.txt": (
        ['RAYMUNDO "MUNDO" ESCALANTE-PRIETO', "P dash 5-5-0-1-8", "P, five five zero one eight",
         "Richard J. Donovan Correctional Facility", "Wednesday, the twenty-ninth of November, 2017",
         "Octavia Lindqvist-Barrera", "Phineas Arbuthnot", "Clementine Osei-Whitfield", "Lars Thorvaldsen",
         "The fifth of the fifth, '71", "Cinco de Mayo", "forty-six", "Chino", "CIM", "January of '91", "Tracy", "DVI",
         "San Quentin", "Old Folsom", "Folsom State Prison", "'93", "Pelican Bay", "Corcoran", "CSP-LAC",
         "Lancaster", "Vacaville", "CMF", "Donovan", "Calipatria", "Memorial Day weekend, 1990", "National City",
         "Fernando Agustín Ledesma", "El Mercadito Market", "Highland Avenue", "8th and Highland", "a quarter to midnight",
         "the 4th of June, 1990", "Chula Vista", "1255 Third Avenue, Apartment 14-B", "1ABC234", "Teodoro Prieto",
         "CR-110482", "OTNC", "O T N C", 'Cedric "Big C" Waddell', "Lonnie Ray Buckner", "E-33190",
         "Mercy San Juan Hospital", "95F06617", "the 3rd of October, 2007", "Coastline Community College",
         "Guadalupe Prieto", "1322 East 18th Street", "Octavio", "Marisol", "the 2nd of January, 1990",
         "Paradise Valley Hospital", "Mateo", "Luna", "Amity Foundation", "4419 Alta Vista Drive, Unit 7", "91977",
         "(619) 555-0108", "Escondido Welding", "Hal Fitzroy", "4417", "Five six two, four four, four four one seven",
         "Front Street"],
        ["Penal Code 664/187", "Penal Code 186.22(b)(1)", "15 years to life", "seven years to life", "Penal Code 3051",
         "4801(c)", "In re Lawrence", "Cal.4th", "In re Shaputis", "HCR-20", "PCL-R", "Echo yard", "E yard", "B yard",
         "Facility A", "4 Building", "AA and NA", "CGA", "Criminals and Gang Members Anonymous", "Houses of Healing",
         "Alternatives to Violence Project", "Paws for Life", "TABE is 12.9", "36 cents", "100 percent", "5 years",
         "Let me read", "INDEX", "Examination by Deputy Commissioner", "The 929", "twenty-seven and a half years",
         "Version 3"],
    ),
    "initialed_tags_family.txt": (
        ["V-20417", "RAYMOND CHARLES OKONKWO", "CHARLES OKONKWO", "C. OKONKWO", "R. SIMMS", "D. SIMMS", "R. Simms",
         "D. Simms", "Okonkwo", "Simms", "Romy", "Dwayne", "Adaeze Okonkwo", "Gloria", "Walter", "Jerome", "Fairfield",
         "Hogan High", "O-K-O-N-K-W-O", "S-I-M-M-S", "October 2nd, 2025", "April 19th, 2003", "twenty-two"],
        ["Life Term", "Parole Consideration Hearing", "Presiding Commissioner",
         "Inmate's Uncle", "Victim's Sister", "Present in the room", "firefighter", "Deputy District Attorney"],
    ),
    "aliases_married_names.txt": (
        ["W-88213", "SUSAN MARIE HOLLOWAY-BRANDT", "Holloway-Brandt", "Susan Marie Pickett", "Susan Marie Holloway",
         "Pickett", "Holloway", "Tate", "Chen", "Suzy", "Robby", "Rob Tate", "Bear", "Kay", "Bill", "Billy Goat",
         "Evelyn", "Gary Brandt", "Gary", "Peggy Alvarado", "Oyler", "Tehachapi", "Reno", "Bakersfield",
         "Robert Junior", "Dale", "Kern County", "Tuesday, March 11, 2025"],
        ["Exhibit 4", "PROCEEDINGS", "Deputy District Attorney", "maiden name", "first husband", "Detective",
         "Victim's next of kin"],
    ),
    "advocate_reads_statements.txt": (
        ["DESHAWN TERRELL MOODY", "AK-4471", "Deshawn Moody", "Moody", "Tamara Lewis", "Tamara", "Jasmine", "Renee",
         "Lewis-Carter", "Loretta Moody", "Andre", "Harold Lewis", "Lewis", "Gloria", "Marcus", "Abernathy", "Compton",
         "Lancaster", "Cal State Dominguez Hills", "GRACE KIM", "Kim", "twenty-four", "AUGUST 14, 2025"],
        ["Victim Services", "Quote:", "End quote", "GED program", "District Attorney's office", "VICTIM SERVICES REPRESENTATIVE"],
    ),
    "two_victims_brothers.txt": (
        ["F-20931", "LUIS ANTONIO ORTEGA", "Ortega", "Carlos", "Kyle Webb", "Kyle", "Webb", "Darnell Pruitt", "Darnell",
         "Pruitt", "Terrence", "Rudy Salcido", "Salcido", "Rudy", "Graciela Ortega", "Ana Ortega-Reyes", "Haskins",
         "Dennis Webb", "Dennis", "Amber", "Alisal Street", "Corcoran", "nineteen", "FRIDAY, MAY 9, 2025", "Elvia",
         "Ramon Villegas", "Villegas", "Salinas"],
        ["OTHERS PRESENT", "Victim's Mother", "Victim's Son", "liquor store", "life without", "psychologist",
         "aunt and uncle"],
    ),
    "phone_tags_namesakes.txt": (
        ["H-73310", "ANTHONY RAY GUTIERREZ", "Gutierrez", "BEATRIZ GARCIA", "ELENA GARCIA", "Garcia", "Miguel Garcia",
         "Miguel", "Elena", "Ray Gutierrez", "Little Ray", "Ray", "Anthony Gutierrez Senior", "Anthony", "Lucia",
         "Rosario Gutierrez", "Roberto", "Miguelina", "Olive Avenue", "Merced", "Atwater", "Merced High",
         "June 3rd, 2004", "seventeen"],
        ["VIA TELEPHONE", "by telephone", "Victim's Sister", "APPEARANCES"],
    ),
    "rescission_margin_footer.txt": (
        ["000000587713", "Van Tassel", "C-40917", "GERALD WAYNE TRUESDALE", "BRISEÑO-HUNT", "WINIFRED KASPRZAK",
         "Consuelo Arbogast", "11872",
         "Salinas Valley Court Reporters", "(831) 555-0264", "December 2nd, 2024",
         "Four, twelve, sixty-one", "Pruneda", "Okimoto", "Lyle Gottschalk", "Wagon Wheel", "1K74329",
         "Ignatius Mbeki-Ross", "Mbeki-Ross", "4127 Abbott Street", "93901", "831-555-0178", "Manny",
         "Yolanda Strickland-Oyama", "Pacific Valley Ag", "Dutch", "K-11094", "October 9th, 2024"],
        ["BOARD OF PAROLE HEARINGS", "PANEL PRESENT", "Reported by", "Prior criminal history", "Low risk",
         "Version 3", "HCR-20", "Static-99R", "Ford F-150", "Buick", "Thanksgiving",
         "Program Office", "REPORTER'S CERTIFICATE", "Facility B", "Proceedings concluded", "pruno"],
    ),
    "en_banc_review.txt": (
        ["FLORENCIO ABUNDIS-REYNAGA", "AK-2291", "Yvette Lundqvist", "Amos Tjarks", "Ostrander", "Delacruz-Whitby",
         "Fairbanks-Oyelaran", "Hargrove", "25-0422-CMC-117", "Ignacio Velarde Luna", "1455 Sunrise Mall",
         "7420 Florin Road, Apartment 12", "99F05143", "EL-21-0937", "Hallinan", "Marguerite Obiora-Lenz",
         "Rigoberto Abundis", "18 Calle Zaragoza", "Santa Cecilia", "Maricela Abundis de Ochoa",
         "Avenida Hidalgo número 1207", "Tepatitlán", "Refaccionaria Ochoa", "Anselmo Quiroz", "Alma Velarde",
         "Itzel Velarde", "2214 Calle Prado", "Renata Solórzano-Pike", "(916) 555-0319", "+52 378 781 4419",
         "rsolorzano-pike@bph.example.gov"],
        ["EN BANC REVIEW", "Agenda Item 6", "Chief Counsel", "Prior criminal history", "Low risk", "Low.",
         "Version 3", "PCL-R", "Program Office", "Easter", "Chevrolet Malibu", "Penal Code 3041(b)(2)",
         "Moderate risk", "Classification and Parole Representative", "ICE", "BPH Legal Division"],
    ),
    "risk_quoted_tag_change.txt": (
        ["LEMUEL ASHBY PROCTOR", "P-66215", "Teodora Vashchenko", "Kwabena Ellery-Moss", "Priscilla Daughtry-Ndiaye",
         "Whitcomb-Ibarra", "February 17, 1966", "Wendell Okafor-Grimes", "Halvard Nyquist-Amara",
         "May 13, 2024", "Charmaine Felder", "34198", "Cyrus", "Latoya", "3390 East Dakota Avenue", "93726",
         "Delbert Ashby", "559-555-0141", "Clarence Overstreet", "Lem", "Beatrice", "P-R-O-C-T-O-R"],
        ["Identifying information", "Prior criminal history", "Substance use", "Institutional adjustment",
         "Low risk", "Moderate risk", "End quote", "Version 3", "HCR-20", "PCL-R", "Program Office",
         "In re Stoneroad", "215 Cal.App.4th 596", "Deliberations", "Bishop", "Brother", "Narcotics Anonymous",
         "Offender Mentor Certification Program", "Pontiac Grand Am"],
    ),
    "interpreter_letters_addresses.txt": (
        ["DOUGLAS FENTON HARGREAVES", "F-08816", "Marisol Ekwueme-Strand", "Herminia Castañeda Olvera",
         "Rubén Olvera Castañeda", "Leticia Bracamontes-Yee", "301447", "Armando Olvera Castañeda",
         "Rosalyn Hargreaves-Teague", "1188 Oleander Way", "(619) 555-0147", "Walt", "Eustace Pelletier",
         "P.O. Box 2209", "91903-2209", "619.555.0112", "Kofi Brannigan", "619-555-0186, extension 204",
         "kbrannigan@bayviewmarine.example.com", "Genevieve Talamantes", "418 Calle Jacinto",
         "Calle Morelos number 56", "Zinapécuaro", "Aurelio", "Gaxiola", "Rubén", "the 17th of March, 2001"],
        ["HEARING DATE", "COMMISSIONERS", "INTERPRETER", "(THROUGH INTERPRETER)", "Dodge Ram", "pozole",
         "Office of Victim and Survivor Rights and Services", "Sister", "Mamá"],
    ),
    "prior_record_pages.txt": (
        ["VIKTOR ALEKSANDROVICH MOROZOV", "AE7391", "ZHANG WEILIN", "BRIGID O'SULLIVAN-MCNAMARA",
         "KONSTANTINOS PAPADOPOULOS", "OKSANA DMITRIYEVNA BELOVA", "Zhang Weilin", "Z-H-A-N-G", "O'Sullivan-McNamara",
         "Oksana Belova", "301882", "11 March 1968", "Vladivostok", "Liu\n 2   Xiaoming", "Liu Xiaoming", "Kalinka Deli",
         "Colorado Street", "Dmitri Sergeyevich Volkov", "Dima", "03/11/1998", "4471923", "BA167734", "3-11-99",
         "G99-03117", "99M04412", "14 July 2000", "2000-0071455", "C168845", "2/2/01", "December\n 3   the 5th, 2001",
         "01-27731", "GA048112", "10-19-2002", "Lyudmila Petrovna Morozova", "Natasha", "Natalya Aleksandrovna",
         "Aleksandr Ivanovich", "Pavel Kuznetsov", "Chevy Chase Drive", "Georgios", "Karamanlis",
         "Anjali R.\n15   Venkataraman", "Hovik Sarkissian", "818-555-0147", "Seamus O'Driscoll",
         "O'Driscoll and Sons Roofing", "Wang Lifen", "Lyudmila Morozova", "Natalya Kuznetsova", "Glendale"],
        ["CDCR Number", "Presiding", "Commissioner", "Interpreter", "Health and\n17   Safety Code 11350",
         "Vehicle Code 23152(a)", "Penal Code\n 5   496", "Penal Code 187", "15 years to life", "booking number",
         "docket\n22   number", "On or about", "16 months", "90 days county jail", "Alternatives\n 6   to Violence Project",
         "PIA laundry", "TABE is 10.4", "moderate risk", "alcohol use\n17   disorder", "Office of Victim and Survivor Rights and Services",
         "Born", "Spasibo", "D E C I S I O N", "P R O C E E D I N G S", "Father"],
    ),
    "plans_contacts_mixed_tags.txt": (
        ["TEVITA FIFITA MAHE", "T-12345", "Ewa Kowalczyk-Lund", "Spiros Antonakos", "Aoife McGillicuddy", "Tevita Mahe",
         "M-A-H-E", "Vita", "Jordan Whitaker", "Francisco Homes", "39th Avenue", "East Palo Alto",
         "Losana Mahe Tuipulotu", "2117 Cooley Avenue", "94303", "(650) 555-0132", "650.555.0178", "Sione Tuipulotu",
         "Sione", "Siasi Uesiliana Tonga", "Bay Road", "Padraig O'Connell", "4155550199", "Sefo Vaipulu", "Vaipulu",
         "Kwame Asante-Mensah", "Bayview Hunters Point Recycling", "kasante@bvhprecycle.example.org",
         "415, 555-0166", "Kumasi", "415 555 0121", "0881274", "Olumide Adeyemi-Okafor", "Madison Chase", "Mele Mahe",
         "Nuku'alofa", "Siosaia", "Saia", "April Fonua", "Fonua", "Lincoln", "June 5th, 2004", "Feleti Taufa",
         "Dariusz Wiśniewski", "Wiśniewski", "Halina Wiśniewska", "Wiśniewska", "Agnieszka", "Zofia", "Big Fe",
         "Ibrahim al-Rashid bin Saleh", "600 The Embarcadero", "94107", "415-555-0100", "Losana Tuipulotu",
         "april.fonua@example.com", "Joaquim da Silva Pereira", "Ramesh K. Subramaniam", "Redwood City",
         "August Taumoepeau", "May Lolohea"],
        ["Presiding Commissioner", "Deputy Commissioner", "Incarcerated Person", "transitional house", "apprenticeship",
         "GED", "3.4 grade point average", "Alternatives to Violence Project",
         "Victim Offender Education Group", "Criminals and Gangmembers Anonymous", "Restorative Justice", "CRM",
         "low risk", "Whereupon, a recess was taken", "Through", "area code", "student ID"],
    ),
    "mental_health_report_read.txt": (
        ["AUSTIN LEE PEMBERTON", "BF2218", "Marguerite Delahunty", "Chukwuemeka Nwankwo-Reyes", "Hollis Vandenberg",
         "Priyamvada S. Iyer", "Fenwick Albrecht-Soto", "Austin Pemberton", "PEMBERTON", "Rosalind Okereke-Marsh",
         "April 28th, 2025", "Chase Whitlock", "Jun-ho Bae", "June Okafor", "Jordan Pemberton", "Beulah Mae Fontenot",
         "Lake Charles", "Madison Fontenot-Reyes", "Lodi", "Mokelumne River", "Lincoln Delacroix", "Savannah Delacroix",
         "Austin Delacroix", "Temitope Adebisi", "Progress House", "Pine Street", "April Nakagawa", "Madison", "Bae",
         "Okafor", "Delacroix", "Stockton", "Pleasant Valley State Prison", "Clarence Fontenot", "J97-04471"],
        ["Enhanced Outpatient Program", "Clozapine", "Depakote", "Comprehensive Risk Assessment", "forensic psychologist",
         "Schizophrenia, paranoid type", "Schizoaffective disorder, bipolar type", "Schizoaffective disorder",
         "Post-traumatic stress disorder", "PTSD", "Cannabis use disorder", "Haloperidol", "Risperidone", "Olanzapine",
         "Lithium", "divalproex sodium", "Prozac", "Cogentin", "Bipolar I disorder", "Global Assessment of Functioning",
         "HCR-20 Version 3", "PCL-R", "moderate risk", "Wellness Recovery Action Plan", "WRAP",
         "LCSW", "Psy.D.", "power of attorney", "Social Security", "psych tech", "Acute Psychiatric Program",
         "Individualized Education Program", "Valley Fever", "Type 2 diabetes", "Metformin", "Lisinopril", "Hepatitis C",
         "Alzheimer's disease", "Huntington's disease", "Court Case #"],
    ),
    "ocr_pipes_ligatures.txt": (
        ["SEBASTIÁN RAMIREZ-OYELARAN", "H-S5021", "H-55021", "HENRIK MAGNUSSEN", "CLODAGH FITZGERALD",
         "THADDEUS McINTYRE", "Rarnirez-Oyelaran", "Sebas", "7/2B/1979", "July 28th, 1979", "Mc Intyre", "Clodagh Fitz",
         "the 3rd of May, 1999", "Octavio", "Tavo", "Barrientos", "East Hedges Avenue", "Wendell Sayre", "1B47",
         "3B21 East Hedges", "Armando", "Mondo", "Villegas-Tso", "Yolanda Ramírez", "Babatunde Oyelaran", "lbadan",
         "Ximena", "Adaora", "95JV0O412", "1/1B/98", "9B-O14472", "Siobhán Ní Bhriain", "1O/O2/2O24", "Ezekiel Mbatha",
         "0yelaran-Pike", "41O2 North Cedar Avenue", "937O3", "S59-555-O1B6", "Gustavo Rarnos", "Rarnos Tire and Wheel",
         "gramos@ramostire.example.com", "Gus", "Rowena Castellanos-Whitby", "January 2B, 2O25",
         "Kings River Transcripts", "PLEASANT VALLEY STATE PRISON",
         "Turning Point of Central California"],
        ["Page 2 of 5", "PANEL PRESENT", "|NMATE", "|nmate", "Unidentiﬁed", "Facility A", "AA degree",
         "ﬂoor care program", "ofﬁce services certiﬁcation", "low risk", "CERTIFICATE OF TRANSCRIPTION"],
    ),
    "married_titles_nicknames.txt": (
        ["ROSALIND JOY WEATHERBY-KANE", "X-50431", "Ingrid Halvorsen", "Maren", "Nils", "Pickering", "Tank",
         "Dwight Weatherby", "Leon Kane", "Redding", "Halvorsen", "Weatherby-Kane", "Lionel Ashdown", "Harriet Oyelaran"],
        ["Victim's next of kin", "Counsel", "PROCEEDINGS", "nursery", "Everybody there called him that"],
    ),
    "capitals_veteran_organisations.txt": (
        ["WESLEY BROOKS HUNTER", "AK-40217", "GRANT MERCER", "ROSE CARPENTER", "FAITH MASON", "CHRISTIAN BAKER",
         "JUNE FISHER", "DALE FISHER", "VICTORVILLE", "PALMDALE\nROAD", "ST. MARY MEDICAL CENTER", "PARRIS ISLAND",
         "562-44-9031", "EARL WOODS", "TERRY LONG", "PENDLETON", "SUNRISE AUTO BODY", "HESPERIA",
         "GOLDEN STATE TRUCKING", "09-C-0442", "AMITY FOUNDATION", "HOMEBOY INDUSTRIES", "CHERRY WHITE", "BUCK HUNTER",
         "BARSTOW", "SUMMER HUNTER-COLE", "REDLANDS", "HOLDEN", "MILES FISHER", "IVY FISHER", "HAROLD STONE", "CARMEN GRAY",
         "LOS ANGELES", "WOODS"],
        ["PRESIDING COMMISSIONER", "DEPUTY COMMISSIONER", "MARINE CORPS", "DD-214", "BOOT CAMP", "STAFF SERGEANT",
         "PRIVATE FIRST CLASS", "DESERT STORM", "ALCOHOLICS ANONYMOUS", "ALTERNATIVES TO VIOLENCE PROJECT",
         "VETERANS HEALING VETERANS", "PIA OPTICAL LAB", "INMATE-MANUFACTURED ALCOHOL", "LOW RISK", "PTSD",
         "CERTIFICATE OF TRANSCRIPTION", "DINING HALL", "BODY SHOP", "SECOND DEGREE MURDER",
         "HOBBY\nCRAFT PROGRAM"],
    ),
    "decision_review_citations.txt": (
        ["Tomasz Wiśniewski-Kaur", "BH-60395", "Lucinda Bright", "Amos Kettering", "Marisela Onyango-Burke",
         "Wiśniewski-Kaur", "Oduya", "Pacheco Boulevard", "Los Banos", "Feliciano Ybarra", "Bernadette Ostrowski",
         "CR-99-117402", "06-SCC-B-0117", "Desmond Achterberg", "Jaspal Singh Sandhu", "Sandhu Brothers Trucking",
         "Turlock", "Francisco Homes", "Henrietta Vasquez-Lindgren", "Orrin Fairchild", "Consolata Ybarra-Reyes",
         "Nico", "2814 Sycamore Lane", "Atwater", "95301", "Garrett Lindqvist", "Agnieszka", "Modesto",
         "Ignatius Mbeki", "Oakdale Community Church", "Siobhan Ferreira-Watts", "July 4, 1999", "Ybarra",
         "Harpreet", "Kaur", "Merced College"],
        ["In re Lawrence (2008) 44 Cal.4th 1181, 1204", "In re Ryner (2011) 196 Cal.App.4th 533, 547",
         "People v. Franklin (2016) 63 Cal.4th 261", "Dannenberg (2005) 34 Cal.4th 1061", "In re Palmer (2021) 10 Cal.5th",
         "1254-1255", "In re Shaputis (2008) 44 Cal.4th 1241", "In re Rosenkrantz\n(2002) 29 Cal.4th 616", "at p. 1214",
         "Pen. Code, § 3041", "Pen. Code, § 187", "Cal. Code Regs., tit. 15, § 2042", "Gov. Code, § 12838.4", "§§ 664/187",
         "I.  SUMMARY", "V.  DISCUSSION", "D.  Analysis", "II.  THE COMMITMENT OFFENSE", "B.  The Victim's Family's Opposition",
         "Offender Mentor Certification Program", "Comprehensive Risk Assessment", "HCR-20 Version 3", "en banc",
         "Legal Division", "Penal Code section 3051", "Peer Literacy Mentor", "second degree murder"],
    ),
    "juvenile_record_tagalog_interpreter.txt": (
        ["JOMAR BAYANI DELA PAZ", "BN-28164", "Ignacio Ferrante", "Wilhelmina Stroud", "Arnel Macaraeg",
         "Gurdeep Kaur Bains", "Ophelia Danvers", "Lorenzo Quaye", "Manpreet Singh Gill", "Rosario Dela Paz", "Jomar",
         "Totoy", "Union City", "Bombay Spice Market", "Alvarado-Niles Road", "Harbhajan Singh Gill", "Fremont",
         "Ricky", "Santos", "Darnell Lavigne", "J-198844", "Rodolfo", "Maricel", "Hayward", "Gary", "Lorraine Wendt",
         "Fred Finch Youth Center", "Lincoln Child Center", "Chabot Hills Group Home", "Penelope Achebe",
         "JV-99-04417", "JV-01-11253", "Camp Sweeney", "Hartnell College", "Options Recovery Services", "Berkeley",
         "Tito Boyet", "Efren Bayani", "Maricel Dela Paz-Ocampo", "Rommel Tuazon", "Jalandhar",
         "Surinder Kaur Gill", "Simran", "301447", "Dela Paz", "DELA PAZ", "Gill", "Achebe"],
        ["Presiding Commissioner", "Interpreter (Tagalog)", "THROUGH INTERPRETER",
         "foster home", "group home", "dependency case", "602 petition", "Juvenile Hall", "Youth Offender Program",
         "Anger Management", "Kairos program", "Pre-Release program", "AA degree", "GED", "youth\noffender factors",
         "Penal Code section 3051", "social worker"],
    ),
    "asr_diarized_first_names.txt": (
        ["reuben okonjo ellis", "b as in boy, t as in tom, five one seven two nine", "b t five one seven two nine",
         "june eleventh", "blythe", "nadia farouk", "walter brennan", "ingrid solberg", "marisol ochoa", "curtis ward",
         "reuben", "ruby", "perris", "t-bone", "terrence", "hollis", "moreno valley", "san bernardino", "gloria",
         "mookie", "dante", "clarence ellis", "rialto", "amos grant", "joy hart",
         "nine zero nine, five five five, zero one two seven", "curtis james ward"],
        ["SPEAKER_00", "SPEAKER_03", "00:04:26", "narcotics anonymous", "victim offender education group",
         "guiding rage into power", "peer facilitator", "presiding commissioner", "deputy district attorney", "b yard",
         "porter", "continuation school", "landscaping business"],
    ),
    "uk_inquiry_convictions.txt": (
        ["14 March 2023", "Bronwen Pritchard", "BRONWEN PRITCHARD", "Dilip Varsani", "DILIP VARSANI", "Malcolm Hartley",
         "Ashworth", "Pritchard", "Eirlys", "3 February 2023", "58", "Llanrhystud", "Aberystwyth", "1998",
         "the 14th of May 2004", "the 3rd", "4th", "9th", "Swansea", "21/06/2005", "Eastwood Park", "Tregaron",
         "Twelve", "8", "Rhodri", "seven stone", "five foot six", "11.35", "10.00 am", "11.20 am", "11.35 am",
         "Kettering", "2001", "Wellingborough", "Onley", "6 foot 2", "180 pounds", "140 pounds", "12/13",
         "Keith Dolby", "Hansa", "10.00", "4.12 pm", "10.00 am the following day"],
        ["Chair", "Nan", "Mum", "Grandad", "Unfortunately", "Honestly", "Questioned by", "A short break",
         "The hearing adjourned"],
    ),
    "police_interview_record.txt": (
        ["Jordan Lacey", "02/06/2019", "14.32", "Adaeze Okafor", "Tom Whitlock", "Priya Raman",
         "Sunday the 2nd of June", "Jordan Michael Lacey", "17/04/1996", "Harcourt Gardens", "Leyton", "118 Mare Street",
         "Kingsmead", "Desmond", "11.15", "the 5th", "6th", "8th", "Dalston Tyres", "Kezia", "Nineteen",
         "five foot ten", "ten stone", "six foot one", "fifteen stone", "Feltham", "17", "Pentonville", "15.05",
         "15.40", "15.52"],
        ["Basically", "Listen", "Nan", "Mum", "Grandad", "Right", "RECORD OF TAPED INTERVIEW",
         "Interviewing officers", "eighteen months"],
    ),
}


@pytest.fixture(scope="module")
def analyses(pipeline):
    return {name: pipeline.run(load(HAND / name)) for name in EXPECTED}


def _covered(analysis) -> list[bool]:
    covered = [False] * len(analysis.transcript.text)
    for mention in analysis.mentions:
        covered[mention.start:mention.end] = [True] * (mention.end - mention.start)
    return covered


def _occurrences(text: str, surface: str) -> list[int]:
    found, at = [], text.find(surface)
    while at >= 0:
        found.append(at)
        at = text.find(surface, at + 1)
    return found


CASES = [(name, surface, masked) for name, (masked_all, kept) in EXPECTED.items()
         for surface, masked in [*((s, True) for s in masked_all), *((s, False) for s in kept)]]


@pytest.mark.parametrize(("name", "surface", "masked"), CASES, ids=[f"{n[:12]}:{s}" for n, s, _ in CASES])
def test_it_masks_what_a_reader_would_in_a_hearing_written_by_hand(analyses, name, surface, masked):
    analysis = analyses[name]
    text = analysis.transcript.text
    covered = _covered(analysis)
    places = _occurrences(text, surface)
    assert places, f"{surface!r} is not in {name}"
    for at in places:
        letters = [covered[i] for i in range(at, at + len(surface)) if text[i].isalnum()]
        assert all(letters) if masked else not any(letters), f"{surface!r} at {at}"


#: (file, surface, label, certainty or None): every mention over the surface's first occurrence has the label a
#: reader would give it (a wrong label is one more action for the reviewer), and a title page's participant is
#: certain (certainty 1: found on the title page)
LABELED = [
    ("two_column_index.txt", "SHARON PRICE", "PERSON", 1),  # the left column of a two-column title page
    ("two_column_index.txt", "PANG VANG", "PERSON", 1),  # its right column
    ("two_column_index.txt", "Hmong New Year", "DATE", None),
    ("two_column_index.txt", "CR-98-40931", "ID", None),
    ("common_word_names.txt", "San Jose State", "ORGANIZATION", None),
    ("common_word_names.txt", "Oakland 94607", "LOCATION", None),
    ("common_word_names.txt", "Fourth and Market", "LOCATION", None),
    ("common_word_names.txt", "Big Mama", "PERSON", None),
    ("video_conference.txt", "A.R.", "PERSON", None),
    ("video_conference.txt", "Mary-Kate Hovhannisyan", "PERSON", 1),  # under APPEARING VIA VIDEOCONFERENCE:
    ("video_conference.txt", "San Quentin Rehabilitation Center", "ORGANIZATION", 1),
    ("records_transfers.txt", "CMC East", "ORGANIZATION", None),
    ("records_transfers.txt", "Rios Brothers Tree Service", "ORGANIZATION", None),
    ("risk_report_fields.txt", "OYELOWO, BABATUNDE A", "PERSON", 1),  # a report's NAME: field
    ("risk_report_fields.txt", "Priyanka Raghunathan", "PERSON", 1),  # its EVALUATOR: field
    ("risk_report_fields.txt", "43", "AGE", None),  # its AGE: field
    ("risk_report_fields.txt", "Golden Dragon Liquor", "ORGANIZATION", None),
    ("victim_impact_online.txt", "DezzyTruth559", "URL", None),  # a user name: a web address's label
    ("errata_certificate.txt", "Flaco", "PERSON", None),  # "gave you the name Flaco": a nickname, no place
    ("errata_certificate.txt", "ECHEVERRIA-LUNA", "PERSON", None),  # "Echeverría-Luna" in capitals without accents
    ("errata_certificate.txt", "Iglesia Cristiana Roca Viva", "ORGANIZATION", None),
    ("errata_certificate.txt", "Sierra Verbatim Reporting Services, Inc.", "ORGANIZATION", None),
    ("errata_certificate.txt", "Fairbanks-Cho", "PERSON", None),  # a name wrapped on a page without line numbers
    ("disciplinary_examination.txt", "FB-19-07-0412", "ID", None),  # a rules violation report's log number
    ("disciplinary_examination.txt", "000316522", "ID", None),
    ("disciplinary_examination.txt", "Ibáñez Quiroga", "PERSON", None),
    ("disciplinary_examination.txt", "Eusebia Bustamante de Villarreal", "PERSON", None),  # particles: one name
    ("police_report_read.txt", "03-118842", "ID", None),  # a police report's DR number
    ("police_report_read.txt", "1422 East Belmont", "LOCATION", None),
    ("police_report_read.txt", "Leroy Hutchins, Jr.", "PERSON", None),
    ("police_report_read.txt", "Tavion", "PERSON", 2),  # "my cousin Tavion": a name no list knows, no suspect
    ("family_statements.txt", "Cal Fire", "ORGANIZATION", None),  # a state agency, no person
    ("family_statements.txt", "Blackstone and Shaw", "LOCATION", None),  # the crossing a restaurant is on
    ("family_statements.txt", "Prather", "LOCATION", 3),  # "in Prather": a town the lists miss
    ("family_statements.txt", "Kiana Broussard", "PERSON", None),
    ("parole_plans_phonetic.txt", "V as in Victor, 8-1-2-0-4", "CDCR_ID", None),  # the letter said, then its digits
    ("parole_plans_phonetic.txt", "Iglesia Cristiana Roca de Salvación", "ORGANIZATION", None),  # its head first
    ("street_names_programs.txt", "Big Tony", "PERSON", None),  # a street name's lead and a given name
    ("street_names_programs.txt", "Lil Smokey", "PERSON", None),
    ("womens_prison_custody.txt", "MARISOL ECHEVARRIA-DUNN", "PERSON", 1),  # a form's COUNSEL: field
    ("womens_prison_custody.txt", "ROSALIND MAE TRUJILLO-BAPTISTE", "PERSON", 1),  # INMATE: field, number beside
    ("womens_prison_custody.txt", "Curtis Ambrose Pettway Jr.", "PERSON", None),  # one name with its suffix
    ("youth_military_immigration.txt", "JOSÉ GUADALUPE MENDIVIL", "PERSON", 1),  # a caption's name beside a box
    ("youth_military_immigration.txt", "Oscar Prendergast", "PERSON", 1),  # "For the People:"
    ("youth_military_immigration.txt", "Delphine Mendivil", "PERSON", 1),  # a labeled list's second line
    ("youth_military_immigration.txt", "Sunrise Market", "ORGANIZATION", None),
    ("youth_military_immigration.txt", "Llantera Mendivil", "ORGANIZATION", None),  # a business named in Spanish
    ("youth_military_immigration.txt", "Halloween night, 1998", "DATE", None),
    ("korean_family_interpreter.txt", "PARK SOO-JIN", "PERSON", 1),  # "IN THE MATTER OF:  PARK SOO-JIN (W-91207)"
    ("korean_family_interpreter.txt", "W-91207", "CDCR_ID", None),
    ("korean_family_interpreter.txt", "Chang Min-ho", "PERSON", 1),  # "Interpreter (Korean): ..."
    ("korean_family_interpreter.txt", "Wallace Ebbesen", "PERSON", 1),  # "Sgt. (Ret.) ..."
    ("korean_family_interpreter.txt", "Fifty-eight", "AGE", None),  # an answer after an aside
    ("tribal_names_risk.txt", "HVT-20887", "ID", None),  # a tribe's enrollment number, no firm
    ("tribal_names_risk.txt", "MARIE RUNNING HORSE", "PERSON", 1),  # a surname of words
    ("elderly_medical_parole.txt", "Tamsin Greaves", "PERSON", 1),  # a role at one line's end, the name on the next
    ("elderly_medical_parole.txt", "Rohit Deshpande", "PERSON", 1),  # inside the taggers' firm
    ("elderly_medical_parole.txt", "Lone Tree Way", "LOCATION", None),  # a street's suffix
    ("elderly_medical_parole.txt", "Aaliyah", "PERSON", None),  # a child's name beside another's, ages in brackets
    ("phonetic_markers_labels.txt", "Allied Verbatim Reporting", "ORGANIZATION", None),  # a credit line's firm
    ("phonetic_markers_labels.txt", "1408 East Market", "LOCATION", None),  # a house number and a direction
    ("prison_terms_prisoner_tags.txt", "Oildale", "LOCATION", None),  # a town the tagger took for a firm
    ("prison_terms_prisoner_tags.txt", "East Bakersfield High", "ORGANIZATION", None),  # a town's part and High
    ("prison_terms_prisoner_tags.txt", "Gaines Tire and Brake", "ORGANIZATION", None),  # two trades' heads
    ("hmong_samoan_filipino_names.txt", "Wat Lao Buddhavong", "ORGANIZATION", None),  # a temple, its head first
    ("yards_slang_numbers.txt", "Corcoran", "ORGANIZATION", None),  # a prison's alias before its unit (SHU)
    ("yards_slang_numbers.txt", "2004-117733", "ID", None),  # a file's number after its year, no date
    ("yards_slang_numbers.txt", "two in the morning", "TIME", None),  # "around two": no pill
    ("place_named_people_letters.txt", "Savannah", "PERSON", None),  # "Your daughters?" / "Savannah and Sydney."
    ("place_named_people_letters.txt", "Sydney", "PERSON", None),
    ("place_named_people_letters.txt", "16, the age", "AGE", None),  # "his son, Orlando, is now 16, ..."
    ("place_named_people_letters.txt", "Denver", "PERSON", None),  # "And your son?" / "Denver. He's 15."
    ("place_named_people_letters.txt", "Phoenix Alvarado", "PERSON", None),  # a town's first name and surname
    ("place_named_people_letters.txt", "Greater Mount Zion A.M.E. Church", "ORGANIZATION", None),  # an initialism in it
    ("running_header_dates.txt", "AH three three one seven", "CDCR_ID", None),  # the letters said together, digits one by one
    ("running_header_dates.txt", "eleven thirty", "TIME", None),  # "about eleven thirty": an hour and its minutes said
    ("running_header_dates.txt", "2004-2007", "DATE", None),
    ("numbered_findings_decision.txt", "then 17", "AGE", None),  # "his girlfriend, Araceli Montaño, then 17, at"
    ("numbered_findings_decision.txt", "19-0516-CTF-0882", "ID", None),  # a transcription firm's job number
    ("exhibit_list_identifiers.txt", "1HGEJ6674XL038211", "ID", None),  # a vehicle identification number
    ("exhibit_list_identifiers.txt", "2150 River Plaza Drive, Suite 240", "LOCATION", None),  # a street of two suffixes
    ("exhibit_list_identifiers.txt", "Joaquin Ellery-Nakamura", "PERSON", 1),  # the last one before the exhibits' heading
    ("spoken_dates_womens.txt", "ten fifty-two", "TIME", None),
    ("spoken_dates_womens.txt", "W as in William, F as in Frank, zero two two one", "CDCR_ID", None),
    ("spoken_dates_womens.txt", "'83", "DATE", None),  # "in '82 or '83"
    ("spoken_dates_womens.txt", "twenty-one oh four West Merrill", "LOCATION", None),  # after "Merrill Avenue"
    ("qa_prisons_aliases.txt", "P dash 5-5-0-1-8", "CDCR_ID", None),  # a title page's number said with "dash"
    ("qa_prisons_aliases.txt", "The fifth of the fifth, '71", "DATE", None),  # a month by its ordinal
    ("qa_prisons_aliases.txt", "Five six two, four four, four four one seven", "ID", None),  # a social said aloud
    ("qa_prisons_aliases.txt", "'93", "DATE", None),  # a range's first year, no time word before it
    ("en_banc_review.txt", "18 Calle Zaragoza", "LOCATION", None),  # a street named in Spanish, its number before
    ("en_banc_review.txt", "Avenida Hidalgo número 1207", "LOCATION", None),  # ... and after
    ("interpreter_letters_addresses.txt", "418 Calle Jacinto", "LOCATION", None),
    ("en_banc_review.txt", "1455 Sunrise Mall", "LOCATION", None),  # a mall's own house number
    ("en_banc_review.txt", "EL-21-0937", "ID", None),  # after "certificate, number"
    ("interpreter_letters_addresses.txt", "91903-2209", "LOCATION", None),  # a zip code and its four digits
    ("rescission_margin_footer.txt", "1K74329", "ID", None),  # a licence plate of one letter
    ("rescission_margin_footer.txt", "Ignatius Mbeki-Ross", "PERSON", None),  # after "Bishop", a title
    ("risk_quoted_tag_change.txt", "Clarence Overstreet", "PERSON", None),  # "Bishop Clarence Overstreet of ..."
    # hand26: a prior record read as a list, parole plans' contacts, a mental-health report, OCR's pipes and B for 8
    ("prior_record_pages.txt", "BA167734", "ID", None),  # a superior court's case number
    ("prior_record_pages.txt", "G99-03117", "ID", None),  # a booking number
    ("prior_record_pages.txt", "AE7391", "CDCR_ID", None),  # two letters and four digits
    ("prior_record_pages.txt", "ZHANG WEILIN", "PERSON", 1),  # a Chinese name printed surname first
    ("prior_record_pages.txt", "Kalinka Deli", "ORGANIZATION", None),  # a shop the crime was at
    ("plans_contacts_mixed_tags.txt", "4155550199", "PHONE_NUMBER", None),  # ten digits unbroken after "His number is"
    ("plans_contacts_mixed_tags.txt", "600 The Embarcadero", "LOCATION", None),
    ("plans_contacts_mixed_tags.txt", "0881274", "ID", None),  # a student ID
    ("plans_contacts_mixed_tags.txt", "Sefo Vaipulu", "PERSON", None),  # "from Sefo Vaipulu, he's from my village"
    ("plans_contacts_mixed_tags.txt", "Ibrahim al-Rashid bin Saleh", "PERSON", None),
    ("plans_contacts_mixed_tags.txt", "August Taumoepeau", "PERSON", None),  # a month's name as a first name
    ("mental_health_report_read.txt", "Stockton", "LOCATION", None),  # a title page's prison's town
    ("mental_health_report_read.txt", "Progress House", "ORGANIZATION", None),
    ("ocr_pipes_ligatures.txt", "1B47", "ID", None),  # "badge 1B47": B for 8
    ("ocr_pipes_ligatures.txt", "7/2B/1979", "DATE", None),
    ("ocr_pipes_ligatures.txt", "S59-555-O1B6", "PHONE_NUMBER", None),
    ("ocr_pipes_ligatures.txt", "H-S5021", "CDCR_ID", None),
    ("rescission_margin_footer.txt", "Dutch", "PERSON", None),  # "My celly, Dutch, he made it": a nickname
    ("en_banc_review.txt", "Ronald Reagan State Building", "ORGANIZATION", None),  # a building named for someone
    ("rescission_margin_footer.txt", "Whitley Hall", "ORGANIZATION", None),  # "in Facility B, Whitley Hall"
    ("double_names_examination.txt", "Denny's", "ORGANIZATION", None),  # "at the Denny's on Hilltop Drive"
    ("family_statements.txt", "Denny's", "ORGANIZATION", None),  # "at the Denny's on Blackstone and Shaw"
    ("decedent_initials_families.txt", "Pho Saigon", "ORGANIZATION", None),  # "the Pho Saigon restaurant"
    ("form_title_case_tags.txt", "Pho Saigon", "ORGANIZATION", None),
    ("decedent_initials_families.txt", "Alisal", "LOCATION", None),  # "everybody in Alisal knew us": a neighbourhood
    ("capitals_veteran_organisations.txt", "AMITY FOUNDATION", "ORGANIZATION", None),  # ordinary words before its head
    ("capitals_veteran_organisations.txt", "HOMEBOY INDUSTRIES", "ORGANIZATION", None),
    ("asr_diarized_first_names.txt", "green thumb landscaping", "ORGANIZATION", None),  # without capitals
    ("decision_review_citations.txt", "2016", "DATE", None),  # "paroled in 2016"; "People v. Franklin (2016) 63 Cal.4th" stays
    ("juvenile_record_tagalog_interpreter.txt", "Arnel Macaraeg", "PERSON", 1),  # "Also:" list, the language in brackets
    ("juvenile_record_tagalog_interpreter.txt", "J-198844", "ID", None),  # a dependency case's number
    ("juvenile_record_tagalog_interpreter.txt", "Fred Finch Youth Center", "ORGANIZATION", None),  # a group home
    ("asr_diarized_first_names.txt", "reuben okonjo ellis", "PERSON", None),  # under "[00:00:02] SPEAKER_00:" labels
    ("asr_diarized_first_names.txt", "b as in boy, t as in tom, five one seven two nine", "CDCR_ID", None),
    ("asr_diarized_first_names.txt", "chuckawalla valley state prison", "ORGANIZATION", None),
]


@pytest.mark.parametrize(("name", "surface", "label", "certainty"), LABELED, ids=[f"{n[:12]}:{s}" for n, s, *_ in LABELED])
def test_it_labels_what_it_masks_as_a_reader_would(analyses, name, surface, label, certainty):
    analysis = analyses[name]
    at = analysis.transcript.text.find(surface)
    assert at >= 0, f"{surface!r} is not in {name}"
    over = [m for m in analysis.mentions if m.start < at + len(surface) and at < m.end]
    assert over and {m.label for m in over} == {label}, [(m.label, m.sources) for m in over]
    if certainty is not None:
        assert {m.confidence for m in over} == {certainty}


#: (file, groups): the mentions each context points at (the bracketed part) are one person, and the groups are
#: different persons: relatives sharing a surname, a father named for his son's middle name, a short name, two
#: people with one surname told apart by a title
GROUPED = [
    ("shared_surnames.txt", [["by Dr. [Samuel Lee]", "Dr. [Lee] found", "remember Dr. [Lee]"],
                             ["morning, Commissioner [Lee]", "[JENNIFER LEE], Presiding"]]),
    ("shared_surnames.txt", [["brother, [Raymond Delgado], went", "Yes. [Ray] and me", "Where is [Ray] now"],
                             ["father, [Antonio Delgado Sr.], passed"], ["record for [Marcus Delgado]. Mr."],
                             ["mom, [Esther Delgado], visits", "Mrs. [Delgado] says"]]),
    ("shared_surnames.txt", [["daughter, [Hope Alvarez], who", "[Hope] was in the kitchen"],
                             ["is [Gloria Alvarez]. Hope", "you, Mrs. [Alvarez]. Ms."], ["father, [Ernesto Alvarez], died"]]),
    ("family_names.txt", [["DEPUTY DISTRICT ATTORNEY [NGUYEN]:", "[THOMAS NGUYEN], Deputy"],
                          ["[PATRICIA NGUYEN], Attorney", "ATTORNEY [NGUYEN]:  No relation"]]),
    ("family_names.txt", [["brother is [Tyrone Moore]?", "He goes by [Ty].", "2008. [Ty] visits", "[Ty Moore] will"],
                          ["mother is [Gwendolyn Moore],", "Mrs. [Moore] says"], ["[DESHAWN MOORE], Inmate"]]),
    ("family_names.txt", [["[KAREN MITCHELL], Victim's", "Her sister [Karen] and", "Thank you, Ms. [Mitchell]. Thank"],
                          ["[DAVID MITCHELL], Victim's", "Thank you, Mr. [Mitchell]. Ms."], ["victim was [Lisa Mitchell]."],
                          ["father, [Harold Mitchell], died"]]),
    ("victim_family_surnames.txt", [["case was [Hope Alvarez]. Alvarez", "Alvarez. [Alvarez] was nineteen",
                                     "you shot [Alvarez] twice", "I shot [Hope]. I"],
                                    ["I'm [Rosa Alvarez]. Danny", "OSTROWSKI:  Ms. [Alvarez], you"],
                                    ["[Danny] is here", "OSTROWSKI:  Mr. [Alvarez], do"]]),
    ("victim_family_surnames.txt", [["your father, [Earl Pruitt], wrote", "him. [Earl] says"],
                                    ["HOLLAND:  Mr. [Pruitt], your", "[JAMES EARL PRUITT]  "],
                                    ["brother [Calvin Pruitt] will"]]),
    ("parole_plans_phonetic.txt", [["[Tommy] was my husband", "the victim, [Tomás Whitcomb], was"],
                                   ["widow, [Dorothy Whitcomb], asked"]]),
    ("youth_military_immigration.txt", [["Ms. [Mendivil], you're his sister", "MS. [MENDIVIL]:", "Yes. [Delphine]. I"],
                                        ["Mr. [Mendivil], the panel", "Good luck, [Lupe].", "[Lupe] can call"]]),
    ("korean_family_interpreter.txt", [["the interpreter, Mr. [Chang], will", "Interpreter (Korean): [Chang Min-ho]"]]),
    ("korean_family_interpreter.txt", [["Thank you, Ms. [Lee]. Sergeant", "I'm [Lee Ha-eun].", "Ms. [Lee], you're"],
                                       ["husband was [Lee Jae-sung],"], ["grandmother, [Lee Soon-ja],"]]),
    ("korean_family_interpreter.txt", [["Ms. [Park], the interpreter", "IN THE MATTER OF:  [PARK SOO-JIN]"],
                                       ["sister, [Park Mi-kyung],"]]),
    ("officer_victim_codefendants.txt", [["Officer [Doyle] pulled", "Officer [Doyle] was thirty-four",
                                          "Officer [Patrick Doyle Senior], badge"],
                                         ["[Patrick Doyle Junior].", "MR. [DOYLE]:", "a son, [Patrick], who"],
                                         ["He left [Maureen], who", "MRS. [DOYLE]:"]]),
    ("officer_victim_codefendants.txt", [["[Darnell Lamar Hollingsworth], also", 'also known as "[Boo]"',
                                          "MR. [HOLLINGSWORTH]:  Yes. Kevin", "Mr. [Hollingsworth], you were"],
                                         ["mother, [Odessa Hollingsworth], passed"]]),
    ("officer_victim_codefendants.txt", [['were [Kevin] "K-Dog"', '"K-Dog" [Sutton] and', "[K-Dog] had the"],
                                         ["[Tremaine Mabry]. He"]]),
    ("name_change_tattoos.txt", [["[SAMUEL TESFAYE], formerly", "known as [SAMUEL GEBREMEDHIN]", "born [Samuel Gebremedhin] in",
                                  "I forgave [Samuel] in"], ["daughter, [Selam Tesfaye], is"]]),
    ("tribal_names_risk.txt", [["Mr. [Two Bulls], you're", "[JOSEPH TWO BULLS]\n", "INMATE [TWO BULLS]:  Yes. My"],
                               ["grandmother, [Evelyn Two Bulls]."]]),
    ("tribal_names_risk.txt", [["victim was [Dustin Running Horse],", "Yes. [Dustin] was"],
                               ["Ms. [Running Horse]'s son", "MS. [RUNNING HORSE]:"], ["sister, [Winter Running Horse]."]]),
    ("phonetic_markers_labels.txt", [["[HART] (PRESIDING):  -- excuse", "Commissioner [Lionel Hart]."],
                                     ["for Commissioner [Vos]."]]),
    ("hmong_samoan_filipino_names.txt", [["from Mr. [Her], Xay", "Mr. Her, [Xay Her], his"],
                                         ["is [Mai Nou Her]. She", "mother is Mrs. [Her]."]]),
    ("place_named_people_letters.txt", [["struck [Phoenix Alvarado] with", "Yes, sir. [Phoenix] and me",
                                         "say that [Phoenix]'s son"],
                                        ["HOLLOWAY: [Savannah] and Sydney", "Sydney. [Savannah] is 24"]]),
    ("two_families_same_tags.txt", [["INMATE [CASTILLO]:  Yes, ma'am.", "Raymond Castillo. Mr. [Castillo], can you",
                                     "for the inmate. Mr. [Castillo], did"],
                                    ["[Eduardo Castillo] (the", "Good morning, Mr. [Castillo].", "MR. [CASTILLO]:  Good",
                                     "Thank you, Mr. [Castillo]. You can"],
                                    ["father's, [Esteban Castillo]'s, house", "[Esteban Castillo] passed"]]),
    ("two_families_same_tags.txt", [["[Thuy Pham] (mother)", "her mother, Mrs. [Pham], and", "MRS. [PHAM]:  Thank",
                                     "Thank you, Mrs. [Pham]. Mr."],
                                    ["victim, [Lorena Pham], we", "Ms. [Pham] was 20", "did Ms. [Pham] ever"],
                                    ["[Kevin Pham] (brother)", "her brother, Mr. [Pham]. Welcome", "MR. [PHAM]:  My"]]),
    ("spouse_victim_daughter_speaks.txt", [["his wife, [María Elena Gutiérrez]. Her", "you shot Mrs. [Gutiérrez] three",
                                            "OKONJO:  Mrs. [Gutiérrez] was 34", "I thought [María] belonged"],
                                           ["[JOSÉ ANTONIO GUTIÉRREZ], Inmate", "are here. Mr. [Gutiérrez], you",
                                            "INMATE [GUTIÉRREZ]:  Yes. I haven't"],
                                           ["OKONJO:  Ms. [Gutiérrez], you may", "MS. [GUTIÉRREZ]:  Thank", "I'm [Ana]."],
                                           ["My father, [Antonio Gutiérrez], beat"]]),
    ("support_letters_family.txt", [["His mother, Ms. [Holt], is here", "SALAZAR-HENNING: Ms. [Holt], would you",
                                     "MS. [DENISE HOLT]: I'll go", "Thank you, Ms. [Holt]. Monique?"],
                                    ["MS. [MONIQUE HOLT]: My", "Thank you, Ms. [Holt]. Ms. Kowalczyk?"],
                                    ["The victim, [Reginald Holt], was", "[Reggie] owed me", "Mr. [Holt] died at"]]),
    ("support_letters_family.txt", [["was [Marcus Washington], your cousin", "Mr. [Washington], your cousin, testified",
                                     "Yes. [Marcus] handed"],
                                    ["INMATE [WASHINGTON]: Yes, ma'am.", "Thank you. Mr. [Washington] was 24"]]),
    ("name_change_tattoos.txt", [["Wait, Ms. [Woldemariam] is", "[ABEBA WOLDEMARIAM], Victim's", "MS. [WOLDEMARIAM]:  Can"],
                                 ["The victim, [Yonas Woldemariam], was"]]),
    ("role_tags_kin_titles.txt", [["[Michael Tolliver] was working", "Mr. [Tolliver] gave you", "[Michael] was my husband",
                                   "say to [Michael]'s son"],
                                  ["2:  [Michael Tolliver Junior]. He", "Mrs. Tolliver. Mr. [Tolliver]?",
                                   "Thank you, Mr. [Tolliver]. Mr. Strand"],
                                  ["is [Pearl Tolliver]. Michael", "Thank you, Mrs. [Tolliver]. Mr."]]),
    ("role_tags_kin_titles.txt", [["[HECTOR MANUEL VARGAS], CDCR", "for [Hector Vargas]. Mr.", "one. [Hector], what"],
                                  ["my dad, [Manuel], was"], ["[Rodolfo Vargas]. I'm his uncle", "Uncle [Rudy] drove"],
                                  ["brother, [Ruben Vargas], went"], ["[Guadalupe Vargas]. My mom", "Grandma [Lupe] passed"]]),
    ("role_tags_kin_titles.txt", [["letter from a [Tanya Greer].", "Miss [Tanya] made me"]]),
    ("double_names_examination.txt", [["[BILLY RAY HUTCHINS],", "they called me [Junebug].", "Q.  [Billy Ray], what"],
                                      ["[Mary Ellen Hutchins].", "[Mary Ellen Pruett] now.", "Your sister, Ms. [Pruett],"],
                                      ["your ex-wife, [Tammy Sue Hutchins],", "Ms. [Hutchins] -- she goes",
                                       "by [Tammy Sue Lowry] now"],
                                      ["My mama is [Gloria] too.", "[Gloria Hutchins]. She's"],
                                      ["[GLORIA RUIZ], Victim's", "My name is [Gloria Ruiz]. Angela"]]),
    ("double_names_examination.txt", [["victim in this case was [Angela Ruiz-Carter],", "[Angie], we called her",
                                       "how did you know Ms. [Carter]?", "Ms. [Ruiz-Carter] died at"],
                                      ["Mrs. Ruiz. Ms. [Ruiz-Carter]?", "her sister, Ms. [Ruiz-Carter], are",
                                       "MS. [RUIZ-CARTER]:  I'm", "I'm [Denise]. I'm"]]),
    ("couple_victims_same_first_names.txt", [["were [Louis Delacroix Jr.] and", "Mr. [Delacroix] was sixty-two",
                                              "knew Mr. [Delacroix] from", "My father, [Louis Delacroix Junior], was"],
                                             ["[Louis Delacroix III] (son)", "their son, Mr. [Delacroix], are",
                                              "MR. [DELACROIX]:  Morning", "I'm [Louis Delacroix] the Third",
                                              "calls me [Trey], like"],
                                             ["his wife, [Yvette Delacroix].", "Mrs. [Delacroix] was fifty-nine",
                                              "who shot [Yvette]."]]),
    ("couple_victims_same_first_names.txt", [["[MARQUEZ], Anthony Luis", "MARQUEZ, [Anthony Luis],", "known as [Ant],",
                                              "[Anthony Marquez] knew", "Mr. [Marquez] was convicted"],
                                             ["hearing of [Anthony Reyes]. Mr.", "[REYES], Anthony Joseph", "and me [Tony]."],
                                             ["Officer [Reyes] of the", "Officer [Reyes] was a good"],
                                             ["is [Consuelo Reyes]?", "[Connie]. Señora", "Señora [Reyes], the"]]),
    ("role_only_tags_stepchild.txt", [["mother, [Loretta Brooks], will", "Mrs. [Brooks] is seventy",
                                       "grandma, [Loretta Brooks], did", "Mrs. [Brooks] hugged"],
                                      ["His mother, Ms. [Brooks], is", "MS. [BROOKS]:  Thank", "My name is [Tasha Brooks].",
                                       "Thank you, Ms. [Brooks]. Mr."],
                                      ["victim was [Jayden Brooks],", "[Jayden] was my whole"],
                                      ["hearing for [Marcus Brooks], CDC", "ATTORNEY:  Mr. [Brooks], when",
                                       "[Marcus] was supposed"]]),
    ("role_only_tags_stepchild.txt", [["done by Dr. [Patricia Webb].", "Is Dr. [Webb] any"],
                                      ["man named [Darius Webb].", "relation to [Darius Webb]?", "[Darius] never even"]]),
    ("clergy_titles_family.txt", [["[Tyrone Gaines] outside", "Mr. [Gaines] was twenty", "[Tyrone] was from"],
                                  ["Pastor [Gaines] -- Tyrone's", "Reverend [Otis Gaines] --", "Pastor [Gaines] forgave",
                                   "Reverend [Gaines] is the", "and Pastor [Gaines] both"],
                                  ["your father, Mr. [Price], who", "Deacon [Price]. My dad", "calls him Deacon [Ken]",
                                   "ma'am. [Kenneth Price]. Desmond's"],
                                  ["is [Desmond Price]. Mr.", "ATTORNEY KLINE:  Mr. [Price] has"]]),
    ("shared_first_names_utterances.txt", [["My sister, [Maria Hernandez], she", "month. [Maria] brings my kids"],
                                           ["victim was [Maria Lopez], nineteen", "You and [Maria] had", "[Maria] hit her head",
                                            "Lopez. [Maria] was my first"],
                                           ["husband, [Daniel Ruiz], works", "[Daniel]'s a good"],
                                           ["brother, [Daniel Lopez], found", "morning. [Daniel] was twelve"]]),
    ("shared_first_names_utterances.txt", [["mom, [Rosa Hernandez], can't", "[Rosa] is what everybody"],
                                           ["[ROSA LOPEZ], Victim's", "My name is [Rosa Lopez]. Maria"]]),
    ("decedent_initials_families.txt", [["for [James Hernandez]. Mr.", "so they called me [J.R]"],
                                        ["HERNANDEZ:  [Robert Hernandez]. Deacon", "Deacon [Hernandez] at Sacred"],
                                        ["[Jesus Hernandez], my dad's"]]),
    ("risk_quoted_tag_change.txt", [["INMATE [PROCTOR]:  Lemuel", "MR. [PROCTOR]:  I'm going", "hearing of [Lemuel Proctor], P-66215"],
                                    ["niece, [Latoya Proctor-Kemp]; one"]]),
    ("interpreter_letters_addresses.txt", [["MRS. [CASTAÑEDA] (THROUGH", "My name is [Herminia Castañeda Olvera]. I am"],
                                           ["murder of [Armando Olvera Castañeda], who"],
                                           ["MR. [OLVERA]:  I'll speak", "My name is [Rubén Olvera]. I was"]]),
    ("decedent_initials_families.txt", [["was Mr. [Tuan Nguyen]. Mr.", "Mr. [Nguyen] owned the", "Mr. [Nguyen] was counting",
                                         "name was [Nguyen Van Tuan].", "husband [Tuan] came"],
                                        ["[Linh Nguyen] (widow)", "His widow, Mrs. [Nguyen], and", "Thank you, Mrs. [Nguyen]."],
                                        ["[Minh Nguyen] (son)", "his son, Mr. [Nguyen], are", "That was [Minh].",
                                         "Mr. [Nguyen], you'll go"]]),
    ("initialed_tags_family.txt", [["[CHARLES OKONKWO], Inmate's Uncle", "MR. [C. OKONKWO]:  Charles",
                                    "Mr. [Okonkwo], the uncle, you wrote", "Mr. [Charles Okonkwo] has visited",
                                    "Uncle [Charles]'s son"],
                                   ["[RAYMOND OKONKWO], Inmate", "INMATE [OKONKWO]:  Dwayne Okonkwo.",
                                    "INMATE [OKONKWO]:  We went", "[Raymond] can live with me"],
                                   ["[Dwayne Okonkwo]. Uncle", "my cousin [Dwayne]."]]),
    ("initialed_tags_family.txt", [["[ROBERTA SIMMS], Victim's Mother", "MS. [R. SIMMS]:  Roberta",
                                    "the mother will be Ms. [R. Simms]", "Thank you, Ms. [Simms]. Ms. D."],
                                   ["[DENISE SIMMS], Victim's Sister", "MS. [D. SIMMS]:  Denise",
                                    "the sister Ms. [D. Simms]", "Thank you, [Denise]."],
                                   ["murder of [Jerome Simms]", "Mr. [Simms] was twenty-two",
                                    "knew him as [Romy], I understand", "Yes. [Romy]. His grandmother"]]),
    # a father and the son named after him by their street names' leads: "Big Mike" the father, "Little Mike" the son
    ("role_tags_kin_titles.txt", [["[Michael Tolliver] was working", "anyway. [Big Mike], they called him",
                                   "neighborhood knew [Big Mike].", "Thank you. [Mike] and I were married"],
                                  ["2:  [Michael Tolliver Junior]. He", "sold it. [Little Mike] was nine",
                                   "I'm not [Little Mike] anymore"]]),
    # a son named after his uncle: "Little Jerome" is one name, the boy's ("Jerome" is a town too)
    ("initialed_tags_family.txt", [["murder of [Jerome Simms]", "after him, [Jerome]. Little"],
                                   ["[Little Jerome] is twelve"]]),
    # a nickname given to someone named just before it ("they called him Smoke", "Everybody called her Shelly")
    ("caption_line_numbers.txt", [["named [Marcus Oyelaran], they", "they called him [Smoke], over"]]),
    ("speaker_variants.txt", [["My homeboy [Kevin], we called", "we called him [Little Kev], and"]]),
    ("parole_plans_phonetic.txt", [["My crimey, [Jesús Ortega], they", "they called him [Huero]."]]),
    ("speaker_timestamp_lines.txt", [["my partner [Andre], we called", "we called him [Dre-Loc], we went"]]),
    ("police_report_read.txt", [["My crime partner, [D'Marcus Whitlow].", "We called him [Little Bit]."]]),
    ("family_statements.txt", [["My daughter was [Rochelle Ann Solano].", "Everybody called her [Shelly]."]]),
    ("womens_prison_custody.txt", [["with [Curtis Ambrose Pettway Jr.] then", "Everybody called him [C-Money]."]]),
    # ... not someone named before the clause ("King and a second man, known as Baby Boy"), nor the speaker
    ("common_word_names.txt", [["Witnesses said [King] and a second"], ["known as [Baby Boy], fired"]]),
    ("appearances_role_first.txt", [["INMATE [DE LA TORRE-BALDERRAMA]: Guadalupe."],
                                     ["we call him [Tercero], and"]]),

    ("aliases_married_names.txt", [["[William Tate] (brother)", "his brother, [Bill Tate], and", "his uncle [Bill].",
                                    "Twice a year. [Bill] brings", "MR. [TATE]:  William Tate.", "Mr. [Tate] and I agree",
                                    "Thank you, Mr. [Tate]. We'll", "called me [Billy Goat] when"],
                                   ["[Linda Chen] (sister)", "formerly [Linda Tate].", "MRS. [CHEN]:  Good morning.",
                                    "what [Linda] said"],
                                   ["[Robert Allen Tate], who", "who everyone called [Robby], your",
                                    "how did you meet [Rob Tate]?"],
                                   ["Mrs. [Tate], Evelyn Tate", "Mrs. Tate, [Evelyn Tate], she", "Our mother, [Evelyn], died"],
                                   ["[Robert Tate Junior], we call", "we call him [Bear]. Bear", "[Robert Junior] is my nephew"]]),
    ("aliases_married_names.txt", [["In the matter of:  [SUSAN MARIE HOLLOWAY-BRANDT]", "I was born [Susan Marie Pickett].",
                                    "Everyone calls me [Suzy].", "My maiden name is [Susan Marie Holloway]."],
                                   ["My first husband, [Dale Pickett], had", "[Dale] got them"],
                                   ["[Kayla Pickett], goes by", "goes by [Kay]. Kay is"], ["husband, [Victor Chen], and I"]]),

    # statements read by someone else: "My name is Harold Lewis" under the representative's tag is not her name
    ("advocate_reads_statements.txt", [["[GRACE KIM], Victim", "Thank you, Ms. [Kim].", "REPRESENTATIVE [KIM]:  I will."],
                                       ["My name is [Harold Lewis].", "Signed [Harold Lewis].", "thank Mr. [Lewis] and"],
                                       ["\"I am [Renee Lewis-Carter].", "end of Ms. [Lewis-Carter]'s", "sister, [Renee]. Renee"],
                                       ["mother is [Loretta Moody].", "his mother, Mrs. [Moody], will"],
                                       ["hearing of [Deshawn Moody].", "Mr. [Moody]'s letters", "Mr. [Moody], anything"]]),

    # two victims, each named in brackets after a relative's role on the title page; the inmate's brother
    ("two_victims_brothers.txt", [["Victim's Wife ([Darnell Pruitt])", "Mr. [Pruitt] was behind", "shot Mr. [Pruitt] first",
                                   "Mr. [Pruitt] was good to me"],
                                  ["[TERRENCE PRUITT], Victim's Son", "Mr. [Pruitt], did you want", "Thank you, Mr. [Pruitt]."],
                                  ["[JOYCE PRUITT], Victim's Wife", "Mrs. [Pruitt]?"],
                                  ["Victim's Mother ([Kyle Webb])", "Mr. [Webb] was a customer"],
                                  ["[DIANE WEBB], Victim's Mother", "Thank you, Mrs. [Webb]."]]),
    ("two_victims_brothers.txt", [["his brother, [Carlos Ortega].", "[Carlos] did. He was older."],
                                  ["[LUIS ORTEGA], Inmate", "INMATE [ORTEGA]:  Carlos did", "Mr. [Ortega]'s mother"],
                                  ["Mrs. [Ortega], Graciela", "Mrs. Ortega, [Graciela Ortega], has"],
                                  # first names listed before a full name share its surname
                                  ["aunt and uncle, [Elvia] and Ramon", "Mrs. [Villegas] offers him"],
                                  ["Elvia and [Ramon Villegas], in Salinas"]]),

    # speaker tags with the first name and a bracket ("MS. ELENA GARCIA (VIA TELEPHONE):"); a father named after the
    # inmate's first name, with "Senior"
    ("phone_tags_namesakes.txt", [["[BEATRIZ GARCIA], Victim's Mother", "MS. [BEATRIZ GARCIA] (VIA TELEPHONE):  Yes",
                                   "Mrs. [Garcia], you may go first"],
                                  ["[ELENA GARCIA], Victim's Sister", "MS. [ELENA GARCIA] (VIA TELEPHONE):  Me too",
                                   "Thank you, Ms. [Garcia]. Mr."],
                                  ["The victim was [Miguel Garcia]", "you knew [Miguel]?"]]),
    # a titled surname and a first name set off after it are two people addressed ("Mrs. Garcia, Elena, I'm sorry")
    ("phone_tags_namesakes.txt", [["[BEATRIZ GARCIA], Victim's Mother", "GUTIERREZ:  Mrs. [Garcia], Elena"],
                                  ["[ELENA GARCIA], Victim's Sister", "Mrs. Garcia, [Elena], I'm sorry"]]),
    ("initialed_tags_family.txt", [["[ROBERTA SIMMS], Victim's Mother", "OKONKWO:  Ms. [Simms], Denise, I'm"],
                                   ["[DENISE SIMMS], Victim's Sister", "Ms. Simms, [Denise], I'm sorry"]]),
    ("phone_tags_namesakes.txt", [["[ANTHONY GUTIERREZ], Inmate", "INMATE [GUTIERREZ]:  Good morning."],
                                  ["father is also named [Anthony], correct", "[Anthony Gutierrez Senior]. He passed"],
                                  ["my cousin, [Ray Gutierrez]. We", "We call him [Little Ray]."]]),

    # hand26: a Chinese name surname first ("Mr. Liu" is Liu Xiaoming), Tongan and Polish families, names of places
    # and months ("Austin", "Madison", "Lincoln", "June", "April") in a mental-health report
    ("prior_record_pages.txt", [["the victim, [Liu\n 2   Xiaoming], age", "Mr. [Liu] died at", "killed [Liu Xiaoming], a"],
                                ["widow, Mrs. [Wang Lifen], was"],
                                ["mother,\n14   [Lyudmila Petrovna Morozova], and", "letters of [Lyudmila Morozova] and"],
                                ["[VIKTOR ALEKSANDROVICH MOROZOV]  )", "INMATE [MOROZOV]:  Yes. English",
                                 "matter of [Viktor Morozov], AE7391"]]),
    ("plans_contacts_mixed_tags.txt", [["[Losana Mahe Tuipulotu]. She's", "contact, [Losana Tuipulotu], same",
                                        "from Mrs. [Tuipulotu] and"],
                                       ["husband's, [Sione Tuipulotu].", "Uncle [Sione] is a deacon"],
                                       ["girlfriend, [April Fonua], she's", "Ms. [Fonua]'s letter", "and Ms. [Fonua] is"],
                                       ["Mr. [Dariusz Wiśniewski] in", "Mr. [Wiśniewski] was stabbed"],
                                       ["Mrs. [Halina Wiśniewska], wrote", "Mrs. [Wiśniewska], Agnieszka"]]),
    ("mental_health_report_read.txt", [["[AUSTIN LEE PEMBERTON], CDCR", "hearing of [Austin Pemberton], BF2218",
                                        "INMATE [PEMBERTON]\nYes, ma'am."],
                                       ["mother, [Jordan Pemberton], was"],
                                       ["Mr. [Lincoln Delacroix] came", "when I killed Mr. [Delacroix]."],
                                       ["wife, Mrs. [Savannah Delacroix], and", "Mrs. [Delacroix] wrote to"],
                                       ["son, [Austin Delacroix], was"],
                                       ["aunt, [Madison Fontenot-Reyes], in", "my aunt [Madison] can"],
                                       ["Ms. [June Okafor], LCSW", "the second is Ms. [Okafor], my"]]),
    # a married woman's title names the victim's mother, not his sister; a nickname of someone asked about in the
    # question before ("How did you know Nils?" / "He went by Tank."); a maiden name after "went back to"
    ("married_titles_nicknames.txt", [["[Ingrid Halvorsen] (mother)", "ASHDOWN:  Mrs. [Halvorsen], would",
                                       "MRS. [HALVORSEN]:  Yes.", "Thank you, Mrs. [Halvorsen]. Ms.",
                                       "KANE:  Mrs. [Halvorsen], Maren"],
                                      ["[Maren Halvorsen] (sister)", "Ms. [Halvorsen], you're his sister",
                                       "MS. [HALVORSEN]:  Yes. I'm", "Mrs. Halvorsen, [Maren], I'm sorry"],
                                      ["[Erik Halvorsen] (father)", "ASHDOWN:  Mr. [Halvorsen]?", "MR. [HALVORSEN]:  My wife",
                                       "sorry. Mr. [Halvorsen], I am"],
                                      ["victim was [Nils Halvorsen], who", "He went by [Tank]. Everybody",
                                       "morning. [Tank] was what"]]),
    ("married_titles_nicknames.txt", [["matter of:  [ROSALIND JOY WEATHERBY-KANE]", "I was born [Rosalind Joy Pickering].",
                                       "went back to [Pickering] for"], ["husband was [Dwight Weatherby]."],
                                      ["married [Leon Kane] in"]]),
    ("aliases_married_names.txt", [["I was born [Susan Marie Pickett].", "I went back to [Holloway] and then"],
                                   ["husband, [Dale Pickett], had"]]),
    ("decision_review_citations.txt", [["Mr. [Oduya] waited", "citing People v. [Oduya] (2002)"],  # a party's own appeal
                                       ["patron, [Bernadette Ostrowski], in", "Ms. [Ostrowski] did"]]),
    ("juvenile_record_tagalog_interpreter.txt", [["[Jomar Dela Paz], BN-28164", "you go by [Jomar]?", "calls me [Totoy]."],
                                                 ["[Harbhajan Singh Gill], 58"],
                                                 ["[Manpreet Singh Gill] (son)", "from [Manpreet]."],
                                                 ["[Penelope Achebe]. She", "from Ms. [Achebe]."]]),
    ("asr_diarized_first_names.txt", [["mister [reuben okonjo ellis], cdcr", "[reuben ellis], b t", "mister [ellis], have"],
                                      ["dad was [curtis ward].", "did you know [curtis]?"], ["[clarence ellis], he was"],
                                      ['named [terrence] "t-bone"', "where's [terrence] now", "mister [hollis] since"]]),
]


def _entity_at(analysis, context: str) -> int:
    text = analysis.transcript.text
    plain = context.replace("[", "").replace("]", "")
    at = text.find(plain)
    assert at >= 0, f"{plain!r} is not in the text"
    start = at + context.index("[")
    end = start + context.index("]") - context.index("[") - 1
    found = [m.entity for m in analysis.mentions if (m.start, m.end) == (start, end)]
    assert found, f"no mention over {text[start:end]!r}"
    return found[0]


@pytest.mark.parametrize(("name", "groups"), GROUPED, ids=[f"{n[:12]}:{g[0][0]}" for n, g in GROUPED])
def test_it_groups_the_mentions_of_one_person_as_a_reader_would(analyses, name, groups):
    entities = [{_entity_at(analyses[name], context) for context in group} for group in groups]
    assert all(len(group) == 1 for group in entities), entities
    assert len(set().union(*entities)) == len(groups), entities
