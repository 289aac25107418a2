"""Normalization, step 2: group mentions into referents (persons by name parts, other labels by key).

See :mod:`anonymizer.normalize` for the rules.
"""
from __future__ import annotations

import re
from bisect import bisect_left

from rapidfuzz import fuzz, process

from anonymizer.normalize.context import _Context, _title_sex, kin_named, role_words
from anonymizer.normalize.cues import kin_role
from anonymizer.normalize.groups import _Group, _People
from anonymizer.normalize.names import (
    _AGE_AFTER, _FUZZY_LABELS, _MIN_FUZZY_LEN, _OFF_TITLE, _ORG_LOC_THRESHOLD, _PERSON_SUBJECT, _RELABEL_LABELS,
    _ANOTHERS_NAME, _LOSS_OF, _OF_BEFORE, _POSSESSIVE_AFTER, _PRESENT_AFTER, _VICTIM_BEFORE, _SELF_INTRO,
    _letters, _name_suffix, _name_tokens, _surface_key, _vocabulary, states_own_name,
    title_before,
)
from anonymizer.detect import tagger_persons
from anonymizer.detect.seeds import place_here
from anonymizer.lang.en import gazetteer, lexicon, vocabulary
from anonymizer.lang.en.transcript import in_speaker_tag, line_start
from anonymizer.resolve import NER_SOURCES
from anonymizer.spans import sentence_initial
from anonymizer.types import Config, Header, Mention

#: a speaker tag's word that makes its speaker the incarcerated person ("INMATE ORTEGA:")
_INMATE_TAG_WORDS = frozenset(label.split()[0] for label in vocabulary.INMATE_LABELS)
_INMATE_ROLE = role_words(" ".join(vocabulary.INMATE_LABELS))


