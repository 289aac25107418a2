"""Normalization, step 2b: the cues a name part carries about whom it names, read from the title page and from
the words right before it: a participant's role, a courtesy title, an office's title (``Officer``, ``Dr.``), a
relative's word, an initial (``MS. R. SIMMS:`` beside Roberta and Denise Simms), a name taken by marriage or given
up, a nickname given to someone (``they called him Smoke``), a street name's lead (``Big Mike``: the father, ``Little
Mike``: the son named after him), first names listed before a surname (``Maria and Jose
Lopez``).

:class:`_Cues` is mixed into :class:`anonymizer.normalize.context._Context` (and so into the grouper, which holds
the state); see :mod:`anonymizer.normalize` for the rules.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from anonymizer.lang.en import gazetteer, lexicon, vocabulary
from anonymizer.lang.en.transcript import in_speaker_tag, line_start
from anonymizer.normalize.groups import _Group, _People, _short_form
from anonymizer.normalize.names import PROFESSION_BEFORE, _clean_surface, _name_suffix, _name_tokens, surname_first, title_before
from anonymizer.types import Mention

#: a name taken since (by marriage) or given up: "Mary Ellen Pruett now", "she goes by Tammy Sue Lowry", "her married name
#: is", "formerly Linda Park"
_RENAMED_AFTER = re.compile(r",?[ ]now\b(?![ ](?:and|that|he|she|I|we|they|you)\b)")
_RENAMED_BEFORE = re.compile(r"\b(?:goes[ ]by|married[ ]name[ ](?:is|was)|(?:is|was)[ ]now)[ ]$", re.IGNORECASE)
_FORMER_BEFORE = re.compile(r"\b(?:formerly|previously|born|n[ée]e|maiden[ ]name[ ](?:is|was))[ ]$", re.IGNORECASE)
#: a nickname given as the speaker's own ("they called me Junebug", "I go by Junebug")
_CALLED_ME = re.compile(r"\b(?:(?:call(?:s|ed)?|nicknamed)[ ]me|(?:knew|know|knows)[ ]me[ ]as|I[ ]go[ ]by)[ ][\"“]?$")
#: a nickname said of someone named before it: "who we all called Romy", "Everyone knew him as Romy", "nicknamed Romy"
_CALLED_THEM = re.compile(r"(?:\b(?:call(?:s|ed)?|nicknamed)[ ](?:him|her)|\b(?:knew|know|knows)[ ](?:him|her)[ ]as|\b(?:[Hh]e|[Ss]he)"
                          r"[ ](?:went|goes)[ ]by|,[ ](?:nicknamed|(?:who[ ])?(?:goes|went)[ ]by|known[ ](?:to[ ](?:\w+[ ]){1,3})?as"
                          r"|who[ ](?:\w+[ ]){1,3}"
                          r"call(?:s|ed)?))[ ][\"“]?$")
#: first names listed before the last one of a list, which has the surname: ", Rosa and " of "Ana, Rosa and Lupe Medina"
_LISTED_BEFORE = re.compile(r"(?:,[ ][A-Z][a-z]+)*,?[ ]and[ ]")
#: an initial standing for a first name, opening a mention or right before it
_INITIAL = re.compile(r"([A-Z])\.[ ](?=\w)")
_INITIAL_BEFORE = re.compile(r"(?<![\w.])([A-Z])\.[ ]$")
_KIN_ROLE_WORDS = frozenset(vocabulary.KIN_WORDS) | vocabulary.FEMALE_KIN_WORDS | vocabulary.MALE_KIN_WORDS
#: a street name's lead words that tell a father ("Big Mike") from the son named after him ("Little Mike"), folded
_LEADS = frozenset({"big", "little", "lil", "lil'", "li'l", "baby", "young"})


def _kin_key(word: str) -> str:
    """A relative's word as a title page writes it: ``mom`` -> ``mother``."""
    return vocabulary.KIN_SYNONYMS.get(word.casefold(), word.casefold())


