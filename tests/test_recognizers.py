"""Rule recognizers: exact spans on positive and negative tables, engine use, speed, no network."""
from __future__ import annotations

import socket

import pytest
from presidio_analyzer import AnalyzerEngine, EntityRecognizer, RecognizerRegistry
from presidio_analyzer.nlp_engine import SpacyNlpEngine

from anonymizer.lang.en.recognizers import (
    AgeRecognizer,
    CdcrIdRecognizer,
    DateRecognizer,
    EmailAddressRecognizer,
    HeightRecognizer,
    CourtRecognizer,
    LandPlotRecognizer,
    MoneyRecognizer,
    OccupationRecognizer,
    QuantityRecognizer,
    PhoneNumberRecognizer,
    PrisonTermRecognizer,
    SpelledNameRecognizer,
    SpelledOutItemRecognizer,
    TimeRecognizer,
    UrlRecognizer,
    build_recognizers,
)
from anonymizer.types import Config
from tests.scaling import grows_linearly
from tests.test_recognizers_names import NAME_TABLES


def spans(recognizer: EntityRecognizer, text: str) -> list[str]:
    results = recognizer.analyze(text, entities=recognizer.supported_entities, nlp_artifacts=None)
    return [text[r.start:r.end] for r in sorted(results, key=lambda r: r.start)]


SPELLED_NAME = [
    # capitals with a full stop after each, four or more
    ("Ochoa. O.C.H.O.A. Her name is", ["O.C.H.O.A"]),
    ("it's O. C. H. O. A., sir", ["O. C. H. O. A"]),
    ("my son R.J. and the U.S.A. team", []),
    ("Kevin Richardson, R-I-C-H-A-R-D-S-O-N, CDCR number", ["R-I-C-H-A-R-D-S-O-N"]),
    ("My name is Alyssa Jones J-O-N-E-S, Commissioner", ["J-O-N-E-S"]),
    ("J-O-H-N", ["J-O-H-N"]),
    ("that's M-c-D-O-N-A-L-D.", ["M-c-D-O-N-A-L-D"]),
    ("O-'-B-R-I-E-N", ["O-'-B-R-I-E-N"]),
    ("spelled j-o-h-n, right", ["j-o-h-n"]),
    ("INMATE YOUNG: Y-O-U-N-G.", ["Y-O-U-N-G"]),
    ("D- O- E", ["D- O- E"]),
    ("the R-I-C-H-A-R-D-S-O-N's file", ["R-I-C-H-A-R-D-S-O-N"]),
    ("J-O-H-N- Smith", ["J-O-H-N"]),
    ("Jo, J-O, and", ["J-O"]),
    ("J-O-H-N and S-M-I-T-H", ["J-O-H-N", "S-M-I-T-H"]),
    ("Y-O-\nU-N-G", ["Y-O", "U-N-G"]),
    ("I-I-I think so", []),
    ("w-w-we went", []),
    ("I-I", []),
    ("I- I- I mean", []),
    ("s-s-so", []),
    ("a T-shirt", []),
    ("an X-ray of the arm", []),
    ("send an e-mail", []),
    ("made a U-turn", []),
    ("an A-frame house", []),
    ("a well-known program", []),
    ("mm-hmm", []),
    ("COVID-19", []),
    # only spaces or commas between capitals, four letters or more
    ("Last name is spelled O R T E G A.", ["O R T E G A"]),
    ("Elena Lopez, L, O, P, E, Z.", ["L, O, P, E, Z"]),
    ("O R T E G A and that's it", ["O R T E G A"]),
    ("P R O C E E D I N G S", []),  # a word spelled out, a heading
    ("I N D E X", []),
    ("on Facility A, B, C, D and E", []),  # letters in alphabetical order: a list
    ("A B C D", []),
    ("yards A, B, and C", []),
    ("I A M", []),  # three letters only
    # a speech recogniser's spelling: letters of either case, a capital first, one at least small
    ("Spell it? Fenwick. F e n W i c k. Yes.", ["F e n W i c k"]),
    ("Harlow. H a R L O W.", ["H a R L O W"]),
    ("B R o o K E and the rest", ["B R o o K E"]),
    ("the site, K e l v a r t o n k, I believe", ["K e l v a r t o n k"]),
    ("T a b l e", []),  # a word of the dictionary spelled out
    ("I i i i think so", []),  # a stutter
    ("A b c d", []),  # the alphabet
    ("T o b", []),  # three letters only
    ("x y z w", []),  # no capital first
]

SPELLED_OUT_ITEM = [
    ("V as in Victor", ["V as in Victor"]),
    ("B as in boy", ["B as in boy"]),
    ("that's M, as in Mary", ["M, as in Mary"]),
    ("C as in Charlie, H as in Henry", ["C as in Charlie", "H as in Henry"]),
    ("X AS IN X-RAY", ["X AS IN X-RAY"]),
    ("T as in the word Tom", ["T as in the word Tom"]),
    ("V for Victor", ["V for Victor"]),
    ("K as in Charlie", []),
    ("I for one think so", []),
    ("a for all", []),
    ("I as in me", []),
    ("as in the past", []),
    ("that's as in Mary's", []),
]

