"""A recording on the review screen: the original streamed with HTTP Range, a line heard masked. GET only.

Whoever may open a document's review screen may hear its recording (the same guard); the file is
never under MEDIA_URL and never cached by the browser beyond the page (``private, no-store``).
The masked version of a line is rendered on the fly (:func:`anonymizer.speech.mask`): every mention
of the line not rejected is masked, as the export will mask it once the pending ones are accepted.
"""
from __future__ import annotations

import bisect
import io
import mimetypes
import re
import wave

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from anonymizer.lang.en.transcript import line_starts

from .. import audio, services
from ..constants import ReviewStatus
from ..models import Mention
from .common import parse_int, reviewable

RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")
CHUNK = 64 * 1024
TYPES = {".wav": "audio/wav", ".flac": "audio/flac", ".mp3": "audio/mpeg", ".m4a": "audio/mp4",
         ".aac": "audio/aac", ".ogg": "audio/ogg", ".opus": "audio/ogg"}


def _recording(request: HttpRequest, pk: int):
    document = reviewable(request, pk)
    if not document.is_audio:
        raise Http404("not a recording")
    try:
        path = audio.path_of(document)
        size = path.stat().st_size
    except OSError:
        raise Http404("the recording is missing") from None
    return document, path, size


def _chunks(path, start: int, length: int):
    with open(path, "rb") as handle:
        handle.seek(start)
        while length > 0:
            data = handle.read(min(CHUNK, length))
            if not data:
                return
            length -= len(data)
            yield data


def byte_range(header: str, size: int) -> tuple[int, int] | None | bool:
    """(first, last) byte of one ``Range: bytes=a-b`` (``bytes=-n``: the last n); None: no (usable)
    header, the whole file; False: unsatisfiable (416)."""
    match = RANGE.match(header.strip()) if header else None
    if match is None:
        return None
    first, last = match.groups()
    if not first and not last:
        return None
    if not first:  # a suffix range
        n = int(last)
        return (max(0, size - n), size - 1) if n and size else False
    start = int(first)
    end = min(int(last), size - 1) if last else size - 1
    if start >= size or end < start:
        return False
    return start, end


@login_required
@require_GET
def recording(request: HttpRequest, pk: int) -> HttpResponse:
    """The original recording, whole or the byte range asked for (the audio element seeks with it)."""
    document, path, size = _recording(request, pk)
    kind = TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    wanted = byte_range(request.headers.get("Range", ""), size)
    if wanted is False:
        response = HttpResponse(status=416)
        response["Content-Range"] = f"bytes */{size}"
    else:
        start, end = wanted or (0, size - 1)
        response = StreamingHttpResponse(_chunks(path, start, end - start + 1), content_type=kind,
                                         status=206 if wanted else 200)
        response["Content-Length"] = str(end - start + 1)
        if wanted:
            response["Content-Range"] = f"bytes {start}-{end}/{size}"
    response["Accept-Ranges"] = "bytes"
    response["Cache-Control"] = "private, no-store"
    response["Content-Disposition"] = "inline"  # never the upload's name
    return response


def _until(pieces, n: int):
    """The first ``n`` samples of a decoded stream (the rest is never decoded: a line near the start of a
    long recording costs little)."""
    import numpy as np

    kept, total = [], 0
    try:
        for piece in pieces:
            kept.append(piece)
            total += len(piece)
            if total >= n:
                break
    finally:
        pieces.close()  # the decoder's container closes now, not when collected
    return np.concatenate(kept)[:n] if kept else np.zeros(0, dtype=np.float32)


def _wav(samples, rate: int) -> bytes:
    import numpy as np

    pcm = (np.clip(samples, -1.0, 1.0) * 32767.0).round().astype("<i2")
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()


@login_required
@require_GET
def masked_line(request: HttpRequest, pk: int) -> HttpResponse:
    """Line ``?line=n`` of the recording (16 kHz mono WAV) with its mentions masked (writes nothing)."""
    from anonymizer import speech

    document, path, _ = _recording(request, pk)
    timed = audio.timed_of(document)
    lines = timed.line_times() if timed is not None else []
    number = parse_int(request.GET.get("line")) or 0
    if not 1 <= number <= len(lines):
        raise Http404("no such line")
    start, end, t0, t1 = lines[number - 1]
    rate = 16000
    samples = _until(speech.stream(path.read_bytes(), path.name, sample_rate=rate), int(t1 * rate) + 1)[int(t0 * rate):]
    mentions = Mention.objects.filter(document=document, start__lt=end, end__gt=start).exclude(
        status=ReviewStatus.REJECTED).only("start", "end")
    ranges = [(a - t0, b - t0) for a, b in audio.mask_ranges(timed, mentions)]
    config = services.config_from_settings(document.corpus)
    data = speech.mask(_wav(samples, rate), "line.wav", ranges, pad=config.mask_pad, reach=config.mask_reach, mode=document.corpus.audio_mask,
                       out_format="wav")
    response = HttpResponse(data, content_type="audio/wav")
    response["Cache-Control"] = "private, no-store"
    response["Content-Disposition"] = "inline"
    return response


def player_context(document) -> dict:
    """What the review page's player needs: the line and mention times (JSON for the script), the
    uncertain words (listed without JavaScript too); the selected mention's stretch is the inspector's."""
    timed = audio.timed_of(document)
    if timed is None:
        return {}
    mentions = list(Mention.objects.filter(document=document).exclude(status=ReviewStatus.REJECTED)
                    .only("pk", "start", "end").order_by("start"))
    times = dict(zip([m.pk for m in mentions], audio.span_times(timed, [(m.start, m.end) for m in mentions])))
    text = document.text or ""
    starts = line_starts(text)
    low = [{"start": s, "end": e, "word": text[s:e], "confidence": round(c, 2), "line": bisect.bisect_right(starts, s)}
           for s, e, c in audio.low_confidence(timed)]
    around = settings.AUDIO_PLAY_CONTEXT
    return {"audio": {
        "lines": [[n, round(t0, 3), round(t1, 3)] for n, (_, _, t0, t1) in enumerate(timed.line_times(), start=1)],
        "mentions": {str(pk): [round(t[0], 3), round(t[1], 3)] for pk, t in times.items() if t is not None},
        "low": [[w["start"], w["end"], w["confidence"]] for w in low],
        "context": around,
        "duration": round(timed.duration, 3),
    }, "audio_low": low, "audio_clock": audio.clock(timed.duration)}
