from django.urls import path

from . import views

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
    path("documents/<int:pk>/approve/", views.approve, name="approve"),
    path("documents/<int:pk>/rerun/", views.rerun, name="rerun"),
    path("documents/<int:pk>/retry/", views.retry, name="retry"),
    path("documents/<int:pk>/row/", views.document_row, name="document_row"),
]
