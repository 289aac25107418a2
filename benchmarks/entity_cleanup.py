"""The entity clean-up of a second automatic pass on a large document, the old way and the new, on PostgreSQL.

``apply_analysis`` deletes the entities of a document left without a mention once the new pass is
stored. The old ``document.entities.filter(mentions__isnull=True).delete()`` ran 40 s at full CPU
on a 37,000-word hearing after a 20-reviewer load (Django's collector selecting the mentions by
``entity_id IN`` every such entity); ``importing.drop_unmentioned_entities`` deletes by ids. This
builds ``--others`` documents of mentions (the table's bulk), then one document of ``--entities``
entities whose mentions were just replaced (fresh rows: statistics behind, as right after a pass),
and times both ways on the same rows, each in a transaction rolled back.

    .venv/bin/python benchmarks/entity_cleanup.py --pg postgres://postgres@127.0.0.1:5432/mine
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", required=True, help="a throw-away PostgreSQL database (migrated here)")
    parser.add_argument("--entities", type=int, default=3000, help="entities of the large document replaced by a re-run")
    parser.add_argument("--others", type=int, default=100, help="other documents of 3,000 mentions each")
    args = parser.parse_args()
    os.environ.update({"DJANGO_SETTINGS_MODULE": "tests.settings", "DATABASE_URL": args.pg})
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import transaction

    from review.models import Corpus, Document, Entity, Mention
    from review.services.importing import drop_unmentioned_entities

    call_command("migrate", verbosity=0, interactive=False)
    corpus, _ = Corpus.objects.get_or_create(name="entity-cleanup-bench")
    if not Mention.objects.filter(document__corpus=corpus).exists():
        for n in range(args.others):
            other = Document.objects.create(corpus=corpus, title=f"o{n}", original_name=f"o{n}.txt", original=b"o%d" % n)
            entities = Entity.objects.bulk_create(
                [Entity(document=other, label="PERSON", category="person", name=f"P{i}") for i in range(300)])
            Mention.objects.bulk_create([Mention(document=other, entity=entities[i % 300], start=i * 10, end=i * 10 + 5,
                                                 label="PERSON") for i in range(3000)], batch_size=3000)
    for way, cleanup in (("old: entities.filter(mentions__isnull=True).delete()",
                          lambda d: d.entities.filter(mentions__isnull=True).delete()),
                         ("new: drop_unmentioned_entities", drop_unmentioned_entities)):
        with transaction.atomic():
            document = Document.objects.create(corpus=corpus, title="big", original_name="big.txt", original=b"big")
            old = Entity.objects.bulk_create([Entity(document=document, label="PERSON", category="person",
                                                     name=f"Old {i}") for i in range(args.entities)])
            new = Entity.objects.bulk_create([Entity(document=document, label="PERSON", category="person",
                                                     name=f"New {i}") for i in range(args.entities)])
            Mention.objects.bulk_create([Mention(document=document, entity=new[i % len(new)], start=i * 10,
                                                 end=i * 10 + 5, label="PERSON") for i in range(3 * args.entities)],
                                        batch_size=5000)
            started = time.perf_counter()
            cleanup(document)
            seconds = time.perf_counter() - started
            left = Entity.objects.filter(pk__in=[e.pk for e in old]).count()
            transaction.set_rollback(True)
        print(f"{way}: {seconds:.3f} s for {args.entities} entities without mentions "
              f"({Mention.objects.count()} mentions in the table; {left} left)")


if __name__ == "__main__":
    main()
