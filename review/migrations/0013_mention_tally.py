# The document list and the dashboard read per-document mention tallies (review.tallies)
# instead of counting every mention of a corpus for each page.

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Count


def count_existing(apps, schema_editor):
    """A tally for every document already there (readers count a missing one on the fly, slowly)."""
    Document, Mention, MentionTally = (apps.get_model("review", name) for name in ("Document", "Mention", "MentionTally"))
    versions = dict(Document.objects.values_list("pk", "version"))
    ids = sorted(versions)
    for start in range(0, len(ids), 50):
        chunk = ids[start:start + 50]
        cells = {pk: [] for pk in chunk}
        rows = (Mention.objects.filter(document_id__in=chunk)
                .values_list("document_id", "label", "status", "origin", "sources").annotate(n=Count("id")).order_by())
        for pk, *cell in rows:
            cells[pk].append(list(cell))
        MentionTally.objects.bulk_create([
            MentionTally(document_id=pk, version=versions[pk], total=sum(c[4] for c in found),
                         decided=sum(c[4] for c in found if c[1] != "pending"), cells=sorted(found))
            for pk, found in cells.items()
        ])


class Migration(migrations.Migration):

    dependencies = [
        ('review', '0012_knownform_labels'),
    ]

    operations = [
        migrations.CreateModel(
            name='MentionTally',
            fields=[
                ('document', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='tally', serialize=False, to='review.document')),
                ('version', models.PositiveIntegerField(help_text='The document version these counts belong to.')),
                ('total', models.PositiveIntegerField(default=0)),
                ('decided', models.PositiveIntegerField(default=0, help_text='Mentions no longer pending.')),
                ('cells', models.JSONField(default=list, help_text='[[label, status, origin, sources, count], ...]')),
            ],
        ),
        migrations.RunPython(count_existing, migrations.RunPython.noop),
    ]
