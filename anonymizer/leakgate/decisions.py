"""The reviewer's decisions in the leak gates (no Django): a hit that stands where the reviewer rejected a mention
is that decision, in a published text, its CoNLL and subtitles and a masked recording heard again alike."""
from __future__ import annotations

from typing import Collection

from anonymizer.lang.en import vocabulary

#: the labels of a tagger's capitalised words (what a reviewer rejects as no one); a spelled name, a number
#: or an address found again is a finding whatever was rejected
TAGGED_NAMES = frozenset({"PERSON", "LOCATION", "ORGANIZATION"})


def folded(form: str) -> str:
    """A form as the gates compare it with the document's own: white space as one space, any case, no possessive."""
    return vocabulary.fold_possessive(" ".join(form.split()))


def rejection_decides(label: str, form: str, own: Collection[str], strong: bool = False) -> bool:
    """The gates' one rule, in a published text, its CoNLL and subtitles and in a masked recording heard again
    alike, for a hit that stands where the reviewer rejected a mention: that rejection is a decision, never
    overturned (no finding), when the hit is a tagger's name (:data:`TAGGED_NAMES`), the tools give it no name's
    evidence (``strong``: a rule or the title page found it, or two tools found the same span), and ``form`` is
    none of ``own``, the forms the document itself accepted or its title page names (folded, :func:`folded`): a
    review that accepts a form and rejects it too says both, and the acceptance is the one a leak would break.
    An office its holder is addressed by (``Mr. Mayor``, ``Madam Chair``: ``vocabulary.addressed_office``) is no
    name's evidence, however many taggers take it for one (they take a form of address for a name alike).
    The same form anywhere no one decided stays a finding."""
    strong = strong and not vocabulary.addressed_office(form)
    return label in TAGGED_NAMES and not strong and folded(form) not in own
