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
  var PHASE_NAMES = {
    roles: "Attacker & Defender", secondaries: "Secondary missions", first_turn: "First turn",
    command: "Command", movement: "Movement", shooting: "Shooting", charge: "Charge",
    fight: "Fight", end_of_turn: "End of turn", gambits: "Gambits",
    end_of_battle: "End of battle", over: "Game over"
  };
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
    return roles ? data.players[roles[side]] : cap(side);
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
    if (!body || typeof body !== "object") return "Something went wrong. Try again.";
    for (var k in body) {
      if (k === "error_codes") continue;
      var v = body[k], text = Array.isArray(v) ? v.join(" ") : String(v);
      // Services prefix messages with the field ("cards: ..."); a player needs only the rule.
      text = text.replace(/^[a-z_]+:\s*/, "");
      return text ? cap(text) : "Refused.";
    }
    return "Refused.";
  }
  function request(method, url, payload) {
    return fetch(viewUrl(url), {
      method: method, headers: headers(), credentials: "same-origin",
      body: payload ? JSON.stringify(payload) : undefined
    }).catch(function () {
      // No answer at all: told apart from a refusal, which has a status.
      var e = new Error("No network: try again in a moment."); e.network = true; throw e;
    }).then(function (resp) {
      return resp.json().catch(function () { return null; }).then(function (body) {
        if (!resp.ok) {
          var stale = resp.status === 409 && body && body.error_codes &&
            String(body.error_codes.seq) === "stale_action";
          // The JS reloads the game at once, so "reload and try again" would be wrong advice.
          var e = new Error(stale ? "The other phone moved first: this is the game now." : errorText(body));
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
      flash("No network: this move is kept on this phone and sent when the network is back.", "bad");
    }, function () {
      ui.busy = false;
      flash("No network: try again in a moment.", "bad");
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
      '" id="' + esc(id) + '" value="' + esc(value) + '" placeholder="VP" aria-label="VP">';
  }

  function header() {
    var s = st(), clock = s.round ? "Round " + s.round + " of 5" : "Before the battle";
    var turn = s.turn ? " · " + esc(who(s.turn)) + "'s turn" : "";
    var back = config.back ? '<a class="trk-back" data-testid="back" href="' + esc(config.back.href) +
      '">‹ ' + esc(config.back.label) + "</a>" : "";
    // The mission by name ("Mission A: Take and Hold"), its code after it for sharing.
    var title = data.mission_name ? "<strong>" + esc(data.mission_name) + "</strong> · " +
      esc(data.mission_code) : "Mission <strong>" + esc(data.mission_code) + "</strong>";
    return '<header class="trk-head">' + back + '<div class="trk-mission">' + title +
      (data.game ? " · event game" : "") + "</div>" +
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
        ">" + '<span class="trk-team-role">' + cap(side) + (st().turn === side ? ' <i class="trk-dot"></i>' : "") +
        "</span>" + '<span class="trk-team-name">' + (st().roles ? esc(who(side)) : "to be decided") + "</span>" +
        '<span class="trk-total" data-testid="total-' + side + '">' + sc.total + "<small>VP</small></span>" +
        '<span class="trk-parts">P ' + sc.primary + " · S " + sc.secondary + " · G " + sc.gambit +
        (sc.battle_ready ? " · BR " + sc.battle_ready : "") + "</span>" +
        '<span class="trk-stats">Deck <b data-deck="' + side + '">' + s.deck_size + "</b> · " +
        modeText(s) + ' · <b data-cp="' + side + '">' + opts(side).cp + "</b> CP</span></" + tag + ">";
    });
    return out + "</div>" + '<p class="trk-legend" data-testid="legend">P primary · S secondary · ' +
      "G gambit · BR Battle Ready · CP Command points</p>";
  }

  function modeText(s) {
    if (s.mode) return cap(s.mode);
    if (s.selection) return "chosen, hidden";  // revealed when both have chosen
    return st().roles ? "choosing missions" : "missions not chosen";
  }

  function setupPanel() {
    var s = st(), side = viewSide(), out = '<section class="trk-panel">';
    if (s.phase === "roles") {
      out += "<h2>Who attacks?</h2>";
      var roll = s.roll_offs.roles;
      out += roll ? '<p class="trk-note">Roll-off: ' + rollText(roll.rolls) + " · <b>" +
        esc(data.players[roll.winner]) + "</b> won and chooses.</p>" :
        '<p class="trk-note">Roll off, or agree who is the Attacker.</p>';
      // After the roll-off only its winner chooses: a player's phone that lost it waits.
      var waiting = roll && config.me && config.me !== roll.winner;
      out += '<div class="trk-row">' + (roll ? "" : btn("Roll off", { do: "roll_off" }, "ghost"));
      if (!waiting) {
        s.players.forEach(function (label) {
          out += btn(esc(data.players[label]) + " attacks", { do: "assign", player: label });
        });
      }
      out += "</div>";
      if (waiting) out += '<p class="trk-note">Waiting for ' + esc(data.players[roll.winner]) + " to choose.</p>";
    } else if (s.phase === "secondaries") {
      out += "<h2>Secondary missions</h2>";
      if (!side) out += '<p class="trk-note">Waiting for Attacker and Defender.</p>';
      else out += selectionPanel(side);
      out += '<p class="trk-note">' + esc(who(other(side || "attacker"))) + ": " +
        (s.sides[other(side || "attacker")].selection ? "chosen ✓" : "choosing…") +
        " — both choices are revealed together.</p>";
    } else if (s.phase === "first_turn") {
      out += "<h2>Who takes the first turn?</h2>";
      out += '<div class="trk-row">' + btn("Roll off", { do: "roll_off" }, "ghost") +
        btn("Attacker first", { do: "first", first: "attacker" }) +
        btn("Defender first", { do: "first", first: "defender" }) + "</div>";
    }
    return out + "</section>";
  }
  function rollText(rolls) {
    return rolls.map(function (r) { return r[0] + "–" + r[1]; }).join(", ");
  }
  function selectionPanel(side) {
    var mine = st().sides[side];
    if (mine.selection) {
      return '<p class="trk-done">✓ ' + esc(who(side)) + " chose <b>" +
        esc(mine.selection.mode) + "</b>" + (mine.selection.cards.length ? ": " +
        mine.selection.cards.map(function (k) { return esc(cardName(k)); }).join(", ") : "") + "</p>";
    }
    var fixed = Object.keys(st().cards).filter(function (k) { return st().cards[k].fixed_capable; });
    var decoys = Object.keys(st().cards).filter(function (k) { return !st().cards[k].fixed_capable; });
    var out = '<div class="trk-choice"><h3>Tactical</h3><p class="trk-note">Draw 2 cards each ' +
      "Command phase; achieve, discard for CP, New Orders once. Put two cards without the Fixed " +
      "symbol face down as decoys (they go back in the deck).</p><div class=\"trk-picks\">";
    decoys.forEach(function (k) {
      out += '<label class="trk-pick trk-decoy"><input type="checkbox" name="decoypick" value="' + esc(k) +
        '"><span>' + esc(cardName(k)) + "</span></label>";
    });
    out += "</div>" + btn("Play Tactical with these two decoys", { do: "tactical" }) + "</div>";
    out += '<div class="trk-choice"><h3>Fixed</h3><p class="trk-note">Pick two; they stay all ' +
      "battle (max 20VP each).</p><div class=\"trk-picks\">";
    fixed.forEach(function (k) {
      out += '<label class="trk-pick"><input type="checkbox" name="fixedpick" value="' + esc(k) +
        '"><span>' + esc(cardName(k)) + "</span></label>";
    });
    return out + "</div>" + btn("Play Fixed with these two", { do: "fixed" }) + "</div>";
  }

  function cardsPanel(side) {
    var s = st(), mine = s.sides[side], yourTurn = s.turn === side, phase = s.phase;
    var out = '<section class="trk-panel"><div class="trk-panel-head"><h2>' + esc(who(side)) +
      "'s secondaries</h2>" + '<span class="trk-pill">' + cap(mine.mode || "") + "</span></div>";
    out += '<div class="trk-counts"><span><b data-deck="' + side + '">' + mine.deck_size +
      "</b> deck</span><span><b>" + mine.active.length + "</b> active</span><span><b>" +
      mine.discarded.length + '</b> discarded</span><span><b data-testid="cp-' + side + '">' +
      opts(side).cp + "</b> CP (+" + mine.cp_gained + " / −" + mine.cp_spent + ")</span></div>";
    out += picksPanel(side) + cpPanel(side);
    if (phase === "command" && yourTurn && draws(side)) {
      out += '<div class="trk-row">';
      if (!mine.turn.drew) out += btn("Draw secondary cards", { do: "draw" }, "wide");
      if (mine.turn.intel === "available") out += btn("Secret Intel: draw one more", { do: "intel_draw" }, "ghost");
      out += "</div>";
      if (mine.turn.intel === "pending") out += '<p class="trk-warn">Secret Intel: discard one active card.</p>';
      if (mine.turn.set_aside.length) out += '<p class="trk-note">Set aside and shuffled back (round 1): ' +
        mine.turn.set_aside.map(function (k) { return esc(cardName(k)); }).join(", ") + "</p>";
    } else if (phase === "command" && yourTurn && !draws(side)) {
      out += '<p class="trk-note">Fixed Missions: no cards to draw.</p>';
    }
    var cards = mine.fixed.map(function (k) { return [k, true]; })
      .concat(mine.active.map(function (k) { return [k, false]; }));
    if (!cards.length) out += '<p class="trk-empty">No active cards' +
      (mine.deck_size ? "." : " and the deck is out.") + "</p>";
    cards.forEach(function (pair) { out += cardBox(side, pair[0], pair[1]); });
    if (phase === "end_of_turn" && yourTurn && mine.mode === "tactical" && mine.active.length) {
      var paid = s.round < 5 && !mine.turn.discarded && opts(side).extra_cp;
      out += '<div class="trk-row">' + btn("Discard ticked cards" + (paid ? " (+1CP)" : ""),
        { do: "discard" }, "ghost") + "</div>";
    }
    if (mine.discarded.length) {
      out += '<details class="trk-discards"><summary>Discarded (' + mine.discarded.length +
        ")</summary><p>" + mine.discarded.map(function (k) { return esc(cardName(k)); }).join(" · ") +
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
      out += '<div class="trk-row"><label>Stratagem <select id="strat-' + side + '">';
      o.stratagems.forEach(function (g) {
        out += '<option value="' + esc(g.key) + '">' + esc(g.name) + " (" + g.cp + "CP)</option>";
      });
      out += "</select></label>" + btn("Spend CP", { do: "spend_cp" }, "ghost") + "</div>";
    }
    if (can("gain_cp") && o.extra_cp)
      out += '<div class="trk-row">' + btn("Gain 1CP (Supply Lines or another source)", { do: "gain_cp" }, "ghost") + "</div>";
    return out;
  }
  function picksPanel(side) {
    // The opponent drew a card (A Tempting Target) that this side must pick an objective for.
    var picks = opts(side).picks, out = "";
    if (!picks.length || !can("pick_objective")) return "";
    picks.forEach(function (key) {
      out += '<div class="trk-warn" data-testid="pick-' + esc(key) + '">' + esc(who(other(side))) +
        " drew <b>" + esc(cardName(key)) + "</b>: pick one objective in No Man's Land for it.";
      if (data.objectives && data.objectives.length) {
        out += '<div class="trk-row">';
        data.objectives.forEach(function (o) { out += btn(esc(o), { do: "pick", card: key, objective: o }, "ghost"); });
        out += "</div>";
      } else {
        out += '<div class="trk-row"><input id="pick-' + esc(key) + '" placeholder="objective">' +
          btn("Pick", { do: "pick", card: key }, "ghost") + "</div>";
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
      esc(card.name) + "</b>" + (fixed ? '<span class="trk-pill ok">Fixed</span>' : "") +
      (mine.turn.drawn.indexOf(key) >= 0 ? '<span class="trk-pill new">New</span>' : "") + "</div>" +
      '<p class="trk-sum">' + esc(summary(key)) + "</p>" +
      (target === null ? '<p class="trk-note">Waiting for the opponent to pick its objective.</p>' : "") +
      (target ? '<p class="trk-note">Objective: <b>' + esc(target) + "</b></p>" : "");
    var row = "";
    if (top && can("achieve")) {  // only when the card scores at this moment
      row += vpInput("vp-" + key, top, "") + '<span class="trk-note">1–' + top + "VP</span>" +
        btn("Achieve", { do: "achieve", card: key, top: top });
    }
    if (!fixed) {
      if (mine.turn.intel === "pending") row += btn("Discard", { do: "intel_discard", card: key }, "ghost");
      if (opts(side).new_orders)
        row += btn("New Orders (" + opts(side).new_orders_cp + "CP)", { do: "new_orders", card: key }, "ghost");
      if (s.phase === "command" && yourTurn && card.when_drawn === "may_redraw_if_few_units" &&
          mine.turn.drawn.indexOf(key) >= 0)
        row += btn("Swap (1–2 units qualify)", { do: "redraw", card: key }, "ghost");
      if (s.phase === "end_of_turn" && yourTurn && mine.mode === "tactical")
        row += '<label class="trk-tick"><input type="checkbox" name="disc" value="' + esc(key) + '"> discard</label>';
    }
    return out + (row ? '<div class="trk-row">' + row + "</div>" : "") + "</article>";
  }

  function turnPanel() {
    var s = st(), side = s.turn, i = TURN_PHASES.indexOf(s.phase);
    var out = '<section class="trk-panel trk-turn"><div class="trk-turn-who">' + esc(who(side)) +
      "'s turn · " + esc(PHASE_NAMES[s.phase]) + " (" + (i + 1) + "/" + TURN_PHASES.length + ")</div>";
    if (config.fixedSide && data.side !== side) {
      return out + '<p class="trk-note" data-testid="waiting">Waiting for ' + esc(who(side)) +
        " to move on.</p></section>";
    }
    out += '<div class="trk-row">';
    if (s.phase === "end_of_turn") {
      out += btn("End " + esc(who(side)) + "'s turn →", { do: "advance" }, "wide");
    } else {
      out += btn(esc(PHASE_NAMES[TURN_PHASES[i + 1]]) + " →", { do: "advance" }, "wide");
      if (i < TURN_PHASES.length - 2) out += btn("End of turn ⇥", { do: "advance", to: "end_of_turn" }, "ghost");
    }
    return out + "</div></section>";
  }

  function primaryPanel(side) {
    var s = st(), mine = s.sides[side];
    var attempting = s.revealed.gambits && mine.gambit && mine.gambit !== "proceed_as_planned";
    if (!can("score_primary") && !can("battle_ready")) return "";
    var out = '<section class="trk-panel"><h2>Primary & battle</h2>', p = opts(side).primary;
    if (can("score_primary") && p) {
      if (attempting) out += '<p class="trk-note">Attempting a gambit: no more primary VP.</p>';
      else if (p.now && p.left > 0) {
        out += '<div class="trk-row">' + vpInput("vp-primary", p.left, "") +
          '<span class="trk-note">0–' + p.left + "VP</span>" +
          btn("Score " + esc(p.name), { do: "primary", top: p.left }) + "</div>";
      } else {
        out += '<p class="trk-note" data-testid="primary-when">' + esc(p.name) + ": " +
          (p.now ? "all VP for this moment entered." : "scores " + esc(p.when) + ".") + "</p>";
      }
    }
    if (can("battle_ready")) {
      out += '<label class="trk-switch"><input type="checkbox" data-do="battle_ready"' +
        (mine.battle_ready ? " checked" : "") + (ui.busy ? " disabled" : "") +
        "> Battle Ready army (+10VP)</label>";
    }
    return out + "</section>";
  }

  function gambitPanel(side) {
    var s = st(), mine = s.sides[side], out = '<section class="trk-panel"><h2>Gambit</h2>';
    if (s.phase === "gambits") {
      if (mine.gambit) {
        out += '<p class="trk-done">✓ Chosen: <b>' + esc(cardName(mine.gambit)) + "</b>. Waiting for " +
          esc(who(other(side))) + ".</p>";
      } else if (Array.isArray(mine.gambit_hand)) {
        out += '<p class="trk-note">Choose one in secret. Any gambit but Proceed as Planned stops primary scoring.</p>';
        mine.gambit_hand.forEach(function (k) {
          out += '<article class="trk-card" data-testid="gambit-' + esc(k) +
            '"><div class="trk-card-head"><b>' + esc(cardName(k)) +
            "</b></div><p class=\"trk-sum\">" + esc(summary(k)) + '</p><div class="trk-row">' +
            btn("Choose", { do: "gambit", card: k }) + "</div></article>";
        });
      }
      return out + "</section>";
    }
    if (!mine.gambit) return "";
    var name = mine.gambit === "hidden" ? "hidden" : cardName(mine.gambit);
    out += "<p><b>" + esc(name) + "</b>" + (mine.gambit_scored ? " · scored" : "") + "</p>";
    var attempting = s.revealed.gambits && mine.gambit !== "proceed_as_planned";
    if (attempting && !mine.gambit_scored && can("score_gambit") && s.round === 5 && (s.turn === side || !s.turn)) {
      var top = s.gambit_cards[mine.gambit].max_vp;
      out += '<div class="trk-row">' + btn("Succeeded (+" + top + "VP)", { do: "score_gambit", vp: top }) +
        btn("Failed (0VP)", { do: "score_gambit", vp: 0 }, "ghost") + "</div>";
    }
    return out + "</section>";
  }

  function endPanel() {
    var s = st(), out = '<section class="trk-panel trk-end">';
    if (s.phase === "end_of_battle") {
      out += "<h2>End of battle</h2><p class=\"trk-note\">Enter any last primary, secondary or gambit VP, " +
        "then finish. " + (data.game ? "The score becomes this game's result." : "") + "</p>" +
        btn("Finish the game", { do: "finish" }, "wide");
    } else if (s.phase === "over") {
      var f = data.final;
      out += "<h2>Final score</h2><p class=\"trk-final\" data-testid=\"final\">" + esc(who("attacker")) + " <b>" +
        f.attacker.total + "</b> – <b>" + f.defender.total + "</b> " + esc(who("defender")) + "</p>";
      if (data.result) out += resultLine(data.result);
    }
    return out + "</section>";
  }

  var RESULT_STATUS = {
    pending: "awaiting confirmation", confirmed: "confirmed",
    disputed: "disputed: an organiser will settle it"
  };
  function resultLine(r) {
    // The result is stored as player A – player B, which need not be Attacker – Defender.
    return '<p class="trk-note" data-testid="result">Result sent: ' + esc(data.players.player_a) +
      " <b>" + r.vp_a + "</b> – <b>" + r.vp_b + "</b> " + esc(data.players.player_b) + " · " +
      esc(RESULT_STATUS[r.status] || r.status) + "</p>" +
      (config.playerPage && r.status !== "confirmed"
        ? '<p><a class="button secondary" data-testid="player-page" href="' + esc(config.playerPage) +
          '">Confirm or check it on your player page ›</a></p>'
        : "");
  }

  function scoreTable() {
    var cats = [["primary", "P"], ["secondary", "S"], ["gambit", "G"]];
    var out = '<section class="trk-panel"><h2>Score by round</h2><table class="trk-score"><thead><tr><th></th>' +
      '<th colspan="3">' + esc(who("attacker")) + '</th><th colspan="3">' + esc(who("defender")) +
      "</th></tr><tr><th>Rd</th>";
    SIDES.forEach(function () { cats.forEach(function (c) { out += "<th>" + c[1] + "</th>"; }); });
    out += "</tr></thead><tbody>";
    for (var r = 0; r < 5; r++) {
      out += "<tr" + (st().round === r + 1 ? ' class="now"' : "") + "><th>" + (r + 1) + "</th>";
      SIDES.forEach(function (side) {
        cats.forEach(function (c) { var v = data.score[side].raw_by_round[c[0]][r]; out += "<td>" + (v || "·") + "</td>"; });
      });
      out += "</tr>";
    }
    out += '</tbody><tfoot><tr><th title="capped">Cap</th>';
    SIDES.forEach(function (side) { cats.forEach(function (c) { out += "<td>" + data.score[side][c[0]] + "</td>"; }); });
    out += "</tr><tr><th>BR</th>";
    SIDES.forEach(function (side) { out += '<td colspan="3">' + data.score[side].battle_ready + "</td>"; });
    out += '</tr><tr class="total"><th>Total</th>';
    SIDES.forEach(function (side) { out += '<td colspan="3">' + data.score[side].total + "</td>"; });
    out += "</tr></tfoot></table><p class=\"trk-note\">Caps: primary + gambit ≤ 50, secondary ≤ 40, " +
      "each Fixed card ≤ 20, total ≤ 100.</p></section>";
    return out;
  }

  function share() {
    if (!config.share) return "";
    return '<details class="trk-share"><summary>Share this game</summary><p class="trk-note">' +
      "Anyone with this link can view and act. Open it on the other phone.</p>" +
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
    tactical: function () { send({ type: "select_secondaries", side: viewSide(), mode: "tactical", cards: checked("decoypick") }, "Tactical chosen"); },
    fixed: function () { send({ type: "select_secondaries", side: viewSide(), mode: "fixed", cards: checked("fixedpick") }, "Fixed chosen"); },
    first: function (d) { send({ type: "set_first_turn", first: d.first }); },
    draw: function () { send({ type: "draw", side: viewSide() }); },
    intel_draw: function () { send({ type: "intel_draw", side: viewSide() }); },
    intel_discard: function (d) { send({ type: "intel_discard", side: viewSide(), card: d.card }); },
    redraw: function (d) { send({ type: "redraw", side: viewSide(), card: d.card, qualifying_units: 2 }); },
    new_orders: function (d) {
      if (window.confirm("New Orders: discard " + cardName(d.card) + " and draw a new card? Once per battle, costs CP."))
        send({ type: "new_orders", side: viewSide(), card: d.card });
    },
    achieve: function (d) {
      var vp = valueOf("vp-" + d.card);
      if (vp === null) return flash("Enter the VP " + cardName(d.card) + " scored: 1 to " + d.top + ".", "bad");
      send({ type: "achieve", side: viewSide(), card: d.card, vp: vp }, cardName(d.card) + " achieved");
    },
    pick: function (d) {
      var o = d.objective || (document.getElementById("pick-" + d.card) || {}).value;
      if (!o) return flash("Name the objective you pick.", "bad");
      send({ type: "pick_objective", side: viewSide(), card: d.card, objective: o }, "Objective picked");
    },
    discard: function () { send({ type: "discard", side: viewSide(), cards: checked("disc") }, "Discarded"); },
    spend_cp: function () {
      var pick = document.getElementById("strat-" + viewSide());
      if (pick) send({ type: "spend_cp", side: viewSide(), stratagem: pick.value }, "CP spent");
    },
    gain_cp: function () { send({ type: "gain_cp", side: viewSide(), reason: "Supply Lines or another source" }, "1CP gained"); },
    advance: function (d) {
      var a = { type: "advance", side: st().turn };
      if (d.to) a.to = d.to;
      send(a);
    },
    primary: function (d) {
      var vp = valueOf("vp-primary");
      if (vp === null) return flash("Enter the primary VP scored: 0 to " + d.top + ".", "bad");
      send({ type: "score_primary", side: viewSide(), vp: vp }, "Primary scored");
    },
    gambit: function (d) { send({ type: "choose_gambit", side: viewSide(), card: d.card }, "Gambit chosen"); },
    score_gambit: function (d) { send({ type: "score_gambit", side: viewSide(), vp: parseInt(d.vp, 10) }); },
    finish: function () { if (window.confirm("Finish the game? Nothing can be changed afterwards.")) send({ type: "finish" }, "Game finished"); }
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
