// A link to copy (share links, private links): one tap selects all of it. A listener in a file
// rather than onclick= in the markup, which the Content-Security-Policy refuses.
document.addEventListener("click", function (event) {
  var field = event.target;
  if (field.matches && field.matches("input[data-select-all]")) {
    field.select();
  }
});