CDCR_ID = [
    # the letters and the digits apart, after the number's name only
    ("Your CDC number is E 60418? And", ["E 60418"]),
    ("CDCR No. AN 882133 on file", ["AN 882133"]),
    ("Bakersfield, CA 93304", []),
    ("in the year I 19845", []),
    ("CDCR number V12345.", ["V12345"]),
    # the digits said one by one after a phonetic word or a letter
    ("Echo three three two three eight.", ["Echo three three two three eight"]),
    ("My notes say E dash three three two three eight.", ["E dash three three two three eight"]),
    ("Echo, three three two", []),  # three digits: no number
    ("I was one of three, two three times", []),
    # two letters, then the digits, all said aloud and joined by hyphens or spaces
    ("INMATE NGUYEN: A-F-four-four-one-seven.", ["A-F-four-four-one-seven"]),
    ("CDCR number T-dash-four-four-one-nine-two.", ["T-dash-four-four-one-nine-two"]),
    ("it's A F four four one seven", ["A F four four one seven"]),
    ("Charlie Delta five five five one two", ["Charlie Delta five five five one two"]),
    ("the twenty-four-seven program", []),
    ("AB1234", ["AB1234"]),
    ("number AK2960,", ["AK2960"]),
    ("C-12345", ["C-12345"]),
    ("c12345", ["c12345"]),
    ("CDCR number L90314. Inmate", ["L90314"]),
    ("that's Victor 12345.", ["Victor 12345"]),
    # the letter spelled out before the digits
    ("CDC number E as in Edward 20544.", ["E as in Edward 20544"]),
    ("number is P as in Paul, three zero four one seven?", ["P as in Paul, three zero four one seven"]),
    ("it's C, as in Charlie, 12345", ["C, as in Charlie, 12345"]),
    ("B as in boy, K as in king, four oh seven two one.", ["B as in boy, K as in king, four oh seven two one"]),
    ("it's T as in Tom 40721", ["T as in Tom 40721"]),  # any word that opens with the letter
    ("A as in the 12345", []),  # the word spells no letter
    ("E as in Edward, right?", []),
    ("the hearing for Mr. Estrada, A-K-4-4-7-1. Sir,", ["A-K-4-4-7-1"]),
    ("CDCR V-1-2-3-4-5 and", ["V-1-2-3-4-5"]),
    ("it's A-K, 4-4-7-1.", ["A-K, 4-4-7-1"]),
    ("R-O-S-A, 1-2-3-4", []),  # a spelled name, then digits
    ("C-4-4-7", []),  # three digits: no number
    ("Henry 79363", ["Henry 79363"]),
    ("Charlie 45678", ["Charlie 45678"]),
    ("Alpha Bravo 1234", ["Alpha Bravo 1234"]),
    ("F-A-L-E-O-L-O, Frank Charles 7614.", ["Frank Charles 7614"]),
    ("VICTOR 12345", ["VICTOR 12345"]),
    ("Victor, 12345", ["Victor, 12345"]),
    ("Penal Code 187", []),
    ("section 3041", []),
    ("Title 15", []),
    ("Sacramento 95814", []),
    ("PO Box 1234", []),
    ("AB 1448", []),
    ("a W2 form", []),
    ("H1", []),
    ("at 10:30", []),
    ("in 1995", []),
    ("SB260", []),
    ("under SB1437", []),
    ("Assembly Bill AB1448", []),
    ("the bill AB1448", []),
    ("Senate SB1234", []),
    ("case number BA123456", []),
    ("Victor 3 times", []),
    ("Paul 1995", []),
    ("in November 2011", []),
    ("HCR-20", []),
    ("COVID-19", []),
    ("ABC12345", []),
    ("V1234567", []),
    ("PC1170(d)", []),
]

