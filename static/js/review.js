/* Review screen: keyboard navigation, selection of missed text, client-side filters.
 *
 * Every change goes to the server as an htmx request (queued on #review, so rapid keys
 * never race each other) and comes back as out-of-band swaps of what changed. The page
 * works without this file: every action is also a plain form post.
 */
(() => {
  "use strict";

  const $ = (sel, el = document) => el.querySelector(sel);
  const $$ = (sel, el = document) => Array.from(el.querySelectorAll(sel));
  const FOLLOWING = Node.DOCUMENT_POSITION_FOLLOWING;

  const state = { current: null, entity: null, pendingFocus: null, tags: null };

  const root = () => $("#review");
  const base = () => root().dataset.base;
  const editable = () => root() && root().dataset.editable === "1";
  // status and action strings come from review/constants.py through data attributes on #review
  const vocab = (name) => root().dataset[name];
  const version = () => ($("#doc-version") || {}).value || "";
  const inPreview = () => { const t = $("#transcript"); return !!t && t.dataset.view === "pseudo"; };
  const currentMark = () => (state.current ? document.getElementById(state.current) : null);

  // ------------------------------------------------------------------ requests

  document.addEventListener("htmx:configRequest", (event) => {
    if (event.detail.verb !== "post") return;
    const params = event.detail.parameters;
    params.version = version(); // the version this view is based on (optimistic locking)
    if (!params.inspect) {
      const key = inspectKey();
      if (key) params.inspect = key;
    }
    if (inPreview()) params.view = "pseudo";
  });

  function inspectKey() {
    const insp = $("#inspector");
    if (insp && insp.dataset.mode === "entity" && insp.dataset.e) return "e:" + insp.dataset.e;
    if (insp && insp.dataset.mode === "mention" && insp.dataset.m) return "m:" + insp.dataset.m;
    return "";
  }

  // htmx.ajax's promise rejects when no answer came: static/js/app.js tells the failure in the page
  const told = () => {};

  function post(path, values) {
    if (!editable()) return Promise.resolve();
    return htmx.ajax("POST", base() + path, { source: "#panel-a", swap: "none", values: values || {} }).catch(told);
  }

  let inspectTimer = null;
  function loadInspector(query, delay) {
    clearTimeout(inspectTimer);
    inspectTimer = setTimeout(
      () => htmx.ajax("GET", base() + "inspect/?" + query, { source: "#inspector", target: "#inspector", swap: "outerHTML" }).catch(told),
      delay === undefined ? 60 : delay,
    );
  }

  // computed tags can renumber anywhere after an action: fetch them all (one small JSON)
  let tagsTimer = null;
  function refreshTags(delay) {
    clearTimeout(tagsTimer);
    tagsTimer = setTimeout(() => {
      if (!root()) return;
      fetch(root().dataset.tags, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : null))
        .then((data) => { if (data) { state.tags = data.tags; state.tagsVersion = data.version; applyTags(); } })
        .catch(told); // no answer: the tags stay as they were, the next action fetches them again
    }, delay);
  }

  function applyTags() {
    if (!state.tags) return;
    // tags of an older version know nothing of an entity made (or relabelled back) since: the rows
    // keep the tags the server wrote until the tags of this version came
    if (String(state.tagsVersion) !== String(version())) return;
    $$("[data-tag-of]").forEach((span) => {
      if (!span.classList.contains("renamed")) span.textContent = state.tags[span.dataset.tagOf] || "";
    });
    const input = $("#rename-input");
    const insp = $("#inspector");
    if (input && insp) input.placeholder = state.tags[insp.dataset.e] || "";
  }
  document.addEventListener("tags-stale", () => refreshTags(300));

  // ------------------------------------------------------------------ navigation

  function select(mark, inspect) {
    if (!mark) return;
    $$("#transcript mark.cur").forEach((m) => m.classList.remove("cur"));
    state.current = mark.id;
    mark.classList.add("cur");
    mark.focus({ preventScroll: true });
    const pane = $("#panel-a");
    const box = mark.getBoundingClientRect();
    const view = pane.getBoundingClientRect();
    if (box.top < view.top + 40 || box.bottom > view.bottom - 40) mark.scrollIntoView({ block: "center" });
    const line = mark.closest(".line");
    // stepping to a mention is evidence of reading its line (static/js/review-bulk.js records it)
    if (line) document.dispatchEvent(new CustomEvent("review:stepped", { detail: { line: parseInt(line.id.slice(1), 10) } }));
    if (inspect) loadInspector("m=" + mark.id.slice(1));
  }

  function step(dir, onlyPending) {
    if (inPreview()) return null;
    const list = $$(onlyPending ? `#transcript mark.s-${vocab("pending")}[id]` : "#transcript mark.m[id]");
    if (!list.length) return null;
    const cur = currentMark();
    let index = -1;
    if (cur) {
      if (dir > 0) index = list.findIndex((m) => m !== cur && cur.compareDocumentPosition(m) & FOLLOWING);
      else for (let i = list.length - 1; i >= 0; i--) if (list[i] !== cur && list[i].compareDocumentPosition(cur) & FOLLOWING) { index = i; break; }
    }
    if (index < 0) index = dir > 0 ? 0 : list.length - 1; // wrap around
    return list[index];
  }

  function entityMarks() {
    return state.entity ? $$(`#transcript mark[data-e="${state.entity}"]`) : [];
  }

  function highlightEntity() {
    $$("#transcript mark.ent-sel").forEach((m) => m.classList.remove("ent-sel"));
    entityMarks().forEach((m) => m.classList.add("ent-sel"));
    $$("#entity-groups li.ent.chosen").forEach((li) => li.classList.remove("chosen"));
    const row = state.entity && document.getElementById("e" + state.entity);
    if (row) row.classList.add("chosen");
  }

  function stepEntity(dir) {
    const list = entityMarks();
    if (!list.length) return;
    const cur = currentMark();
    let index = cur ? list.indexOf(cur) : -1;
    index = index < 0 ? (dir > 0 ? 0 : list.length - 1) : (index + dir + list.length) % list.length;
    select(list[index], false);
    const pos = $("#step-pos");
    if (pos) pos.textContent = `mention ${index + 1} of ${list.length}`;
  }

  // ------------------------------------------------------------------ actions

  function decide(status) {
    const mark = currentMark();
    if (!mark || inPreview()) return;
    const next = step(1, true);
    const target = next && next !== mark ? next : mark;
    select(target, false);
    post(`mentions/${mark.id.slice(1)}/${status}/`, { inspect: "m:" + target.id.slice(1) });
  }

  // The entity of what has the focus, whatever the timing: a highlighted mention (j/k) wins
  // over the entity open in panel B unless the focus is in panel B itself.
  function currentEntity() {
    const insp = $("#inspector");
    const panelEntity = insp && insp.dataset.mode === "entity" && insp.dataset.e ? insp.dataset.e : null;
    const active = document.activeElement;
    if (panelEntity && active && active.closest && active.closest("#panel-b")) return panelEntity;
    const mark = currentMark();
    return mark ? mark.dataset.e : panelEntity;
  }

  // ------------------------------------------------------------------ boundaries
  // [ ] trim a word at the start / end, { } extend by a word; "Use selection" takes the selected text.

  function resize(start, end) {
    const mark = currentMark();
    if (!mark || inPreview() || end <= start) return;
    post(`mentions/${mark.id.slice(1)}/resize/`, { start: start, end: end, inspect: "m:" + mark.id.slice(1) });
  }
  function nudge(edge, grow) {
    const mark = currentMark();
    if (!mark || inPreview()) return;
    const line = mark.closest(".line");
    const tx = $(".tx", line);
    const text = Array.from(tx.textContent);
    const origin = Number(line.dataset.o);
    let s = offsetIn(tx, mark, 0), e = s + Array.from(mark.textContent).length;
    const word = (c) => /[\p{L}\p{N}'’-]/u.test(c || "");
    if (edge === "start" && grow) { s--; while (s > 0 && !word(text[s])) s--; while (s > 0 && word(text[s - 1])) s--; }
    if (edge === "start" && !grow) { while (s < e && word(text[s])) s++; while (s < e && !word(text[s])) s++; }
    if (edge === "end" && grow) { e++; while (e < text.length && !word(text[e - 1])) e++; while (e < text.length && word(text[e])) e++; }
    if (edge === "end" && !grow) { while (e > s && word(text[e - 1])) e--; while (e > s && !word(text[e - 1])) e--; }
    resize(origin + Math.max(0, s), origin + Math.min(text.length, e));
  }
  function selectionSpan() {
    const sel = window.getSelection();
    if (!sel || sel.isCollapsed || !sel.rangeCount) return null;
    const range = sel.getRangeAt(0);
    const line = (range.startContainer.nodeType === 1 ? range.startContainer : range.startContainer.parentElement).closest("#transcript .line");
    if (!line) return null;
    const tx = $(".tx", line);
    const origin = Number(line.dataset.o);
    return [origin + offsetIn(tx, range.startContainer, range.startOffset), origin + offsetIn(tx, range.endContainer, range.endOffset)];
  }

  function decideEntity(status) {
    const entity = currentEntity();
    if (entity) post(`entities/${entity}/${status}/`);
  }

  function focusInspectorField(id, mode) {
    const insp = $("#inspector");
    const field = document.getElementById(id);
    if (insp && insp.dataset.mode === mode && field) { field.focus(); return; }
    const mark = currentMark();
    if (mode === "mention" && mark) { state.pendingFocus = id; loadInspector("m=" + mark.id.slice(1), 0); }
  }

  function openEntity(entity) {
    if (!entity) return;
    state.entity = String(entity);
    highlightEntity();
    loadInspector("e=" + entity, 0);
  }

  // code-point offsets (Python str offsets) of a DOM position inside a line's text
  function offsetIn(tx, node, offset) {
    const range = document.createRange();
    range.setStart(tx, 0);
    range.setEnd(node, offset);
    return Array.from(range.toString()).length;
  }

  function markSelection() {
    const sel = window.getSelection();
    if (!sel || sel.isCollapsed || !sel.rangeCount || inPreview()) return false;
    const range = sel.getRangeAt(0);
    const lineOf = (node) => (node.nodeType === 1 ? node : node.parentElement).closest("#transcript .line");
    const line = lineOf(range.startContainer);
    if (!line || line !== lineOf(range.endContainer)) return false;
    const tx = $(".tx", line);
    if (!tx.contains(range.startContainer) || !tx.contains(range.endContainer)) return false;
    const origin = Number(line.dataset.o);
    const start = origin + offsetIn(tx, range.startContainer, range.startOffset);
    const end = origin + offsetIn(tx, range.endContainer, range.endOffset);
    if (end <= start) return false;
    loadInspector(`start=${start}&end=${end}`, 0);
    return true;
  }

  function togglePreview() {
    const show = !inPreview();
    htmx.ajax("GET", base() + "preview/?view=" + (show ? "pseudo" : "text"), {
      source: "#transcript", target: "#transcript", swap: "outerHTML",
    }).then(() => {
      const link = $("#preview-toggle");
      link.setAttribute("aria-pressed", String(show));
      link.textContent = show ? "Show original" : "Show pseudonymized";
      link.setAttribute("href", show ? "?" : "?view=pseudo");
      afterSwap();
    }).catch(told);
  }

  function help() {
    const dialog = $("#help");
    if (dialog && !dialog.open) dialog.showModal();
  }

  // ------------------------------------------------------------------ filters (panel B)

  function applyFilters() {
    const form = $("#filters");
    if (!form) return;
    const status = form.elements.status.value;
    const low = form.elements.low.checked;
    const label = form.elements.label.value;
    const query = form.elements.q.value.trim().toLowerCase();
    const corpus = form.elements.corpus ? form.elements.corpus.value : "";
    const certainty = form.elements.certainty ? form.elements.certainty.value : "";
    const source = form.elements.source ? form.elements.source.value.trim() : "";
    $$("#entity-groups section.group").forEach((group) => {
      let visible = 0;
      $$("li.ent", group).forEach((li) => {
        const d = li.dataset;
        const pending = vocab("pending");
        const show = (!status || (status === pending ? d.status === pending : d.status !== pending))
          && (!low || d.low === "1")
          && (!label || d.label === label)
          && (!corpus || (d.corpus || "").split(" ").includes(corpus))
          && (!certainty || (d.certainty || "").split(" ").includes(certainty))
          && (!source || (d.source || "").split(" ").includes(source))
          && (!query || li.textContent.toLowerCase().includes(query));
        li.hidden = !show;
        if (show) visible++;
      });
      group.hidden = visible === 0;
    });
  }

  // The bulk form must act on exactly what panel B shows: whenever a filter changes (however it
  // was set), the URL takes the filters (a reload, and every action's answer, keep them) and the
  // server sends the list and the bulk form for that set; until then the stale form is disabled.
  let listTimer = null;
  function filterQuery() {
    const form = $("#filters");
    const query = new URLSearchParams();
    if (!form) return query;
    new FormData(form).forEach((value, name) => { if (String(value).trim()) query.set(name, String(value).trim()); });
    return query;
  }
  function refreshList() {
    const form = $("#filters");
    if (!form || !root()) return;
    const button = $("#accept-shown");
    if (button) { button.disabled = true; button.setAttribute("aria-busy", "true"); }
    clearTimeout(listTimer);
    listTimer = setTimeout(() => {
      const query = filterQuery();
      const url = new URL(location.href);
      Array.from(form.elements).forEach((field) => { if (field.name) url.searchParams.delete(field.name); });
      query.forEach((value, name) => url.searchParams.set(name, value));
      history.replaceState(history.state, "", url.pathname + url.search + url.hash);
      htmx.ajax("GET", root().dataset.listed + "?" + query.toString(), { source: "#entity-groups", swap: "none" }).catch(told);
    }, 150);
  }

  // ------------------------------------------------------------------ events

  const KEYS = {
    j: () => select(step(1, true), true),
    k: () => select(step(-1, true), true),
    J: () => select(step(1, false), true),
    K: () => select(step(-1, false), true),
    ArrowDown: () => select(step(1, true), true),
    ArrowUp: () => select(step(-1, true), true),
    a: () => decide(vocab("accept")),
    r: () => decide(vocab("reject")),
    A: () => decideEntity(vocab("accept")),
    R: () => decideEntity(vocab("reject")),
    l: () => focusInspectorField("relabel-select", "mention"),
    m: () => focusInspectorField("move-select", "mention"),
    s: () => { const b = $("#split-button"); if (b) b.click(); },
    e: () => openEntity(currentEntity()),
    t: () => { const entity = currentEntity(); if (entity) { state.pendingFocus = "rename-input"; openEntity(entity); } },
    n: () => stepEntity(1),
    N: () => stepEntity(-1),
    x: () => markSelection(),
    "[": () => nudge("start", false),
    "]": () => nudge("end", false),
    "{": () => nudge("start", true),
    "}": () => nudge("end", true),
    "/": () => $("#find-input").focus(),
    p: () => togglePreview(),
    u: () => post("undo/"),
    "?": () => help(),
  };

  const FROM_LISTS = new Set(["j", "k", "J", "K", "u", "?"]);

  document.addEventListener("keydown", (event) => {
    if (!root()) return;
    const target = event.target;
    const typing = target.closest && target.closest("input, select, textarea, [contenteditable]");
    if (event.key === "Escape") {
      if (typing) target.blur();
      const mark = currentMark();
      if (mark) mark.focus({ preventScroll: true });
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || $("#help").open) return;
    // a list (l: the label, m: the entity) answers Enter by applying it; the keys that move on or
    // undo still work from it (its other letters choose an option by its first letter)
    const list = typing && target.matches("#panel-b select");
    if (list && event.key === "Enter" && target.form) { event.preventDefault(); target.form.requestSubmit(); return; }
    if (list && FROM_LISTS.has(event.key)) {
      event.preventDefault();
      target.blur();
      KEYS[event.key]();
      return;
    }
    if (typing) return;
    if (event.key === "Enter" && target.matches && target.matches("mark.m[id]")) {
      loadInspector("m=" + target.id.slice(1), 0);
      event.preventDefault();
      return;
    }
    const action = KEYS[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  document.addEventListener("click", (event) => {
    const t = event.target;
    if (!t.closest || !root()) return;
    const mark = t.closest("#transcript mark.m[id]");
    if (mark && window.getSelection().isCollapsed) { select(mark, true); return; }
    if (t.closest("#resize-from-selection")) {
      const span = selectionSpan();
      if (span) { $("#resize-start").value = span[0]; $("#resize-end").value = span[1]; $("#resize-form").requestSubmit(); }
      return;
    }
    const stepper = t.closest("#inspector [data-step]");
    if (stepper) { stepEntity(Number(stepper.dataset.step)); return; }
    const entityLink = t.closest("a.ent-name[href^='?e=']");
    if (entityLink) { event.preventDefault(); openEntity(entityLink.getAttribute("href").slice(3)); return; }
    const occurrence = t.closest("#inspector a[data-m]");
    if (occurrence) {
      const target = document.getElementById("m" + occurrence.dataset.m);
      if (target) { event.preventDefault(); select(target, false); }
      return;
    }
    if (t.closest("#preview-toggle")) { event.preventDefault(); togglePreview(); return; }
    if (t.closest("#help-button")) { help(); return; }
    if (t.closest("#next-pending-link")) { event.preventDefault(); select(step(1, true), true); }
  });

  document.addEventListener("mouseup", (event) => {
    if (event.target.closest && event.target.closest("#transcript")) setTimeout(markSelection, 0);
  });

  document.addEventListener("change", (event) => {
    if (event.target.id === "others-all") {
      $$("#add-form fieldset.others input[name=span]").forEach((box) => { box.checked = event.target.checked; });
    }
  });
  document.addEventListener("input", (event) => { if (event.target.closest("#filters")) { applyFilters(); refreshList(); } });
  document.addEventListener("submit", (event) => {
    if (event.target.id === "filters") { event.preventDefault(); applyFilters(); refreshList(); }
  });

  function afterSwap() {
    const mark = currentMark();
    if (mark) {
      mark.classList.add("cur");
      const active = document.activeElement;
      if (!active || active === document.body || !document.contains(active)) mark.focus({ preventScroll: true });
    }
    const insp = $("#inspector");
    if (insp && insp.dataset.mode === "entity" && insp.dataset.e) state.entity = insp.dataset.e;
    highlightEntity();
    applyFilters();
    applyTags(); // swapped-in rows and inspector show the last known tags until the next refresh
    if (state.pendingFocus) {
      const field = document.getElementById(state.pendingFocus);
      state.pendingFocus = null;
      if (field) field.focus();
    }
    const conflict = $("#conflict");
    if (conflict && !conflict.dataset.seen) { conflict.dataset.seen = "1"; conflict.focus(); }
  }

  let settleFrame = 0;
  const scheduleAfterSwap = () => { cancelAnimationFrame(settleFrame); settleFrame = requestAnimationFrame(afterSwap); };
  document.addEventListener("htmx:afterSettle", scheduleAfterSwap);
  document.addEventListener("htmx:oobAfterSwap", scheduleAfterSwap);

  // back (or forward) to this page: the browser may show it as it was, an older version than the
  // document's; then it loads again, so an action (u among them) starts from the current version
  window.addEventListener("pageshow", (event) => {
    const nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    if (!root() || !(event.persisted || (nav && nav.type === "back_forward"))) return;
    fetch(root().dataset.tags, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((data) => { if (data && String(data.version) !== String(version())) location.reload(); })
      .catch(told);
  });

  function init() {
    if (!root()) return;
    const hash = location.hash && document.getElementById(location.hash.slice(1));
    if (hash && hash.matches("mark.m")) select(hash, false);
    afterSwap();
    refreshTags(30);
    window.reviewReady = performance.now();
    document.documentElement.dataset.reviewReady = "1";
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
