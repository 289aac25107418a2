"""Train the Danish pack's small spaCy NER (``anonymizer/lang/da/model/``) on Universal NER's Danish DDT.

The data (``shared/data/da_uner/``, CC BY-SA 4.0: the trained pipeline is shared under the same terms and
credits the source, README "Danish") is read as gold IOB2 (PER, ORG, LOC). A blank ``da`` pipeline with a
small hash-embedding CNN (no pretrained vectors) and a transition-based NER is trained on the train split;
spaCy keeps the step with the best entity F1 on the dev split (``model-best``), which this script copies into
the pack without training state. Each ``--width`` given is trained and the best on dev is the one shipped.

    nice -n 10 .venv/bin/python benchmarks/train_da_ner.py [--width 64 --width 96] [--epochs 20] [--work /tmp/da_ner]
        [--augment N [--augment-label PER --augment-label LOC]]  # N renamed copies of each sentence with a name
        [--dev-part tuned]    # keep the best step on the tuned part of dev only (benchmarks/quality_da_uner.py)
        [--no-install]        # train and report, keep the pack's model as it is
        [--install DIR]       # only copy a trained model-best into the pack

The defaults give the shipped model (no copies, the best step on all of dev). Dev's entity F1 is printed for
the whole split and for each part of the real-text check's split.

CPU only, a few minutes per width on two cores. Prints per-label precision, recall and F1 on dev, the
pipeline's size on disk and its speed (words per second on the dev split).
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" if (ROOT.parent / "shared").is_dir() else Path("/work/shared")
DATA = SHARED / "data" / "da_uner"
TRAIN = DATA / "da_ddt-ud-train.iob2"
DEV = DATA / "da_ddt-ud-dev.iob2"
TARGET = ROOT / "anonymizer" / "lang" / "da" / "model"

CONFIG = """
[paths]
train = null
dev = null
vectors = null
init_tok2vec = null

[system]
gpu_allocator = null
seed = {seed}

[nlp]
lang = "da"
pipeline = ["tok2vec","ner"]
batch_size = 1000
disabled = []
before_creation = null
after_creation = null
after_pipeline_creation = null
tokenizer = {{"@tokenizers":"spacy.Tokenizer.v1"}}

[components]

[components.ner]
factory = "ner"
incorrect_spans_key = null
moves = null
scorer = {{"@scorers":"spacy.ner_scorer.v1"}}
update_with_oracle_cut_size = 100

[components.ner.model]
@architectures = "spacy.TransitionBasedParser.v2"
state_type = "ner"
extra_state_tokens = false
hidden_width = 64
maxout_pieces = 2
use_upper = true
nO = null

[components.ner.model.tok2vec]
@architectures = "spacy.Tok2VecListener.v1"
width = ${{components.tok2vec.model.encode.width}}
upstream = "*"

[components.tok2vec]
factory = "tok2vec"

[components.tok2vec.model]
@architectures = "spacy.Tok2Vec.v2"

[components.tok2vec.model.embed]
@architectures = "spacy.MultiHashEmbed.v2"
width = ${{components.tok2vec.model.encode.width}}
attrs = ["NORM","PREFIX","SUFFIX","SHAPE"]
rows = [5000,1000,2500,2500]
include_static_vectors = false

[components.tok2vec.model.encode]
@architectures = "spacy.MaxoutWindowEncoder.v2"
width = {width}
depth = 4
window_size = 1
maxout_pieces = 3

[corpora]

[corpora.dev]
@readers = "spacy.Corpus.v1"
path = ${{paths.dev}}
max_length = 0
gold_preproc = false
limit = 0
augmenter = null

[corpora.train]
@readers = "spacy.Corpus.v1"
path = ${{paths.train}}
max_length = 0
gold_preproc = false
limit = 0
augmenter = {{"@augmenters":"spacy.lower_case.v1","level":0.1}}

[training]
dev_corpus = "corpora.dev"
train_corpus = "corpora.train"
seed = ${{system.seed}}
gpu_allocator = ${{system.gpu_allocator}}
dropout = 0.1
accumulate_gradient = 1
patience = 1600
max_epochs = {epochs}
max_steps = 0
eval_frequency = 200
frozen_components = []
annotating_components = []
before_to_disk = null
before_update = null

[training.batcher]
@batchers = "spacy.batch_by_words.v1"
discard_oversize = false
tolerance = 0.2
get_length = null

[training.batcher.size]
@schedules = "compounding.v1"
start = 100
stop = 1000
compound = 1.001
t = 0.0

