"""Rebuild the real transcripts' excerpts (:data:`benchmarks.real_data.REAL`) from their public sources.

The excerpts name real people, so they are never committed; what is committed is where they come from
(:data:`SOURCES`: repository, commit, path, lines, conversion) and the SHA-256 of each excerpt
(:data:`SHA256`), so a later session can rebuild the same text byte for byte:

1. fetch the repositories with the session's ``fetch`` tool (``github:<repo>``); each arrives as a bare git
   directory ``/work/.mirror/<owner>+<name>/repo`` (``--mirrors`` for another root);
2. ``REAL_TRANSCRIPTS_DIR=/work/real_data .venv/bin/python benchmarks/real_sources.py`` writes
   ``REAL/<part>/<name>.txt`` and prints each excerpt's SHA-256 beside the committed one (exit 1 on a mismatch
   or a missing source; ``--check`` only reads what is there).

Lines are counted after the conversion, 1-based and inclusive, from the file at that commit; several ranges of one
file are joined with a blank line. Conversion ``rst`` (the inquiry's reStructuredText): the ``.. raw:: html``
blocks, section underlines and ``.. rst-class::`` lines dropped, ``**Name**:`` made ``Name:``, a line in emphasis
(``*(9.59 am)*``, ``*NAME (affirmed).*``) unwrapped, ``:abbr:`POL (Post Office Limited)``` kept as ``POL``,
runs of blank lines made one; words unchanged. ``none``: the lines as they are (``\\r\\n`` read as ``\\n``).
``assemblyai``: a speech recogniser's JSON result (AssemblyAI's, saved as a TypeScript constant): each of its
``utterances`` made one line ``[h:mm:ss] Speaker X: text`` (its start time, its speaker letter), words unchanged.
``html`` (a web page holding a hearing's text): what stands between ``<font class="transcript">`` and ``</font>``,
each paragraph (``<br/>`` or ``<p>`` apart) made one line, its wrapped lines joined by a space, other tags dropped
(``<strong>Mr. NIELDS</strong>:`` made ``Mr. NIELDS:``), entities read, words unchanged. ``quarto`` (a Quarto
page of a recognised webcast): the front matter made its ``title`` and ``date`` values, one line each, the margin
blocks (``::: {.column-margin}``, ``![](N.png)``, ``:::``) dropped, runs of blank lines made one; words unchanged.
A source of several files (``paths``) is their converted texts one after another, a blank line apart.
Trailing spaces are cut from every line and every excerpt ends with one newline. The hand rows are committed hashed in ``tests/real/rows/`` (benchmarks/real_data.py).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.real_data import REAL  # noqa: E402

MIRRORS = Path(os.environ.get("REAL_MIRRORS_DIR") or "/work/.mirror")


@dataclass(frozen=True)
class Source:
    name: str
    part: str
    repo: str
    commit: str
    path: str
    lines: tuple[tuple[int, int], ...]  # 1-based, inclusive, after conversion; (1, 0): to the end
    conversion: str  # "rst", "assemblyai", "html", "quarto" or "none"
    paths: tuple[str, ...] = ()  # more files of the same repository, after ``path``


POHI = ("dracos/pohi", "ebbacaee48e46c498c233e35f7ea973965435475")
CDCR = ("hack-four-social-impact/hack-for-social-impact", "4c9f3109a473d12e4c2a53bb0ed975d840d29c5a")
TRIAL = ("ourhimalayas/txt", "068cd4ba9de54b1ac1129c3e2d46b45a00fa7657")
TRIAL_PATH = "content/court-case-2024/Case-23_cr_00118_Transcript-28-05-2024.txt"
JURY = ("ondrae/ferguson-grand-jury-transcripts", "6efdcfa2c1a4258b3749eff03a7e2ba7a170b2e1")
CAPTIONS = ("DIANDJAM/CA-TS", "05d4485dd82af097be9176c9263e6a8abb4c1534")
IMPACT = ("dracos/lampard-inquiry", "b2c30606d648d2a38c68ab5de34cc4408b4ffe08")
COVID = ("dracos/uk-covid19-inquiry", "2a75adafddaebb8099d1bbbc64ead64a0106ff81")
STEEL = ("ChrisB49/steel-hawk", "fc15f93eabc7255ddd2f125498724016b9586ae6")
NYSENATE = ("nysenate/OpenLegislation", "b3c9c4e978318f7b5c8d25791cef484ff9489aec")
TASK_FORCE_PATH = "src/test/resources/hearing/02-23-2016 NYS Task Force Heroin_Penn Yan Final.txt"
SHORELINE_PATH = "src/test/resources/hearing/10-10-17 NYS Senate Flooding_IJC Plan 2014 FINAL.txt"
TASK_FORCE_2014_PATH = ("src/test/resources/hearing/06-04-14 NYsenate Heroin-Opioid Addiction Special Task Force_Seneca "
                        "Nation_FINAL.txt")
BARGE_PATH = "src/test/resources/hearing/10-19-16 NYS Senate Hudson River Barge Hearing FINAL.txt"
COMMISSION = ("g-troiani/Coral-Gables-Knologi-City-Clerk-RAG", "ecfd01deb3a7a751b1abff4b930407b67a97a26a")
COMMISSION_DIR = "city_clerk_documents/extracted_markdown/"
CONGRESS = ("rcchan/irancontra", "aaea041e29d33732ad3f1f6878a1584d521b8cee")
SCC = ("simon-lawyer/obiter", "f95b0b00429f2424a3fcd074431c4584d1d53eba")

SOURCES = (
    Source("inquiry_a", "tuned", *POHI, "human-impact-hearing/2022-02-22.rst", ((1, 268),), "rst"),
    Source("cdcr_a", "tuned", *CDCR, "backend/extracted_text.txt", ((1, 0),), "none"),
    Source("trial_a", "tuned", *TRIAL, TRIAL_PATH, ((1, 435),), "none"),
    Source("grandjury_a", "tuned", *JURY, "files/VOLUME III.txt", ((1, 170), (1186, 1345)), "none"),
    Source("captions_a", "tuned", *CAPTIONS, "07/20250701-HS.txt", ((1, 6), (1676, 0)), "none"),
    Source("impact_a", "tuned", *IMPACT, "commemorative-and-impact-accounts/2024-09-23.rst", ((1, 1), (257, 413)),
           "rst"),
    Source("inquiry_d", "tuned", *POHI, "human-impact-hearing/2022-03-09.rst", ((1, 1), (789, 1025)), "rst"),
    Source("trial_c", "tuned", *TRIAL, "content/court-case-2024/Case-23_cr_00118_Transcript-29-05-2024.txt",
           ((2047, 2353),), "none"),
    Source("covid_a", "tuned", *COVID, "module-6/2025-07-01.rst", ((1, 205),), "rst"),
    Source("covid_b", "tuned", *COVID, "module-3/2024-11-26.rst", ((1, 1), (295, 401)), "rst"),
    Source("interview_a", "tuned", *STEEL, "stores/huhu_test_data.ts", ((1, 0),), "assemblyai"),
    Source("discovery_a", "tuned", *STEEL, "stores/george_test_data.ts", ((1, 140),), "assemblyai"),
    Source("inquiry_b", "heldout", *POHI, "human-impact-hearing/2022-03-01.rst", ((1, 1), (331, 509)), "rst"),
    Source("inquiry_c", "heldout", *POHI, "human-impact-hearing/2022-02-22.rst", ((1, 1), (1287, 1465)), "rst"),
    Source("trial_b", "heldout", *TRIAL, TRIAL_PATH, ((752, 1010),), "none"),
    Source("shoreline_b", "tuned", *NYSENATE, SHORELINE_PATH, ((12657, 13226),), "none"),
    Source("commission_b", "tuned", *COMMISSION, COMMISSION_DIR + "verbatim_01_09_2024_E-4.md", ((168, 262),), "none"),
    Source("commission_c", "tuned", *COMMISSION, COMMISSION_DIR + "verbatim_01_09_2024_E-7.md", ((35, 179),), "none"),
    Source("taskforce_c", "tuned", *NYSENATE, TASK_FORCE_2014_PATH, ((1, 0),), "none"),
    Source("barge_a", "tuned", *NYSENATE, BARGE_PATH, ((1, 401),), "none"),
    Source("taskforce_a", "heldout", *NYSENATE, TASK_FORCE_PATH, ((1, 59), (3252, 3821)), "none"),
    Source("taskforce_b", "heldout", *NYSENATE, TASK_FORCE_PATH, ((1, 59), (8667, 9236)), "none"),
    Source("shoreline_a", "heldout", *NYSENATE, SHORELINE_PATH, ((1, 59), (13227, 13796)), "none"),
    Source("commission_a", "heldout", *COMMISSION, COMMISSION_DIR + "verbatim_01_09_2024_Public_Comment.md",
           ((32, 94), (111, 236)), "none"),
    Source("congress_a", "tuned", *CONGRESS, "transcripts/rs-1.php", ((1, 0),), "html"),
    Source("congress_b", "tuned", *CONGRESS, "transcripts/ah-1.php", ((1, 0),), "html",
           ("transcripts/ah-2.php", "transcripts/ah-3.php")),
    Source("appeal_a", "tuned", *SCC, "nbs/scc/posts/2022-05-16--39844/index.md", ((1, 145),), "quarto"),
    Source("appeal_b", "heldout", *SCC, "nbs/scc/posts/2021-02-18--39112/index.md", ((1, 140),), "quarto"),
)

#: SHA-256 of each excerpt's bytes (UTF-8) as this script writes it.
SHA256 = {
    "inquiry_a": "18f110f04e0a0518a35bce312f593e7c9657ba4c373df8b3c58996285ddbfedf",
    "cdcr_a": "59556ceee3c3bb7fa2a4893c539e7c6e5172bc1766f7624a85224bb8608bc7b3",
    "trial_a": "986144f82a03fec66921e63b2c8c9d7991137614c18b2918b251af37d75b9f08",
    "grandjury_a": "f99bd52a3129099e9d6bab008754ad780d89847045ad92a8476f027e3f496a61",
    "captions_a": "ddf1d040d3ac3b69d9f7912a33ae80f576c047987a352c060a127432cbbed36b",
    "impact_a": "82df87edaa0838a2ebd5737fbbeb3185f579816036b71e521598a2700e70026e",
    "inquiry_d": "f2ecb8ef3082c2420fc8ab52a6c53ef086d8e1ae0d13a3b606337ed05394c756",
    "trial_c": "d6e214f7c72f8e76b51ce0d93d4176320cd5dfdb42d6cc2254d222378371a306",
    "covid_a": "61f27c7cc1c9febead6cde03edfd05573b1272f54e5865c8b5b957499c2ee454",
    "covid_b": "afa3d792859590603469fdeff86351caba95ba5c01596a93f353d554cff206a9",
    "interview_a": "b64924f18f48df39742c95095e3d240e2e4acc068cda6544ad69dc3e9836c678",
    "discovery_a": "6f3516801ed4d029a213059507ac984fbce7d631f05dcd7918e13c20c7c13d08",
    "inquiry_b": "4b86b8b7cf61fe84881d0c2313ac95629bb478389eee8a71c6807ab92f5bb5b7",
    "inquiry_c": "d178d681655a94d7adf86be31ff38ea76f3da9a8181ac381b1f6e127bb7af95f",
    "trial_b": "994dc2513d7a1c5dc0c6c69c43c4f5828858ba88a45b937357c8f9f004c30ddc",
    "shoreline_b": "033670b304a00720467db4c8bc4a266a075392cb7b5cf8a3f01a7459415700be",
    "commission_c": "8a178fff0664a38a84b0b2628c7010507542716390b174d9c75ca21f38fbf757",
    "taskforce_c": "57d3880e2023fd32f9025d2b9d0d1df52ccdc40f818dd3d6142df951d50dce51",
    "barge_a": "54e822a5c665e57df82aecd503ec6e840d538a1934219576ea79a8478e42ddf5",
    "taskforce_a": "4a559705c30150535f20203b45a1007575c701f9e7b2ef00ddca482b778db985",
    "taskforce_b": "72ec7ff5c4c1942d4c8e912d88bad5600c54b3da18d46afa341df43a3137bf9c",
    "shoreline_a": "75caeea42091ed100629f370cf787273b1072acc2e5cb78ab2af0f22c0cc5a09",
    "commission_b": "4573e14ffac663fd612b1fb9ccb69f4ef42d07f5b86c3cb50c6f300a89026988",
    "commission_a": "0eff79336e3e91cec8b0b48278d4791918dc654ab03a5f9debcd4cc230f8ee8a",
    "congress_a": "a5838473478abd12d3d50a3d776b01ce53def2840b1e4a89604cdca50323e3f8",
    "congress_b": "aabcbdff2adc76839bc64019538784f8d198a080c15b02fed0c9a459015ad8e0",
    "appeal_a": "54c7b26d326bc63ca477f2f4fe45f251a4134aa4de580e4da1d02b4330c2a0fe",
    "appeal_b": "1bfda99bca410f580ac7a9aababf54b1935ddc4d936aac86993fb67a0b8f7f43",
}

_UNDERLINE = re.compile(r"^([=\-^~`'\"#*+])\1{2,}\s*$")
_BOLD_TAG = re.compile(r"\*\*([^*]+)\*\*:")
_EMPHASIS_LINE = re.compile(r"^\*([^*].*[^*])\*\s*$")
_ABBR = re.compile(r":abbr:`([^`(]+?)\s*\([^`]*\)`")


def rst_text(source: str) -> str:
    """The inquiry's reStructuredText as plain transcript lines (see the module's docstring)."""
    out: list[str] = []
    lines = source.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(".. raw::"):
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i][:1].isspace()):
                i += 1
            continue
        if line.startswith(".. rst-class::"):
            i += 1
            continue
        if _UNDERLINE.match(line) and out and out[-1].strip():
            i += 1
            continue
        line = _BOLD_TAG.sub(r"\1:", line)
        line = _EMPHASIS_LINE.sub(r"\1", line)
        line = _ABBR.sub(r"\1", line)
        out.append(line.rstrip())
        i += 1
    return _joined(out)


def _joined(lines: list[str]) -> str:
    """``lines`` as a text: runs of empty lines one, none at the end."""
    collapsed: list[str] = []
    for line in lines:
        if not line and (not collapsed or not collapsed[-1]):
            continue
        collapsed.append(line)
    while collapsed and not collapsed[-1]:
        collapsed.pop()
    return "\n".join(collapsed) + "\n"


def assemblyai_text(source: str) -> str:
    """A speech recogniser's result (a JSON object, here inside a TypeScript constant) as one line per utterance,
    ``[h:mm:ss] Speaker X: text`` (see the module's docstring)."""
    result = json.loads(source[source.index("{"):source.rindex("}") + 1])
    lines = []
    for utterance in result["utterances"]:
        seconds = utterance["start"] // 1000
        stamp = f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
        lines.append(f"[{stamp}] Speaker {utterance['speaker']}: {' '.join(utterance['text'].split())}")
    return "\n".join(lines) + "\n"


_TRANSCRIPT = re.compile(r'<font class="transcript">(.*?)</font>', re.S)
_BREAK = re.compile(r"<br\s*/?>|</?p\b[^>]*>", re.I)
_TAG = re.compile(r"<[^>]+>|<!--.*?-->", re.S)
_FRONT_KEYS = ("title", "date")


def html_text(source: str) -> str:
    """A hearing's web page as one line per paragraph (see the module's docstring)."""
    import html
    match = _TRANSCRIPT.search(source)
    body = re.sub(r"<!--.*?-->", "", match.group(1) if match else source, flags=re.S)
    body = _BREAK.sub("\n\n", body)
    body = html.unescape(_TAG.sub("", body))
    paragraphs = [" ".join(part.split()) for part in re.split(r"\n\s*\n", body)]
    return "\n".join(p for p in paragraphs if p) + "\n"


def quarto_text(source: str) -> str:
    """A Quarto page of a recognised webcast as plain lines (see the module's docstring)."""
    lines = source.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i < len(lines) and lines[i].strip() == "---":
        i += 1
        while i < len(lines) and lines[i].strip() != "---":
            key, _, value = lines[i].partition(":")
            if key.strip() in _FRONT_KEYS:
                out.append(value.strip())
            i += 1
        i += 1
    for line in lines[i:]:
        if line.startswith(":::") or re.fullmatch(r"!\[[^\]]*\]\([^)]*\)\s*", line):
            continue
        out.append(line.rstrip())
    return _joined(out)


def git_show(repo: str, commit: str, path: str, mirrors: Path = MIRRORS) -> str:
    git_dir = mirrors / repo.replace("/", "+") / "repo"
    if (git_dir / ".git").is_dir():  # a mirror fetched as a clone: its git directory inside
        git_dir = git_dir / ".git"
    if not git_dir.is_dir():
        raise FileNotFoundError(f"no mirror of {repo} at {git_dir} (fetch github:{repo} first)")
    blob = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
                          check=True, capture_output=True).stdout
    return blob.decode("utf-8")


