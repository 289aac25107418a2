"""Mark jobs left running by a dead worker or a restarted server failed and retryable."""
from __future__ import annotations

from django.core.management.base import BaseCommand

from review import services


class Command(BaseCommand):
    help = "Documents and exports whose job stopped without finishing become failed (retryable). Run at start-up or from cron."

    def add_arguments(self, parser):
        parser.add_argument(
            "--stale-seconds", type=int, default=None,
            help="a job silent this long is dead (default JOB_STALE_SECONDS; 0 at start-up of a single server)",
        )

    def handle(self, *args, stale_seconds: int | None = None, **options) -> None:
        recovered = services.recover_stale_jobs(stale_seconds)
        self.stdout.write(f"recovered {len(recovered.documents)} document(s) and {len(recovered.exports)} export(s)")
