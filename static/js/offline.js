/* Strategium's pages without the network (issue 33).

   - Registers the offline service worker (/sw.js) where the browser allows one (HTTPS, or
     127.0.0.1/localhost), which keeps the player's page, pairings, standings and tracker.
   - Says "Offline, as of 14:05" on a kept copy and on an open page whose network dropped; the
     open page keeps what it shows (htmx does not swap a failed poll).
   - Forms marked data-outbox (a result, a confirmation, a check-in, a tracker move) are queued
     on the phone (outbox.js) before they are sent, so a write made offline is sent when the
     network returns, from any page of the site or by the worker; the page says what waits
     ("1 result waiting to be sent") and when it went through ("Result sent at 14:07").
   Without JavaScript the forms post as they always did. */
(function () {
  "use strict";

  var Outbox = window.StrategiumOutbox;
  var script = document.currentScript;
  var SYNC_TAG = "strategium-outbox";
  var CARRY = "strategium-carried-messages";
  var RETRY_MS = 15000;
  var root = document.documentElement;
  var keptCopy = root.getAttribute("data-offline-copy") !== null;
  var lastGood = new Date();

  function gettext(s) { return window.gettext ? window.gettext(s) : s; }
  function ngettext(s, p, n) {
    return window.ngettext ? window.ngettext(s, p, n) : (n === 1 ? s : p);
  }
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }
  function clock(date) {
    return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  /* ---- the lines the page shows ---- */
  function main() { return document.getElementById("content") || document.body; }
  function bar(id, cls) {
    var el = document.getElementById(id);
    if (!el) {
      el = document.createElement("p");
      el.id = id;
      el.className = "offline-line " + cls;
      el.setAttribute("role", "status");
      main().insertBefore(el, main().firstChild);
    }
    return el;
  }
  function hide(id) {
    var el = document.getElementById(id);
    if (el) el.hidden = true;
  }
  function show(id, cls, text) {
    var el = bar(id, cls);
    el.textContent = text;
    el.hidden = false;
  }

  function showOffline(asOf) {
    show("offline-state", "warn", fill(gettext("Offline, as of %(time)s"), { time: clock(asOf) }) +
      " · " + gettext("what you send is kept on this phone until the network is back."));
  }

  var WAITING = {
    result: function (n) {
      return ngettext("%(count)s result waiting to be sent",
        "%(count)s results waiting to be sent", n);
    },
    confirmation: function (n) {
      return ngettext("%(count)s confirmation waiting to be sent",
        "%(count)s confirmations waiting to be sent", n);
    },
    "check-in": function (n) {
      return ngettext("%(count)s check-in waiting to be sent",
        "%(count)s check-ins waiting to be sent", n);
    },
    call: function (n) {
      return ngettext("%(count)s judge call waiting to be sent",
        "%(count)s judge calls waiting to be sent", n);
    },
    move: function (n) {
      return ngettext("%(count)s tracker move waiting to be sent",
        "%(count)s tracker moves waiting to be sent", n);
    }
  };
  var REFUSED = gettext("Sent at %(time)s and refused: the game had changed meanwhile; check it again.");
  var SENT = {
    result: function () { return gettext("Result sent at %(time)s."); },
    confirmation: function () { return gettext("Confirmation sent at %(time)s."); },
    "check-in": function () { return gettext("Check-in sent at %(time)s."); },
    call: function () { return gettext("Judge call sent at %(time)s."); },
    move: function () { return gettext("Tracker move sent at %(time)s."); }
  };

  function showWaiting() {
    if (!Outbox || !Outbox.available()) return Promise.resolve([]);
    return Outbox.waiting().then(function (rows) {
      var counts = {};
      rows.forEach(function (row) { counts[row.kind] = (counts[row.kind] || 0) + 1; });
      var parts = Object.keys(counts).map(function (kind) {
        var words = WAITING[kind] || WAITING.result;
        return fill(words(counts[kind]), { count: counts[kind] });
      });
      if (parts.length) show("outbox-waiting", "warn", parts.join(" · "));
      else hide("outbox-waiting");
      return rows;
    }).catch(function () { return []; });
  }

  function showSent() {
    if (!Outbox || !Outbox.available()) return;
    var here = location.pathname;
    Outbox.recentlySent().then(function (rows) {
      var mine = rows.filter(function (row) { return row.page === here; });
      if (!mine.length) return hide("outbox-sent");
      var last = mine[mine.length - 1];
      // Forms answer a refusal with their page and its message; the tracker's API with 4xx.
      var refused = last.status >= 400 || last.answeredWithPage;
      show("outbox-sent", refused ? "warn" : "ok",
        fill(refused ? REFUSED : (SENT[last.kind] || SENT.result)(),
          { time: clock(new Date(last.sentAt)) }));
    }).catch(function () {});
  }

  /* The flash messages of an answer fetched by the outbox, shown on the page opened after it
     (they were the fetched page's; the server shows a message once). Text only. */
  function showCarried() {
    var raw = null;
    try {
      raw = sessionStorage.getItem(CARRY);
      sessionStorage.removeItem(CARRY);
    } catch (e) { return; }
    if (!raw || document.querySelector("ul.messages")) return;
    var items = JSON.parse(raw);
    if (!items.length) return;
    var list = document.createElement("ul");
    list.className = "messages";
    list.setAttribute("role", "status");
    items.forEach(function (item) {
      var li = document.createElement("li");
      li.className = item.tags;
      li.textContent = new DOMParser().parseFromString(item.html, "text/html").body.textContent;
      list.appendChild(li);
    });
    main().insertBefore(list, main().firstChild);
  }

  /* ---- sending ---- */
  var seen = {};
  function afterSent(sent) {
    // The same write may be announced twice (the worker's message and the channel).
    sent = (sent || []).filter(function (row) {
      if (seen[row.id]) return false;
      seen[row.id] = true;
      return true;
    });
    if (!sent.length) return showWaiting();
    var here = location.pathname;
    var mine = sent.filter(function (row) { return row.page === here; });
    if (mine.length && !keptCopy) {
      // This page's write went through: open what the server answered (the result card as it
      // now stands, or the boxes refilled after a refusal), with its messages.
      var last = mine[mine.length - 1];
      try {
        sessionStorage.setItem(CARRY, JSON.stringify(last.messages || []));
      } catch (e) { /* private mode: the page still opens, without the message */ }
      var target = new URL(last.url || location.href, location.href);
      location.replace(target.pathname === here ? target.href : location.href);
      return;
    }
    showWaiting();
    showSent();
  }

  // A write that could not be sent while the phone says it is online (the wifi still settling
  // after a reconnection, the server restarting) is tried again soon, then less often.
  var retryMs = 1000, retryTimer = null;
  function flush() {
    if (!Outbox || !Outbox.available()) return;
    Outbox.flush().then(function (sent) {
      afterSent(sent);
      return Outbox.waiting();
    }).then(function (rows) {
      if (!rows || !rows.length) {
        retryMs = 1000;
        return;
      }
      if (retryTimer || navigator.onLine === false) return;
      retryTimer = setTimeout(function () { retryTimer = null; flush(); }, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MS);
    }).catch(function () {});
  }

  function askWorker() {
    if (!("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return false;
    navigator.serviceWorker.ready.then(function (reg) {
      if (reg.sync) return reg.sync.register(SYNC_TAG);
    }).catch(function () {});
    return true;
  }

  function kindOf(form) { return form.getAttribute("data-outbox") || "move"; }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-outbox")) return;
    if (!Outbox || !Outbox.available() || (form.method || "").toLowerCase() !== "post") return;
    if (event.defaultPrevented) return;
    // The trackers' forms answer some moves with a page of their own (a prompt, a refusal)
    // that only a real navigation shows: they are queued only while the phone is offline. The
    // player's forms always answer with a redirect, whose page the outbox opens after sending.
    if (kindOf(form) === "move" && navigator.onLine !== false) return;
    event.preventDefault();
    var data = new URLSearchParams(new FormData(form, event.submitter || undefined));
    var buttons = form.querySelectorAll("button, input[type=submit]");
    buttons.forEach(function (b) { b.disabled = true; });
    Outbox.add({
      url: form.action || location.href,
      body: data.toString(),
      kind: kindOf(form),
      page: location.pathname
    }).then(function () {
      showWaiting();
      askWorker();
      flush();
    }, function () {
      // No storage (a private window that refuses IndexedDB): post as without JavaScript.
      buttons.forEach(function (b) { b.disabled = false; });
      form.submit();
    });
  });

  /* ---- the network ---- */
  function wentOffline() { showOffline(lastGood); }
  function cameBack() {
    if (keptCopy) {
      // A kept copy is out of date as soon as the network is back: send, then read it afresh.
      Outbox.flush().then(function () { location.reload(); });
      return;
    }
    hide("offline-state");
    flush();
  }
  // A script of its own queued a write (the tracker's moves): say so, and send when possible.
  window.addEventListener("strategium-outbox-queued", function () {
    showWaiting();
    askWorker();
    flush();
  });
  if (Outbox && Outbox.onSentElsewhere) Outbox.onSentElsewhere(afterSent);
  window.addEventListener("offline", wentOffline);
  window.addEventListener("online", cameBack);
  document.addEventListener("htmx:sendError", wentOffline);
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail && event.detail.successful) {
      lastGood = new Date();
      if (!keptCopy) hide("offline-state");
    }
  });

  if ("serviceWorker" in navigator && window.isSecureContext && script) {
    var worker = script.getAttribute("data-worker");
    if (worker) navigator.serviceWorker.register(worker, { scope: "/" }).catch(function () {});
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "outbox-sent") afterSent(event.data.sent);
    });
  }

  function start() {
    if (keptCopy) {
      var saved = new Date(root.getAttribute("data-offline-copy"));
      // The copy's own time, also when its polls fail later.
      if (!isNaN(saved.getTime())) lastGood = saved;
      showOffline(lastGood);
      // The kept page's messages were for that moment, not for now.
      document.querySelectorAll("ul.messages").forEach(function (el) { el.hidden = true; });
    } else if (navigator.onLine === false) {
      wentOffline();
    }
    showCarried();
    showWaiting().then(function (rows) {
      if (rows.length && navigator.onLine !== false) flush();
    });
    showSent();
    // navigator.onLine says only that a network is joined, not that the server answers.
    setInterval(function () {
      if (navigator.onLine === false) return;
      Outbox.waiting().then(function (rows) { if (rows.length) flush(); });
    }, RETRY_MS);
  }

  if (!Outbox || !Outbox.available()) return;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
