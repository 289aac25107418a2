"""Login throttling: N wrong passwords lock out that username from that address, nobody else."""
import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db

LIMIT = 3


@pytest.fixture
def users(django_user_model):
    django_user_model.objects.create_user("alice", password="alice-right-pass")
    django_user_model.objects.create_user("bob", password="bob-right-pass")


def _login(client, username, password, ip="10.0.0.1"):
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=ip)


def _logged_in(response) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.client.session


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=LIMIT)
def test_it_locks_out_a_username_after_too_many_wrong_passwords_and_lets_others_in(client, users):
    from django.test import Client

    for _ in range(LIMIT - 1):
        response = _login(client, "alice", "wrong")
        assert response.status_code == 200  # the form again, with its error
    response = _login(client, "alice", "wrong")
    assert response.status_code == 429
    body = response.content.decode()
    assert "Login temporarily locked" in body and "15 minutes" in body
    assert "alice" not in body and "10.0.0.1" not in body  # no personal data on the page

    response = _login(client, "alice", "alice-right-pass")
    assert response.status_code == 429 and not _logged_in(response)

    other_user = Client()
    assert _logged_in(_login(other_user, "bob", "bob-right-pass"))
    other_address = Client()
    assert _logged_in(_login(other_address, "alice", "alice-right-pass", ip="10.0.0.2"))


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=LIMIT)
def test_it_lets_the_user_in_again_after_a_reset(client, users):
    from django.core.management import call_command

    for _ in range(LIMIT):
        _login(client, "alice", "wrong")
    assert _login(client, "alice", "alice-right-pass").status_code == 429
    call_command("axes_reset_username", "alice", verbosity=0)
    assert _logged_in(_login(client, "alice", "alice-right-pass"))


@override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=LIMIT, PROXY_COUNT=1)
def test_it_throttles_by_the_address_the_proxy_reports(client, users):
    """Behind nginx every request comes from the proxy: the client is the right-most forwarded entry."""
    for _ in range(LIMIT):
        client.post("/login/", {"username": "alice", "password": "wrong"}, REMOTE_ADDR="127.0.0.1",
                    HTTP_X_FORWARDED_FOR="forged, 10.0.0.7")
    locked = client.post("/login/", {"username": "alice", "password": "alice-right-pass"}, REMOTE_ADDR="127.0.0.1",
                         HTTP_X_FORWARDED_FOR="10.0.0.7")
    assert locked.status_code == 429
    from django.test import Client

    elsewhere = Client().post("/login/", {"username": "alice", "password": "alice-right-pass"}, REMOTE_ADDR="127.0.0.1",
                              HTTP_X_FORWARDED_FOR="10.0.0.8")
    assert elsewhere.status_code == 302
