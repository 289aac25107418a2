# Generated for issue 46 (the Danish pack): a corpus's language and the language a document was read with.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("review", "0017_bulk44_reading_evidence"),
    ]

    operations = [
        migrations.AddField(
            model_name="corpus",
            name="language",
            field=models.CharField(
                blank=True, choices=[("", "Detect per document"), ("en", "English"), ("da", "Danish")], default="en",
                help_text="The documents' language: its rules, lists and model read them.", max_length=8,
            ),
        ),
        migrations.AddField(
            model_name="document",
            name="language",
            field=models.CharField(blank=True, help_text="The language the automatic pass read it with.", max_length=8),
        ),
    ]
