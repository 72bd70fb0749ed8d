/* Round clocks that count down, and parts of a page that refresh themselves cheaply.
 *
 * [data-clock] elements carry the clock's state, its end instant (ms since the epoch) while
 * running and the seconds left while paused. The device's own clock may be off: the offset to
 * the server's is learnt from data-server-now of each freshly rendered clock.
 *
 * [data-poll] elements are fetched again every data-poll-every seconds with the ETag they
 * were rendered with; the server answers 304 (no body) until the event changes, and the
 * element is swapped only when it did. */
(function () {
  "use strict";
  var skew = 0; // server time minus this device's time, in ms
  var polling = {};

  function gettext(s) { return window.gettext ? window.gettext(s) : s; }
  function pad(n) { return n < 10 ? "0" + n : String(n); }

  function format(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    return (h ? h + ":" + pad(m) : String(m)) + ":" + pad(s);
  }

  function learn(root) {
    var clock = root.querySelector && root.querySelector("[data-server-now]");
    if (root.dataset && root.dataset.serverNow) { clock = root; }
    if (clock) { skew = Number(clock.dataset.serverNow) - Date.now(); }
  }

  function tick() {
    var clocks = document.querySelectorAll("[data-clock]");
    for (var i = 0; i < clocks.length; i++) {
      var el = clocks[i], state = el.dataset.state, out = el.querySelector("[data-clock-left]");
      var left = Number(el.dataset.remainingS);
      if (state === "running") {
        left = Math.max(0, Math.ceil((Number(el.dataset.endsAt) - Date.now() - skew) / 1000));
        if (left === 0) {
          el.classList.add("clock-finished");
          out.textContent = gettext("Time is up");
          continue;
        }
        el.classList.toggle("clock-low", left <= 600);
      }
      if (state === "running" || state === "paused") { out.textContent = format(left); }
    }
  }

  function swap(id, html) {
    var current = document.getElementById(id);
    var holder = document.createElement("template");
    holder.innerHTML = html.trim();
    var fresh = holder.content.firstElementChild;
    if (!current || !fresh) { return; }
    current.replaceWith(fresh);
    learn(fresh);
    tick();
    document.dispatchEvent(new CustomEvent("poll:swapped", { detail: { id: id } }));
  }

  function poll(el) {
    var id = el.id;
    if (!id || polling[id]) { return; }
    polling[id] = true;
    var every = Number(el.dataset.pollEvery || 20) * 1000;
    function run() {
      var current = document.getElementById(id);
      if (!current || !current.dataset.poll) { delete polling[id]; return; }
      var headers = {};
      if (current.dataset.etag) { headers["If-None-Match"] = current.dataset.etag; }
      // no-store: the browser must not answer from its own cache (it would turn our 304 into
      // an old copy); the ETag does the caching.
      fetch(current.dataset.poll, { cache: "no-store", credentials: "same-origin", headers: headers })
        .then(function (response) {
          if (response.status !== 200) { return null; }
          return response.text();
        })
        .then(function (html) { if (html) { swap(id, html); } })
        .catch(function () { /* offline for a moment: ask again later */ })
        .then(function () { setTimeout(run, every); });
    }
    setTimeout(run, every);
  }

  function start() {
    learn(document);
    tick();
    var pollers = document.querySelectorAll("[data-poll]");
    for (var i = 0; i < pollers.length; i++) { poll(pollers[i]); }
    setInterval(tick, 1000);
    // htmx refreshes of other parts of the page may bring clocks of their own.
    document.body.addEventListener("htmx:afterSwap", tick);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
