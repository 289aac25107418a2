#!/bin/sh
# Start the anonymizer: the same commands for `make serve`/`make worker`, the container
# (deploy/Dockerfile) and the systemd units (deploy/systemd/).
#
#   deploy/entrypoint.sh web      collectstatic, migrate, then gunicorn on $HOST:$PORT
#   deploy/entrypoint.sh worker   an RQ SimpleWorker (the NLP model stays loaded; review.worker) for the queues given (default: default)
#   deploy/entrypoint.sh CMD ...  anything else, e.g. `python manage.py backup --out /data/backups`
#
# Settings come from the environment (docs/deployment.md). With DEBUG off gunicorn refuses to
# start without an explicit SECRET_KEY (config/wsgi.py).
set -eu
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python}
cmd=${1:-web}
[ $# -gt 0 ] && shift

case "$cmd" in
web)
    # the image collects static files at build time and sets COLLECTSTATIC=0
    if [ "${COLLECTSTATIC:-1}" = 1 ]; then "$PYTHON" manage.py collectstatic --noinput --verbosity 0; fi
    if [ "${MIGRATE:-1}" = 1 ]; then "$PYTHON" manage.py migrate --noinput; fi
    # jobs left running by a killed worker or the previous server: failed, retryable
    "$PYTHON" manage.py recover_jobs
    # gthread workers (config.gunicorn_worker: a read timeout, WEB_READ_TIMEOUT): each worker loads the NLP models once (about 300 MiB) when it runs a job
    # inline (no REDIS_URL); threads serve the many small htmx requests of the review screen.
    # The access log names the path, never the query string or the Referer: the review screen's
    # searches (?find=, ?q=) carry names typed from the transcript; the token of a set-password
    # link is masked in the path (config/access_log.py).
    exec "$PYTHON" -m gunicorn config.wsgi:application \
        --bind "${HOST:-127.0.0.1}:${PORT:-8000}" \
        --workers "${WEB_WORKERS:-2}" --threads "${WEB_THREADS:-4}" --worker-class config.gunicorn_worker.ThreadWorker \
        --timeout "${WEB_TIMEOUT:-120}" --graceful-timeout 30 --keep-alive 5 \
        --access-logfile - --error-logfile - --logger-class config.access_log.AccessLogger \
        --access-logformat '%(h)s %(l)s %(u)s %(t)s "%(m)s %(U)s %(H)s" %(s)s %(b)s "%(a)s" %(L)s' "$@"
    ;;
worker)
    if [ $# -eq 0 ]; then set -- default; fi
    # started beside the web server, which migrates: wait for the database (and its tables) first
    "$PYTHON" manage.py recover_jobs --wait "${MIGRATE_WAIT_SECONDS:-300}"
    # review.worker.Worker (rq's SimpleWorker that also recovers dead jobs while idle and waits out
    # a Redis outage instead of quitting, WORKER_RECONNECT_MAX_SECONDS) runs every
    # job in this process, so the NLP pipeline (spaCy, ~300 MiB, several seconds to load) is loaded once per worker, not once per document as rq's forking Worker
    # does; RQ_WORKER_CLASS=rq.Worker restores the fork (a job that crashes the process then only
    # loses itself; the heartbeat and recover_jobs fail it safely either way). Run more workers
    # for more throughput (one per core).
    exec "$PYTHON" manage.py rqworker --worker-class "${RQ_WORKER_CLASS:-review.worker.Worker}" "$@"
    ;;
*)
    exec "$cmd" "$@"
    ;;
esac
