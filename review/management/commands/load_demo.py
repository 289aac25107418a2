"""Demo data for `make run`: four users and three synthetic hearings, imported and pre-annotated.

Idempotent: running it again creates nothing twice and changes no password. The demo passwords are
public (README), so with ``DEBUG`` off it refuses unless told ``--public-passwords``: a production
instance must not get accounts anyone can log in to.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from django.contrib.auth import get_user_model
from django.conf import settings
from django.core.management.base import CommandError

from review import jobs, services
from review.models import Document
from review.permissions import reviewer_group
from review.management.plain import PlainCommand

DEMO_CORPUS = "Demo parole hearings"
USERS = (
    # username, password, staff
    ("admin", "demo-admin-pass", True),
    ("annotator1", "demo-annotator-pass", False),
    ("annotator2", "demo-annotator-pass", False),
    ("reviewer1", "demo-reviewer-pass", False),
)
REVIEWERS = ("reviewer1",)  # members of the Reviewer group (the second look)
# (document title, generator seed, layout, imported as, assignee)
HEARINGS = (
    ("demo_hearing_1", 101, "new", "pdf", "annotator1"),
    ("demo_hearing_2", 202, "old", "pdf", "annotator2"),
    ("demo_hearing_3", 303, "new", "txt", None),
)


class Command(PlainCommand):
    help = "Create demo users and import three pre-annotated synthetic hearings (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--words", type=int, default=15000, help="approximate words per demo hearing")
        parser.add_argument("--public-passwords", action="store_true",
                            help="create the demo accounts (passwords printed in the README) even with DEBUG off")

    def handle(self, *args, words: int, public_passwords: bool = False, **options) -> None:
        if not settings.DEBUG and not public_passwords:
            raise CommandError("load_demo: refused with DEBUG off: the demo accounts' passwords are public (README); "
                               "run it with DEBUG=1 (make run does) or pass --public-passwords")
        from fixtures.generate import generate_hearing, write_pdf

        User = get_user_model()
        users = {}
        for username, password, staff in USERS:
            user, created = User.objects.get_or_create(
                username=username, defaults={"is_staff": staff, "is_superuser": staff}
            )
            if created:
                user.set_password(password)
                user.save()
                self.stdout.write(f"created user {username}")
            users[username] = user
        group = reviewer_group()
        for username in REVIEWERS:
            users[username].groups.add(group)  # adding twice is a no-op

        corpus = services.ensure_corpus(DEMO_CORPUS)
        for title, seed, layout, kind, assignee in HEARINGS:
            if Document.objects.filter(corpus=corpus, title=title).exists():
                continue
            hearing = generate_hearing(title, seed=seed, words=words, layout=layout)
            if kind == "pdf":
                with tempfile.TemporaryDirectory() as tmp:
                    path = Path(tmp) / f"{title}.pdf"
                    write_pdf(hearing, path)
                    data = path.read_bytes()
            else:
                data = hearing.text.encode("utf-8")
            (document,), errors = services.create_documents(corpus, [(f"{title}.{kind}", data)])
            document.assignee = users.get(assignee) if assignee else None
            document.save(update_fields=["assignee"])
            jobs.enqueue_analysis(document)
            jobs.wait_for_local_jobs()
            document.refresh_from_db()
            self.stdout.write(f"imported {title}.{kind}: {document.get_status_display()}, "
                              f"{document.mentions.count()} mentions")
        self.stdout.write(self.style.SUCCESS("demo data ready"))
