"""Export archive paths are stored relative to EXPORT_ROOT (review.export_paths): a restore into
another folder finds every archive. Old absolute rows inside EXPORT_ROOT, and those of another root
whose last two parts are an archive's (``corpus-N/export-M…zip``), become relative; backwards, they
become absolute under today's EXPORT_ROOT again."""
import re
from pathlib import PurePath

from django.conf import settings
from django.db import migrations

FIELDS = ("archive_path", "keys_path")
ARCHIVE = re.compile(r"^corpus-\d+/export-\d+(?:-keys)?\.zip(?:\.enc)?$")  # as review.export_paths


def relative(value: str) -> str:
    """As ``review.export_paths.relative`` when this migration was written (kept here: a migration
    does not follow later changes of the code)."""
    path = PurePath(value)
    if not value or not path.is_absolute():
        return value
    try:
        return path.relative_to(PurePath(settings.EXPORT_ROOT)).as_posix()
    except ValueError:
        tail = "/".join(path.parts[-2:])
        return tail if ARCHIVE.match(tail) else value


def to_relative(apps, schema_editor):
    Export = apps.get_model("review", "Export")
    for row in Export.objects.exclude(archive_path="", keys_path="").only(*FIELDS):
        values = {f: relative(getattr(row, f)) for f in FIELDS}
        if any(values[f] != getattr(row, f) for f in FIELDS):
            Export.objects.filter(pk=row.pk).update(**values)


def to_absolute(apps, schema_editor):
    Export = apps.get_model("review", "Export")
    root = PurePath(settings.EXPORT_ROOT)
    for row in Export.objects.exclude(archive_path="", keys_path="").only(*FIELDS):
        values = {f: str(root / v) if (v := getattr(row, f)) and not PurePath(v).is_absolute() else v for f in FIELDS}
        Export.objects.filter(pk=row.pk).update(**values)


class Migration(migrations.Migration):
    dependencies = [("review", "0016_upload_content_hash")]
    operations = [migrations.RunPython(to_relative, to_absolute)]
