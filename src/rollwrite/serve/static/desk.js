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
  var timer = null, asked = 0, shown = 0;

  function values() {
    var out = {};
    cells.forEach(function (c) { if (c.value !== "") { out[c.getAttribute("data-cell")] = c.value; } });
    return out;
  }

  function schedule(body) {
    clearTimeout(timer);
    status.textContent = "checking...";
    timer = setTimeout(function () { check(body()); }, 120);
  }

  function check(body) {
    var n = ++asked;
    fetch(url, {method: "POST", credentials: "same-origin",
                headers: {"Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": token},
                body: JSON.stringify(body)})
      .then(function (r) { return r.json().then(function (doc) { return {ok: r.ok, doc: doc}; }); })
      .then(function (res) { if (n >= shown) { shown = n; show(res.ok ? res.doc : {error: {message: res.doc.error, cells: []}}); } })
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
    Array.prototype.slice.call(document.querySelectorAll("#form fieldset.wide")).forEach(function (fs) {
      var rs = Array.prototype.slice.call(fs.querySelectorAll(".row")), last = -1;
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
  // a board of points (Lines & Sections): picking a point adds it to the path's last line
  Array.prototype.slice.call(document.querySelectorAll(".points")).forEach(function (board) {
    var sizeCell = document.getElementById("c-" + board.getAttribute("data-size-cell"));
    var target = board.getAttribute("data-target");
    var lines = cells.filter(function (c) { return c.getAttribute("data-cell").indexOf(target) === 0; });
    var drawn = -1;
    function pathWords() {
      return lines.map(function (c) { return c.value; }).join(" ").toUpperCase().split(/[\s,>-]+/);
    }
    function add(name) {
      var filled = lines.filter(function (c) { return c.value.trim() !== ""; });
      var line = filled.length ? filled[filled.length - 1] : lines[0];
      if (line.value.length + name.length + 1 > 60) { line = lines[lines.indexOf(line) + 1] || line; }
      line.value = (line.value.trim() ? line.value.trim() + " " : "") + name;
      changed(); mark();
    }
    function mark() {
      var on = pathWords();
      Array.prototype.slice.call(board.querySelectorAll("button")).forEach(function (b) {
        b.classList.toggle("on", on.indexOf(b.getAttribute("data-point")) >= 0);
      });
    }
    function draw() {
      var n = parseInt(sizeCell.value, 10);
      if (!(n >= 2 && n <= 12)) { board.textContent = ""; drawn = -1; return; }
      if (n !== drawn) {
        board.textContent = "";
        board.style.setProperty("--n", n + 1);
        for (var y = 0; y <= n; y++) {
          for (var x = 0; x <= n; x++) {
            var b = document.createElement("button");
            var name = String.fromCharCode(65 + x) + (y + 1);
            b.type = "button"; b.className = "pt"; b.textContent = name;
            b.setAttribute("data-point", name); b.setAttribute("data-x", x); b.setAttribute("data-y", y);
            b.setAttribute("aria-label", "point " + name);
            b.tabIndex = x === 0 && y === 0 ? 0 : -1;  // one stop for Tab; the arrow keys move inside
            board.appendChild(b);
          }
        }
        drawn = n;
      }
      mark();
    }
    board.addEventListener("click", function (e) { var b = e.target.closest("button.pt"); if (b) { add(b.getAttribute("data-point")); } });
    board.addEventListener("keydown", function (e) {
      var b = e.target.closest("button.pt");
      var d = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[e.key];
      if (!b || !d) { return; }
      e.preventDefault();
      var next = board.querySelector('button[data-x="' + (+b.getAttribute("data-x") + d[0]) + '"][data-y="' + (+b.getAttribute("data-y") + d[1]) + '"]');
      if (next) { b.tabIndex = -1; next.tabIndex = 0; next.focus(); }
    });
    sizeCell.addEventListener("input", draw);
    lines.forEach(function (c) { c.addEventListener("input", mark); });
    document.addEventListener("desk:filled", draw);
    draw();
  });

  fit();
  var before = kept();
  if (before) { text.value = before; check({text: before}); } else { check({values: values()}); }
})();
