"""``manage.py export_corpus CORPUS --out DIR [--override-reason TEXT]``: export approved documents.

Thin over review.exporting. Exits with status 1 when the leak gate blocks the export and no
``--override-reason`` is given; the report names documents and lines only (no text).
"""
from __future__ import annotations

import shutil
from contextlib import suppress
from pathlib import Path

from django.core.management.base import CommandError

from anonymizer.errors import plain
from review import exporting
from review.management.plain import PlainCommand
from review.models import Corpus, Export


class Command(PlainCommand):
    help = "Export a corpus's approved documents: corpus archive and (secret) key archive into DIR."

    def add_arguments(self, parser):
        parser.add_argument("corpus", help="corpus name or id")
        parser.add_argument("--out", required=True, type=Path, help="folder for the two archives")
        parser.add_argument("--override-reason", default="", help="export despite leak-gate hits, for this reason")

    def handle(self, *args, corpus: str, out: Path, override_reason: str, **options) -> None:
        found = Corpus.objects.filter(name=corpus).first() or (
            Corpus.objects.filter(pk=int(corpus)).first() if corpus.isdigit() else None
        )
        if found is None:
            raise CommandError(f"no corpus named {corpus!r}")
        try:
            export = exporting.start_export(found, None)
            status = exporting.run_export(export.pk)
            if status == Export.Status.BLOCKED and override_reason:
                exporting.override(export.pk, None, override_reason)
                status = exporting.run_export(export.pk)
        except exporting.ExportError as error:
            raise CommandError(str(error)) from None
        export.refresh_from_db()
        if status == Export.Status.BLOCKED:
            for leak in export.leaks or []:
                self.stderr.write(f"possible leak: document {leak['document']} {leak.get('member') or ''} "
                                  f"line {leak['line']} ({leak['kind']})")
            raise CommandError(
                f"export {export.pk} blocked by the leak gate: {export.gate_said}; "
                "fix the documents or give --override-reason"
            )
        if status != Export.Status.DONE:
            raise CommandError(f"export {export.pk} {status}: {export.failure_reason}")
        archive, keys = out / export.archive_file.name, out / export.keys_file.name
        try:
            out.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(export.archive_file, archive)
            shutil.copyfile(export.keys_file, keys)
            keys.chmod(0o600)
        except OSError as exc:  # a full disk: no half archive left in DIR; the export itself is kept
            for part in (archive, keys):
                with suppress(OSError):
                    part.unlink(missing_ok=True)
            raise CommandError(f"export {export.pk} is done, but copying it into {out} failed ({plain(exc)}); "
                               "nothing was left there: free space and run the command again, or download "
                               "it from the export page") from None
        self.stdout.write(f"export {export.pk}: {export.documents.count()} document(s)")
        self.stdout.write(f"corpus archive: {archive}")
        self.stdout.write(f"key archive (secret): {keys}")
