"""Optional NER backends: a local Stanza pipeline and a local transformers token classifier.

Both run once per document over its utterance lines and return :class:`Mention` objects
whose offsets index the document text exactly.  Neither fetches anything: the models are
read from local directories only.  ``stanza``, ``transformers`` and ``torch`` are imported
when a backend is constructed, so the default install does not need them.
"""
from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from anonymizer.errors import plain
from anonymizer.types import TOOL_LABELS, Mention

#: Model label (BIO prefix removed) -> project label; anything else (MISC, CARDINAL, ...) is dropped.
NER_LABELS = TOOL_LABELS
_TAG_PREFIX = re.compile(r"^([BIESLU])[-_]")


class BackendError(RuntimeError):
    """A backend's model cannot be loaded (the message names the path, never document text)."""


def split_tag(tag: str) -> tuple[str, str | None]:
    """``"B-PER"`` -> ``("B", "PER")``, ``"PER"`` -> ``("I", "PER")``, ``"O"`` -> ``("O", None)``."""
    if tag in ("O", ""):
        return "O", None
    match = _TAG_PREFIX.match(tag)
    if match:
        return match.group(1), tag[match.end() :]
    return "I", tag


def project_label(model_label: str) -> str | None:
    """Project label of a model's entity type (prefix-free), or None to drop it."""
    return NER_LABELS.get(model_label.upper())


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """(offset, line) for every line of ``text`` that has more than whitespace."""
    offset = 0
    for line in text.splitlines(keepends=True):
        if line.strip():
            yield offset, line
        offset += len(line)


# --- Stanza --------------------------------------------------------------------------------


class StanzaBackend:
    """Stanza's ``tokenize,ner`` pipeline from a local model directory (source ``stanza``).

    ``model_dir`` is a directory as ``stanza.download(lang, model_dir=...)`` leaves it:
    ``resources.json`` plus ``<lang>/tokenize/*.pt``, ``<lang>/ner/*.pt`` and their
    pretrain/charlm files.  ``stanza_options`` go to ``stanza.Pipeline`` unchanged, e.g.
    ``ner_model_path=...`` or ``tokenize_model_path=...`` for models outside that layout.
    """

    source = "stanza"

    def __init__(self, model_dir: str, lang: str = "en", batch_size: int = 32, **stanza_options: Any) -> None:
        if not os.path.isfile(os.path.join(model_dir, "resources.json")):
            raise BackendError(f"stanza model not found at {model_dir}")
        import stanza
        from stanza.pipeline.core import DownloadMethod

        options = {"tokenize_batch_size": batch_size * 32, "ner_batch_size": batch_size, **stanza_options}
        try:
            self.nlp = stanza.Pipeline(
                lang=lang,
                dir=model_dir,
                processors="tokenize,ner",
                download_method=DownloadMethod.NONE,
                device="cpu",
                logging_level="WARN",
                **options,
            )
        except (OSError, ValueError, KeyError, RuntimeError) as error:
            raise BackendError(f"stanza model not found at {model_dir} ({plain(error)})") from None

    def mentions(self, text: str) -> list[Mention]:
        """Entities of every non-blank line, shifted to document offsets."""
        import stanza

        lines = list(_lines(text))
        docs = self.nlp.bulk_process([stanza.Document([], text=line) for _, line in lines])
        out: list[Mention] = []
        for (offset, line), doc in zip(lines, docs):
            for ent in doc.ents:
                label = project_label(ent.type)
                start, end = ent.start_char, ent.end_char
                if label is None or not 0 <= start < end <= len(line):
                    continue
                out.append(Mention(offset + start, offset + end, label, (self.source,), score=0.85, confidence=2))
        return out


# --- transformers ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Token:
    """One sub-word token of a line, its prediction, and the word it belongs to."""

    start: int
    end: int
    word: int | None
    tag: str
    score: float


