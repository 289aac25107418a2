"""A learned decision on TAB's judgments: does the context role of a span the pass proposes (or could propose)
tell whether TAB's annotator masked it? Trained on half A's gold only, measured by document-fold
cross-validation on half A and, trained on all of A, on half B (its numbers only, never its errors).

    .venv/bin/python benchmarks/tab_roles.py [--repeats 5] [--thresholds 0.005,0.01,0.02,0.05]
        [--candidates pass|spacy|both] [--add 0.5] [--lexical] [--annotator] [--write WEIGHTS.json]

The examples are the spans of one pass over TAB (non-suspect mentions of ``LABELS``; with ``--candidates spacy``
also spaCy's entities the pass left unmasked), each with its context features (``features``: the section, the
words around it with capitalised words as ``Xx``, its head and first word when they are common words, whether it
names the respondent state, the applicant's home town, a citation or a statute nearby, its mention count) and
one label: whether TAB's gold holds one of its tokens in a DIRECT or QUASI span. A logistic regression (pure
Python, :func:`train`) gives each span the probability of being masked; a mention of the pass is dropped when
the highest probability among the mentions of its entity is below a threshold, a candidate added when its own
is at or above ``--add``. Each threshold prints half A's figures out of fold (mean, worst and best over the
repeats, each repeat another assignment of A's documents to five folds) and half B's.

Also printed: the pass's figures on each half by TAB annotator (one annotator per judgment), the size of the
annotators' own difference. ``--annotator`` gives the model the judgment's annotator as well (each feature also
joined with it): what the same model gains when it knows whose choices it is predicting, which no pass can know.
"""
from __future__ import annotations

import argparse
import collections
import json
import math
import random
import re
import sys
from pathlib import Path
from typing import Iterable, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import anonymizer  # noqa: E402,F401  (offline defaults before presidio loads)
from anonymizer import evaluate as ev  # noqa: E402

#: the labels whose mentions the decision may drop (names and numbers stay: DIRECT recall is 1.0)
LABELS = ("ORGANIZATION", "LOCATION", "NRP", "DATE", "MONEY", "AGE", "OCCUPATION", "TIME")
#: spaCy's labels whose entities the pass left unmasked are candidates to add
SPACY_CANDIDATES = ("ORG", "GPE", "LOC", "NORP", "DATE", "PERCENT", "CARDINAL", "QUANTITY", "FAC", "LAW")
_WORD = re.compile(r"[\w’']+|[^\w\s]")
_TOKEN = re.compile(r"\w+")
_HOME = re.compile(r"\b(?:lives|lived|living|resides|resided|residing|born)\b[^.\n]{0,40}?\bin[ ]([A-Z][\w’'-]+)")
_AGAINST = re.compile(r"\bagainst[ ](?:the[ ])?(?:(?:Federal[ ])?Republic[ ]of[ ])?([A-Z][\w]+(?:[ ][A-Z]\w+)?)"
                      r"[^.\n]{0,80}?[ ]lodged[ ]with[ ]the\b")
_GOVERNMENT = re.compile(r"\b(?:[Tt]he[ ])?([A-Z][\w]+(?:[ ][A-Z]\w+)?)[ ]Government\s*\([“\"]the[ ]Government")
_CITATION = re.compile(r"[ ]v\.[ ]|judgment[ ]of|\bReports\b|\bECHR[ ]\d|\bnos?\.[ ]\d")
_LAW = re.compile(r"\b(?:Act|Law|Code|Article|section|Decree|Regulations?|Protocol|Rule)s?\b")


def _words(text: str, lexical: bool) -> list[str]:
    """The words of ``text`` in lower case, a capitalised one as ``Xx`` unless ``lexical`` (a town's or a court's
    name says which judgment it is, not what role it has)."""
    return [w.lower() if lexical or not w[:1].isupper() else "Xx" for w in _WORD.findall(text)]


def parties(text: str) -> set[str]:
    """The respondent state's names in a judgment: the country after "against" in its opening and the nationality
    before "Government (“the Government”)" ("Freedonia", "Freedonian")."""
    found = {m.group(1) for m in _AGAINST.finditer(text[:3000])}
    found |= {m.group(1) for m in _GOVERNMENT.finditer(text)}
    return found


