"""Danish dates and ages with their values replaced, as the Danish pack's pseudonyms write them:
"3. marts 2021" -> "[DAY]. [MONTH] [YEAR]", "mandag den 4. marts" -> "[DAY_OF_WEEK] den [DAY]. [MONTH]",
"d. 3/3-21" -> "d. [DATE]", "sommeren 2020" -> "sommeren [YEAR]", "45-årig" -> "[AGE]-årig", "58 år gammel" ->
"[AGE] år gammel". The words between the values stay only when they are expected connectors; any other word (or a
digit left) makes the whole span the generic tag (``[DATE]``, ``[AGE]``): never leak a value."""
from __future__ import annotations

import regex as re

from . import vocabulary

_MONTH_WORDS = "|".join(sorted((*vocabulary.MONTHS, *vocabulary.MONTH_ABBREVIATIONS), key=len, reverse=True))
_NUMBER_WORD = ("(?:(?:" + "|".join(vocabulary.UNITS) + ")og)?(?:" + "|".join(vocabulary.TENS) + ")|"
                + "|".join(sorted((*vocabulary.TEENS, *vocabulary.UNITS), key=len, reverse=True)))
_TOKEN = re.compile(
    r"(?P<DATE>(?<!\d)\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?(?:-\d{2,4})?(?!\d))"
    r"|(?P<YEAR>(?<!\d)(?:1[5-9]|20)\d{2}(?!\d))"
    r"|(?P<DAY>(?<!\d)\d{1,2}(?=\.)(?!\d))"
    r"|(?P<NUMBER>(?<!\d)\d+(?!\d))"
    rf"|(?P<MONTH>(?<![\w])(?i:{_MONTH_WORDS})(?![\w]))"
    rf"|(?P<DAY_OF_WEEK>(?<![\w])(?i:{'|'.join(vocabulary.WEEKDAYS)})(?![\w]))"
    rf"|(?P<WORDS>(?<![\w])(?i:{_NUMBER_WORD})(?=-?årig|[ ]år|$))",
)
_CONNECTORS = {
    "DATE": frozenset("den d og til fra i om ved start starten slutningen midten af foråret sommeren efteråret "
                      "vinteren julen påsken født primo medio ultimo måned".split()) | frozenset(vocabulary.HOLIDAYS),
    "AGE": frozenset("år årig årige gammel gamle alder alderen af i en et på og ca omkring cirka".split()),
}


def temporal(label: str, surface: str) -> str:
    """``surface`` (a DATE or an AGE) with each value a tag (``[DAY]``, ``[MONTH]``, ``[YEAR]``, ``[DATE]``,
    ``[DAY_OF_WEEK]``, ``[AGE]``); the generic ``[label]`` when a word between them is no connector."""
    if label not in _CONNECTORS:
        return f"[{label}]"
    out, at = [], 0
    for m in _TOKEN.finditer(surface):
        out.append(surface[at:m.start()])
        kind = m.lastgroup
        out.append("[AGE]" if label == "AGE" and kind in ("NUMBER", "WORDS", "DAY", "DATE") else
                   "[DAY]" if kind == "DAY" else "[YEAR]" if kind == "YEAR" else f"[{kind}]" if kind != "NUMBER" and
                   kind != "WORDS" else f"[{label}]")
        at = m.end()
    out.append(surface[at:])
    rendered = "".join(out)
    gaps = re.sub(r"\[[A-Z_]+\]", " ", rendered)
    words = {w.casefold() for w in re.findall(r"[^\W\d_]+", gaps)}
    if not out[1:] or any(c.isdigit() for c in gaps) or not words <= _CONNECTORS[label]:
        return f"[{label}]"
    return rendered
