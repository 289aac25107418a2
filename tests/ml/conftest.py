"""Tiny models built by hand in temporary directories (nothing is downloaded).

Run in the Python 3.11 venv ``.venv-ml`` (``make test-ml``): torch, transformers, stanza.

The BERT models have every encoder weight zeroed except where noted, so a token's final
hidden state is the layer-normed embedding of its own id.  Each word-piece's embedding is
``e_c - e_(16+c)`` for the index ``c`` of the tag it must get, and the classifier reads
dimension ``c`` as the logit of tag ``c``: predictions depend on the token alone, whatever
the batch, padding, window or position, which makes expected mentions exact.
"""
from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

TAGS = ("O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-ORG", "I-ORG", "B-MISC", "I-MISC")
#: word-piece -> tag; every other piece (and [UNK]) is "O"
PIECE_TAGS = {
    "mary": "B-PER",
    "jose": "B-PER",
    "zoe": "B-PER",
    "roe": "I-PER",
    "garcia": "I-PER",
    "##fina": "I-PER",
    "folsom": "B-LOC",
    "san": "B-LOC",
    "francisco": "I-LOC",
    "corcoran": "B-ORG",
    "state": "I-ORG",
    "prison": "I-ORG",
    "french": "B-MISC",
}
OTHER_PIECES = (
    ". , : ; ' ? ! - the in at was born said and to from lives works for mr ms i a he she "
    "commissioner presiding inmate ##s ##es"
).split()
SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
HIDDEN = 32


def _vocab(pieces) -> dict[str, int]:
    """A WordPiece vocabulary: the special tokens, then ``pieces``."""
    return {piece: i for i, piece in enumerate([*SPECIAL, *pieces])}


def _zero_bert(model) -> None:
    """All weights zero, LayerNorms the identity transform."""
    import torch

    with torch.no_grad():
        for name, parameter in model.named_parameters():
            parameter.zero_()
            if "LayerNorm.weight" in name:
                parameter.fill_(1.0)


