"""The language-pack interface (anonymizer/lang/): one registry, one clear error, English by default."""
import dataclasses

import pytest

from anonymizer import lang
from anonymizer.types import Config


def test_it_reads_english_by_default():
    assert Config().language == "en"
    assert lang.pack() is lang.pack("en")
    assert lang.pack().code == "en"


@pytest.mark.parametrize("code", ["xx", "", "EN", None])
def test_it_refuses_an_unknown_language_naming_the_known_ones(code):
    with pytest.raises(lang.UnknownLanguage, match=r"unknown language .*: the language packs are .*\ben\b"):
        lang.pack(code)


@pytest.mark.parametrize("stage", ["anonymizer.pipeline.Pipeline", "anonymizer.detect.Detector"])
def test_it_fails_on_an_unknown_language_before_loading_a_model(stage, monkeypatch):
    import importlib

    monkeypatch.setattr(lang, "load_spacy", lambda model: pytest.fail("a model was loaded"))
    module, name = stage.rsplit(".", 1)
    with pytest.raises(lang.UnknownLanguage):
        getattr(importlib.import_module(module), name)(Config(language="xx"))


#: fields a pack may leave unset: the core's own stages then (English has them all)
OPTIONAL = {"analyze", "temporal", "variants"}


def test_it_gives_every_field_of_the_english_pack():
    pack = lang.pack("en")
    missing = [f.name for f in dataclasses.fields(pack) if getattr(pack, f.name) in (None, "", ()) and f.name not in OPTIONAL]
    assert missing == []
    assert "September" in pack.months and "Wed" in pack.weekdays
    assert {"seventeen", "twentieth"} <= set(pack.number_words)
    assert "of" in pack.kept_date_words["DATE"]
    assert pack.is_plain_word("Program") and not pack.is_plain_word("Okafor")
    assert pack.first_name_share("Maria") > 0 and pack.surname_share("Garcia") > 0
    assert pack.speaker_tag("PRESIDING COMMISSIONER SMITH: Good morning.", 0) is not None
    assert pack.is_all_caps("THE HEARING " * 40, 0) and pack.capitals("abc") == "ABC"


@pytest.mark.parametrize("code", sorted(lang.PACKS))
def test_it_builds_each_packs_recognizers_for_its_own_language(code):
    pack = lang.pack(code)
    recognizers = pack.recognizers(Config(language=code))
    assert recognizers
    assert {r.supported_language for r in recognizers} == {code}


def test_it_gives_every_field_of_the_danish_pack():
    pack = lang.pack("da")
    missing = [f.name for f in dataclasses.fields(pack) if getattr(pack, f.name) in (None, "", ())]
    assert missing == ["sound_key"]  # how a recognized word sounds: no Danish speech recognizer ships
    assert "marts" in pack.months and "lørdag" in pack.weekdays and "halvtreds" in pack.number_words
    assert pack.temporal("DATE", "3. marts 2021") == "[DAY]. [MONTH] [YEAR]"
    assert "Soeren" in pack.variants("Søren")
    assert pack.first_name_share("Mette") > 0 and pack.surname_share("Østergaard") > 0


@pytest.mark.parametrize(("text", "code"), [
    ("Tiltalte har forklaret, at han den aften var på værtshuset sammen med sin kollega.", "da"),
    ("The panel reviewed the information received from the public and relied on the following.", "en"),
    ("12 34 56 78 90", "en"),  # no words: the default
    ("Hej Hej Hej Okafor Okafor", "en"),  # too few stop words of any pack
])
def test_it_guesses_a_texts_language_by_its_stop_words(text, code):
    assert lang.guess(text) == code


def test_it_runs_the_pass_of_the_guessed_language_and_says_which(monkeypatch):
    from anonymizer.pipeline import Pipeline
    from anonymizer.types import Transcript

    pipeline = Pipeline(Config(language=lang.AUTO))
    analysis = pipeline.run(Transcript(name="x", text="Vidnet Mette Kjærgaard har forklaret, at hun bor i Vejle og er 45 år."))
    assert analysis.language == "da"
    assert pipeline.for_language("da") is pipeline.for_language("da")  # built once
    assert {analysis.transcript.text[m.start:m.end] for m in analysis.mentions} >= {"Mette Kjærgaard", "Vejle"}
