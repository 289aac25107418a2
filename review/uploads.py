"""An upload handler refusing over-size files while they stream in (never read into memory)."""
from __future__ import annotations

from pathlib import Path

from django.core.files.uploadhandler import FileUploadHandler, SkipFile

_MB = 1024 * 1024


class SizeLimit(FileUploadHandler):
    """First in ``request.upload_handlers``: a file past ``limit`` bytes is skipped, its name kept."""

    def __init__(self, request, limit: int) -> None:
        super().__init__(request)
        self.limit = limit
        self.received = 0
        self.refused: list[str] = []

    def new_file(self, field_name, file_name, content_type, content_length, charset=None, content_type_extra=None):
        super().new_file(field_name, file_name, content_type, content_length, charset, content_type_extra)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > self.limit:
            self.refused.append(Path(self.file_name or "").name)
            raise SkipFile
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None

    def reasons(self) -> list[str]:
        """One line per refused file: name and limit (never content)."""
        return [f"{name}: too large (over the {self.limit / _MB:.0f} MB limit); nothing was stored" for name in self.refused]
