"""Review effort: how many actions an oracle reviewer needs to bring generated hearings to zero leaks.

The oracle (``benchmarks/oracle.py``) knows the gold annotations of each generated hearing and
reviews it with the public functions of ``review.services`` only, one call per action a
person would take: phase 1 to zero leaks (every gold letter/digit under an accepted mention,
nothing pending), phase 2 to right labels and entities. Hearings are imported as text
(``services.create_documents`` + ``jobs.enqueue_analysis``, inline) into a throw-away SQLite
database. Prints per hearing: words, mentions to read (pending at the start), entities, the
actions by kind, and totals normalized per 8,000 words. Exits 1 when a document still leaks.

    .venv/bin/python benchmarks/review_effort.py [--count 4] [--words 8000] [--seed 0] [--json OUT]
    .venv/bin/python benchmarks/review_effort.py --corpus --count 8     # one corpus, in order
    .venv/bin/python benchmarks/review_effort.py --corpus --no-knowledge # the same hearings, each alone
    # --profile NAME / --layout new|old|mixed are passed to the generator when it supports them

``--corpus`` puts all hearings in ONE corpus and reviews them in order; each is marked done
(``services.submit``) and approved by a second user (``services.approve``), so anything the
corpus learns from approved documents is in place for the next one. It prints the actions
per hearing along the sequence and mean(hearings 6-8) / mean(hearings 1-3). Whether staff
recur across hearings depends on the generator: the script says so when it has no corpus mode.
``--no-knowledge`` reviews the same sequence with each hearing in a corpus of its own (knowledge
never crosses corpora), so every hearing starts from zero: the issue's "before", in the same run.

Measured 2026-11-23 (branch ``r12``, seed 0, 4 hearings per profile), per 8,000 words, to zero
leaks + to right labels and entities: classic 4.3 + 14.1 (before the grouped moves + 20.6),
varied 1.7 + 7.7 (+ 11.7), heldout 7.8 + 10.3 (+ 16.1); 231 s for all three profiles.

Earlier, measured 2026-11-23 (branch ``p12``, 4 hearings per profile, seed 0), zero leaks in every hearing,
per 8,000 words: classic 5.0 actions to zero leaks (before: 122.3), +21.9 to right labels and
entities (before +30.2), 728 mentions to read; varied 18.0 / +22.0 / 802; heldout 18.8 / +30.2 /
836; 55 s for all three profiles.

With corpus knowledge (``review/services/knowledge.py``), ``--corpus --count 8``, the oracle that
reads every line and accepts the rest once, zero leaks in every hearing. The script prints per
hearing the actions to zero leaks and in all (zero leaks + right labels and entities: what a
reviewer must do to get the document right), and mean(6-8)/mean(1-3) of both.

Measured 2026-11-23 (branch ``e15``, seed 0, machine shared with other jobs), before -> after
learned grouping and name parts (``services/knowledge_groups.py``), learned names that must look
like names, and three pass fixes (spans cut at a speaker tag's colon, the two pieces of a cut name
in one entity, a title + census name tagged ORG/LOC taken for a PERSON):

* ``--profile varied``: to zero leaks 2, 1, 2, 1, 1, 1, 1, 3 (1.00) -> 2, 1, 2, 1, 1, 1, 1, 1
  (0.60, hearings 4-8 at the floor of one "accept the rest"); in all 10, 6, 11, 15, 7, 8, 8, 13
  (9.7 / 9.0 = 1.07) -> 9, 5, 10, 10, 6, 7, 7, 5 (6.3 / 8.0 = 0.79); 78 -> 59 actions over 8.
* ``--profile heldout`` (held-back split, never tuned on; numbers only): to zero leaks
  10, 10, 9, 6, 3, 4, 5, 6 (0.52) -> 10, 10, 8, 5, 2, 3, 5, 6 (4.7 / 9.3 =
  0.50); in all 22, 16, 28, 17, 11, 18, 13, 22
  (17.7 / 22.0 = 0.80) ->
  21, 15, 26, 15, 9, 16, 11, 19 (15.3 / 20.7 = 0.74); 147 -> 132 actions over 8.

The total does not reach half: what is left in varied is per-hearing work the corpus cannot
learn, because it concerns people new in every hearing (``--details FILE`` lists every action):
bare surnames of the victim's family (three people share one surname; the pass gives
"ABERNATHY"/"Abernathy" to the wrong relative: 3-5 actions in every hearing, 30 of the 49 labels
actions), "Georgia" the person's first name next to "Georgia" the state (2 a hearing where it
occurs), misspelled surnames ("Mandoza", "Kewalski") left as their own entity, a place the corpus
learned ("Washington") that is a person's surname here. The recurring staff were already grouped
right by the pass in this profile; learned grouping applies when the pass fragments a recurring
person (tests/test_knowledge_groups.py). Surnames of the small surname pool recur across hearings
for different people ("Mendoza" is a cousin, an aunt, a commissioner): the corpus learns a form
as one person's only when every reviewed entity put it with that one full name, else as a name
part that joins the one person of a new document whose full name holds it.

Measured 2026-11-23 (branch ``e15b``, seed 0, machine shared), before -> after learned dismissals
keyed by form AND kind of context (label + class of the word on each side: "AGE: about _ when"),
the pass's bare shared surname going to the person its utterance names (``normalize_people``),
one-letter slips in long surnames, and "Count 2" no name (tagger filter and suspects):

* ``--profile varied``: to zero leaks 2, 1, 4, 1, 1, 3, 2, 3 (2.7 / 2.3 = 1.14) -> 2, 1, 4, 1, 1,
  3, 1, 1 (1.7 / 2.3 = 0.71); in all 9, 4, 11, 10, 6, 7, 5, 6 (6.0 / 8.0 = 0.75) -> 8, 1, 8, 7,
  3, 3, 1, 1 (1.7 / 5.7 = 0.29).
* ``--profile heldout`` (numbers only): to zero leaks 6, 8, 7, 4, 1, 2, 4, 4 (0.48) -> unchanged (3.3 / 7.0
  = 0.48); in all 15, 13, 20, 9, 7, 11, 10, 14 (11.7 / 16.0 = 0.73) -> 16, 13, 19, 9, 7, 11, 10, 13
  (11.3 / 16.0 = 0.71); what is left there was not read (held-back split).

What keeps "to zero leaks" above half on varied: hearing 6 rejects the clock-time "9"/"10" that
only hearing 3 rejected before (a learned dismissal needs two documents; the AGE rule itself is
fixed on another branch), and hearings 6-8 are at the floor of one "accept the rest" while
hearings 1-3 average 2.3 (1.7 once that AGE fix removes their clock-time rejections).
With branch ``a11speed`` merged on top (trial merge): varied to zero leaks 2, 1, 2, 1, 1, 1, 1, 1
(0.60), in all 8, 1, 6, 7, 3, 1, 1, 1 (0.20).

Round 4 (main, 2026-11-23; seeds 0, 1, 2 each, decided before running): a shared surname that
nothing beside it decides goes in running text to the person talked about most; ``Mr.``/``Ms.``
by the sex a first name mostly has on the Census lists; the spelled answer to "how is the
victim's last name spelled?" is the victim's; "The victim, Young Little" keeps its first name;
"transferred to Wasco" is the prison; no person suspect for "English" or "Honestly,". Actions in
all over 8 hearings, before -> after: varied 28 -> 23, 65 -> 30, 66 -> 42; held-back 98 -> 84,
92 -> 82, 91 -> 64. Ratios (6-8 over 1-3) to zero leaks: varied 1.00, 0.75, 0.75 (every hearing at
the floor of one "accept the rest" or near it), held-back 0.53, 0.44, 0.45; in all: varied 0.25,
0.75, 0.71, held-back 0.66, 0.69, 0.78 (docs/measurements.md).

Round 5 (main, 2026-11-23; the same seeds plus varied 3-5): who a shared name part names read from
how the hearing talks (the one it calls the victim, untagged first names, a title with a surname,
the person present when addressed or thanked), a spelling right after a word, vowel slips in short
surnames, prison aliases and "CTF Soledad", "age twenty-nine", one label per institution, and
corpus knowledge that never learns a stop word nor overrides what the pass found here. Actions in
all over 8 hearings, before -> after: varied 23 -> 8, 30 -> 10, 42 -> 10, 57 -> 13, 41 -> 12,
43 -> 19 (every hearing at the floor of one "accept the rest" to zero leaks); held-back 84 -> 60,
82 -> 65, 64 -> 46, to zero leaks 0.53, 0.50, 0.56 (hearings 1-3 cheaper, 6-8 not).

Round 6 (main, fifth session; the same seeds): ordinary words written with capitals are no names
(``anonymizer/lang/en/plain.py``: "Money Management", "Closing Statements", "a Clerk"), medications and
legal Latin whitelisted, a score's number no age, "C Yard" no name. Held-back to zero leaks 30 -> 26, 28 -> 24,
20 -> 16 over 8 hearings (ratios 0.69, 0.46, 0.57: hearings 1-3 got cheaper, 6-8 kept the
same), in all 60 -> 56, 65 -> 61, 46 -> 42; varied unchanged at the floor.

Round 7 (main, sixth session; the same seeds, classic --count 4 seeds 0, 7 and a fresh 11): who a
name is, read from what stands around it (a name cut by an interruption finished before a surname,
a name after a relative, a courtesy title or "Who was", a place word that is this hearing's
person's name, "Faith and I" said by Guy Faith, Sr./Jr., "Ms. Faleolo" not Faleolo MacArthur, a
size compared with a person's is a height). Classic, actions in all over 4 hearings: 22 -> 5,
31 -> 8, 18 -> 6; held-back to zero leaks 0.69 -> 0.62, 0.46 -> 0.50, 0.57; in all 56 -> 55,
61 -> 57, 42; varied unchanged at the floor.

Round 8 (main, seventh session; the same seeds): layouts and phrasings the generators did not have,
from hearings written by hand (title pages with empty lines between their parts, speakers saying
their own name, relatives' titles and Spanish kin words, foreign names beside the tagger's span,
"a guy named Nacho", nicknames, spelled names with spaces or commas). Half the tuned bank's title pages are now printed that way
(``fixtures/variety.py``): varied in all over 8 hearings with the session-start code on the new
data 18, 39, 10 -> 8, 10, 10; held-back and classic unchanged.

Round 9 (main, eighth session; the same seeds and fresh held-back seeds 3-5, never run before):
classes from hearings written by hand (prison staff named by role, "the CCI Abernathy", "C/O
Whitacre"; relatives' names the tagger calls a group or a firm; towns and streets taken for people;
surnames shared by the family of the victim and the inmate, addressed or said to be present; years,
holidays, ID and phone numbers and e-mail addresses said aloud; transcripts typed in capitals), and
one rule of corpus knowledge: a form rejected in two documents in this very kind of context (a name
beside it included, "the _ Name") is dismissed beside a name too. Held-back to zero leaks 0.62 ->
0.42, 0.50 -> 0.27, 0.57; fresh seeds 3-5 0.67 -> 0.56, 0.67, 0.58 -> 0.55; varied and classic unchanged.

Earlier (branch ``r15``): varied to zero leaks 3, 2, 4, 2, 3, 3, 3, 6 (1.33) -> 3, 1, 3, 1, 2, 1,
2, 3 (0.86); heldout 10, 11, 10, 11, 7, 9, 12, 10 (1.00) -> 10, 10, 9, 7, 3, 4, 5, 6 (0.52):
no "accept all known" that saves nothing, a learned dismissal wins over a trusted label.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import oracle  # noqa: E402

SHORT = {
    "entity_accept": "ent+", "entity_reject": "ent-", "mention_accept": "men+", "mention_reject": "men-",
    "bulk_accept": "bulk", "bulk_reject": "bulk-", "add": "add", "relabel": "relab", "merge": "merge", "move_split": "mv/sp", "move_many": "mv*", "other": "other",
}


PROFILES = ("classic", "varied", "heldout")


def generate(args, profile: str) -> list:
    """The hearings of one generator profile (``varied``/``heldout`` are held-back text variants)."""
    import tempfile

    from fixtures import generate as gen

    out = Path(tempfile.mkdtemp(prefix=f"effort-{profile}-"))
    return gen.write_corpus(out, args.count, args.seed, args.words, args.layout, pdf=False, profile=profile,
                            corpus=args.corpus)


def per8k(value: float, words: int) -> float:
    return value * 8000 / words if words else 0.0


def print_table(results: list[dict]) -> None:
    head = (f"{'hearing':<12}{'words':>6}{'read':>6}{'ents':>6} | "
            + "".join(f"{SHORT[k]:>6}" for k in oracle.KINDS) + f"{'LEAKS':>7} | {'+labels':>8}{'all':>6}")
    print(head)
    print("-" * len(head))
    for r in results:
        a = r["actions"]
        print(f"{r['title']:<12}{r['words']:>6}{r['mentions_to_read']:>6}{r['entities']:>6} | "
              + "".join(f"{a['leaks'][k]:>6}" for k in oracle.KINDS)
              + f"{a['leaks']['total']:>7} | {a['labels']['total']:>8}{a['leaks']['total'] + a['labels']['total']:>6}")
        detail = ", ".join(f"{k} {v}" for k, v in a["labels"].items() if v and k != "total")
        if detail:
            print(f"{'':<12}{'':>18}   labels/entities: {detail}")


def total_of(result: dict) -> int:
    """What a reviewer must do to get the document right: to zero leaks + to right labels and entities."""
    return result["actions"]["leaks"]["total"] + result["actions"]["labels"]["total"]


def print_sequence(totals: dict, results: list[dict], title: str = "corpus sequence") -> None:
    """The corpus sequence, per hearing, to zero leaks and in all; mean(6-8) / mean(1-3) of both."""
    totals["sequence_per_8000_words"] = [round(per8k(r["actions_to_zero_leaks"], r["words"]), 1) for r in results]
    for key, name, of in (("to_zero_leaks", "to zero leaks", lambda r: r["actions_to_zero_leaks"]),
                          ("total", "in all (zero leaks + right labels and entities)", total_of)):
        seq = [of(r) for r in results]
        totals[f"sequence_{key}"] = seq
        line = f"{title}, actions {name} per hearing: " + ", ".join(map(str, seq))
        if len(seq) >= 6:
            first, last = sum(seq[:3]) / 3, sum(seq[5:8]) / len(seq[5:8])
            ratio = last / first if first else None
            totals[f"ratio_late_over_early_{key}"] = round(ratio, 3) if ratio is not None else None
            line += f"; mean(6-8) / mean(1-3) = {last:.1f} / {first:.1f} = " + (f"{ratio:.2f}" if ratio is not None else "n/a")
        print(line)
    totals["ratio_late_over_early"] = totals.get("ratio_late_over_early_to_zero_leaks")


def summary(results: list[dict]) -> dict:
    words = sum(r["words"] for r in results)
    kinds = {p: {k: sum(r["actions"][p][k] for r in results) for k in (*oracle.KINDS, "total")}
             for p in oracle.PHASES}
    out = {
        "hearings": len(results), "words": words,
        "mentions_to_read": sum(r["mentions_to_read"] for r in results),
        "actions": kinds,
        "per_8000_words": {
            "to_zero_leaks": round(per8k(kinds["leaks"]["total"], words), 1),
            "additional_to_right_labels": round(per8k(kinds["labels"]["total"], words), 1),
            "mentions_to_read": round(per8k(sum(r["mentions_to_read"] for r in results), words), 1),
        },
    }
    leaks_total = kinds["leaks"]["total"]
    if leaks_total:
        confirm = kinds["leaks"]["entity_accept"] + kinds["leaks"]["mention_accept"]
        out["share_confirming_detections"] = round(confirm / leaks_total, 3)
    return out


def run_profile(args, profile: str, annotator, second, failed: list[str]) -> dict:
    """Import and review the hearings of one profile; print their table and totals."""
    from review import services
    from review.models import Corpus

    hearings = generate(args, profile)

    results: list[dict] = []
    corpus = Corpus.objects.create(name=f"effort-{profile}-{args.seed}") if args.corpus and not args.no_knowledge else None
    analysis_seconds = 0.0
    for i, hearing in enumerate(hearings, 1):
        target = corpus or Corpus.objects.create(name=f"effort-{profile}-{args.seed}-{i:02d}")
        t0 = time.perf_counter()
        document = oracle.import_text(target, hearing.name, hearing.text)
        analysis_seconds += time.perf_counter() - t0
        result = oracle.review(document, hearing.annotations, annotator, describe=bool(args.details))
        document.refresh_from_db()
        if result["leaks_final"] or result["leaks_after_phase1"] or result["pending_final"]:
            failed.append(f"{profile}/{hearing.name}")
        if result["wrong_labels_final"] or result["wrong_groupings_final"]:
            print(f"  warning: {hearing.name} still has {result['wrong_labels_final']} wrong label(s) and "
                  f"{result['wrong_groupings_final']} wrong grouping(s) after phase 2")
        if args.corpus and not result["pending_final"]:  # approved: the corpus trusts what it learns
            outcome = services.submit(document.pk, document.version, annotator)
            services.approve(document.pk, outcome.document.version, second)
        results.append(result)
        print(f"  {hearing.name}: {result['actions_to_zero_leaks']} actions to zero leaks, "
              f"+{result['actions']['labels']['total']} to right labels = {total_of(result)} in all "
              f"{result['corpus'] or ''} ({time.perf_counter() - t0:.1f} s)", flush=True)
        if args.details:
            with args.details.open("a", encoding="utf-8") as out:
                out.write(f"== {profile} {hearing.name}\n" + "".join(f"{line}\n" for line in result["details"]))

    print()
    print_table(results)
    totals = summary(results)
    n = len(results)
    print()
    print(f"{n} hearing(s), {totals['words']:,} words: {totals['actions']['leaks']['total']} actions to zero leaks "
          f"({totals['actions']['leaks']['total'] / n:.1f} per hearing, "
          f"{totals['per_8000_words']['to_zero_leaks']} per 8,000 words; goal <= 15), "
          f"+{totals['actions']['labels']['total']} to right labels and entities "
          f"({totals['per_8000_words']['additional_to_right_labels']} per 8,000 words; "
          f"goal total <= 25: now {totals['per_8000_words']['to_zero_leaks'] + totals['per_8000_words']['additional_to_right_labels']:.1f})")
    print(f"mentions to read: {totals['mentions_to_read']} ({totals['per_8000_words']['mentions_to_read']} per 8,000 words)")
    if "share_confirming_detections" in totals:
        print(f"{totals['share_confirming_detections']:.0%} of the actions to zero leaks confirm detections (accepts)")
    if args.corpus:
        print_sequence(totals, results, "sequence without corpus knowledge" if args.no_knowledge else "corpus sequence")
    print(f"automatic pass {analysis_seconds:.0f} s")
    return {"summary": totals, "hearings": results}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=None, help="hearings (default 4; 8 with --corpus)")
    parser.add_argument("--words", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--layout", choices=("new", "old", "mixed"), default="mixed")
    parser.add_argument("--profile", choices=(*PROFILES, "all"), default="all",
                        help="generator profile: classic, varied, heldout (held back, never tuned on) or all"
                             " (with --corpus: varied and heldout)")
    parser.add_argument("--corpus", action="store_true", help="one corpus, reviewed in order, submitted and approved")
    parser.add_argument("--no-knowledge", action="store_true",
                        help="with --corpus: the same sequence, each hearing in a corpus of its own (starts from zero)")
    parser.add_argument("--json", type=Path, default=None, help="write the numbers here")
    parser.add_argument("--details", type=Path, default=None,
                        help="append every action in words (surfaces, entities) to this file, per hearing")
    args = parser.parse_args(argv)
    if args.no_knowledge and not args.corpus:
        parser.error("--no-knowledge compares a corpus sequence: use it with --corpus")
    if args.corpus and args.profile == "classic":
        parser.error("--corpus needs --profile varied or heldout (the classic generator has no recurring staff)")
    if args.count is None:
        args.count = 8 if args.corpus else 4

    started = time.perf_counter()
    oracle.setup_django()
    from django.contrib.auth import get_user_model

    unknown = oracle.unknown_services()
    if unknown:
        print(f"note: review.services has functions the oracle does not use: {', '.join(unknown)}")
    User = get_user_model()
    annotator = User.objects.create_user("oracle", password="oracle-benchmark-password")
    second = User.objects.create_user("second", password="oracle-benchmark-password", is_staff=True)
    failed: list[str] = []
    report: dict = {}
    profiles = PROFILES if args.profile == "all" else (args.profile,)
    if args.corpus:  # only the varied generators have recurring staff
        profiles = tuple(p for p in profiles if p != "classic")
    for profile in profiles:
        print(f"== profile {profile}")
        report[profile] = run_profile(args, profile, annotator, second, failed)
    elapsed = time.perf_counter() - started
    print(f"run time {elapsed:.0f} s")
    if args.json:
        args.json.write_text(json.dumps({"args": {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()},
                                         "profiles": report, "seconds": round(elapsed, 1)},
                                        indent=1), encoding="utf-8")
    if failed:
        print(f"FAILED: the oracle did not reach zero leaks (or left mentions pending) in: {', '.join(failed)}",
              file=sys.stderr)
        return 1
    print("check: every document has zero leaks (gold letters under accepted mentions) and nothing pending")
    return 0


if __name__ == "__main__":
    sys.exit(main())