def homes(text: str) -> set[str]:
    """The towns the applicant lives in or was born in ("lives in Ruritown")."""
    return {m.group(1) for m in _HOME.finditer(text)}


def features(text: str, start: int, end: int, label: str, *, respondent: set[str] = frozenset(),
             home: set[str] = frozenset(), count: int = 1, lexical: bool = False) -> list[str]:
    """The context features of ``text[start:end]`` labelled ``label``, each as ``label|name=value`` and ``all|name=value``."""
    surface = text[start:end]
    words = _words(surface, lexical) or ["<none>"]
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    before = _words(text[max(line_start, start - 60):start], lexical)[-2:]
    after = _words(text[end:min(line_end, end + 40)], lexical)[:1]
    sentence_start = max(text.rfind(". ", line_start, start), line_start)
    sentence_end = text.find(". ", end, line_end)
    sentence = text[sentence_start:sentence_end if sentence_end >= 0 else line_end]
    capitalised = [w.strip(",.()’'s") for w in surface.split() if w[:1].isupper()]
    named = [w for w in capitalised if w not in ("The", "the")]
    f = [
        "section=" + ("facts" if text.rfind("\nTHE FACTS", 0, start) >= 0 else "procedure"),
        "head=" + words[-1], "first=" + words[0],
        "p1=" + (before[-1] if before else "<s>"), "p2=" + " ".join(["<s>"] * (2 - len(before)) + before),
        "n1=" + (after[0] if after else "</s>"),
        "tokens=%d" % min(len(_TOKEN.findall(surface)), 5),
        "applicant=%d" % ("applicant" in sentence.lower()),
        "paragraph_start=%d" % (start - line_start < 5),
        "citation=%d" % bool(_CITATION.search(sentence)),
        "law=%d" % bool(_LAW.search(sentence)),
        "respondent=%d" % any(p in surface or p.split()[0] in named for p in respondent),
        "home=%d" % any(w in home for w in named),
        "mentions=%d" % min(count, 4),
    ]
    return [f"{label}|{x}" for x in f] + [f"all|{x}" for x in f]


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def train(examples: Iterable[tuple[Sequence[str], int]], epochs: int = 20, rate: float = 0.1, l2: float = 1e-4,
          seed: int = 0) -> dict[str, float]:
    """Logistic regression by stochastic gradient descent over sparse binary features: (features, 0 or 1) ->
    a weight per feature and ``"bias"``."""
    data = list(examples)
    weights: dict[str, float] = {}
    shuffle = random.Random(seed).shuffle
    for _ in range(epochs):
        shuffle(data)
        for feats, y in data:
            gradient = probability(weights, feats) - y
            weights["bias"] = weights.get("bias", 0.0) - rate * gradient
            for x in feats:
                weights[x] = weights.get(x, 0.0) * (1 - rate * l2) - rate * gradient
    return weights


def probability(weights: dict[str, float], feats: Sequence[str]) -> float:
    return sigmoid(weights.get("bias", 0.0) + sum(weights.get(x, 0.0) for x in feats))


def folds(names: Sequence[str], k: int, seed: int) -> list[list[str]]:
    """``names`` (documents) in ``k`` folds, each document whole in one."""
    order = sorted(names)
    random.Random(seed).shuffle(order)
    return [order[i::k] for i in range(k)]


class Example:
    __slots__ = ("doc", "start", "end", "label", "entity", "feats", "y", "kept")

    def __init__(self, doc, start, end, label, entity, feats, y, kept):
        self.doc, self.start, self.end, self.label = doc, start, end, label
        self.entity, self.feats, self.y, self.kept = entity, feats, y, kept


