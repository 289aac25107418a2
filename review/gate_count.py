"""What an export's leak gate found, counted one way for every place that shows it (issue: the export page,
the manifest, the log and ``manage.py export_corpus`` must agree).

A **finding** is one row of ``Export.leaks``: one thing the gate found in one member of the archive (a
span two detectors both found is one finding: :func:`distinct`). A **place** is a line of one member
(``text/NAME.txt`` line 2, ``subtitles/NAME.vtt`` line 9, ``audio/NAME.wav`` at transcript line 2; a
member's name is a place of its own): a rejected name left in a recording's text, CoNLL, subtitles and
audio is four places, however many findings each holds. :func:`count` gives both and the findings per
kind of member; :func:`describe` says it in one phrase (no snippet, no form: safe for a log).
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Iterable

#: the kinds of member, in the order a sentence names them (member prefix -> word)
KINDS = (("text/", "text"), ("conll/", "CoNLL"), ("subtitles/", "subtitles"), ("audio/", "audio"))
NAMES, OTHER = "file names", "other members"


def distinct(leaks: Iterable[dict]) -> list[dict]:
    """The findings without a span's repeats: two detectors' hits on one span with one label are one finding
    (a row naming its span, ``start`` and ``end``, twice). A row without its span (a term found in a member:
    two on one line may read alike) is kept whatever it repeats."""
    seen, out = set(), []
    for leak in leaks:
        key = _key(leak) if "start" in leak and "end" in leak else None
        if key is None or key not in seen:
            seen.add(key)
            out.append(leak)
    return out


def covered(found: Iterable[dict], overridden: Iterable[dict] | None) -> bool:
    """Whether an override given for the findings ``overridden`` (those the admin read) covers the findings
    ``found`` now: each of them was among those, as often (a document changed since finds other things)."""
    return not Counter(map(_key, found)) - Counter(map(_key, overridden or []))


def _key(leak: dict) -> str:
    """One finding as a comparable string: every field of its row."""
    return json.dumps(leak, sort_keys=True, default=str)


def kind_of(leak: dict) -> str:
    member = leak.get("member") or ""
    if not leak.get("line"):
        return NAMES
    return next((word for prefix, word in KINDS if member.startswith(prefix)), OTHER)


def count(leaks: Iterable[dict] | None) -> dict:
    """``{"findings", "places", "documents", "members": {kind: findings}}`` of an export's leaks."""
    leaks = list(leaks or [])
    members = Counter(map(kind_of, leaks))
    order = [word for _, word in KINDS] + [NAMES, OTHER]
    return {
        "findings": len(leaks),
        "places": len({(leak.get("document"), leak.get("member"), leak.get("line")) for leak in leaks}),
        "documents": len({leak.get("document") for leak in leaks if leak.get("document") is not None}),
        "members": {word: members[word] for word in order if word in members},
    }


def describe(counted: dict) -> str:
    """``"7 findings at 4 places in 1 document (text 2, CoNLL 1, subtitles 1, audio 3)"``."""
    findings, places, documents = counted["findings"], counted["places"], counted["documents"]
    if not findings:
        return "no findings"
    said = (f"{findings} finding{'s' * (findings != 1)} at {places} place{'s' * (places != 1)}"
            f" in {documents} document{'s' * (documents != 1)}")
    members = ", ".join(f"{word} {n}" for word, n in counted["members"].items())
    return f"{said} ({members})" if members else said