DATE = [
    # a year by its last two digits, no apostrophe (a speech recogniser's), after a word of time
    ("I qualified in 87, I believe.", ["87"]),
    ("we lived there since 93.", ["93"]),
    ("it rose in 85 degrees", []),
    ("he came in 12, then", []),
    # a month, its day as an ordinal, "of" before the year: said rather than written
    ("it moved out August the second of 2017, yes", ["August the second of 2017"]),
    ("since March the 3rd of 2015", ["March the 3rd of 2015"]),
    ("in May the fourth of this year", ["May the fourth"]),
    # days listed after a month named earlier in the turn (issue 47)
    ("They came back in May, on the 3rd, 4th and 9th, and", ["May", "the 3rd", "4th", "9th"]),
    ("We moved in May, to the 5th floor.", ["May"]),
    ("Your mother's birthday is 12/25, you said?", ["12/25"]),
    ("DOB: 4/11 and she", ["4/11"]),
    ("he was no. 1 in his class, 12/15 of them", []),  # no birthday before it
    ("Today's date is October 24, 2024.", ["October 24, 2024"]),
    ("OCTOBER 24, 2024", ["OCTOBER 24, 2024"]),
    ("on 10/24/2024.", ["10/24/2024"]),
    ("10-24-2024", ["10-24-2024"]),
    ("2024-10-24", ["2024-10-24"]),
    ("Today's date, September 1st, 2021. Time", ["September 1st, 2021"]),
    ("on the 15th of June, 2011", ["the 15th of June, 2011"]),
    ("the 24th of May, 1986", ["the 24th of May, 1986"]),
    ("Monday the 15th of June, 2011 was", ["Monday the 15th of June, 2011"]),
    ("Signed this 26th day of February, 2023.", ["26th day of February, 2023"]),
    ("Dated this twenty-first day of March 2019", ["twenty-first day of March 2019"]),
    ("Monday, October 24, 2024", ["Monday, October 24, 2024"]),
    ("it was June 2011", ["June 2011"]),
    ("June of 2011", ["June of 2011"]),
    ("June 15", ["June 15"]),
    ("October twenty-fourth", ["October twenty-fourth"]),
    ("arrested in 1995", ["1995"]),
    ("since 2010 I have", ["2010"]),
    ("back in '95 we", ["'95"]),
    ("the '90s", ["'90s"]),
    ("the 80s", ["80s"]),
    ("in the 1980s", ["1980s"]),
    ("in the nineteen-nineties", ["nineteen-nineties"]),
    ("the early nineties", ["nineties"]),
    ("nineteen eighty-five", ["nineteen eighty-five"]),
    ("two thousand and five", ["two thousand and five"]),
    ("in twenty eleven", ["twenty eleven"]),
    # after a month and its day, as speech recognition writes it (no hyphens, often no comma)
    ("Today is March fifth, twenty twenty five.", ["March fifth", "twenty twenty five"]),
    ("today is march fifth twenty twenty five and", ["twenty twenty five"]),  # "march": a month only cased
    ("on June the 3rd, twenty nineteen", ["June the 3rd", "twenty nineteen"]),
    ("I was there March fifth, twenty of us", ["March fifth"]),
    # a year of this century by its last digit
    ("That was back in oh-nine.", ["oh-nine"]),
    ("since oh five, yes", ["oh five"]),
    ("in twenty-oh-nine", ["twenty-oh-nine"]),
    # a date of birth said number by number: month, day, a year's last two digits
    ("INMATE OKAFOR: Eleven, nine, seventy-four.", ["Eleven, nine, seventy-four"]),
    ("born three-twelve-oh-six", ["three-twelve-oh-six"]),
    ("twelve twenty-one nineteen eighty", ["twelve twenty-one nineteen eighty"]),
    ("one, two, three, four", []),
    ("ten, twenty, thirty", []),
    ("I waited two, three, forty-five minutes", []),
    ("about oh five hundred hours", []),
    ("Oh, nine of them", []),
    # a named day, a holiday with its year
    ("That was Valentine's Day 2009, correct?", ["Valentine's Day 2009"]),
    ("she sets a plate for him at Hmong New Year. My", ["Hmong New Year"]),
    ("we went home for Lunar New Year 2015", ["Lunar New Year 2015"]),
    ("No, New Year's Eve of '08.", ["New Year's Eve of '08"]),
    ("My son was born Christmas of '98.", ["Christmas of '98"]),
    ("arrested Thanksgiving 2010?", ["Thanksgiving 2010"]),
    ("We had Christmas dinner at home.", []),
    ("on Monday", ["Monday"]),
    ("in June", ["June"]),
    ("last March", ["March"]),
    ("mid-August", ["August"]),
    ("in December", ["December"]),
    ("born on the 3rd", ["the 3rd"]),
    ("got shot in two thousand, and", ["two thousand"]),
    ("It happened on 1990. I", ["1990"]),
    ("Every Thursday I visit", ["Thursday"]),
    ("May I ask a question", []),
    ("you may go", []),
    ("March to the yard", []),
    ("August is here", []),
    ("15 years to life", []),
    ("Penal Code 187", []),
    ("section 3041.5", []),
    ("five years", []),
    ("12 steps", []),
    ("at 2:30", []),
    ("1,200", []),
    ("he had 1995 dollars", []),
    ("in 1995 hours", []),
    ("twenty five years", []),
    ("two thousand five hundred", []),
    ("in his nineties", []),
    ("until the 10th grade", []),
    ("meetings on 1985 King Road", []),
    ("in two thousand dollars", []),
    ("I was nineteen twenty years ago", []),
]

TIME = [
    # the answer's line opening with a recording's time
    ("[0:02:00] Speaker B: What time did you arrive?\n[0:02:02] Speaker A: About 8.20, maybe.", ["8.20"]),
    # a clock time without its colon (a speech recogniser's)
    ("I've been up since 630. Then", ["630"]),
    ("we met at 930 in the morning", ["930 in the morning"]),
    ("she left by 1045 pm", ["1045 pm"]),
    ("he lives at 930. Yes", []),  # a house number
    ("since 1995.", []),
    ("at 530 a month", []),
    ("At about 12 noon a group gathered; at twelve midnight it left; at noon it came back.", ["12 noon", "twelve midnight"]),
    # clock times written with a dot (issue 47)
    ("(2.05 pm)", ["2.05 pm"]),
    ("we'll resume at 1.45.", ["1.45"]),
    ("We'll sit again at 10.00 tomorrow.", ["10.00"]),
    ("The time is 14.32 and", ["14.32"]),
    ("her score was 12.00 then", []),
    ("section 11.35 of the handbook", []),
    ("it rose at 3.45 per cent", []),
    # said with the part of the day, or before or after the hour
    ("last saw you at ten-fifteen in the morning.", ["ten-fifteen in the morning"]),
    ("around two thirty in the afternoon", ["two thirty in the afternoon"]),
    ("it was eleven at night", ["eleven at night"]),
    ("a quarter to nine, half past ten", ["a quarter to nine", "half past ten"]),
    ("I take one in the morning and two at night", []),
    ("he got ten to twelve years", []),
    ("Time is 8:40 AM now", ["8:40 AM"]),
    ("8:40 a.m. and", ["8:40 a.m."]),
    ("Time is, uh, 1:30 PM.", ["1:30 PM"]),
    ("at 10:30.", ["10:30"]),
    ("14:05:10", ["14:05:10"]),
    ("it was 1:30pm", ["1:30pm"]),
    ("at 8 AM", ["8 AM"]),
    ("at eight a.m. today", ["eight a.m."]),
    ("at 0830 hours", ["0830 hours"]),
    ("three o'clock", ["three o'clock"]),
    ("10:30, 11:45", ["10:30", "11:45"]),
    ("John 3:16", []),
    ("Psalm 23:4", []),
    # a recording's running time, not a time of day
    ("[00:01:27] Commissioner Tran: okay", []),
    ("(01:02:05) inaudible", []),
    ("00:14:02 Speaker 2: yes", []),
    ("Deputy Commissioner Oyelaran  0:05:10\nYour record inside.", []),  # ending a speaker's label
    ("Marcus Whitley-Boyd  1:02:44\nYes.", []),
    ("We left at 1:02  and came back", ["1:02"]),
    ("the call came at 14:05:10 that night", ["14:05:10"]),
    ("a 3:1 ratio", []),
    ("Penal Code 3:10", []),
    ("1500 hours of community service", []),
    ("I am 10 am I", []),
    ("10/24/2024", []),
    ("noon", []),
]

