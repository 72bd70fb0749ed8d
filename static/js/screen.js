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
