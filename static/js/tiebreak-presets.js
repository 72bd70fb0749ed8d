// The settings page's tie-break presets. Choosing a preset fills the tie-break selects with its
// order (and the floor with its own, or back with the event's), so "Custom" starts from the order
// just chosen; changing a tie-break or the floor by hand makes the choice "Custom". Which fields
// show is form-depends.js's work. Without JavaScript the server applies the same rules: a preset
// changed wins, one left as it was lets the tie-breaks changed by hand decide.
(function () {
  "use strict";
  var CUSTOM = "custom";
  function init() {
    var chooser = document.querySelector("select[name=tiebreak_preset][data-presets]");
    if (!chooser) return;
    var form = chooser.form;
    var sets = JSON.parse(chooser.getAttribute("data-presets"));
    var slots = [];
    for (var i = 1; form.elements["tiebreak_" + i]; i++) slots.push(form.elements["tiebreak_" + i]);
    var floor = form.elements.owr_floor;
    chooser.addEventListener("change", function () {
      var chosen = sets[chooser.value];
      if (!chosen) return;  // Custom: the slots stay as they are
      for (var n = 0; n < slots.length; n++) slots[n].value = chosen.tiebreaks[n] || "";
      // A preset without a floor of its own leaves the event's (the value the page came with).
      if (floor) floor.value = chosen.owr_floor || floor.defaultValue;
    });
    function toCustom() {
      if (chooser.value === CUSTOM) return;
      chooser.value = CUSTOM;
      // Announced as a change, so form-depends.js shows the custom fields.
      chooser.dispatchEvent(new Event("change", { bubbles: true }));
    }
    for (var s = 0; s < slots.length; s++) slots[s].addEventListener("change", toCustom);
    if (floor) floor.addEventListener("input", toCustom);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
