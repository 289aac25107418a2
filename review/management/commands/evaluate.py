"""``manage.py evaluate GOLD PRED``: precision/recall/F1, coverage and leaks (see anonymizer.evaluate)."""
from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import CommandError, CommandParser

from anonymizer.evaluate import EvaluationError, evaluate_paths, parse_label_map
from review.management.plain import PlainCommand


class Command(PlainCommand):
    help = "Compare predicted annotations with gold annotations (seed format or TAB jsonl)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("gold", metavar="GOLD", help="gold annotations (.json or folder) or TAB .jsonl")
        parser.add_argument("pred", metavar="PRED", help="predicted annotations.json or the anonymize output folder")
        parser.add_argument("--format", choices=("seed", "tab"), default="seed", help="format of GOLD")
        parser.add_argument("--json", metavar="OUT", help="also write the report as JSON here")
        parser.add_argument(
            "--labels",
            nargs="+",
            metavar="MAP",
            help="label mapping: FROM=TO pairs or a preset (tab); tab is the default for --format tab",
        )
        parser.add_argument(
            "--show-text", action="store_true", help="print surface forms of missed entities (personal data)"
        )

    def handle(self, *args, **options) -> None:
        try:
            label_map = parse_label_map(options["labels"]) if options["labels"] else None
            report = evaluate_paths(options["gold"], options["pred"], options["format"], label_map)
        except EvaluationError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(report.to_text(show_text=options["show_text"]), ending="")
        if options["json"]:
            data = report.to_dict(include_text=options["show_text"])
            Path(options["json"]).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
