"""Mark jobs left running by a dead worker or a restarted server failed and retryable."""
from __future__ import annotations

import time

from django.core.management.base import CommandError

from config.health import database_not_ready
from review import services
from review.management.plain import PlainCommand

POLL_SECONDS = 2.0


class Command(PlainCommand):
    help = "Documents and exports whose job stopped without finishing become failed (retryable). Run at start-up or from cron."

    def add_arguments(self, parser):
        parser.add_argument(
            "--stale-seconds", type=int, default=None,
            help="a job silent this long is dead (default JOB_STALE_SECONDS; 0 at start-up of a single server)",
        )
        parser.add_argument(
            "--wait", type=float, default=0, metavar="SECONDS",
            help="wait up to SECONDS for the database to answer and be migrated (a worker started beside the web server)",
        )

    def handle(self, *args, stale_seconds: int | None = None, wait: float = 0, **options) -> None:
        deadline, said = time.monotonic() + max(0.0, wait), None
        while (reason := database_not_ready()) is not None:
            if time.monotonic() >= deadline:
                raise CommandError(f"{reason}; no job recovered")
            if reason != said:
                self.stderr.write(f"{reason}; waiting up to {wait:.0f} s")
                said = reason
            time.sleep(min(POLL_SECONDS, max(0.0, deadline - time.monotonic())))
        recovered = services.recover_stale_jobs(stale_seconds)
        self.stdout.write(f"recovered {len(recovered.documents)} document(s) and {len(recovered.exports)} export(s)")
