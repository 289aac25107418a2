"""Varied / held-out profiles and corpus mode of the generator (fixtures/variety.py)."""
from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from fixtures import variants_heldout, variants_tuned
from fixtures.generate import write_corpus
from fixtures.variety import BANKS, build_varied

WORDS = 2500
SEED = 31
COUNT = 6
FALSE_POSITIVES = ("(Inaudible)", "(Indiscernible)", "(inaudible)", "(indiscernible)", "Criminal Behavior Assessment",
                   "CORRECTIONS TO THE DECISION HAVE BEEN MADE", "CDCR Number", "Anger", "Disability Review",
                   "FULL BOARD", "SITTING EN BANC", "SSU", "DECS", "PCP", "CBA", "128-B",
                   "Comprehensive Risk Assessment", "UNIDENTIFIED SPEAKER", "Time is")


def load(out: Path) -> list[tuple[str, str, list[dict]]]:
    gold = json.loads((out / "gold.json").read_text(encoding="utf-8"))
    return [(g["file"], (out / "text" / g["file"]).read_text(encoding="utf-8"), g["annotations"]) for g in gold]


@pytest.fixture(scope="module", params=["varied", "heldout"])
def corpus(request, tmp_path_factory) -> tuple[str, Path]:
    out = tmp_path_factory.mktemp(request.param)
    write_corpus(out, COUNT, seed=SEED, words=WORDS, profile=request.param, corpus=True)
    return request.param, out


def test_it_is_deterministic_for_a_seed(corpus, tmp_path):
    profile, out = corpus
    write_corpus(tmp_path, COUNT, seed=SEED, words=WORDS, profile=profile, corpus=True)
    for name in ("gold.json", "manifest.json", "text/hearing_01.txt", "text/hearing_06.txt"):
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes(), name
    other = tmp_path / "other"
    write_corpus(other, 1, seed=SEED + 1, words=WORDS, profile=profile, corpus=True)
    assert (other / "text/hearing_01.txt").read_bytes() != (out / "text/hearing_01.txt").read_bytes()


def test_it_aligns_gold_with_the_text_without_overlaps(corpus):
    for name, text, annotations in load(corpus[1]):
        spans = sorted((a["start"], a["end"]) for a in annotations)
        for a in annotations:
            assert text[a["start"]:a["end"]] == a["preview"], (name, a)
            assert a["preview"] == a["preview"].strip()
        assert all(e1 <= s2 for (_, e1), (s2, _) in zip(spans, spans[1:])), name


def test_it_leaves_the_domain_false_positive_phrases_unmasked(corpus):
    seen = set()
    for name, text, annotations in load(corpus[1]):
        for phrase in FALSE_POSITIVES:
            for m in re.finditer(re.escape(phrase), text):
                seen.add(phrase)
                assert not any(a["start"] < m.end() and m.start() < a["end"] for a in annotations), (name, phrase)
    assert len(seen) >= 8, seen


def test_it_puts_word_names_next_to_the_same_words_used_as_words(corpus):
    profile, out = corpus
    bank = BANKS[profile]
    words = {w.lower() for w in bank.WORD_LAST + bank.WORD_FIRST_M + bank.WORD_FIRST_F}
    as_name = as_word = 0
    for name, text, annotations in load(out):
        for sentence in bank.WORD_USAGE:
            for m in re.finditer(re.escape(sentence), text):
                as_word += 1
                assert not any(a["start"] < m.end() and m.start() < a["end"] for a in annotations), (name, sentence)
        as_name += sum(a["label"] == "PERSON" and a["preview"].lower() in words for a in annotations)
    assert as_word >= COUNT and as_name >= COUNT


def test_it_writes_ages_without_years_old_and_bare_surnames_after_the_full_name(corpus):
    profile, out = corpus
    for name, text, annotations in load(out):
        ages = [a["preview"] for a in annotations if a["label"] == "AGE"]
        assert any(re.fullmatch(r"[a-z]+(-[a-z]+)?", age) for age in ages), name  # "forty-one"
        assert any(re.fullmatch(r"\d+", age) for age in ages), name
        persons = {(a["start"], a["end"]) for a in annotations if a["label"] == "PERSON"}
        # "Otis Fontenot. Fontenot, F-O-N-..." / "Fontenot is F-O-..."
        bare = [m for m in re.finditer(r"[a-z] ([A-Z][a-zA-Z]+)\. (\1)(?:,| is) [A-Z]-", text)]
        assert bare and all((m.start(2), m.end(2)) in persons for m in bare), name


def test_families_share_surnames_with_distinct_first_names():
    for profile in ("varied", "heldout"):
        for i in range(1, 4):
            h = build_varied(f"hearing_{i:02d}", SEED, 1500, profile)
            p = h.people
            assert p["mother"].last == p["sibling"].last == p["inmate"].last
            assert p["nok"].last == p["vis2"].last == p["victim"].last
            firsts = [p[k].first for k in ("inmate", "mother", "sibling")]
            assert len(set(firsts)) == 3
            assert len({p[k].first for k in ("victim", "nok", "vis2")}) == 3
            assert "family_shared_surname" in h.stats