class TransformersBackend:
    """A token-classification model from a local directory (source ``transformers``).

    Each line is tokenized once (fast tokenizer, character offsets); a line longer than
    the model's maximum length is cut into overlapping windows of ``max_length`` tokens
    that overlap by ``stride`` tokens, and each token takes its prediction from the window
    where it has the most context.  Windows of all lines are batched ``batch_size`` at a
    time.  ``aggregation`` is ``"simple"`` (BIO over sub-word tokens) or ``"first"``
    (each word takes the tag of its first sub-word; spans cover whole words).  A span's
    score is the mean softmax probability of its tokens.
    """

    source = "transformers"

    def __init__(
        self,
        model_path: str,
        batch_size: int = 16,
        aggregation: str = "simple",
        device: str = "cpu",
        max_length: int | None = None,
        stride: int | None = None,
    ) -> None:
        if aggregation not in ("simple", "first"):
            raise ValueError(f"aggregation must be 'simple' or 'first', got {aggregation!r}")
        if not os.path.isfile(os.path.join(model_path, "config.json")):
            raise BackendError(f"transformers model not found at {model_path}")
        import torch
        from transformers import AutoModelForTokenClassification, AutoTokenizer

        try:
            self.tokenizer = AutoTokenizer.from_pretrained(model_path, local_files_only=True, use_fast=True)
            self.model = AutoModelForTokenClassification.from_pretrained(model_path, local_files_only=True)
        except (OSError, ValueError, KeyError) as error:
            raise BackendError(f"transformers model not found at {model_path} ({plain(error)})") from None
        if not self.tokenizer.is_fast:
            raise BackendError(f"transformers model at {model_path} has no fast tokenizer (offsets need one)")
        self.torch = torch
        self.model.to(device).eval()
        self.device = device
        self.batch_size = batch_size
        self.aggregation = aggregation
        self.id2label = {int(k): v for k, v in self.model.config.id2label.items()}
        self._prefix, self._suffix = self._special_tokens()
        self.window = self._window_length(max_length)
        self.stride = min(stride if stride is not None else self.window // 4, self.window - 1)

    def _special_tokens(self) -> tuple[list[int], list[int]]:
        """The special token ids the tokenizer puts before and after a single sequence."""
        probe = self.tokenizer("a", add_special_tokens=True, return_special_tokens_mask=True)
        ids, mask = probe["input_ids"], probe["special_tokens_mask"]
        first = mask.index(0)
        last = len(mask) - 1 - mask[::-1].index(0)
        return ids[:first], ids[last + 1 :]

    def _window_length(self, max_length: int | None) -> int:
        """Content tokens per window: the model's limit minus the special tokens."""
        limit = max_length or self.tokenizer.model_max_length
        if not limit or limit > 100_000:  # tokenizer without a recorded limit
            limit = getattr(self.model.config, "max_position_embeddings", 512)
        content = limit - len(self._prefix) - len(self._suffix)
        if content < 2:
            raise BackendError("transformers model max length too small")
        return content

    def mentions(self, text: str) -> list[Mention]:
        """Entities of every non-blank line, shifted to document offsets."""
        lines = list(_lines(text))
        out: list[Mention] = []
        for (offset, line), tokens in zip(lines, self._predict([line for _, line in lines])):
            for start, end, label, score in self._spans(tokens):
                start, end = _tidy(line, start, end)
                if end > start:
                    out.append(Mention(offset + start, offset + end, label, (self.source,), round(score, 3), 2))
        return out

    def _predict(self, lines: Sequence[str]) -> list[list[_Token]]:
        """Per line, its tokens in order with the tag and probability the model gives them."""
        if not lines:
            return []
        encodings = self.tokenizer(
            list(lines), add_special_tokens=False, return_offsets_mapping=True, truncation=False, verbose=False
        )
        windows = [  # (line index, first token, token ids)
            (i, first, ids[first : first + self.window])
            for i, ids in enumerate(encodings["input_ids"])
            for first in self._window_starts(len(ids))
        ]
        best: list[dict[int, tuple[int, str, float]]] = [{} for _ in lines]  # token -> (context, tag, score)
        order = sorted(range(len(windows)), key=lambda w: -len(windows[w][2]))
        for batch_start in range(0, len(order), self.batch_size):
            batch = [windows[w] for w in order[batch_start : batch_start + self.batch_size]]
            for (i, first, ids), tags in zip(batch, self._classify([ids for _, _, ids in batch])):
                for k, (tag, score) in enumerate(tags):
                    context = min(k, len(ids) - 1 - k)
                    if context > best[i].get(first + k, (-1,))[0]:
                        best[i][first + k] = (context, tag, score)
        result = []
        for i in range(len(lines)):
            offsets, words = encodings["offset_mapping"][i], encodings.word_ids(i)
            result.append(
                [
                    _Token(offsets[t][0], offsets[t][1], words[t], best[i][t][1], best[i][t][2])
                    for t in range(len(offsets))
                    if offsets[t][1] > offsets[t][0]
                ]
            )
        return result

    def _window_starts(self, length: int) -> list[int]:
        if length <= self.window:
            return [0] if length else []
        step = self.window - self.stride
        starts = list(range(0, length - self.window, step))
        return starts + [length - self.window]

    def _classify(self, windows: list[list[int]]) -> list[list[tuple[str, float]]]:
        """(tag, probability) of each content token of each window, one forward pass."""
        torch = self.torch
        rows = [self._prefix + ids + self._suffix for ids in windows]
        width = max(len(row) for row in rows)
        pad = self.tokenizer.pad_token_id or 0
        input_ids = torch.tensor([row + [pad] * (width - len(row)) for row in rows], device=self.device)
        attention = torch.tensor([[1] * len(row) + [0] * (width - len(row)) for row in rows], device=self.device)
        inputs = {"input_ids": input_ids, "attention_mask": attention}
        if "token_type_ids" in self.tokenizer.model_input_names:
            inputs["token_type_ids"] = torch.zeros_like(input_ids)
        with torch.inference_mode():
            probabilities = torch.softmax(self.model(**inputs).logits.float(), dim=-1)
        scores, labels = probabilities.max(dim=-1)
        first = len(self._prefix)
        return [
            [(self.id2label[int(labels[r, p])], float(scores[r, p])) for p in range(first, first + len(ids))]
            for r, ids in enumerate(windows)
        ]

    def _spans(self, tokens: list[_Token]) -> Iterator[tuple[int, int, str, float]]:
        """(start, end, project label, score) in line offsets, grouped by BIO."""
        units = _words(tokens) if self.aggregation == "first" else [(t.start, t.end, t.tag, [t.score]) for t in tokens]
        current: list | None = None  # [start, end, entity type, scores]
        for start, end, tag, scores in units:
            prefix, kind = split_tag(tag)
            if current is not None and (kind != current[2] or prefix in ("B", "S", "U")):
                yield from _finish(current)
                current = None
            if kind is None:
                continue
            if current is None:
                current = [start, end, kind, list(scores)]
            else:
                current[1], current[3] = end, current[3] + scores
            if prefix in ("E", "S", "L", "U"):
                yield from _finish(current)
                current = None
        if current is not None:
            yield from _finish(current)


def _words(tokens: list[_Token]) -> list[tuple[int, int, str, list[float]]]:
    """Whole words, each with the tag of its first sub-word and the scores of all."""
    words: list[tuple[int, int, str, list[float]]] = []
    previous: int | None = None
    for token in tokens:
        if token.word is not None and token.word == previous and words:
            start, _, tag, scores = words[-1]
            words[-1] = (start, token.end, tag, scores + [token.score])
        else:
            words.append((token.start, token.end, token.tag, [token.score]))
        previous = token.word
    return words


def _finish(current: list) -> Iterator[tuple[int, int, str, float]]:
    start, end, kind, scores = current
    label = project_label(kind)
    if label is not None:
        yield start, end, label, sum(scores) / len(scores)


def _tidy(line: str, start: int, end: int) -> tuple[int, int]:
    """Drop surrounding whitespace (some tokenizers' offsets include it) and take in the
    combining marks that follow the span (accent-stripping tokenizers leave them out)."""
    while start < end and line[start].isspace():
        start += 1
    while end > start and line[end - 1].isspace():
        end -= 1
    while end < len(line) and unicodedata.combining(line[end]):
        end += 1
    return start, end
