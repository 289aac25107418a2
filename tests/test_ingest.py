"""Loading .txt/.pdf files and uploads; every refusal is one clear line naming the file and the reason."""
from __future__ import annotations

import random

import pytest

from anonymizer.ingest import IngestError, load, load_bytes
from anonymizer.types import Config
from tests.pdfmaker import BodyPage, Hearing, blank_text_pdf, render, scanned_pdf

TITLE = [
    "PAROLE SUITABILITY HEARING",
    "STATE OF CALIFORNIA",
    "BOARD OF PAROLE HEARINGS",
    "In the matter of the Parole CDCR Number: AB1234",
    "Consideration Hearing of:",
    "JOSÉ NÚÑEZ",
    "SALINAS VALLEY STATE PRISON",
    "SOLEDAD, CALIFORNIA",
    "Transcribed by:",
    "JANE SMITH",
]
BODY = ["PRESIDING COMMISSIONER ROE: Good morning, Mr. Núñez.", "INMATE NÚÑEZ: Good morning."]
FIVE_MB_LINES = 5 * 1024 * 1024 // 19 + 1  # 19-byte lines
SECRET = "Núñez"  # document text that must never appear in an error message


def small_pdf(**render_options) -> bytes:
    hearing = Hearing([t.replace("JOSÉ NÚÑEZ", "JOHN DOE") for t in TITLE], [BodyPage(["INMATE DOE: Yes."])])
    return render(hearing, **render_options)


def test_it_loads_a_text_file_whose_offsets_index_the_decoded_bytes(tmp_path):
    data = ("\r\n".join(TITLE) + "\r\n\r\n" + "\r\n".join(BODY) + "\r\n").encode("utf-8")
    path = tmp_path / "hearing.txt"
    path.write_bytes(data)
    transcript = load(path)
    decoded = data.decode("utf-8")
    assert transcript.text == decoded
    start = transcript.text.index("Mr. Núñez") + len("Mr. ")
    assert decoded[start : start + len(SECRET)] == SECRET
    assert decoded[: transcript.title_end] == "\r\n".join(TITLE)
    assert transcript.header.inmate_name == "JOSÉ NÚÑEZ"
    assert (transcript.name, transcript.source_format) == ("hearing.txt", "txt")


def test_it_strips_a_leading_byte_order_mark_only():
    data = "\ufeff".encode("utf-8") + "\n".join(BODY).encode("utf-8")
    transcript = load_bytes(data, "bom.txt")
    assert transcript.text == data.decode("utf-8").removeprefix("\ufeff")
    assert transcript.header is None and transcript.title_end == 0


def test_it_loads_a_pdf_from_disk_and_from_an_upload(tmp_path):
    data = small_pdf()
    path = tmp_path / "Hearing.PDF"
    path.write_bytes(data)
    from_disk, uploaded = load(path), load_bytes(data, "upload.pdf")
    assert from_disk.text == uploaded.text
    assert from_disk.text.endswith("\n\nINMATE DOE: Yes.\n")
    assert (uploaded.source_format, uploaded.header.cdcr_number) == ("pdf", "AB1234")


BAD_INPUTS = [
    ("empty.txt", lambda: b"", "empty file"),
    ("blank.txt", lambda: b" \r\n\t\n", "empty file"),
    ("empty.pdf", lambda: b"", "empty file"),
    ("junk.pdf", lambda: random.Random(0).randbytes(4096), "not a PDF file"),
    ("cut.pdf", lambda: small_pdf()[:400], "unreadable PDF"),
    ("locked.pdf", lambda: small_pdf(encrypt="secret"), "encrypted PDF; remove the password first"),
    ("scan.pdf", scanned_pdf, "no text layer (scanned image?); run OCR first"),
    ("blank.pdf", blank_text_pdf, "PDF contains no text"),
    ("huge.txt", lambda: b"INMATE NUNEZ: yes.\n" * FIVE_MB_LINES, "too large (5.0 MB; limit 3.0 MB)"),
    ("latin1.txt", lambda: "\n".join(TITLE + BODY).encode("cp1252"), "not UTF-8 text (looks like "),
    ("nul.txt", lambda: b"INMATE NUNEZ: yes\x00\x00\x01", "binary data, not text"),
    # Windows' "Unicode" without its byte-order mark was called binary data
    ("utf16le.txt", lambda: "\n".join(TITLE + BODY).encode("utf-16-le"), "looks like utf-16le without a byte-order mark"),
    ("utf16be.txt", lambda: "\n".join(TITLE + BODY).encode("utf-16-be"), "iconv -f utf-16be -t utf-8"),
    ("ascii-utf16le.txt", lambda: ("PAROLE SUITABILITY HEARING\nINMATE DOE: Yes.\n" * 20).encode("utf-16-le"), "looks like utf-16le without a byte-order mark"),
    ("nul-pairs.txt", lambda: b"I\x00N\x00\x01\x00" * 40, "binary data, not text"),
    ("hearing.docx", lambda: "PK Núñez".encode(), "unsupported file type ('.docx'); expected .pdf or .txt"),
    ("one-line.txt", lambda: b"INMATE NUNEZ: yes. " * 12000, "line 1 is 228,000 characters long (limit 200,000)"),
    ("no-breaks.txt", lambda: b"x" * 2_500_000, "line 1 is 2,500,000 characters long (limit 200,000)"),
    ("late-line.txt", lambda: b"INMATE NUNEZ: yes.\n" * 3 + b"NUNEZ " * 36000, "line 4 is 216,000 characters long"),
]


