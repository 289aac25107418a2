"""Entity normalization (NEN): group mentions into referents and re-scan the text.

After the Danish court-order anonymizer (seed 003): every detected name becomes a *type*
(its surface forms and name parts), each mention is linked to one referent, and the whole
text is searched again for every surface form so that occurrences the detectors missed
are tagged too (confidence 3, for the reviewer).

The steps live in their own modules: :mod:`~anonymizer.normalize.names` (name words, keys,
thresholds), :mod:`~anonymizer.normalize.groups` (persons and the index of their name parts),
:mod:`~anonymizer.normalize.people` (grouping) and
:mod:`~anonymizer.normalize.rescan` (re-scan and settling the hits); this module runs them
and builds the entities.

Grouping rules
--------------
* **Persons.**  The title-page names (``Header.person_names()``: inmate, participants,
  transcriber) and every multi-part PERSON mention define persons.  A multi-part mention
  joins a known person when all its parts match the person's parts, or all the person's
  parts occur in it (a middle name is then added).  Titles (``Mr.``, ``Commissioner``,
  the lexicon's one-word titles), initials, suffixes (``Jr.``) and possessives are
  ignored.  Adjacent PERSON mentions (``Robert`` + ``Young``, at most an initial between
  them) are joined *before* grouping so a full name is never split between two persons; a
  lone surname takes in the Census first name written right before it inside a sentence
  (``The victim, Young Little``: the tagger leaves out first names that are common words, and
  its ORGANIZATION piece over that word is dropped).
* A part *matches* a person key when it is equal (case-folded), else a misspelling
  (``rapidfuzz.fuzz.ratio`` >= ``Config.fuzzy_threshold``, both at least 5 letters, same
  first letter: ``Stevenston`` -> ``Stevenson``; or one letter wrong, same length, not the
  last letter and not between two Census first names: any letter in a part of 7+ letters,
  ``Mandoza`` -> ``Mendoza``, a vowel for a vowel in one of 5-6, ``Ochea`` -> ``Ochoa``, while
  ``Julio``/``Julia`` stay two people), else a cut-off prefix of at least 4
  letters (``Hernan`` -> ``Hernandez``).  Exact matches beat misspellings beat prefixes.
* **Ambiguity** (two persons share a part: the inmate ``Kevin Young`` and his brother
  ``Robert Young``; a victim and the next of kin on the title page): a single part goes
  first to the person its utterance names (``_Grouper._in_context``: in a speaker tag, the
  speaker who gives their full name in the utterance or whom the previous utterance
  addressed by first name or by title and surname, ``Mr. Love, please.``; elsewhere the
  speaker who gave their full name earlier in the utterance (``My name is``, not ``I'm Tuan
  Guy's father``), or someone present when addressed, thanked or named as giving a statement
  (``Ms. Black, you may...``, ``Thank you, Mr. Guy.``: a title-page participant or a person who
  gave their own full name, never the victim; of those, one whose first name is of the title's sex
  before one of unknown sex, ``Ms. Sandoval, please.``); ``Mr.``/``Ms.`` leave out the persons whose first
  name is the other sex's, ``gazetteer.first_name_sex``, and go with a surname rather than a
  first name, ``Ms. Hope`` not ``Hope Bishop``, before preferring a title-page participant for a
  tag; in running text never the transcriber; in a speaker tag the one addressed last in the
  utterance before, ``Thank you, sir. Ms. Love?``), else
  to the inmate, else in running text to the person the hearing calls the victim (``The
  victim, Tuan Guy,``), then to the person talked about most (mentions outside speaker tags,
  plus the untagged uses of a name part only they have, ``I didn't really know Love``: the
  victim rather than a relative who speaks), in a speaker tag to the person with most mentions so far, else to
  the title-page person (title-page order), else to the earliest; two persons with
  different first names are never united, and the part keeps certainty 3. A speaker tag whose
  courtesy title is of the other sex than every person bearing its surname (``MS. LITTLE:`` where
  Alonzo Little is the only Little) is someone else, present from then on; in running text a title
  alone starts no one. Parts that fit
  one person only are linked first, then the shared parts their context decides, then the
  rest (fewest persons left first), so the counts are meaningful when those are decided.
* **Spelled names** (``R-I-C-H-A-R-D-S-O-N``) join the person having that part (one
  letter slip tolerated for 4+ letters), else start a person of their own; spelled right
  after a name in its line (``Black, B-L-A-C-K``), the person of that name, or the speaker
  whose tag opens the line and bears it; answering a question about someone else's name
  ("how is the victim's last name spelled?"), the person most talked about with that name.
  They keep the SPELLED_NAME label; the entity is PERSON.
* **Label repair.**  A one-word ORGANIZATION/LOCATION/NRP mention found only by statistical
  NER tools (not by a rule recognizer) whose word is a part of a title-page person or of a
  full name (not a common word or place, unless a person's context or its capital inside a
  sentence where no place stands says so: ``the loss of Love``, ``not about Jordan lying
  there``, not ``moved to Georgia`` or ``the King of Jordan``) becomes a PERSON mention of
  that person (spaCy's ``Yamamoto`` tagged ORG); a word only ever tagged alone (``Stockton``)
  is not enough.  A tagged ORGANIZATION/LOCATION that is exactly a person's full name is that
  person even when a rule's piece of it joined the span (``Ricardo Hakobyan wrote a letter``).
* **One label per name.** A name of two or more words that the tagger alone calls a place
  here and an organization there is a LOCATION when the gazetteers know it or it ends with a
  street word, else an ORGANIZATION (``accepted at New Way of Life``).
* **Other labels** group by a normalized key: CDCR ids by letters + digits with phonetic
  words reduced to their letter (``Victor 12345`` == ``V-12345`` == ``V12345``); phone
  numbers by digits; everything else by the case-folded form (ORGANIZATION and LOCATION
  also fuzzily, ratio >= 92, same first letter).

Re-scan
-------
One compiled regex (a character trie of all forms, so the longest form wins at every
position) finds every surface form of every entity as a whole word: PERSON full names
and parts (including misspelled and cut-off variants), the title-page names, spelled
names, CDCR ids in their written variants, ORGANIZATION/LOCATION/NRP names; each in the
case seen, Title case and UPPER case.  A following possessive ``'s`` stays outside the
span.  One-word forms are searched capitalised only.  A part that is also a common word
(spaCy stop words, the packaged ``name_words.txt``) counts in Title
case only mid-sentence, in UPPER case only in a speaker tag, and otherwise only right
next to another part of the same person (``Mark`` in ``Mark Stevenston``) or before another
person's name with "and" between (``Love and Marisol are both here``).  A lone name word spelled
right after it is the spelling's person (``My name is Marisol Hope. Hope, H-O-P-E.``).  Forms
shorter than 3 characters and whitelisted terms are not searched, and hits inside a
whitelisted phrase of the text (``California Code of Regulations``) are dropped.
Cut-off names (``Hernan-``) and names split across two utterances of one speaker
(``Ro-`` ... ``-berto``) are linked to the person whose part they complete; a cut name's second
piece is grouped as the whole name (``Marqui-`` ... ``-se Austin`` is Marquise Austin) and the
first piece joins the entity of its completion (``We-`` ... ``-sley Washington``).  A re-scan hit
of a part several persons share goes to the one its utterance names, as for detected mentions;
``Faith and I got married``, said by the inmate Guy Faith, is someone else, the one whose first
name it is.

A hit overlapping a mention of another entity is dropped, except a multi-part full name
of a person that contains only PERSON mentions (``Robert Young`` over a ``Young`` linked
to the inmate).  A hit overlapping mentions of its own entity extends them (``Kevin`` ->
``Kevin Richardson``).  Finally touching PERSON mentions of one entity are joined.

Confidence: 1 = header, rule or manual source, or two distinct NER tools; 2 = one NER
tool; 3 = re-scan / fuzzy only.  The input is expected sorted and non-overlapping (the
output of :func:`anonymizer.detect.merge.merge`); overlapping input is passed through ``merge``.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from anonymizer import spans
from anonymizer.detect.seeds import cut_name_pairs
from anonymizer.lang.en import vocabulary
from anonymizer.normalize.groups import _Group
from anonymizer.normalize.names import _clean_surface, _name_tokens, _name_words, cdcr_key
from anonymizer.normalize.names import _join_adjacent_names, _one_label_per_name, _with_first_names, nicknamed_names
from anonymizer.normalize.people import _Grouper
from anonymizer.normalize.sound_alike import _typo_hits, sounds_beside_hits, split_hits
from anonymizer.normalize.rescan import (
    _build_forms,
    _fragment_hits,
    _integrate,
    _non_overlapping,
    _outside,
    _rescan_hits,
    _rescue_next_to_name,
    _sorted_disjoint,
    _spelled_by_next,
)
from anonymizer.resolve import confidence_of
from anonymizer.spans import Protected
from anonymizer.types import Config, Entity, Header, Mention

__all__ = ["cdcr_key", "confidence_of", "normalize"]


def _person_name(group: _Group, forms: list[str]) -> str:
    """Most complete form (most parts, then most main parts rather than misspellings, mixed case
    preferred, longer, earlier); an UPPER form is re-cased from the mixed-case words seen."""
    candidates = [_clean_surface(f) for f in forms] + ([group.title_form] if group.title_form else [])
    candidates = [c for c in candidates if _name_tokens(c)]
    if not candidates:
        return " ".join(part.title() for part in group.core) or (forms[0] if forms else "")
    core = set(group.core)

    def preference(indexed: tuple[int, str]) -> tuple:
        tokens = _name_tokens(indexed[1])
        return (-len(tokens), -sum(t in core for t in tokens), indexed[1].isupper(), -len(indexed[1]), indexed[0])

    best = min(enumerate(candidates), key=preference)[1]
    if not best.isupper():
        return best
    mixed = {w.casefold(): w for c in candidates for w in _name_words(c) if not w.isupper()}
    return " ".join(mixed.get(word.casefold(), word.title()) for word in best.split())


def _entity_name(group: _Group, forms: list[str], person_forms: list[str]) -> str:
    if group.label == "PERSON":
        return _person_name(group, person_forms)
    if group.label == "CDCR_ID" and re.fullmatch(r"[A-Z]+\d+|\d+", group.key):
        return group.key
    cleaned = [_clean_surface(f) or f for f in forms]
    return max(enumerate(cleaned), key=lambda ic: (len(ic[1]), -ic[0]))[1]


def _finalize(
    text: str, mentions: list[Mention], groups: list[_Group], uncertain: set[int] = frozenset()
) -> tuple[tuple[Mention, ...], tuple[Entity, ...]]:
    """Entities renumbered by first appearance; mentions with final ids and confidence (3 for a
    bare part shared by persons with different first names: its referent is a guess)."""
    order: dict[int, int] = {}
    forms: dict[int, dict[str, None]] = {}
    person_forms: dict[int, list[str]] = {}
    for mention in mentions:
        order.setdefault(mention.entity, len(order))
        surface = text[mention.start : mention.end]
        forms.setdefault(mention.entity, {})[surface] = None
        if mention.label == "PERSON":
            person_forms.setdefault(mention.entity, []).append(surface)
    entities = tuple(
        Entity(
            id=new,
            label=groups[gid].label,
            category=groups[gid].label,
            name=_entity_name(groups[gid], list(forms[gid]), person_forms.get(gid, [])),
            variants=tuple(forms[gid]),
        )
        for gid, new in order.items()
    )
    out = tuple(
        replace(m, entity=order[m.entity], confidence=3 if m.start in uncertain else confidence_of(m.sources))
        for m in mentions
    )
    return out, entities


def normalize(
    text: str, mentions: Sequence[Mention], header: Header | None, config: Config, protected: Protected | None = None
) -> tuple[tuple[Mention, ...], tuple[Entity, ...]]:
    """Link mentions to entities, re-scan the text, set ``entity`` and ``confidence``.

    ``protected`` is the document's whitelist (:func:`anonymizer.spans.protect` with
    ``config.whitelist_terms``), found here when not given.

    Returns sorted, non-overlapping mentions and the entities numbered by first
    appearance in the text (``entities[i].id == i``).
    """
    ordered = [m for m in _sorted_disjoint(text, mentions) if not vocabulary.is_possessive_ending(text[m.start:m.end])]
    ordered = _join_adjacent_names(text, _with_first_names(text, _one_label_per_name(text, ordered)), same_entity=False)
    pairs = cut_name_pairs(text)
    # a name cut by an interruption is grouped as the whole name ("Marqui-" ... "-se Austin": Marquise Austin)
    grouper = _Grouper(text, config, cut_prefixes={head[0]: text[tail[0]:tail[1]] for tail, head in pairs},
                       whole_names=nicknamed_names(text, ordered))  # "Andre "Dre" Fontaine": one person
    assignment = grouper.run(ordered, header)
    grouped = [replace(m, entity=gid, label=label) for m, (gid, label) in zip(ordered, assignment)]
    if protected is None:
        protected = spans.protect(text, config.whitelist_terms)
    table = _build_forms(text, grouped, grouper.groups, protected.is_whitelisted)
    hits, conditional = _rescan_hits(text, table)
    hits = [grouper.in_context(hit) if hit.label == "PERSON" else hit for hit in hits]
    hits = _outside(protected, _non_overlapping(hits + _fragment_hits(text, grouper.people)
                                                + _typo_hits(text, grouper.people, grouped)
                                                + split_hits(text, grouper.people, grouped)))
    merged = _integrate(text, grouped, hits)
    merged = _rescue_next_to_name(text, merged, _outside(protected, conditional))
    merged = sounds_beside_hits(text, grouper.people, merged)  # "Jon Brannigan" of John Brannigan
    merged = _join_adjacent_names(text, _spelled_by_next(text, merged), same_entity=True)
    return _finalize(text, _join_cut_names(pairs, merged), grouper.groups, grouper.uncertain)


def _join_cut_names(pairs: list[tuple[tuple[int, int], tuple[int, int]]], mentions: list[Mention]) -> list[Mention]:
    """The first piece of a name cut by an interruption joins the person of its completion in the
    speaker's next turn (``my cousin We-`` ... ``-sley Washington``: one person, not two); ``pairs``
    are :func:`~anonymizer.detect.seeds.cut_name_pairs`."""
    if not pairs:
        return mentions
    at = {m.start: m for m in mentions if m.label == "PERSON"}
    joined: dict[int, int] = {}  # start of a first piece -> the entity of its completion
    for (tail, _), (head, _) in pairs:
        if tail in at and head in at and at[tail].entity != at[head].entity:
            joined[tail] = at[head].entity
    return [replace(m, entity=joined[m.start]) if m.start in joined and m.label == "PERSON" else m
            for m in mentions]
