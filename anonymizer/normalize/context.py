"""Normalization, step 2b: whom a name part several persons share names, read from its context
(who speaks, who is addressed or present, a relative or "and I" before or after it).

:class:`_Context` is the half of :class:`anonymizer.normalize.people._Grouper` that reads the
context; see :mod:`anonymizer.normalize` for the rules.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import replace

from anonymizer.lang.en import gazetteer, lexicon, vocabulary
from anonymizer.normalize.cues import _Cues, _kin_key
from anonymizer.normalize.groups import _Group, _People
from anonymizer.normalize.names import (
    _ADDRESSED, _FIRST_NAME_ADDRESSED, _OFF_TITLE, _PRESENT_AFTER, _STATEMENT_OF, _THANKED, _TITLE_ADDRESSED,
    _WITH_SPEAKER, PARTICIPANT_BEFORE, _name_tokens, surname_first, title_before,
)
from anonymizer.lang.en.transcript import INMATE_WORDS, in_speaker_tag, line_start, role_only, speaker_tag
from anonymizer.lang.en.vocabulary import COURTESY_TITLES, ROLE_ABBREVIATIONS
from anonymizer.types import Mention

_SMALL_WORDS = frozenset({"for", "the", "of", "s", *(t.casefold() for t in COURTESY_TITLES)})
#: an inmate's tags, a regex alternation
_INMATE_TAGS = "|".join(re.escape(label) for label in vocabulary.INMATE_LABELS)
_KIN = "|".join(vocabulary.KIN_WORDS)
#: a relative's word, a comma, a courtesy title right before a surname ("her mother, Mrs. "): group 1
_KIN_TITLED = re.compile(rf"\b({_KIN}),[ ](?:{'|'.join(COURTESY_TITLES)})\.?[ ]$", re.IGNORECASE)
#: a relative's word right before a full name ("your mother, Gloria Washington"), or after it ("Marcus Washington,
#: your cousin"; also after a titled surname: "Mr. Washington, your cousin, testified", "Ms. Halvorsen, you're his
#: sister?"): group 1
_KIN_NAMED_BEFORE = re.compile(rf"\b({_KIN})(?:,?[ ]|[ ](?:is|was)[ ](?:also[ ])?(?:(?:named|called)[ ])?)$", re.IGNORECASE)
_KIN_NAMED_AFTER = re.compile(rf",[ ](?i:(?:you['’]re|you[ ]are)[ ])?(?i:your|his|her|my|our|their|the(?:[ ](?:inmate|victim)['’]s)?)[ ]((?i:{_KIN}))\b"
                              r"(?!,?[ ][A-Z])")  # not "Mr. Pruitt, your father, Earl Pruitt,"


def kin_named(text: str, start: int, end: int) -> str:
    """The relative's word a name stands beside, folded, or "" (``your mother, Gloria Washington``)."""
    match = _KIN_NAMED_BEFORE.search(text, max(0, start - 30), start) or _KIN_NAMED_AFTER.match(text, end)
    return match.group(1).casefold() if match else ""


_APPOSED = re.compile(r",[ ](?=[A-Z])")
#: a bare first name set off by commas or before "and" right after a titled surname ("Mrs. Garcia, Elena, I'm sorry")
_FIRST_NAME_NEXT = re.compile(r",[ ]([A-Z][a-z]+)(?:,|[ ]and\b)")
_RENAMED_NEXT = re.compile(r"[ ]*(?:--|—|,|\()[ ]*(?:(?:she|he)[ ](?:goes|went)[ ]by|now)[ ]")  # "Ms. Hutchins -- she goes by "
#: the rest of an utterance after an addressed name: a stop, perhaps a question mark, then the line's end
_UTTERANCE_END = re.compile(r"[.?!][^\S\n]*(?:\n|$)")
#: a line's break and the blank lines after it, up to the next utterance's line (its indentation kept: a tag's start)
_LINE_BREAKS = re.compile(r"\n(?:[^\S\n]*\n)*")


