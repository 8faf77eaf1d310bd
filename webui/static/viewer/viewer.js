/* ArenaViewer: the replay viewer's core (docs/viewer.md).
 *
 * The server sends frames (one view per state, rebuilt by re-simulating the replay) and the
 * steps between them; this file owns the controls (play, step, scrub, speed, seat, keyboard,
 * #move-N links) and the live polling. Each game draws its own board with a plug-in:
 *
 *   ArenaViewer.register("my_game", { viewBox: "0 0 1000 700", draw(svg, view, ctx) {...} });
 *
 * Everything that came from users (bot and author names) is written with textContent or
 * setAttribute, never parsed as HTML.
 */
(function () {
  "use strict";

  const SVG_NS = "http://www.w3.org/2000/svg";
  const plugins = Object.create(null);
  const instances = [];

  /** Create an SVG element with attributes (and text), appended to parent when given. */
  function create(parent, tag, attrs, text) {
    const node = document.createElementNS(SVG_NS, tag);
    const drawn = {};
    if (attrs) {
      for (const key of Object.keys(attrs)) {
        const value = attrs[key];
        if (value !== undefined && value !== null && value !== false) {
          drawn[key] = String(value);
          node.setAttribute(key, drawn[key]);
        }
      }
    }
    node._drawn = drawn;
    node._text = text === undefined || text === null ? null : String(text);
    if (node._text !== null) node.textContent = node._text;
    if (parent) parent.appendChild(node);
    return node;
  }

  // The board is kept from one move to the next (docs/decisions/viewer-boards-change-in-place.md):
  // while a board is drawn, `el` walks the nodes already there in drawing order and reuses the
  // one at the same place when it has the same tag, writing only the attributes and text that
  // changed; whatever the new drawing no longer makes is removed at the end. Chromium then
  // restyles and repaints only what changed instead of a whole new SVG per move.
  let drawing = null;  // during a draw: {cursor: Map(parent -> next child's index), made: [...]}

  /** Change `node`'s attributes and text to these, touching only what differs. */
  function update(node, attrs, text) {
    const before = node._drawn || {};
    const after = {};
    if (attrs) {
      for (const key of Object.keys(attrs)) {
        const value = attrs[key];
        if (value === undefined || value === null || value === false) continue;
        const string = String(value);
        after[key] = string;
        if (before[key] !== string) node.setAttribute(key, string);
      }
    }
    for (const key of Object.keys(before)) if (!(key in after)) node.removeAttribute(key);
    node._drawn = after;
    const wanted = text === undefined || text === null ? null : String(text);
    if (wanted !== (node._text === undefined ? null : node._text)) {
      node.textContent = wanted === null ? "" : wanted;
      node._text = wanted;
    }
  }

  /** An SVG element with attributes (and text) in `parent`: made, or while a board is drawn,
   * the one already in that place brought up to date. Plug-ins draw with this (ctx.el). */
  function el(parent, tag, attrs, text) {
    if (!drawing || !parent) return create(parent, tag, attrs, text);
    const index = drawing.cursor.get(parent) || 0;
    drawing.cursor.set(parent, index + 1);
    const old = parent.children[index];
    let node;
    if (old && old.localName === tag && old.namespaceURI === SVG_NS) {
      update(old, attrs, text);
      node = old;
    } else {
      node = create(null, tag, attrs, text);
      if (old) parent.replaceChild(node, old); else parent.appendChild(node);
    }
    drawing.made.push(node);
    return node;
  }

  /** Draw a board into `svg` in place: `paint()` calls el(svg, ...) as if the board were empty. */
  function drawInPlace(svg, paint) {
    drawing = { cursor: new Map(), made: [] };
    try {
      paint();
    } finally {
      const { cursor, made } = drawing;
      drawing = null;
      for (const node of [svg, ...made]) {
        const keep = cursor.get(node) || 0;
        while (node.children.length > keep) node.lastElementChild.remove();
      }
    }
  }

  /** A plug-in for games without their own drawing script: the view's simple fields. */
  const fallback = {
    viewBox: "0 0 900 420",
    draw(svg, view, ctx) {
      el(svg, "rect", { x: 0, y: 0, width: 900, height: 420, rx: 12, fill: "#f8f7f2" });
      el(svg, "text", { x: 24, y: 40, "font-size": 20, "font-weight": 700 },
        "No board drawing for " + ctx.game + " yet: the view's fields");
      let y = 76;
      for (const key of Object.keys(view)) {
        const value = view[key];
        if (value !== null && typeof value === "object") continue;
        el(svg, "text", { x: 24, y: y, "font-size": 15 }, key + ": " + String(value));
        y += 22;
        if (y > 400) break;
      }
    },
  };

  class Viewer {
    constructor(root, config) {
      this.root = root;
      this.config = config;
      this.game = config.game;
      this.svg = root.querySelector("svg.board");
      this.frames = [];
      this.steps = [];
      this.index = 0;
      this.seat = null;
      this.playing = false;
      this.timer = null;
      this.complete = false;
      this.following = true;
      this.status = config.status;
      this.pollTimer = null;
      this.pollsIssued = 0;   // polls sent, and the newest of them whose answer was used
      this.pollApplied = 0;
      this.ui = {
        scrub: root.querySelector(".scrub"),
        at: root.querySelector(".at"),
        total: root.querySelector(".total"),
        link: root.querySelector(".move-link"),
        play: root.querySelector('[data-act="play"]'),
        speed: root.querySelector(".speed select"),
        seat: root.querySelector(".seatview select"),
        caption: root.querySelector(".caption-text"),
        captionDot: root.querySelector(".viewer-caption .dot"),
        note: root.querySelector(".viewer-note"),
      };
      this.bind();
    }

    plugin() {
      return plugins[this.game] || fallback;
    }

    // --- setup -------------------------------------------------------------------------
    bind() {
      const acts = {
        first: () => this.go(0, true),
        back: () => this.go(this.index - 1, true),
        forward: () => this.go(this.index + 1, true),
        last: () => this.go(this.frames.length - 1, true),
        play: () => this.toggle(),
      };
      for (const button of this.root.querySelectorAll("[data-act]")) {
        button.addEventListener("click", () => acts[button.dataset.act]());
      }
      this.ui.scrub.addEventListener("input", () => this.go(Number(this.ui.scrub.value), true));
      this.ui.speed.addEventListener("change", () => { if (this.playing) this.startTimer(); });
      this.fillSeats();
      this.ui.seat.addEventListener("change", () => {
        const value = this.ui.seat.value;
        this.setSeat(value === "" ? null : Number(value));
      });
      document.addEventListener("keydown", (event) => this.key(event));
      // Space on a focused toolbar button is play/pause, not a click of that button.
      document.addEventListener("keyup", (event) => {
        if (event.key === " " && this.root.contains(event.target) && event.target.tagName === "BUTTON") {
          event.preventDefault();
        }
      });
      window.addEventListener("hashchange", () => {
        const wanted = Viewer.hashMove();
        if (wanted !== null && wanted !== this.index) this.go(wanted, false);
      });
    }

    fillSeats() {
      const select = this.ui.seat;
      select.replaceChildren();
      const spectator = document.createElement("option");
      spectator.value = "";
      spectator.textContent = "spectator";
      select.appendChild(spectator);
      for (const seat of this.config.seats) {
        const option = document.createElement("option");
        option.value = String(seat.seat);
        option.textContent = "seat " + seat.seat + ": " + seat.name;
        option.disabled = !this.config.seatViews;
        select.appendChild(option);
      }
      if (!this.config.seatViews) {
        select.title = "Seat views open when the match has finished (hidden information).";
      }
    }

    static hashMove() {
      const match = /^#move-(\d+)$/.exec(window.location.hash);
      return match ? Number(match[1]) : null;
    }

    async start() {
      const params = new URLSearchParams(window.location.search);
      const seat = params.get("seat");
      if (seat !== null && seat !== "" && this.config.seatViews) {
        this.seat = Number(seat);
        this.ui.seat.value = seat;
      }
      await this.load();
    }

    framesUrl() {
      return this.config.framesUrl + (this.seat === null ? "" : "?seat=" + this.seat);
    }

    async load() {
      this.root.dataset.ready = "false";
      this.setNote("");
      let response;
      try {
        response = await fetch(this.framesUrl(), { headers: { Accept: "application/json" } });
      } catch (error) {
        this.setNote("Could not load the replay: " + error);
        return;
      }
      if (!response.ok) {
        let detail = response.statusText;
        try { detail = (await response.json()).detail || detail; } catch (error) { /* not JSON */ }
        this.setNote(detail);
        this.caption("Nothing to show yet.", null);
        if (this.status === "queued" || this.status === "running") this.poll();
        return;
      }
      const data = await response.json();
      this.frames = data.frames;
      this.steps = data.steps;
      this.complete = data.complete;
      this.status = data.status;
      this.ui.scrub.max = String(Math.max(0, this.frames.length - 1));
      this.ui.total.textContent = String(Math.max(0, this.frames.length - 1));
      const wanted = Viewer.hashMove();
      let index = wanted !== null ? wanted : (this.complete ? this.index : this.frames.length - 1);
      this.go(Math.min(index, this.frames.length - 1), false);
      this.root.dispatchEvent(new CustomEvent("viewer:loaded", { detail: data }));
      this.root.dataset.ready = "true";
      if (!this.complete) this.poll();
    }

    setSeat(seat) {
      this.seat = seat;
      const url = new URL(window.location.href);
      if (seat === null) url.searchParams.delete("seat"); else url.searchParams.set("seat", String(seat));
      window.history.replaceState(null, "", url.toString());
      this.load();
    }

    // --- moving --------------------------------------------------------------------------
    go(index, byUser) {
      if (!this.frames.length) return;
      const last = this.frames.length - 1;
      this.index = Math.max(0, Math.min(last, index));
      this.following = this.index === last;
      this.render();
      if (byUser) this.writeHash();
      if (this.index === last && this.playing && this.complete) this.pause();
    }

    /** The address names the move shown (history calls are too slow for every played move). */
    writeHash() {
      const hash = "#move-" + this.index;
      if (window.location.hash !== hash) window.history.replaceState(null, "", hash);
    }

    toggle() {
      if (this.playing) { this.pause(); return; }
      if (this.index >= this.frames.length - 1 && this.complete) this.go(0, true);
      this.playing = true;
      this.ui.play.classList.add("playing");
      this.ui.play.setAttribute("aria-label", "pause");
      this.startTimer();
    }

    /** Playback follows the clock, one board per animation frame: at any speed the move shown
     * is the one due now, so a slow board skips moves instead of falling behind. */
    startTimer() {
      cancelAnimationFrame(this.timer);
      const perSecond = Number(this.ui.speed.value) || 4;
      const origin = performance.now();
      const from = this.index;
      const tick = (now) => {
        if (!this.playing) return;
        const due = from + Math.floor(((now - origin) * perSecond) / 1000);
        const last = this.frames.length - 1;
        if (this.index >= last && this.complete) { this.pause(); return; }
        if (due > this.index && this.index < last) this.go(Math.min(due, last), false);
        this.timer = requestAnimationFrame(tick);
      };
      this.timer = requestAnimationFrame(tick);
    }

    pause() {
      this.playing = false;
      cancelAnimationFrame(this.timer);
      this.ui.play.classList.remove("playing");
      this.ui.play.setAttribute("aria-label", "play");
      if (Viewer.hashMove() !== null || this.index > 0) this.writeHash();
    }

    key(event) {
      const target = event.target;
      const tag = target && target.tagName ? target.tagName.toLowerCase() : "";
      if (tag === "textarea" || tag === "select" || (target && target.isContentEditable)) return;
      if (tag === "input" && target.type !== "range") return;
      if (target && target.closest && target.closest("[data-no-viewer-keys]")) return;  // e.g. the table's actions
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const keys = {
        " ": () => this.toggle(),
        ArrowLeft: () => this.go(this.index - 1, true),
        ArrowRight: () => this.go(this.index + 1, true),
        Home: () => this.go(0, true),
        End: () => this.go(this.frames.length - 1, true),
      };
      const run = keys[event.key];
      if (!run || !this.frames.length) return;
      event.preventDefault();
      run();
    }

    // --- drawing -------------------------------------------------------------------------
    context() {
      return {
        game: this.game,
        seat: this.seat,
        index: this.index,
        count: this.frames.length,
        step: this.steps[this.index],
        steps: this.steps,
        previous: this.index > 0 ? this.frames[this.index - 1] : null,
        players: this.config.seats,
        colors: this.config.colors,
        pieceColors: this.config.pieceColors,
        el: el,
      };
    }

    render() {
      const view = this.frames[this.index];
      const plugin = this.plugin();
      const svg = this.svg;
      const data = {
        game: this.game,
        step: String(this.index),
        steps: String(this.frames.length - 1),
        view: this.seat === null ? "spectator" : "seat-" + this.seat,
      };
      const box = plugin.viewBox || "0 0 1000 700";
      if (svg.getAttribute("viewBox") !== box) svg.setAttribute("viewBox", box);
      for (const key of Object.keys(data)) if (svg.dataset[key] !== data[key]) svg.dataset[key] = data[key];
      if (this.drawnBy !== plugin) { svg.replaceChildren(); this.drawnBy = plugin; }
      try {
        drawInPlace(svg, () => plugin.draw(svg, view, this.context()));
      } catch (error) {
        svg.replaceChildren();
        this.drawnBy = null;
        el(svg, "text", { x: 20, y: 40, fill: "#c2410c" }, "Drawing failed: " + error.message);
        console.warn(error);
      }
      this.ui.scrub.value = String(this.index);
      this.ui.at.textContent = String(this.index);
      this.ui.link.setAttribute("href", "#move-" + this.index);
      const step = this.steps[this.index] || {};
      const who = step.seat === null || step.seat === undefined ? null : step.seat;
      const name = who === null ? "" : (this.config.seats[who] || {}).name || "seat " + who;
      this.caption(this.index === 0 ? "Setup" : (name ? name + ": " : "") + step.label, who);
      this.root.dispatchEvent(new CustomEvent("viewer:step", { detail: { index: this.index, step: step, playing: this.playing } }));
    }

    caption(text, seat) {
      this.ui.caption.textContent = text;
      const dots = this.config.seatDots || [];
      this.ui.captionDot.className = "dot " + (seat === null || seat === undefined ? "none" : dots[seat] || "s" + seat);
    }

    setNote(text) {
      this.ui.note.textContent = text;
    }

    // --- live ----------------------------------------------------------------------------
    poll() {
      clearTimeout(this.pollTimer);
      this.pollTimer = setTimeout(() => this.pollOnce(), 1500);
    }

    async pollOnce() {
      // Polls may cross on the network (a table polls again right after a move while the
      // timer's poll is out): an answer that arrives after a newer one's is older news.
      const ticket = ++this.pollsIssued;
      let data;
      try {
        const since = Math.max(0, this.frames.length - 1);
        const response = await fetch(this.config.liveUrl + "?since=" + since);
        if (!response.ok) { this.poll(); return; }
        data = await response.json();
      } catch (error) {
        this.poll();
        return;
      }
      if (ticket < this.pollApplied) return;  // the newer poll has scheduled the next one
      this.pollApplied = ticket;
      const before = this.status;
      this.status = data.status;
      // The frames an answer brings are counted before it is announced and drawn right after,
      // in the same step: a table shows the turn it carries with its board (play.js).
      const announce = () => this.root.dispatchEvent(new CustomEvent("viewer:live", { detail: data }));
      const have = this.frames.length;
      if ((data.status === "running" && !have) || (data.steps && data.steps.length && data.first > have)) {
        announce();
        await this.load();  // nothing yet, or fell behind: load all
        return;
      }
      const follow = this.following;
      if (data.steps && data.steps.length) {
        for (let i = Math.max(0, have - data.first); i < data.steps.length; i++) {
          this.steps.push(data.steps[i]);
          this.frames.push(data.frames[i]);
        }
        this.ui.scrub.max = String(this.frames.length - 1);
        this.ui.total.textContent = String(this.frames.length - 1);
      }
      announce();
      if (this.frames.length > have && follow) this.go(this.frames.length - 1, false);
      if (data.complete) {
        this.config.seatViews = true;
        this.fillSeats();
        await this.load();
        return;
      }
      if (data.status === "queued" || data.status === "running" || before !== data.status) this.poll();
    }

    // --- for tests and other scripts -----------------------------------------------------
    frame() { return this.frames[this.index]; }
    step() { return this.steps[this.index]; }
    get count() { return this.frames.length; }
  }

  function boot() {
    for (const root of document.querySelectorAll("[data-arena-viewer]")) {
      const source = document.getElementById(root.dataset.arenaViewer);
      if (!source) continue;
      const viewer = new Viewer(root, JSON.parse(source.textContent));
      root.arenaViewer = viewer;
      instances.push(viewer);
      viewer.start();
    }
  }

  window.ArenaViewer = {
    /** Register a game's drawing: {viewBox?: string, draw(svg, view, ctx)}. */
    register(game, plugin) {
      if (!plugin || typeof plugin.draw !== "function") throw new Error("a plug-in needs draw()");
      plugins[game] = plugin;
      for (const viewer of instances) if (viewer.game === game && viewer.frames.length) viewer.render();
    },
    plugins: plugins,
    instances: instances,
    current() { return instances[0] || null; },
    el: el,
  };

  // Scripts are deferred: the games' plug-ins (after this file) run before DOMContentLoaded.
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
