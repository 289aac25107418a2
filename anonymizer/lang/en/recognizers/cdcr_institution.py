"""ORGANIZATION: CDCR institutions by name (``Mule Creek State Prison``, ``CTF Soledad``, ``Salinas
Valley``, ``California State Prison, Solano``), by code and town or yard (``CTF-Soledad``, ``CSP-Solano``,
``CCI Tehachapi``, ``CMC East``), one-word aliases in context (``at Wasco``, ``transferred to Centinela``)
and codes that are also other words in a list of transfers (``then LAC``, ``from SQ``)."""
from __future__ import annotations

import regex as re

from anonymizer.lang.en import gazetteer

from anonymizer.lang.en.recognizers._base import TRIP_TO, Pattern, RuleRecognizer, alternation_order, literal_alternation


def _forms(name: str) -> list[str]:
    """A name as written in the list, in capitals, and with each word capitalised."""
    capitalised = " ".join(w[:1].upper() + w[1:] for w in name.split(" "))
    return [name, name.upper(), capitalised]


def _alternation(names: tuple[str, ...]) -> str:
    return literal_alternation(form for name in names for form in _forms(name))


_NAMES, _SINGLE = gazetteer.cdcr_institutions()
_END = r"(?![\w'’-])"
#: words before a one-word alias that make it the prison, not the town
_BEFORE = (
    r"(?i:at|to|left|leaving|transferred[ ]to|transfer[ ]to|housed[ ]at|paroled[ ]from|over[ ]at"
    r"|up[ ]at|down[ ]at|here[ ]at|there[ ]at)"
)
#: after a one-word alias: a county, a state or a following capitalised word make it a place or a name
_NOT_AFTER = r"(?![ ](?:County|COUNTY|State|STATE|City|CITY|\p{Lu}\p{Ll})|,[ ](?:California|CA|Calif)\b|\+)"

#: a trip to a town, not a transfer to its prison ("we drove over to Lancaster")
_TRIP = rf"(?<!\b{TRIP_TO}[ ])"
_ALIAS = Pattern("cdcr_institution_alias", rf"(?<=\b{_BEFORE}[ ]){_TRIP}{_alternation(_SINGLE)}{_END}{_NOT_AFTER}", 0.85)
#: a prison's code joined to its town or yard (``CTF-Soledad``, ``CSP-Solano``, ``CMC-East``), or its yard
#: after a space (``CMC East``, ``CTF Central``)
_CODES = "(?:" + "|".join(sorted({code for code, _, _ in gazetteer.cdcr_institution_rows()} | {"CSP"}, key=alternation_order)) + ")"
_YARD = r"(?:East|West|North|South|Central|EAST|WEST|NORTH|SOUTH|CENTRAL)"
_CODE_TOWN = Pattern(
    "cdcr_institution_code_town", rf"(?<![\w'’-]){_CODES}(?:[-–]\p{{Lu}}[\p{{L}}]+|[ ]{_YARD}){_END}", 0.9
)
#: a prison's code and its town after a space (``CCI Tehachapi``, ``SATF Corcoran``): the code alone may be a title
_CODE_AND_TOWN = "(?:" + "|".join(sorted(
    {f"{code}[ ]{re.escape(alias)}" for code, _, aliases in gazetteer.cdcr_institution_rows() for alias in aliases
     if alias and alias.isalpha() and not alias.isupper()}, key=alternation_order)) + ")"
#: a code that is also another word (``LAC``, ``SQ``, ``COR``), in capitals, in a list of transfers
#: ("then LAC", "from SQ", "in COR and then")
_OTHER_CODES = "(?:" + "|".join(sorted((a for a in _SINGLE if a.isupper()), key=alternation_order)) + ")"
_CODE_LISTED = Pattern(
    "cdcr_institution_code_listed", rf"(?<=\b(?i:from|then|in|and|or)[ ]){_OTHER_CODES}{_END}{_NOT_AFTER}", 0.85
)
#: a one-word alias before a unit of the prison: ``Corcoran SHU``, ``Wasco Reception``, ``Solano B Yard``
_UNIT = r"(?=[ ](?:SHU|ASU|PSU|EOP|[Rr]eception|RECEPTION|[A-H][ ]?[Yy]ard|[Yy]ard|YARD|[Mm]ainline|Level[ ][IV1-4]+)(?![\w'’-]))"
_ALIAS_UNIT = Pattern("cdcr_institution_alias_unit", rf"(?<![\w'’-]){_alternation(_SINGLE)}{_UNIT}", 0.85)
PATTERNS = [Pattern("cdcr_institution_name", rf"(?<![\w'’-]){_alternation(_NAMES)}{_END}", 0.9), _ALIAS, _CODE_TOWN,
            Pattern("cdcr_institution_code_and_town", rf"(?<![\w'’-]){_CODE_AND_TOWN}{_END}", 0.9), _CODE_LISTED,
            _ALIAS_UNIT]


def alias_in_context(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a prison's one-word alias where the context makes it the
    prison ("at Donovan", "transferred to Sierra"): no person's first name there."""
    match = _ALIAS.compiled_regex.match(text, start)
    return match is not None and match.end() == end


class CdcrInstitutionRecognizer(RuleRecognizer):
    """Names of the state's prisons from ``data/categorize_cdcr_institutions.tsv``.

    Full names, aliases of two or more words and unambiguous codes (``CTF``, ``SATF``)
    match anywhere; a one-word alias that is also a town (``Wasco``, ``Folsom``,
    ``Soledad``) only after ``at``/``to``/``transferred to``/``paroled from`` and not
    before ``County``, ``, California`` or another capitalised word.
    """

    ENTITY = "ORGANIZATION"
    PATTERNS = PATTERNS
    CONTEXT = ["prison", "institution", "transferred", "housed", "yard", "facility"]
