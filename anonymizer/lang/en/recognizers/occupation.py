"""OCCUPATION: what a person in a court judgment works as, after the judgment's cue for it: ``the
applicant worked as a primary school teacher``, ``the applicant, who is a university professor``, ``The
applicant is a medical practitioner``, ``the applicant, an artillery captain``, ``he practised as a
physician``, ``reinstated to the post of primary school teacher``, ``with an eye to becoming a journalist``;
and a doctor's title before a name (``Dr. Heidemarie Abrahamian``: the name stays a PERSON of its own); the business
the applicant runs or owns (``The applicants run a fishing farm``, ``the owner of a potable and industrial water
station``, ``a company which operated 20 chemist shops``; TAB: DEM or MISC, QUASI).

With the town and the year of birth an occupation tells who the applicant is: TAB marks it QUASI (DEM).
The noun is one of ``vocabulary_people.OCCUPATION_WORDS`` (``a victim``, ``a member``, ``the owner`` are
no occupations), after at most two lower-case words (``non-commissioned``, ``primary school``). Only a
text that speaks of an application lodged with the Court (a judgment's opening) is read: a hearing's ``I
worked as a welder`` is what it was.
"""
from __future__ import annotations

import regex as re

from anonymizer.lang.en.vocabulary_people import OCCUPATION_WORDS

from presidio_analyzer import RecognizerResult

from anonymizer.lang.en.recognizers._base import Pattern, RuleRecognizer, any_case, longest_first

#: a judgment's opening: "an application (no. 1234/05) against the Republic of Turkey lodged with the Court" (the
#: sign for the rules a hearing's text never needs)
_JUDGMENT = re.compile(r"[ ]lodged[ ]with[ ]the[ ](?:Court|European[ ]Commission)\b")
_ARTICLE = r"(?:a|an|the)[ ]"
#: what a judgment writes right before an occupation's article
_CUE = (
    rf"(?:\bas[ ](?:a|an)[ ]"  # "worked as a", "practise as a", "contract as a", "15 years as a"
    rf"|\b(?:[Tt]he[ ]applicant|[Hh]e|[Ss]he)(?:,[ ]who)?[ ](?:is|was|had[ ]been|has[ ]been|became)[ ]{_ARTICLE}"
    r"|\b[Tt]he[ ]applicant,[ ](?:a|an)[ ]"  # "the applicant, an artillery captain"
    # "The applicant, who was born in 1980 and lives in Kayseri, was a student": the judgment's opening of the facts
    rf"|\b[Tt]he[ ]applicant,[ ]who[ ](?:was|is)[ ]born[ ][^,\n]{{1,60}},[ ](?:is|was|had[ ]been|has[ ]been|became)[ ]{_ARTICLE}"
    r"|\bpost[ ]of[ ](?:(?:a|an)[ ])?"  # "reinstated to the post of primary school teacher"
    r"|\bbecom(?:e|ing)[ ](?:a|an)[ ])"
)
_SMALL = r"(?:and|or|of|at|in|on|the|a|an|for|with|to|by|from|who|which|whose)"
_MODIFIER = rf"(?:(?!{_SMALL}[ ])[a-z][a-z-]+[ ]){{0,2}}"
_OCCUPATION = rf"(?<={_CUE}){_MODIFIER}{any_case(list(OCCUPATION_WORDS))}(?:s|es)?(?![\w'’-])"
#: the business the applicant runs or owns, a shop's or a farm's kind: "The applicants run a fishing farm", "The applicant
#: is the owner of a potable and industrial water station", "a company which operated 20 chemist shops" (not "a company":
#: a word of every business)
_BUSINESS_HEADS = ("farm", "farms", "shop", "shops", "station", "stations", "restaurant", "restaurants", "hotel", "hotels",
                   "clinic", "clinics", "factory", "factories", "pharmacy", "pharmacies", "bakery", "store", "stores",
                   "workshop", "workshops", "plant", "mill", "quarry", "garage", "café", "cafe", "bar", "kiosk")
_BUSINESS_CUE = (
    r"(?:\b(?:[Tt]he[ ]applicants?|[Hh]e|[Ss]he|[Tt]hey)(?:[ ]also)?[ ](?:(?:is|was|are|were|had[ ]been|has[ ]been)[ ]the[ ]"
    r"(?:co-)?owners?[ ]of|runs?|ran|operated|operates|operate|owned|owns|own)|\b(?:which|that)[ ](?:operated|ran|runs))[ ]"
)
_BUSINESS = (rf"(?<={_BUSINESS_CUE}(?:(?:a|an)[ ])?)(?:\d{{1,3}}[ ])?(?:(?!{_SMALL}[ ])[a-z][a-z-]+[ ](?:and[ ])?){{1,4}}"
             rf"(?:{'|'.join(_BUSINESS_HEADS)})(?![\w'’-])")
#: a doctor's title before a name: "Dr. Heidemarie Abrahamian", "Prof. Dr Z. Necatigil" (TAB's span holds it,
#: as it does no other title: "Dr" tells what the person is; "Mr" and "Ms" tell nothing)
_DOCTOR = r"(?<![\w.’'-])Dr\.?(?=[ ]\p{Lu})"


class OccupationRecognizer(RuleRecognizer):
    """An occupation after a judgment's cue for it."""

    ENTITY = "OCCUPATION"
    PATTERNS = [Pattern("occupation", _OCCUPATION, 0.85), Pattern("occupation_doctor", _DOCTOR, 0.85),
                Pattern("occupation_business", _BUSINESS, 0.85)]
    CONTEXT = ["applicant", "worked", "practised", "employed"]
    NEEDS = {"occupation": _JUDGMENT, "occupation_doctor": _JUDGMENT, "occupation_business": _JUDGMENT}

    def analyze(self, text: str, entities: list[str], nlp_artifacts=None, regex_flags=None) -> list[RecognizerResult]:
        """The cue's occupations and every other mention of each in the judgment in lower case, plurals too
        ("the former dancer", "its manager", "the ballet dancers' allowance" after "worked as a ballet dancer";
        not "the Medical Practitioners Act")."""
        found = super().analyze(text, entities, nlp_artifacts, regex_flags)
        phrases = {text[r.start : r.end].casefold() for r in found if text[r.start : r.end][:1].islower()}
        if not phrases:
            return found
        again = re.compile(rf"(?<![\w'’-])(?:{'|'.join(sorted(map(re.escape, phrases), key=len, reverse=True))})(?:s|es)?(?![\w-])")
        taken = {(r.start, r.end) for r in found}
        more = [RecognizerResult(self.ENTITY, m.start(), m.end(), found[0].score, found[0].analysis_explanation,
                                 found[0].recognition_metadata)
                for m in again.finditer(text) if (m.start(), m.end()) not in taken]
        return longest_first([*found, *more])
