// The desk's entry: the sheet is entered turn by turn as the game is played.  The server holds the
// rules: each pick is sent to it and it answers with the sheet's text, what to draw, the choices the
// rules allow next and the check of the sheet.  Tab moves between the parts of the page; the arrow keys
// move inside a grid or a row of choices, and Enter or Space picks.  Live play (a #play with data-live):
// the server holds the game; the page sends only the picks of the turn in progress and the number of its
// last answer ("seq"), and each roll comes in the answer that stores the turn before.
(function () {
  "use strict";
  var desk = document.getElementById("desk");
  if (!desk) { return; }
  var checkUrl = desk.getAttribute("data-check");
  var token = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var play = document.getElementById("play");
  var playUrl = play ? play.getAttribute("data-play") : null;
  var text = document.getElementById("text");
  var status = document.getElementById("status");
  var scoreBox = document.getElementById("score");
  var list = document.getElementById("problems");
  var send = document.getElementById("send");
  var current = "", picked = [], history = [], typed = false, asked = 0, shown = 0, timer = null, lastView = null;
  var live = !!(play && play.hasAttribute("data-live")), seq = null, locked = [];

  function post(url, body) {
    return fetch(url, {method: "POST", credentials: "same-origin",
                       headers: {"Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": token},
                       body: JSON.stringify(body)})
      .then(function (r) { return r.json().then(function (doc) { return {ok: r.ok, status: r.status, doc: doc}; }); });
  }

  // ---- the check: problems and score
  function showCheck(doc, loud) {
    list.textContent = "";
    marked = [];
    paintMarks();
    scoreBox.textContent = "";
    send.disabled = true;
    who.hidden = true;  // until this check says the sheet's players
    shareBox.hidden = true;  // until it says the sheet is valid
    Array.prototype.forEach.call(whoList.querySelectorAll("input"), function (r) { r.disabled = true; });
    if (!doc) { return; }
    if (doc.error) {
      if (loud) { item("", doc.error.message); status.textContent = "the sheet cannot be read yet"; }
      return;
    }
    if (loud) {
      doc.problems.forEach(function (p, i) { item(p.where, p.message, "p-" + i); markSpots(p.spots || [], "p-" + i); });
      paintMarks();
      status.textContent = doc.valid ? "rules: all checks passed" :
        doc.problems.length + " rule problem" + (doc.problems.length === 1 ? "" : "s");
    }
    var total = doc.players ? doc.players.map(function (p) { return p.name + " " + p.total; }).join(", ") : String(doc.total);
    var pre = document.createElement("pre");
    pre.textContent = doc.report;
    pre.tabIndex = 0;  // it may scroll sideways: the keyboard reaches it
    pre.setAttribute("aria-label", "the score report");
    var strong = document.createElement("p");
    strong.className = "total";
    strong.id = "total";
    strong.textContent = doc.verdict || (loud ? "total: " : "so far: ") + total;  // a puzzle with one answer: right or not
    scoreBox.appendChild(strong);
    if (doc.par_text) {
      var par = document.createElement("p");
      par.className = "total";
      par.id = "par";
      par.textContent = doc.par_text;
      scoreBox.appendChild(par);
    }
    scoreBox.appendChild(pre);
    send.disabled = !doc.valid;
    showPlayers(doc.valid && !doc.puzzle && doc.players && doc.players.length > 1 ? doc.players : []);
    lastCheck = doc;
    showShare();
  }

  // ---- the result to share: plain text with the id, the score (and par) and the page's address
  var shareBox = document.getElementById("share-box"), share = document.getElementById("share"), lastCheck = null;
  function showShare() {
    var doc = lastCheck;
    shareBox.hidden = !(doc && doc.valid);
    if (shareBox.hidden) { share.value = ""; return; }
    var score = doc.verdict || doc.par_text || String(doc.total);
    var chosen = whoList.querySelector("input:checked");
    if (doc.players && doc.players.length > 1 && !doc.puzzle) {
      score = chosen ? doc.players[+chosen.value - 1].name + " " + doc.players[+chosen.value - 1].total :
        doc.players.map(function (p) { return p.name + " " + p.total; }).join(", ");
    }
    share.value = share.getAttribute("data-title") + " · " + share.getAttribute("data-id") + "\n" +
      "score: " + score + "\n" + location.origin + share.getAttribute("data-path");
  }
  document.getElementById("copy-share").addEventListener("click", function () {
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(share.value); }
    else { share.select(); document.execCommand("copy"); }
    status.textContent = "your result is copied";
  });

  // ---- a sheet of several players: which of them submits it
  var who = document.getElementById("who"), whoList = document.getElementById("who-players");
  var nameBox = document.getElementById("player");
  function showPlayers(players) {
    var names = players.map(function (p) { return p.name; });
    var was = whoList.querySelector("input:checked");
    var kept = was && names[+was.value - 1] === was.getAttribute("data-name") ? was.value : "";
    whoList.textContent = "";
    who.hidden = !players.length;
    players.forEach(function (p, i) {
      var label = document.createElement("label");
      var r = document.createElement("input");
      r.type = "radio";
      r.name = "player";
      r.value = String(i + 1);
      r.required = true;
      r.setAttribute("data-name", p.name);
      r.checked = r.value === kept;
      r.addEventListener("change", function () {
        if (!nameBox.value.trim() || names.indexOf(nameBox.value.trim()) >= 0) { nameBox.value = p.name; }
        showShare();
      });
      label.appendChild(r);
      label.appendChild(document.createTextNode(" " + p.name + " (" + p.total + ")"));
      whoList.appendChild(label);
    });
  }

  var marked = [];  // the problems' spots, as [grid:spot, problem id]
  function markSpots(spots, id) { spots.forEach(function (s) { marked.push([s, id]); }); }
  function paintMarks() {
    Array.prototype.forEach.call(document.querySelectorAll(".spot.bad"), function (b) {
      b.classList.remove("bad"); b.removeAttribute("aria-describedby");
    });
    marked.forEach(function (m) {
      var at = m[0].split(":");
      var b = document.querySelector('.grid[data-grid="' + at[0] + '"] [data-spot="' + at[1] + '"]');
      if (!b) { return; }
      b.classList.add("bad");
      b.setAttribute("aria-describedby", ((b.getAttribute("aria-describedby") || "") + " " + m[1]).trim());
    });
  }

  function item(where, message, id) {
    var li = document.createElement("li");
    if (id) { li.id = id; }
    li.textContent = (where ? where + ": " : "") + message;
    list.appendChild(li);
  }

  // ---- the sheet as text
  var store = "rollwrite-desk " + desk.getAttribute("data-id");
  function keep() {
    if (live) { return; }  // the desk holds a live game
    try { sessionStorage.setItem(store, current); sessionStorage.setItem(store + " typed", typed ? "1" : ""); }
    catch (e) { /* storage off: nothing kept */ }
  }
  function kept() { try { return sessionStorage.getItem(store); } catch (e) { return null; } }
  function keptTyped() { try { return sessionStorage.getItem(store + " typed") === "1"; } catch (e) { return false; } }

  function setText(t) {
    current = t;
    if (document.activeElement !== text) { text.value = t; }
    keep();
  }

  function checkText() {
    var n = ++asked;
    post(checkUrl, {text: current}).then(function (res) {
      if (n < shown) { return; }
      shown = n;
      showCheck(res.ok ? res.doc : {error: {message: res.doc.error}}, true);
    }).catch(function () { status.textContent = "the desk could not be reached; your sheet is kept on this page"; });
  }

  text.addEventListener("input", function () {
    clearTimeout(timer);
    status.textContent = "checking...";
    timer = setTimeout(function () {
      setText(text.value);
      typed = true;
      history = [];
      picked = [];
      if (play) { step({}); } else { checkText(); }
    }, 150);
  });

  // ---- the entry that follows play
  var focusAfter = null;  // where the keyboard was, to come back to after the page is redrawn

  function step(extra) {
    var body = live ? {picked: picked, seq: seq} : {text: current, picked: picked};
    Object.keys(extra).forEach(function (k) { if (k !== "again") { body[k] = extra[k]; } });
    var n = ++asked;
    status.textContent = "checking...";
    return post(playUrl, body).then(function (res) {
      if (n < shown) { return; }
      shown = n;
      if (!res.ok) {  // a pick the rules no longer allow (a page out of date): say so, and draw the sheet afresh
        picked = [];  // live: the answer brings back the turn's picks that showed a roll
        var why = res.doc.error;
        if (res.status === 409 && !extra.again) { step({again: true}).then(function () { status.textContent = why; }); }
        else { status.textContent = why; }
        return;
      }
      var doc = res.doc;
      if (doc.error) {  // the text cannot be read: the entry waits for it to be mended
        showCheck({error: doc.error}, true);
        return;
      }
      if (live) { seq = doc.seq; locked = doc.locked; }
      else if (doc.changed && !extra.undo) { history.push(current); }
      if (doc.changed || current.trim() || live) { setText(doc.text); }  // live: the desk's record
      picked = doc.picked;
      draw(doc);
      var loud = typed || doc.view.done;
      showCheck(doc.check, loud);
      if (!loud) { status.textContent = doc.view.turn ? doc.view.turn + (doc.view.played ? "" : ": nothing entered yet") : ""; }
      if (live && doc.changed && !loud) { status.textContent = "Stored. " + status.textContent; }
    }).catch(function () { status.textContent = "the desk could not be reached; your sheet is kept on this page"; });
  }

  function pick(id) { picked = picked.concat([id]); return step({}); }

  var SVG = "http://www.w3.org/2000/svg";
  function picture(art, cls) {  // a game's picture (a card's face): its lines, drawn in its own box
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 " + art.w + " " + art.h);
    svg.setAttribute("class", cls);
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    art.s.forEach(function (line) {  // [outline, [[width, color, dash], ...]]: the outline drawn by each pen
      line[1].forEach(function (pen) {
        var p = document.createElementNS(SVG, "path");
        p.setAttribute("d", line[0]);
        p.setAttribute("fill", "none");
        p.setAttribute("stroke", pen[1]);
        p.setAttribute("stroke-width", String(pen[0]));
        if (pen[2]) { p.setAttribute("stroke-dasharray", pen[2]); }
        svg.appendChild(p);
      });
    });
    return svg;
  }

  function draw(doc) {
    var view = doc.view;
    lastView = view;
    drawFields(view.fields);
    document.getElementById("turn-title").textContent = view.done ? view.turn || "The game is over: nothing is left to play." : view.turn;
    var dice = document.getElementById("turn-dice");
    dice.textContent = "";
    (view.pictures || []).forEach(function (art) {
      var fig = document.createElement("span");
      fig.className = "picture";
      fig.setAttribute("role", "img");
      fig.setAttribute("aria-label", art.l);
      fig.style.aspectRatio = art.w + " / " + art.h;
      fig.appendChild(picture(art, "art"));
      dice.appendChild(fig);
    });
    view.dice.forEach(function (d) { var s = document.createElement("span"); s.textContent = d; dice.appendChild(s); });
    var choices = doc.choices;
    var onGrid = {};
    choices.forEach(function (c) { if (c.spot) { onGrid[c.spot] = c; } });
    var buttons = choices.filter(function (c) { return !c.spot; });
    var ask = view.ask;
    if (picked.length) {
      ask = "So far this turn: " + doc.said.join(", ") + ". " + (doc.ask || (buttons.length ? "Pick one:" : "Pick where, on the sheet:"));
    }
    document.getElementById("ask").textContent = ask;  // once the game is over: the entry's last word (who won)
    drawChoices(buttons);
    document.getElementById("back").hidden = picked.length <= (live ? locked.length : 0);
    document.getElementById("undo").disabled = !view.played && !history.length;
    drawGrids(view.grids, onGrid, doc.chosen || []);
    var log = document.getElementById("log");
    log.textContent = "";
    view.log.forEach(function (line) { var li = document.createElement("li"); li.textContent = line; log.appendChild(li); });
    restoreFocus(buttons, onGrid);
    desk.setAttribute("data-steps", String(+(desk.getAttribute("data-steps") || 0) + 1));  // one more answer drawn
  }

  function drawFields(fields) {
    var box = document.getElementById("fields");
    var have = box.querySelectorAll("input");
    if (have.length === fields.length && Array.prototype.every.call(have, function (inp, i) { return inp.name === fields[i].key; })) {
      fields.forEach(function (f, i) { if (document.activeElement !== have[i]) { have[i].value = f.value; } });
      return;
    }
    box.textContent = "";
    fields.forEach(function (f) {
      var label = document.createElement("label");
      label.textContent = f.label + " ";
      var inp = document.createElement("input");
      inp.name = f.key; inp.value = f.value; inp.size = Math.min(f.size, 24); inp.maxLength = f.size;
      inp.autocomplete = "off"; inp.spellcheck = false; inp.id = "field-" + f.key;
      inp.addEventListener("change", function () { step({field: [f.key, inp.value]}); });
      label.appendChild(inp);
      box.appendChild(label);
    });
  }

  function roving(box, items, move) {  // one Tab stop for a group; arrows move inside it
    items.forEach(function (b, i) { b.tabIndex = i === 0 ? 0 : -1; });
    box.addEventListener("focusin", function (e) {
      if (items.indexOf(e.target) < 0) { return; }
      items.forEach(function (b) { b.tabIndex = b === e.target ? 0 : -1; });
    });
    box.addEventListener("keydown", function (e) {
      var next = move(e.target, e.key);
      if (next) { e.preventDefault(); next.focus(); }
    });
  }

  function drawChoices(buttons) {
    var box = document.getElementById("choices");
    var fresh = box.cloneNode(false);  // a new element: no listeners of the last turn left on it
    box.parentNode.replaceChild(fresh, box);
    var items = buttons.map(function (c) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = c.label; b.setAttribute("data-choice", c.id);
      if (c.art) {  // the choice drawn (a card as it would lie), its words beside the picture
        b.classList.add("with-art");
        var fig = document.createElement("span");
        fig.className = "picture";
        fig.style.aspectRatio = c.art.w + " / " + c.art.h;
        fig.appendChild(picture(c.art, "art"));
        b.insertBefore(fig, b.firstChild);
        if (c.art.l) { b.setAttribute("aria-label", c.label + ": " + c.art.l); }
      }
      b.addEventListener("click", function () { focusAfter = "choices"; pick(c.id); });
      fresh.appendChild(b);
      return b;
    });
    fresh.hidden = !items.length;
    roving(fresh, items, function (el, key) {
      var i = items.indexOf(el), d = {ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1}[key];
      if (i < 0 || !d) { return null; }
      return items[(i + d + items.length) % items.length];
    });
  }

  var spotFocus = {};  // grid key -> the spot the keyboard was on

  function drawGrids(grids, onGrid, chosen) {
    var box = document.getElementById("grids");
    box.textContent = "";
    grids.forEach(function (g) {
      var fig = document.createElement("div");
      fig.className = "gridbox";
      var h = document.createElement("h3");
      h.textContent = g.title; h.id = "g-" + g.key;
      fig.appendChild(h);
      var el = document.createElement("div");
      el.className = "grid" + (g.points ? " points" : "");
      el.setAttribute("role", "group");
      el.setAttribute("aria-labelledby", h.id);
      el.setAttribute("data-grid", g.key);
      var headed = g.cols.length ? 1 : 0, side = g.rows.length ? 1 : 0;
      el.style.setProperty("--cols", g.w);
      if (g.cell && (g.cell[0] !== 1 || g.cell[1] !== 1)) {  // spots of another shape than a square
        el.style.setProperty("--cw", "calc(var(--sq) * " + g.cell[0] + ")");
        el.style.setProperty("--ch", "calc(var(--sq) * " + g.cell[1] + ")");
      }
      el.style.gridTemplateColumns = (side ? "var(--head) " : "") + "repeat(" + g.w + ", var(--cw))";
      if (headed) {
        if (side) { el.appendChild(head("", 1, 1)); }
        g.cols.forEach(function (c, x) { el.appendChild(head(c, x + 1 + side, 1)); });
      }
      g.rows.forEach(function (r, y) { el.appendChild(head(r, 1, y + 1 + headed)); });
      var items = [];
      g.spots.forEach(function (s) {
        var b = document.createElement("button");
        var choice = onGrid[g.key + ":" + s.id];
        b.type = "button";
        b.className = "spot " + s.m + (choice ? " can" : "") + (g.gap !== null && s.x === g.gap ? " gap" : "") +
          (chosen.indexOf(g.key + ":" + s.id) >= 0 ? " chosen" : "");
        if (s.a) {  // a picture under the spot's words
          b.classList.add("with-art");
          b.appendChild(picture(s.a, "art"));
          var words = document.createElement("span");
          words.className = "t";
          words.textContent = s.t;
          if (s.t) { b.appendChild(words); }
        } else {
          b.textContent = s.t;
        }
        b.style.gridColumn = String(s.x + 1 + side);
        b.style.gridRow = String(s.y + 1 + headed);
        b.setAttribute("data-spot", s.id);
        b.setAttribute("data-x", s.x);
        b.setAttribute("data-y", s.y);
        b.setAttribute("aria-label", s.l + (choice ? ", " + choice.label + ": can be picked" : ""));
        if (choice) { b.setAttribute("data-choice", choice.id); } else { b.setAttribute("aria-disabled", "true"); }
        b.addEventListener("click", function () {
          spotFocus[g.key] = s.id;
          if (choice) { focusAfter = "grid:" + g.key; pick(choice.id); }
        });
        el.appendChild(b);
        items.push(b);
      });
      fig.appendChild(el);
      box.appendChild(fig);
      roving(el, items, function (from, key) { return neighbour(items, from, key); });
      var at = items.filter(function (b) { return b.getAttribute("data-spot") === spotFocus[g.key]; })[0]
        || items.filter(function (b) { return b.classList.contains("can"); })[0];
      if (at) { items.forEach(function (b) { b.tabIndex = b === at ? 0 : -1; }); }
      el.addEventListener("focusin", function (e) {
        if (e.target.hasAttribute("data-spot")) { spotFocus[g.key] = e.target.getAttribute("data-spot"); }
      });
    });
  }

  function head(t, x, y) {
    var s = document.createElement("span");
    s.className = "hd"; s.textContent = t; s.setAttribute("aria-hidden", "true");
    s.style.gridColumn = String(x); s.style.gridRow = String(y);
    return s;
  }

  function neighbour(items, from, key) {  // the nearest spot in the direction of an arrow key
    var d = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[key];
    if (!d || items.indexOf(from) < 0) { return null; }
    var x = +from.getAttribute("data-x"), y = +from.getAttribute("data-y"), best = null, cost = Infinity;
    items.forEach(function (b) {
      var bx = +b.getAttribute("data-x") - x, by = +b.getAttribute("data-y") - y;
      var along = bx * d[0] + by * d[1], across = Math.abs(d[0] ? by : bx);
      if (along <= 0) { return; }
      var c = along * 100 + across * 1000;
      if (c < cost) { cost = c; best = b; }
    });
    return best;
  }

  function restoreFocus(buttons, onGrid) {
    var where = focusAfter;
    focusAfter = null;
    if (!where) { return; }
    if (buttons.length) { document.querySelector("#choices button").focus(); return; }
    var spots = Object.keys(onGrid);
    var key = where.indexOf("grid:") === 0 ? where.slice(5) : null;
    if (spots.length && !spots.some(function (s) { return s.indexOf(key + ":") === 0; })) { key = spots[0].split(":")[0]; }
    var grid = key && document.querySelector('.grid[data-grid="' + key + '"]');
    var b = grid && grid.querySelector('button[tabindex="0"]');
    if (b) { b.focus(); }
  }

  if (play) {
    document.getElementById("undo").addEventListener("click", function () {
      picked = [];
      focusAfter = "grid:";
      if (history.length) { current = history.pop(); setText(current); step({}); } else { step({undo: true}); }
    });
    document.getElementById("back").addEventListener("click", function () {
      picked = live ? locked.slice() : []; focusAfter = "grid:"; step({});
    });
  }

  document.getElementById("copy").addEventListener("click", function () {
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(text.value); }
    else { text.select(); document.execCommand("copy"); }
    status.textContent = "the text is copied";
  });
  document.getElementById("download").addEventListener("click", function (e) {
    e.currentTarget.href = URL.createObjectURL(new Blob([text.value], {type: "text/plain;charset=utf-8"}));
  });
  document.getElementById("submit").addEventListener("submit", function () {
    document.getElementById("submit-text").value = text.value;
  });

  var before = live ? null : kept();
  if (before) { typed = keptTyped(); setText(before); }
  if (play) { step({}); } else if (before) { checkText(); }
})();
