// The review screen's recording (issue 45): play from a line (its number), the selected mention with a
// little context ("."), play / pause (space), the line being played highlighted, a line heard masked, and
// the words the recognizer was unsure of underlined (CSS custom highlights: panel A's DOM is untouched).
// One recording sounds at a time: the whole one or a line masked (space pauses whichever plays).
// Without JavaScript the audio element's own controls play the recording, the inspector's "Play" link
// opens the mention's stretch and the form opens a masked line.
(function () {
  "use strict";
  const $ = (s) => document.querySelector(s);
  let data = null, stopAt = null, playing = 0, maskedLine = 0;

  function load() {
    const node = document.getElementById("audio-data");
    data = node ? JSON.parse(node.textContent) : null;
    underline();
    numbers();
    follow();
  }
  const player = () => document.getElementById("audio");
  const maskedPlayer = () => document.getElementById("masked-audio");

  function numbers() {  // a line's number says what a click on it does
    if (!data) return;
    document.querySelectorAll("#transcript .line > .ln").forEach((n) => { n.title = "Play from line " + n.textContent; });
  }

  function follow() {  // "Hear line … masked" offers the selected mention's line
    const field = document.getElementById("masked-line");
    const line = document.querySelector("#transcript mark.cur") && document.querySelector("#transcript mark.cur").closest(".line");
    if (field && line && document.activeElement !== field) field.value = line.id.slice(1);
  }

  function mark(n) {
    document.querySelectorAll("#transcript .line.playing").forEach((l) => l.classList.remove("playing"));
    const line = n && document.getElementById("l" + n);
    if (line) line.classList.add("playing");
  }

  function play(t0, t1) {
    const audio = player();
    if (!audio) return;
    stopAt = t1 == null ? null : t1;
    audio.currentTime = Math.max(0, t0);
    const started = audio.play();
    if (started && started.catch) started.catch(() => {});
  }

  function lineAt(time) {
    if (!data) return 0;
    for (const [n, t0, t1] of data.lines) if (time >= t0 && time < t1) return n;
    return 0;
  }

  function highlight() {
    const audio = player();
    if (!audio || !data) return;
    if (stopAt != null && audio.currentTime >= stopAt) { audio.pause(); stopAt = null; }
    const masked = maskedPlayer();
    if (masked && !masked.paused) return;  // the line heard masked stays highlighted
    const n = lineAt(audio.currentTime);
    if (n === playing) return;
    mark(n);
    playing = n;
  }

  function stretch(link) {  // the inspector link's "#t=start,end"
    const m = /#t=([\d.]+),([\d.]+)$/.exec(link ? link.getAttribute("href") : "");
    return m ? [Number(m[1]), Number(m[2])] : null;
  }

  function playMention() {
    if (!data) return;
    const chosen = document.querySelector("#transcript mark.cur") || document.querySelector("#transcript mark.m[id]:focus");
    const times = chosen && data.mentions[chosen.id.slice(1)];
    if (times) { play(times[0] - data.context, times[1] + data.context); return; }
    const link = stretch(document.getElementById("play-mention-link"));  // a mention added since the page loaded
    if (link) { play(link[0], link[1]); return; }
    const line = chosen && chosen.closest(".line");
    const range = line && data.lines[Number(line.id.slice(1)) - 1];
    if (range) play(range[1], range[2]);
  }

  function underline() {
    if (!window.CSS || !CSS.highlights || !window.Highlight) return;
    CSS.highlights.delete("low-confidence");
    if (!data || !data.low.length) return;
    const ranges = [];
    const lines = [...document.querySelectorAll("#transcript .line")];
    let i = 0;
    for (const [start, end] of data.low) {
      while (i + 1 < lines.length && Number(lines[i + 1].dataset.o) <= start) i++;
      const line = lines[i];
      if (!line) break;
      const walker = document.createTreeWalker(line.querySelector(".tx"), NodeFilter.SHOW_TEXT);
      let offset = Number(line.dataset.o), node, range = null;
      while ((node = walker.nextNode())) {
        const next = offset + node.data.length;
        if (!range && offset <= start && start < next) { range = document.createRange(); range.setStart(node, start - offset); }
        if (range && offset < end && end <= next) { range.setEnd(node, end - offset); ranges.push(range); break; }
        offset = next;
      }
    }
    CSS.highlights.set("low-confidence", new Highlight(...ranges));
  }

  document.addEventListener("keydown", (event) => {
    if (!data || !player()) return;
    const t = event.target, masked = maskedPlayer();
    if (event.key === " " && t.closest && t.closest("#masked-form button") && masked && !masked.paused) {
      event.preventDefault();  // the button that started the masked line stops it (not a second start)
      masked.pause();
      return;
    }
    if ((t.closest && t.closest("input, select, textarea, button, [contenteditable], audio")) || event.ctrlKey || event.metaKey || event.altKey) return;
    const help = $("#help");
    if (help && help.open) return;
    if (event.key === " ") {
      event.preventDefault();
      const audio = player();
      if (masked && !masked.paused) masked.pause();  // the masked line is what sounds: space stops it
      else if (audio.paused) { stopAt = null; audio.play().catch(() => {}); } else audio.pause();
    } else if (event.key === ".") {
      event.preventDefault();
      playMention();
    }
  });

  document.addEventListener("click", (event) => {
    if (!data || !event.target.closest) return;
    if (event.target.closest("#play-mention-link")) {  // with JavaScript it plays here, on the review screen
      event.preventDefault();
      playMention();
      return;
    }
    const number = event.target.closest("#transcript .line .ln");
    if (number) {
      const line = data.lines[Number(number.textContent) - 1];
      if (line) play(line[1], null);
    }
  });

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form || form.id !== "masked-form") return;
    event.preventDefault();  // played here; without JavaScript the browser opens the masked line itself
    const masked = maskedPlayer();
    maskedLine = Number(form.elements.line.value) || 0;
    masked.src = form.action + "?line=" + encodeURIComponent(form.elements.line.value);
    masked.play().catch(() => {});
  });

  // one recording at a time: starting one pauses the other; the line heard masked is highlighted
  document.addEventListener("play", (event) => {
    const audio = player(), masked = maskedPlayer();
    if (event.target === masked) { if (audio && !audio.paused) audio.pause(); mark(maskedLine); playing = -1; }
    else if (event.target === audio && masked && !masked.paused) masked.pause();
  }, true);
  const quiet = (event) => { if (event.target === maskedPlayer()) { mark(0); playing = 0; } };
  document.addEventListener("pause", quiet, true);
  document.addEventListener("ended", quiet, true);
  document.addEventListener("timeupdate", (event) => { if (event.target === player()) highlight(); }, true);
  // a decision re-renders its line: the line being played (or heard masked) keeps its highlight
  const remark = () => { if (playing > 0) mark(playing); else if (playing === -1) mark(maskedLine); };
  document.addEventListener("htmx:afterSettle", () => { underline(); numbers(); follow(); remark(); });
  document.addEventListener("htmx:oobAfterSwap", remark);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", load); else load();
})();
