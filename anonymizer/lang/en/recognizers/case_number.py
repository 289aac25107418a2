"""ID: case, application and file numbers (``application no. 18403/91``, ``case no. 1996/276``,
``registration no. D-4840``).

Court records number cases and applications; such a number identifies the person as surely
as a name. A number needs a separator or a letter prefix and must follow ``no.`` / ``nos.`` /
``number`` (a list after ``nos.`` counts too), so ``Penal Code 664/187``, ``Protocol No. 11``
and dates stay unmatched. Any number of three or more digits is one right after the name of
what it numbers (``badge number 4471``, ``case number BA 392817``, ``booking #20931``, ``Log No.
FB-19-07-0412`` of a rules violation report, ``license
plate 6KLM204``, ``license 1K74329``, ``driver's license was N4471236``, ``certificate, number EL-21-0937``, ``service number 5527 4410``, ``A-number is A098-765-432``,
``MRN 00447129``, ``petition number 95JV00412``, ``a second petition, JV-01-11253``, a transcription firm's ``Job No. 19-0516-CTF-0882``). A Social Security number written with its
dashes (``548-22-6789``) or said aloud in its groups (``five six two, four four, four four one seven``) and a court reporter's or transcriber's certificate (``CSR No. 12345``,
``CET**D-1147``) need no name, nor does a vehicle identification number (``1HGEJ6674XL038211``), a US federal
court's docket number (``24 Cr. 311 (QZ)``, a UK National Insurance number (``QQ123456C``), ``1:23-cv-04567``) or a court reporter's page code opening a page's header
(``K7T2VELL1 Ann Dore - Direct``).
"""
from __future__ import annotations

import regex as re

from anonymizer.lang import compiled

from anonymizer.lang.en.recognizers._base import SPOKEN_DIGIT, Pattern, RuleRecognizer, line_before

_NUMBER = r"(?<![\w/.-])(?:[A-Z]{1,3}-\d{2,8}|\d{1,6}/\d{2,4}(?:/\d{1,4})?)(?![\w/-]|\.\d)"
# "no. ", "nos. ", "number ", optionally followed by earlier items of a list ("nos. 1234/91, ")
_CUE = compiled.compile(
    r"(?i:\b(?:nos?\.|numbers?|n°))[ ](?:(?:[A-Z]{1,3}-)?\d{1,6}(?:/\d{1,4}){0,2}(?:,[ ]|[ ]and[ ]))*$"
)


_NUMBERED = compiled.compile(_NUMBER)
#: a vehicle identification number's shape: 17 capitals and digits, both in it, never I, O or Q
#: (``1HGEJ6674XL038211``): a VIN wherever it stands
_VIN = r"(?<![\w/.-])(?=[A-Z\d]*[A-Z])(?=[A-Z\d]*\d)[A-HJ-NPR-Z\d]{17}(?![\w/-])"
_VIN_RE = compiled.compile(_VIN)
#: any number of three or more digits, with a letter prefix (``BA 392817``) or suffix (``147732A``), letters inside
#: (``12CF03456``, a licence plate ``6KLM204``) or dashes inside (``badge 20-4471``, ``case number CR-98-40931``)
_PLAIN_NUMBER = (r"(?<![\w/.-])(?:\d{3,5}[ ]\d{3,6}(?![ ]\d)|(?:[A-Z]{1,3}[ -]?)?\d{3,12}(?:[A-Z]{1,2}(?![a-z]))?|\d{2}[A-Z]{1,4}\d{3,8}|\d[A-Z]{3}\d{3}"
                 r"|\d{3,8}[A-Z]{1,3}\d{1,3}|\d{1,4}-\d{3,8}|\d[A-Z]{1,2}\d{4,6}|" + _VIN +
                 # groups of letters and digits between dashes, three digits or more (``CR-98-40931``, ``98-F-01234``)
                 r"|(?=(?:[A-Z-]*\d){3})[A-Z\d]{1,8}(?:-[A-Z\d]{1,8}){1,3})"
                 r"(?![\w/-]|\.\d)")
#: a number that names one case, officer, booking, file or disciplinary report: "case number ", "badge #",
#: "booking no. ", a rules violation report's "Log No. ", a police report's "DR number "
_NOUN_CUE = compiled.compile(
    r"(?i:\b(?:(?:case|badge|booking|docket|file|report|serial|license|account|employee|incident|citation|claim|log|dr"
    r"|warrant|social[ ]security|fbi|cii|state[ ]id|transcript|reference|tracking|confirmation|csr|cet|cer|job"
    # a juvenile court's petition, a probation department's file ("petition number 95JV00412"; "a second petition,
    # JV-01-11253" without its noun, like a badge's and a docket's)
    r"|petition|probation"
    # the numbers of a person's papers and records: military service, immigration, a hospital's, a policy's
    r"|service|military|passport|green[ ]card|visa|alien(?:[ ]registration)?|a-|medical[ ]record|patient|member|policy"
    # a certificate's or a diploma's, said with a comma before its number too ("certificate, number EL-21-0937")
    r"|student|certificate|certification|diploma),?[ ]?(?:number|no\.|num\.|\#|id)|badge|mrn|vin|(?<![Ii]n[ ])case|docket|petition|licen[cs]e|(?:license[ ])?plate(?:[ ]number)?"
    r"|driver['’]?s[ ]licen[cs]e(?:[ ](?:number|no\.|\#))?)"
    r"[ ,:]*(?:is[ ]|was[ ]|of[ ])?)$"
)


