"""Panel B offers "move every mention of one form"; it works as a plain form post and over htmx."""
from __future__ import annotations

import pytest

from review.constants import Action
from review.models import Decision

from .test_review_views import HX, annotator, client_in, document, url  # noqa: F401  (fixtures)


def test_it_offers_each_form_of_an_entity_with_its_count_in_panel_b(client_in, document):
    kevin = document.entities.get(name="Kevin Richardson")
    html = client_in.get(url(document, "document") + f"?e={kevin.pk}").content.decode()
    assert 'id="move-surface"' in html
    assert "All 3 “RICHARDSON” to" in html and "“Richardson’s”" not in html  # one row per form, any case, possessive folded
    assert not Decision.objects.filter(document=document).exclude(action=Action.RERUN).exists()  # no writes on GET


@pytest.mark.parametrize(("headers", "status"), [({}, 302), (HX, 200)])
def test_it_moves_one_form_as_a_plain_post_and_over_htmx(client_in, document, headers, status):
    kevin, dale = document.entities.get(name="Kevin Richardson"), document.entities.get(name="Dale Richardson")
    response = client_in.post(url(document, "entity_action", kevin.pk, Action.MOVE_SURFACE),
                              {"version": document.version, "surface": "Richardson", "into": dale.pk}, **headers)
    assert response.status_code == status
    assert document.mentions.filter(entity=dale).count() == 4  # RICHARDSON ×2, Richardson's, Dale Richardson
    assert document.mentions.filter(entity=kevin).count() == 1


def test_it_refuses_a_stale_form_move_without_moving_anything(client_in, document):
    kevin, dale = document.entities.get(name="Kevin Richardson"), document.entities.get(name="Dale Richardson")
    response = client_in.post(url(document, "entity_action", kevin.pk, Action.MOVE_SURFACE),
                              {"version": document.version - 1, "surface": "Richardson", "into": dale.pk}, **HX)
    assert response.status_code == 409
    assert document.mentions.filter(entity=dale).count() == 1


@pytest.mark.parametrize(("headers", "status"), [({}, 302), (HX, 200)])
def test_it_moves_ticked_mentions_as_a_plain_post_and_over_htmx(client_in, document, headers, status):
    kevin, dale = document.entities.get(name="Kevin Richardson"), document.entities.get(name="Dale Richardson")
    html = client_in.get(url(document, "document") + f"?e={kevin.pk}").content.decode()
    assert 'form="move-ticked"' in html and 'id="move-ticked"' in html
    ticked = list(document.mentions.filter(entity=kevin).order_by("start").values_list("pk", flat=True))[:2]
    response = client_in.post(url(document, "entity_action", kevin.pk, Action.MOVE_TICKED),
                              {"version": document.version, "mention": ticked, "into": dale.pk}, **headers)
    assert response.status_code == status
    assert set(document.mentions.filter(entity=dale).values_list("pk", flat=True)) >= set(ticked)
