"""The Danish pass on real text: Universal NER's Danish dev split (news, forums, fiction of the Danish Dependency
Treebank, gold PER, LOC, ORG), read by the whole pass as documents of consecutive sentences, scored per entity.

Every ten consecutive sentences are one document (a line each); a document's part is the last hex digit of the
SHA-256 of its first sentence's id (even: ``tuned``, odd: ``heldout``; look at the tuned part's errors only). Per
part and per gold class:

- ``masked``: the share of gold entities whose letters and digits are all masked (any label: a reader sees none),
  a compound's noun in small letters after a hyphen left out ("Zagreb-området": "Zagreb");
- ``touched``: the share with at least one of them masked;
- ``typed``: the share masked whole by a mention of the class's own label (PER: PERSON, LOC: LOCATION, ORG:
  ORGANIZATION);

and per label of the pass (PERSON, LOCATION, ORGANIZATION), ``precision``: the share of its mentions that overlap
a gold entity of any class (the pass's other labels, dates, ages, occupations, have no gold here and are left out).

    .venv/bin/python benchmarks/quality.py --language da            # with the hand-written documents
    .venv/bin/python benchmarks/quality_da_uner.py [--errors] [--json OUT]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from functools import lru_cache
from pathlib import Path

import regex as re

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" if (ROOT.parent / "shared").is_dir() else Path("/work/shared")
DEV = SHARED / "data" / "da_uner" / "da_ddt-ud-dev.iob2"
SENTENCES_PER_DOCUMENT = 10
CLASSES = {"PER": "PERSON", "LOC": "LOCATION", "ORG": "ORGANIZATION"}
PARTS = ("tuned", "heldout")


def iob2_sentences(path: Path = DEV) -> list[tuple[str, str, list[str], list[str]]]:
    """(``# sent_id``, ``# text``, words, IOB2 tags) per sentence of a Universal NER file (a missing line: "");
    ``train_da_ner.py`` reads its training data with it too."""
    out, sent_id, words, tags, text = [], "", [], [], ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("# sent_id = "):
            sent_id = line[len("# sent_id = "):]
        elif line.startswith("# text = "):
            text = line[len("# text = "):]
        elif line.startswith("#"):
            continue
        elif not line.strip():
            if words:
                out.append((sent_id, text, words, tags))
            sent_id, words, tags, text = "", [], [], ""
        else:
            cols = line.split("\t")
            words.append(cols[1])
            tags.append(cols[2])
    return out


def sentences(path: Path = DEV) -> list[tuple[str, str, list[tuple[int, int, str]]]]:
    """(id, text, gold entities as (start, end, class)) per sentence, words joined as the ``# text`` line has them."""
    return [_sentence(sent_id, text, words, tags) for sent_id, text, words, tags in iob2_sentences(path)]


def _sentence(sent_id: str, text: str, words: list[str], tags: list[str]) -> tuple[str, str, list]:
    """The sentence's text (its ``# text`` line when every word is found in it, in order) and its entities."""
    at, offsets = 0, []
    for word in words:
        found = text.find(word, at)
        if found < 0:
            break
        offsets.append((found, found + len(word)))
        at = found + len(word)
    if len(offsets) != len(words):  # the words joined by spaces
        text, offsets, at = " ".join(words), [], 0
        for word in words:
            offsets.append((at, at + len(word)))
            at += len(word) + 1
    entities: list[list] = []
    for (start, end), tag in zip(offsets, tags):
        if tag.startswith("B-") or (tag.startswith("I-") and (not entities or entities[-1][2] != tag[2:])):
            entities.append([start, end, tag[2:]])
        elif tag.startswith("I-"):
            entities[-1][1] = end
    return sent_id, text, [tuple(e) for e in entities]


@lru_cache(maxsize=4)
def _ids(path: Path) -> tuple[str, ...]:
    return tuple(sent_id for sent_id, _, _ in sentences(path))


def _part(first_id: str) -> str:
    return PARTS[int(hashlib.sha256(first_id.encode()).hexdigest()[-1], 16) % 2]


def part_of_sentence(path: Path, index: int) -> str:
    """The part (``tuned`` or ``heldout``) of the ``index``-th sentence of ``path`` (its document's)."""
    return _part(_ids(path)[index - index % SENTENCES_PER_DOCUMENT])


def documents(path: Path = DEV) -> dict[str, list[tuple[str, list[tuple[int, int, str]]]]]:
    """Part -> documents, each (text, gold entities), ten sentences a document, one a line."""
    parts: dict[str, list] = {p: [] for p in PARTS}
    rows = sentences(path)
    for i in range(0, len(rows), SENTENCES_PER_DOCUMENT):
        chunk = rows[i:i + SENTENCES_PER_DOCUMENT]
        text, gold = "", []
        for _, sentence, entities in chunk:
            gold.extend((s + len(text), e + len(text), c) for s, e, c in entities)
            text += sentence + "\n"
        parts[_part(chunk[0][0])].append((text, gold))
    return parts


def score(docs, mentions_of) -> dict:
    """Per class ``masked``/``touched``/``typed`` over the gold entities, per label ``precision``; the errors."""
    counts = {c: {"gold": 0, "masked": 0, "touched": 0, "typed": 0} for c in CLASSES}
    labels = {label: {"mentions": 0, "on_gold": 0} for label in CLASSES.values()}
    missed, false = [], []
    for text, gold in docs:
        mentions = mentions_of(text)
        covered = [None] * len(text)
        for start, end, label in mentions:
            for i in range(start, end):
                covered[i] = covered[i] or label
        for start, end, cls in gold:
            compound = _COMPOUND_NOUN.search(text, start, end)  # "Zagreb-området": the name is "Zagreb"
            chars = [i for i in range(start, compound.start() if compound else end) if text[i].isalnum()]
            hit = [covered[i] is not None for i in chars]
            row = counts[cls]
            row["gold"] += 1
            row["masked"] += all(hit)
            row["touched"] += any(hit)
            row["typed"] += any(s <= start and e >= end and label == CLASSES[cls] for s, e, label in mentions)
            if not all(hit):
                missed.append(f"{cls}: {text[start:end]}  «{_context(text, start, end)}»")
        for start, end, label in mentions:
            if label not in labels:
                continue
            labels[label]["mentions"] += 1
            on_gold = any(s < end and start < e for s, e, _ in gold)
            labels[label]["on_gold"] += on_gold
            if not on_gold:
                false.append(f"{label}: {text[start:end]}  «{_context(text, start, end)}»")
    ratio = lambda a, b: round(a / b, 4) if b else 1.0  # noqa: E731
    out = {cls: {"gold": r["gold"], "masked": ratio(r["masked"], r["gold"]), "touched": ratio(r["touched"], r["gold"]),
                 "typed": ratio(r["typed"], r["gold"])} for cls, r in counts.items()}
    total = {k: sum(r[k] for r in counts.values()) for k in ("gold", "masked", "touched")}
    out["all"] = {"gold": total["gold"], "masked": ratio(total["masked"], total["gold"]),
                  "touched": ratio(total["touched"], total["gold"])}
    for label, r in labels.items():
        out[label] = {"mentions": r["mentions"], "precision": ratio(r["on_gold"], r["mentions"])}
    mentioned = sum(r["mentions"] for r in labels.values())
    out["precision"] = ratio(sum(r["on_gold"] for r in labels.values()), mentioned)
    return out | {"_missed": missed, "_false": false}


#: the noun in small letters a compound ends with ("-området", "-ledelsen"), no part of the name it holds
_COMPOUND_NOUN = re.compile(r"(?<=\w)-\p{Ll}[\p{Ll}-]*$")


def _context(text: str, start: int, end: int, width: int = 40) -> str:
    return (text[max(0, start - width):start] + "[" + text[start:end] + "]" + text[end:end + width]).replace("\n", " / ")


def pass_mentions():
    """The whole Danish pass (``Pipeline(Config(language="da"))``): (start, end, label) per mention."""
    from anonymizer.pipeline import Pipeline
    from anonymizer.types import Config, Transcript

    pipeline = Pipeline(Config(language="da"))
    return lambda text: [(m.start, m.end, m.label) for m in pipeline.run(Transcript(name="document", text=text)).mentions]


def run(mentions_of=None, errors: bool = False) -> dict:
    """Both parts' figures; with ``errors`` the tuned part's missed entities and false mentions (never the
    held-back part's)."""
    mentions_of = mentions_of or pass_mentions()
    out = {}
    for part, docs in documents().items():
        scored = score(docs, mentions_of)
        missed, false = scored.pop("_missed"), scored.pop("_false")
        out[part] = scored | {"documents": len(docs)}
        if errors and part == "tuned":
            out[part]["errors"] = {"missed": missed, "false": false}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", action="store_true", help="the tuned part's missed entities and false mentions")
    parser.add_argument("--json", type=Path, help="write the numbers here")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import anonymizer  # noqa: F401  (offline defaults)

    result = run(errors=args.errors)
    print(json.dumps(result, indent=1, ensure_ascii=False))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
