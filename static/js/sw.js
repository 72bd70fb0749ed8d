/* Strategium's service worker (served at /sw.js by ops/service_worker.py, which puts
   self.STRATEGIUM, its settings, on the line above).

   Pages: network first; a page the server marked `X-Offline-Copy: page` (a player's page, the
   public pairings and standings, the tracker; never a signed-in session's) is kept, and shown
   from here when the network is gone, marked so the page says "offline, as of 14:05".
   Static files with a hashed name: from here first (the name changes with the content).
   htmx polls and other requests are left to the network: a failed poll is an error the page
   ignores, keeping what it shows, never a kept whole page swapped into a fragment.
   Writes queued by the pages (outbox.js) are sent on Background Sync. */
/* global STRATEGIUM, StrategiumOutbox */
"use strict";

importScripts(self.STRATEGIUM.outbox);

var CONFIG = self.STRATEGIUM;
var PAGES = "strategium-pages";
var STATIC = "strategium-static-" + CONFIG.version;
var SYNC_TAG = "strategium-outbox";
// Django's hashed names: "app.3f2a9c1b7d4e.css".
var HASHED = /\.[0-9a-f]{12}\.[A-Za-z0-9]+$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC).then(function (cache) {
      return cache.addAll(CONFIG.precache);
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("strategium-static-") === 0 && name !== STATIC;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function keepPage(request, response) {
  // The time it was kept travels with it: the page says "offline, as of" that time.
  return response.clone().blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set("X-Offline-Saved-At", new Date().toISOString());
    var kept = new Response(body, { status: 200, statusText: "OK", headers: headers });
    return caches.open(PAGES).then(function (cache) { return cache.put(request.url, kept); });
  });
}

function keptPage(request, answered) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(request.url);
  }).then(function (found) {
    if (!found) return answered || offlinePage();
    var savedAt = found.headers.get("X-Offline-Saved-At") || "";
    return found.text().then(function (html) {
      // An attribute, not a script: the kept page's own scripts (offline.js) read it.
      html = html.replace("<html", '<html data-offline-copy="' + savedAt + '"');
      return new Response(html, {
        status: 200,
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }
      });
    });
  });
}

function offlinePage() {
  // The words come in the reader's language with the worker's settings (ops/service_worker.py).
  var words = CONFIG.offline;
  var esc = function (s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  };
  var html = '<!doctype html><html lang="' + esc(words.lang) + '"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    "<title>" + esc(words.title) + "</title></head><body><main><h1>" + esc(words.title) + "</h1>" +
    "<p>" + esc(words.text) + "</p></main></body></html>";
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }
  });
}

function page(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    if (response.ok && response.headers.get("X-Offline-Copy") === "page") {
      event.waitUntil(keepPage(request, response));
    } else if (response.status === 404 || response.status === 410) {
      // A link that no longer opens (a player removed) leaves no copy behind.
      event.waitUntil(caches.open(PAGES).then(function (c) { return c.delete(request.url); }));
    } else if (response.status >= 502 && response.status <= 504) {
      // The venue's proxy answers for a server that is down: the kept copy says more.
      return keptPage(request, response);
    }
    return response;
  }, function () {
    return keptPage(request);
  });
}

function cacheFirst(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request).then(function (found) {
      return found || fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

function networkFirst(request) {
  return caches.open(STATIC).then(function (cache) {
    return fetch(request).then(function (response) {
      if (response.ok) cache.put(request, response.clone());
      return response;
    }, function () {
      return cache.match(request).then(function (found) { return found || Response.error(); });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.headers.get("HX-Request")) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.indexOf(CONFIG.static) === 0) {
    // Unhashed names (the development server) may change under the same name: network first.
    event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
  } else if (url.pathname === CONFIG.catalog) {
    event.respondWith(networkFirst(request));
  }
});

function tellPages(sent) {
  if (!sent.length) return;
  return self.clients.matchAll({ type: "window" }).then(function (pages) {
    pages.forEach(function (client) { client.postMessage({ type: "outbox-sent", sent: sent }); });
  });
}

function sendQueued() {
  return StrategiumOutbox.flush().then(function (sent) {
    tellPages(sent);
    return StrategiumOutbox.waiting();
  }).then(function (left) {
    // Background Sync tries again later when this promise fails.
    if (left.length) throw new Error("writes still waiting for the network");
  });
}

self.addEventListener("sync", function (event) {
  if (event.tag === SYNC_TAG) event.waitUntil(sendQueued());
});

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "outbox-flush") {
    event.waitUntil(StrategiumOutbox.flush().then(tellPages));
  }
});