#: a court reporter's or a transcriber's certificate number (``CSR 12345``, ``CET**D-1147``), wherever it stands (after
#: ``CSR No.``, the cue's)
_CERTIFICATE = r"(?<![\w*-])(?:CET|CER|CSR|CDLT)(?:\*\*|[ -])?[A-Z]?-?\d{3,6}(?![\w-])"
_CERTIFICATE_RE = compiled.compile(_CERTIFICATE)
#: a California licence plate's shape (``2ABC123``): a plate wherever it stands
_PLATE = compiled.compile(r"\d[A-Z]{3}\d{3}")
#: a Social Security number, written with its dashes (``548-22-6789``): no phone number has that shape
_SSN = r"(?<![\w-])\d{3}-\d{2}-\d{4}(?![\w-])"
_SSN_RE = compiled.compile(_SSN)
#: a Social Security number said aloud digit by digit in its three groups (``five six two, four four, four four one
#: seven``): a phone number said so has groups of three, three and four
_SAID_GROUP = r"(?:,[ ]|[ ](?i:dash)[ ])"
_SPOKEN_SSN = (rf"(?<![\w'’-]){SPOKEN_DIGIT}(?:[ -]{SPOKEN_DIGIT}){{2}}{_SAID_GROUP}{SPOKEN_DIGIT}[ -]{SPOKEN_DIGIT}"
               rf"{_SAID_GROUP}{SPOKEN_DIGIT}(?:[ -]{SPOKEN_DIGIT}){{3}}(?![\w'’-])")
_SPOKEN_SSN_RE = compiled.compile(_SPOKEN_SSN)


#: a US federal court's docket number: "24 Cr. 311 (QZ)" (the judge's initials in brackets), "24-cr-00311",
#: "1:23-cv-04567-ABC", "19 Civ. 2045", "22 Mag. 1234": wherever it stands, its shape says what it is
_FEDERAL_DOCKET = (r"(?<![\w/.-])(?:\d{1,2}[ ](?:Cr|CR|Civ|CIV|Cv|CV|Mag|MAG|MJ|Misc)\.?[ ]\d{1,5}(?:[ ]\([A-Z]{2,4}\))?"
                   r"|(?:\d:)?\d{2}-(?:cr|cv|mj|CR|CV|MJ)-\d{3,5}(?:-[A-Z]{2,4})?)(?![\w/-]|\.\d)")
_FEDERAL_DOCKET_RE = compiled.compile(_FEDERAL_DOCKET)
#: a court reporter's page code opening a page's header line: capitals and digits mixed, three letters and two
#: digits at least ("K7T2VELL1 Ann Dore - Direct", "K7T2VELL" alone on its line): it holds the defendant's name
_PAGE_CODE = (r"(?:(?m:^)|(?<![\w/.-]))(?=[A-Z\d]*\d[A-Z\d]*\d)(?=(?:[A-Z\d]*[A-Z]){3})[A-Z\d]{6,12}"
              r"(?:(?m:(?=[^\S\n]*$))(?<=(?m:^)[A-Z\d]{6,12})"
              r"|(?=[^\S\n]+[^\n]{0,60}?[ ][-–][ ](?:Direct|Cross|Redirect|Recross|DIRECT|CROSS|REDIRECT|RECROSS)\b))")
_PAGE_CODE_RE = compiled.compile(_PAGE_CODE)
#: a UK National Insurance number (``QQ123456C``, ``QQ 12 34 56 C``): two letters, six digits, A to D
_NINO = r"(?<![\w-])[A-Z]{2}[ ]?\d{2}[ ]?\d{2}[ ]?\d{2}[ ]?[A-D](?![\w-])"
_NINO_RE = compiled.compile(_NINO)


class CaseNumberRecognizer(RuleRecognizer):
    """A slashed or letter-prefixed number right after ``no.``/``nos.``/``number``; any number of
    three or more digits right after a case, badge, booking, docket, file or log number's name."""

    ENTITY = "ID"
    PATTERNS = [Pattern("case_number", _NUMBER, 0.9, first=r"[A-Z\d]"), Pattern("named_number", _PLAIN_NUMBER, 0.9, first=r"[A-Z\d]"),
                Pattern("social_security_number", _SSN, 0.9),
                Pattern("spoken_social_security_number", _SPOKEN_SSN, 0.9), Pattern("reporter_certificate", _CERTIFICATE, 0.9),
                Pattern("federal_docket", _FEDERAL_DOCKET, 0.9), Pattern("reporter_page_code", _PAGE_CODE, 0.9),
                Pattern("national_insurance_number", _NINO, 0.9)]
    CONTEXT = ["application", "case", "file", "registration", "no", "number", "badge", "booking", "docket"]

    def keep(self, text: str, start: int, end: int) -> bool:
        if any(shape.fullmatch(text, start, end) for shape in (_SSN_RE, _SPOKEN_SSN_RE, _PLATE, _CERTIFICATE_RE, _VIN_RE,
                                                                 _FEDERAL_DOCKET_RE, _NINO_RE)):
            return True
        code = _PAGE_CODE_RE.match(text, start)  # its lookahead reads the header after it
        if code is not None and code.end() == end:
            return True
        before = line_before(text, start, 120)
        if _NUMBERED.fullmatch(text, start, end):
            return bool(_CUE.search(before) or _NOUN_CUE.search(before))
        return bool(_NOUN_CUE.search(before))  # "CDCR number V12345" is the CDCR recognizer's
