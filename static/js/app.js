// Small behaviours of every page, as delegated listeners: the Content-Security-Policy allows no
// inline script and no on* attribute (config/settings.py, SECURE_CSP). Elements opt in by attribute:
//   data-confirm="…"          a link or button asks before it goes on
//   data-print                a button prints the page
//   data-submit-on-change     a select submits its form when changed (htmx picks the submit up)
//   data-tick-all="selector"  a checkbox ticks or unticks every box matching the selector
//   data-copy="#id"           a button copies the field's value
// and one for htmx: a request that fails (5xx, a refusal, no answer) says so in the page (below).
// It marks <html class="js">: what works only with JavaScript (keys, clicks on the text) is class
// "js-only" and hidden without it (app.css), so a page never offers what does nothing.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    if (!target) { return; }
    var asking = target.closest("[data-confirm]");
    if (asking && !window.confirm(asking.getAttribute("data-confirm"))) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (target.closest("[data-print]")) {
      window.print();
      return;
    }
    var ticking = target.closest("[data-tick-all]");
    if (ticking) {
      document.querySelectorAll(ticking.getAttribute("data-tick-all")).forEach(function (box) {
        box.checked = ticking.checked;
      });
      return;
    }
    var copying = target.closest("[data-copy]");
    if (copying) {
      var field = document.querySelector(copying.getAttribute("data-copy"));
      if (!field) { return; }
      field.select();
      if (navigator.clipboard) { navigator.clipboard.writeText(field.value); } else { document.execCommand("copy"); }
      copying.textContent = "Copied";
    }
  }, true);
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target instanceof Element && target.matches("[data-submit-on-change]") && target.form) {
      target.form.requestSubmit();
    }
  });

  // ---------------------------------------------------------------- failed htmx requests
  // htmx swaps no error answer (templates/base.html, htmx-config), so a failed request would
  // change nothing on the page. It says so instead, in fixed words with the status code: the
  // answer's body is never shown (a 500 or 503 page is no message for this place, and an
  // answer could hold data). 409 and 422 come with their own message, swapped in by htmx.
  // The words go into the review screen's #flash, elsewhere into #request-error (base.html),
  // as a new role="alert" element, so screen readers announce it.
  function said(detail, status) {
    var config = detail && detail.requestConfig;
    var reading = config && config.verb === "get";
    if (status === 0) {
      return reading
        ? "The server could not be reached; the page was not updated. Check the connection and try again."
        : "The server could not be reached; your action may not have been saved. Reload the page and try again.";
    }
    var xhr = detail && detail.xhr;
    if (status === 403 && xhr && xhr.getResponseHeader("X-Refused") === "csrf") {
      return "Your session changed (you logged in or out, here or in another tab). Nothing was applied; reload the page.";
    }
    if (status === 413) {
      return "The action was too large to send (413). Nothing was applied; choose fewer items at once.";
    }
    if (status === 403) {
      return "You can no longer change this document (it may have been reassigned). Nothing was applied; reload the page.";
    }
    if (status >= 500) {
      return reading
        ? "The server could not answer (" + status + "); the page was not updated. Try again in a moment."
        : "Your action was not saved: the server could not complete it (" + status + "). Try again in a moment.";
    }
    return "The server refused the action (" + status + "). Nothing was applied; reload the page.";
  }
  function showFailure(text) {
    var flash = document.getElementById("flash");
    var area = flash || document.getElementById("request-error");
    if (!area) { return; }
    var shown = area.querySelector("[role=alert]");
    if (shown && shown.textContent === text) { return; } // a poll failing every second is announced once
    if (flash) { flash.className = "flash error"; }
    var alert = document.createElement("span");
    alert.setAttribute("role", "alert");
    alert.className = "request-failed";
    alert.textContent = text;
    area.replaceChildren(alert);
  }
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status === 409 || status === 422) { return; } // answered with their own message
    showFailure(said(event.detail, status));
  });
  document.addEventListener("htmx:sendError", function (event) { showFailure(said(event.detail, 0)); });
  document.addEventListener("htmx:timeout", function (event) { showFailure(said(event.detail, 0)); });
  document.addEventListener("htmx:afterRequest", function (event) {
    // a later action that went through clears the failure (the review screen's #flash is swapped anew)
    var config = event.detail.requestConfig;
    var area = document.getElementById("request-error");
    if (area && event.detail.successful === true && config && config.verb !== "get") { area.replaceChildren(); }
  });
})();
