"""The project's commands fail in one line: a file they cannot write or read (a full disk, a folder
they may not write) is a ``CommandError`` in words, never a traceback (``anonymize --out`` on a full
disk printed one, ``OSError: [Errno 28]`` last). The line never names the file: an input is often
named after a person (``anonymize`` keeps input names to ``DIR/keys/``)."""
from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from anonymizer.errors import plain


class PlainCommand(BaseCommand):
    def execute(self, *args, **options):
        try:
            return super().execute(*args, **options)
        except OSError as exc:
            raise CommandError(f"a file could not be written or read ({plain(exc)}); free space or fix the "
                               "folder's permissions, then run the command again") from None
