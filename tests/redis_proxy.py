"""A TCP proxy in front of the test Redis that a test takes down and brings back: a Redis outage
(connections refused, open ones cut) without touching the Redis other tests share."""
from __future__ import annotations

import socket
import threading


class RedisProxy:
    def __init__(self, target: tuple[str, int] = ("127.0.0.1", 6379)) -> None:
        self.target = target
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.lock = threading.Lock()
        self.server: socket.socket | None = None
        self.open: list[socket.socket] = []

    def url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    @property
    def is_up(self) -> bool:
        return self.server is not None

    def up(self) -> None:
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", self.port))
        server.listen(64)
        with self.lock:
            self.server = server
        threading.Thread(target=self._accept, args=(server,), daemon=True).start()

    def down(self) -> None:
        """Refuse new connections and cut the open ones (what a stopped Redis does)."""
        with self.lock:
            server, self.server = self.server, None
            sockets, self.open = self.open, []
        for sock in ([server] if server else []) + sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                client.close()
                continue
            with self.lock:
                if self.server is not server:  # went down meanwhile
                    client.close()
                    upstream.close()
                    return
                self.open += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
