"""gunicorn's gthread worker that gives a thread only to a request whose headers have arrived.

gthread hands a connection to a thread as soon as its first bytes arrive and then reads the
request with a blocking socket that never times out: a client that sends half a request line or
half its headers and then nothing held that thread for as long as it kept the connection open.
``WEB_WORKERS`` × ``WEB_THREADS`` such connections (8 by default) and the site answered nobody,
``/healthz/`` included (slowloris). Here a thread first peeks at the socket: until the blank line
that ends the headers is there, the connection goes back to gthread's poller (which drops it after
``--keep-alive`` seconds without a byte), and one whose headers are not complete
``WEB_READ_TIMEOUT`` seconds (30) after they began is closed. Once a thread reads a request, each
read of it gives up after ``WEB_READ_TIMEOUT`` seconds without a byte (a stalled body).
Behind nginx (``deploy/nginx/``) the proxy buffers requests anyway; this protects gunicorn reached
directly (``make serve``, a container's port).
"""
from __future__ import annotations

import os
import socket
import time

from gunicorn.workers import gthread

#: peeked at most: past this the headers are gunicorn's to refuse (its limit is about 8 kB a line)
PEEK_BYTES = 65536


def read_timeout() -> float:
    try:
        return max(0.0, float(os.getenv("WEB_READ_TIMEOUT", "30")))
    except ValueError:
        return 30.0


class _TimedSocket(socket.socket):
    """A client socket whose blocking mode (what gthread sets to read a request) has a timeout."""

    __slots__ = ()

    def setblocking(self, flag: bool) -> None:
        if flag and (seconds := read_timeout()):
            self.settimeout(seconds)
        else:
            super().setblocking(flag)


def headers_arrived(sock: socket.socket) -> bool:
    """Whether the socket holds a whole header block (or an end, or more than gunicorn would take)."""
    try:
        data = sock.recv(PEEK_BYTES, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except (BlockingIOError, InterruptedError):
        return False
    except OSError:
        return True  # gunicorn meets the error itself and closes the connection
    return not data or b"\r\n\r\n" in data or b"\n\n" in data or len(data) >= PEEK_BYTES


class ThreadWorker(gthread.ThreadWorker):
    def handle(self, conn):
        if type(conn.sock) in (socket.socket, _TimedSocket) and not _buffered(conn):  # plain TCP (TLS: the proxy)
            if not headers_arrived(conn.sock):
                began = conn.__dict__.setdefault("headers_began", time.monotonic())
                if read_timeout() and time.monotonic() - began > read_timeout():
                    return False  # closed
                conn.data_ready = False
                return gthread._DEFER  # back to the poller: no thread waits for it
            conn.__dict__.pop("headers_began", None)
            conn.sock.__class__ = _TimedSocket
        return super().handle(conn)


def _buffered(conn) -> bool:
    """Whether gunicorn already read ahead into the next request of a kept-alive connection."""
    parser = getattr(conn, "parser", None)
    return parser is not None and bool(parser.unreader.buf.getvalue())
