"""Re-run the automatic pass, with current corpus knowledge, on the documents no one has started."""
from __future__ import annotations

from django.core.management.base import CommandError

from review import jobs
from review.models import Corpus
from review.services import knowledge
from review.stats import find_corpus
from review.management.plain import PlainCommand


class Command(PlainCommand):
    help = "Re-run the automatic pass on a corpus's unstarted documents (never one with a human decision)."

    def add_arguments(self, parser):
        parser.add_argument("corpus", help="corpus name or primary key")
        parser.add_argument("--dry-run", action="store_true", help="only count the documents")

    def handle(self, *args, corpus: str, dry_run: bool = False, **options) -> None:
        try:
            found = find_corpus(corpus)
        except Corpus.DoesNotExist:
            raise CommandError("no such corpus (give its name or number)") from None
        if dry_run:
            count = knowledge.unstarted(found).count()
            self.stdout.write(f"{count} document(s) no one has started would be re-run")
            return
        count = jobs.rerun_unstarted(found)
        jobs.wait_for_local_jobs()
        self.stdout.write(f"re-ran (or queued) the automatic pass on {count} document(s) no one has started")
