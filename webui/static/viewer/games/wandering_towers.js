/* Wandering Towers for the replay viewer (docs/viewer.md, docs/games/wandering-towers.md).
 *
 * Draws one view (spectate() or observe(seat)): the 16-space loop as the rim of a 5x5 grid,
 * each space's stack of towers bottom to top, visible wizards on the top, imprisoned ones
 * behind bars inside the tower that covers them, the Ravenskeep with the wizards inside;
 * in the middle the turn, the card in play, the discard pile and the spells; on the right
 * one panel per player with wizards, flasks and hand (the cards only in that seat's view).
 * Data attributes (data-tower, data-wizard + data-state, data-player, data-card) let tests
 * count what is drawn.
 */
(function () {
  "use strict";

  const CELL = 140;
  const PITCH = 144;
  const ORIGIN = 20;
  const PANEL_X = 760;
  const PANEL_W = 460;
  const PARCHMENT = "#efe4c8";

  /** Grid position (row, column) of a space: clockwise around the rim from the top left. */
  function cellOf(space) {
    if (space <= 4) return [0, space];
    if (space <= 7) return [space - 4, 4];
    if (space <= 12) return [4, 12 - space];
    return [16 - space, 0];
  }

  function cellXY(space) {
    const [row, col] = cellOf(space);
    return [ORIGIN + col * PITCH, ORIGIN + row * PITCH];
  }

  function truncate(text, max) {
    text = String(text);
    return text.length > max ? text.slice(0, max - 1) + "…" : text;
  }

  function draw(svg, view, ctx) {
    const el = ctx.el;
    const colors = ctx.colors;
    const color = (seat) => colors[seat % colors.length];
    const owner = {};
    for (const w of view.wizards) owner[w.id] = w.owner;

    el(svg, "rect", { x: 0, y: 0, width: 1240, height: 760, fill: "#f6f3ea" });
    const board = el(svg, "g", { class: "wt-board" });
    el(board, "rect", {
      x: ORIGIN - 8, y: ORIGIN - 8, width: 5 * PITCH + 12, height: 5 * PITCH + 12, rx: 18,
      fill: "#2f3b2f",
    });
    // The clockwise track through the spaces' centres.
    const track = [];
    for (let s = 0; s < 16; s++) {
      const [x, y] = cellXY(s);
      track.push((s ? "L" : "M") + (x + CELL / 2) + "," + (y + CELL / 2));
    }
    el(board, "path", { d: track.join(" ") + " Z", fill: "none", stroke: "#8fa37f", "stroke-width": 3, "stroke-dasharray": "2 10" });
    for (const space of view.spaces) drawSpace(board, space, view, ctx, owner, color);
    drawCentre(svg, view, ctx, color);
    view.players.forEach((player, i) => drawPlayer(svg, player, i, view, ctx, color));
  }

  // --- a space and its stack -----------------------------------------------------------------
  function drawSpace(parent, space, view, ctx, owner, color) {
    const el = ctx.el;
    const [x, y] = cellXY(space.index);
    const g = el(parent, "g", { "data-space": space.index, class: "wt-space" });
    el(g, "rect", {
      x: x, y: y, width: CELL, height: CELL, rx: 10, fill: PARCHMENT,
      stroke: space.shielded ? "#3f5fa8" : "#c8b486", "stroke-width": space.shielded ? 3 : 1.5,
    });
    el(g, "text", { x: x + 7, y: y + 19, "font-size": 16, "font-weight": 700, fill: "#8b7a55" }, space.index);
    if (space.shielded) shield(g, el, x + CELL - 20, y + 6, "#3f5fa8");
    for (let i = 0; i < space.ghost_lights; i++) {
      el(g, "circle", { cx: x + 36 + i * 9, cy: y + 12, r: 3, fill: "#f2c94c", stroke: "#b08d1c", "stroke-width": 0.8 });
    }
    const towers = space.towers;
    const n = towers.length;
    const base = y + CELL - 8;
    const th = n ? Math.min(20, 88 / n) : 0;
    const left = x + CELL / 2 - 32;
    // Towers, bottom to top; the group of wizards at level L < n sits inside tower L + 1.
    towers.forEach((tower, k) => {
      const top = base - (k + 1) * th;
      const shielded = view.towers[tower - 1] && view.towers[tower - 1].shielded;
      const block = el(g, "g", { "data-tower": tower, "data-level": k + 1 });
      el(block, "rect", {
        x: left - (n - k) * 0.6, y: top, width: 64 + (n - k) * 1.2, height: th - 1, rx: 2,
        fill: shielded ? "#5f6675" : "#8b91a0", stroke: "#3d424e", "stroke-width": 1,
      });
      const prisoners = space.levels[k] || { wizards: [], hidden: 0 };
      const inside = prisoners.wizards.length + prisoners.hidden;
      if (th >= 17 && !inside) {  // a name only where it fits at 16 units (five towers or fewer)
        el(block, "text", {
          x: x + CELL / 2, y: top + th / 2 + 5, "font-size": 16, fill: "#fff",
          "text-anchor": "middle", "font-weight": 700,
        }, "T" + tower);
      }
      if (inside) drawPrisoners(block, el, prisoners, x + CELL / 2, top + (th - 1) / 2, th, owner, color);
    });
    const surface = base - n * th;
    if (space.ravenskeep) {
      drawKeep(g, el, view.ravenskeep, x + CELL / 2, surface, owner, color);
    }
    const visible = space.levels[n] || { wizards: [], hidden: 0 };
    const count = visible.wizards.length;
    visible.wizards.forEach((wizard, i) => {
      const cx = x + CELL / 2 + (i - (count - 1) / 2) * 15;
      const cy = surface - 9;
      wizardToken(g, el, wizard, cx, cy, 7, color(owner[wizard]), "visible");
    });
  }

  function wizardToken(parent, el, wizard, cx, cy, r, fill, state) {
    const g = el(parent, "g", { "data-wizard": wizard, "data-state": state });
    el(g, "circle", { cx: cx, cy: cy, r: r, fill: fill, stroke: "#1c2230", "stroke-width": 1.2 });
    if (r >= 6) {
      // A pointed hat.
      el(g, "path", { d: `M${cx - r * 0.6},${cy - r * 0.55} L${cx},${cy - r * 1.75} L${cx + r * 0.6},${cy - r * 0.55} Z`, fill: fill, stroke: "#1c2230", "stroke-width": 1 });
    }
    return g;
  }

  function drawPrisoners(parent, el, group, cx, cy, th, owner, color) {
    const r = Math.max(2.2, Math.min(4.2, th / 2 - 1.2));
    const total = group.wizards.length + group.hidden;
    const gap = r * 2 + 2;
    let i = 0;
    for (const wizard of group.wizards) {
      const px = cx + (i - (total - 1) / 2) * gap;
      const g = el(parent, "g", { "data-wizard": wizard, "data-state": "imprisoned" });
      el(g, "circle", { cx: px, cy: cy, r: r, fill: color(owner[wizard]), stroke: "#111", "stroke-width": 0.8 });
      i++;
    }
    for (let h = 0; h < group.hidden; h++) {
      const px = cx + (i - (total - 1) / 2) * gap;
      el(parent, "circle", { cx: px, cy: cy, r: r, fill: "#b8bcc6", stroke: "#111", "stroke-width": 0.8, "data-state": "hidden" });
      i++;
    }
    // Bars over the prisoners.
    const half = (total * gap) / 2 + 2;
    for (let bx = cx - half; bx <= cx + half; bx += 5) {
      el(parent, "line", { x1: bx, x2: bx, y1: cy - th / 2 + 1, y2: cy + th / 2 - 1.5, stroke: "#2b2f38", "stroke-width": 0.9, opacity: 0.7 });
    }
  }

  function drawKeep(parent, el, keep, cx, surface, owner, color) {
    const g = el(parent, "g", { "data-keep-space": keep.space, class: "wt-keep" });
    const w = 100;
    const h = 30;
    const x = cx - w / 2;
    const y = surface - h - 2;
    let d = `M${x},${y + h} L${x},${y}`;
    for (let i = 0; i < 6; i++) {
      const cx0 = x + (i * w) / 6;
      d += ` L${cx0},${y - 6} L${cx0 + w / 12},${y - 6} L${cx0 + w / 12},${y} L${cx0 + w / 6},${y}`;
    }
    d += ` L${x + w},${y + h} Z`;
    el(g, "path", { d: d, fill: "#3b2f5c", stroke: "#1c1530", "stroke-width": 1.2 });
    const inside = keep.inside;
    inside.forEach((wizard, i) => {
      const row = Math.floor(i / 9);
      const col = i % 9;
      const dot = el(g, "g", { "data-wizard": wizard, "data-state": "keep" });
      el(dot, "circle", { cx: x + 14 + col * 9, cy: y + 8 + row * 9, r: 3.4, fill: color(owner[wizard]), stroke: "#fff", "stroke-width": 0.6 });
    });
    if (!inside.length) {
      el(g, "text", { x: cx, y: y + h / 2 + 6, "font-size": 16, fill: "#d8cff0", "text-anchor": "middle" }, "Ravenskeep");
    }
  }

  function shield(parent, el, x, y, fill) {
    el(parent, "path", { d: `M${x},${y} h12 v6 q0,7 -6,10 q-6,-3 -6,-10 z`, fill: fill, opacity: 0.85 });
  }

  // --- the middle: turn, cards, spells -----------------------------------------------------------
  function drawCentre(svg, view, ctx, color) {
    const el = ctx.el;
    const g = el(svg, "g", { class: "wt-centre" });
    const x0 = ORIGIN + PITCH;
    const y0 = ORIGIN + PITCH;
    const w = 3 * PITCH - 4;
    el(g, "rect", { x: x0, y: y0, width: w, height: w, rx: 12, fill: "#fbf8ef", stroke: "#d8caa3" });
    el(g, "text", { x: x0 + 16, y: y0 + 32, "font-size": 22, "font-weight": 700, fill: "#1c2230" },
      `Round ${view.round} · turn ${view.turn.number}`);
    let status;
    if (view.over) {
      status = "Game over" + (view.end_reason ? ` (${view.end_reason.replace("_", " ")})` : "");
    } else {
      const mover = view.to_move;
      const name = (ctx.players[mover] || {}).name || "seat " + mover;
      status = `${truncate(name, 22)} to move · ${view.phase.replace("_", " ")}`;
      el(g, "circle", { cx: x0 + 22, cy: y0 + 55, r: 7, fill: color(mover) });
    }
    el(g, "text", { x: x0 + (view.over ? 16 : 36), y: y0 + 61, "font-size": 16, fill: "#3a4152" }, truncate(status, 44));
    if (view.game_end_triggered && !view.over) {
      el(g, "text", { x: x0 + 16, y: y0 + 84, "font-size": 16, fill: "#b45309", "font-weight": 700 }, "Last round: the end is triggered");
    }
    // Card in play, die, discard pile, draw pile.
    const cy = y0 + 116;
    label(g, el, x0 + 16, cy - 7, "In play");
    const action = view.action || {};
    if (action.card) card(g, el, x0 + 16, cy, 62, 88, action.card, "wt-in-play");
    else el(g, "rect", { x: x0 + 16, y: cy, width: 62, height: 88, rx: 7, fill: "none", stroke: "#cfc4a6", "stroke-dasharray": "4 3" });
    if (action.roll) die(g, el, x0 + 88, cy + 4, action.roll);
    if (action.committed && action.committed.kind !== "none") {
      const c = action.committed;
      const what = c.kind === "wizard" ? `wizard ${c.wizard}` : `tower T${c.tower}`;
      el(g, "text", { x: x0 + 16, y: cy + 110, "font-size": 16, fill: "#3a4152" }, `${what} → ${c.steps}`);
    }
    const dx = x0 + 180;
    label(g, el, dx, cy - 7, `Discard (${view.discard.length})`);
    if (view.discard.length) {
      const top = view.discard[view.discard.length - 1];
      const node = card(g, el, dx, cy, 62, 88, top, "wt-discard");
      node.setAttribute("data-discard-top", top.id);
    } else {
      el(g, "rect", { x: dx, y: cy, width: 62, height: 88, rx: 7, fill: "none", stroke: "#cfc4a6", "stroke-dasharray": "4 3" });
    }
    const px = x0 + 300;
    label(g, el, px, cy - 7, `Draw pile (${view.draw_pile_size})`);
    cardBack(g, el, px, cy, 62, 88);
    el(g, "text", { x: px + 31, y: cy + 50, "font-size": 18, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }, view.draw_pile_size);
    // Spells in play.
    const sy = y0 + 250;
    label(g, el, x0 + 16, sy - 7, view.spells.length ? "Spells" : "No spells");
    view.spells.forEach((spell, i) => {
      const sx = x0 + 16 + (i % 2) * 200;
      const syi = sy + Math.floor(i / 2) * 46;
      const inUse = view.spell && view.spell.name === spell.name;
      const tile = el(g, "g", { "data-spell": spell.name });
      el(tile, "rect", { x: sx, y: syi, width: 192, height: 40, rx: 7, fill: inUse ? "#fde68a" : "#efe7ff", stroke: inUse ? "#b45309" : "#a78bdb" });
      el(tile, "text", { x: sx + 7, y: syi + 18, "font-size": 16, fill: "#3b2f5c" }, truncate(spell.title, 22));
      for (let c = 0; c < spell.cost; c++) flask(tile, el, sx + 10 + c * 13, syi + 22, "full");
    });
    drawLastMove(g, el, x0 + 16, y0 + w - 74, ctx, color);
  }

  /** Split text into lines of at most `width` characters, at spaces. */
  function wrap(text, width) {
    const lines = [];
    let line = "";
    for (const word of String(text).split(" ")) {
      if (line && (line + " " + word).length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line ? line + " " + word : word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  function drawLastMove(g, el, x, y, ctx, color) {
    const step = ctx.step || {};
    label(g, el, x, y, ctx.index ? `Move ${ctx.index}` : "Setup");
    if (!ctx.index) return;
    el(g, "circle", { cx: x + 6, cy: y + 15, r: 6, fill: color(step.seat) });
    wrap(step.label || "", 42).slice(0, 3).forEach((line, i) => {
      el(g, "text", { x: x + 18, y: y + 21 + i * 19, "font-size": 16, fill: "#1c2230", class: "wt-last-move" }, line);
    });
  }

  function label(parent, el, x, y, text) {
    el(parent, "text", { x: x, y: y, "font-size": 16, fill: "#7a6d4f", "font-weight": 600 }, text);
  }

  /** A card: W and T rows with their distance (a die where it is rolled); big in the middle,
   * small in a hand, every text at 16 units or more. */
  function card(parent, el, x, y, w, h, c, cls) {
    const g = el(parent, "g", { class: cls || "wt-card", "data-card": c.id });
    const wizard = c.kind === "wizard" || c.kind === "dual";
    const tower = c.kind === "tower" || c.kind === "dual";
    const big = h > 80;
    el(g, "title", {}, `card #${c.id}`);
    el(g, "rect", { x: x, y: y, width: w, height: h, rx: 7, fill: "#fffdf6", stroke: "#8a7a52", "stroke-width": 1.3 });
    const rows = [];
    if (wizard) rows.push(["W", c.wizard, "#7b4bb7"]);
    if (tower) rows.push(["T", c.tower, "#8a5a2b"]);
    const size = big ? 24 : 18;
    const room = big ? h - 14 : h - 8;  // the foot holds the dice count
    rows.forEach(([letter, value, fill], i) => {
      const ry = y + (room / (rows.length + 1)) * (i + 1) + size / 3;
      el(g, "text", { x: x + w * 0.3, y: ry, "font-size": 16, fill: fill, "text-anchor": "middle", "font-weight": 700 }, letter);
      if (value) {
        el(g, "text", { x: x + w * 0.68, y: ry, "font-size": size, fill: fill, "text-anchor": "middle", "font-weight": 700 }, value);
      } else {
        die(g, el, x + w * 0.68 - size * 0.42, ry - size * 0.78, 0, size * 0.85);
      }
    });
    if (c.dice > 1) {
      if (big) {
        el(g, "text", { x: x + w - 5, y: y + h - 5, "font-size": 16, fill: "#6b7280", "text-anchor": "end" }, `×${c.dice}`);
      } else {
        for (let k = 0; k < c.dice; k++) el(g, "rect", { x: x + w - 9 - k * 7, y: y + h - 8, width: 5, height: 5, rx: 1, fill: "#6b7280" });
      }
    }
    return g;
  }

  function cardBack(parent, el, x, y, w, h) {
    el(parent, "rect", { x: x, y: y, width: w, height: h, rx: w > 30 ? 7 : 3, fill: "#2d3e6e", stroke: "#1b2748" });
    el(parent, "rect", { x: x + 3, y: y + 3, width: w - 6, height: h - 6, rx: w > 30 ? 5 : 2, fill: "none", stroke: "#5a72b5", "stroke-dasharray": "3 2" });
  }

  /** A die: the value's pips, or one "?" pip for a value still to roll. */
  function die(parent, el, x, y, value, size) {
    size = size || 34;
    const g = el(parent, "g", { class: "wt-die", "data-roll": value || "" });
    el(g, "rect", { x: x, y: y, width: size, height: size, rx: size / 5, fill: "#fff", stroke: "#1c2230", "stroke-width": 1.3 });
    const pips = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
      5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]] }[value];
    if (!pips && size < 26) {  // still to roll, too small for a "?": an empty face with a ring
      el(g, "circle", { cx: x + size / 2, cy: y + size / 2, r: size / 5, fill: "none", stroke: "#1c2230", "stroke-width": 1.2 });
      return g;
    }
    if (!pips) {
      el(g, "text", { x: x + size / 2, y: y + size * 0.72, "font-size": size * 0.62, "text-anchor": "middle", fill: "#1c2230", "font-weight": 700 }, "?");
      return g;
    }
    for (const [cx, cy] of pips) {
      el(g, "circle", { cx: x + (size * cx) / 4, cy: y + (size * cy) / 4, r: size / 11, fill: "#1c2230" });
    }
    return g;
  }

  function flask(parent, el, x, y, kind) {
    const fill = { full: "#38bdf8", empty: "#fff", spent: "#9ca3af" }[kind];
    const g = el(parent, "g", { "data-flask": kind });
    el(g, "path", {
      d: `M${x + 3},${y} h4 v4 l3,5 q1,5 -3,6 h-4 q-4,-1 -3,-6 l3,-5 z`,
      fill: fill, stroke: "#1f2937", "stroke-width": 0.9,
    });
    return g;
  }

  // --- players --------------------------------------------------------------------------------
  // One row of 116 units a player: the name and badges; the wizards; the flasks; the hand on the
  // right. Text at 16 units or more (11 CSS px at a person's table, play.css).
  function drawPlayer(svg, player, i, view, ctx, color) {
    const el = ctx.el;
    const h = Math.min(116, (720 - 6 * (view.players.length - 1)) / view.players.length);
    const x = PANEL_X;
    const y = ORIGIN + i * (h + 6);
    const seat = player.seat;
    const moving = !view.over && view.to_move === seat;
    const g = el(svg, "g", { "data-player": seat, class: "wt-player" });
    el(g, "rect", { x: x, y: y, width: PANEL_W, height: h, rx: 10, fill: "#fff", stroke: moving ? "#4338ca" : "#e2e5eb", "stroke-width": moving ? 2.5 : 1 });
    el(g, "rect", { x: x, y: y, width: 9, height: h, rx: 4, fill: color(seat) });
    const badges = [];
    if (moving) badges.push(["to move", "#4338ca"]);
    if (player.goal_met) badges.push(["★ goal", "#b45309"]);
    if (ctx.seat === seat) badges.push(["you", "#15803d"]);
    if (player.team >= 0) badges.push([`team ${player.team + 1}`, "#6b7280"]);
    const result = (view.outcome || []).find((r) => r.seat === seat);
    if (result) badges.push([`${ordinal(result.rank + 1)} · ${result.score} pts`, "#1c2230"]);
    let bx = x + PANEL_W - 10;
    for (const [text, fill] of badges) {
      const w = text.length * 9 + 14;
      bx -= w;
      el(g, "rect", { x: bx, y: y + 8, width: w, height: 23, rx: 11, fill: fill });
      el(g, "text", { x: bx + w / 2, y: y + 25, "font-size": 16, fill: "#fff", "text-anchor": "middle", "font-weight": 600 }, text);
      bx -= 5;
    }
    // The name in what the badges leave (about 9.5 units a character).
    const who = ctx.players[seat] || {};
    const room = Math.max(8, Math.floor((bx - x - 26) / 9.5));
    const name = `${seat} · ${who.bot || who.name || "seat " + seat}`;
    const title = el(g, "text", { x: x + 18, y: y + 25, "font-size": 17, "font-weight": 700, fill: "#1c2230", class: "wt-name" },
      truncate(name, room));
    if (who.author && name.length + 4 < room) {
      el(title, "tspan", { "font-weight": 400, fill: "#6a7282", "font-size": 16, dx: 6 }, truncate(`${who.author} · v${who.version}`, room - name.length - 2));
    }
    // Wizards: home (filled), on the board (ring), imprisoned (barred).
    const wy = y + 52;
    const icons = [];
    for (let k = 0; k < player.wizards_in_keep; k++) icons.push("home");
    for (let k = 0; k < player.wizards_visible; k++) icons.push("board");
    for (let k = 0; k < player.wizards_imprisoned; k++) icons.push("prison");
    icons.forEach((kind, k) => {
      const cx = x + 28 + k * 20;
      const c = el(g, "circle", { cx: cx, cy: wy, r: 7.5, fill: kind === "board" ? "#fff" : color(seat), stroke: kind === "board" ? color(seat) : "#1c2230", "stroke-width": kind === "board" ? 2.2 : 1, opacity: kind === "prison" ? 0.45 : 1 });
      c.setAttribute("data-wizard-icon", kind);
      if (kind === "prison") {
        for (const dx of [-3, 0, 3]) el(g, "line", { x1: cx + dx, x2: cx + dx, y1: wy - 7, y2: wy + 7, stroke: "#1c2230", "stroke-width": 1 });
      }
    });
    el(g, "text", { x: x + 22 + icons.length * 20, y: wy + 6, "font-size": 16, fill: "#4b5363" },
      `${player.wizards_in_keep}/${player.wizards} home`);
    // Flasks: full, spent, empty.
    const fy = y + Math.min(76, h - 34);
    const flasks = [];
    for (let k = 0; k < player.flasks_full; k++) flasks.push("full");
    for (let k = 0; k < player.flasks_spent; k++) flasks.push("spent");
    for (let k = 0; k < player.flasks_empty; k++) flasks.push("empty");
    flasks.forEach((kind, k) => flask(g, el, x + 20 + k * 14, fy, kind));
    el(g, "text", { x: x + 28 + flasks.length * 14, y: fy + 13, "font-size": 16, fill: "#4b5363" },
      `${player.flasks_full} full · ${player.flasks_spent} spent`);
    // Hand: the cards in this seat's own view, else face down.
    const hx = x + PANEL_W - 10;
    const own = view.hand && view.seat === seat;
    if (own) {
      g.setAttribute("data-hand", "cards");
      const ch = Math.min(72, h - 42);
      view.hand.forEach((c, k) => card(g, el, hx - (view.hand.length - k) * 50, y + 38, 46, ch, c, "wt-hand-card"));
    } else {
      g.setAttribute("data-hand", "backs");
      for (let k = 0; k < player.hand_size; k++) cardBack(g, el, hx - (player.hand_size - k) * 20, y + 48, 17, 26);
    }
  }

  function ordinal(n) {
    return n + ({ 1: "st", 2: "nd", 3: "rd" }[n] || "th");
  }

  /** At a person's table (static/arena/play.js): the board element that plays `code`, as a
   * selector inside the board; codes without one (refresh, spells, passes) stay list-only. */
  function pickable(code) {
    let m = /^play:card=(\d+)$/.exec(code);
    if (m) return `[data-hand="cards"] [data-card="${m[1]}"]`;
    m = /^wizard:id=(\d+)$/.exec(code);
    if (m) return `[data-wizard="${m[1]}"]:not([data-state="keep"])`;
    m = /^tower:space=(\d+):level=(\d+)$/.exec(code);
    if (m) return `[data-space="${m[1]}"] [data-level="${m[2]}"]`;
    return null;
  }

  window.ArenaViewer.register("wandering_towers", { viewBox: "0 0 1240 760", draw: draw, pickable: pickable });
})();
