"""WSGI entry point for gunicorn (``config.wsgi:application``) and runserver.

With DEBUG off it refuses to start without an explicit SECRET_KEY (config/secret.py).
"""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from django.conf import settings  # noqa: E402

from config.secret import require_explicit_key_for_web  # noqa: E402

require_explicit_key_for_web(settings)
