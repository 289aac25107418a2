"""Danish numbers that identify: CPR numbers (``CDCR_ID``, the core's label of a person's official number),
telephone numbers (``PHONE_NUMBER``), case, journal, CVR and account numbers and number plates (``ID``), e-mail
addresses (``EMAIL_ADDRESS``) and web addresses (``URL``)."""
from __future__ import annotations

import calendar

import regex as re

from anonymizer.lang.rules import Pattern, RuleRecognizer
from anonymizer.spans import line_before

#: the core's label of a number that names one person (a CPR number is a direct identifier)
CPR_LABEL = "CDCR_ID"
_WEIGHTS = (4, 3, 2, 7, 6, 5, 4, 3, 2, 1)
_DAY = r"(?:0[1-9]|[12]\d|3[01])"
_MONTH = r"(?:0[1-9]|1[0-2])"
#: a CPR number's words before it ("CPR-nr.", "personnummer", "født"), case-blind, on its line
_CPR_WORDS = re.compile(r"(?i:\bcpr\b|cpr-n(?:r|ummer)|personn(?:r|ummer)|person-nr|personnummer|\bfødt\b|"
                        r"\bf\.[ ]|fødselsdato|\bcpr\.)")


def cpr_date_valid(digits: str) -> bool:
    """Whether the first six of a CPR number's ten digits are a real date, the century read from the seventh
    digit (0-3: 1900s; 4 and 9: 2000s up to 36; 5-8: 2000s up to 57, else 1800s)."""
    day, month, yy, century_digit = int(digits[:2]), int(digits[2:4]), int(digits[4:6]), int(digits[6])
    if century_digit <= 3:
        year = 1900 + yy
    elif century_digit in (4, 9):
        year = 2000 + yy if yy <= 36 else 1900 + yy
    else:
        year = 2000 + yy if yy <= 57 else 1800 + yy
    return 1 <= month <= 12 and 1 <= day <= calendar.monthrange(year, month)[1]


def cpr_modulus_11(digits: str) -> bool:
    """The modulus-11 check of CPR numbers issued before 2007 (later ones need not pass it)."""
    return sum(int(d) * w for d, w in zip(digits, _WEIGHTS)) % 11 == 0


class CprRecognizer(RuleRecognizer):
    """``ddmmyy-xxxx`` (with a hyphen, a space or none). The first six digits must be a real date; with the
    hyphen that shape is a CPR number's; unbroken or with a space it also needs the modulus-11 check or a CPR
    word on its line ("CPR-nr. 0101801234"). Six digits alone (a date) never match."""

    ENTITY = CPR_LABEL
    PATTERNS = [Pattern("cpr", rf"(?<![\w/.+-]){_DAY}{_MONTH}\d\d(?:-|[ ]|)\d{{4}}(?![\w/-]|[.,]\d)", 0.9)]
    CONTEXT = ["cpr", "cpr-nr", "personnummer", "født"]

    def keep(self, text: str, start: int, end: int) -> bool:
        matched = text[start:end]
        digits = re.sub(r"\D", "", matched)
        if not cpr_date_valid(digits):
            return False
        if "-" in matched or cpr_modulus_11(digits):
            return True
        return _CPR_WORDS.search(line_before(text, start)[-80:]) is not None


_PHONE_WORDS = re.compile(r"(?i:\btlf\b|\btlf\.|telefon|mobil|\bmob\.|\bring(?:e|er|ede)?\b|\bsms\b|\bfax\b|"
                          r"nummer|nr\.[ ]?:?$|kontakt|\btelefonnr)")


_CVR_BEFORE = re.compile(r"(?i:\bcvr(?:-?(?:nr|nummer)\.?)?:?[ ])$")


class DanishPhoneRecognizer(RuleRecognizer):
    """Eight digits: ``+45``/``0045`` before them, or grouped 2-2-2-2 (``23 45 67 89``) or 4-4 (``2345 6789``),
    or unbroken with a phone word (``tlf.``, ``mobil``, ``ring``) on the line before them."""

    ENTITY = "PHONE_NUMBER"
    PATTERNS = [
        Pattern("dk_phone_country", r"(?<![\w+])(?:\+45|0045|\(\+45\))[ ]?(?:\d\d([ .-]?)\d\d\1\d\d\1\d\d|\d{4}[ ]\d{4})(?![\w-]|[.,]\d)", 0.95),
        Pattern("dk_phone_pairs", r"(?<![\w+.,/-])[2-9]\d([ .-])\d\d\1\d\d\1\d\d(?![\w-]|[.,]\d)", 0.85),
        Pattern("dk_phone_quads", r"(?<![\w+.,/-])[2-9]\d{3}[ ]\d{4}(?![\w-]|[.,]\d)", 0.7),
        Pattern("dk_phone_unbroken", r"(?<![\w+.,/-])[2-9]\d{7}(?![\w-]|[.,]\d)", 0.7),
    ]
    CONTEXT = ["tlf", "telefon", "mobil", "ring", "sms"]

    def keep(self, text: str, start: int, end: int) -> bool:
        matched = text[start:end]
        if _CVR_BEFORE.search(text, max(0, start - 16), start):
            return False  # "CVR 35 67 89 12": a firm's number (:class:`CaseNumberRecognizer`)
        if matched.startswith(("+", "00", "(")) or re.fullmatch(r"\d\d([ .-])\d\d\1\d\d\1\d\d", matched):
            return True
        return _PHONE_WORDS.search(line_before(text, start)[-60:]) is not None


