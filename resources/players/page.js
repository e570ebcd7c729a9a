/* The players' page: shows what the GM's player view shows, and follows it live.
   Read-only: it only ever fetches (GET) what the laptop serves. */
(function () {
  "use strict";

  var token = new URLSearchParams(location.search).get("token") || "";
  var query = "?token=" + encodeURIComponent(token);
  var mapVersion = -1;

  function $(id) { return document.getElementById(id); }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = text; }
    return node;
  }

  /* A word for an enemy (R61), numbers for a friend: both read as one of four bands. */
  function band(health) {
    var words = ["unhurt", "wounded", "bloodied", "down"];
    if (words.indexOf(health) >= 0) { return health; }
    var numbers = /^(-?\d+)\s*\/\s*(\d+)/.exec(health);
    if (!numbers) { return "unknown"; }
    var now = parseInt(numbers[1], 10), top = parseInt(numbers[2], 10);
    if (now <= 0) { return "down"; }
    if (now >= top) { return "unhurt"; }
    return now * 2 <= top ? "bloodied" : "wounded";
  }

  function member(row) {
    var item = el("li", "member");
    item.dataset.id = row.id;
    if (row.down) { item.classList.add("is-down"); }
    if (row.hidden) { item.classList.add("is-hidden"); }
    var line = el("div", "line");
    var name = el("span", "name", row.name);
    line.appendChild(name);
    if (row.hidden) { line.appendChild(el("span", "tag", "hidden")); }
    line.appendChild(el("span", "health " + band(row.health), row.health));
    item.appendChild(line);
    if (row.conditions.length) {
      var conditions = el("div", "conditions");
      row.conditions.forEach(function (text) { conditions.appendChild(el("span", "condition", text)); });
      item.appendChild(conditions);
    }
    return item;
  }

  function team(row) {
    var card = el("article", "team");
    card.dataset.team = row.id;
    card.style.setProperty("--team", row.colour);
    if (row.acting) { card.classList.add("is-acting"); }
    var head = el("h3", "team-name");
    if (row.acting) { head.appendChild(el("span", "turn", "Acting")); }
    head.appendChild(el("span", "title", row.name));
    head.appendChild(el("span", "standing", row.standing));
    card.appendChild(head);
    var list = el("ul", "members");
    row.members.forEach(function (m) { list.appendChild(member(m)); });
    card.appendChild(list);
    return card;
  }

  var clock = null; /* the clocks as last sent, and when they came */

  function clockText(seconds) {
    var whole = Math.floor(seconds);
    var minutes = Math.floor(whole / 60);
    var secs = whole % 60;
    return minutes + ":" + (secs < 10 ? "0" : "") + secs;
  }

  function showClock() {
    var line = $("clock");
    line.hidden = clock === null;
    if (clock === null) { return; }
    var seconds = clock.timer;
    if (clock.running) { seconds += (Date.now() - clock.at) / 1000; }
    line.textContent = "Round timer " + clockText(seconds) + " · Game time " + clock.game;
  }

  function render(state) {
    var info = state.info;
    clock = state.clock ? { game: state.clock.game, timer: state.clock.timer,
      running: state.clock.running, at: Date.now() } : null;
    showClock();
    $("header").textContent = info.header;
    document.title = "Future Path · " + info.header;

    var order = $("order");
    order.replaceChildren();
    info.teams.forEach(function (row) { order.appendChild(team(row)); });
    if (!info.teams.length) { order.appendChild(el("p", "empty", "Nobody in sight yet.")); }

    var space = $("space");
    space.hidden = info.space_header === null;
    $("space-header").textContent = info.space_header || "";
    var ships = $("ships");
    ships.replaceChildren();
    info.ships.forEach(function (ship) {
      var line = el("li", "ship", ship.text);
      line.dataset.side = ship.side;
      ships.appendChild(line);
    });

    var box = $("map-box");
    box.hidden = state.map_version === 0;
    if (state.map_version !== 0 && state.map_version !== mapVersion) {
      var picture = "map.png" + query + "&v=" + state.map_version;
      $("map").src = picture;
      $("map-link").href = picture; /* a tap opens it full size, to zoom in */
    }
    mapVersion = state.map_version;
    document.body.dataset.version = String(state.version);
  }

  function live(on) {
    var mark = $("live");
    mark.dataset.live = on ? "yes" : "no";
    mark.textContent = on ? "live" : "reconnecting…";
  }

  /* For a browser without server-sent events (an old TV): ask once a second. */
  function poll() {
    var request = new XMLHttpRequest();
    request.open("GET", "state.json" + query);
    request.onload = function () {
      if (request.status === 200) { render(JSON.parse(request.responseText)); live(true); }
      setTimeout(poll, 1000);
    };
    request.onerror = function () { live(false); setTimeout(poll, 2000); };
    request.send();
  }

  function follow() {
    if (!window.EventSource) { poll(); return; }
    var source = new EventSource("events" + query);
    source.addEventListener("state", function (event) { render(JSON.parse(event.data)); });
    source.onopen = function () { live(true); };
    source.onerror = function () { live(false); }; /* it reconnects by itself */
  }

  document.addEventListener("DOMContentLoaded", follow);
  setInterval(showClock, 1000); /* the round timer counts on between updates */
})();
