/* Review screen, reading: the reading progress that offers "accept the rest" (a refused or failed
 * request is told by static/js/app.js, on every page). Loaded next to review.js; the page
 * works without it (reading progress is then the plain "I have read to the end" form; every
 * action is a plain form post).
 *
 * Reading is evidence, not scrolling: a line counts when a mention on it was stepped to
 * (review.js sends "review:stepped"), or when it stayed in view long enough for its words at
 * the reading pace (#reading-rule's data-pace, words a minute). The lines in view are read in
 * order, top to bottom: time in view buys words at the pace, spent on the first unread line in
 * view, then the next; a line scrolled away before its words were bought starts again. The
 * server credits no more words than the time allows (review/services/reading.py).
 */
(() => {
  "use strict";

  const $ = (sel, el = document) => el.querySelector(sel);
  const $$ = (sel, el = document) => Array.from(el.querySelectorAll(sel));
  const inPreview = () => { const t = $("#transcript"); return !!t && t.dataset.view === "pseudo"; };
  const WORD = /[\p{L}\p{N}\p{M}_]+/gu;
  const TICK = 200; // ms

  const read = new Set(); // lines the server counted
  const stepped = new Set(); // lines stepped to, not sent yet
  const viewed = new Set(); // lines read in view, not sent yet
  let budget = 0; // words bought by time in view, not spent yet
  let target = 0; // the first unread line in view the budget is for
  let last = performance.now();
  let sending = false;

  const pace = () => { const r = $("#reading-rule"); return r ? Number(r.dataset.pace) || 600 : 600; };
  const lineNo = (el) => parseInt(el.id.slice(1), 10);
  const wordsOf = (el) => { const tx = $(".tx", el); return ((tx || el).textContent.match(WORD) || []).length; };

  function visibleLines() {
    const panel = $("#panel-a");
    const lines = $$("#transcript .line");
    if (!panel || !lines.length) return [];
    const view = panel.getBoundingClientRect();
    const top = Math.max(view.top, 0), bottom = Math.min(view.bottom, window.innerHeight);
    let lo = 0, hi = lines.length - 1, first = lines.length;
    while (lo <= hi) { // lines are in order: the first whose bottom is below the view's top
      const mid = (lo + hi) >> 1;
      if (lines[mid].getBoundingClientRect().bottom > top) { first = mid; hi = mid - 1; } else lo = mid + 1;
    }
    const shown = [];
    for (let i = first; i < lines.length; i++) {
      const box = lines[i].getBoundingClientRect();
      if (box.top >= bottom) break;
      const whole = box.top >= top - 1 && box.bottom <= bottom + 1;
      const tall = box.height > (bottom - top) * 0.8 && box.bottom > top; // a line taller than the view
      if (whole || tall) shown.push(lines[i]); // in view: its words can be read
    }
    return shown;
  }

  function tick() {
    const now = performance.now();
    const dt = Math.min(1000, now - last);
    last = now;
    const box = $("#reading");
    if (!box || inPreview() || document.hidden) { budget = 0; target = 0; return; }
    const unread = visibleLines().filter((el) => !read.has(lineNo(el)) && !viewed.has(lineNo(el)));
    if (!unread.length) { budget = 0; target = 0; flush(); return; }
    if (lineNo(unread[0]) !== target) budget = 0; // the line being read left the view: start it again
    budget += (dt / 1000) * (pace() / 60);
    for (const el of unread) {
      const words = wordsOf(el);
      if (words > budget) break;
      budget -= words;
      viewed.add(lineNo(el));
    }
    const next = unread.find((el) => !viewed.has(lineNo(el)));
    target = next ? lineNo(next) : 0;
    flush();
  }

  const ranges = (set) => {
    const sorted = Array.from(set).sort((a, b) => a - b);
    const parts = [];
    for (let i = 0; i < sorted.length; i++) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
      parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
      i = j;
    }
    return parts.join(",");
  };

  let flushTimer = null;
  function flush() {
    if (sending || (!viewed.size && !stepped.size) || flushTimer) return;
    flushTimer = setTimeout(send, 1500); // one post for the lines read meanwhile (few writes)
  }
  function send() {
    flushTimer = null;
    const box = $("#reading");
    if (!box || (!viewed.size && !stepped.size)) return;
    const form = $("#read-form");
    const token = ((form && $("input[name=csrfmiddlewaretoken]", form)) || {}).value || "";
    const stamp = ((form && $("input[name=stamp]", form)) || {}).value || "";
    const body = new URLSearchParams({ viewed: ranges(viewed), stepped: ranges(stepped), stamp: stamp });
    const sentViewed = new Set(viewed), sentStepped = new Set(stepped);
    viewed.clear(); stepped.clear();
    sending = true;
    fetch(box.dataset.readUrl, {
      method: "POST", credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": token, "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    }).then((r) => (r.ok ? r.json() : null)).then((seen) => {
      if (seen) showReading(seen); // lines the server did not count are read again while in view
      else { sentViewed.forEach((n) => viewed.add(n)); sentStepped.forEach((n) => stepped.add(n)); }
    }).catch(() => { sentViewed.forEach((n) => viewed.add(n)); sentStepped.forEach((n) => stepped.add(n)); })
      .finally(() => { sending = false; });
  }

  function parseRanges(value) {
    const lines = new Set();
    (value || "").split(",").forEach((part) => {
      const [a, b] = part.split("-").map(Number);
      if (!a) return;
      for (let n = a; n <= (b || a); n++) lines.add(n);
    });
    return lines;
  }

  function showReading(seen) {
    const box = $("#reading");
    if (!box) return;
    read.clear();
    parseRanges(seen.seen).forEach((n) => read.add(n));
    box.dataset.linesRead = seen.lines_read;
    box.dataset.seen = seen.seen;
    $("#reading-lines").textContent = seen.lines_read;
    $("#reading-percent").textContent = Math.min(100, Math.floor((seen.lines_read * 100) / seen.lines));
    const rest = $("#accept-rest-form");
    if (rest) rest.hidden = !seen.complete;
  }

  document.addEventListener("review:stepped", (event) => {
    const n = event.detail && event.detail.line;
    if (n && !read.has(n)) { stepped.add(n); flush(); }
  });

  function init() {
    const box = $("#reading");
    if (box) parseRanges(box.dataset.seen).forEach((n) => read.add(n));
    setInterval(tick, TICK);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
