"""The real-text check of the Danish pass (``benchmarks/quality_da_uner.py``): IOB2 sentences read back into text
with their gold entities' offsets, documents split into a tuned and a held-back part, and the scoring per gold
class and per label. Invented sentences only."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import quality_da_uner as uner  # noqa: E402

IOB2 = """# sent_id = dev-0
# text = Sanne Lykkegaard flyttede til Tarm.
1\tSanne\tB-PER\tx
2\tLykkegaard\tI-PER\tx
3\tflyttede\tO\tx
4\ttil\tO\tx
5\tTarm\tB-LOC\tx
6\t.\tO\tx

# sent_id = dev-1
# text = Hun arbejder hos Fjordbyg.
1\tHun\tO\tx
2\tarbejder\tO\tx
3\thos\tO\tx
4\tFjordbyg\tB-ORG\tx
5\t.\tO\tx

"""


@pytest.fixture()
def iob2(tmp_path):
    path = tmp_path / "dev.iob2"
    path.write_text(IOB2, encoding="utf-8")
    return path


def test_it_reads_each_sentence_with_its_entities_offsets(iob2):
    rows = uner.sentences(iob2)
    assert [sent_id for sent_id, _, _ in rows] == ["dev-0", "dev-1"]
    assert [[(text[s:e], c) for s, e, c in gold] for _, text, gold in rows] == [
        [("Sanne Lykkegaard", "PER"), ("Tarm", "LOC")], [("Fjordbyg", "ORG")]]


def test_it_puts_a_documents_sentences_in_one_part(iob2):
    parts = uner.documents(iob2)
    assert sum(len(docs) for docs in parts.values()) == 1
    text, gold = next(docs[0] for docs in parts.values() if docs)
    assert text.splitlines() == ["Sanne Lykkegaard flyttede til Tarm.", "Hun arbejder hos Fjordbyg."]
    assert [text[s:e] for s, e, _ in gold] == ["Sanne Lykkegaard", "Tarm", "Fjordbyg"]
    assert {uner.part_of_sentence(iob2, i) for i in range(2)} == {next(p for p, d in parts.items() if d)}


@pytest.mark.parametrize(("mentions", "masked", "typed", "precision"), [
    ([("Sanne Lykkegaard", "PERSON"), ("Tarm", "LOCATION"), ("Fjordbyg", "ORGANIZATION")], 1.0, 1.0, 1.0),
    ([("Lykkegaard", "PERSON"), ("Tarm", "LOCATION")], 0.0, 0.0, 1.0),  # a name half masked is no name masked
    ([("Sanne Lykkegaard", "LOCATION"), ("arbejder", "PERSON")], 1.0, 0.0, 0.5),  # any label masks; a word is none
])
def test_it_scores_the_pass_per_gold_entity_and_per_mention(iob2, mentions, masked, typed, precision):
    text, gold = next(docs[0] for docs in uner.documents(iob2).values() if docs)

    def mentions_of(_text):
        return [(text.index(s), text.index(s) + len(s), label) for s, label in mentions]

    scored = uner.score([(text, gold)], mentions_of)
    assert (scored["PER"]["masked"], scored["PER"]["typed"], scored["precision"]) == (masked, typed, precision)


@pytest.mark.skipif(not uner.DEV.is_file(), reason="Universal NER's Danish dev split is not on this machine")
def test_it_splits_the_real_dev_split_into_two_parts_of_like_size():
    parts = uner.documents()
    sizes = [sum(len(gold) for _, gold in parts[p]) for p in uner.PARTS]
    assert min(sizes) > 0.4 * sum(sizes)


@pytest.mark.parametrize(("gold", "mention", "masked"), [
    ("Tarm-området", "Tarm", 1.0),  # the compound's noun is no part of the name
    ("Tarm-området", "området", 0.0),
    ("Nord-Tarm", "Nord", 0.0),  # a name of two capitalised parts is all name
])
def test_it_asks_of_a_compound_only_its_name(gold, mention, masked):
    text = f"De bor i {gold} nu.\n"
    start = text.index(gold)
    at = text.index(mention, start)
    scored = uner.score([(text, [(start, start + len(gold), "LOC")])], lambda _t: [(at, at + len(mention), "LOCATION")])
    assert scored["LOC"]["masked"] == masked


def test_it_renames_the_persons_of_a_training_sentence_from_the_packs_lists():
    import random

    from anonymizer.lang.da import vocabulary
    from benchmarks.train_da_ner import renamed

    words = ["Vidnet", "Sanne", "Lykkegaard", "så", "Tarm", "."]
    tags = ["O", "B-PER", "I-PER", "O", "B-LOC", "O"]
    for seed in range(20):
        new_words, new_tags = renamed(words, tags, random.Random(seed), ("PER",))
        assert new_tags == tags and len(new_words) == len(words)
        assert [new_words[i] for i in (0, 3, 4, 5)] == ["Vidnet", "så", "Tarm", "."]  # no place renamed
        assert vocabulary.is_first_name(new_words[1]) and vocabulary.is_surname(new_words[2])
