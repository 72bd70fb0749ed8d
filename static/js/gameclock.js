/* The game clock on a player's phone (and the tracker, and the staff's view).
 *
 * The clock is the server's: each state says the seconds left for each side at `at` (server
 * time). This phone counts down locally from there, with the offset between the server's `at`
 * and this device's clock measured when the state arrived. Taps are posted with the version
 * they were made against; a 409 (stale_clock: the other phone moved first) fetches the clock
 * again and shows it. The other phone's taps arrive through subscribe(): an EventSource when
 * the section names a stream (data-clock-stream), else (or when the stream fails) a GET every
 * 2 s. Without a network the clock keeps counting here, says "offline" and resyncs when back.
 * Without JavaScript the same buttons post forms that come back to the page. */
(function () {
  "use strict";
  if (window.StrategiumGameClock) { return; }
  var POLL_MS = 2000;

  // Named gettext so that `makemessages -d djangojs` finds the words.
  function gettext(s) { return window.gettext ? window.gettext(s) : s; }
  function pad(n) { return n < 10 ? "0" + n : String(n); }

  function format(seconds) {
    var whole = Math.max(0, Math.ceil(seconds - 1e-9));
    var h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  /* Follow the clock at `url`: onState(state) for each state, onOnline(bool) when the
   * network comes and goes. Returns {refresh(), stop()}. Pluggable: a push channel (SSE)
   * when `stream` is given, polling otherwise or when the stream fails. */
  function subscribe(url, onState, options) {
    options = options || {};
    var timer = null, source = null, stopped = false;

    function get() {
      return fetch(url, { headers: options.headers || {}, credentials: "same-origin", cache: "no-store" })
        .then(function (r) {
          if (!r.ok) { throw new Error("HTTP " + r.status); }
          return r.json();
        })
        .then(function (state) {
          if (options.onOnline) { options.onOnline(true); }
          onState(state);
        }, function (err) {
          if (options.onOnline) { options.onOnline(false); }
          throw err;
        });
    }

    function poll() {
      if (timer || stopped) { return; }
      timer = window.setInterval(function () { get().catch(function () {}); }, POLL_MS);
    }
    function stopPolling() {
      if (timer) { window.clearInterval(timer); timer = null; }
    }

    // A stream that ends (its lifetime, a server restart) is opened again by the browser;
    // while it is away the clock is polled, and after FAILS errors in a row without a message
    // (the push server's port unreachable on this network) polling alone carries on.
    var FAILS = 5, fails = 0;
    if (options.stream && window.EventSource) {
      try {
        // A player's stream carries their key; staff's goes by their session (same host).
        var credentials = options.stream.indexOf("key=") < 0;
        source = new window.EventSource(options.stream, { withCredentials: credentials });
        source.onmessage = function (message) {
          fails = 0;
          stopPolling();
          if (options.onOnline) { options.onOnline(true); }
          try { onState(JSON.parse(message.data)); } catch (e) { /* not a clock */ }
        };
        source.onerror = function () {
          fails += 1;
          if (source.readyState === window.EventSource.CLOSED || fails >= FAILS) {
            source.close();
            source = null;
          }
          poll();
        };
      } catch (e) {
        poll();
      }
    } else {
      poll();
    }
    // The browser knows first that the network went away (a stream may stay silent for a
    // while before it errors): say so at once, and poll until the stream answers again.
    window.addEventListener("offline", function () {
      if (options.onOnline) { options.onOnline(false); }
      poll();
    });
    return {
      refresh: get,
      stop: function () {
        stopped = true;
        if (timer) { window.clearInterval(timer); }
        if (source) { source.close(); }
      }
    };
  }

  function GameClock(section) {
    this.section = section;
    this.url = section.dataset.clockUrl;
    this.side = section.dataset.clockSide || null;
    this.key = section.dataset.clockKey || "";
    this.staff = section.dataset.clockStaff === "1";
    this.offset = 0; // server time minus this device's time, in ms
    this.online = true;
    this.state = null;
    this.accept(JSON.parse(section.dataset.clockState));
    var self = this;
    this.feed = subscribe(this.url, function (state) { self.accept(state); }, {
      headers: this.headers(false),
      stream: section.dataset.clockStream || null,
      onOnline: function (up) { self.setOnline(up); }
    });
    this.feed.refresh().catch(function () {}); // the page may be an offline copy: resync now
    var forms = section.querySelectorAll("form[data-gc-form]");
    for (var i = 0; i < forms.length; i++) {
      forms[i].addEventListener("submit", function (e) { self.submit(e); });
    }
    window.setInterval(function () { self.tick(); }, 250);
    window.addEventListener("online", function () { self.feed.refresh().catch(function () {}); });
  }

  GameClock.prototype.headers = function (writing) {
    var h = { "Accept": "application/json" };
    if (this.key) {
      h.Authorization = "Key " + this.key;
    } else if (writing) {
      var token = this.section.querySelector("input[name=csrfmiddlewaretoken]");
      if (token) { h["X-CSRFToken"] = token.value; }
    }
    if (writing) { h["Content-Type"] = "application/json"; }
    return h;
  };

  /* A state from the server: kept unless an older one (a slow poll after a tap). */
  GameClock.prototype.accept = function (state) {
    if (!state || typeof state.version !== "number") { return; }
    if (this.state && state.version < this.state.version) { return; }
    this.state = state;
    this.offset = Date.parse(state.at) - Date.now();
    this.render();
  };

  GameClock.prototype.left = function (side) {
    var s = this.state, left = s["remaining_" + side];
    if (s.running === side) {
      left -= (Date.now() + this.offset - Date.parse(s.at)) / 1000;
    }
    return Math.max(0, left);
  };

  GameClock.prototype.outOfTime = function () {
    if (this.state.timed_out) { return this.state.timed_out; }
    if (this.state.running && this.left(this.state.running) <= 0) { return this.state.running; }
    return null;
  };

  GameClock.prototype.tick = function () {
    if (!this.state) { return; }
    var out = this.outOfTime();
    var sides = ["a", "b"];
    for (var i = 0; i < sides.length; i++) {
      var side = sides[i];
      var time = this.section.querySelector("[data-gc-time=" + side + "]");
      if (time) { time.textContent = format(this.left(side)); }
      var face = this.section.querySelector("[data-gc-face=" + side + "]");
      if (face) { face.classList.toggle("gc-out", out === side); }
      var flag = this.section.querySelector("[data-gc-flag=" + side + "]");
      if (flag) {
        flag.textContent = out === side ? gettext("Out of time") : (this.state.running === side ? gettext("Running") : "");
      }
    }
    var rule = this.section.querySelector("[data-gc-rule]");
    if (rule) { rule.classList.toggle("gc-rule-now", !!out); }
  };

  GameClock.prototype.button = function () {
    var s = this.state, side = this.side;
    if (s.finished) { return { action: "", label: gettext("Game over: the clock is stopped") }; }
    if (s.paused) {
      if (s.paused_for === "judge_call" && side) { return { action: "", label: gettext("Held for a judge call") }; }
      if (s.paused_for === "staff" && side) { return { action: "", label: gettext("Paused by the staff") }; }
      return { action: "resume", label: gettext("Resume") };
    }
    if (!s.started) { return side ? { action: "start", label: gettext("Start my clock") } : { action: "" }; }
    if (!side || s.running === side) {
      return { action: "pass", label: side ? gettext("End my turn") : gettext("Pass the turn") };
    }
    return { action: "", label: gettext("Opponent's turn") };
  };

  GameClock.prototype.render = function () {
    var s = this.state, q = this.section.querySelector.bind(this.section);
    var versions = this.section.querySelectorAll("[data-gc-version]");
    for (var i = 0; i < versions.length; i++) { versions[i].value = s.version; }
    ["a", "b"].forEach(function (side) {
      var face = q("[data-gc-face=" + side + "]");
      if (face) { face.classList.toggle("gc-running", s.running === side); }
    });
    var big = q("[data-gc-big]"), b = this.button();
    if (big) {
      big.value = b.action;
      big.textContent = b.label || "";
      big.disabled = !b.action;
      big.hidden = this.staff && !s.started;
    }
    var pause = q("[data-gc-pause]");
    if (pause) { pause.hidden = !s.running; pause.disabled = false; }
    var others = this.section.querySelectorAll("[data-gc-staff-start] button");
    for (var j = 0; j < others.length; j++) { others[j].disabled = false; }
    var starts = q("[data-gc-staff-start]");
    if (starts) { starts.hidden = !!s.started; }
    var note = q("[data-gc-note]");
    if (note) {
      note.textContent = s.paused
        ? (s.paused_for === "judge_call" ? gettext("Paused for a judge call: the judge starts it again.")
          : s.paused_for === "staff" ? gettext("Paused by the staff.") : gettext("Paused."))
        : s.finished ? gettext("The result is in: the clock is stopped.")
          : !s.started ? gettext("The player who takes the first turn starts their clock.") : "";
    }
    this.tick();
  };

  GameClock.prototype.setOnline = function (up) {
    if (up === this.online) { return; }
    this.online = up;
    this.section.classList.toggle("gc-offline", !up);
    this.say(up ? "" : gettext("Offline: counting here, resyncing when the network is back"), up ? "" : "warn");
  };

  GameClock.prototype.say = function (text, kind) {
    var status = this.section.querySelector("[data-gc-status]");
    if (!status) { return; }
    status.textContent = text;
    status.hidden = !text;
    status.className = "gc-status tag" + (kind ? " " + kind : "");
    window.clearTimeout(this.sayTimer);
    var self = this;
    if (text && this.online) {
      // A refusal's words stay a moment; "offline" stays until the network is back.
      this.sayTimer = window.setTimeout(function () { if (self.online) { self.say(""); } }, 6000);
    }
  };

  GameClock.prototype.submit = function (e) {
    e.preventDefault();
    var form = e.target, submitter = e.submitter;
    var body = { action: submitter ? submitter.value : "", version: this.state.version };
    var side = form.querySelector("input[name=side]");
    if (side) { body.side = side.value; }
    if (!body.action) { return; }
    var self = this;
    var buttons = form.querySelectorAll("button");
    for (var i = 0; i < buttons.length; i++) { buttons[i].disabled = true; }
    fetch(this.url, {
      method: "POST",
      headers: this.headers(true),
      credentials: "same-origin",
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (data) { return { status: r.status, data: data }; });
    }).then(function (answer) {
      self.setOnline(true);
      if (answer.status === 200) {
        self.accept(answer.data);
        return;
      }
      var codes = JSON.stringify(answer.data.error_codes || {});
      if (answer.status === 409 && codes.indexOf("stale_clock") >= 0) {
        self.say(gettext("The clock had changed: here it is now."), "warn");
      } else {
        var messages = [];
        Object.keys(answer.data).forEach(function (k) {
          if (k !== "error_codes" && Array.isArray(answer.data[k])) { messages = messages.concat(answer.data[k]); }
        });
        self.say(messages.join(" ") || gettext("The clock refused this tap."), "warn");
      }
      return self.feed.refresh();
    }).catch(function () {
      self.setOnline(false);
      self.online = false;
      self.say(gettext("Offline: the tap was not sent. Try again when the network is back."), "warn");
    }).then(function () {
      self.render();
    });
  };

  window.StrategiumGameClock = { subscribe: subscribe, format: format, GameClock: GameClock };

  function start() {
    var sections = document.querySelectorAll("[data-game-clock]");
    for (var i = 0; i < sections.length; i++) {
      if (!sections[i].gameClock) { sections[i].gameClock = new GameClock(sections[i]); }
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