AGE = [
    # the answer's line opening with a recording's time
    ("[0:01:30] Speaker B: How old is your daughter?\n[0:01:33] Speaker A: Seventeen.", ["Seventeen"]),
    ("00:01:30,120 Speaker 2: How old was he then?\n00:01:33,400 Speaker 1: About 12.", ["12"]),
    # a relative's or a named person's age said as two numbers, "nine or ten", ending the clause
    ("My son was about nine or ten.", ["nine or ten"]),
    ("My son Tegid was about nine or ten and he was bullied.", ["nine or ten"]),
    ("Tegid was 9 or 10 then.", ["9 or 10"]),
    ("My son was nine or ten minutes late.", []),
    # a measure by another is no age: "30 by 100", "8 by 10"
    ("When they're joined, they're about 30 by 100 by 20ft high.", []),
    ("it was 8 by 10, roughly", []),
    ("he was 30 by 1995, I think", ["30"]),
    ("she was 30 by then.", ["30"]),
    # an age as the whole answer to a question about age, in a mixed-case transcript (issue 47)
    ("Ms Ashworth: How old was he then?\n\nMrs Pritchard: Twelve.", ["Twelve"]),
    ("Ms Ashworth: How old were they?\nMrs Pritchard: 12/13.", ["12/13"]),
    ("Ms Ashworth: How many came?\nMrs Pritchard: Two.", []),
    ("I went down to seven stone.", []),
    # the age of a birthday
    ("It was the day after my 18th birthday.", ["18th"]),
    ("on her twenty-first birthday", ["twenty-first"]),
    ("the 4th birthday of the program", []),
    # an age by its decade after "in my", "in his"
    ("I'm in my mid-fifties now, yeah.", ["mid-fifties"]),
    ("He was in his early twenties then", ["early twenties"]),
    ("she was in her late 30s when", ["late 30s"]),
    ("music from the seventies and in the eighties", []),
    ("a twenty-three-year-old from Fresno", ["twenty-three-year-old"]),
    ("You were eighteen years and two months old.", ["eighteen years and two months old"]),
    ("he was 17 years, 9 months old", ["17 years, 9 months old"]),
    ("when we were 19, we moved", ["19"]),
    ("both of us were 19", ["19"]),
    ("my son, who was 12, saw it", ["12"]),
    ("my son, 12, saw it", ["12"]),
    ("a boy of 12 at the time", ["12"]),
    ("At fifteen, I dropped out", ["fifteen"]),
    ("she is now 61.", ["61"]),
    ("Crystal's 26 now. She lives in Fresno.", ["26"]),
    ("My son's 12 now and", ["12"]),
    ("Crystal's 26 dollars now", []),
    ("my brother was 22 and I was 17", ["22", "17"]),
    ("we were 20 minutes late", []),
    ("they were 3 of them", []),
    ("at 5 pm we left", []),
    ("I am 33 years old.", ["33 years old"]),
    ("a 33-year-old man", ["33-year-old"]),
    ("17 years of age", ["17 years of age"]),
    ("at the age of 15 he", ["15"]),
    ("DOB: 04-11-1979                          AGE: 43\n", ["43"]),  # a form's field
    ("Current Age: 61, Level II", ["61"]),
    ("age 15", ["15"]),
    ("he was 17", ["17"]),
    ("I was 17", ["17"]),
    ("when I was seventeen, I", ["seventeen"]),
    ("thirty-three years old", ["thirty-three years old"]),
    ("I'm 45.", ["45"]),
    ("he turned 18 in", ["18"]),
    ("I was just 16 when", ["16"]),
    ("she was twenty five", ["twenty five"]),
    ("I was 15 years old", ["15 years old"]),
    ("a 6-month-old baby", ["6-month-old"]),
    ("Jamal was only 22 and my son", ["22"]),
    ("How old are you now? I have you at 46.", ["46"]),
    ("at the time of the offense, you were 24.", ["24"]),
    ("the same person I was at 31. I", ["31"]),
    ("I was 17 feet away", []),
    ("it was 17 dollars", []),
    ("15 years to life", []),
    ("served 20 years", []),
    ("20 years ago", []),
    ("5 years later", []),
    ("I was one of them", []),
    ("I was 15 minutes late", []),
    ("I was like 5 blocks away", []),
    ("I was 200", []),
    ("I was 17th in line", []),
    ("page 15", []),
    ("I'm 115 free", []),
    ("I was 15 to life", []),
    ("I am 12 step oriented", []),
    # issue 11: ages without "years old"
    ("My son was twenty-two. He would be forty-one this year", ["twenty-two", "forty-one"]),
    ("I'm 40 -- 42, sir", ["40", "42"]),
    ("I was 17 or 18 when it happened", ["17", "18"]),
    ("he was about 30, 35.", ["30", "35"]),
    ("my kids are 10 and 12.", ["10", "12"]),
    ("I'm currently 45.", ["45"]),
    ("I'm going on 44, sir.", ["44"]),
    ("He'd be seventy now, with kids", ["seventy"]),
    ("Love would have been 47 on her birthday", ["47"]),
    ("He would've been 30 this year.", ["30"]),
    ("He never got to turn twenty.", ["twenty"]),
    ("At 31, Consuelo already had a job", ["31"]),
    ("By 13 I was running the streets", ["13"]),
    ("lodged with the Commission by two Austrian nationals, Mr and Mrs Achleitner", []),
    ("My mom had me at 20.", ["20"]),
    ("I came in at 19 and grew up in here", ["19"]),
    ("I started drinking at 11 and smoking weed at 12 with them", ["11", "12"]),
    ("Between the ages of eleven and 25 I was", ["eleven", "25"]),
    ("your age at the time of the offense was 19.", ["19"]),
    ("Consuelo, 31, was a nurse.", ["31"]),
    ("our kids, Jalen, 12, and Amaya, 9.", ["12", "9"]),  # the list's last age ends the sentence
    ("Mr. Martinez-Garcia, then twenty, and his crime partner", ["twenty"]),  # "then", a hyphenated name
    ("I was then 19 and stupid.", ["19"]),
    ("Mateo, ten, and Sofia, seven.", ["ten", "seven"]),
    ("Count 2, 12, and Count 3, 9.", []),
    ("I was a teenager, 16, when", ["16"]),
    ("Aged 15, I already had a record", ["15"]),
    ("COMMISSIONER SMITH: And how old are you today?\nMR. YOUNG: Forty-three.", ["Forty-three"]),
    ("Q. How old was she at the time?\nA. Forty-five, I believe.", ["Forty-five"]),
    ("COMMISSIONER SMITH: What age were you?\nINMATE BLACK: About 14.", ["14"]),
    ("COMMISSIONER SMITH: How old were you?\nINMATE BLACK: 24, sir.", ["24"]),
    ("I'm, uh, 40 -- 42, sir.", ["40", "42"]),
    ("I'm 40 — I mean 42.", ["40", "42"]),
    ("I'm coming up on forty-two.", ["forty-two"]),
    ("19 when I came in. Twenty-two. That's how old he was.", ["19", "Twenty-two"]),
    ("We lost him at twenty-two.", ["twenty-two"]),
    ("He was taken from us at nineteen.", ["nineteen"]),
    ("Tyrone, just twenty-two, was walking", ["twenty-two"]),
    ("I've been locked up since 15.", ["15"]),
    ("I'll be forty-three come March.", ["forty-three"]),
    ("She should be thirty this year.", ["thirty"]),
    ("He was twenty-two years young.", ["twenty-two"]),
    # ... and numbers that are not ages
    ("I've been here since 8.", []),
    ("It was about 9 when we got there, and we left at 10.", []),
    ("You pled to Count 2, and Count 3 was dismissed.", []),
    ("Counts 2, 3, and 4 were dismissed.", []),
    ("On page 17 of the evaluation the doctor lists 4 risk factors.", []),
    ("I was 14 days in the hole, and it was 3 years ago.", []),
    ("I'm at 40 hours of Anger Management", []),
    ("I'm 10 or 15 minutes late", []),
    ("I was 20 to 25 feet away", []),
    ("At 9, Commissioner Smith will call the next case.", []),
    ("The group started at 9 and ended at 10.", []),
    ("we got there at 9 and left at 10.", []),
    ("That would be 2.", []),
    ("On March 3, 2010, I was home", []),
    ("Yes, 2, I think", []),
    ("COMMISSIONER SMITH: How many RVRs?\nINMATE: Two.", []),
    ("COMMISSIONER SMITH: How old were you?\nINMATE: 15 minutes, sir.", []),
    ("My CDCR number is 12.", []),
    ("It cost 20 dollars and I was 5 blocks away.", []),
]

