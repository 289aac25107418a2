"""Print the quality of the automatic pass of a corpus, measured from the reviewers' decisions."""
from __future__ import annotations

import json

from django.core.management.base import CommandError

from review.models import Corpus
from review.stats import find_corpus, quality
from review.management.plain import PlainCommand


class Command(PlainCommand):
    help = "Precision and recall of the automatic pass per label and detector (from review decisions)."

    def add_arguments(self, parser):
        parser.add_argument("corpus", help="corpus name or primary key")
        parser.add_argument("--json", action="store_true", dest="as_json", help="print JSON instead of a table")

    def handle(self, *args, corpus: str, as_json: bool = False, **options) -> None:
        try:
            found = find_corpus(corpus)
        except Corpus.DoesNotExist:
            raise CommandError("no such corpus (give its name or number)") from None
        table = quality(found)
        self.stdout.write(json.dumps(table.as_dict(), indent=2, ensure_ascii=False) if as_json else table.format())
