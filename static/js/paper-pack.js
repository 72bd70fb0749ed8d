/* A round's paper pack on the pairing and print pages: while it is being made, ask for its
   progress and show it, then the download link (or Retry). The words come translated from the
   page's data attributes. */
(function () {
  "use strict";
  var box = document.querySelector("[data-paper-pack]");
  if (!box) { return; }
  var state = box.querySelector("[data-pack-state]");
  var download = box.querySelector("[data-pack-download]");
  var retry = box.querySelector("[data-pack-retry]");
  var error = box.querySelector("[data-pack-error]");
  var words = box.dataset;

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_, name) { return String(values[name]); });
  }

  function show(job) {
    if (job.status === "done") {
      state.textContent = words.wordReady;
      download.href = job.download;
      download.textContent = fill(words.wordDownload, {pages: job.pages});
    } else if (job.status === "failed") {
      state.textContent = words.wordFailed;
    } else if (job.stalled) {
      state.textContent = words.wordStalled;
    } else {
      state.textContent = words.wordMaking + (job.parts_total
        ? " " + fill(words.wordParts, {done: job.parts_done, total: job.parts_total}) : "");
    }
    download.hidden = job.status !== "done";
    retry.hidden = !job.can_retry;
    error.hidden = job.status !== "failed";
    error.textContent = job.error || "";
    if (job.retry) { retry.action = job.retry; }
  }

  function poll() {
    fetch(words.statusUrl, {headers: {"Accept": "application/json"}, credentials: "same-origin",
                            cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (job) {
        show(job);
        if (job.status !== "done" && job.status !== "failed" && !job.stalled) {
          setTimeout(poll, 1000);
        }
      })
      .catch(function () { setTimeout(poll, 3000); });
  }

  if (download.hidden && retry.hidden) { poll(); }
})();
