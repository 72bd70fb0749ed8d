/* Find my table (pairings) and find a player (standings): filters the rows in place as a
   player types part of their name. Without this script the same form is a GET (?q=) and the
   server sends only the matches. Each row carries its players' names folded (lower case, no
   accents) in data-find; the typed text is folded the same way, so "zoe" finds "Zoë", with the
   server's table of extra folds (data-folds on the form: letters Unicode does not decompose,
   "lukasz" finds "Łukasz"). The
   form's data-noun names what a row is ("game", "player"); its hidden inputs are the page's
   other GET fields (round, order, provisional), sent again when the whole list is fetched. */
(function () {
  "use strict";

  var form = document.getElementById("find-table");
  if (!form) return;
  var input = form.querySelector("input[name=q]");
  var status = form.querySelector(".find-status");
  var extra = {};
  try {
    extra = JSON.parse(form.getAttribute("data-folds") || "{}");
  } catch (e) {
    extra = {};
  }
  // What the server already filtered by (a page opened with ?q=): rows it left out are not
  // on the page, so a search that is not a refinement of it asks for the whole round again.
  var serverQuery = fold(form.getAttribute("data-query") || "");
  var loading = false;

  function fold(text) {
    var bare = String(text || "")
      .normalize("NFKD")
      .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g, "")
      .toLowerCase();
    var out = "";
    for (var i = 0; i < bare.length; i++) {
      var c = bare.charAt(i);
      out += Object.prototype.hasOwnProperty.call(extra, c) ? extra[c] : c;
    }
    return out.replace(/\s+/g, " ").trim();
  }

  function live() { return document.getElementById("live"); }

  function ngettext(one, many, n) {
    return window.ngettext ? window.ngettext(one, many, n) : (n === 1 ? one : many);
  }
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return String(values[name]); });
  }
  // The status line in the reader's language: each noun's own words (plural forms differ).
  function found(n, noun, typed) {
    var words = noun === "player"
      ? ngettext("%(count)s player for “%(query)s”", "%(count)s players for “%(query)s”", n)
      : ngettext("%(count)s game for “%(query)s”", "%(count)s games for “%(query)s”", n);
    return fill(words, { count: n, query: typed });
  }

  function apply() {
    var root = live();
    if (!root) return;
    var typed = input.value.trim();
    var query = fold(typed);
    var rows = root.querySelectorAll("[data-find]");
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var match = !query || rows[i].getAttribute("data-find").indexOf(query) !== -1;
      rows[i].hidden = !match;
      if (match) shown++;
    }
    var none = root.querySelector("[data-find-none]");
    if (none) {
      none.hidden = !(query && shown === 0);
      var echo = none.querySelector(".find-q");
      if (echo) echo.textContent = typed;
    }
    var wraps = root.querySelectorAll(".table-wrap");
    for (var j = 0; j < wraps.length; j++) wraps[j].hidden = Boolean(query) && shown === 0;
    if (status) {
      var noun = form.getAttribute("data-noun") || "game";
      status.textContent = query ? found(shown, noun, typed) : "";
    }
  }

  function remember() {
    // The address keeps the search, so a reload or a shared link shows the same games.
    if (!window.history || !window.URL) return;
    var url = new URL(window.location.href);
    if (input.value.trim()) url.searchParams.set("q", input.value.trim());
    else url.searchParams.delete("q");
    window.history.replaceState(null, "", url.toString());
  }

  function wholeRound() {
    // Fetch the list unfiltered (the live part only), then filter it here.
    loading = true;
    var url = new URL(form.action, window.location.href);
    var hidden = form.querySelectorAll("input[type=hidden]");
    for (var k = 0; k < hidden.length; k++) url.searchParams.set(hidden[k].name, hidden[k].value);
    fetch(url.toString(), { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(); })
      .then(function (html) {
        var holder = document.createElement("div");
        holder.innerHTML = html.trim();
        var fresh = holder.firstElementChild;
        var old = live();
        if (fresh && old) {
          old.replaceWith(fresh);
          if (window.htmx) window.htmx.process(fresh);
        }
        serverQuery = "";
        loading = false;
        apply();
      })
      .catch(function () { loading = false; form.submit(); });
  }

  function onInput() {
    remember();
    if (serverQuery && fold(input.value).indexOf(serverQuery) === -1) {
      if (!loading) wholeRound();
      return;
    }
    apply();
  }

  input.addEventListener("input", onInput);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    onInput();
  });
  // The live part is replaced every 15 s while the round is on: filter the new copy too.
  document.body.addEventListener("htmx:afterSwap", apply);
  apply();
})();