HEIGHT = [
    # a body's weight (issue 47)
    ("I went down to seven stone.", ["seven stone"]),
    ("I was about 180 pounds when I went in", ["180 pounds"]),
    ("the shortfall was 180 pounds that week", []),
    ("seven stone steps to the door", []),
    ("He is 5 feet 9 inches.", ["5 feet 9 inches"]),
    ("five foot ten", ["five foot ten"]),
    ("he was six-foot-two and", ["six-foot-two"]),
    ("He was described as five-foot and was standing about 10 feet away.", ["five-foot"]),
    ("The room was described as five feet wide.", []),
    ('5\'9" tall', ['5\'9"']),
    ("he's 5'9, I think", ["5'9"]),
    ("6 ft 2 in", ["6 ft 2 in"]),
    ("I am 5 feet tall.", ["5 feet"]),
    ("5 feet, 9 inches", ["5 feet, 9 inches"]),
    ("I'm 6 foot", ["6 foot"]),
    ("he was about six feet", ["six feet"]),
    ("height of 5 feet", ["5 feet"]),
    ("10 feet away", []),
    ("20 feet from the door", []),
    ("a 6-foot fence", []),
    # issue 11: a bare feet-inches pair next to a word of a person's build
    ("He was about five-nine, maybe five-ten, heavy build.", ["five-nine", "five-ten"]),
    ("He was 6-1, 200 pounds.", ["6-1"]),
    ("He's six one, real tall.", ["six one"]),
    ("I was five-six when my dad left", []),
    ("I was five-six years old", []),
    ("The vote was 5-2 on the count.", []),
    ("He was a big guy, six-four, maybe two-forty.", ["six-four"]),
    ("a guy about five ten, brown hair", ["five ten"]),
    ("My son was five feet even.", ["five feet"]),
    ("I was in cell 5-2, with my cellie, a tall guy.", []),
    ("3 feet of snow", []),
    ("he was 5 feet from me", []),
    ("I was 6 feet 2 inches away", []),
    ("in '95", []),
    ("15 feet", []),
    # a size compared with a person's
    ("He was bigger than me, like five-foot, and when he stepped toward me I ran.", ["five-foot"]),
    ("She was taller than Maria, maybe 6 feet.", ["6 feet"]),
    ("The wall was bigger than me, like six feet away.", []),
    # asked of the one who is addressed
    ("You're five-nine, 180 pounds?", ["five-nine"]),
    ("You were about six foot then.", ["six foot"]),
    ("You were five years old.", []),
]

