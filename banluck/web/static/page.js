// banluck serve: the page follows the store. The server sends the page's live part again, whole,
// whenever anything is written (server-sent events); a dropped connection reconnects by itself.
(function () {
  "use strict";
  var view = document.getElementById("view");
  var status = document.getElementById("status");
  var source = null;
  function say(text, off) {
    status.textContent = text;
    status.className = off ? "status off" : "status";
  }
  function connect() {
    source = new EventSource("events");
    source.addEventListener("view", function (event) {
      view.innerHTML = event.data; // drawn and escaped by the server
      document.title = (view.querySelector("h1") || {}).textContent || document.title;
      say("live", false);
      status.title = "updated " + new Date().toLocaleTimeString();
    });
    source.onopen = function () { say("live", false); };
    source.onerror = function () {
      say("reconnecting…", true);
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        setTimeout(connect, 1000);
      }
    };
  }
  connect();
})();
