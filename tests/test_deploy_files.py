"""The deployment files: what can be checked without a Docker engine, and gunicorn for real."""
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
TOKEN = "cv8k2x-0d1e5c7f9a3b4e6d8f0a2c4e6b8d0f2a"  # the shape of Django's password-reset tokens
LINK = f"/users/set-password/MQ/{TOKEN}/"


def test_it_describes_the_services_in_compose():
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"web", "worker", "db", "redis"}
    for name in ("web", "worker"):
        assert services[name]["env_file"] == "production.env"
        assert {"exports:/data/exports", "media:/data/media"} <= set(services[name]["volumes"])
        assert services[name]["depends_on"]["db"]["condition"] == "service_healthy"
    assert services["web"]["command"] == ["web"] and services["worker"]["command"][0] == "worker"
    assert all("healthcheck" in service for service in services.values())
    assert {"exports", "media", "db"} <= set(compose["volumes"])
    assert services["web"]["build"]["dockerfile"] == "deploy/Dockerfile"
    env_names = {line.split("=")[0] for line in (DEPLOY / "production.env.example").read_text().splitlines()
                 if line and not line.startswith("#")}
    assert {"DATABASE_URL", "REDIS_URL", "CACHE_URL", "SECRET_KEY", "ALLOWED_HOSTS"} <= env_names


def _seconds(duration: str) -> int:
    """A compose duration (``10m``, ``40s``, ``1m30s``) in seconds."""
    units = {"h": 3600, "m": 60, "s": 1}
    return sum(int(n) * units[u] for n, u in re.findall(r"(\d+)([hms])", duration))


@pytest.mark.parametrize(("service", "unit"), [("web", "anonymizer-web.service"),
                                               ("worker", "anonymizer-worker@.service")])
def test_it_gives_a_stopped_container_the_time_systemd_gives_the_unit(service, unit):
    """docker stops a container with SIGKILL 10 s after SIGTERM unless told otherwise: a worker mid-pass
    or mid-export (rq's warm shutdown finishes the job) and gunicorn's 30 s graceful stop were cut."""
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    systemd = int(re.search(r"^TimeoutStopSec=(\d+)$", (DEPLOY / "systemd" / unit).read_text(), re.M).group(1))
    assert _seconds(compose["services"][service].get("stop_grace_period", "10s")) >= systemd


def test_it_builds_the_image_with_the_same_commands_as_make_serve():
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert dockerfile.startswith("#") and "FROM python:3.12-slim" in dockerfile
    assert re.search(r"^USER app$", dockerfile, re.M)
    assert "manage.py collectstatic --noinput" in dockerfile
    assert 'ENTRYPOINT ["/app/deploy/entrypoint.sh"]' in dockerfile and 'CMD ["web"]' in dockerfile
    for path in re.findall(r"^COPY (\S+)", dockerfile, re.M):
        assert (ROOT / path).exists(), path
    makefile = (ROOT / "Makefile").read_text()
    assert "deploy/entrypoint.sh web" in makefile and "deploy/entrypoint.sh worker" in makefile
    for unit, command in [("anonymizer-web.service", "entrypoint.sh web"), ("anonymizer-worker@.service", "entrypoint.sh worker")]:
        assert command in (DEPLOY / "systemd" / unit).read_text()
    nginx = (DEPLOY / "nginx" / "anonymizer.conf").read_text()
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in nginx


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(tmp_path: Path, **env) -> subprocess.Popen:
    base = {k: v for k, v in os.environ.items() if k in {"PATH", "HOME"}}
    base.update(PYTHON=sys.executable, DEBUG="0", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
                STATIC_ROOT=str(tmp_path / "static"), LOCAL_SECRET_KEY_FILE=str(tmp_path / "sk"),
                WEB_WORKERS="1", WEB_THREADS="2", **env)
    return subprocess.Popen([str(DEPLOY / "entrypoint.sh"), "web"], cwd=tmp_path, env=base,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_it_refuses_to_serve_without_a_secret_key(tmp_path):
    server = _serve(tmp_path, PORT=str(_free_port()), COLLECTSTATIC="0")
    try:
        output, _ = server.communicate(timeout=180)
    finally:
        server.kill()
    assert server.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in output


def test_it_serves_with_gunicorn_after_collectstatic_and_migrate(tmp_path):
    port = _free_port()
    server = _serve(tmp_path, PORT=str(port), SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="localhost")
    try:
        _wait_healthy(server, port)
        login = urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/login/", headers={"Host": "localhost"}))
        assert login.status == 200 and b"Log in" in login.read()
        # a search of the review screen (?find=, ?q=) and the Referer of the next request carry a name
        searched = urllib.request.Request(f"http://127.0.0.1:{port}/login/?find=Quarterfield+Ximena", headers={
            "Host": "localhost", "Referer": "http://localhost/documents/1/?q=Ximena"})
        assert urllib.request.urlopen(searched).status == 200
        link = urllib.request.Request(f"http://127.0.0.1:{port}{LINK}", headers={"Host": "localhost"})
        assert urllib.request.urlopen(link).status == 200  # an invalid link: the page says so
        assert (tmp_path / "static" / "vendor" / "htmx.min.js").exists()  # collectstatic ran
        assert (tmp_path / "db.sqlite3").stat().st_size > 0  # migrate ran
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=60)
    assert "Booting worker" in output or "Listening at" in output
    assert '"GET /login/ HTTP/1.1" 200' in output  # the access log names the path …
    assert "Ximena" not in output and "Quarterfield" not in output  # … never the query string or the Referer
    assert TOKEN not in output, [line for line in output.splitlines() if TOKEN in line]
    assert '"GET /users/set-password/MQ/*/ HTTP/1.1" 200' in output  # nor a set-password link's token


