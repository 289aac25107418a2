from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _create_reviewer_group(sender, **kwargs) -> None:
    from .permissions import reviewer_group

    reviewer_group()


class ReviewConfig(AppConfig):
    name = "review"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        post_migrate.connect(_create_reviewer_group, sender=self)
