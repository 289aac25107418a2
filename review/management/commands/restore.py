"""manage.py restore ARCHIVE: verify a backup's checksums, then restore database and files (config/backup.py)."""
from django.core.management.base import CommandError

from config import backup
from review.management.plain import PlainCommand


class Command(PlainCommand):
    help = "Restore a backup made by `manage.py backup`: replaces the database, writes the export files back."

    def add_arguments(self, parser):
        parser.add_argument("archive")
        parser.add_argument("--noinput", "--no-input", action="store_false", dest="interactive",
                            help="do not ask for confirmation")
        parser.add_argument("--verify-only", action="store_true", help="check the archive's checksums and stop")
        parser.add_argument("--database", default="default")

    def handle(self, *args, **options):
        if options["verify_only"]:
            import tempfile

            with tempfile.TemporaryDirectory() as tmp:
                try:
                    manifest = backup.verify_backup(options["archive"], tmp)
                except backup.BackupError as exc:
                    raise CommandError(str(exc)) from None
            self.stdout.write(f"OK: {len(manifest['files'])} files, database {manifest['database']['kind']}, made {manifest['created']}")
            return
        if options["interactive"]:
            answer = input("This REPLACES the database and overwrites export files. Type 'yes' to continue: ")
            if answer.strip() != "yes":
                raise CommandError("restore cancelled")
        try:
            manifest = backup.restore_backup(options["archive"], database=options["database"])
        except backup.BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"restored: database ({manifest['database']['kind']}), "
                          f"{manifest['counts']['exports']} export files, {manifest['counts']['media']} media files "
                          f"from the backup made {manifest['created']}")