def examples(doc: str, text: str, gold: Sequence[ev.Span], mentions: Sequence[tuple], candidates: Sequence[tuple],
             lexical: bool, own: bool = True) -> tuple[list[Example], list[ev.Span]]:
    """The examples of one judgment (the pass's mentions of ``LABELS`` unless not ``own``, and the candidates it
    left unmasked) and the pass's other spans, which stay."""
    must = ev.Cover([s for s in gold if s.identifier in ev.MASK_TYPES])
    cover = ev.Cover([ev.Span(s, e, label) for s, e, label, _ in mentions])
    respondent, home = parties(text), homes(text)
    keys = [(label, entity if entity is not None else text[s:e].lower()) for s, e, label, entity in mentions]
    count = collections.Counter(keys)
    out, fixed = [], []
    skip = set(ev.TAB_SKIP_WORDS)
    for (s, e, label, _), key in zip(mentions, keys):
        if label not in LABELS or not own:
            fixed.append(ev.Span(s, e, label))
            continue
        tokens = [(s + t.start(), s + t.end()) for t in _TOKEN.finditer(text[s:e])]
        y = int(any(must.covers(a, b) for a, b in tokens))
        out.append(Example(doc, s, e, label, key, features(text, s, e, label, respondent=respondent, home=home,
                                                         count=count[key], lexical=lexical), y, True))
    for s, e, label in candidates:
        new = [(s + t.start(), s + t.end()) for t in _TOKEN.finditer(text[s:e])]
        new = [(a, b) for a, b in new if not cover.covers(a, b) and text[a:b].lower() not in skip]
        if not new:
            continue
        y = int(2 * sum(must.covers(a, b) for a, b in new) > len(new))
        out.append(Example(doc, s, e, "spacy_" + label, None,
                           features(text, s, e, "spacy_" + label, respondent=respondent, home=home, lexical=lexical),
                           y, False))
    return out, fixed


def decide(weights: dict[str, float], exs: Sequence[Example], threshold: float, add: float = 0.5) -> list[ev.Span]:
    """The spans kept or added: a pass's mention unless every mention of its entity is below ``threshold``, a
    candidate when it is at or above ``add``."""
    best: dict[tuple, float] = collections.defaultdict(float)
    p = [probability(weights, x.feats) for x in exs]
    for x, px in zip(exs, p):
        if x.kept:
            best[x.entity] = max(best[x.entity], px)
    return [ev.Span(x.start, x.end, x.label) for x, px in zip(exs, p)
            if (x.kept and best[x.entity] >= threshold) or (not x.kept and px >= add)]


def figures(gold: dict, pred: dict, texts: dict) -> tuple[float, float, int]:
    """(QUASI entity recall, token precision, DIRECT entities protected) as ``quality.py --tab`` counts them."""
    tab = ev.evaluate(gold, pred, texts, label_map=ev.TAB_LABEL_MAP, tab=True).tab
    return tab.recall("QUASI"), tab.masking.precision, tab.entity_recall["DIRECT"][0]


def _run_pass(texts: dict, candidates: str) -> tuple[dict, dict]:
    from anonymizer.ingest import load_bytes
    from anonymizer.pipeline import Pipeline
    from anonymizer.types import SUSPECT, Config

    pipeline = Pipeline(Config())
    mentions = {}
    for name in sorted(texts):
        analysis = pipeline.run(load_bytes(texts[name].encode("utf-8"), f"{name}.txt"))
        mentions[name] = [(m.start, m.end, m.label, m.entity) for m in analysis.mentions if SUSPECT not in m.sources]
    spacy_ents: dict = {name: [] for name in texts}
    if candidates in ("spacy", "both"):
        from anonymizer.detect.nlp import parse
        from anonymizer.lang import load_spacy

        nlp = load_spacy(Config().spacy_model)
        for name in sorted(texts):
            spacy_ents[name] = [(e.start_char, e.end_char, e.label_) for e in parse(nlp, texts[name]).ents
                                if e.label_ in SPACY_CANDIDATES]
    return mentions, spacy_ents