class _Grouper(_Context):
    """Assigns each input mention to a group (step 1-3 of the module doc)."""

    def __init__(self, text: str, config: Config, cut_prefixes: dict[int, str] | None = None,
                 whole_names: dict[int, str] | None = None) -> None:
        self.text, self._cut_prefixes = text, cut_prefixes or {}  # a cut name's second piece's start -> first piece
        self._whole_names = whole_names or {}  # a piece's start -> the whole name it is grouped as (a nickname's)
        self.groups: list[_Group] = []
        self.people = _People(self.groups, config.fuzzy_threshold)
        self._by_key: dict[tuple[str, str], int] = {}
        self._keys_by_label: dict[str, list[str]] = {}
        self.uncertain: set[int] = set()  # mentions (by start) of a part shared by several persons
        self._named: list[tuple[int, int]] = []  # (start, person) of every full name, in text order
        self._introductions: set[int] = set()  # starts of full names a speaker gives as their own
        self._here: set[int] = set()  # starts of full names said to be present ("Dwayne Okafor is also here")
        self._others: set[int] = set()  # speakers a tag's title made someone else ("MS. LITTLE:"): present
        self._offices: dict[tuple[str, str], int] = {}  # (office, surname) -> the officer sharing the inmate's surname

    def run(self, mentions: list[Mention], header: Header | None) -> list[tuple[int, str]]:
        """Group and label of every mention.

        Order: title-page persons, full names (most parts first), spelled names, single
        parts that fit at most one person, ambiguous single parts, then the other labels.
        """
        roles = {p.name: p.role for p in reversed(header.participants)} if header else {}
        for rank, name in enumerate(header.person_names() if header else ()):
            self._title_person(name, rank, inmate=name == header.inmate_name, transcriber=name == header.transcriber,
                               role="" if name == header.inmate_name else roles.get(name, ""))
        victims = set()  # "JOYCE PRUITT, Victim's Wife (Darnell Pruitt)": the name in brackets is a victim's
        for participant in header.participants if header else ():
            role, _, named = participant.role.partition("(")
            if "victim" in role.casefold() and len(_name_tokens(named)) > 1 and not kin_role(named):
                victims.add(tuple(_name_tokens(named)))
            else:  # "SUPPORT PERSON (FATHER)", "Renee Moss (daughter)": the brackets hold the role
                role = participant.role
            gid = self.people.link_name(_name_tokens(participant.name), _name_suffix(participant.name), kin_role(role))
            if gid is not None:  # "ATTORNEY NGUYEN:" and "DEPUTY DISTRICT ATTORNEY NGUYEN:" are told apart by it
                self.groups[gid].role |= role_words(role)
        for group in self.groups:  # "INMATE CASTILLO:" is the inmate, not his brother the support person
            if group.inmate:
                group.role |= _INMATE_ROLE
        assigned: dict[int, tuple[int, str]] = {}
        tokens_of = {i: _name_tokens(self._surface(m)) for i, m in enumerate(mentions) if m.label == "PERSON"}
        self._shared_surnames(mentions, tokens_of)
        full_names = sorted((i for i, t in tokens_of.items() if len(t) > 1), key=lambda i: (-len(tokens_of[i]), i))
        for i in full_names:
            relative = lexicon.after_relative(self.text, mentions[i].start, line_start(self.text, mentions[i].start),
                                              kin_only=True) \
                or tagger_persons.answers_kin_question(self.text, mentions[i].start, mentions[i].end, full_name=True)
            # "your father, Earl Pruitt", "And your father?" / "Robert Hernandez.": not James Earl Pruitt
            renamed = self.renamed(tokens_of[i], mentions[i].start, mentions[i].end)  # "Mary Ellen Pruett now."
            gid = renamed if renamed is not None else \
                self._person_name(tokens_of[i], _name_suffix(self._surface(mentions[i])), relative)
            assigned[i] = self._see(gid, mentions[i])
            self._named.append((mentions[i].start, assigned[i][0]))
            self.groups[assigned[i][0]].kin |= {kin_named(self.text, mentions[i].start, mentions[i].end)} - {""}
            if _VICTIM_BEFORE.search(self.text, max(0, mentions[i].start - 50), mentions[i].start) \
                    or tuple(tokens_of[i]) in victims:
                self.groups[assigned[i][0]].victim = True
            # "INMATE ORTEGA: Daniel Ortega.", not the answer to "And your father?"
            own = frozenset() if relative else states_own_name(self.text, mentions[i].start, mentions[i].end)
            if own & _INMATE_TAG_WORDS and not self.groups[assigned[i][0]].inmate and any(g.inmate for g in self.groups):
                own = frozenset()  # "INMATE OKONKWO: Dwayne Okonkwo." answers "Dwayne is who?": his cousin
            said = max(line_start(self.text, mentions[i].start), mentions[i].start - 30)  # "My name is ", not the line
            if own or (_SELF_INTRO.search(self.text, said, mentions[i].start)
                       and not _POSSESSIVE_AFTER.match(self.text, mentions[i].end)):
                self._introductions.add(mentions[i].start)  # "My name is Hiroshi Guy", not "I'm Tuan Guy's father"
            if _PRESENT_AFTER.match(self.text, mentions[i].end):
                self._here.add(mentions[i].start)
            if own & _INMATE_TAG_WORDS and not any(group.inmate for group in self.groups):
                self.groups[assigned[i][0]].inmate = True  # no title page named the inmate
        self._named.sort()
        for i, mention in enumerate(mentions):
            if mention.label == "SPELLED_NAME":
                assigned[i] = self._see(self._spelled(self._surface(mention)), mention)
        parts = [i for i in tokens_of if i not in assigned]
        ambiguous = {i for i in parts if tokens_of[i] and len(self.people.candidates(tokens_of[i][0])) > 1}
        if ambiguous:
            self._count_own_names(mentions)
        for i in [i for i in parts if i not in ambiguous]:
            assigned[i] = self._see(self._person_part(tokens_of[i], mentions[i]), mentions[i])
        # a shared part: the ones its context decides first, then the others, fewest persons left
        # first, by who is talked about most (counted with the decided ones)
        left = []
        for i in sorted(ambiguous):
            options = self._options(self.people.candidates(tokens_of[i][0]), mentions[i])
            if len(options) == 1:
                assigned[i] = self._see(self._person_part(tokens_of[i], mentions[i], options), mentions[i])
            else:
                left.append((len(options), i))
        for _, i in sorted(left):  # asked again: a part linked meanwhile may have become a known key
            assigned[i] = self._see(self._person_part(tokens_of[i], mentions[i]), mentions[i])
        for i, mention in enumerate(mentions):
            if mention.label == "SPELLED_NAME" and (j := self._spelled_after(mentions, i)) is not None:
                # spelled right after a name: that name's person
                self.groups[assigned[i][0]].unsee(talked=not in_speaker_tag(self.text, mention.start))
                owner = self._spelled_owner(mentions, i, j, assigned)
                assigned[i] = (self._see(owner, mention)[0], assigned[i][1])
                if owner != assigned[j][0] and len(tokens_of.get(j, ())) == 1 and not in_speaker_tag(self.text, mentions[j].start):
                    self.groups[assigned[j][0]].unsee(talked=True)  # the bare surname it spells goes with it
                    assigned[j] = (self._see(owner, mentions[j])[0], assigned[j][1])
        self._tags_apart(mentions, assigned)
        self._nicknames(mentions, assigned)
        for i, mention in enumerate(mentions):
            if i not in assigned:
                assigned[i] = self._see(self._other(mention), mention)
        return [assigned[i] for i in range(len(mentions))]

    def _tags_apart(self, mentions: list[Mention], assigned: dict[int, tuple[int, str]]) -> None:
        """Two speaker tags of one surname under two women's titles (``MRS. WASHINGTON:``, ``MS. WASHINGTON:``)
        given to one person: two women of the title page who share the surname speak. The tag seen later goes
        to the other one when exactly one participant with that surname has no tag of her own."""
        tags: dict[int, dict[str, list[int]]] = {}  # person -> title -> her tag mentions, in text order
        for i, mention in enumerate(mentions):
            title = title_before(self.text, mention.start)
            if i in assigned and mention.label == "PERSON" and title and in_speaker_tag(self.text, mention.start):
                tags.setdefault(assigned[i][0], {}).setdefault(title.group(1).casefold(), []).append(i)
        for gid, by_title in list(tags.items()):
            if len(by_title) != 2 or any(_title_sex(title) == "M" for title in by_title):
                continue
            later = max(by_title, key=lambda title: by_title[title][0])
            token = _name_tokens(self._surface(mentions[by_title[later][0]]))[:1]
            others = [g for g in self.people.candidates(token[0]) if g != gid and g not in tags and self.groups[g].core[-1:] == token
                      and self.groups[g].header_rank != _OFF_TITLE and self._sex_of(g) != "M"] if token else []
            if len(others) == 1:
                for i in by_title[later]:
                    self.groups[gid].unsee()
                    assigned[i] = (self._see(others[0], mentions[i])[0], assigned[i][1])
                tags[others[0]] = {later: by_title.pop(later)}

    def _count_own_names(self, mentions: list[Mention]) -> None:
        """Add to how much each person is talked about the untagged running-text uses of a name part only they
        have ("about Love lying there"): the tagger leaves out first names that are words, so a victim called by
        first name would look less talked about than a relative who speaks. A common word counts mid-sentence only."""
        own: dict[str, int] = {}
        for gid, group in enumerate(self.groups):
            if group.label == "PERSON" and len(group.core) > 1:
                own.update((part, gid) for part in group.core if self.people.index.get(part) == [gid] and len(part) >= 3)
        if not own:
            return
        covered = [(m.start, m.end) for m in mentions if m.label in ("PERSON", "SPELLED_NAME")]
        common = _vocabulary().common
        alternation = "|".join(re.escape(part.title()) for part in sorted(own, key=len, reverse=True))
        for match in re.finditer(rf"(?<![\w'’-])(?:{alternation})(?![\w-])", self.text):
            at = bisect_left(covered, (match.start(), match.start()))
            inside = any(s <= match.start() < e for s, e in covered[max(0, at - 1) : at + 1])
            part = match.group().casefold()
            if inside or in_speaker_tag(self.text, match.start()) or (part in common and sentence_initial(self.text, match.start())):
                continue
            self.groups[own[part]].talked += 1

    def _spelled_owner(self, mentions: list[Mention], i: int, j: int, assigned: dict[int, tuple[int, str]]) -> int:
        """Whose name a spelling right after a name (``mentions[j]``) spells: asked about someone
        else's name ("how is the victim's last name spelled?"), the person most talked about with
        that name; else the speaker whose tag opens the line and bears it; else that name's person."""
        letters = _letters(self._surface(mentions[i]))
        line = line_start(self.text, mentions[i].start)
        if _ANOTHERS_NAME.search(self.text[line_start(self.text, max(0, line - 1)) : line] if line else ""):
            return self._talked_about(letters, assigned[j][0])
        for k in range(j, -1, -1):
            if mentions[k].start < line:
                break
            if in_speaker_tag(self.text, mentions[k].start) and mentions[k].label == "PERSON":
                if any(w.endswith(letters) for w in _name_tokens(self._surface(mentions[k]))):
                    return assigned[k][0]
                break
        return assigned[j][0]

    def _talked_about(self, letters: str, default: int) -> int:
        """The person most talked about whose name ends with the spelled letters."""
        owners = [g for g, group in enumerate(self.groups)
                  if group.label == "PERSON" and any(part.endswith(letters) for part in group.core)]
        return min(owners, key=lambda g: (-self.groups[g].talked, self.groups[g].rank(), g)) if owners else default

    def _spelled_after(self, mentions: list[Mention], i: int) -> int | None:
        """The person mention just before a spelled name in its line whose word ends with its letters
        (``Black, B-L-A-C-K``; ``Delgado, D as in David, E-L-G-A-D-O``)."""
        letters = _letters(self._surface(mentions[i]))
        start = line_start(self.text, mentions[i].start)
        for j in range(i - 1, -1, -1):
            other = mentions[j]
            if other.end < start or mentions[i].start - other.end > 30:
                return None
            if other.label == "PERSON":
                words = _name_tokens(self._surface(other))
                return j if len(letters) >= 3 and any(w.endswith(letters) for w in words) else None
        return None

    def _see(self, gid: int, mention: Mention) -> tuple[int, str]:
        group = self.groups[gid]
        group.see(mention.start, talked=not in_speaker_tag(self.text, mention.start))
        group.ruled |= mention.label == "PERSON" and "presidio" in mention.sources
        return gid, "PERSON" if mention.label != "SPELLED_NAME" and group.label == "PERSON" else mention.label

    def _surface(self, mention: Mention) -> str:
        """The mention's text; a cut name's second piece with its first ("Marqui" + "se Austin"); a piece of a name
        with a nickname between its parts, the whole name (:func:`~anonymizer.normalize.names.nicknamed_names`)."""
        whole = self._whole_names.get(mention.start)
        return whole or self._cut_prefixes.get(mention.start, "") + self.text[mention.start : mention.end]

    def _person_name(self, tokens: list[str], suffix: str = "", relative: bool = False) -> int:
        spelled = vocabulary.SPELLED_NAME_SUFFIXES.get(tokens[-1]) if len(tokens) == 2 else None
        named = [g for g in self.people.candidates(tokens[0]) if self.groups[g].core[:1] == tokens[:1]
                 and self.groups[g].suffix == spelled] if spelled else []
        if len(named) == 1 or (named := [self._led_name(tokens)]) != [None]:  # "Little Mike": the junior
            return named[0]  # "Robert Junior" beside Robert Tate Junior (and his father Robert Allen Tate)
        gid = self.people.link_name(tokens, suffix, relative)
        if gid is None:
            gid = self.people.create(tokens)
        else:
            self.people.absorb(gid, tokens)
        self.groups[gid].suffix = self.groups[gid].suffix or suffix
        return gid

    def _person_part(self, tokens: list[str], mention: Mention | None = None, options: list[int] | None = None) -> int:
        """Person of a single name part. A part several persons share goes to the one its context
        names (:meth:`_options`, or ``options`` when already computed), else in running text to the
        person talked about most, in a speaker tag to :meth:`_Group.rank`'s."""
        if not tokens:  # e.g. a bare title tagged as a person: its own, never re-scanned
            return self.people.create([])
        gids = self.people.candidates(tokens[0])
        suffix = _name_suffix(self._surface(mention)) if mention is not None else ""
        if suffix:  # "MR. RUIZ JR.:": the son named with that suffix, not his father
            gids = [g for g in gids if self.groups[g].suffix == suffix] or gids
        if not gids or (mention is not None and (self._titled_first_name(gids, tokens[0], mention)
                                                 or self._relative_by_middle_name(gids, tokens[0], mention))):
            return self.people.create(tokens)  # "Ms. Faleolo" is not Faleolo MacArthur
        officer = self._officer(gids, tokens[0], mention) if mention is not None else None
        if officer is not None:  # "Officer Reyes" beside the inmate Anthony Reyes: "No relation"
            return officer
        gids = self._no_officer(gids)
        if mention is not None and self._someone_else(gids, mention):
            gid = self.people.create(tokens)  # "MS. LITTLE:" beside Alonzo Little alone: his mother
            self._others.add(gid)
            self.groups[gid].sex = _title_sex(title_before(self.text, mention.start).group(1))  # "Mr. Ochoa?" is not her
            return gid
        if mention is not None and len(gids) > 1:
            gids = options if options is not None else self._options(gids, mention)
            if len(gids) > 1 and not in_speaker_tag(self.text, mention.start):
                gids = [min(gids, key=lambda g: (self.groups[g].talked_rank(), g))]
        gid = self.people.best(gids)
        self.people.add_key(gid, tokens[0])
        return gid

    def _someone_else(self, gids: list[int], mention: Mention) -> bool:
        """Whether a speaker tag's courtesy title says the other sex than every candidate's first
        name: ``MS. LITTLE:`` where Alonzo Little is the only Little is someone else (his mother).
        In running text a title alone starts no one (``Ms. Little`` may be a wrong title or a
        relative the hearing names otherwise); it follows the speaker of that title (:meth:`_likely`)."""
        title = title_before(self.text, mention.start)
        if title is None or not in_speaker_tag(self.text, mention.start):
            return False
        wanted = _title_sex(title.group(1))
        return not any(self._sex_of(g) in (None, wanted) for g in gids)

    def _options(self, gids: list[int], mention: Mention) -> list[int]:
        """The persons sharing a part that the mention's context leaves (the one it names, else
        the ones of the right sex / present at the hearing); marks it uncertain when they differ."""
        gids = self._by_initial(self._no_officer(gids), mention)
        said = self._in_context(gids, mention)
        gids = self._likely(gids, mention)
        if len({self._first_name(g) for g in gids}) > 1:
            self.uncertain.add(mention.start)  # still uncertain (certainty 3), whatever the context says
        return [g for g in said if g in gids] or said or gids

    def _established(self, token: str) -> bool:
        """Whether ``token`` is a part of a title-page person, of a full name or of a name a rule found
        ("they called him Chato", "my daughter Crystal"), not just a lone tagged word."""
        return any(
            self.groups[gid].header_rank != _OFF_TITLE or len(self.groups[gid].core) > 1 or self.groups[gid].ruled
            for gid in self.people.candidates(token)
        )

    def _spelled(self, surface: str) -> int:
        letters = _letters(surface)
        gid = self.people.link_letters(letters) if len(letters) >= 2 else None
        return gid if gid is not None else self.people.create([letters] if len(letters) >= 2 else [])

    def _as_person(self, mention: Mention) -> bool:
        """Whether a person verb, a spelling or ``and I`` follows the word (``Georgia told the
        officers``), or ``Mr.``/``Ms.`` or the loss of a life precedes it (``the loss of Young``):
        the context of a person, not a place."""
        return bool(
            _PERSON_SUBJECT.match(self.text, mention.end) or _AGE_AFTER.match(self.text, mention.end)
            or title_before(self.text, mention.start)
            or _LOSS_OF.search(self.text, max(0, mention.start - 24), mention.start)
        )

    def _name_not_word(self, mention: Mention) -> bool:
        """A common word or a place written capitalised inside a sentence ("the loss of Hope.", "not
        about Jordan lying there", "I still blamed Park"): the name, not the word ("a young man"),
        unless it stands where a place does ("moved to Georgia", "Atlanta, Georgia", "a lot of Jordan")."""
        surface = self._surface(mention)
        return surface[:1].isupper() and not surface.isupper() and not sentence_initial(self.text, mention.start) \
            and not place_here(self.text, mention.start, mention.end) \
            and not (_OF_BEFORE.search(self.text, max(0, mention.start - 4), mention.start)
                     and gazetteer.place_category(surface) is not None)

    def _family(self, token: str) -> str | None:
        """The known surname a plural stands for ("delgados", "ramirezes": the last part of a full name or
        of a name a rule found), else None."""
        for stem in (token[:-2] if token.endswith("es") else None, token[:-1] if token.endswith("s") else None):
            if stem and len(stem) >= 3 and stem in self.people.index and stem not in _vocabulary().common \
                    and any(self.groups[g].core[-1:] == [stem] and (len(self.groups[g].core) > 1 or self.groups[g].ruled)
                            for g in self.people.candidates(stem)):
                return stem
        return None

    def _other(self, mention: Mention) -> int:
        """Group of a non-person mention; a lone NER-tagged word that is a known name part is
        taken as that person (``Yamamoto`` tagged ORGANIZATION), a common word only in the context
        of a person or capitalised inside a sentence and no place ("the loss of Young", not "Georgia")."""
        surface = self._surface(mention)
        label = mention.label
        tokens = _name_tokens(surface)
        if (
            label in _RELABEL_LABELS
            and len(tokens) == 1
            and len(surface.split()) == 1
            and tokens[0] in self.people.index
            and (tokens[0] not in _vocabulary().common or self._as_person(mention) or self._name_not_word(mention))
            and set(mention.sources) <= NER_SOURCES - {"presidio"}
            and (self._established(tokens[0]) or _AGE_AFTER.match(self.text, mention.end)  # "Mateo is six."
                 or (self._as_person(mention) and gazetteer.place_category(surface) is None))  # "Ximena's starting"
        ):
            return self._person_part(tokens)
        if label == "LOCATION" and mention.sources == ("presidio",) and len(tokens) == 1 == len(surface.split()) \
                and tokens[0] in self.people.index and tokens[0] not in _vocabulary().common \
                and self._established(tokens[0]) and not gazetteer.is_known_place(surface):
            return self._person_part(tokens)  # "I went back to Holloway": her maiden name, no far town no tagger saw
        if label in _RELABEL_LABELS and len(tokens) == 1 and set(mention.sources) <= NER_SOURCES - {"presidio"} \
                and (family := self._family(tokens[0])) is not None:
            return self._person_part([family])  # "the Delgados", "at the Ramirezes' house": a known surname's family
        if label in _RELABEL_LABELS and len(tokens) > 1:
            gid = self.people.link_name(tokens)  # "Madison Obregon" tagged ORGANIZATION: the person's full name
            if gid is not None and self.groups[gid].label == "PERSON" and self._established(tokens[0]) and (
                    set(mention.sources) <= NER_SOURCES - {"presidio"} or self.groups[gid].core == tokens):
                return gid  # exactly a person's full name: even when a rule's piece of it joined the span
            if self.people.of_a_family(tokens):  # "Renata St. Clair" beside Desmond St. Clair
                return self._person_name(tokens)
        key = _surface_key(label, surface)
        gid = self._by_key.get((label, key))
        if gid is None and label in _FUZZY_LABELS and len(key) >= _MIN_FUZZY_LEN:
            keys = self._keys_by_label.get(label, [])
            for match, _, _ in process.extract(
                key, keys, scorer=fuzz.ratio, score_cutoff=_ORG_LOC_THRESHOLD, limit=None
            ):
                if match[0] == key[0]:
                    gid = self._by_key[(label, match)]
                    break
        if gid is None:
            gid = len(self.groups)
            self.groups.append(_Group(label=label, key=key))
            self._keys_by_label.setdefault(label, []).append(key)
        self._by_key[(label, key)] = gid
        return gid
