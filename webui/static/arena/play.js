/* A person's table: the open turn of their seat, its clock, and sending one action.
 *
 * The board is the replay viewer (viewer.js) on this seat's view; it polls the table's
 * live.json, whose answers also carry the seat's open turn. This file lists the turn's
 * legal actions by label (every game), sends the chosen one once and says when it is
 * confirmed. A game's viewer plug-in may also name the board elements that play a code
 * (`pickable(code, view)`: one selector, or one per step for a card and then its target;
 * docs/viewer.md): they become focusable buttons on the board, Escape takes back a
 * half-made pick, and #board-hint says what is still to choose. */
(function () {
  "use strict";
  const root = document.getElementById("viewer");
  const panel = document.getElementById("turn");
  if (!root || !panel) return;
  const config = JSON.parse(document.getElementById("viewer-config").textContent);
  const mySeat = config.mySeat;
  const list = document.getElementById("actions");
  const status = document.getElementById("turn-status");
  const clock = document.getElementById("clock");
  const lastMove = document.getElementById("last-move");
  const badge = document.getElementById("match-status");
  const csrf = document.querySelector("#act-form input[name=csrfmiddlewaretoken]").value;

  let turn = null;       // the open turn shown, {request, legal, left, ...}
  let sent = null;       // the request id whose answer was sent and confirmed
  let sending = null;    // the request id whose answer is on its way
  let deadline = null;   // performance.now() ms when the clock runs out
  let freshTimer = null;
  const listeners = [];

  function viewer() { return root.arenaViewer; }

  function say(text) { status.textContent = text; }

  function showClock() {
    if (deadline === null) { clock.textContent = "–"; return; }
    const left = Math.max(0, Math.round((deadline - performance.now()) / 1000));
    const minutes = Math.floor(left / 60);
    const seconds = String(left % 60).padStart(2, "0");
    clock.textContent = minutes + ":" + seconds;
    clock.classList.toggle("low", left < 30);
  }
  setInterval(showClock, 1000);

  function setStatus(value) {
    if (badge && value) { badge.textContent = value; badge.className = "badge " + value; }
  }

  function buttons() { return Array.from(list.querySelectorAll("button")); }

  function showTurn(next) {
    if (next && turn && next.request === turn.request) {
      deadline = performance.now() + next.left * 1000;  // the worker's clock is the clock
      return;
    }
    turn = next;
    list.textContent = "";
    panel.dataset.request = turn ? String(turn.request) : "";
    if (!turn) {
      deadline = null;
      showClock();
      for (const listener of listeners) listener(null);
      return;
    }
    deadline = performance.now() + turn.left * 1000;
    showClock();
    if (sent === turn.request) { say("Sent; waiting for the referee…"); return; }
    say(turn.legal.length === 1 ? "Your move: one choice." : "Your move: choose one of " + turn.legal.length + " actions.");
    turn.legal.forEach((action, index) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "action";
      button.dataset.code = action.code;
      button.textContent = action.label;
      button.addEventListener("click", () => choose(action.code));
      item.appendChild(button);
      list.appendChild(item);
      if (index === 0) button.setAttribute("aria-describedby", "turn-status");
    });
    panel.classList.add("my-turn");
    for (const listener of listeners) listener(turn);
  }

  // The answer in flight belongs to its request: the next turn may open before the
  // reply comes back (the referee read the answer first), and a click on it is its own.
  async function choose(code) {
    if (!turn || sending === turn.request || sent === turn.request) return false;
    const action = turn.legal.find((a) => a.code === code);
    if (!action) return false;
    const request = turn.request;
    sending = request;
    for (const button of buttons()) {
      button.disabled = true;
      if (button.dataset.code === code) button.classList.add("chosen");
    }
    say("Sending: " + action.label + "…");
    let response;
    try {
      response = await fetch(config.actUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
        body: JSON.stringify({ request: request, code: code }),
        credentials: "same-origin",
      });
    } catch (error) {
      response = null;
    }
    if (sending === request) sending = null;
    const shown = turn && turn.request === request;
    if (response && response.ok) {
      sent = request;
      panel.dataset.sent = String(request);
      if (!shown) return true;  // already past it: the next turn is on the panel
      panel.classList.remove("my-turn");
      say("Played: " + action.label + " (confirmed).");
      for (const listener of listeners) listener(null);
      setTimeout(() => { const v = viewer(); if (v) v.pollOnce(); }, 300);
      return true;
    }
    let detail = "could not send";
    try { detail = (await response.json()).detail || detail; } catch (error) { /* not JSON */ }
    panel.dataset.refused = String(request);
    if (!shown) return false;
    say("Not played: " + detail + ".");
    for (const button of buttons()) { button.disabled = false; button.classList.remove("chosen"); }
    return false;
  }

  function noteMoves(steps) {
    const theirs = (steps || []).filter((step) => step.seat !== null && step.seat !== mySeat);
    if (!theirs.length) return;
    const step = theirs[theirs.length - 1];
    const name = ((config.seats[step.seat] || {}).name) || "seat " + step.seat;
    lastMove.textContent = name + ": " + step.label;
    lastMove.classList.add("fresh");
    clearTimeout(freshTimer);
    freshTimer = setTimeout(() => lastMove.classList.remove("fresh"), 1500);
  }

  function finished(data) {
    showTurn(null);
    const outcome = (data && data.outcome) || [];
    const mine = outcome[mySeat];
    const team = data && data.team;  // a cooperative table: won or lost together, no places
    let text = "The match is over.";
    if (team) {
      text += " " + team.summary + ".";
      const seat = (team.seats || [])[mySeat];
      if (seat) text += " Your trophies: " + seat.text + ".";
    } else if (mine && mine.rank !== undefined) {
      text += " You placed " + (mine.rank + 1) + " of " + outcome.length + ".";
    }
    say(text);
    const v = viewer();
    if (v && v.count) v.go(v.count - 1, false);  // the end of the match, as it happened
    panel.dataset.over = "true";
  }

  root.addEventListener("viewer:live", (event) => {
    const data = event.detail;
    setStatus(data.status);
    noteMoves(data.steps);
    if (data.status === "running") {
      if (data.relay) return;  // the relay did not answer this poll: keep what is shown
      offer(data.turn || null);
      if (waiting) return;  // the list waits for its board
      if (!data.turn && sent === null) say("The other seats are playing…");
      else if (!data.turn) say("Played; the other seats are playing…");
    } else if (data.status === "queued") {
      say("Waiting for a worker to start the match…");
    } else if (data.status === "failed") {
      showTurn(null);
      say("The match failed.");
    }
  });
  // The list and the board arrive together: a turn is shown only once the board it was
  // asked on (the frame after its `request` moves) is on the viewer, and then in the same
  // step as the board's picks are marked (showTurn -> markBoard), so a click on the board
  // right after the list appears is taken. Until then the turn waits and the table asks
  // again soon: the worker writes the moves before a person's turn at once (live.py).
  let waiting = null;    // a turn whose board has not arrived yet
  let catchUp = null;

  function boardHas(next) {
    const v = viewer();
    return Boolean(v) && v.count - 1 >= next.request;
  }

  function offer(next) {
    if (next && !boardHas(next)) {
      waiting = next;
      if (catchUp === null) {
        catchUp = setTimeout(() => { catchUp = null; const v = viewer(); if (v) v.pollOnce(); }, 150);
      }
      return;
    }
    waiting = null;
    showTurn(next);
  }

  root.addEventListener("viewer:step", () => { if (waiting && boardHas(waiting)) offer(waiting); });
  root.addEventListener("viewer:loaded", (event) => {
    const data = event.detail;
    setStatus(data.status);
    if (data.complete) finished(data);
  });

  // --- on the board: the game's plug-in names the element(s) of each code it can show -----
  // `plugin.pickable(code, view)` gives a selector (one click plays `code`), an array of
  // selectors (one click per step: a card, then the monster it hits) or null (list only).
  // A half-made pick keeps the codes still possible after the steps clicked so far.
  const hint = document.getElementById("board-hint");
  let pick = null;          // {request, depth, codes, chosen: [selector...], menu: [action...], name}
  let targets = new Map();  // node -> [{code, label, steps}] it picks at the current depth

  function stepsOf(plugin, action, view) {
    let steps;
    try { steps = plugin.pickable(action.code, view); } catch (error) { return null; }
    if (!steps) return null;
    if (!Array.isArray(steps)) steps = [steps];
    return steps.length && steps.every((s) => typeof s === "string" && s) ? steps : null;
  }

  function nameOf(node) {
    const title = node.querySelector && node.querySelector("title");
    return ((title && title.textContent) || node.textContent || "").trim().replace(/\s+/g, " ");
  }

  function showHint(text, menu) {
    if (!hint) return;
    hint.textContent = "";
    if (!text) { hint.hidden = true; return; }
    hint.hidden = false;
    hint.appendChild(document.createTextNode(text + " "));
    for (const action of menu || []) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hint-action";
      button.dataset.code = action.code;
      button.textContent = action.label;
      button.addEventListener("click", () => { pick = null; choose(action.code); markBoard(); });
      hint.appendChild(button);
    }
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "hint-cancel";
    cancel.textContent = "Cancel (Esc)";
    cancel.addEventListener("click", () => cancelPick());
    hint.appendChild(cancel);
  }

  function cancelPick() {
    if (!pick) return false;
    pick = null;
    markBoard();
    return true;
  }

  function markBoard() {
    const v = viewer();
    const svg = root.querySelector("svg.board");
    delete svg.dataset.picking;
    delete svg.dataset.pickDepth;
    for (const node of svg.querySelectorAll("[data-pick], .picked")) {
      node.classList.remove("pickable", "picked");
      node.removeAttribute("data-pick");
      node.removeAttribute("data-pick-step");
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
      node.removeAttribute("aria-label");
    }
    targets = new Map();
    const plugin = window.ArenaViewer.plugins[config.game];
    const open = window.ArenaTable.turn();
    const ready = open && plugin && typeof plugin.pickable === "function" && v &&
      // Only on the board as it is now: the turn's request id counts the moves before it.
      v.index === v.count - 1 && v.count - 1 === open.request;
    if (!ready) { pick = null; showHint(""); return; }
    if (pick && pick.request !== open.request) pick = null;
    const view = v.frame();
    const depth = pick ? pick.depth : 0;
    for (const action of open.legal) {
      if (pick && !pick.codes.includes(action.code)) continue;
      const steps = stepsOf(plugin, action, view);
      if (!steps || steps.length <= depth) continue;
      // Never lead into a dead end: every step still to click must be drawn on this board.
      if (!steps.slice(depth).every((selector) => svg.querySelector(selector))) continue;
      for (const node of svg.querySelectorAll(steps[depth])) {
        if (!targets.has(node)) targets.set(node, []);
        targets.get(node).push({ code: action.code, label: action.label, steps: steps });
      }
    }
    for (const [node, entries] of targets) {
      const last = entries.length === 1 && entries[0].steps.length === depth + 1;
      node.dataset.pick = entries.map((e) => e.code).join(" ");
      node.dataset.pickStep = String(depth);
      node.classList.add("pickable");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", last ? entries[0].label
        : (nameOf(node) || "choice") + ": " + entries.length + " actions, choose it then the target");
    }
    if (pick) {
      for (const selector of pick.chosen) {
        for (const node of svg.querySelectorAll(selector)) if (!targets.has(node)) node.classList.add("picked");
      }
      svg.dataset.pickDepth = String(depth);
      const marked = targets.size;
      showHint(pick.menu.length
        ? (marked ? "Choose one, or pick its target on the board:" : "Choose one:")
        : (pick.name ? pick.name + " chosen. " : "") + "Now pick on the board: " + marked +
          " marked. Esc or a click on your first choice cancels.", pick.menu);
    } else {
      showHint("");
    }
    svg.dataset.picking = String(open.request);
  }

  function pickNode(node) {
    const open = window.ArenaTable.turn();
    const entries = targets.get(node);
    if (!open || !entries) return;
    const depth = pick ? pick.depth : 0;
    const done = entries.filter((e) => e.steps.length === depth + 1);
    const more = entries.filter((e) => e.steps.length > depth + 1);
    if (done.length === 1 && !more.length) {
      pick = null;
      choose(done[0].code);
      markBoard();
      return;
    }
    pick = {
      request: open.request,
      depth: depth + 1,
      codes: more.map((e) => e.code),
      chosen: (pick ? pick.chosen : []).concat([entries[0].steps[depth]]),
      menu: done.length ? done.map((e) => ({ code: e.code, label: e.label })) : [],
      name: nameOf(node).slice(0, 40),
    };
    markBoard();
    const first = root.querySelector("svg.board [data-pick]") || (hint && hint.querySelector("button"));
    if (first && document.activeElement === node) first.focus();
  }

  function pickFrom(event) {
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    const node = event.target.closest ? event.target.closest("[data-pick]") : null;
    if (!node) {
      // A click on the part already chosen takes the pick back.
      if (event.type === "click" && pick && event.target.closest && event.target.closest(".picked")) cancelPick();
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    pickNode(node);
  }
  const stage = root.querySelector(".viewer-stage");
  stage.addEventListener("click", pickFrom);
  stage.addEventListener("keydown", pickFrom);
  document.addEventListener("keydown", (event) => {  // on the board or anywhere else
    if (event.key === "Escape" && !event.defaultPrevented && cancelPick()) event.preventDefault();
  });
  root.addEventListener("viewer:step", () => markBoard());
  listeners.push(() => markBoard());

  window.ArenaTable = {
    seat: mySeat,
    /** The open turn, or null (between turns or once this seat's answer is sent). */
    turn() { return turn && sent !== turn.request ? turn : null; },
    /** Play `code` if it is legal in the open turn; resolves to whether it was sent. */
    choose: choose,
    /** Call `listener(turn or null)` whenever the open turn changes. */
    onTurn(listener) { listeners.push(listener); },
  };
})();
