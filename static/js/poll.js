/*
 * Parts that poll (hx-trigger="every …") ask again with the ETag of the copy the page shows
 * (If-None-Match). The server answers 304, with no body, while nothing in the part changed:
 * the part is then left as it is. htmx would swap the empty answer in (it swaps every 2xx and
 * 3xx but 204), which would remove the part, so a 304 is never swapped.
 *
 * An ETag is kept per address polled, from the last answer that had one; an answer without an
 * ETag (a part that does not answer conditionally) leaves nothing, and nothing is sent.
 */
(function () {
  "use strict";
  var etags = {};

  function polls(elt) {
    return /(^|,)\s*every\s/.test((elt && elt.getAttribute("hx-trigger")) || "");
  }

  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (detail.verb !== "get" || !polls(detail.elt)) return;
    var etag = etags[detail.path];
    if (etag) detail.headers["If-None-Match"] = etag;
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 304) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
    }
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var detail = event.detail;
    if (!detail.xhr || detail.xhr.status !== 200 || !detail.pathInfo) return;
    var path = detail.pathInfo.requestPath;
    var etag = detail.xhr.getResponseHeader("ETag");
    if (etag) etags[path] = etag;
    else delete etags[path];
  });
})();
