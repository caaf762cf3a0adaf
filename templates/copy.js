// vramguide: the Copy buttons. Served as /copy.js so the page's CSP (script-src 'self')
// allows it; no inline handlers anywhere. Copies the command in the button's box.
(function () {
  "use strict";
  function done(button) {
    button.textContent = button.dataset.done || button.textContent;
    button.classList.add("done");
  }
  function fallback(code, button) {
    var range = document.createRange();
    range.selectNodeContents(code);
    var sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    try {
      if (document.execCommand("copy")) done(button);
    } catch (e) {
      /* the selection stays for the reader to copy by hand */
    }
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.copy");
    if (!button) return;
    var code = button.parentNode.querySelector("code");
    if (!code) return;
    var text = code.textContent;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(button); },
        function () { fallback(code, button); });
    } else {
      fallback(code, button);
    }
  });
})();