def main(argv: list[str] | None = None) -> int:
    from benchmarks.quality import TAB_PATH, tab_half

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5, help="fold assignments of half A's documents")
    parser.add_argument("--thresholds", default="0.005,0.01,0.02,0.05,0.1")
    parser.add_argument("--candidates", choices=("pass", "spacy", "both"), default="pass",
                        help="pass: drop the pass's mentions only; spacy: add spaCy's left entities only; both")
    parser.add_argument("--add", type=float, default=0.5, help="a candidate's probability to be added")
    parser.add_argument("--lexical", action="store_true", help="keep capitalised words as words (names of towns, courts)")
    parser.add_argument("--annotator", action="store_true",
                        help="a diagnostic, no pass can know it: every feature also with the judgment's TAB annotator")
    parser.add_argument("--write", type=Path, help="the weights trained on all of half A, as JSON")
    args = parser.parse_args(argv)
    gold, texts = ev.load_tab(TAB_PATH)
    ann = {}
    with open(TAB_PATH, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                doc = json.loads(line)
                ann[str(doc["metadata"]["provenance"]["doc_id"])] = doc["metadata"]["provenance"].get("annotator", "?")
    halves = {h: sorted(n for n in gold if tab_half(n) == h) for h in "AB"}
    mentions, spacy_ents = _run_pass(texts, args.candidates)
    exs, fixed = {}, {}
    for name in gold:
        exs[name], fixed[name] = examples(name, texts[name], gold[name], mentions[name], spacy_ents[name], args.lexical,
                                          own=args.candidates != "spacy")
        if args.annotator:
            for x in exs[name]:
                x.feats = x.feats + [f"{ann[name]}#{f}" for f in x.feats]

    def half_figures(h: str, decided: dict) -> tuple[float, float, int]:
        names = halves[h]
        return figures({n: gold[n] for n in names}, {n: fixed[n] + decided[n] for n in names}, {n: texts[n] for n in names})

    thresholds = [float(t) for t in args.thresholds.split(",")]
    everything = {n: [ev.Span(x.start, x.end, x.label) for x in exs[n] if x.kept] for n in gold}
    base = {h: half_figures(h, everything) for h in "AB"}
    print(f"TAB, the pass as it is: A QUASI {base['A'][0]:.4f} P {base['A'][1]:.4f}; B QUASI {base['B'][0]:.4f} "
          f"P {base['B'][1]:.4f}")
    print("\nby annotator (one per judgment): documents, QUASI entity recall, token precision")
    for h in "AB":
        for a in sorted({ann[n] for n in halves[h]}):
            names = [n for n in halves[h] if ann[n] == a]
            q, p, _ = figures({n: gold[n] for n in names}, {n: everything[n] + fixed[n] for n in names},
                              {n: texts[n] for n in names})
            print(f"  {h} {a:12} {len(names):3}  QUASI {q:.3f}  P {p:.3f}")
    out_of_fold: dict[float, list[tuple[float, float, int]]] = {t: [] for t in thresholds}
    for repeat in range(args.repeats):
        decided: dict[float, dict] = {t: {} for t in thresholds}
        for test in folds(halves["A"], 5, repeat):
            weights = train(((x.feats, x.y) for n in halves["A"] if n not in test for x in exs[n]), seed=repeat)
            for n in test:
                for t in thresholds:
                    decided[t][n] = decide(weights, exs[n], t, args.add)
        for t in thresholds:
            out_of_fold[t].append(half_figures("A", {**everything, **decided[t]}))
    weights = train(((x.feats, x.y) for n in halves["A"] for x in exs[n]), seed=0)
    print(f"\nthreshold: half A out of fold ({args.repeats} fold assignments: mean [worst, best]), QUASI and token "
          f"precision as differences from the pass; half B, trained on all of A")
    for t in thresholds:
        qs = [q - base["A"][0] for q, _, _ in out_of_fold[t]]
        ps = [p - base["A"][1] for _, p, _ in out_of_fold[t]]
        b = half_figures("B", {n: decide(weights, exs[n], t, args.add) for n in halves["B"]})
        print(f"  {t:<6}  A QUASI {sum(qs) / len(qs):+.4f} [{min(qs):+.4f}, {max(qs):+.4f}]  "
              f"P {sum(ps) / len(ps):+.4f} [{min(ps):+.4f}, {max(ps):+.4f}]   "
              f"B QUASI {b[0] - base['B'][0]:+.4f}  P {b[1] - base['B'][1]:+.4f}  (B: {b[0]:.4f} / {b[1]:.4f})")
    if args.write:
        small = {k: round(v, 4) for k, v in sorted(weights.items()) if abs(v) >= 0.01}
        args.write.write_text(json.dumps(small, indent=0, ensure_ascii=False), encoding="utf-8")
        print(f"\n{len(small)} weights written to {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