def kin_role(role: str) -> bool:
    """Whether a title page's role names a relative (``Inmate's Uncle``, ``Mother of the Victim``)."""
    return any(word in _KIN_ROLE_WORDS for word in re.findall(r"[a-z]+", role.casefold()))


class _Cues:
    """What the title page and the words right before a name part say about its person."""

    text: str
    groups: list[_Group]
    people: _People
    _named: list[tuple[int, int]]  # (start, person) of every full name, in text order
    _offices: dict[tuple[str, str], int]  # (office, surname) -> the officer sharing the inmate's surname

    def _first_name(self, gid: int) -> str:
        """The person's given name: the first part of a name of several, the last when written surname first."""
        core = self.groups[gid].core
        return (core[-1] if surname_first(core) else core[0]) if len(core) > 1 else ""

    def _by_initial(self, gids: list[int], mention: Mention) -> list[int]:
        """The persons whose first name opens with the initial written before the part or opening its mention
        (``MS. R. SIMMS:`` beside Roberta and Denise Simms, ``Mr. C. Okonkwo``); ``gids`` when none or none fits."""
        initial = _INITIAL.match(self.text, mention.start) or _INITIAL_BEFORE.search(
            self.text, max(0, mention.start - 3), mention.start)
        letter = initial.group(1).casefold() if initial else ""
        return [g for g in gids if letter and self._first_name(g)[:1] == letter] or gids

    def _titled_first_name(self, gids: list[int], token: str, mention: Mention) -> bool:
        """Whether a courtesy title stands before a part that every candidate has as a first name
        only: a title goes with a surname, so this is someone else; not ``Miss`` before a woman's first
        name, said so in the South and in prisons ("Miss Tanya": Tanya Greer)."""
        title = title_before(self.text, mention.start)
        if title and title.group(1).casefold() == "miss" and gazetteer.first_name_sex(token) == "F":
            return False
        return bool(title) and all(
            len(self.groups[g].core) > 1 and self.groups[g].core[0] == token and self.groups[g].core[-1] != token
            and not surname_first(self.groups[g].core) for g in gids)  # "Mr. Chang": Chang Min-ho

    def _relative_by_middle_name(self, gids: list[int], token: str, mention: Mention) -> bool:
        """Whether a relative's word stands right before a part every candidate has as a middle name only: the
        relative the person was named after ("my dad, Manuel," beside Hector Manuel Vargas)."""
        return all(token in self.groups[g].core[1:-1] and token != self.groups[g].core[0] for g in gids) \
            and lexicon.after_relative(self.text, mention.start, line_start(self.text, mention.start), kin_only=True)

    def _officer(self, gids: list[int], token: str, mention: Mention) -> int | None:
        """The person an office's title (``Officer``, ``Dr.``, ``Judge``) names before the inmate's surname that no
        one was named in full after: an officer who shares it (created at the first such mention), not the inmate or
        his family; None otherwise."""
        office = self._profession(mention.start)
        if office not in vocabulary.OFFICE_TITLES or (office, token) in self._offices:
            return self._offices.get((office, token))
        inmate = next((g.core[-1:] for g in self.groups if g.inmate), None)
        if inmate is None:
            return None
        if all(self.groups[g].core[-1:] == inmate for g in gids) and \
                not any(g in gids and self._profession(s) == office for s, g in self._named):
            self._offices[office, token] = self.people.create([token])
            return self._offices[office, token]
        return None

    def _no_officer(self, gids: list[int]) -> list[int]:
        """``gids`` without the officers :meth:`_officer` made, a part without their title ("Señora Reyes")."""
        return [g for g in gids if g not in self._offices.values()] or gids

    def _profession(self, start: int) -> str:
        """The title of a profession or a rank right before ``start``, folded (``dr``), or ""."""
        title = PROFESSION_BEFORE.search(self.text, max(0, start - 14), start)
        folded = title.group(1).casefold() if title else ""
        return vocabulary.PROFESSION_SYNONYMS.get(folded, folded)

    def _namesake(self, gids: list[int], kin: str) -> list[int]:
        """Of a father and the son named after him, the one a relative's word names (``a son, Patrick,``: the one
        named with a son's suffix); [] for other words."""
        if kin not in vocabulary.NAMESAKE_KIN:
            return []
        son = vocabulary.NAMESAKE_KIN[kin]
        seniors = [] if son else [g for g in gids if self.groups[g].suffix == "sr"]  # "Anthony Gutierrez Senior"
        return seniors or [g for g in gids if (self.groups[g].suffix in vocabulary.JUNIOR_SUFFIXES) == son]

    def renamed(self, tokens: list[str], start: int, end: int) -> int | None:
        """The person named last before ``start`` with the same given names and another surname, when the full name
        ``text[start:end]`` is said to be theirs now (``Mary Ellen Hutchins.`` ... ``Mary Ellen Pruett now.``: the
        surname becomes the last part) or before (``Linda Chen, formerly Linda Tate``: a part before the last)."""
        former = len(tokens) > 1 and _FORMER_BEFORE.search(self.text, max(0, start - 24), start)
        if len(tokens) < 2 or not (former or _RENAMED_AFTER.match(self.text, end)
                                   or _RENAMED_BEFORE.search(self.text, max(0, start - 24), start)):
            return None
        before = [(s, g) for s, g in self._named if s < start and self.groups[g].core[:-1] == tokens[:-1]
                  and self.groups[g].core[-1:] != tokens[-1:]]
        gid = max(before)[1] if before else None
        if gid is not None and former:
            self.groups[gid].core.insert(len(self.groups[gid].core) - 1, tokens[-1])
            self.people.add_key(gid, tokens[-1])
        elif gid is not None:
            self.people.absorb(gid, tokens[-1:])
        return gid

    def _led_name(self, tokens: list[str]) -> int | None:
        """A street name's lead and a first name a father and the son named after him share (``Big Mike`` and ``Little
        Mike`` beside Michael Tolliver and Michael Tolliver Junior): ``Big`` is the father, ``Little``, ``Lil``,
        ``Baby`` or ``Young`` the son; else None (``Little Jerome``, named after his uncle: a person of his own)."""
        if len(tokens) != 2 or tokens[0] not in _LEADS:
            return None
        bearers = [g for g, group in enumerate(self.groups) if group.label == "PERSON" and len(group.core) > 1
                   and (tokens[1] == group.core[0] or _short_form(tokens[1], group.core[0]))]
        sons = [g for g in bearers if self.groups[g].suffix in vocabulary.JUNIOR_SUFFIXES]
        fathers = [g for g in bearers if not self.groups[g].suffix]
        if len(sons) != 1 or len(fathers) != 1:
            return None
        return fathers[0] if tokens[0] == "big" else sons[0]

    def _kin(self, gid: int) -> set[str]:
        """The relatives' words a person goes by, from the title page's role and from the hearing, as a title page
        writes them (``mom`` -> ``mother``)."""
        return {_kin_key(word) for word in self.groups[gid].role | self.groups[gid].kin}

    def _title_person(self, name: str, rank: int, inmate: bool, transcriber: bool = False, role: str = "") -> None:
        """A title page's person; a relative of someone's (``CHARLES OKONKWO, Inmate's Uncle``) joins a person named
        there only with the same first name (not the inmate Raymond Charles Okonkwo, named after him)."""
        tokens, suffix = _name_tokens(name), _name_suffix(name)
        if not tokens:
            return
        gid = self.people.link_name(tokens, suffix, relative=kin_role(role))
        if gid is None:
            gid = self.people.create(tokens, header_rank=rank)
        group = self.groups[gid]
        group.suffix = group.suffix or suffix
        group.title_form = group.title_form or _clean_surface(name)
        group.inmate = group.inmate or inmate
        if transcriber and group.header_rank == rank and not group.inmate:  # no one else on the title page
            group.transcriber = True

    def _shared_surnames(self, mentions: list[Mention], tokens_of: dict[int, list[str]]) -> None:
        """First names listed before a full name share its surname (``the victim's parents, Maria and Jose Lopez``,
        ``Your sisters, Ana, Rosa and Lupe Medina``): each is named in full, as its owner is."""
        starts = {m.start: i for i, m in enumerate(mentions) if len(tokens_of.get(i, ())) == 2}
        for i, tokens in tokens_of.items():
            listed = _LISTED_BEFORE.match(self.text, mentions[i].end) if len(tokens) == 1 else None
            k = starts.get(listed.end()) if listed else None
            if k is not None and tokens[0] in gazetteer.first_names() and tokens_of[k][0] in gazetteer.first_names() \
                    and self.text[mentions[i].start].isupper():
                tokens_of[i] = [tokens[0], tokens_of[k][-1]]

    def _nicknames(self, mentions: list[Mention], assigned: dict[int, tuple[int, str]]) -> None:
        """A nickname a person of its own so far, with every mention of it: the speaker's when given as their own
        (``INMATE HUTCHINS:  ... they called me Junebug``); said of someone (``Jerome Simms, who we all called Romy``,
        ``Everyone knew him as Romy``), the person named last before it (of a pronoun's sex) in the utterance."""
        moves: dict[int, int] = {}  # the nickname's person -> the one it names
        starts = [m.start for m in mentions]
        for i, mention in enumerate(mentions):
            if mention.label != "PERSON":
                continue
            me = _CALLED_ME.search(self.text, max(0, mention.start - 40), mention.start)
            them = None if me else _CALLED_THEM.search(self.text, max(0, mention.start - 40), mention.start)
            if not (me or them) or "\n" in self.text[(me or them).start():mention.start]:
                continue
            line = line_start(self.text, mention.start)
            sex = re.search(r"\b(?:(her|[Ss]he)|him|[Hh]e)\b", them.group(0)) if them else None
            first = bisect_left(starts, line)  # the tag's name is the line's first mention; the others, the last few
            tag = next((assigned[j][0] for j in range(first, min(first + 3, i)) if mentions[j].label == "PERSON"
                        and in_speaker_tag(self.text, mentions[j].start)), None)
            said = [j for j in range(i - 1, max(first, bisect_left(starts, mention.start - 160)) - 1, -1)
                    if mentions[j].label == "PERSON" and not in_speaker_tag(self.text, mentions[j].start)
                    and (sex is None or self._sex_of(assigned[j][0]) in (None, "F" if sex.group(1) else "M"))]
            if not said and sex and tag is not None:  # "How did you know Nils?" / "... He went by Bird.": the one asked of
                said = [j for j in range(first - 1, bisect_left(starts, _previous_line(self.text, line)) - 1, -1)
                        if mentions[j].label == "PERSON" and not in_speaker_tag(self.text, mentions[j].start)
                        and self._sex_of(assigned[j][0]) in (None, "F" if sex.group(1) else "M")][:1]
            # "Jerome Simms, who we all called Romy", not "a second man, known as Baby Boy"; never the speaker's own
            named = tag if me else assigned[said[0]][0] if said and (
                not them.group(0).startswith(",") or mentions[said[0]].end == them.start()) else None
            own = assigned[i][0]
            if named is not None and named != own and (me or named != tag) and self.groups[own].core \
                    and self.groups[own].core == _name_tokens(self._surface(mention)):  # no name word: no nickname
                moves[own] = named
                self.people.add_key(named, self.groups[own].core[0])  # its later mentions found by the re-scan too
        for k, (gid, label) in (list(assigned.items()) if moves else ()):
            if gid in moves:
                self.groups[gid].unsee(talked=not in_speaker_tag(self.text, mentions[k].start))
                assigned[k] = (self._see(moves[gid], mentions[k])[0], label)


def _previous_line(text: str, line: int) -> int:
    """The start of the last line with text before the line starting at ``line`` (the utterance before it)."""
    end = len(text[:line].rstrip())
    return text.rfind("\n", 0, end) + 1 if end else line
