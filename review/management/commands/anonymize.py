"""``manage.py anonymize PATH... --out DIR``: the automatic pass over many files (see anonymizer.batch)."""
from __future__ import annotations

import dataclasses

from django.conf import settings
from django.core.management.base import CommandError, CommandParser

from anonymizer import batch, lang
from anonymizer.batch import whitelist as whitelist_file
from anonymizer.types import Config
from review.management.plain import PlainCommand


def config_from_settings() -> Config:
    """The automatic pass's Config from ``settings.ANONYMIZER`` (unknown keys ignored)."""
    names = {f.name for f in dataclasses.fields(Config)}
    values = {k: v for k, v in getattr(settings, "ANONYMIZER", {}).items() if k in names}
    if "whitelist_terms" in values:
        values["whitelist_terms"] = tuple(values["whitelist_terms"])
    return Config(**values)


def _plain(text: str) -> str:
    return text


class _Raw:
    """The command's stderr without OutputWrapper's line endings and colours (for ``\\r`` redraws)."""

    def __init__(self, wrapper) -> None:
        self._wrapper = wrapper

    def write(self, text: str) -> None:
        self._wrapper.write(text, style_func=_plain, ending="")

    def flush(self) -> None:
        self._wrapper.flush()

    def isatty(self) -> bool:
        return self._wrapper.isatty()


class Command(PlainCommand):
    help = "Anonymize transcripts (.pdf, .txt, recordings, folders, TAB .jsonl) into an output folder."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help=".pdf/.txt files, recordings (.wav .flac .mp3 .m4a .aac .ogg .opus, a same-stem .vtt/.srt/.json transcript beside them), folders, TAB .jsonl files")
        parser.add_argument("--out", required=True, metavar="DIR", help="output folder")
        parser.add_argument("--style", choices=batch.STYLES, default="parts", help="pseudonym style")
        parser.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes (1: in process)")
        names = parser.add_mutually_exclusive_group()
        names.add_argument("--neutral-names", action="store_false", dest="input_names",
                           help="the default: outputs, progress and errors name hearing_0001 … (mapping in keys/names.json)")
        names.add_argument("--input-names", action="store_true", dest="input_names",
                           help="name outputs, progress and errors after the input files (which may name people)")
        parser.set_defaults(input_names=False)
        parser.add_argument("--language", choices=(*lang.codes(), lang.AUTO), default=None,
                            help="the documents' language (unset: settings.ANONYMIZER's, else detected per document "
                                 "by a stop-word test and listed in languages.json)")
        parser.add_argument("--whitelist", metavar="FILE",
                            help="a corpus vocabulary never masked: one term a line (the corpus whitelist's rules)")

    def handle(self, *args, **options) -> None:
        if options["jobs"] < 1:
            raise CommandError("--jobs must be at least 1")
        config = config_from_settings()
        if options.get("whitelist"):
            try:
                terms = whitelist_file.read(options["whitelist"])
            except whitelist_file.WhitelistFileError as error:
                raise CommandError(f"--whitelist {error}") from None
            config = dataclasses.replace(config, whitelist_terms=whitelist_file.merged(config.whitelist_terms, terms)[0])
        language = options["language"] or getattr(settings, "ANONYMIZER", {}).get("language") or lang.AUTO
        result = batch.run(
            options["paths"],
            options["out"],
            dataclasses.replace(config, language=language),
            style=options["style"],
            jobs=options["jobs"],
            stream=_Raw(self.stderr),
            neutral_names=not options["input_names"],
        )
        for failure in result.failures:
            self.stderr.write(failure.line())
        self.stdout.write(result.summary())
        if result.exit_status:
            message = f"{len(result.failures)} file(s) failed, see errors.json in the output folder"
            raise CommandError(message, returncode=result.exit_status)