[training.logger]
@loggers = "spacy.ConsoleLogger.v1"
progress_bar = false

[training.optimizer]
@optimizers = "Adam.v1"
beta1 = 0.9
beta2 = 0.999
L2_is_weight_decay = true
L2 = 0.01
grad_clip = 1.0
use_averages = false
eps = 0.00000001
learn_rate = 0.001

[training.score_weights]
ents_f = 1.0
ents_p = 0.0
ents_r = 0.0
ents_per_type = null

[pretraining]

[initialize]
vectors = ${{paths.vectors}}
init_tok2vec = ${{paths.init_tok2vec}}
vocab_data = null
lookups = null
before_init = null
after_init = null

[initialize.components]

[initialize.tokenizer]
"""


def read_iob2(path: Path) -> list[tuple[list[str], list[bool], list[str]]]:
    """(words, whether a space follows each, IOB2 tags) per sentence; spaces from the ``# text`` line."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from quality_da_uner import iob2_sentences

    return [(words, _spaces(words, text), tags) for _, text, words, tags in iob2_sentences(path)]


def _spaces(words: list[str], text: str) -> list[bool]:
    spaces, at = [], 0
    for word in words:
        found = text.find(word, at)
        if found < 0:
            spaces.append(True)
            continue
        at = found + len(word)
        spaces.append(text[at:at + 1] == " ")
    return spaces


def docbin(path: Path, out: Path, augment: int = 0, seed: int = 46, part: str | None = None,
           labels: tuple[str, ...] = ("PER",)) -> int:
    """The sentences of ``path`` as a spaCy corpus; with ``augment`` each sentence with a person or a place
    written again that many times with other names (:func:`renamed`); with ``part`` only the sentences of one
    part of :mod:`quality_da_uner`'s split (the trainer keeps its best step on the tuned part of dev, never on
    the held-back one)."""
    import random

    import spacy
    from spacy.tokens import Doc, DocBin

    nlp = spacy.blank("da")
    db = DocBin()
    rng = random.Random(seed)
    rows = read_iob2(path)
    if part is not None:
        sys.path.insert(0, str(ROOT / "benchmarks"))
        from quality_da_uner import part_of_sentence

        rows = [row for i, row in enumerate(rows) if part_of_sentence(path, i) == part]
    for words, spaces, tags in rows:
        db.add(Doc(nlp.vocab, words=words, spaces=spaces, ents=tags))
        if any(t[2:] in labels for t in tags):
            for _ in range(augment):
                new_words, new_tags = renamed(words, tags, rng, labels)
                db.add(Doc(nlp.vocab, words=new_words, spaces=spaces, ents=new_tags))
    db.to_disk(out)
    return len(db)


def _lists() -> tuple[list[str], list[str], list[str]]:
    sys.path.insert(0, str(ROOT))
    from anonymizer.lang.da import vocabulary

    first = [line.split("\t")[0] for line in vocabulary.data_lines("first_names.txt")]
    return first, list(vocabulary.data_lines("surnames.txt")), list(vocabulary.data_lines("towns.txt"))


def renamed(words: list[str], tags: list[str], rng, labels: tuple[str, ...] = ("PER", "LOC")) -> tuple[list[str], list[str]]:
    """One sentence with each person's name replaced by names of the pack's lists (a first name, then surnames;
    one word: either) and each one-word place by a town of the list, a genitive ``s`` kept: the NER learns the
    names' context rather than the few names of the treebank."""
    first, surnames, towns = _lists()
    out_words, out_tags, i = [], [], 0
    while i < len(words):
        tag = tags[i]
        if tag.startswith("B-") and tag[2:] in labels:
            j = i + 1
            while j < len(words) and tags[j] == "I-" + tag[2:]:
                j += 1
            span = words[i:j]
            if not all(w[:1].isupper() for w in span) or (tag == "B-LOC" and len(span) > 1):
                out_words.extend(span)
                out_tags.extend(tags[i:j])
                i = j
                continue
            if tag == "B-PER":
                new = [rng.choice(first if len(span) > 1 or rng.random() < 0.5 else surnames)]
                new += [rng.choice(surnames) for _ in span[1:]]
            else:
                new = [rng.choice(towns).split(" ")[0]]
            last = span[-1]
            if last.endswith("s") and len(last) > 3 and not new[-1].endswith("s") and rng.random() < 0.7:
                new[-1] += "s"
            if span[0].isupper() and len(span[0]) > 1:
                new[0] = new[0].upper()
            out_words.extend(new)
            out_tags.extend(["B-" + tag[2:]] + ["I-" + tag[2:]] * (len(new) - 1))
            i = j
        else:
            out_words.append(words[i])
            out_tags.append(tag)
            i += 1
    return out_words, out_tags


