/* The match page around the viewer: highlight the current move in the log, and follow a
 * running match (status, move count, new log rows) from the viewer's live polling. */
(function () {
  "use strict";
  const root = document.getElementById("viewer");
  const log = document.getElementById("move-log");
  if (!root) return;

  // The log follows the board at once when a move is stepped to, and a few times a second
  // while a replay plays: every change of its current row repaints the long log (5 ms a move
  // for 300 rows at 1280 px, bench/viewer.py), which at 32 moves/s cost a frame in three.
  // Reading the row's position forces a layout, so it is done in an animation frame.
  const FOLLOW_MS = 250;
  let current = null;
  let wanted = null;
  let followed = 0;
  function highlight() {
    if (wanted === null) return;
    const index = wanted;
    wanted = null;
    followed = performance.now();
    if (current) current.classList.remove("current");
    current = log.querySelector('tr[data-move="' + index + '"]');
    if (!current) return;
    current.classList.add("current");
    // Scroll the log box only, never the page.
    const top = current.offsetTop - log.clientHeight / 2;
    if (current.offsetTop < log.scrollTop + 30 || current.offsetTop > log.scrollTop + log.clientHeight - 30) {
      log.scrollTop = Math.max(0, top);
    }
  }
  root.addEventListener("viewer:step", (event) => {
    if (!log) return;
    const waiting = wanted !== null;
    wanted = event.detail.index;
    if (!event.detail.playing) { highlight(); return; }
    if (waiting) return;
    const due = Math.max(0, followed + FOLLOW_MS - performance.now());
    setTimeout(() => requestAnimationFrame(highlight), due);
  });

  const status = document.getElementById("match-status");
  const moves = document.getElementById("match-moves");
  const config = JSON.parse(document.getElementById("viewer-config").textContent);
  const seats = config.seats;
  const dots = config.seatDots || [];

  /** Append log rows for steps numbered from `first` (a running match's log is built here). */
  function addRows(steps, first) {
    const body = log ? log.querySelector("tbody") : null;
    if (!body) return;
    steps.forEach((step, i) => {
      const move = first + i;
      if (move < 1 || body.querySelector('tr[data-move="' + move + '"]')) return;
      const row = document.createElement("tr");
      row.dataset.move = String(move);
      const number = document.createElement("td");
      number.className = "n";
      const link = document.createElement("a");
      link.href = "#move-" + move;
      link.textContent = String(move);
      number.appendChild(link);
      const seat = document.createElement("td");
      const dot = document.createElement("span");
      dot.className = "dot " + (dots[step.seat] || "s" + step.seat);
      seat.appendChild(dot);
      seat.appendChild(document.createTextNode(((seats[step.seat] || {}).name) || String(step.seat)));
      const label = document.createElement("td");
      label.textContent = step.label;
      row.append(number, seat, label);
      body.appendChild(row);
    });
  }

  // The viewer's frames are the record: once the match has ended, the header's move count
  // and the log are completed from them, so all three agree without a reload.
  root.addEventListener("viewer:loaded", (event) => {
    const data = event.detail;
    addRows(data.steps, 0);
    if (data.complete && moves) moves.textContent = String(data.frames.length - 1);
  });

  root.addEventListener("viewer:live", (event) => {
    const data = event.detail;
    if (status && status.textContent !== data.status) {
      status.textContent = data.status;
      status.className = "badge " + data.status;
    }
    if (moves && typeof data.moves === "number") moves.textContent = String(data.moves);
    if (data.steps) addRows(data.steps, data.first);
    if (data.complete) {
      const note = document.createElement("p");
      note.className = "note";
      note.append("The match has finished. ");
      const again = document.createElement("a");
      again.href = window.location.pathname;
      again.textContent = "Reload for the result, timings and downloads.";
      note.appendChild(again);
      root.parentNode.insertBefore(note, root);
    }
  });
})();