def test_corpus_mode_recurs_staff_prisons_and_counties(corpus):
    profile, out = corpus
    hearings = load(out)
    files_of: dict[str, set[str]] = defaultdict(set)
    names_of: dict[str, set[str]] = defaultdict(set)
    for name, text, annotations in hearings:
        for a in annotations:
            assert "referent" in a
            if "-staff-" in a["referent"]:
                files_of[a["referent"]].add(name)
                if a["preview"].isupper() and " " in a["preview"]:
                    names_of[a["referent"]].add(a["preview"])
    assert files_of and max(len(f) for f in files_of.values()) >= 2
    assert all(len(n) == 1 for n in names_of.values()), names_of  # one name per referent
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["corpus"] is True and manifest["profile"] == profile
    prisons = {a["preview"].lower() for _, _, anns in hearings for a in anns
               if a["label"] == "ORGANIZATION" and a["preview"].isupper() and ("PRISON" in a["preview"]
                                                                                or "FACILITY" in a["preview"])}
    assert 1 <= len(prisons) <= 6  # title page and certificate of at most 3 recurring prisons
    # inmates are new in every hearing
    inmates = [re.search(r"^CDCR Number: (\S+)", text, re.M).group(1) for _, text, _ in hearings]
    assert len(set(inmates)) == len(inmates)


def test_it_varies_title_pages_and_speaker_tags():
    texts = [build_varied(f"hearing_{i:02d}", SEED, 1200, p).text for p in ("varied", "heldout") for i in range(1, 9)]
    joined = "\n".join(texts)
    assert re.search(r"^A\. ", joined, re.M) and re.search(r"^Q\. ", joined, re.M)
    assert re.search(r"^M[RS]\. [A-Z]", joined, re.M)
    assert re.search(r"^COMMISSIONER [A-Z]", joined, re.M)
    assert re.search(r"^(?:INCARCERATED PERSON|INMATE|PRISONER) [A-Z]", joined, re.M)
    assert "UNIDENTIFIED SPEAKER:" in joined and re.search(r"^INTERPRETER ", joined, re.M)
    assert re.search(r"^(?:TRANSCRIBED BY|TRANSCRIPTIONIST): [A-Z]", joined, re.M)
    # some title blocks run straight into the body, others keep the empty line
    assert any("\n\n--oOo--" in t for t in texts) and any(re.search(r"[A-Z]\n--oOo--", t) for t in texts)
    roles = {m for t in texts for m in re.findall(r"^(INMATE|PRISONER|INCARCERATED PERSON)$", t, re.M)}
    assert len(roles) >= 2


def test_it_prints_some_varied_title_pages_with_empty_lines_between_their_parts():
    from anonymizer.header import split_title

    hearings = [build_varied(f"hearing_{i:02d}", SEED, 1200, "varied") for i in range(1, 11)]
    spaced = [h for h in hearings if re.search(r"\n\n(?:PANEL|BOARD MEMBERS PRESENT):", h.text)]
    assert 0 < len(spaced) < len(hearings)
    assert any("Date: " in h.text for h in spaced)
    for h in spaced:  # the parser reads them whole
        header = split_title(h.text)[1]
        assert header is not None and header.inmate_name == h.people["inmate"].full.upper()
        assert len(header.participants) >= 5 and header.transcriber == h.people["transcriber"].full.upper()


def _sentences(module) -> set[str]:
    out: set[str] = set()

    def walk(value):
        if isinstance(value, str):
            for s in re.split(r"(?<=[.?!])\s+", value):
                if len(s.split()) >= 3:
                    out.add(s.strip())
        elif isinstance(value, (tuple, list)):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    for key, value in vars(module).items():
        if key.isupper():
            walk(value)
    return out


def test_heldout_and_tuned_banks_share_no_sentences_vendors_or_names():
    tuned, heldout = _sentences(variants_tuned), _sentences(variants_heldout)
    assert len(tuned) > 40 and len(heldout) > 40
    # the BPH stamp is a fixed domain phrase, the same in every transcript
    assert not (tuned & heldout) - {"CORRECTIONS TO THE DECISION HAVE BEEN MADE"}
    for pool in ("VENDORS", "MALE_FIRST", "FEMALE_FIRST", "LAST", "WORD_LAST", "WORD_FIRST_M", "WORD_FIRST_F",
                 "CERTIFICATE_HEADINGS"):
        assert not set(getattr(variants_tuned, pool)) & set(getattr(variants_heldout, pool)), pool


def test_classic_stays_the_default_and_refuses_corpus_mode(tmp_path):
    write_corpus(tmp_path / "a", 1, seed=3, words=1500, pdf=False)
    write_corpus(tmp_path / "b", 1, seed=3, words=1500, pdf=False, profile="classic")
    assert (tmp_path / "a/gold.json").read_bytes() == (tmp_path / "b/gold.json").read_bytes()
    assert "profile" not in json.loads((tmp_path / "a/manifest.json").read_text())
    with pytest.raises(ValueError):
        write_corpus(tmp_path / "c", 1, profile="classic", corpus=True)
