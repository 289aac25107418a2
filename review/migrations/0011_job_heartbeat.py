from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("review", "0010_neutral_ids")]

    operations = [
        migrations.AddField(
            model_name="document",
            name="heartbeat_at",
            field=models.DateTimeField(blank=True, help_text="Last sign of life of the job (review.jobs).", null=True),
        ),
        migrations.AddField(
            model_name="export",
            name="heartbeat_at",
            field=models.DateTimeField(blank=True, help_text="Last sign of life of the job (review.jobs).", null=True),
        ),
    ]