PHONE_NUMBER = [
    # an extension after the number
    ("My counselor's line is 559-992-8800 ext. 204. My", ["559-992-8800 ext. 204"]),
    ("call (916) 555-0142 x17 today", ["(916) 555-0142 x17"]),
    ("call 916-555-0142 extra", ["916-555-0142"]),
    ("call me at (916) 555-0142.", ["(916) 555-0142"]),
    # said digit by digit, after a phone word
    ("Her cell, five five nine, four four two, one one eight seven?", ["five five nine, four four two, one one eight seven"]),
    ("call her at four four two, one one eight seven", ["four four two, one one eight seven"]),
    ("We were five five nine four four two one one eight seven days there", []),  # no phone word
    # the answer to a question for a phone number on the line before
    ("COMMISSIONER ROE: Her phone number?\nINMATE DOE: Nine oh nine, five five five, oh one four seven.",
     ["Nine oh nine, five five five, oh one four seven"]),
    ("COMMISSIONER ROE: How many days?\nINMATE DOE: Nine oh nine, five five five, oh one four seven.", []),
    ("916-555-0142", ["916-555-0142"]),
    ("916.555.0142", ["916.555.0142"]),
    ("+1 916 555 0142", ["+1 916 555 0142"]),
    ("1-800-555-0199", ["1-800-555-0199"]),
    ("my phone number is 555-0142", ["555-0142"]),
    ("It's area code 951, 555-0187. She works", ["951, 555-0187"]),
    ("area code 909 555 0142", ["909 555 0142"]),
    ("the area code changed in 1997, 555 people", []),
    ("it was 555-0142", []),
    ("CDCR number V12345", []),
    ("10-24-2024", []),
    ("Penal Code 187-1", []),
    ("case BA123456", []),
    ("123-45-6789", []),
    ("916-555.0142", []),
    # a number abroad in groups, after a phone word
    ("Her number is 33 3614 2270. If I stay", ["33 3614 2270"]),
    ("call +52 33 3614 2270 now", ["+52 33 3614 2270"]),
    ("we served 33 3614 2270 meals", []),  # no phone word
    ("her phone is 12 34 56", []),  # too few digits
]

EMAIL_ADDRESS = [
    ("mail jdoe@example.com.", ["jdoe@example.com"]),
    ("Her email is lucia dot reyes at gmail dot com, and", ["lucia dot reyes at gmail dot com"]),
    ("I was at home, dot, dot, dot", []),
    ("we were at home, not out", []),
    ("john.doe+bph@cdcr.ca.gov, please", ["john.doe+bph@cdcr.ca.gov"]),
    ("at @ the yard", []),
    ("me@ home", []),
    ("@cdcr", []),
]

