// Small behaviours of every page, as delegated listeners: the Content-Security-Policy allows no
// inline script and no on* attribute (config/settings.py, SECURE_CSP). Elements opt in by attribute:
//   data-confirm="…"          a link or button asks before it goes on
//   data-print                a button prints the page
//   data-submit-on-change     a select submits its form when changed (htmx picks the submit up)
//   data-tick-all="selector"  a checkbox ticks or unticks every box matching the selector
//   data-copy="#id"           a button copies the field's value
(function () {
  "use strict";
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
})();
