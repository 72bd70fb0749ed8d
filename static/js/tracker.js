/* Strategium game tracker: renders the server's view of a tracked game and POSTs actions.
   The server owns the state; this page only shows it and sends what the player taps. */
(function () {
  "use strict";

  var root = document.getElementById("tracker-app");
  if (!root) return;
  var data = JSON.parse(document.getElementById("tracker-data").textContent);
  var config = JSON.parse(document.getElementById("tracker-config").textContent);
  var ui = { side: config.side || "attacker", busy: false, toast: null, toastKind: "" };
  var SIDES = ["attacker", "defender"];
  var TURN_PHASES = ["command", "movement", "shooting", "charge", "fight", "end_of_turn"];
  // The words through Django's JavaScriptCatalog (named so `makemessages -d djangojs` finds them).
  function gettext(text) { return window.gettext ? window.gettext(text) : text; }
  function ngettext(one, many, n) {
    return window.ngettext ? window.ngettext(one, many, n) : (n === 1 ? one : many);
  }
  // Fills %(name)s from values (already escaped where the text becomes HTML).
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return String(values[name]); });
  }
  var PHASE_NAMES = {
    roles: gettext("Attacker & Defender"), secondaries: gettext("Secondary missions"),
    first_turn: gettext("First turn"), command: gettext("Command"), movement: gettext("Movement"),
    shooting: gettext("Shooting"), charge: gettext("Charge"), fight: gettext("Fight"),
    end_of_turn: gettext("End of turn"), gambits: gettext("Gambits"),
    end_of_battle: gettext("End of battle"), over: gettext("Game over")
  };
  var SIDE_NAMES = { attacker: gettext("Attacker"), defender: gettext("Defender") };
  var MODE_NAMES = { tactical: gettext("Tactical"), fixed: gettext("Fixed") };
  var MODE_WORDS = { tactical: gettext("tactical"), fixed: gettext("fixed") };  // inside a sentence
  var POLL_MS = config.pollMs || 4000;

  function esc(v) {
    return String(v == null ? "" : v).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
  function cardName(key) { var t = data.texts[key]; return t ? t.name : key; }
  function summary(key) { var t = data.texts[key]; return t ? t.summary : ""; }
  function st() { return data.state; }
  function viewSide() { return config.fixedSide ? data.side : ui.side; }
  function other(side) { return side === "attacker" ? "defender" : "attacker"; }
  function who(side) {
    var roles = st().roles;
    return roles ? data.players[roles[side]] : SIDE_NAMES[side];
  }
  function can(type) { return data.phase_actions.indexOf(type) >= 0; }
  function opts(side) { return (data.options || {})[side] || { cards: {}, picks: [] }; }
  function draws(side) {
    var s = st().sides[side];
    return s.mode === "tactical" ||
      (s.mode === "fixed" && st().mission_rules.indexOf("targets_of_opportunity") >= 0);
  }

  /* ---- network ---- */
  function headers() {
    var h = { "Content-Type": "application/json", "Accept": "application/json" };
    if (config.key) h.Authorization = "Key " + config.key;
    else if (root.dataset.csrf) h["X-CSRFToken"] = root.dataset.csrf;
    return h;
  }
  function viewUrl(url) {
    var side = viewSide();
    return side && !config.fixedSide ? url + "?side=" + encodeURIComponent(side) : url;
  }
  function errorText(body) {
    if (!body || typeof body !== "object") return gettext("Something went wrong. Try again.");
    for (var k in body) {
      if (k === "error_codes") continue;
      var v = body[k], text = Array.isArray(v) ? v.join(" ") : String(v);
      // Services prefix messages with the field ("cards: ..."); a player needs only the rule.
      text = text.replace(/^[a-z_]+:\s*/, "");
      return text ? cap(text) : gettext("Refused.");
    }
    return gettext("Refused.");
  }
  function request(method, url, payload) {
    return fetch(viewUrl(url), {
      method: method, headers: headers(), credentials: "same-origin",
      body: payload ? JSON.stringify(payload) : undefined
    }).catch(function () {
      // No answer at all: told apart from a refusal, which has a status.
      var e = new Error(gettext("No network: try again in a moment.")); e.network = true; throw e;
    }).then(function (resp) {
      return resp.json().catch(function () { return null; }).then(function (body) {
        if (!resp.ok) {
          var stale = resp.status === 409 && body && body.error_codes &&
            String(body.error_codes.seq) === "stale_action";
          // The JS reloads the game at once, so "reload and try again" would be wrong advice.
          var e = new Error(stale ? gettext("The other phone moved first: this is the game now.") : errorText(body));
          e.status = resp.status; throw e;
        }
        return body;
      });
    });
  }
  var generation = 0;  // bumped by each action, so an older poll's answer is dropped
  function send(action, okText) {
    if (ui.busy) return;
    generation++;
    var full = Object.assign({ round: st().round, phase: st().phase, seq: st().seq }, action);
    ui.busy = true; render();
    request("POST", config.act, full).then(function (body) {
      data = body; ui.busy = false; ui.clearForm = true;
      flash(okText || null, "ok");
    }).catch(function (err) {
      // No answer at all (no err.status): the network is gone. The move is kept on the phone
      // (offline.js sends it, with its sequence number, when the network returns) and the
      // buttons stay off until then: a second move would be made from a state not yet true.
      if (err.network && queue(full)) return;
      ui.busy = false;
      flash(err.message, "bad");
      if (err.status === 409) refresh();
    });
  }
  function queue(action) {
    var outbox = window.StrategiumOutbox;
    if (!outbox || !outbox.available()) return false;
    var h = headers();
    delete h["Content-Type"];
    outbox.add({
      url: viewUrl(config.act), body: JSON.stringify(action), contentType: "application/json",
      headers: h, kind: "move", page: location.pathname
    }).then(function () {
      window.dispatchEvent(new Event("strategium-outbox-queued"));
      flash(gettext("No network: this move is kept on this phone and sent when the network is back."), "bad");
    }, function () {
      ui.busy = false;
      flash(gettext("No network: try again in a moment."), "bad");
    });
    return true;
  }
  function refresh() {
    var asked = generation;
    return request("GET", config.view).then(function (body) {
      if (asked !== generation || ui.busy || body.clock.seq < data.clock.seq) return;
      var changed = body.clock.seq !== data.clock.seq || body.side !== data.side;
      data = body;
      if (changed) render();
    }).catch(function () { /* offline for a moment: try again at the next tick */ });
  }
  function flash(text, kind) {
    ui.toast = text; ui.toastKind = kind; render();
    if (text) setTimeout(function () { if (ui.toast === text) { ui.toast = null; render(); } }, 3500);
  }

  /* ---- pieces ---- */
  function btn(label, attrs, cls) {
    var a = "";
    for (var k in attrs) a += " data-" + k + '="' + esc(attrs[k]) + '"';
    return '<button type="button" class="trk-btn ' + (cls || "") + '"' + a +
      (ui.busy ? " disabled" : "") + ">" + label + "</button>";
  }
  function vpInput(id, max, value) {
    return '<input class="trk-vp" type="number" inputmode="numeric" min="0" max="' + max +
      '" id="' + esc(id) + '" value="' + esc(value) + '" placeholder="' + esc(gettext("VP")) + '" aria-label="' + esc(gettext("VP")) + '">';
  }

  function header() {
    var s = st();
    var clock = s.round ? fill(gettext("Round %(round)s of 5"), { round: s.round }) : gettext("Before the battle");
    var turn = s.turn ? " · " + fill(gettext("%(name)s's turn"), { name: esc(who(s.turn)) }) : "";
    var back = config.back ? '<a class="trk-back" data-testid="back" href="' + esc(config.back.href) +
      '">‹ ' + esc(config.back.label) + "</a>" : "";
    // The mission by name ("Mission A: Take and Hold"), its code after it for sharing.
    var title = data.mission_name ? "<strong>" + esc(data.mission_name) + "</strong> · " +
      esc(data.mission_code) : fill(gettext("Mission <strong>%(code)s</strong>"), { code: esc(data.mission_code) });
    return '<header class="trk-head">' + back + '<div class="trk-mission">' + title +
      (data.game ? " · " + gettext("event game") : "") + "</div>" +
      '<div class="trk-clock">' + clock + " · <b>" + esc(PHASE_NAMES[s.phase]) + "</b>" + turn +
      "</div>" + rounds() + "</header>";
  }
  function rounds() {
    var out = '<ol class="trk-rounds">';
    for (var r = 1; r <= 5; r++) {
      var cls = st().phase === "over" || r < st().round ? "done" : r === st().round ? "now" : "";
      out += '<li class="' + cls + '">' + r + "</li>";
    }
    return out + "</ol>";
  }
  function board() {
    // Only the two-sided view is a tab list: a player's own page shows both sides as plain text.
    var out = '<div class="trk-board"' + (config.fixedSide ? "" : ' role="tablist"') + ">";
    SIDES.forEach(function (side) {
      var sc = data.score[side], s = st().sides[side];
      var on = viewSide() === side;
      var tag = config.fixedSide ? "div" : "button";
      out += "<" + tag + ' class="trk-team ' + side + (on ? " on" : "") + '"' +
        (config.fixedSide ? "" : ' type="button" role="tab" aria-selected="' + on + '" data-do="tab" data-side="' + side + '"') +
        ">" + '<span class="trk-team-role">' + SIDE_NAMES[side] + (st().turn === side ? ' <i class="trk-dot"></i>' : "") +
        "</span>" + '<span class="trk-team-name">' + (st().roles ? esc(who(side)) : gettext("to be decided")) + "</span>" +
        '<span class="trk-total" data-testid="total-' + side + '">' + sc.total + "<small>" + gettext("VP") + "</small></span>" +
        '<span class="trk-parts">' + gettext("P") + " " + sc.primary + " · " + gettext("S") + " " +
        sc.secondary + " · " + gettext("G") + " " + sc.gambit +
        (sc.battle_ready ? " · " + gettext("BR") + " " + sc.battle_ready : "") + "</span>" +
        '<span class="trk-stats">' + gettext("Deck") + ' <b data-deck="' + side + '">' + s.deck_size + "</b> · " +
        modeText(s) + ' · <b data-cp="' + side + '">' + opts(side).cp + "</b> " + gettext("CP") +
        "</span></" + tag + ">";
    });
    return out + "</div>" + '<p class="trk-legend" data-testid="legend">' +
      gettext("P primary · S secondary · G gambit · BR Battle Ready · CP Command points") + "</p>";
  }

  function modeText(s) {
    if (s.mode) return MODE_NAMES[s.mode] || cap(s.mode);
    if (s.selection) return gettext("chosen, hidden");  // revealed when both have chosen
    return st().roles ? gettext("choosing missions") : gettext("missions not chosen");
  }

  function setupPanel() {
    var s = st(), side = viewSide(), out = '<section class="trk-panel">';
    if (s.phase === "roles") {
      out += "<h2>" + gettext("Who attacks?") + "</h2>";
      var roll = s.roll_offs.roles;
      out += roll ? '<p class="trk-note">' + fill(gettext("Roll-off: %(rolls)s · <b>%(name)s</b> won and chooses."),
        { rolls: rollText(roll.rolls), name: esc(data.players[roll.winner]) }) + "</p>" :
        '<p class="trk-note">' + gettext("Roll off, or agree who is the Attacker.") + "</p>";
      // After the roll-off only its winner chooses: a player's phone that lost it waits.
      var waiting = roll && config.me && config.me !== roll.winner;
      out += '<div class="trk-row">' + (roll ? "" : btn(gettext("Roll off"), { do: "roll_off" }, "ghost"));
      if (!waiting) {
        s.players.forEach(function (label) {
          out += btn(fill(gettext("%(name)s attacks"), { name: esc(data.players[label]) }), { do: "assign", player: label });
        });
      }
      out += "</div>";
      if (waiting) out += '<p class="trk-note">' + fill(gettext("Waiting for %(name)s to choose."), { name: esc(data.players[roll.winner]) }) + "</p>";
    } else if (s.phase === "secondaries") {
      out += "<h2>" + gettext("Secondary missions") + "</h2>";
      if (!side) out += '<p class="trk-note">' + gettext("Waiting for Attacker and Defender.") + "</p>";
      else out += selectionPanel(side);
      out += '<p class="trk-note">' + fill(
        s.sides[other(side || "attacker")].selection
          ? gettext("%(name)s: chosen ✓ — both choices are revealed together.")
          : gettext("%(name)s: choosing… — both choices are revealed together."),
        { name: esc(who(other(side || "attacker"))) }) + "</p>";
    } else if (s.phase === "first_turn") {
      out += "<h2>" + gettext("Who takes the first turn?") + "</h2>";
      out += '<div class="trk-row">' + btn(gettext("Roll off"), { do: "roll_off" }, "ghost") +
        btn(gettext("Attacker first"), { do: "first", first: "attacker" }) +
        btn(gettext("Defender first"), { do: "first", first: "defender" }) + "</div>";
    }
    return out + "</section>";
  }
  function rollText(rolls) {
    return rolls.map(function (r) { return r[0] + "–" + r[1]; }).join(", ");
  }
  function selectionPanel(side) {
    var mine = st().sides[side];
    if (mine.selection) {
      return '<p class="trk-done">✓ ' + fill(gettext("%(name)s chose <b>%(mode)s</b>"), {
        name: esc(who(side)), mode: esc(MODE_WORDS[mine.selection.mode] || mine.selection.mode)
      }) + (mine.selection.cards.length ? ": " +
        mine.selection.cards.map(function (k) { return esc(cardName(k)); }).join(", ") : "") + "</p>";
    }
    var fixed = Object.keys(st().cards).filter(function (k) { return st().cards[k].fixed_capable; });
    var decoys = Object.keys(st().cards).filter(function (k) { return !st().cards[k].fixed_capable; });
    var out = '<div class="trk-choice"><h3>' + gettext("Tactical") + '</h3><p class="trk-note">' +
      gettext("Draw 2 cards each Command phase; achieve, discard for CP, New Orders once. Put two " +
        "cards without the Fixed symbol face down as decoys (they go back in the deck).") +
      "</p><div class=\"trk-picks\">";
    decoys.forEach(function (k) {
      out += '<label class="trk-pick trk-decoy"><input type="checkbox" name="decoypick" value="' + esc(k) +
        '"><span>' + esc(cardName(k)) + "</span></label>";
    });
    out += "</div>" + btn(gettext("Play Tactical with these two decoys"), { do: "tactical" }) + "</div>";
    out += '<div class="trk-choice"><h3>' + gettext("Fixed") + '</h3><p class="trk-note">' +
      gettext("Pick two; they stay all battle (max 20VP each).") + "</p><div class=\"trk-picks\">";
    fixed.forEach(function (k) {
      out += '<label class="trk-pick"><input type="checkbox" name="fixedpick" value="' + esc(k) +
        '"><span>' + esc(cardName(k)) + "</span></label>";
    });
    return out + "</div>" + btn(gettext("Play Fixed with these two"), { do: "fixed" }) + "</div>";
  }

  function cardsPanel(side) {
    var s = st(), mine = s.sides[side], yourTurn = s.turn === side, phase = s.phase;
    var out = '<section class="trk-panel"><div class="trk-panel-head"><h2>' +
      fill(gettext("%(name)s's secondaries"), { name: esc(who(side)) }) + "</h2>" +
      '<span class="trk-pill">' + (MODE_NAMES[mine.mode] || "") + "</span></div>";
    out += '<div class="trk-counts"><span>' +
      fill(gettext("%(count)s deck"), { count: '<b data-deck="' + side + '">' + mine.deck_size + "</b>" }) +
      "</span><span>" + fill(gettext("%(count)s active"), { count: "<b>" + mine.active.length + "</b>" }) +
      "</span><span>" + fill(gettext("%(count)s discarded"), { count: "<b>" + mine.discarded.length + "</b>" }) +
      "</span><span>" + fill(gettext("%(cp)s CP (+%(gained)s / −%(spent)s)"), {
        cp: '<b data-testid="cp-' + side + '">' + opts(side).cp + "</b>",
        gained: mine.cp_gained, spent: mine.cp_spent
      }) + "</span></div>";
    out += picksPanel(side) + cpPanel(side);
    if (phase === "command" && yourTurn && draws(side)) {
      out += '<div class="trk-row">';
      if (!mine.turn.drew) out += btn(gettext("Draw secondary cards"), { do: "draw" }, "wide");
      if (mine.turn.intel === "available") out += btn(gettext("Secret Intel: draw one more"), { do: "intel_draw" }, "ghost");
      out += "</div>";
      if (mine.turn.intel === "pending") out += '<p class="trk-warn">' + gettext("Secret Intel: discard one active card.") + "</p>";
      if (mine.turn.set_aside.length) out += '<p class="trk-note">' + gettext("Set aside and shuffled back (round 1):") + " " +
        mine.turn.set_aside.map(function (k) { return esc(cardName(k)); }).join(", ") + "</p>";
    } else if (phase === "command" && yourTurn && !draws(side)) {
      out += '<p class="trk-note">' + gettext("Fixed Missions: no cards to draw.") + "</p>";
    }
    var cards = mine.fixed.map(function (k) { return [k, true]; })
      .concat(mine.active.map(function (k) { return [k, false]; }));
    if (!cards.length) out += '<p class="trk-empty">' +
      (mine.deck_size ? gettext("No active cards.") : gettext("No active cards and the deck is out.")) + "</p>";
    cards.forEach(function (pair) { out += cardBox(side, pair[0], pair[1]); });
    if (phase === "end_of_turn" && yourTurn && mine.mode === "tactical" && mine.active.length) {
      var paid = s.round < 5 && !mine.turn.discarded && opts(side).extra_cp;
      out += '<div class="trk-row">' + btn(paid ? gettext("Discard ticked cards (+1CP)") : gettext("Discard ticked cards"),
        { do: "discard" }, "ghost") + "</div>";
    }
    if (mine.discarded.length) {
      out += '<details class="trk-discards"><summary>' +
        fill(gettext("Discarded (%(count)s)"), { count: mine.discarded.length }) + "</summary><p>" + mine.discarded.map(function (k) { return esc(cardName(k)); }).join(" · ") +
        "</p></details>";
    }
    return out + "</section>";
  }
  function cpPanel(side) {
    // Command points spent on any Stratagem (core ones by name, with this game's cost: Vox
    // Static makes Command Re-roll 2CP) or gained from another source (Supply Lines...).
    var o = opts(side), out = "";
    if (side !== viewSide()) return "";
    if (can("spend_cp") && o.stratagems && o.stratagems.length) {
      out += '<div class="trk-row"><label>' + gettext("Stratagem") + ' <select id="strat-' + side + '">';
      o.stratagems.forEach(function (g) {
        out += '<option value="' + esc(g.key) + '">' + esc(g.name) + " (" + fill(gettext("%(cp)sCP"), { cp: g.cp }) + ")</option>";
      });
      out += "</select></label>" + btn(gettext("Spend CP"), { do: "spend_cp" }, "ghost") + "</div>";
    }
    if (can("gain_cp") && o.extra_cp)
      out += '<div class="trk-row">' + btn(gettext("Gain 1CP (Supply Lines or another source)"), { do: "gain_cp" }, "ghost") + "</div>";
    return out;
  }
  function picksPanel(side) {
    // The opponent drew a card (A Tempting Target) that this side must pick an objective for.
    var picks = opts(side).picks, out = "";
    if (!picks.length || !can("pick_objective")) return "";
    picks.forEach(function (key) {
      out += '<div class="trk-warn" data-testid="pick-' + esc(key) + '">' +
        fill(gettext("%(name)s drew <b>%(card)s</b>: pick one objective in No Man's Land for it."),
          { name: esc(who(other(side))), card: esc(cardName(key)) });
      if (data.objectives && data.objectives.length) {
        out += '<div class="trk-row">';
        data.objectives.forEach(function (o) { out += btn(esc(o), { do: "pick", card: key, objective: o }, "ghost"); });
        out += "</div>";
      } else {
        out += '<div class="trk-row"><input id="pick-' + esc(key) + '" placeholder="' + esc(gettext("objective")) + '">' +
          btn(gettext("Pick"), { do: "pick", card: key }, "ghost") + "</div>";
      }
      out += "</div>";
    });
    return out;
  }
  function cardBox(side, key, fixed) {
    var s = st(), mine = s.sides[side], card = s.cards[key], yourTurn = s.turn === side;
    var top = opts(side).cards[key];
    var target = (mine.objectives || {})[key];
    var out = '<article class="trk-card' + (fixed ? " fixed" : "") + '" data-testid="card-' +
      esc(key) + '"><div class="trk-card-head"><b>' +
      esc(card.name) + "</b>" + (fixed ? '<span class="trk-pill ok">' + gettext("Fixed") + "</span>" : "") +
      (mine.turn.drawn.indexOf(key) >= 0 ? '<span class="trk-pill new">' + gettext("New") + "</span>" : "") + "</div>" +
      '<p class="trk-sum">' + esc(summary(key)) + "</p>" +
      (target === null ? '<p class="trk-note">' + gettext("Waiting for the opponent to pick its objective.") + "</p>" : "") +
      (target ? '<p class="trk-note">' + fill(gettext("Objective: <b>%(objective)s</b>"), { objective: esc(target) }) + "</p>" : "");
    var row = "";
    if (top && can("achieve")) {  // only when the card scores at this moment
      row += vpInput("vp-" + key, top, "") + '<span class="trk-note">' + fill(gettext("1–%(top)sVP"), { top: top }) + "</span>" +
        btn(gettext("Achieve"), { do: "achieve", card: key, top: top });
    }
    if (!fixed) {
      if (mine.turn.intel === "pending") row += btn(gettext("Discard"), { do: "intel_discard", card: key }, "ghost");
      if (opts(side).new_orders)
        row += btn(fill(gettext("New Orders (%(cp)sCP)"), { cp: opts(side).new_orders_cp }), { do: "new_orders", card: key }, "ghost");
      if (s.phase === "command" && yourTurn && card.when_drawn === "may_redraw_if_few_units" &&
          mine.turn.drawn.indexOf(key) >= 0)
        row += btn(gettext("Swap (1–2 units qualify)"), { do: "redraw", card: key }, "ghost");
      if (s.phase === "end_of_turn" && yourTurn && mine.mode === "tactical")
        row += '<label class="trk-tick"><input type="checkbox" name="disc" value="' + esc(key) + '"> ' + gettext("discard") + "</label>";
    }
    return out + (row ? '<div class="trk-row">' + row + "</div>" : "") + "</article>";
  }

  function turnPanel() {
    var s = st(), side = s.turn, i = TURN_PHASES.indexOf(s.phase);
    var out = '<section class="trk-panel trk-turn"><div class="trk-turn-who">' +
      fill(gettext("%(name)s's turn"), { name: esc(who(side)) }) + " · " +
      esc(PHASE_NAMES[s.phase]) + " (" + (i + 1) + "/" + TURN_PHASES.length + ")</div>";
    if (config.fixedSide && data.side !== side) {
      return out + '<p class="trk-note" data-testid="waiting">' +
        fill(gettext("Waiting for %(name)s to move on."), { name: esc(who(side)) }) + "</p></section>";
    }
    out += '<div class="trk-row">';
    if (s.phase === "end_of_turn") {
      out += btn(fill(gettext("End %(name)s's turn →"), { name: esc(who(side)) }), { do: "advance" }, "wide");
    } else {
      out += btn(esc(PHASE_NAMES[TURN_PHASES[i + 1]]) + " →", { do: "advance" }, "wide");
      if (i < TURN_PHASES.length - 2) out += btn(gettext("End of turn ⇥"), { do: "advance", to: "end_of_turn" }, "ghost");
    }
    return out + "</div></section>";
  }

  function primaryPanel(side) {
    var s = st(), mine = s.sides[side];
    var attempting = s.revealed.gambits && mine.gambit && mine.gambit !== "proceed_as_planned";
    if (!can("score_primary") && !can("battle_ready")) return "";
    var out = '<section class="trk-panel"><h2>' + gettext("Primary & battle") + "</h2>", p = opts(side).primary;
    if (can("score_primary") && p) {
      if (attempting) out += '<p class="trk-note">' + gettext("Attempting a gambit: no more primary VP.") + "</p>";
      else if (p.now && p.left > 0) {
        out += '<div class="trk-row">' + vpInput("vp-primary", p.left, "") +
          '<span class="trk-note">' + fill(gettext("0–%(top)sVP"), { top: p.left }) + "</span>" +
          btn(fill(gettext("Score %(primary)s"), { primary: esc(p.name) }), { do: "primary", top: p.left }) + "</div>";
      } else {
        out += '<p class="trk-note" data-testid="primary-when">' + (p.now
          ? fill(gettext("%(primary)s: all VP for this moment entered."), { primary: esc(p.name) })
          : fill(gettext("%(primary)s: scores %(when)s."), { primary: esc(p.name), when: esc(p.when) })) + "</p>";
      }
    }
    if (can("battle_ready")) {
      out += '<label class="trk-switch"><input type="checkbox" data-do="battle_ready"' +
        (mine.battle_ready ? " checked" : "") + (ui.busy ? " disabled" : "") +
        "> " + gettext("Battle Ready army (+10VP)") + "</label>";
    }
    return out + "</section>";
  }

  function gambitPanel(side) {
    var s = st(), mine = s.sides[side], out = '<section class="trk-panel"><h2>' + gettext("Gambit") + "</h2>";
    if (s.phase === "gambits") {
      if (mine.gambit) {
        out += '<p class="trk-done">✓ ' + fill(gettext("Chosen: <b>%(card)s</b>. Waiting for %(name)s."),
          { card: esc(cardName(mine.gambit)), name: esc(who(other(side))) }) + "</p>";
      } else if (Array.isArray(mine.gambit_hand)) {
        out += '<p class="trk-note">' + gettext("Choose one in secret. Any gambit but Proceed as Planned stops primary scoring.") + "</p>";
        mine.gambit_hand.forEach(function (k) {
          out += '<article class="trk-card" data-testid="gambit-' + esc(k) +
            '"><div class="trk-card-head"><b>' + esc(cardName(k)) +
            "</b></div><p class=\"trk-sum\">" + esc(summary(k)) + '</p><div class="trk-row">' +
            btn(gettext("Choose"), { do: "gambit", card: k }) + "</div></article>";
        });
      }
      return out + "</section>";
    }
    if (!mine.gambit) return "";
    var name = mine.gambit === "hidden" ? gettext("hidden") : cardName(mine.gambit);
    out += "<p><b>" + esc(name) + "</b>" + (mine.gambit_scored ? " · " + gettext("scored") : "") + "</p>";
    var attempting = s.revealed.gambits && mine.gambit !== "proceed_as_planned";
    if (attempting && !mine.gambit_scored && can("score_gambit") && s.round === 5 && (s.turn === side || !s.turn)) {
      var top = s.gambit_cards[mine.gambit].max_vp;
      out += '<div class="trk-row">' + btn(fill(gettext("Succeeded (+%(top)sVP)"), { top: top }), { do: "score_gambit", vp: top }) +
        btn(gettext("Failed (0VP)"), { do: "score_gambit", vp: 0 }, "ghost") + "</div>";
    }
    return out + "</section>";
  }

  function endPanel() {
    var s = st(), out = '<section class="trk-panel trk-end">';
    if (s.phase === "end_of_battle") {
      out += "<h2>" + gettext("End of battle") + "</h2><p class=\"trk-note\">" +
        gettext("Enter any last primary, secondary or gambit VP, then finish.") +
        (data.game ? " " + gettext("The score becomes this game's result.") : "") + "</p>" +
        btn(gettext("Finish the game"), { do: "finish" }, "wide");
    } else if (s.phase === "over") {
      var f = data.final;
      out += "<h2>" + gettext("Final score") + "</h2><p class=\"trk-final\" data-testid=\"final\">" + esc(who("attacker")) + " <b>" +
        f.attacker.total + "</b> – <b>" + f.defender.total + "</b> " + esc(who("defender")) + "</p>";
      if (data.result) out += resultLine(data.result);
    }
    return out + "</section>";
  }

  var RESULT_STATUS = {
    pending: gettext("awaiting confirmation"), confirmed: gettext("confirmed"),
    disputed: gettext("disputed: an organiser will settle it")
  };
  function resultLine(r) {
    // The result is stored as player A – player B, which need not be Attacker – Defender.
    return '<p class="trk-note" data-testid="result">' + gettext("Result sent:") + " " + esc(data.players.player_a) +
      " <b>" + r.vp_a + "</b> – <b>" + r.vp_b + "</b> " + esc(data.players.player_b) + " · " +
      esc(RESULT_STATUS[r.status] || r.status) + "</p>" +
      (config.playerPage && r.status !== "confirmed"
        ? '<p><a class="button secondary" data-testid="player-page" href="' + esc(config.playerPage) +
          '">' + gettext("Confirm or check it on your player page ›") + "</a></p>"
        : "");
  }

  function scoreTable() {
    var cats = [["primary", gettext("P")], ["secondary", gettext("S")], ["gambit", gettext("G")]];
    var out = '<section class="trk-panel"><h2>' + gettext("Score by round") + '</h2><table class="trk-score"><thead><tr><th></th>' +
      '<th colspan="3">' + esc(who("attacker")) + '</th><th colspan="3">' + esc(who("defender")) +
      "</th></tr><tr><th>" + gettext("Rd") + "</th>";
    SIDES.forEach(function () { cats.forEach(function (c) { out += "<th>" + c[1] + "</th>"; }); });
    out += "</tr></thead><tbody>";
    for (var r = 0; r < 5; r++) {
      out += "<tr" + (st().round === r + 1 ? ' class="now"' : "") + "><th>" + (r + 1) + "</th>";
      SIDES.forEach(function (side) {
        cats.forEach(function (c) { var v = data.score[side].raw_by_round[c[0]][r]; out += "<td>" + (v || "·") + "</td>"; });
      });
      out += "</tr>";
    }
    out += '</tbody><tfoot><tr><th title="' + esc(gettext("capped")) + '">' + gettext("Cap") + "</th>";
    SIDES.forEach(function (side) { cats.forEach(function (c) { out += "<td>" + data.score[side][c[0]] + "</td>"; }); });
    out += "</tr><tr><th>" + gettext("BR") + "</th>";
    SIDES.forEach(function (side) { out += '<td colspan="3">' + data.score[side].battle_ready + "</td>"; });
    out += '</tr><tr class="total"><th>' + gettext("Total") + "</th>";
    SIDES.forEach(function (side) { out += '<td colspan="3">' + data.score[side].total + "</td>"; });
    out += "</tr></tfoot></table><p class=\"trk-note\">" +
      gettext("Caps: primary + gambit ≤ 50, secondary ≤ 40, each Fixed card ≤ 20, total ≤ 100.") +
      "</p></section>";
    return out;
  }

  function share() {
    if (!config.share) return "";
    return '<details class="trk-share"><summary>' + gettext("Share this game") + '</summary><p class="trk-note">' +
      gettext("Anyone with this link can view and act. Open it on the other phone.") + "</p>" +
      '<input readonly value="' + esc(config.share.split("?")[0]) + '" data-select-all></details>';
  }

  function render() {
    var s = st(), side = viewSide(), out = header();
    // Below the header, never over it: the round and whose turn stay readable.
    if (ui.toast) out += '<div class="trk-toast ' + ui.toastKind + '" role="' +
      (ui.toastKind === "bad" ? "alert" : "status") + '" data-testid="toast">' + esc(ui.toast) + "</div>";
    out += board();
    if (s.round === 0) out += setupPanel();
    else {
      if (s.phase === "over") out += endPanel();
      if (side && s.sides[side].mode) out += gambitPanel(side) + cardsPanel(side) + primaryPanel(side);
      if (TURN_PHASES.indexOf(s.phase) >= 0) out += turnPanel();
      if (s.phase === "end_of_battle") out += endPanel();
    }
    if (s.round > 0) out += scoreTable();
    out += share();
    var kept = ui.clearForm ? {} : formState();
    ui.clearForm = false;
    root.innerHTML = out;
    restoreForm(kept);
    // State on the root: lets a test (or a stylesheet) wait for the page to catch up.
    root.dataset.seq = s.seq; root.dataset.phase = s.phase; root.dataset.round = s.round;
    root.dataset.turn = s.turn || ""; root.dataset.side = side || "";
    root.dataset.first = s.first_turn || "";
    root.dataset.busy = ui.busy ? "1" : "";
  }

  /* Re-rendering rebuilds the page: keep what the player was typing or ticking when a poll
     brings the opponent's move or an action is refused (a sent action starts afresh). */
  function inputKey(el) {
    if (el.dataset.do) return null;  // mirrors the state (Battle Ready), never kept
    if (el.type === "checkbox") return el.name ? el.name + "=" + el.value : null;
    return el.id || null;
  }
  function formState() {
    var kept = { fields: {}, focus: null };
    Array.prototype.forEach.call(root.querySelectorAll("input"), function (el) {
      var k = inputKey(el);
      if (!k) return;
      kept.fields[k] = el.type === "checkbox" ? el.checked : el.value;
      if (el === document.activeElement) kept.focus = k;
    });
    return kept;
  }
  function restoreForm(kept) {
    if (!kept.fields) return;
    Array.prototype.forEach.call(root.querySelectorAll("input"), function (el) {
      var k = inputKey(el);
      if (!k || !(k in kept.fields)) return;
      if (el.type === "checkbox") el.checked = kept.fields[k];
      else el.value = kept.fields[k];
      if (k === kept.focus) el.focus();
    });
  }

  /* ---- taps ---- */
  function valueOf(id) {
    var el = document.getElementById(id);
    var n = el ? parseInt(el.value, 10) : NaN;
    return isNaN(n) ? null : n;
  }
  function checked(name) {
    return Array.prototype.map.call(root.querySelectorAll('input[name="' + name + '"]:checked'),
      function (el) { return el.value; });
  }
  var handlers = {
    tab: function (d) { ui.side = d.side; render(); refresh().then(render); },
    roll_off: function () { send({ type: "roll_off" }); },
    assign: function (d) { send({ type: "assign_roles", attacker: d.player }); },
    tactical: function () { send({ type: "select_secondaries", side: viewSide(), mode: "tactical", cards: checked("decoypick") }, gettext("Tactical chosen")); },
    fixed: function () { send({ type: "select_secondaries", side: viewSide(), mode: "fixed", cards: checked("fixedpick") }, gettext("Fixed chosen")); },
    first: function (d) { send({ type: "set_first_turn", first: d.first }); },
    draw: function () { send({ type: "draw", side: viewSide() }); },
    intel_draw: function () { send({ type: "intel_draw", side: viewSide() }); },
    intel_discard: function (d) { send({ type: "intel_discard", side: viewSide(), card: d.card }); },
    redraw: function (d) { send({ type: "redraw", side: viewSide(), card: d.card, qualifying_units: 2 }); },
    new_orders: function (d) {
      if (window.confirm(fill(gettext("New Orders: discard %(card)s and draw a new card? Once per battle, costs CP."), { card: cardName(d.card) })))
        send({ type: "new_orders", side: viewSide(), card: d.card });
    },
    achieve: function (d) {
      var vp = valueOf("vp-" + d.card);
      if (vp === null) return flash(fill(gettext("Enter the VP %(card)s scored: 1 to %(top)s."), { card: cardName(d.card), top: d.top }), "bad");
      send({ type: "achieve", side: viewSide(), card: d.card, vp: vp }, fill(gettext("%(card)s achieved"), { card: cardName(d.card) }));
    },
    pick: function (d) {
      var o = d.objective || (document.getElementById("pick-" + d.card) || {}).value;
      if (!o) return flash(gettext("Name the objective you pick."), "bad");
      send({ type: "pick_objective", side: viewSide(), card: d.card, objective: o }, gettext("Objective picked"));
    },
    discard: function () { send({ type: "discard", side: viewSide(), cards: checked("disc") }, gettext("Discarded")); },
    spend_cp: function () {
      var pick = document.getElementById("strat-" + viewSide());
      if (pick) send({ type: "spend_cp", side: viewSide(), stratagem: pick.value }, gettext("CP spent"));
    },
    gain_cp: function () { send({ type: "gain_cp", side: viewSide(), reason: "Supply Lines or another source" }, gettext("1CP gained")); },
    advance: function (d) {
      var a = { type: "advance", side: st().turn };
      if (d.to) a.to = d.to;
      send(a);
    },
    primary: function (d) {
      var vp = valueOf("vp-primary");
      if (vp === null) return flash(fill(gettext("Enter the primary VP scored: 0 to %(top)s."), { top: d.top }), "bad");
      send({ type: "score_primary", side: viewSide(), vp: vp }, gettext("Primary scored"));
    },
    gambit: function (d) { send({ type: "choose_gambit", side: viewSide(), card: d.card }, gettext("Gambit chosen")); },
    score_gambit: function (d) { send({ type: "score_gambit", side: viewSide(), vp: parseInt(d.vp, 10) }); },
    finish: function () { if (window.confirm(gettext("Finish the game? Nothing can be changed afterwards."))) send({ type: "finish" }, gettext("Game finished")); }
  };
  root.addEventListener("click", function (ev) {
    var el = ev.target.closest("[data-do]");
    if (!el || el.tagName === "INPUT") return;
    var fn = handlers[el.dataset.do];
    if (fn) fn(el.dataset);
  });
  root.addEventListener("change", function (ev) {
    if (ev.target.dataset.do === "battle_ready")
      send({ type: "battle_ready", side: viewSide(), value: ev.target.checked });
  });

  render();
  setInterval(function () { if (!document.hidden && !ui.busy) refresh(); }, POLL_MS);
  // A phone picked up again shows the latest state at once, not at the next tick.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && !ui.busy) refresh();
  });
})();