def evaluate(model: Path) -> dict:
    import spacy
    from spacy.tokens import Doc
    from spacy.training import Example

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from quality_da_uner import part_of_sentence

    nlp = spacy.load(model)
    examples = []
    sentences = read_iob2(DEV)
    for words, spaces, tags in sentences:
        examples.append(Example(nlp.make_doc(" ".join(words)), Doc(nlp.vocab, words=words, spaces=[True] * len(words), ents=tags)))
    scores = nlp.evaluate(examples)
    parts = {part: round(nlp.evaluate([e for i, e in enumerate(examples) if part_of_sentence(DEV, i) == part])["ents_f"], 4)
             for part in ("tuned", "heldout")}
    texts = [Doc(nlp.vocab, words=w, spaces=s).text for w, s, _ in sentences]
    n_words = sum(len(w) for w, _, _ in sentences)
    start = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=64):
        pass
    speed = n_words / (time.perf_counter() - start)
    size = sum(p.stat().st_size for p in model.rglob("*") if p.is_file())
    return {"ents_p": scores["ents_p"], "ents_r": scores["ents_r"], "ents_f": scores["ents_f"],
            "per_type": scores["ents_per_type"], "ents_f_by_part": parts, "bytes": size, "words_per_second": round(speed)}


def install(source: Path) -> None:
    """Copy a trained ``model-best`` into the pack (no training state), its meta naming the data and licence."""
    shutil.rmtree(TARGET, ignore_errors=True)
    shutil.copytree(source, TARGET)
    meta = json.loads((TARGET / "meta.json").read_text(encoding="utf-8"))
    meta.update(name="da_anonymizer_ner", version="1.0.0", license="CC BY-SA 4.0",
                sources=[{"name": "Universal NER Danish DDT (UNER_Danish-DDT)", "url": "https://github.com/UniversalNER/UNER_Danish-DDT",
                          "license": "CC BY-SA 4.0"}],
                description="Small Danish NER (PER, ORG, LOC) trained by benchmarks/train_da_ner.py")
    (TARGET / "meta.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")
    print(f"installed {TARGET.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, action="append", help="tok2vec width (repeat to compare; default 64 and 96)")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--augment", type=int, default=0,
                        help="copies of each sentence with a person (or a place), renamed from the pack's lists")
    parser.add_argument("--augment-label", action="append", choices=("PER", "LOC"),
                        help="which entities the copies rename (default PER)")
    parser.add_argument("--dev-part", choices=("tuned", "all"), default="all",
                        help="the dev sentences spaCy keeps its best step on (tuned: never quality_da_uner's held-back part)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/da_ner"))
    parser.add_argument("--no-install", action="store_true")
    parser.add_argument("--install", type=Path, help="only copy this trained model-best into the pack")
    args = parser.parse_args(argv)
    if args.install:
        install(args.install)
        return 0
    from spacy.cli.train import train

    args.work.mkdir(parents=True, exist_ok=True)
    dev_part = None if args.dev_part == "all" else args.dev_part
    labels = tuple(args.augment_label or ("PER",))
    print(f"train: {docbin(TRAIN, args.work / 'train.spacy', args.augment, args.seed, labels=labels)} sentences, "
          f"dev: {docbin(DEV, args.work / 'dev.spacy', part=dev_part)}")
    results = {}
    for width in args.width or [64, 96]:
        out = args.work / f"w{width}"
        config = args.work / f"w{width}.cfg"
        config.write_text(CONFIG.format(width=width, epochs=args.epochs, seed=args.seed), encoding="utf-8")
        start = time.perf_counter()
        train(config, out, overrides={"paths.train": str(args.work / "train.spacy"), "paths.dev": str(args.work / "dev.spacy")})
        results[width] = evaluate(out / "model-best") | {"train_seconds": round(time.perf_counter() - start)}
        print(f"width {width}: {json.dumps(results[width], indent=1)}")
    best = max(results, key=lambda w: results[w]["ents_f"])
    print(f"best on dev: width {best}, entity F1 {results[best]['ents_f']:.3f}")
    (args.work / "results.json").write_text(json.dumps(results, indent=1), encoding="utf-8")
    if not args.no_install:
        install(args.work / f"w{best}" / "model-best")
    return 0


if __name__ == "__main__":
    sys.exit(main())