@pytest.mark.parametrize(("filename", "make", "reason"), BAD_INPUTS, ids=[row[0] for row in BAD_INPUTS])
def test_it_refuses_bad_input_with_one_line_naming_file_and_reason(filename, make, reason):
    with pytest.raises(IngestError) as caught:
        load_bytes(make(), filename, Config())
    error = caught.value
    assert error.filename == filename
    assert reason in error.reason
    assert str(error) == f"{filename}: {error.reason}"
    assert "\n" not in str(error)
    assert SECRET not in str(error) and "NUNEZ" not in str(error)
    # no chained traceback that could carry document text
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)


def test_it_tells_how_to_convert_a_cp1252_file():
    with pytest.raises(IngestError) as caught:
        load_bytes("Señor José Núñez testified.\n".encode("cp1252") * 20, "notes.txt")
    assert caught.value.reason == (
        "not UTF-8 text (looks like cp1252); convert it to UTF-8, e.g. iconv -f cp1252 -t utf-8"
    )


def test_it_refuses_a_missing_file(tmp_path):
    with pytest.raises(IngestError, match=r"^absent\.txt: cannot read the file \(no such file or directory\)$"):
        load(tmp_path / "absent.txt")


def test_it_applies_the_size_limit_to_the_text_of_a_pdf():
    with pytest.raises(IngestError, match=r"^big\.pdf: too large \(0\.0 MB; limit 0\.0 MB\)$"):
        load_bytes(small_pdf(), "big.pdf", Config(max_text_bytes=100))


def _printed_like_a_pdf(lines: int) -> bytes:
    """Short lines with a line-number gutter that the pass reads joined into long utterances."""
    rows = [f"{i % 25 + 1:>2}   INMATE NUNEZ: and then I went to the" if i % 400 == 0 else
            f"{i % 25 + 1:>2}   store and I came back home again and" for i in range(lines)]
    return ("\n".join(rows) + "\n").encode()


def test_it_refuses_a_text_of_more_lines_than_a_transcript_has():
    # 1,000,000 one-letter lines (2 MB): a 128 MB review page that took 50 s, and 99 s of the pass
    with pytest.raises(IngestError, match=r"^lines\.txt: 1,000,000 lines \(limit 100,000\); is this a transcript\?$"):
        load_bytes(b"a\n" * 1_000_000, "lines.txt", Config())
    with pytest.raises(IngestError, match=r"^cr\.txt: 1,001 lines \(limit 1,000\)"):  # the lines the pass reads
        load_bytes(b"a\r" * 1_001, "cr.txt", Config(max_lines=1_000))
    assert load_bytes(b"a\n" * 1_000, "ok.txt", Config(max_lines=1_000)).text.count("\n") == 1_000
    with pytest.raises(IngestError, match=r"^many\.pdf: \d+ lines \(limit 3\)"):
        load_bytes(small_pdf(), "many.pdf", Config(max_lines=3))


def test_it_refuses_a_line_too_long_for_the_pass_also_when_the_pass_would_join_it():
    # a 1 MB line took spaCy 3 GB and several stages time growing with the square of its length
    with pytest.raises(IngestError, match=r"^joined\.txt: line 1 is 14,79\d characters long \(limit 10,000\); "):
        load_bytes(_printed_like_a_pdf(2000), "joined.txt", Config(max_line_chars=10_000))
    assert load_bytes(_printed_like_a_pdf(2000), "joined.txt", Config()).text.count("\n") == 2000
    with pytest.raises(IngestError, match=r"^long\.pdf: line \d+ is \d+ characters long \(limit 10\)"):
        load_bytes(small_pdf(), "long.pdf", Config(max_line_chars=10))