CONVERSIONS = {"rst": rst_text, "assemblyai": assemblyai_text, "html": html_text, "quarto": quarto_text}


def converted(source: Source, mirrors: Path = MIRRORS) -> list[str]:
    texts = []
    for path in (source.path, *source.paths):
        raw = git_show(source.repo, source.commit, path, mirrors)
        convert = CONVERSIONS.get(source.conversion)
        texts.append(convert(raw) if convert else raw.replace("\r\n", "\n"))
    return "\n\n".join(text.rstrip("\n") for text in texts).split("\n") if source.paths else texts[0].split("\n")


def excerpt(source: Source, mirrors: Path = MIRRORS) -> str:
    lines = converted(source, mirrors)
    pieces = []
    for start, end in source.lines:
        chunk = lines[start - 1:(end or len(lines))]
        while chunk and not chunk[-1].strip():
            chunk = chunk[:-1]
        pieces.append("\n".join(line.rstrip() for line in chunk))
    return "\n\n".join(pieces) + "\n"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS, help="where the fetched bare git dirs are")
    parser.add_argument("--check", action="store_true", help="only compare the excerpts already in REAL")
    parser.add_argument("--out", type=Path, default=REAL, help="REAL (REAL_TRANSCRIPTS_DIR)")
    args = parser.parse_args()
    bad = 0
    for source in SOURCES:
        target = args.out / source.part / f"{source.name}.txt"
        try:
            text = target.read_text(encoding="utf-8") if args.check else excerpt(source, args.mirrors)
        except (FileNotFoundError, subprocess.CalledProcessError) as error:
            print(f"{source.part}/{source.name}: MISSING ({error})")
            bad += 1
            continue
        if not args.check:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        digest, expected = sha256(text), SHA256.get(source.name)
        verdict = "ok" if digest == expected else ("NO COMMITTED VALUE" if expected is None else "DIFFERS")
        bad += verdict != "ok"
        print(f"{source.part}/{source.name}.txt  {len(text.split()):>6} words  {digest}  {verdict}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
