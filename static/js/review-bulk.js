/* Review screen, reading: the reading progress that offers "accept the rest" (a refused or failed
 * request is told by static/js/app.js, on every page). Loaded next to review.js; the page
 * works without it (reading progress is then not recorded; every action is a plain form post).
 */
(() => {
  "use strict";

  const $ = (sel, el = document) => el.querySelector(sel);
  const $$ = (sel, el = document) => Array.from(el.querySelectorAll(sel));
  const inPreview = () => { const t = $("#transcript"); return !!t && t.dataset.view === "pseudo"; };

  // ------------------------------------------------------------------ reading progress
  // The highest line scrolled past (or stepped to) goes to the server, which offers
  // "accept the rest" once every line was seen. Reading is not a decision: no version.

  let readTimer = null;
  let readSent = 0;
  function lastVisibleLine() {
    const panel = $("#panel-a");
    const lines = $$("#transcript .line");
    if (!panel || !lines.length) return 0;
    const bottom = panel.getBoundingClientRect().bottom;
    let lo = 0, hi = lines.length - 1, found = -1;
    while (lo <= hi) { // lines are in order: binary search for the last one whose top is above the bottom
      const mid = (lo + hi) >> 1;
      if (lines[mid].getBoundingClientRect().top < bottom) { found = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return found < 0 ? 0 : parseInt(lines[found].id.slice(1), 10);
  }
  function trackReading() {
    clearTimeout(readTimer);
    readTimer = setTimeout(() => {
      const box = $("#reading");
      if (!box || inPreview()) return;
      const line = lastVisibleLine();
      if (line <= readSent || line <= parseInt(box.dataset.linesRead || "0", 10)) return;
      readSent = line;
      const token = ($("#read-form input[name=csrfmiddlewaretoken]") || {}).value || "";
      fetch(box.dataset.readUrl, {
        method: "POST", credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": token, "Content-Type": "application/x-www-form-urlencoded" },
        body: "line=" + line,
      }).then((r) => (r.ok ? r.json() : null)).then((seen) => { if (seen) showReading(seen); }).catch(() => {});
    }, 250);
  }
  function showReading(seen) {
    const box = $("#reading");
    if (!box) return;
    box.dataset.linesRead = seen.lines_read;
    $("#reading-lines").textContent = seen.lines_read;
    $("#reading-percent").textContent = Math.min(100, Math.floor((seen.lines_read * 100) / seen.lines));
    const rest = $("#accept-rest-form");
    if (rest && seen.complete) rest.hidden = false;
  }
  document.addEventListener("scroll", trackReading, true);

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", trackReading);
  else trackReading();
})();
