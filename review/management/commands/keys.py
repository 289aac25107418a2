"""manage.py keys generate | encrypt FILE [--out F] | decrypt FILE --out F (config/backup.py)."""
from django.core.management.base import CommandError

from config import backup
from review.management.plain import PlainCommand


class Command(PlainCommand):
    help = "Key archives at rest: generate a KEYS_ENCRYPTION_KEY, encrypt or decrypt a file with it."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        sub.add_parser("generate", help="print a new key for KEYS_ENCRYPTION_KEY")
        enc = sub.add_parser("encrypt", help="encrypt FILE (to FILE.enc unless --out)")
        enc.add_argument("file")
        enc.add_argument("--out", default=None)
        enc.add_argument("--remove-plain", action="store_true", help="delete FILE afterwards")
        dec = sub.add_parser("decrypt", help="decrypt FILE into --out (mode 0600)")
        dec.add_argument("file")
        dec.add_argument("--out", required=True)

    def handle(self, *args, **options):
        action = options["action"]
        if action == "generate":
            self.stdout.write(backup.generate_key())
            return
        try:
            if action == "encrypt":
                out = backup.encrypt_file(options["file"], options["out"], remove_plain=options["remove_plain"])
            else:
                out = backup.decrypt_file(options["file"], options["out"])
        except backup.DecryptionError as exc:
            raise CommandError(str(exc)) from None
        except FileNotFoundError as exc:
            raise CommandError(f"no such file: {exc.filename}") from None
        self.stdout.write(str(out))
