"""Exceptions shared by the stages (the lowest layer: imports nothing of the package).

``IngestError`` lives here so that ``ingest`` and ``pdf`` both raise it without
importing each other.
"""
from __future__ import annotations


class IngestError(Exception):
    """A file that cannot be turned into a transcript: ``"<filename>: <reason>"``."""

    def __init__(self, filename: str, reason: str) -> None:
        self.filename = " ".join(str(filename).split())
        self.reason = " ".join(reason.split())
        super().__init__(f"{self.filename}: {self.reason}")
