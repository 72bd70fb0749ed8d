/*
 * The staff's floor page (floor/views/pages.py): htmx polls #floor-live; this script
 * - holds the poll while a judge types a ruling (a swap would wipe what they typed);
 * - with "Sound and vibrate on a new call" ticked (kept in localStorage), beeps and vibrates
 *   when a call newer than any seen arrives (data-newest, the newest call's id).
 */
(function () {
  "use strict";
  var KEY = "strategium.floor.alert";
  var seen = null;
  var audio = null;

  function live() { return document.getElementById("floor-live"); }
  function box() { return document.querySelector("[data-floor-alert]"); }
  function wanted() { var b = box(); return !!(b && b.checked); }

  function beep() {
    try {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      audio = audio || new Ctx();
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.2;
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.35);
    } catch (e) { /* no sound on this phone */ }
  }

  function alertNew() {
    var el = live();
    if (!el) return;
    var newest = parseInt(el.getAttribute("data-newest") || "0", 10);
    if (seen !== null && newest > seen && wanted()) {
      beep();
      if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
    }
    seen = Math.max(seen || 0, newest);
  }

  function typing(el) {
    var focused = document.activeElement;
    if (focused && el.contains(focused) && /^(TEXTAREA|INPUT|SELECT)$/.test(focused.tagName)) {
      return true;
    }
    var fields = el.querySelectorAll("details[open] textarea");
    for (var i = 0; i < fields.length; i++) if (fields[i].value.trim()) return true;
    return false;
  }

  document.addEventListener("DOMContentLoaded", function () {
    var b = box();
    if (b) {
      try { b.checked = localStorage.getItem(KEY) === "1"; } catch (e) { /* private mode */ }
      b.addEventListener("change", function () {
        try { localStorage.setItem(KEY, b.checked ? "1" : "0"); } catch (e) { /* private mode */ }
        if (b.checked) beep(); // a tap unlocks sound on phones, and says what it will sound like
      });
    }
    alertNew();
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var el = live();
    if (el && event.detail.elt === el && typing(el)) event.preventDefault();
  });

  document.addEventListener("htmx:afterSettle", function () { alertNew(); });
})();