def test_it_logs_no_query_string_or_referer_in_nginx():
    """nginx's default access log line ($request, $http_referer) would keep the review screen's searches."""
    conf = (DEPLOY / "nginx" / "anonymizer.conf").read_text()
    formats = dict(re.findall(r"^log_format\s+(\w+)\s+(.*?);", conf, re.M | re.S))
    logs = re.findall(r"^\s*access_log\s+([^;]*);", conf, re.M)
    assert formats and len([line for line in logs if line != "off"]) == 2  # both servers (the redirect sees queries too)
    for line in logs:
        if line != "off":
            path, *named = line.split()
            assert named and named[0] in formats, line
    maps = dict((m[1], (m[0], m[2])) for m in re.findall(r"^map\s+(\$\w+)\s+(\$\w+)\s*\{$(.*?)^\}", conf, re.M | re.S))
    for text in formats.values():
        logged = re.search(r'"\$request_method (\$\w+) \$server_protocol"', text)[1]
        assert logged == "$uri" or maps[logged][0] == "$uri", text  # the path, or the path masked
        assert not re.search(r"\$(request|request_uri|args|query_string|http_referer|arg_\w+)\b", text), text


def _nginx_logged(conf: str, uri: str) -> str:
    """What ``map $uri $anonymizer_logged_uri`` makes of ``uri`` (its PCRE read by Python's re)."""
    body = re.search(r"^map\s+\$uri\s+\$anonymizer_logged_uri\s*\{$(.*?)^\}", conf, re.M | re.S)[1]
    for pattern, value in re.findall(r'^\s*"~(.*?)"\s+"(.*?)";', body, re.M):
        if match := re.search(pattern.replace("(?<", "(?P<"), uri):
            return re.sub(r"\$\{(\w+)\}", lambda v: match.group(v[1]) or "", value)
    assert re.search(r"^\s*default\s+\$uri;", body, re.M)
    return uri


def test_it_masks_a_set_password_token_in_both_access_logs():
    """The one-time link's token was in the logged path until the link was used."""
    from django.urls import reverse

    from config.access_log import masked

    link = reverse("review:user_set_password", args=["MQ", TOKEN])
    assert link == LINK
    conf = (DEPLOY / "nginx" / "anonymizer.conf").read_text()
    assert masked(link) == _nginx_logged(conf, link) == "/users/set-password/MQ/*/"
    after = reverse("review:user_set_password", args=["MQ", "set-password"])  # where the link redirects
    assert masked(after) == _nginx_logged(conf, after) == after
    assert _nginx_logged(conf, "/documents/1/") == masked("/documents/1/") == "/documents/1/"


def test_it_masks_a_set_password_token_in_the_log_of_a_failed_request(client, monkeypatch, caplog):
    """The database down when the link is opened: Django logged "Service Unavailable: <the link>"."""
    import logging

    from django.db import OperationalError
    from django.test import Client

    from review.services import users

    def down(*args, **kwargs):
        raise OperationalError("the database is unreachable")

    monkeypatch.setattr(users, "user_for_link", down)
    logger = logging.getLogger("django.request")
    logger.addHandler(caplog.handler)
    try:
        response = Client(raise_request_exception=False).get(LINK)
    finally:
        logger.removeHandler(caplog.handler)
    assert response.status_code == 503
    assert TOKEN not in caplog.text and "/users/set-password/MQ/*/" in caplog.text


def _wait_healthy(server, port: int) -> None:
    deadline = time.monotonic() + 180
    while True:
        try:
            request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz/", headers={"Host": "localhost"})
            with urllib.request.urlopen(request, timeout=5) as response:
                assert response.read() == b"ok"
            return
        except (urllib.error.URLError, ConnectionError, TimeoutError):  # a booting worker may accept, then not answer
            assert server.poll() is None, server.stdout.read()
            assert time.monotonic() < deadline
            time.sleep(0.5)


@pytest.mark.parametrize("stalled", ["GET /healthz/ HTTP/1.1\r\nHost: localhost\r\n", "GET /hea",
                                     "POST /login/ HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nusern"])
def test_it_answers_while_clients_stall_mid_request(tmp_path, stalled):
    """Twice as many connections as threads, each stalled mid-request (slowloris): gthread's threads
    blocked on them for good and /healthz/ timed out; now each gives up after WEB_READ_TIMEOUT."""
    port = _free_port()
    server = _serve(tmp_path, PORT=str(port), SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="localhost",
                    WEB_READ_TIMEOUT="2", COLLECTSTATIC="0")  # one worker, two threads
    held = []
    try:
        _wait_healthy(server, port)
        for _ in range(4):
            held.append(socket.create_connection(("127.0.0.1", port)))
            held[-1].sendall(stalled.encode())
        time.sleep(1)
        started = time.monotonic()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/healthz/", headers={"Host": "localhost"})
        with urllib.request.urlopen(request, timeout=20) as response:
            assert response.read() == b"ok"
        assert time.monotonic() - started < 10
    finally:
        for connection in held:
            connection.close()
        server.terminate()
        server.communicate(timeout=60)
