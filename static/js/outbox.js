/* Strategium's outbox: writes made without the network (a result, a confirmation, a check-in, a
   tracker move) kept on the phone in IndexedDB and sent when the network returns.

   Shared by the pages (offline.js) and the service worker (sw.js), so a write survives the page
   being closed and whichever of them sees the network first sends it. Each write carries an
   Idempotency-Key made when it was queued, and a sender first claims it inside an IndexedDB
   transaction (transactions on one store run one at a time), so two tabs and the worker never
   send the same write at once; a write sent twice anyway (a lost answer) still counts once on
   the server. */
(function (scope) {
  "use strict";

  var DB_NAME = "strategium-outbox";
  var QUEUE = "queue";
  var SENT = "sent";
  // A claim older than this is a sender that died (page closed mid-send): another may send.
  var CLAIM_MS = 30000;
  // Below CLAIM_MS: a send that hangs is given up before another sender may take it.
  var SEND_TIMEOUT_MS = 20000;
  // How long "sent at 14:07" stays readable on the pages.
  var SENT_KEEP_MS = 30 * 60 * 1000;
  // Whichever sender sent a write tells every page of the site, so the page that queued it
  // opens its answer even when another tab or the worker won the claim.
  var CHANNEL = "strategium-outbox-sent";

  function available() {
    return typeof scope.indexedDB !== "undefined" && typeof scope.fetch === "function";
  }

  var opened = null;
  function open() {
    if (opened) return opened;
    opened = new Promise(function (resolve, reject) {
      var req = scope.indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = function () {
        req.result.createObjectStore(QUEUE, { keyPath: "id" });
        req.result.createObjectStore(SENT, { keyPath: "id" });
      };
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { opened = null; reject(req.error); };
    });
    return opened;
  }

  /* Run fn(store, tx) in one transaction; resolves with fn's value once it has committed. */
  function inStores(names, mode, fn) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(names, mode);
        var value;
        tx.oncomplete = function () { resolve(value); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
        fn(tx, function (v) { value = v; });
      });
    });
  }

  /* A random id (hex, 32 characters): crypto.getRandomValues works on plain HTTP too, where
     crypto.randomUUID does not. It is the write's Idempotency-Key. */
  function newKey() {
    var bytes = new Uint8Array(16);
    scope.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  /* entry: {url, body, contentType, headers, kind, page}; kind is "result", "confirmation",
     "check-in" or "move"; page is the address the write was made on. */
  function add(entry) {
    var record = {
      id: newKey(),
      url: entry.url,
      method: entry.method || "POST",
      body: entry.body,
      contentType: entry.contentType || "application/x-www-form-urlencoded",
      headers: entry.headers || {},
      kind: entry.kind,
      page: entry.page,
      queuedAt: Date.now(),
      claim: null,
      claimedAt: 0
    };
    return inStores([QUEUE], "readwrite", function (tx) {
      tx.objectStore(QUEUE).add(record);
    }).then(function () { return record; });
  }

  function all(name) {
    return inStores([name], "readonly", function (tx, done) {
      var req = tx.objectStore(name).getAll();
      req.onsuccess = function () { done(req.result || []); };
    });
  }

  function waiting() {
    return all(QUEUE).then(function (rows) {
      return rows.sort(function (a, b) { return a.queuedAt - b.queuedAt; });
    });
  }

  function recentlySent() {
    var since = Date.now() - SENT_KEEP_MS;
    return inStores([SENT], "readwrite", function (tx, done) {
      var store = tx.objectStore(SENT);
      var req = store.getAll();
      req.onsuccess = function () {
        var kept = [];
        (req.result || []).forEach(function (row) {
          if (row.sentAt < since) store.delete(row.id);
          else kept.push(row);
        });
        done(kept.sort(function (a, b) { return a.sentAt - b.sentAt; }));
      };
    });
  }

  /* Take the entry for this sender, unless another sender holds a live claim on it. */
  function claim(id, token) {
    return inStores([QUEUE], "readwrite", function (tx, done) {
      var store = tx.objectStore(QUEUE);
      var req = store.get(id);
      req.onsuccess = function () {
        var row = req.result;
        if (!row || (row.claim && Date.now() - row.claimedAt < CLAIM_MS)) return done(false);
        row.claim = token;
        row.claimedAt = Date.now();
        store.put(row);
        done(true);
      };
    });
  }

  function release(id, token) {
    return inStores([QUEUE], "readwrite", function (tx) {
      var store = tx.objectStore(QUEUE);
      var req = store.get(id);
      req.onsuccess = function () {
        var row = req.result;
        if (row && row.claim === token) {
          row.claim = null;
          row.claimedAt = 0;
          store.put(row);
        }
      };
    });
  }

  /* The flash messages the answer's page shows ("Result sent. Your opponent now confirms it."),
     read without DOMParser, which a worker lacks; kept escaped as the server wrote them. */
  function messagesOf(html) {
    var list = /<ul class="messages"[^>]*>([\s\S]*?)<\/ul>/.exec(html || "");
    if (!list) return [];
    var out = [];
    var item = /<li class="([^"]*)">([\s\S]*?)<\/li>/g;
    var found;
    while ((found = item.exec(list[1]))) out.push({ tags: found[1], html: found[2] });
    return out;
  }

  function finish(row, response, html) {
    var record = {
      id: row.id,
      kind: row.kind,
      page: row.page,
      sentAt: Date.now(),
      status: response.status,
      // A form's post that went through answers with a redirect; one answered with a page of
      // its own was refused or asks again (the trackers' forms).
      answeredWithPage: row.contentType.indexOf("json") < 0 && !response.redirected,
      url: response.url,
      messages: messagesOf(html)
    };
    return inStores([QUEUE, SENT], "readwrite", function (tx) {
      tx.objectStore(QUEUE).delete(row.id);
      tx.objectStore(SENT).put(record);
    }).then(function () { return record; });
  }

  function post(row) {
    var headers = { "Content-Type": row.contentType, "Idempotency-Key": row.id };
    Object.keys(row.headers || {}).forEach(function (k) { headers[k] = row.headers[k]; });
    var abort = typeof AbortController === "function" ? new AbortController() : null;
    var timer = abort ? setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS) : null;
    return fetch(row.url, {
      method: row.method,
      headers: headers,
      body: row.body,
      credentials: "same-origin",
      redirect: "follow",
      signal: abort ? abort.signal : undefined
    }).then(function (response) {
      return response.text().then(function (text) {
        if (timer) clearTimeout(timer);
        return { response: response, text: text };
      });
    }, function (err) {
      if (timer) clearTimeout(timer);
      throw err;
    });
  }

  function announce(sent) {
    if (!sent.length || typeof scope.BroadcastChannel !== "function") return;
    var channel = new scope.BroadcastChannel(CHANNEL);
    channel.postMessage({ type: "outbox-sent", sent: sent });
    channel.close();
  }

  /* Call back with what other senders (tabs, the worker) sent; a sender does not hear itself. */
  function onSentElsewhere(callback) {
    if (typeof scope.BroadcastChannel !== "function") return;
    var channel = new scope.BroadcastChannel(CHANNEL);
    channel.onmessage = function (event) {
      if (event.data && event.data.type === "outbox-sent") callback(event.data.sent);
    };
  }

  var running = null;
  /* Send every waiting write in the order made; stops at the first that cannot reach the server
     (it stays queued). Resolves with the records of those sent. */
  function flush() {
    if (running) return running;
    var token = newKey();
    var sent = [];
    running = waiting().then(function (rows) {
      var chain = Promise.resolve(true);
      rows.forEach(function (row) {
        chain = chain.then(function (go) {
          if (!go) return false;
          return claim(row.id, token).then(function (mine) {
            if (!mine) return true;
            return post(row).then(function (got) {
              // The server or its proxy is down (502, 503, 504): keep it for later.
              if (got.response.status >= 502 && got.response.status <= 504) {
                return release(row.id, token).then(function () { return false; });
              }
              return finish(row, got.response, got.text).then(function (record) {
                sent.push(record);
                return true;
              });
            }, function () {
              return release(row.id, token).then(function () { return false; });
            });
          });
        });
      });
      return chain;
    }).then(function () { return sent; }, function () { return sent; });
    running.then(function (done) {
      running = null;
      announce(done);
    });
    return running;
  }

  scope.StrategiumOutbox = {
    available: available,
    add: add,
    waiting: waiting,
    recentlySent: recentlySent,
    flush: flush,
    onSentElsewhere: onSentElsewhere,
    newKey: newKey
  };
})(typeof self !== "undefined" ? self : window);
