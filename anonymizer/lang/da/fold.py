"""Danish letters in comparisons: case folding that keeps æ, ø and å, the ASCII spellings of them (``aa`` for
å, ``oe`` for ø, ``ae`` for æ; ``o`` and ``a`` where a keyboard lost them) and the variants of a name the leak
gate looks for in an export ("Søren" -> "Soeren", "Soren"; "Aase" -> "Åse").
"""
from __future__ import annotations

import unicodedata

#: a Danish letter -> its spellings without it, the usual first
ASCII_SPELLINGS = {"æ": ("ae", "a"), "ø": ("oe", "o"), "å": ("aa", "a"), "ä": ("ae", "a"), "ö": ("oe", "o"),
                   "ü": ("ue", "u"), "é": ("e",)}
#: two letters that stand for a Danish letter in an older or ASCII spelling ("Aabenraa", "Soeren")
DIGRAPHS = {"aa": "å", "oe": "ø", "ae": "æ"}


def fold(word: str) -> str:
    """A comparison key: NFC, case-folded, æ/ø/å kept (``casefold`` keeps them), ``aa``/``oe``/``ae`` read as
    å/ø/æ, other accents dropped ("Aabenraa" = "Åbenrå", "SØREN" = "søren", "Jörgen" = "jørgen")."""
    text = unicodedata.normalize("NFC", word).casefold().replace("ö", "ø").replace("ä", "æ")
    for pair, letter in DIGRAPHS.items():
        text = text.replace(pair, letter)
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c) or c == "\u030a"
                   ).replace("a\u030a", "å")


def ascii_key(word: str) -> str:
    """The fold with æ, ø, å written a, o, a: how a name reads where the letters were lost ("Sren" aside)."""
    return "".join(ASCII_SPELLINGS.get(c, (c,))[-1] for c in fold(word))


def variants(word: str) -> set[str]:
    """The spellings of ``word`` an export may hold: as written, with ``æ``/``ø``/``å`` written ``ae``/``oe``/``aa``
    or without their marks, and the other way round ("Aase" -> "Åse"); each capitalised as ``word`` is."""
    forms = {word}
    lowered = word.lower()
    for letter, spellings in ASCII_SPELLINGS.items():
        for form in list(forms):
            if letter in form.lower():
                for spelling in spellings:
                    forms.add(_replace(form, letter, spelling))
    if any(pair in lowered for pair in DIGRAPHS):
        for pair, letter in DIGRAPHS.items():
            for form in list(forms):
                if pair in form.lower():
                    forms.add(_replace(form, pair, letter))
    return forms


def _replace(form: str, old: str, new: str) -> str:
    """``old`` -> ``new`` in ``form`` case-blind, keeping each occurrence's case (``Ø`` -> ``Oe``, ``ØRSTED`` -> ``OERSTED``)."""
    out, i, low = [], 0, form.lower()
    while (j := low.find(old, i)) >= 0:
        out.append(form[i:j])
        found = form[j:j + len(old)]
        out.append(new.upper() if found.isupper() and (len(found) > 1 or form.isupper()) else
                   new.capitalize() if found[0].isupper() else new)
        i = j + len(old)
    out.append(form[i:])
    return "".join(out)
