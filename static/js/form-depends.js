// A form field that matters only for one choice of another (team size: team events) is shown
// only while that choice is made: `data-shown-when="kind=team"` on the field's input hides its
// label while the form's `kind` is anything else. Hidden, it still posts its value, so a form
// saved unchanged changes nothing; without JavaScript every field shows.
(function () {
  "use strict";
  function apply(form) {
    var inputs = form.querySelectorAll("[data-shown-when]");
    for (var i = 0; i < inputs.length; i++) {
      var rule = inputs[i].getAttribute("data-shown-when").split("=");
      var chooser = form.elements[rule[0]];
      var holder = inputs[i].closest("label") || inputs[i];
      holder.hidden = Boolean(chooser) && chooser.value !== rule[1];
    }
  }
  function init() {
    var forms = document.querySelectorAll("form");
    for (var i = 0; i < forms.length; i++) {
      if (!forms[i].querySelector("[data-shown-when]")) continue;
      (function (form) {
        form.addEventListener("change", function () { apply(form); });
        apply(form);
      })(forms[i]);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
