from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('review', '0013_mention_tally'),
    ]

    operations = [
        migrations.AddField(
            model_name='knownform',
            name='group',
            field=models.CharField(blank=True, default='', help_text='Folded full name of the corpus-wide entity every reviewed entity put it in.', max_length=255),
        ),
        migrations.AddField(
            model_name='knownform',
            name='apart',
            field=models.JSONField(blank=True, default=list, help_text='A name part: full names of people the reviewers kept it apart from.'),
        ),
    ]
