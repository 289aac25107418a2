from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.health import healthz

urlpatterns = [
    path("healthz/", healthz, name="healthz"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("django-rq/", include("django_rq.urls")),
    path("", include("review.urls")),
]
