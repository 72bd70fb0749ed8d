/* The big screen's pairings scroll by themselves when they do not fit: a pause at the top,
 * a slow glide down, a pause at the bottom, then back to the top. A refresh of the screen
 * (clock.js swaps #screen-live) starts again from the top. */
(function () {
  "use strict";
  var SPEED = 40; // pixels per second: readable from the back of a hall
  var PAUSE_TOP = 6000, PAUSE_BOTTOM = 4000;
  var phase = "top", since = performance.now(), offset = 0, last = performance.now();

  function frame(now) {
    var box = document.getElementById("screen-scroll");
    var dt = now - last;
    last = now;
    if (box) {
      var room = box.scrollHeight - box.clientHeight;
      if (room <= 1) {
        phase = "top"; since = now; offset = 0;
      } else if (phase === "top" && now - since > PAUSE_TOP) {
        phase = "down";
      } else if (phase === "down") {
        offset = Math.min(room, offset + (SPEED * dt) / 1000);
        if (offset >= room) { phase = "bottom"; since = now; }
      } else if (phase === "bottom" && now - since > PAUSE_BOTTOM) {
        phase = "top"; since = now; offset = 0;
      }
      box.scrollTop = offset;
    }
    requestAnimationFrame(frame);
  }

  document.addEventListener("poll:swapped", function (e) {
    if (e.detail && e.detail.id === "screen-live") {
      phase = "top"; since = performance.now(); offset = 0;
    }
  });
  requestAnimationFrame(frame);
})();

/* The play-offs' bracket on the big screen fits its box whatever its size: its rounds are
 * scaled down together; when that would make them smaller than MIN_SCALE (a top 16 or a
 * double elimination), they are shown a page of rounds at a time, each page as large as it
 * fits, turning every TURN_MS. Run again after every refresh and resize. */
(function () {
  "use strict";
  var MIN_SCALE = 0.55, TURN_MS = 8000;
  var page = 0, pages = 1;

  function natural(bracket) {
    bracket.style.transform = "none";
    return { w: bracket.scrollWidth, h: bracket.scrollHeight };
  }

  function fit() {
    var box = document.querySelector(".screen-playoffs .po-fit");
    if (!box) { return; }
    var bracket = box.querySelector(".po-bracket");
    var rounds = Array.prototype.slice.call(bracket.querySelectorAll(".po-round"));
    var W = box.clientWidth, H = box.clientHeight;
    if (!W || !H || !rounds.length) { return; }
    rounds.forEach(function (r) { r.hidden = false; });
    var all = natural(bracket);
    var scale = Math.min(1, W / all.w, H / all.h);
    var groups = [rounds];
    if (scale < MIN_SCALE) {
      // Pages of whole rounds: as many as fit side by side at the scale the height allows.
      var s = Math.max(Math.min(1, H / all.h), 0.05);
      var gap = rounds.length > 1 ? rounds[1].offsetLeft - rounds[0].offsetLeft - rounds[0].offsetWidth : 0;
      groups = [];
      var current = [], width = 0;
      rounds.forEach(function (r) {
        var w = r.offsetWidth + gap;
        if (current.length && (width + w) * s > W) { groups.push(current); current = []; width = 0; }
        current.push(r); width += w;
      });
      if (current.length) { groups.push(current); }
    }
    pages = groups.length;
    page = page % pages;
    rounds.forEach(function (r) { r.hidden = groups[page].indexOf(r) < 0; });
    var size = natural(bracket);
    scale = Math.min(1, W / size.w, H / size.h);
    bracket.style.transform = "scale(" + scale + ")";
    var label = document.querySelector(".screen-playoffs .po-page");
    if (label) { label.textContent = pages > 1 ? (page + 1) + " / " + pages : ""; }
  }

  setInterval(function () { if (pages > 1) { page = (page + 1) % pages; fit(); } }, TURN_MS);
  window.addEventListener("resize", fit);
  document.addEventListener("poll:swapped", fit);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fit);
  } else {
    fit();
  }
})();
