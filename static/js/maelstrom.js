/* Strategium Maelstrom tracker: the page works with forms alone; this script only follows the
   other phone. Every few seconds it asks the page for the game's `seq` (`?poll=1`, a few
   bytes) and, when it moved, fetches the page again and swaps the game in, keeping whatever
   the player was typing, ticking or choosing. */
(function () {
  "use strict";

  var root = document.getElementById("tracker-app");
  if (!root || !window.fetch || !window.DOMParser) return;
  var POLL_MS = Number(root.dataset.pollMs) || 4000;
  var generation = 0;  // bumped when the player sends a form: an older poll's answer is dropped
  var leaving = false;
  var inFlight = false;

  function pageUrl(poll) {
    var url = new URL(window.location.href);
    url.searchParams.delete("poll");
    if (poll) url.searchParams.set("poll", "1");
    return url.toString();
  }
  function seqOf(el) { return Number(el.dataset.seq || 0); }

  /* A field's key: the form's hidden action fields (what it does, for whom, which objective)
     plus the field's own name, so the same field is found again in the new page. */
  function formKey(form) {
    if (!form) return "";
    var parts = [];
    ["type", "side", "owner", "number", "name", "first"].forEach(function (n) {
      var el = form.querySelector('input[type="hidden"][name="' + n + '"]');
      if (el) parts.push(n + "=" + el.value);
    });
    return parts.join("&");
  }
  function fieldKey(el) {
    if (!el.name || el.type === "hidden") return null;
    var key = formKey(el.form) + "|" + el.name;
    return el.type === "checkbox" || el.type === "radio" ? key + "=" + el.value : key;
  }
  function changed(el) {
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
    if (el.tagName === "SELECT") {
      return Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; });
    }
    return el.value !== el.defaultValue;
  }
  function fields(scope) { return scope.querySelectorAll("input, select, textarea"); }

  function keep() {
    var kept = { values: {}, focus: null, open: {} };
    Array.prototype.forEach.call(fields(root), function (el) {
      var k = fieldKey(el);
      if (!k) return;
      // Only what the player changed: a default the server moved must show the new one.
      if (changed(el)) kept.values[k] = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
      if (el === document.activeElement) kept.focus = k;
    });
    Array.prototype.forEach.call(root.querySelectorAll("details"), function (d) {
      var s = d.querySelector("summary");
      if (s) kept.open[s.textContent.replace(/\(\d+\)/, "").trim()] = d.open;
    });
    return kept;
  }
  function restore(kept) {
    Array.prototype.forEach.call(fields(root), function (el) {
      var k = fieldKey(el);
      if (!k) return;
      if (k in kept.values) {
        if (el.type === "checkbox" || el.type === "radio") el.checked = kept.values[k];
        else el.value = kept.values[k];
      }
      if (k === kept.focus) el.focus();
    });
    Array.prototype.forEach.call(root.querySelectorAll("details"), function (d) {
      var s = d.querySelector("summary");
      var k = s && s.textContent.replace(/\(\d+\)/, "").trim();
      if (k && k in kept.open) d.open = kept.open[k];
    });
  }

  function swap(html, asked) {
    if (asked !== generation || leaving) return;
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("tracker-app");
    // An older answer than what is shown (or an error page) never replaces the game.
    if (!fresh || seqOf(fresh) <= seqOf(root)) return;
    var kept = keep();
    root.innerHTML = fresh.innerHTML;
    ["phase", "round", "seq"].forEach(function (k) { root.dataset[k] = fresh.dataset[k] || ""; });
    restore(kept);
  }

  function refresh() {
    if (inFlight || leaving) return;
    var asked = generation;
    inFlight = true;
    var opts = { credentials: "same-origin", headers: { Accept: "application/json" } };
    fetch(pageUrl(true), opts).then(function (resp) {
      return resp.ok ? resp.json() : null;
    }).then(function (body) {
      if (!body || asked !== generation || Number(body.seq) <= seqOf(root)) return null;
      return fetch(pageUrl(false), { credentials: "same-origin" }).then(function (resp) {
        return resp.ok ? resp.text() : null;
      }).then(function (html) { if (html) swap(html, asked); });
    }).catch(function () { /* offline for a moment: try again at the next tick */ })
      .then(function () { inFlight = false; });
  }

  // A sent form reloads the page with the answer: no poll may swap the page under it.
  root.addEventListener("submit", function () { generation++; leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });

  setInterval(function () { if (!document.hidden) refresh(); }, POLL_MS);
  // A phone picked up again shows the latest state at once, not at the next tick.
  document.addEventListener("visibilitychange", function () { if (!document.hidden) refresh(); });
})();
