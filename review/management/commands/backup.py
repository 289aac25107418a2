"""manage.py backup --out DIR: one archive of the database and the export folder (config/backup.py)."""
from django.conf import settings
from django.core.management.base import CommandError

from config import backup
from review.management.plain import PlainCommand


class Command(PlainCommand):
    help = "Back up the database, the export folder (key archives included) and media into one checksummed archive."

    def add_arguments(self, parser):
        parser.add_argument("--out", default=None, help="folder for the archive (default: BACKUP_ROOT)")
        parser.add_argument("--db-format", choices=["postgresql", "sqlite", "json"], default=None,
                            help="database dump format (default: pg_dump on PostgreSQL, the SQLite file on SQLite)")
        parser.add_argument("--database", default="default")

    def handle(self, *args, **options):
        try:
            archive = backup.create_backup(options["out"] or settings.BACKUP_ROOT, database=options["database"],
                                           db_format=options["db_format"])
        except backup.BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(str(archive))
