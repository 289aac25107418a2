from django.db import migrations, models


def forget_scrolled(apps, schema_editor):
    """Progress recorded before was a high-water mark of lines scrolled past: no evidence of reading."""
    apps.get_model("review", "ReadingProgress").objects.update(lines_read=0)


class Migration(migrations.Migration):

    dependencies = [
        ("review", "0016_upload_content_hash"),
    ]

    operations = [
        migrations.AddField(
            model_name="readingprogress",
            name="read_at",
            field=models.DateTimeField(blank=True, help_text="The last credit of lines in view (the time since bounds the words the next may credit).", null=True),
        ),
        migrations.AddField(
            model_name="readingprogress",
            name="seen",
            field=models.TextField(blank=True, default="", help_text="The lines read, as ranges: 1-40,52."),
        ),
        migrations.AlterField(
            model_name="readingprogress",
            name="lines_read",
            field=models.PositiveIntegerField(default=0, help_text="How many lines have been read."),
        ),
        migrations.RunPython(forget_scrolled, migrations.RunPython.noop),
    ]
