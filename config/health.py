"""/healthz/: 200 "ok" when the process serves requests and the database answers (no login)."""
from django.db import connection
from django.http import HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@never_cache
@require_GET
def healthz(request):
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - the type only, never details
        return HttpResponse(f"database unavailable ({type(exc).__name__})", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")
