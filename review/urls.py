from django.urls import path

from .views import actions, agreement, comments, diff, documents, exports, knowledge, review_screen, team, users

app_name = "review"

urlpatterns = [
    path("", documents.document_list, name="documents"),
    path("upload/", documents.upload, name="upload"),
    path("documents/<int:pk>/", review_screen.review, name="document"),
    path("documents/<int:pk>/inspect/", review_screen.inspect, name="inspect"),
    path("documents/<int:pk>/preview/", review_screen.preview, name="preview"),
    path("documents/<int:pk>/tags/", review_screen.tags, name="tags"),
    path("documents/<int:pk>/mentions/add/", actions.add_mentions, name="add_mentions"),
    path("documents/<int:pk>/mentions/<int:mention_id>/<slug:action>/", actions.mention_action, name="mention_action"),
    path("documents/<int:pk>/entities/<int:entity_id>/<slug:action>/", actions.entity_action, name="entity_action"),
    path("documents/<int:pk>/accept-pending/", actions.accept_pending, name="accept_pending"),
    path("documents/<int:pk>/accept-rest/", actions.accept_rest, name="accept_rest"),
    path("documents/<int:pk>/read/", actions.read, name="read"),
    path("documents/<int:pk>/whitelist/", actions.whitelist, name="whitelist"),
    path("documents/<int:pk>/undo/", actions.undo, name="undo"),
    path("documents/<int:pk>/submit/", actions.submit, name="submit"),
    path("documents/<int:pk>/approve/", actions.approve, name="approve"),
    path("documents/<int:pk>/send-back/", actions.send_back, name="send_back"),
    path("documents/<int:pk>/rerun/", documents.rerun, name="rerun"),
    path("documents/<int:pk>/retry/", documents.retry, name="retry"),
    path("documents/<int:pk>/row/", documents.document_row, name="document_row"),
    # the second look: the reviewer's diff, comments
    path("documents/<int:pk>/changes/", diff.changes, name="changes"),
    path("documents/<int:pk>/comments/", comments.add, name="comment_add"),
    path("documents/<int:pk>/comments/<int:comment_id>/resolve/", comments.resolve, name="comment_resolve"),
    # team workflow: corpora, assignment, take next, dashboard
    path("documents/assign/", team.assign, name="assign"),
    path("corpora/", team.corpora, name="corpora"),
    path("corpora/new/", team.corpus_edit, name="corpus_new"),
    path("corpora/<int:pk>/edit/", team.corpus_edit, name="corpus_edit"),
    path("corpora/<int:pk>/whitelist.txt", team.whitelist_export, name="whitelist_export"),
    path("corpora/<int:pk>/whitelist/import/", team.whitelist_import, name="whitelist_import"),
    path("corpora/<int:corpus_pk>/take/", team.take_next, name="take_next"),
    path("corpora/<int:pk>/dashboard/", team.dashboard, name="dashboard"),
    path("corpora/<int:pk>/dashboard/times/", team.dashboard_times, name="dashboard_times"),
    path("corpora/<int:pk>/quality.json", team.quality_json, name="quality_json"),
    # corpus knowledge: what the corpus learned (admins), re-run, the review screen's corpus actions
    path("corpora/<int:pk>/knowledge/", knowledge.corpus_knowledge, name="knowledge"),
    path("corpora/<int:pk>/knowledge/<int:entry_id>/", knowledge.change_entry, name="knowledge_change"),
    path("corpora/<int:pk>/rerun-pass/", knowledge.rerun_pass, name="rerun_pass"),
    path("documents/<int:pk>/corpus/<slug:action>/", knowledge.screen_action, name="corpus_action"),
    path("corpora/<int:pk>/agreement/", agreement.agreement, name="agreement"),
    path("corpora/<int:pk>/twins/", agreement.make_twins, name="make_twins"),
    # exports (admins only)
    path("exports/", exports.export_index, name="exports"),
    path("corpora/<int:corpus_pk>/export/", exports.export_page, name="export"),
    path("corpora/<int:corpus_pk>/export/start/", exports.start, name="export_start"),
    path("exports/<int:pk>/row/", exports.export_row, name="export_row"),
    path("exports/<int:pk>/override/", exports.override, name="export_override"),
    path("exports/<int:pk>/download/<slug:kind>/", exports.download, name="export_download"),
    path("exports/<int:pk>/reopen/<int:document_pk>/", exports.reopen, name="export_reopen"),
    path("corpora/<int:corpus_pk>/export/residual/", exports.residual, name="export_residual"),
    # users and roles (admins only; the one-time set-password link is for whoever holds it)
    path("users/", users.user_list, name="users"),
    path("users/new/", users.user_create, name="user_create"),
    path("users/<int:pk>/role/", users.user_role, name="user_role"),
    path("users/<int:pk>/deactivate/", users.user_deactivate, name="user_deactivate"),
    path("users/<int:pk>/reactivate/", users.user_reactivate, name="user_reactivate"),
    path("users/<int:pk>/reset-link/", users.user_reset_link, name="user_reset_link"),
    path("users/set-password/<str:uidb64>/<str:token>/", users.user_set_password, name="user_set_password"),
]