PRISON_TERM = [
    ("It sentenced him to two years and one month's imprisonment.", ["two years and one month's"]),
    ("to two and a half years’ imprisonment as", ["two and a half years’"]),
    ("I did 15 years in prison", []),
    ("15 years to life imprisonment", []),
]
LAND_PLOT = [
    ("land (plot no. 431/4) and a building", ["431/4"]),
    ("the plots nos. 260, 45, 164.9 and 425.", ["260", "45", "164.9", "425"]),
    ("(plot no. 142, sheet/plan 33/29) with", ["142", "33/29"]),
    ("Protocol No. 11 of 1998", []),
    ("Block 4, cell number 12", []),
]
MONEY = [
    ("was paid 16,000 Turkish liras (TRY – approximately 8,700 euros (EUR)) in respect",
     ["16,000 Turkish liras (TRY – approximately 8,700 euros (EUR))"]),
    ("a fine of 1,000 Austrian schillings (ATS) – equal to", ["1,000 Austrian schillings (ATS)"]),
    ("paid the applicant TRL 12,352,710,000 (approximately EUR 10,042) covering",
     ["TRL 12,352,710,000", "approximately EUR 10,042"]),
    ("a fine of five hundred euros.", ["five hundred euros"]),
    ("about 500 dollars a month, 180 pounds, 15 marks", []),
    ("paid in German Marks (DEM) from 1992", []),
]
LODGED = "An application against the Republic of Turkey was lodged with the Court. "
OCCUPATION = [
    (LODGED + "Until 1987 the applicant worked as a primary school teacher in Izmir.", ["primary school teacher"]),
    (LODGED + "The applicant, an artillery captain at the Armed Forces, sued.", ["artillery captain"]),
    (LODGED + "The applicant was a victim of torture and a member of a union.", []),
    (LODGED + "Their Agent, Prof. Dr Z. Necatigil, replied.", ["Dr"]),
    ("I worked as a welder and then as a teacher. Dr. Lee agreed.", []),  # no judgment: a hearing's stay
]
QUANTITY = [
    (LODGED + "His capacity for work had been reduced by 45% in 1992.", ["45%"]),
    (LODGED + "It was filed against the applicant and nine other persons.", ["nine other persons"]),
    (LODGED + "By 2003 twenty hearings had been held and the bench changed on four occasions.",
     ["twenty hearings", "four occasions"]),
    (LODGED + "The court held three hearings on several occasions.", []),
    ("I finished 80% of the course and two other people did too.", []),  # no judgment: a hearing's stay
]
COURT = [
    ("with the Vienna Labour and Social Court against", ["Vienna Labour and Social Court"]),
    ("the Brandenburg Regional Labour Court quashed", ["Brandenburg Regional Labour Court"]),
    ("of the Frankfurt/Oder Labour Court and", ["Frankfurt/Oder Labour Court"]),
    ("the District Court in Wodzisław Śląski remanded", ["District Court in Wodzisław Śląski"]),
    ("the Ninth Chamber of the Istanbul Assize Court dismissed", ["Ninth Chamber of the Istanbul Assize Court"]),
    ("the Karşıyaka Criminal Court of First Instance", []),
    ("of the Mersin Civil Court of First-instance.", ["Mersin Civil Court of First-instance"]),
    ("the Regional Court and the Supreme Court", []),
    ("the Regional Court in March 2003", []),
    ("the Regional Court in Kudła v. Poland", []),
    ("the Austrian Administrative Court", []),
    ("the Polish Regional Court", []),
    ("the Kern County Superior Court", []),
    ("the 9th Chamber of the Court of Cassation", []),
    ("detained in the Edirne F-type prison since", ["Edirne F-type prison"]),
    ("a complaint with the Beyoğlu prosecutor’s office against", ["Beyoğlu prosecutor"]),
    ("a protocol with the Mayor of Kuşadası within", ["Mayor of Kuşadası"]),
    ("with the prosecutor’s office and the Principal Public Prosecutor's office", []),
]
URL = [
    ("go to www.example.org.", ["www.example.org"]),
    ("see https://cdcr.ca.gov/bph, then", ["https://cdcr.ca.gov/bph"]),
    ("example.com/path", ["example.com/path"]),
    ("cdcr.ca.gov", ["cdcr.ca.gov"]),
    ("he said.The", []),
    ("Mr.Smith", []),
    ("e.g. this, i.e. that", []),
    ("8 a.m. and p.m.", []),
    ("the U.S. and", []),
    ("report.pdf", []),
    ("jdoe@example.com", []),
    # a social-media handle
    ("Her Instagram is @hannahw_lodi.", ["@hannahw_lodi"]),
    ("he posted as @Lil.Shoddy_95 on it", ["@Lil.Shoddy_95"]),
    ("email kdinh@hopehouse-oc.org today", []),
    ("we met @ 10", []),
    ("a.b+@example.com", []),
    # a user name without its "@": by its shape, or after a cue
    ("posting about us under the name DezzyTruth559 and", ["DezzyTruth559"]),
    ("his username was tru_blu.92, I think", ["tru_blu.92"]),
    ("she's brandi_lowe661 on there", ["brandi_lowe661"]),
    # a speaker's label of speech recognition, no address
    ("SPEAKER_00: Okay, we're on the record.", []),
    ("[00:01:27] Speaker_1: Good morning.", []),
    ("00:00:03.120 spk_0: Thank you.", []),
    ("INMATE DOE: It's brandi_lowe661: that's her.", ["brandi_lowe661"]),
    ("brandi_lowe661 is her name there", ["brandi_lowe661"]),
    ("his gamertag is xXSlayerXx", ["xXSlayerXx"]),
    ("the file risk_assessment.pdf and the MacArthur Foundation in 1999", []),
    ("under the name Dezzy, and a handle like that", []),
    ("McDonald's and DeShawn and PlayStation5", []),
    ("His Instagram, rodtisdale.official, shows him", ["rodtisdale.official"]),
    ("her TikTok account is Nae.Nae2009 now", ["Nae.Nae2009"]),
    ("on Facebook, Mr. Tisdale said. On Instagram, Rodney", []),
]

TABLES = {
    SpelledNameRecognizer: SPELLED_NAME,
    SpelledOutItemRecognizer: SPELLED_OUT_ITEM,
    CdcrIdRecognizer: CDCR_ID,
    DateRecognizer: DATE,
    TimeRecognizer: TIME,
    AgeRecognizer: AGE,
    HeightRecognizer: HEIGHT,
    PhoneNumberRecognizer: PHONE_NUMBER,
    EmailAddressRecognizer: EMAIL_ADDRESS,
    UrlRecognizer: URL,
    PrisonTermRecognizer: PRISON_TERM,
    LandPlotRecognizer: LAND_PLOT,
    MoneyRecognizer: MONEY,
    OccupationRecognizer: OCCUPATION,
    QuantityRecognizer: QUANTITY,
    CourtRecognizer: COURT,
}
CASES = [
    pytest.param(cls, text, expected, id=f"{cls.ENTITY}:{text[:40]}")
    for cls, table in TABLES.items()
    for text, expected in table
]


@pytest.mark.parametrize(("cls", "text", "expected"), CASES)
def test_it_matches_exactly_the_expected_spans(cls, text, expected):
    assert spans(cls(), text) == expected


@pytest.mark.parametrize("cls", list(TABLES))
def test_it_has_positive_and_negative_cases_for_every_recognizer(cls):
    table = TABLES[cls]
    assert any(expected for _, expected in table)
    assert any(not expected for _, expected in table)


def test_it_never_matches_across_a_line_break():
    text = "October\n24, 2024\n(916)\n555-0142\nR-\nI-C-H\n33\nyears old\nV as\nin Victor\nVictor\n12345"
    for recognizer in build_recognizers():
        for result in recognizer.analyze(text, recognizer.supported_entities, None):
            assert "\n" not in text[result.start:result.end], recognizer.name


