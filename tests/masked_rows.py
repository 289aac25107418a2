"""Tables of ``(text, surface, label)`` rows read by the whole pass: ``label`` None means no letter of the
surface may be masked, else every letter is masked and only by ``label`` (suspects apart)."""
from __future__ import annotations

from anonymizer.ingest import load_bytes


def masks_for_rows(pipeline, rows) -> dict[str, tuple[str, list[tuple[int, int, str]]]]:
    """Each distinct text of ``rows`` read once: its text as read and its mentions (suspects apart)."""
    found = {}
    for text, *_ in rows:
        if text not in found:
            analysis = pipeline.run(load_bytes(text.encode("utf-8"), "hearing.txt"))
            found[text] = (analysis.transcript.text, [(m.start, m.end, m.label) for m in analysis.mentions
                                                      if "suspect" not in m.sources])
    return found


def assert_masked(read: str, mentions, surface: str, label: str | None) -> None:
    at = read.index(surface)
    letters = [i for i in range(at, at + len(surface)) if read[i].isalnum()]
    over = [m for m in mentions if m[0] < at + len(surface) and at < m[1]]
    if label is None:
        assert not any(s <= i < e for i in letters for s, e, _ in over), over
    else:
        assert all(any(s <= i < e for s, e, _ in over) for i in letters), (over, read[at - 20:at + 30])
        assert {l for *_, l in over} == {label}, over
