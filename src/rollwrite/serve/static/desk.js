// The desk's entry form: keyboard moves between the cells, and every change is checked by the server,
// which answers with the sheet's text, its problems (with the cells they are about) and the score.
(function () {
  "use strict";
  var desk = document.getElementById("desk");
  if (!desk) { return; }
  var url = desk.getAttribute("data-check");
  var token = document.querySelector('meta[name="csrf-token"]').getAttribute("content");
  var cells = Array.prototype.slice.call(document.querySelectorAll("#form input.cell"));
  var text = document.getElementById("text");
  var status = document.getElementById("status");
  var scoreBox = document.getElementById("score");
  var list = document.getElementById("problems");
  var send = document.getElementById("send");
  var timer = null, asked = 0, shown = 0, dirty = false;  // dirty: a change not yet sent

  function values() {
    var out = {};
    cells.forEach(function (c) { if (c.value !== "") { out[c.getAttribute("data-cell")] = c.value; } });
    return out;
  }

  function schedule(body) {
    clearTimeout(timer);
    status.textContent = "checking...";
    dirty = true;
    timer = setTimeout(function () { dirty = false; check(body()); }, 120);
  }

  function check(body) {
    var n = ++asked;
    fetch(url, {method: "POST", credentials: "same-origin",
                headers: {"Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": token},
                body: JSON.stringify(body)})
      .then(function (r) { return r.json().then(function (doc) { return {ok: r.ok, doc: doc}; }); })
      .then(function (res) {
        if (n < shown) { return; }
        shown = n;
        show(res.ok ? res.doc : {error: {message: res.doc.error, cells: []}});
        if (dirty || n < asked) { status.textContent = "checking..."; }  // an answer to an older sheet
      })
      .catch(function () { status.textContent = "the desk could not be reached; your sheet is kept on this page"; });
  }

  function mark(ids, message, id) {
    ids.forEach(function (cid) {
      var c = document.getElementById("c-" + cid);
      if (!c) { return; }
      c.classList.add("bad");
      c.setAttribute("aria-invalid", "true");
      c.setAttribute("aria-describedby", ((c.getAttribute("aria-describedby") || "") + " " + id).trim());
      c.title = (c.title ? c.title + "\n" : "") + message;
    });
  }

  function item(where, message, id, ids) {
    var li = document.createElement("li");
    li.id = id;
    li.textContent = (where ? where + ": " : "") + message;
    if (ids.length) {
      li.tabIndex = 0;
      li.addEventListener("click", function () { var c = document.getElementById("c-" + ids[0]); if (c) { c.focus(); } });
    }
    list.appendChild(li);
  }

  function show(doc) {
    cells.forEach(function (c) {
      c.classList.remove("bad"); c.removeAttribute("aria-invalid"); c.removeAttribute("aria-describedby"); c.title = "";
    });
    list.textContent = "";
    if (doc.values) {
      cells.forEach(function (c) {
        if (document.activeElement !== c) { c.value = doc.values[c.getAttribute("data-cell")] || ""; }
        c.readOnly = !!doc.overflow;  // the form cannot hold the whole sheet: it is shown, not edited
      });
    }
    if (typeof doc.text === "string" && document.activeElement !== text) { text.value = doc.text; }
    keep();
    if (doc.values) { fit(); document.dispatchEvent(new Event("desk:filled")); }
    if (doc.error) {
      item("", doc.error.message, "p-0", doc.error.cells);
      mark(doc.error.cells, doc.error.message, "p-0");
      status.textContent = "the sheet cannot be read yet";
      scoreBox.textContent = "";
      send.disabled = true;
      document.dispatchEvent(new Event("desk:shown"));
      return;
    }
    doc.problems.forEach(function (p, i) { item(p.where, p.message, "p-" + i, p.cells); mark(p.cells, p.message, "p-" + i); });
    status.textContent = (doc.valid ? "rules: all checks passed" :
      doc.problems.length + " rule problem" + (doc.problems.length === 1 ? "" : "s")) +
      (doc.overflow ? "; " + doc.overflow : "");
    var total = doc.players ? doc.players.map(function (p) { return p.name + " " + p.total; }).join(", ") : String(doc.total);
    scoreBox.textContent = "";
    var pre = document.createElement("pre");
    pre.textContent = doc.report;
    var strong = document.createElement("p");
    strong.className = "total";
    strong.id = "total";
    strong.textContent = "total: " + total;
    scoreBox.appendChild(pre);
    scoreBox.appendChild(strong);
    if (doc.par_text) {
      var par = document.createElement("p");
      par.className = "total";
      par.id = "par";
      par.textContent = doc.par_text;
      scoreBox.appendChild(par);
    }
    send.disabled = !doc.valid;
    document.dispatchEvent(new Event("desk:shown"));
  }

  function rowOf(c) { return c.closest(".row"); }
  function rowCells(row) { return Array.prototype.slice.call(row.querySelectorAll("input.cell")); }
  function rows() { return Array.prototype.slice.call(document.querySelectorAll("#form .row")).filter(function (r) { return !r.hidden; }); }
  function visible(i, step) {  // the next cell that is not in a hidden row
    for (var j = i + step; j >= 0 && j < cells.length; j += step) { if (!rowOf(cells[j]).hidden) { return cells[j]; } }
    return null;
  }

  // a list of turns shows the rows typed and one more (at least eight), growing as it is filled
  function fit() {
    Array.prototype.slice.call(document.querySelectorAll("#form fieldset.grows")).forEach(function (fs) {
      var rs = Array.prototype.slice.call(fs.querySelectorAll(".row:not(.head)")), last = -1;
      rs.forEach(function (r, i) { if (rowCells(r).some(function (c) { return c.value !== ""; })) { last = i; } });
      rs.forEach(function (r, i) { r.hidden = i >= Math.max(last + 2, 8); });
    });
  }

  function vertical(c, step) {
    var all = rows(), i = all.indexOf(rowOf(c)), x = c.getBoundingClientRect().left;
    for (var j = i + step; j >= 0 && j < all.length; j += step) {
      var best = null, dist = Infinity;
      rowCells(all[j]).forEach(function (d) {
        var dx = Math.abs(d.getBoundingClientRect().left - x);
        if (dx < dist) { dist = dx; best = d; }
      });
      if (best) { return best; }
    }
    return null;
  }

  function go(c) { if (c) { c.focus(); if (c.select) { c.select(); } } }

  function key(e) {
    var c = e.target, i = cells.indexOf(c), single = c.maxLength === 1;
    var atStart = c.selectionStart === 0 && c.selectionEnd === 0;
    var atEnd = c.selectionStart === c.value.length;
    if (e.ctrlKey || e.metaKey || e.altKey) { return; }
    if (e.key === "ArrowLeft" && (single || atStart)) { e.preventDefault(); go(visible(i, -1)); }
    else if (e.key === "ArrowRight" && (single || atEnd)) { e.preventDefault(); go(visible(i, 1)); }
    else if (e.key === "ArrowUp") { e.preventDefault(); go(vertical(c, -1)); }
    else if (e.key === "ArrowDown" || e.key === "Enter") { e.preventDefault(); go(vertical(c, 1)); }
    else if (single && e.key.length === 1 && e.key !== " ") {
      e.preventDefault(); c.value = e.key; changed(); go(visible(i, 1));
    } else if (single && e.key === " ") { e.preventDefault(); go(visible(i, 1)); }
    else if (single && e.key === "Backspace") {
      e.preventDefault();
      var back = visible(i, -1);
      if (c.value) { c.value = ""; changed(); } else if (back) { back.value = ""; changed(); go(back); }
    } else if (single && e.key === "Delete") { e.preventDefault(); c.value = ""; changed(); }
  }

  // the sheet stays in this tab across a reload or a submission
  var store = "rollwrite-desk " + desk.getAttribute("data-id");
  function keep() { try { sessionStorage.setItem(store, text.value); } catch (e) { /* storage off: nothing kept */ } }
  function kept() { try { return sessionStorage.getItem(store); } catch (e) { return null; } }

  function changed() { fit(); schedule(function () { return {values: values()}; }); }

  cells.forEach(function (c) {
    c.addEventListener("keydown", key);
    c.addEventListener("input", changed);
    c.addEventListener("focus", function () { if (c.select) { c.select(); } });
  });
  text.addEventListener("input", function () { schedule(function () { return {text: text.value}; }); });
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
  // boards to pick from (see Board in serve/entry.py): a click, or Enter on the point or square the arrow
  // keys moved to, writes its name into the form
  var current = null;  // the row last worked on, for a battlefield's square
  document.getElementById("form").addEventListener("focusin", function (e) {
    if (e.target.classList.contains("cell")) { current = rowOf(e.target); }
  });
  function part(row, key) {  // a Shelving Wars turn's cell: p1t2at is player 1's turn 2, its square
    var re = new RegExp("^p\\d+t\\d+" + key + "$");
    return rowCells(row).filter(function (c) { return re.test(c.getAttribute("data-cell")); })[0];
  }
  function upper(c) { return c ? c.value.trim().toUpperCase() : ""; }
  function square(name) {  // "C4" -> [column, row], counted from 0
    var m = /^([A-Z])(\d+)$/.exec(name);
    return m ? [m[1].charCodeAt(0) - 65, parseInt(m[2], 10) - 1] : null;
  }
  var CORNER = {"TL": [0, 0], "TR": [1, 0], "BL": [0, 1], "BR": [1, 1], "TOP-LEFT": [0, 0], "TOP-RIGHT": [1, 0],
                "BOTTOM-LEFT": [0, 1], "BOTTOM-RIGHT": [1, 1]};
  var STEP = {U: [0, -1], UP: [0, -1], D: [0, 1], DOWN: [0, 1], L: [-1, 0], LEFT: [-1, 0], R: [1, 0], RIGHT: [1, 0]};

  // what a turn of Shelving Wars draws: a box's squares, or a shelf's edges ([column, row, side] of the squares it runs by)
  function drawn(row) {
    var get = function (k) { return upper(part(row, k)); };
    var at = square(get("at")), corner = CORNER[get("c") || "TL"], h = parseInt(get("h"), 10), out = [];
    if (!at || !corner || !(h >= 1 && h <= 26)) { return {squares: out, edges: out}; }
    if (get("k") === "S") {
      var d = STEP[get("w")], edges = [];
      if (!d) { return {squares: out, edges: out}; }
      var x = at[0] + corner[0], y = at[1] + corner[1];
      for (var i = 0; i < h; i++) {
        if (d[0] === 0) { var yy = d[1] > 0 ? y + i : y - 1 - i; edges.push([x, yy, "l"], [x - 1, yy, "r"]); }
        else { var xx = d[0] > 0 ? x + i : x - 1 - i; edges.push([xx, y, "t"], [xx, y - 1, "b"]); }
      }
      return {squares: out, edges: edges};
    }
    var w = parseInt(get("w"), 10);
    if (!(w >= 1 && w <= 26)) { return {squares: out, edges: out}; }
    var left = corner[0] ? at[0] - w + 1 : at[0], top = corner[1] ? at[1] - h + 1 : at[1];
    var outline = [];  // the box's own sides, so that boxes side by side are told apart
    for (var r = top; r < top + h; r++) {
      for (var c = left; c < left + w; c++) {
        out.push([c, r]);
        if (c === left) { outline.push([c, r, "l"]); }
        if (c === left + w - 1) { outline.push([c, r, "r"]); }
        if (r === top) { outline.push([c, r, "t"]); }
        if (r === top + h - 1) { outline.push([c, r, "b"]); }
      }
    }
    return {squares: out, edges: [], outline: outline};
  }

  // the path typed (Lines & Sections), as the sides of the squares it runs along: {"x,y": " et el"}
  function pathSides() {
    var words = cells.filter(function (c) { return /^path\d+$/.test(c.getAttribute("data-cell")); })
      .map(function (c) { return c.value; }).join(" ").toUpperCase().split(/[\s,>-]+/).map(square);
    var out = {};
    function side(x, y, s) { out[x + "," + y] = (out[x + "," + y] || "") + " e" + s; }
    for (var i = 1; i < words.length; i++) {
      var a = words[i - 1], b = words[i];
      if (!a || !b || Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) !== 1) { continue; }
      if (a[1] === b[1]) { var x = Math.min(a[0], b[0]); side(x, a[1], "t"); side(x, a[1] - 1, "b"); }
      else { var y = Math.min(a[1], b[1]); side(a[0], y, "l"); side(a[0] - 1, y, "r"); }
    }
    return out;
  }

  Array.prototype.slice.call(document.querySelectorAll(".pick")).forEach(function (board) {
    var kind = board.getAttribute("data-kind");
    var sizeCell = document.getElementById("c-" + board.getAttribute("data-size-cell"));
    var target = board.getAttribute("data-target");
    var lines = cells.filter(function (c) { return c.getAttribute("data-cell").indexOf(target) === 0; });
    var points = kind === "points", drawnAt = -1;
    function pick(name) {
      if (points) {
        var filled = lines.filter(function (c) { return c.value.trim() !== ""; });
        var line = filled.length ? filled[filled.length - 1] : lines[0];
        if (line.value.length + name.length + 1 > 60) { line = lines[lines.indexOf(line) + 1] || line; }
        line.value = (line.value.trim() ? line.value.trim() + " " : "") + name;
      } else if (kind === "squares") {
        var empty = lines.filter(function (c) { return c.value.trim() === ""; })[0];
        if (!empty) { return; }
        empty.value = name;
      } else {
        var spot = (current && part(current, target)) || cells.filter(function (c) {
          return /^p\d+t\d+at$/.test(c.getAttribute("data-cell")) && c.value === "" && !rowOf(c).hidden; })[0];
        if (!spot) { return; }
        spot.value = name;
        current = rowOf(spot);
      }
      changed(); mark();
    }
    function mark() {
      var buttons = Array.prototype.slice.call(board.querySelectorAll("button"));
      if (kind !== "field") {
        var on = points ? lines.map(function (c) { return c.value; }).join(" ").toUpperCase().split(/[\s,>-]+/)
                        : lines.map(upper);
        var sides = points ? {} : pathSides();
        buttons.forEach(function (b) {
          var name = b.getAttribute("data-point"), got = on.indexOf(name) >= 0;
          if (!points) { b.className = "sq" + (sides[b.getAttribute("data-x") + "," + b.getAttribute("data-y")] || ""); }
          b.classList.toggle("on", got);
          b.setAttribute("aria-label", (points ? "point " : "square ") + name + (got ? (points ? ", on the path" : ", shaded") : ""));
        });
        return;
      }
      var paint = {};
      Array.prototype.slice.call(document.querySelectorAll("#form fieldset.grows .row")).forEach(function (row) {
        var first = rowCells(row)[0], m = first && /^p(\d+)t\d+k$/.exec(first.getAttribute("data-cell"));
        if (!m) { return; }
        var bad = rowCells(row).some(function (c) { return c.classList.contains("bad"); }), got = drawn(row);
        var who = document.getElementById("c-p" + m[1]).value.trim() || "player " + m[1];
        got.squares.forEach(function (q) { add(q, " p" + m[1], who + "'s box"); });
        got.edges.forEach(function (e) { add(e, " e" + e[2], who + "'s shelf"); });
        (got.outline || []).forEach(function (e) { var k = e[0] + "," + e[1]; paint[k].cls += " o" + e[2]; });
        function add(q, cls, what) {
          var k = q[0] + "," + q[1], was = paint[k] || {cls: "", said: []};
          paint[k] = {cls: was.cls + cls + (bad ? " bad" : ""), said: was.said.concat([what + (bad ? " (a problem)" : "")])};
        }
      });
      var n = drawnAt, home = {};  // the players' starting corners, numbered as on the sheet
      (board.getAttribute("data-corners") || "").split(" ").forEach(function (corner, i) {
        var name = document.getElementById("c-p" + (i + 1));
        if (!corner || (i >= +board.getAttribute("data-shown") && !(name && name.value.trim()))) { return; }
        var at = CORNER[corner.toUpperCase()];
        home[at[0] * (n - 1) + "," + at[1] * (n - 1)] = String(i + 1);
      });
      buttons.forEach(function (b) {
        var xy = b.getAttribute("data-x") + "," + b.getAttribute("data-y"), got = paint[xy];
        b.textContent = home[xy] || "";
        b.className = "sq" + (got ? got.cls : "") + (home[xy] ? " home" : "");
        b.setAttribute("aria-label", "square " + b.getAttribute("data-point") + (home[xy] ? ", player " + home[xy] + "'s corner" : "") +
                       (got ? ", " + got.said.join(", ") : ""));
      });
    }
    function draw() {
      var n = parseInt(sizeCell.value || sizeCell.placeholder, 10), top = points ? 12 : 26;
      if (!(n >= 2 && n <= top)) { board.textContent = ""; drawnAt = -1; return; }
      if (n !== drawnAt) {
        board.textContent = "";
        var m = points ? n + 1 : n;
        board.style.setProperty("--n", m);
        for (var y = 0; y < m; y++) {
          for (var x = 0; x < m; x++) {
            var b = document.createElement("button");
            var name = String.fromCharCode(65 + x) + (y + 1);
            b.type = "button"; b.className = points ? "pt" : "sq"; b.textContent = name;
            b.setAttribute("data-point", name); b.setAttribute("data-x", x); b.setAttribute("data-y", y); b.title = name;
            b.setAttribute("aria-label", (points ? "point " : "square ") + name);
            b.tabIndex = x === 0 && y === 0 ? 0 : -1;  // one stop for Tab; the arrow keys move inside
            board.appendChild(b);
          }
        }
        drawnAt = n;
      }
      mark();
    }
    board.addEventListener("click", function (e) { var b = e.target.closest("button"); if (b) { pick(b.getAttribute("data-point")); } });
    board.addEventListener("keydown", function (e) {
      var b = e.target.closest("button");
      var d = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[e.key];
      if (!b || !d) { return; }
      e.preventDefault();
      var next = board.querySelector('button[data-x="' + (+b.getAttribute("data-x") + d[0]) + '"][data-y="' + (+b.getAttribute("data-y") + d[1]) + '"]');
      if (next) { b.tabIndex = -1; next.tabIndex = 0; next.focus(); }
    });
    sizeCell.addEventListener("input", draw);
    cells.forEach(function (c) { c.addEventListener("input", mark); });
    document.addEventListener("desk:filled", draw);
    document.addEventListener("desk:shown", mark);
    draw();
  });

  fit();
  var before = kept();
  if (before) { text.value = before; check({text: before}); } else { check({values: values()}); }
})();
