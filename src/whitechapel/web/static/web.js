// whitechapel's page around textual-serve's terminal (textual.js), which
// this script is loaded before.  It adds three things, and no others:
// - the websocket's address, from where the page was loaded (http or https);
// - the page's title, from the game ("title" messages: the game and the room);
// - a dropped connection comes back to the same game (the page is reloaded,
//   and the server attaches it to the game it left); an ended game does not;
// - the terminal takes the keys as soon as it is connected, with no click
//   on it first.
(function () {
  "use strict";
  var Native = window.WebSocket;
  var RETRIES = "whitechapel-retries";

  function note(text) {
    var element = document.getElementById("closed-message");
    if (element) {
      element.textContent = text;
    }
  }

  function Wrapped(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("open", function () {
      sessionStorage.setItem(RETRIES, "0");
      var input = document.querySelector("#terminal textarea");
      if (input && document.activeElement !== input) {
        input.focus();
      }
    });
    socket.addEventListener("message", function (event) {
      var message;
      if (typeof event.data !== "string") {
        return;
      }
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (Array.isArray(message) && message[0] === "title" && typeof message[1] === "string") {
        document.title = message[1];
      }
    });
    socket.addEventListener("close", function (event) {
      var tries = Number(sessionStorage.getItem(RETRIES) || "0");
      if (event.code === 1000 || event.code >= 4000) {
        note(event.reason || "The game has ended.");
        return;
      }
      if (tries >= 5) {
        note("The connection was lost.");
        return;
      }
      note("The connection was lost: reconnecting…");
      sessionStorage.setItem(RETRIES, String(tries + 1));
      setTimeout(function () {
        location.reload();
      }, 1000 * (tries + 1));
    });
    return socket;
  }
  Wrapped.prototype = Native.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    Wrapped[name] = Native[name];
  });
  window.WebSocket = Wrapped;

  document.addEventListener("DOMContentLoaded", function () {
    var terminal = document.getElementById("terminal");
    var restart = document.getElementById("restart");
    if (terminal) {
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      terminal.dataset.sessionWebsocketUrl = scheme + location.host + "/ws";
    }
    if (restart) {
      restart.addEventListener("click", function () {
        sessionStorage.setItem(RETRIES, "0");
        location.reload();
      });
    }
  });
})();