def _one_hot_row(index: int):
    import torch

    row = torch.zeros(HIDDEN)
    row[index] = 1.0
    row[HIDDEN // 2 + index] = -1.0
    return row


@pytest.fixture(scope="session")
def ner_model_dir(tmp_path_factory) -> str:
    """A 2-layer BERT token classifier that tags by word-piece (PIECE_TAGS); max length 32."""
    import torch
    from transformers import BertConfig, BertForTokenClassification, BertTokenizerFast

    directory = str(tmp_path_factory.mktemp("tiny-bert-ner"))
    pieces = [*PIECE_TAGS, *OTHER_PIECES]
    tokenizer = BertTokenizerFast(vocab=_vocab(pieces), do_lower_case=True, model_max_length=32)
    config = BertConfig(
        vocab_size=len(SPECIAL) + len(pieces),
        hidden_size=HIDDEN,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=32,
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
        id2label=dict(enumerate(TAGS)),
        label2id={tag: i for i, tag in enumerate(TAGS)},
    )
    model = BertForTokenClassification(config)
    _zero_bert(model)
    vocab = tokenizer.get_vocab()
    with torch.no_grad():
        for piece, index in vocab.items():
            tag = PIECE_TAGS.get(piece, "O")
            model.bert.embeddings.word_embeddings.weight[index] = _one_hot_row(TAGS.index(tag))
        for c in range(len(TAGS)):
            model.classifier.weight[c, c] = 1.0
    model.save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    return directory


NLI_LABELS = ("contradiction", "neutral", "entailment")


@pytest.fixture(scope="session")
def nli_model_dir(tmp_path_factory) -> str:
    """A BERT sequence-pair classifier whose entailment logit rises with the word "prison".

    Layer 1's attention is uniform (zero queries and keys) with identity value and output
    projections, so [CLS] sees the mean of all token states; dimension 0 is set only by
    the piece "prison", and the pooler and classifier turn it into the entailment logit.
    """
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

    directory = str(tmp_path_factory.mktemp("tiny-bert-nli"))
    pieces = (
        ". , is a an the of in inmates students officers he she works at was prison jail police department "
        "school hospital court gang company acme widgets"
    ).split()
    tokenizer = BertTokenizerFast(vocab=_vocab(pieces), do_lower_case=True)
    config = BertConfig(
        vocab_size=len(SPECIAL) + len(pieces),
        hidden_size=HIDDEN,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=64,
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
        id2label=dict(enumerate(NLI_LABELS)),
        label2id={label: i for i, label in enumerate(NLI_LABELS)},
    )
    model = BertForSequenceClassification(config)
    _zero_bert(model)
    vocab = tokenizer.get_vocab()
    with torch.no_grad():
        for piece, index in vocab.items():
            # "prison" -> dimension 0; every other piece -> one of dimensions 1..15
            slot = 0 if piece == "prison" else 1 + index % (HIDDEN // 2 - 1)
            model.bert.embeddings.word_embeddings.weight[index] = _one_hot_row(slot)
        attention = model.bert.encoder.layer[0].attention
        attention.self.value.weight.copy_(torch.eye(HIDDEN))
        attention.output.dense.weight.copy_(torch.eye(HIDDEN))
        model.bert.pooler.dense.weight[0, 0] = 1.0
        model.classifier.weight[NLI_LABELS.index("entailment"), 0] = 40.0
    model.save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    return directory


# --- Stanza ------------------------------------------------------------------------------------

#: token sequence (case-folded) -> OntoNotes type, for the gazetteer NER variant below
STANZA_GAZETTEER = {
    ("mary", "roe"): "PERSON",
    ("zoë",): "PERSON",
    ("josé", "garcía"): "PERSON",
    ("folsom",): "GPE",
    ("san", "quentin"): "FAC",
    ("sierra", "nevada"): "LOC",
    ("corcoran", "state", "prison"): "ORG",
    ("mexican",): "NORP",
    ("monday",): "DATE",
    ("noon",): "TIME",
    ("fifty",): "CARDINAL",
    ("french",): "LANGUAGE",
}


def _gazetteer_ner_class():
    """A Stanza NER processor that tags by STANZA_GAZETTEER (BIOES) and needs no model file.

    Stanza's NER processor cannot take a processor variant (its set-up expects loaded
    trainers), so the test swaps the whole "ner" processor class while it builds pipelines.
    """
    from stanza.pipeline._constants import NER, TOKENIZE
    from stanza.pipeline.processor import Processor

    longest = max(len(key) for key in STANZA_GAZETTEER)

    class GazetteerNER(Processor):
        PROVIDES_DEFAULT = {NER}
        REQUIRES_DEFAULT = {TOKENIZE}

        def _set_up_model(self, config, pipeline, device) -> None:  # no model
            return None

        def process(self, document):
            for sentence in document.sentences:
                tokens = sentence.tokens
                for token in tokens:
                    token.ner = "O"
                i = 0
                while i < len(tokens):
                    for size in range(min(longest, len(tokens) - i), 0, -1):
                        kind = STANZA_GAZETTEER.get(tuple(t.text.casefold() for t in tokens[i : i + size]))
                        if kind:
                            tags = ["S"] if size == 1 else ["B"] + ["I"] * (size - 2) + ["E"]
                            for token, prefix in zip(tokens[i : i + size], tags):
                                token.ner = f"{prefix}-{kind}"
                            i += size
                            break
                    else:
                        i += 1
            document.build_ents()
            return document

    return GazetteerNER


@pytest.fixture(scope="session")
def stanza_model_dir(tmp_path_factory):
    """A Stanza model directory: resources.json naming spaCy's rule tokenizer (Stanza's
    external ``spacy`` variant) and a "gazetteer" NER package served by the class above.

    While the session runs, Stanza's "ner" processor class is the gazetteer one."""
    from stanza.pipeline.core import NAME_TO_PROCESSOR_CLASS
    from stanza.pipeline._constants import NER

    directory = tmp_path_factory.mktemp("stanza-models")
    processors = {"tokenize": "spacy", "ner": "gazetteer"}
    resources = {
        "en": {
            "lang_name": "English",
            "default_processors": processors,
            "packages": {"default": processors},
            "tokenize": {},  # no neural tokenizer package (Stanza reads this key to add MWT)
            "ner": {"gazetteer": {}},
        }
    }
    (directory / "resources.json").write_text(json.dumps(resources), encoding="utf-8")
    original = NAME_TO_PROCESSOR_CLASS[NER]
    NAME_TO_PROCESSOR_CLASS[NER] = _gazetteer_ner_class()
    yield str(directory)
    NAME_TO_PROCESSOR_CLASS[NER] = original


# --- Whisper (the transformers speech recognizer) ----------------------------------------------

WHISPER_LETTERS = " abcdefghijklmnopqrstuvwxyz.,"  # the tokenizer's whole alphabet, one token a character
WHISPER_SPECIAL = ("<|endoftext|>", "<|startoftranscript|>", "<|en|>", "<|translate|>", "<|transcribe|>",
                   "<|startoflm|>", "<|startofprev|>", "<|nocaptions|>", "<|notimestamps|>")


@pytest.fixture(scope="session")
def whisper_model_dir(tmp_path_factory) -> str:
    """A random 2-layer Whisper (d_model 32) with a 29-letter byte-level tokenizer, Whisper's special
    and 1,501 timestamp tokens, the feature extractor, and the generation config word times need
    (``alignment_heads``, ``no_timestamps_token_id``, language and task ids); greedy, at most 32
    tokens a window. Its words are junk but deterministic (seeded)."""
    import torch
    from transformers import (GenerationConfig, WhisperConfig, WhisperFeatureExtractor,
                              WhisperForConditionalGeneration, WhisperTokenizer)
    from transformers.convert_slow_tokenizer import bytes_to_unicode

    directory = str(tmp_path_factory.mktemp("tiny-whisper"))
    byte_chars = bytes_to_unicode()
    vocab = {byte_chars[ord(c)]: i for i, c in enumerate(WHISPER_LETTERS)}
    tokenizer = WhisperTokenizer(vocab=vocab, merges=[])
    tokenizer.add_special_tokens({"additional_special_tokens": list(WHISPER_SPECIAL[1:])})
    tokenizer.add_tokens([f"<|{i * 0.02:.2f}|>" for i in range(1501)])
    ids = {token: tokenizer.convert_tokens_to_ids(token) for token in WHISPER_SPECIAL}
    end = ids["<|endoftext|>"]
    config = WhisperConfig(
        vocab_size=len(tokenizer), num_mel_bins=80, d_model=32, encoder_layers=2, decoder_layers=2,
        encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64,
        max_source_positions=1500, max_target_positions=64, decoder_start_token_id=ids["<|startoftranscript|>"],
        bos_token_id=end, eos_token_id=end, pad_token_id=end, begin_suppress_tokens=None, suppress_tokens=None,
    )
    torch.manual_seed(0)
    model = WhisperForConditionalGeneration(config)
    model.generation_config = GenerationConfig(
        bos_token_id=end, eos_token_id=end, pad_token_id=end, decoder_start_token_id=ids["<|startoftranscript|>"],
        no_timestamps_token_id=ids["<|notimestamps|>"], is_multilingual=True, lang_to_id={"<|en|>": ids["<|en|>"]},
        task_to_id={"transcribe": ids["<|transcribe|>"], "translate": ids["<|translate|>"]},
        alignment_heads=[[1, 0], [1, 1]], max_initial_timestamp_index=50, max_length=32,
        begin_suppress_tokens=[vocab[byte_chars[ord(" ")]], end],
    )
    model.save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    WhisperFeatureExtractor(feature_size=80).save_pretrained(directory)
    return directory
