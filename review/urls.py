from django.urls import path

from . import export_views, team_views, user_views, views

app_name = "review"

urlpatterns = [
    path("", views.document_list, name="documents"),
    path("upload/", views.upload, name="upload"),
    path("documents/<int:pk>/", views.review, name="document"),
    path("documents/<int:pk>/inspect/", views.inspect, name="inspect"),
    path("documents/<int:pk>/preview/", views.preview, name="preview"),
    path("documents/<int:pk>/tags/", views.tags, name="tags"),
    path("documents/<int:pk>/mentions/add/", views.add_mentions, name="add_mentions"),
    path("documents/<int:pk>/mentions/<int:mention_id>/<slug:action>/", views.mention_action, name="mention_action"),
    path("documents/<int:pk>/entities/<int:entity_id>/<slug:action>/", views.entity_action, name="entity_action"),
    path("documents/<int:pk>/whitelist/", views.whitelist, name="whitelist"),
    path("documents/<int:pk>/undo/", views.undo, name="undo"),
    path("documents/<int:pk>/submit/", views.submit, name="submit"),
    path("documents/<int:pk>/approve/", views.approve, name="approve"),
    path("documents/<int:pk>/send-back/", views.send_back, name="send_back"),
    path("documents/<int:pk>/rerun/", views.rerun, name="rerun"),
    path("documents/<int:pk>/retry/", views.retry, name="retry"),
    path("documents/<int:pk>/row/", views.document_row, name="document_row"),
    # team workflow: corpora, assignment, take next, dashboard
    path("documents/assign/", team_views.assign, name="assign"),
    path("corpora/", team_views.corpora, name="corpora"),
    path("corpora/new/", team_views.corpus_edit, name="corpus_new"),
    path("corpora/<int:pk>/edit/", team_views.corpus_edit, name="corpus_edit"),
    path("corpora/<int:corpus_pk>/take/", team_views.take_next, name="take_next"),
    path("corpora/<int:pk>/dashboard/", team_views.dashboard, name="dashboard"),
    path("corpora/<int:pk>/quality.json", team_views.quality_json, name="quality_json"),
    # exports (admins only)
    path("exports/", export_views.export_index, name="exports"),
    path("corpora/<int:corpus_pk>/export/", export_views.export_page, name="export"),
    path("corpora/<int:corpus_pk>/export/start/", export_views.start, name="export_start"),
    path("exports/<int:pk>/row/", export_views.export_row, name="export_row"),
    path("exports/<int:pk>/override/", export_views.override, name="export_override"),
    path("exports/<int:pk>/download/<slug:kind>/", export_views.download, name="export_download"),
    # users and roles (admins only; the one-time set-password link is for whoever holds it)
    path("users/", user_views.user_list, name="users"),
    path("users/new/", user_views.user_create, name="user_create"),
    path("users/<int:pk>/role/", user_views.user_role, name="user_role"),
    path("users/<int:pk>/deactivate/", user_views.user_deactivate, name="user_deactivate"),
    path("users/<int:pk>/reactivate/", user_views.user_reactivate, name="user_reactivate"),
    path("users/<int:pk>/reset-link/", user_views.user_reset_link, name="user_reset_link"),
    path("users/set-password/<str:uidb64>/<str:token>/", user_views.user_set_password, name="user_set_password"),
]