def test_it_builds_one_instance_of_each_recognizer_with_high_base_scores():
    recognizers = build_recognizers()
    entities = [r.supported_entities[0] for r in recognizers]
    assert sorted(entities) == sorted(cls.ENTITY for cls in (*TABLES, *NAME_TABLES))
    for recognizer in recognizers:
        assert max(p.score for p in recognizer.patterns) >= 0.85


def test_it_rejects_a_bill_added_to_the_whitelist_through_config():
    text = "under AB2000 now"
    default = build_recognizers()
    configured = build_recognizers(Config(whitelist_terms=("AB 2000",)))
    cdcr = {r.supported_entities[0]: r for r in default}["CDCR_ID"]
    cdcr_configured = {r.supported_entities[0]: r for r in configured}["CDCR_ID"]
    assert spans(cdcr, text) == ["AB2000"]
    assert spans(cdcr_configured, text) == []


def test_it_accepts_overridden_entity_and_context():
    recognizer = CdcrIdRecognizer(supported_entity="INMATE_ID", context=["booking"])
    assert recognizer.supported_entities == ["INMATE_ID"]
    assert recognizer.context == ["booking"]
    assert [r.entity_type for r in recognizer.analyze("V12345", ["INMATE_ID"], None)] == ["INMATE_ID"]


def test_it_finds_every_entity_through_an_analyzer_engine(nlp, config):
    nlp_engine = SpacyNlpEngine(models=[{"lang_code": "en", "model_name": config.spacy_model}])
    nlp_engine.nlp = {"en": nlp}
    analyzer = AnalyzerEngine(
        registry=RecognizerRegistry(recognizers=build_recognizers(config)),
        nlp_engine=nlp_engine,
        supported_languages=["en"],
    )
    text = (
        "INMATE YOUNG: My name is Y-O-U-N-G, CDCR number V12345, V as in Victor.\n"
        "PRESIDING COMMISSIONER RUFF: You were 17 years old on October 24, 2024 at 8:40 AM, 5'9\".\n"
        "ATTORNEY SMITH: Call (916) 555-0142, jdoe@example.com, www.example.org.\n"
    )
    found = {(r.entity_type, text[r.start:r.end]) for r in analyzer.analyze(text=text, language="en")}
    assert found == {
        ("SPELLED_NAME", "Y-O-U-N-G"),
        ("CDCR_ID", "V12345"),
        ("SPELLED_OUT_ITEM", "V as in Victor"),
        ("AGE", "17 years old"),
        ("DATE", "October 24, 2024"),
        ("TIME", "8:40 AM"),
        ("HEIGHT", "5'9\""),
        ("PHONE_NUMBER", "(916) 555-0142"),
        ("EMAIL_ADDRESS", "jdoe@example.com"),
        ("URL", "www.example.org"),
    }


TRANSCRIPT_LINES = [
    "PRESIDING COMMISSIONER RUFF: All right. Today's date is October 24, 2024. Time is 8:40 AM. "
    "This is the hearing for Kevin Richardson, R-I-C-H-A-R-D-S-O-N, CDCR number AB1234.",
    "INMATE RICHARDSON: I-I-I was 17 years old, uh, when I came in, in 1995. I'm 5 feet 9 inches. "
    "V as in Victor 12345. Call me at (916) 555-0142.",
    "DEPUTY COMMISSIONER MBELU: A 115 in the '90s, the RVR from June of 2011, Penal Code 3041.5, "
    "SB 260 and AB 1448. Email jdoe@example.com or www.cdcr.ca.gov/bph.",
    "ATTORNEY SMITH: May I ask about the CRA? He served 20 years, 15 years to life, five years ago, "
    "12 steps, 1,200 hours, John 3:16.",
]


def test_it_scans_a_100_kb_transcript_in_linear_time():
    block = "\n".join(TRANSCRIPT_LINES) + "\n"
    copies = 100_000 // len(block) + 1
    text = block * copies
    recognizers = build_recognizers()

    def scan(text: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        for recognizer in recognizers:
            entity = recognizer.supported_entities[0]
            counts[entity] = counts.get(entity, 0) + len(recognizer.analyze(text, recognizer.supported_entities, None))
        return counts

    grows_linearly(lambda: scan(block * (copies // 4)), lambda: scan(text), repeats=1)
    counts = scan(text)
    assert counts["DATE"] == 4 * copies  # October 24, 2024 / 1995 / '90s / June of 2011
    assert counts["CDCR_ID"] == 2 * copies  # AB1234 / Victor 12345
    assert counts["SPELLED_NAME"] == copies


@pytest.mark.parametrize(
    "text",
    ["A-" * 20_000, "1" * 50_000, "a." * 20_000, "www." + "a." * 20_000, "a@" * 20_000, "5 " * 20_000, "1:" * 20_000],
)
def test_it_stays_linear_on_adversarial_input(text):
    recognizers = build_recognizers()

    def scan(text: str) -> None:
        for recognizer in recognizers:
            recognizer.analyze(text, recognizer.supported_entities, None)

    grows_linearly(lambda: scan(text[: len(text) // 4]), lambda: scan(text), repeats=1)


def test_it_never_opens_a_network_connection(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    text = "Email jdoe@example.com, see https://cdcr.ca.gov/bph or www.example.org on October 24, 2024."
    found = {
        text[r.start:r.end]
        for recognizer in build_recognizers()
        for r in recognizer.analyze(text, recognizer.supported_entities, None)
    }
    assert found == {"jdoe@example.com", "https://cdcr.ca.gov/bph", "www.example.org", "October 24, 2024"}