def role_words(role: str) -> frozenset[str]:
    """A role's words, folded, abbreviations spelled out, no small words: ``DDA`` -> deputy, district, attorney."""
    words = " ".join(ROLE_ABBREVIATIONS.get(w, w) for w in re.findall(r"[a-z]+", role.casefold()))
    return frozenset(w for w in words.split() if w not in _SMALL_WORDS)


def _inmate_role(tag: str) -> bool:
    """Whether a speaker tag's words name the inmate's role (``INMATE CASTILLO``, ``INCARCERATED PERSON``)."""
    return bool(role_words(tag) & INMATE_WORDS)


def _title_sex(title: str) -> str:
    """"M" for ``Mr`` and ``Señor``, else "F" (``Mrs``, ``Ms``, ``Miss``, ``Señora``)."""
    return "M" if title.casefold() in vocabulary.MALE_COURTESY_TITLES else "F"


class _Context(_Cues):
    """Whom a shared name part names; mixed into the grouper, which holds this state."""

    text: str
    groups: list[_Group]
    people: _People
    _named: list[tuple[int, int]]  # (start, person) of every full name, in text order
    _introductions: set[int]  # starts of full names a speaker gives as their own
    _here: set[int]  # starts of full names said to be present
    _others: set[int]  # speakers a tag's courtesy title made someone else ("MS. LITTLE:" beside Alonzo Little)
    _offices: dict[tuple[str, str], int]  # (office, surname) -> the officer sharing the inmate's surname

    def _likely(self, gids: list[int], mention: Mention) -> list[int]:
        """The persons a bare shared part most likely names: one whose whole name part it is ("Petrosyan",
        not "Ter-Petrosyan"); a speaker tag names a title-page participant; ``Mr.``/``Ms.`` before it a
        man/woman (Census first-name lists) whose surname it is; in running text not the transcriber."""
        tokens = _name_tokens(self._surface(mention))
        gids = [g for g in gids if tokens and tokens[0] in self.groups[g].core] or gids
        # a first name or a surname rather than a middle name ("Earl": Earl Pruitt, not James Earl Pruitt)
        gids = [g for g in gids if tokens and tokens[0] in (self.groups[g].core[:1] + self.groups[g].core[-1:])] or gids
        gids = self._by_role(gids, mention)
        title = title_before(self.text, mention.start)
        if title:  # the title's sex first: "MS. LITTLE:" is not the participant Alonzo Little
            other = "F" if _title_sex(title.group(1)) == "M" else "M"
            gids = [g for g in gids if self._sex_of(g) != other] or gids
            # a participant whose role on the title page says that sex ("Victim's Sister") before the others; in
            # running text only when no first name says it ("Ms. Pham was 20": Lorena, not her mother)
            wanted = _title_sex(title.group(1))
            by_role = [g for g in gids if self._role_sex(g) == wanted]
            if in_speaker_tag(self.text, mention.start) or not any(
                    gazetteer.first_name_sex(self._first_name(g)) == wanted for g in gids):
                gids = by_role or gids
            gids = self._whose_surname(gids, tokens) or gids  # not Hope Bishop
        profession = self._profession(mention.start)
        if profession:  # "Dr. Lee": the one named in full after that title ("Dr. Samuel Lee"), not Commissioner Lee
            gids = [g for g in gids if any(gid == g and self._profession(s) == profession for s, gid in self._named)] \
                or [g for g in gids if not self.groups[g].inmate] or gids  # "Deacon Price": his father, not him
        if "rule" in mention.sources or PARTICIPANT_BEFORE.search(self.text, max(0, mention.start - 14), mention.start):
            gids = [g for g in gids if self.groups[g].header_rank != _OFF_TITLE] or gids
        elif not in_speaker_tag(self.text, mention.start):  # the transcriber is named, never talked about
            gids = [g for g in gids if not self.groups[g].transcriber] or gids
        return gids

    def _by_role(self, gids: list[int], mention: Mention) -> list[int]:
        """In a speaker tag, the title page's participants whose role its role words fit best (``DEPUTY DISTRICT
        ATTORNEY NGUYEN:`` beside an attorney Nguyen); all of ``gids`` when no role tells them apart."""
        tag = speaker_tag(self.text, line_start(self.text, mention.start)) if in_speaker_tag(self.text, mention.start) else None
        inmates = [g for g in gids if self.groups[g].inmate] if tag and _inmate_role(tag.group("tag")) else []
        if inmates:  # "INMATE OKONKWO:" is the inmate, not his uncle listed as "Inmate's Uncle"
            return inmates
        wanted = role_words(self.text[tag.start():mention.start]) if tag else frozenset()
        scores = {g: (len(wanted & self.groups[g].role), -len(wanted ^ self.groups[g].role)) for g in gids}
        best = max(scores.values(), default=(0, 0))
        return [g for g in gids if scores[g] == best] if best[0] else gids

    def _in_context(self, gids: list[int], mention: Mention) -> list[int]:
        """Whom a bare surname shared by several persons names, when its utterance says it ([] = no
        telling). A speaker tag: the speaker who gives their full name in the utterance (``My name is
        Lucinda Black``), else the one the previous utterance addressed by first name (``Georgia, go
        ahead.``). Elsewhere: the speaker who gave their full name earlier in the utterance; ``Ms. Black,``
        addressed or ``the statement of Ms. Black``: the title-page participants (people present)."""
        text, start = self.text, mention.start
        line, tag = line_start(text, start), in_speaker_tag(text, start)
        end = text.find("\n", start) if tag else start
        profession = self._profession(start)  # "I'm Alma Ruiz. Officer Ruiz was my husband": not the speaker
        title = title_before(text, start)
        recent = None if tag else self._named_before(gids, mention, line)
        for s, gid in self._named[bisect_left(self._named, (line,)):]:
            if s >= (end if end >= 0 else len(text)):
                break
            if gid in gids and s in self._introductions and (not profession or self._profession(s) == profession) \
                    and (not title or self._sex_of(gid) in (None, _title_sex(title.group(1)))):  # not "Mr. Tate" for her
                # "My name is Tasha Brooks. ... His grandma, Loretta Brooks, did. Mrs. Brooks hugged me": the grandma
                return [recent[1]] if recent and recent[0] > s else [gid]
        if tag:
            before = text[:line].rstrip("\n")
            previous = before.rfind("\n") + 1
            spoke = speaker_tag(text, previous) if before else None
            opening = spoke.end() if spoke else previous
            first = _FIRST_NAME_ADDRESSED.match(text, opening) if before else None
            said = [g for g in gids if first and self._first_name(g) == first.group(1).casefold()]
            addresses = list(_TITLE_ADDRESSED.finditer(text[opening:line])) if before and len(said) != 1 else []
            titled = addresses[-1] if addresses else None  # the last one addressed speaks next
            if titled and titled.group(2).casefold() in _name_tokens(text[start : mention.end]):
                said = self._by_sex(self._present(gids), titled.group(1), keep=False)  # "Mr. Love, please."
            return said if len(said) == 1 else []
        if _WITH_SPEAKER.match(text, mention.end):
            return self._with_speaker(gids, mention, line)
        if lexicon.after_relative(text, start, floor=line, kin_only=True):  # "My mom, Faith, passed away"
            by_first = self._by_first_name(gids, mention)
            kin = _KIN_NAMED_BEFORE.search(text, max(line, start - 30), start)
            if len(by_first) > 1 and kin:  # "My mom Maria": the Maria the hearing called his mother, not the victim
                # "INMATE HUTCHINS:  My mama is Gloria": not the victim's mother
                if (spoke := speaker_tag(text, line)) and _inmate_role(spoke.group("tag")):
                    by_first = [g for g in by_first if "victim" not in self.groups[g].role] or by_first
                by_first = [g for g in by_first if _kin_key(kin.group(1)) in self._kin(g)] \
                    or self._namesake(by_first, _kin_key(kin.group(1))) or by_first
            return by_first if len(by_first) == 1 else []
        # the words before it on its line, the last 120 characters at most: every pattern below ends there, and a long
        # line's whole start searched for each name of it cost time by the square of its length
        before = text[line:start] if start - line <= 120 else "\n" + text[start - 120:start]
        kin = _KIN_TITLED.search(before) or _KIN_NAMED_AFTER.match(text, mention.end)
        # "we have her mother, Mrs. Pham", "Mr. Washington, your cousin,": the one the title page or the hearing calls so
        by_kin = [g for g in gids if kin and _kin_key(kin.group(1)) in self._kin(g)]
        if len(by_kin) == 1:
            return by_kin
        renamed = _RENAMED_NEXT.match(text, mention.end) or _APPOSED.match(text, mention.end)
        if renamed:  # the person the full name right after names ("Robby's mother, Mrs. Tate, Evelyn Tate, she")
            named = self._named[bisect_left(self._named, (renamed.end(),)):][:1]
            if named and named[0][0] == renamed.end() and named[0][1] in gids:
                return [named[0][1]]
        beside = self._adjacent_speaker(gids, mention, line)
        if beside:
            return beside
        listed = _FIRST_NAME_NEXT.match(text, mention.end)  # "Mrs. Garcia, Elena, I'm sorry": two people addressed
        if listed and 0 < len(others := [g for g in gids if self._first_name(g) != listed.group(1).casefold()]) < len(gids):
            gids = others
        addressed = (_ADDRESSED.search(before) if text.startswith(",", mention.end) else None) or _THANKED.search(before)
        if addressed:  # "Ms. Sandoval, please.": of the people present (whose surname it is), a woman first
            present = self._present(gids)
            present = self._whose_surname(present, _name_tokens(self._surface(mention))) or present  # not Dallas Guy
            # a title no one present fits goes by the title, not to the one present ("Thank you, Mr. Tolliver."
            # beside Pearl Tolliver, who introduced herself, and the son, who did not)
            wanted = _title_sex(addressed.group("title"))
            return self._by_sex(present, addressed.group("title"), keep=not any(self._sex_of(g) == wanted for g in gids))
        if _STATEMENT_OF.search(before) or _PRESENT_AFTER.match(text, mention.end):  # "Ms. Hayes is here"
            return self._present(gids)
        return [recent[1]] if recent else []

    def _named_before(self, gids: list[int], mention: Mention, line: int) -> tuple[int, int] | None:
        """A titled surname after the full name of one of its bearers of the title's sex earlier in the utterance,
        the last one: its start and person ("His mother, Loretta Brooks, will house him. Mrs. Brooks is seventy.");
        a bare first name likewise after the full name of one who bears it, not the speaker's own ("My sister, Maria
        Hernandez, visits. Maria brings my kids."); an office's title, after anyone's but the inmate's ("Robert
        Hernandez. Deacon Hernandez at Sacred Heart.")."""
        title = title_before(self.text, mention.start)
        wanted = _title_sex(title.group(1)) if title else None
        first, office = _name_tokens(self._surface(mention))[:1], not title and self._profession(mention.start)
        lo, hi = bisect_left(self._named, (line,)), bisect_left(self._named, (mention.start,))
        for s, gid in reversed(self._named[max(lo, hi - 12) : hi]):  # the last few: a long line costs no more
            if gid in gids and s not in self._introductions and (self._sex_of(gid) == wanted if title else
                                                                 not self.groups[gid].inmate if office else
                                                                 [self._first_name(gid)] == first):
                # the inmate or the victim of that sex is who a bare titled surname names, whoever was named before
                return None if title and any((self.groups[g].inmate or self.groups[g].victim) and g != gid
                                             and self._sex_of(g) == wanted for g in gids) else (s, gid)
        return None

    def _adjacent_speaker(self, gids: list[int], mention: Mention, line: int) -> list[int]:
        """``Thank you, Mr. Castillo.`` after ``MR. CASTILLO:`` spoke, ``Good morning, Mr. Castillo.`` ending an
        utterance before it or ``Ms. Holt, would you like to speak?`` opening it: the speaker of that tag (the one
        its first name names: ``MS. DENISE HOLT:``). An inmate's tag (``INMATE CASTILLO:``) is the inmate; a
        courtesy title's tag is not, when the inmate speaks under a tag of his own in the hearing (his brother)."""
        text = self.text
        tokens, title = _name_tokens(self._surface(mention)), title_before(text, mention.start)
        if not tokens or not title:
            return []
        if _THANKED.search(text, max(line, mention.start - 120), mention.start):
            before = text[:line].rstrip("\n")
            tag = speaker_tag(text, before.rfind("\n") + 1) if before else None
        elif _UTTERANCE_END.match(text, mention.end) or (
                text.startswith(",", mention.end) and _ADDRESSED.search(text, max(line, mention.start - 120), mention.start)):
            line_end = text.find("\n", mention.end)
            after = _LINE_BREAKS.match(text, line_end) if line_end >= 0 else None
            tag = speaker_tag(text, after.end()) if after else None
        else:
            return []
        words = tag.group("tag").split() if tag else []
        if words and role_only(tag.group("tag")):  # "VICTIM'S NEXT OF KIN 2:"
            introduced = self._introduced(tag.group("tag"))  # the name it gave for the record: "Michael Tolliver Junior."
            return [introduced] if introduced in gids else []
        if not words or tokens[0] not in {w.casefold().strip(".,") for w in words}:
            return []
        said = {w.casefold() for w in words} - {tokens[0]}  # not Pham Van Long's "first" name for MRS. PHAM:
        initials = {w[0].casefold() for w in words if len(w) == 2 and w.endswith(".")}  # "MS. R. SIMMS:": Roberta
        named = [g for g in gids if self._first_name(g) in said or self._first_name(g)[:1] in initials]
        if len(named) == 1:  # "MS. DENISE HOLT:" spoke: "Thank you, Ms. Holt." is Denise, not her daughter
            return named
        inmates = [g for g in gids if self.groups[g].inmate]
        if _inmate_role(" ".join(words)):
            return inmates[:1]
        if words[0].strip(".").capitalize() in COURTESY_TITLES and inmates and self._inmate_tagged(tokens[0]):
            others = [g for g in self._present(gids) if not self.groups[g].inmate]
            return others if len(others) == 1 else []
        wanted = _title_sex(title.group(1))
        if words[0].strip(".").capitalize() in COURTESY_TITLES and _title_sex(words[0].strip(".")) == wanted:
            # "Ms. Ruiz-Carter?" before "MS. RUIZ-CARTER:": the sister present, not the victim whose surname she bears
            present = [g for g in self._present(gids) if self._sex_of(g) in (wanted, None)]
            return present if len(present) == 1 else []
        return []

    def _introduced(self, tag: str) -> int | None:
        """The person whose full name an utterance under the speaker tag ``tag`` gave as the speaker's own, if any."""
        for s in sorted(self._introductions):  # a few, unlike the names
            spoke = speaker_tag(self.text, line_start(self.text, s))
            if spoke is not None and spoke.group("tag") == tag:
                return self._named[bisect_left(self._named, (s,))][1]
        return None

    def _inmate_tagged(self, surname: str) -> bool:
        """Whether the inmate speaks under a tag of an inmate's role and ``surname`` (``INMATE CASTILLO:``)."""
        return re.search(rf"^[^\S\n]*(?:{_INMATE_TAGS})[^\S\n]+{re.escape(surname)}[^\S\n]*:",
                         self.text, re.IGNORECASE | re.MULTILINE) is not None

    def in_context(self, hit: Mention) -> Mention:
        """A re-scan hit of one name part several persons share, given to the one its utterance
        names when it says so (:meth:`_in_context`), else left to the form's owner."""
        tokens = _name_tokens(self._surface(hit))
        gids = self.people.candidates(tokens[0]) if len(tokens) == 1 else []
        said = self._in_context(gids, hit) if len(gids) > 1 and hit.entity in gids else []
        if not said and len(gids) > 1 and hit.entity in gids:
            said = self._against_title(gids, hit)
        return replace(hit, entity=said[0]) if len(said) == 1 else hit

    def _against_title(self, gids: list[int], hit: Mention) -> list[int]:
        """``Mr. Her`` where the form's owner is a woman (Mai Nou Her) and one other bearer is not: that one."""
        title = title_before(self.text, hit.start)
        other = ("F" if _title_sex(title.group(1)) == "M" else "M") if title else None
        if other is None or self._sex_of(hit.entity) != other:
            return []
        return [g for g in gids if self._sex_of(g) != other]

    def _with_speaker(self, gids: list[int], mention: Mention, line: int) -> list[int]:
        """"Faith and I got married", said by the inmate Guy Faith: someone else than the speaker (a
        title-page person bearing the tag's name), and of those the one whose first name it is."""
        tag = speaker_tag(self.text, line)
        own = {w.casefold() for w in tag.group("tag").split()} if tag else set()
        others = [g for g in gids if not (own & set(self.groups[g].core) and self.groups[g].header_rank != _OFF_TITLE)]
        by_first = self._by_first_name(others, mention)
        if len(by_first) == 1:
            return by_first
        return others if len(others) == 1 else []

    def _whose_surname(self, gids: list[int], tokens: list[str]) -> list[int]:
        """The persons of ``gids`` whose surname (last name part; first when written first: Nguyen Van Tuan) the part is."""
        return [g for g in gids if tokens and (self.groups[g].core[:1] if surname_first(self.groups[g].core)
                                               else self.groups[g].core[-1:]) == tokens[:1]]

    def _by_first_name(self, gids: list[int], mention: Mention) -> list[int]:
        """The persons of ``gids`` whose first name the mention is."""
        tokens = _name_tokens(self._surface(mention))
        return [g for g in gids if tokens and self._first_name(g) == tokens[0]]

    def _present(self, gids: list[int]) -> list[int]:
        """The persons present at the hearing: title-page participants, people who gave their own full
        name in an utterance ("I'm Jerome Love") or were said to be here ("Dwayne Okafor is also here");
        a victim is talked about, not addressed."""
        introduced = {gid for s, gid in self._named if s in self._introductions or s in self._here}
        return [g for g in gids if self.groups[g].header_rank != _OFF_TITLE or g in introduced or g in self._others]

    def _sex_of(self, gid: int) -> str | None:
        """"M"/"F": the sex the person's first name mostly has on the Census lists, else the one a kin word of the
        title page's role says (``Victim's Sister``), or the title of the tag that made them someone else; None = unknown."""
        return self.groups[gid].sex or gazetteer.first_name_sex(self._first_name(gid)) or self._role_sex(gid)

    def _role_sex(self, gid: int) -> str | None:
        role = self.groups[gid].role
        return "F" if role & vocabulary.FEMALE_KIN_WORDS else "M" if role & vocabulary.MALE_KIN_WORDS else None

    def _by_sex(self, gids: list[int], title: str, keep: bool = True) -> list[int]:
        """The persons present whom a ``Mr.``/``Ms.`` addresses: the ones of that sex, else the ones
        of unknown sex ("Mateo"), else (``keep``) all; a married woman's title, the married relatives among them."""
        wanted = _title_sex(title)
        found = ([g for g in gids if self._sex_of(g) == wanted] or [g for g in gids if self._sex_of(g) is None]
                 or (gids if keep else []))
        if len(found) > 1 and title.casefold().rstrip(".") in vocabulary.MARRIED_TITLES:  # "Mrs. Ochoa": the mother,
            found = [g for g in found if self.groups[g].role & vocabulary.MARRIED_KIN_WORDS] or found  # not the sister
        return found