#: a court's case number: ``BS-1234/2021``, ``SS 12345/2020``, ``BS-1234/2021-KBH``, a high court's
#: ``B-1234-20`` / ``S-2345-19``, the Supreme Court's ``BS-12/2021-HJR``
_COURT_CASE = (r"(?<![\w/-])(?:BS|SS|FS|AS|KS|SKS|BS\d|SS\d|[BSKV])[ -]?\d{1,6}(?:-\d{1,6})?(?:/\d{4}|-\d{2}(?!\d))"
               r"(?:-[A-ZÆØÅ]{2,4})?(?![\w/])")
#: the number after a journal or case word: ``j.nr. 2021-1234``, ``J.nr.: 12-345/2020``, ``sagsnr. 20/04512``
_JOURNAL_WORD = (r"(?i:j\.[ ]?nr\.?|journal(?:nr\.?|nummer)|sags(?:nr\.?|nummer)|sag[ ]nr\.?|reg\.[ ]?nr\.?|"
                 r"ref\.(?:[ ]?nr\.?)?|vores[ ]ref\.?|deres[ ]ref\.?|kundenr\.?|kundenummer|policenr\.?|policenummer|"
                 r"kontonr\.?|kontonummer|matr\.[ ]?nr\.?|matrikel(?:nummer|nr\.?|[ ]nr\.?)|"
                 r"se-nr\.?|p-nr\.?|pasnummer|pasnr\.?|pas[ ]nr\.?|kørekort(?:nummer|nr\.?|[ ]nr\.?))")
_JOURNAL = rf"(?<={_JOURNAL_WORD}:?[ ]?)(?=[\w./-]*\d)[\w][\w./-]*[\w]"

#: a firm's CVR number, eight digits, grouped in pairs or not ("CVR-nr. 12345678", "CVR 35 67 89 12")
_CVR = r"(?<=(?i:\bcvr)(?:-?(?i:nr|nummer)\.?)?:?[ ])\d{2}(?:[ ]?\d{2}){3}(?![\w-]|[.,]\d)"
#: a Danish bank account's IBAN ("DK50 0040 0440 1162 43")
_IBAN = r"(?<![\w])DK\d{2}(?:[ ]?\d{4}){3}[ ]?\d{2}(?![\w])"
#: a car's number plate: two capitals and five digits, grouped 2-3 or not ("AB 12 345", "XY12345")
_PLATE = r"(?<![\w-])[A-ZÆØÅ]{2}[ ]?\d{2}[ ]?\d{3}(?![\w-]|[.,]\d)"


class CaseNumberRecognizer(RuleRecognizer):
    """A court's case number, any number after a journal, case, reference, customer, account, land register,
    passport or driving licence word ("matr.nr. 12a"), a firm's CVR number, an IBAN and a car's number plate."""

    ENTITY = "ID"
    PATTERNS = [Pattern("dk_court_case", _COURT_CASE, 0.85), Pattern("dk_journal", _JOURNAL, 0.85),
                Pattern("dk_plate", _PLATE, 0.8), Pattern("dk_cvr", _CVR, 0.9), Pattern("dk_iban", _IBAN, 0.9),
                Pattern("dk_reference_initials", rf"(?<=(?i:ref\.|initialer):?[ ])[A-ZÆØÅ]{{2,4}}(?![\w])", 0.7)]
    CONTEXT = ["sag", "journal", "j.nr"]


_LOCAL = r"[\w](?:[\w.%+-]{0,62}[\w])?"
_LABEL = r"[\w](?:[\w-]{0,61}[\w])?"
#: said or written out: ``mette.lund snabel-a gmail punktum dk``
_SPOKEN = (r"(?<![\w'’-])[\w.]+[ ](?i:snabel-a)[ ][\w-]+(?:[ ](?i:punktum|prik)[ ][\w-]+)+(?![\w'’-])")


class DanishEmailRecognizer(RuleRecognizer):
    """An e-mail address (letters æ, ø, å allowed), also written out with ``snabel-a`` and ``punktum``."""

    ENTITY = "EMAIL_ADDRESS"
    PATTERNS = [Pattern("dk_email", rf"(?<![\w.%+-]){_LOCAL}@(?:{_LABEL}\.){{1,8}}[A-Za-z]{{2,24}}(?![\w-]|\.[A-Za-z0-9])", 0.95),
                Pattern("dk_email_spoken", _SPOKEN, 0.85)]
    CONTEXT = ["mail", "e-mail", "email"]


class DanishWebAddressRecognizer(RuleRecognizer):
    """A web address ("www.fjordbyg.dk", "https://fjordbyg.dk/kontakt"): a firm's or a person's site (``URL``)."""

    ENTITY = "URL"
    PATTERNS = [Pattern("dk_web", r"(?<![\w@./-])(?:https?://|www\.)[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,24}"
                                  r"(?:/[\w./%?=&#~+-]*[\w/])?(?![\w@])", 0.85)]
    CONTEXT = ["www", "hjemmeside", "http"]
