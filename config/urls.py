from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django_rq import urls as rq_urls

from config.health import healthz, readyz
from config.security import inline_allowed

# django-rq's dashboard, its inline scripts allowed by the CSP (config.security.inline_allowed)
RQ_PATTERNS = rq_urls.get_api_urlpatterns() + rq_urls.get_admin_urlpatterns(view_wrapper=inline_allowed)

urlpatterns = [
    path("healthz/", healthz, name="healthz"),
    path("readyz/", readyz, name="readyz"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("django-rq/", include((RQ_PATTERNS, "django_rq"))),
    path("", include("review.urls")),
]

# a database outage answers 503 with Retry-After, any other failure the app's plain 500; a request too
# large or with too many fields 413/400 saying so; an unknown page 404 (config.errors)
handler400 = "config.errors.bad_request"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"
