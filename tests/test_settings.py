"""Settings come from the environment; the web server refuses to start without a secret key,
commands that serve no web requests do not need one."""
import os
import re
import secrets
import shutil
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSED_ON = {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR"}


def _clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k in PASSED_ON}
    env.update(extra)
    return env


def _load_settings(env: dict, tmp_path: Path, module: str = "config.settings") -> subprocess.CompletedProcess:
    env = _clean_env(LOCAL_SECRET_KEY_FILE=str(tmp_path / "secret_key"), **env)
    code = f"import {module}; from django.conf import settings as s; print(s.DEBUG, s.JOBS_MODE, s.DATABASES['default']['ENGINE'], s.SECRET_KEY_SOURCE)"
    if module == "config.settings":
        code = "import config.settings as s; print(s.DEBUG, s.JOBS_MODE, s.DATABASES['default']['ENGINE'], s.SECRET_KEY_SOURCE)"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)


def test_it_refuses_to_serve_web_requests_without_a_secret_key_outside_debug(tmp_path):
    result = _load_settings({}, tmp_path, module="config.wsgi")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_it_serves_web_requests_with_an_explicit_key_or_key_file(tmp_path):
    assert _load_settings({"SECRET_KEY": "x" * 60}, tmp_path, module="config.wsgi").returncode == 0
    key_file = tmp_path / "credential"
    key_file.write_text(secrets.token_urlsafe(50) + "\n")
    result = _load_settings({"SECRET_KEY_FILE": str(key_file)}, tmp_path, module="config.wsgi")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == "file"


def test_it_generates_a_private_local_key_once_for_commands(tmp_path):
    first = _load_settings({}, tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.split()[-1] == "generated"
    key_file = tmp_path / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = key_file.read_text()
    assert len(key.strip()) >= 50
    assert _load_settings({}, tmp_path).returncode == 0
    assert key_file.read_text() == key


def test_it_is_not_in_debug_unless_asked(tmp_path):
    result = _load_settings({"SECRET_KEY": "x"}, tmp_path)
    assert result.stdout.split()[:2] == ["False", "thread"]
    assert not (tmp_path / "secret_key").exists()


def test_it_reads_database_and_redis_from_the_environment(tmp_path):
    result = _load_settings(
        {"SECRET_KEY": "x", "DATABASE_URL": "postgres://u@127.0.0.1:5432/db", "REDIS_URL": "redis://127.0.0.1:6379/3"},
        tmp_path,
    )
    debug, mode, engine, _ = result.stdout.split()
    assert (debug, mode) == ("False", "rq")
    assert engine == "django.db.backends.postgresql"


def production_env(tmp_path: Path) -> dict:
    """deploy/production.env.example with the documented key generation step done."""
    env = {}
    for line in (ROOT / "deploy" / "production.env.example").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, _, value = line.partition("=")
            env[name] = value
    assert env["SECRET_KEY"] == "", "the example must not ship a usable secret key"
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return _clean_env(LOCAL_SECRET_KEY_FILE=str(tmp_path / "secret_key"), **env)


def test_it_passes_check_deploy_with_the_documented_production_environment(tmp_path):
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                            cwd=ROOT, env=production_env(tmp_path), capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_it_sets_https_and_upload_limits_from_the_environment(tmp_path):
    code = ("from django.conf import settings as s; import django; django.setup(); "
            "print(s.SECURE_PROXY_SSL_HEADER, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
            "s.SECURE_HSTS_PRELOAD, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.CSRF_TRUSTED_ORIGINS, "
            "s.MAX_UPLOAD_BYTES, s.DATA_UPLOAD_MAX_MEMORY_SIZE, s.FILE_UPLOAD_MAX_MEMORY_SIZE, s.AXES_FAILURE_LIMIT, "
            "s.AXES_COOLOFF_TIME, s.LOGGING['handlers']['console']['stream'])")
    env = production_env(tmp_path)
    env.update(DJANGO_SETTINGS_MODULE="config.settings", MAX_UPLOAD_BYTES="1000", AXES_COOLOFF_MINUTES="30")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "('HTTP_X_FORWARDED_PROTO', 'https') True 31536000 True True True True ['https://anonymizer.example.org'] "
        "1000 52428800 5242880 5 0:30:00 ext://sys.stdout"
    )


def test_it_runs_the_readme_anonymize_command_on_a_fresh_clone_without_any_secret(tmp_path):
    """The README's command line, as written, in a copy of the project with a clean environment."""
    readme = (ROOT / "README.md").read_text()
    line = next(l for l in readme.splitlines() if l.startswith(".venv/bin/python manage.py anonymize "))
    words = line.split(" [")[0].split()  # the required part: .venv/bin/python manage.py anonymize PATH... --out DIR
    assert words == [".venv/bin/python", "manage.py", "anonymize", "PATH...", "--out", "DIR"]
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in ("manage.py", "config", "review", "anonymizer", "templates", "static"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, clone / name)
    (clone / ".venv").symlink_to(Path(sys.prefix))  # the clone's `make install`
    (clone / "hearing.txt").write_text(
        "PRESIDING COMMISSIONER SMITH: We are on the record. Mr. John Doe, you were born in Fresno?\n"
        "INMATE DOE: Yes, sir, on March 3, 1970.\n"
    )
    command = [{"PATH...": "hearing.txt", "DIR": "out"}.get(w, w) for w in words]
    result = subprocess.run(command, cwd=clone, env=_clean_env(HOME=str(tmp_path)), capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "SECRET_KEY" not in result.stderr
    text = (clone / "out" / "pseudonymized" / "hearing_0001.txt").read_text()  # neutral names: no input's name
    assert "John Doe" not in text and re.search(r"\[PERSON_\d+\]", text)
    assert stat.S_IMODE((clone / ".secret_key").stat().st_mode) == 0o600


def test_it_reads_the_speech_recognizer_settings_from_the_environment(tmp_path):
    """ASR_BACKEND and ASR_MODEL reach the core's Config (settings.SPEECH); unset, the core's defaults."""
    code = "import config.settings as s; print(sorted(s.SPEECH.items()))"
    env = _clean_env(LOCAL_SECRET_KEY_FILE=str(tmp_path / "secret_key"), ASR_BACKEND="transformers",
                     ASR_MODEL="/models/whisper-tiny", ASR_CHUNK_SECONDS="60")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(sorted({"asr_backend": "transformers", "asr_model": "/models/whisper-tiny",
                                                "asr_chunk_seconds": 60.0}.items()))
    unset = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_clean_env(
        LOCAL_SECRET_KEY_FILE=str(tmp_path / "secret_key")), capture_output=True, text=True)
    assert unset.stdout.strip() == "[]"


def test_it_stores_passwords_with_djangos_pbkdf2_outside_the_tests(tmp_path):
    """tests/settings.py hashes the tests' passwords with MD5 for speed: the real settings must not."""
    code = ("import django; django.setup(); from django.contrib.auth.hashers import PBKDF2PasswordHasher, check_password, "
            "make_password; h = make_password('pw-a-123'); print(h.split('$')[0], h.split('$')[1], "
            "PBKDF2PasswordHasher.iterations, check_password('pw-a-123', h), check_password('pw-a-124', h))")
    env = _clean_env(LOCAL_SECRET_KEY_FILE=str(tmp_path / "secret_key"), SECRET_KEY="x", DJANGO_SETTINGS_MODULE="config.settings")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    algorithm, rounds, default_rounds, right, wrong = result.stdout.split()
    assert (algorithm, right, wrong) == ("pbkdf2_sha256", "True", "False")
    assert int(rounds) == int(default_rounds) >= 1_200_000
