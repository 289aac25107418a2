"""Hostile PDFs written as raw bytes (test helper): a few kB that explode when laid out."""
from __future__ import annotations


def fan_out_pdf(depth: int = 7, fan: int = 10, pages: int = 1) -> bytes:
    """Form XObjects each drawing the next one ``fan`` times: ``fan ** depth`` glyph runs.

    A PDF reader lays out every drawing of a form again, so a 3 kB file asks it for
    millions of characters (time and memory grow as ``fan ** depth``).
    """
    objects: list[bytes] = []
    font = 3 + depth  # object numbers: 1 catalog, 2 pages, 3..3+depth-1 forms, then font, then pages
    for level in range(depth):
        number = 3 + level
        if level == depth - 1:
            body = b"BT /F1 12 Tf 10 10 Td (JOHN DOE AB1234) Tj ET"
            resources = f"<< /Font << /F1 {font} 0 R >> >>".encode()
        else:
            body = b" ".join(b"q 1 0 0 1 1 1 cm /X Do Q" for _ in range(fan))
            resources = f"<< /XObject << /X {number + 1} 0 R >> /Font << /F1 {font} 0 R >> >>".encode()
        objects.append(
            b"<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources " + resources
            + b" /Length " + str(len(body)).encode() + b" >>\nstream\n" + body + b"\nendstream"
        )
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>")
    first_page = font + 1
    kids = []
    for index in range(pages):
        contents = first_page + 2 * index + 1
        kids.append(f"{first_page + 2 * index} 0 R")
        page = f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X 3 0 R >> >> /Contents {contents} 0 R >>"
        body = b"/X Do"
        objects.append(page.encode())
        objects.append(b"<< /Length " + str(len(body)).encode() + b" >>\nstream\n" + body + b"\nendstream")
    head = [b"<< /Type /Catalog /Pages 2 0 R >>", f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {pages} >>".encode()]
    return _document(head + objects)


def _document(objects: list[bytes]) -> bytes:
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
