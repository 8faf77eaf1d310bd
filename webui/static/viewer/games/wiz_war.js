/* Wiz-War: Bestial Forces for the replay viewer (docs/viewer.md, docs/games/wiz-war.md).
 *
 * Draws one view (spectate() or observe(seat)): the 10x10 labyrinth tinted by sector, with
 * walls (cracks shown), doors in their colours (dashed while held open, crossed when sealed),
 * walls of fire, the wrap openings as gaps in the frame, home bases, treasures, created
 * objects and Totems, items on the floor, wizards and creatures with their life; on the right
 * one panel per wizard, the spells in play, what is being cast, the last events, and the hand
 * when viewing as a seat. Data attributes (data-square, data-wall, data-door, data-wizard,
 * data-creature, data-treasure, data-object, data-item, data-player, data-card) let tests
 * count what is drawn.
 */
(function () {
  "use strict";

  const CELL = 66;
  const X0 = 24;
  const Y0 = 44;
  const PANEL_X = 712;
  const PANEL_W = 508;
  const HEIGHT = 760;
  let COLOURS = {}; // the wizards' colours, from the page (webui/colours.py): see draw()
  const TINTS = ["#e3e9f6", "#f6e3e2", "#e2f1e4", "#f7f0d9"]; // sectors: blue, red, green, yellow
  const SECTOR_OF = (sq) => {
    const r = Math.floor(sq / 10), c = sq % 10;
    if (r < 5) return c < 5 ? 0 : 1;
    return c < 5 ? 3 : 2;
  };
  const CREATURE_MARK = {
    minotaur: "Mi", genie: "Ge", boggart: "Bo", grendel: "Gr", dragon: "Dr",
    totem_spirit: "Ts", homunculus: "Ho",
  };
  const OBJECT_FILL = {
    stone_block: "#7b7f87", rosebush: "#c45b7a", thornbush: "#5d7a3a", dust_cloud: "#b9b4a8",
    tacks: "#8a6d3b", totem: "#7a4f2a", booby: "#444",
  };

  function xy(sq) {
    return [X0 + (sq % 10) * CELL, Y0 + Math.floor(sq / 10) * CELL];
  }

  function truncate(text, max) {
    text = String(text);
    return text.length > max ? text.slice(0, max - 1) + "…" : text;
  }

  /** Words in lines of at most `width` characters (a word longer than that gets its own). */
  function wrap(text, width) {
    const lines = [];
    for (const word of String(text).split(/\s+/)) {
      const last = lines.length - 1;
      if (last >= 0 && (lines[last] + " " + word).length <= width) lines[last] += " " + word;
      else lines.push(word);
    }
    return lines;
  }

  function colourOf(view, seat) {
    const p = view.players[seat];
    return p ? COLOURS[p.colour] || "#888" : "#888";
  }

  function draw(svg, view, ctx) {
    COLOURS = ctx.pieceColors || COLOURS;
    const el = ctx.el;
    el(svg, "rect", { x: 0, y: 0, width: 1240, height: 760, fill: "#f6f3ea" });
    header(svg, view, el);
    // Each part in its own group: the viewer keeps the board from move to move and reuses
    // elements by position (docs/viewer.md), so a wall more does not shift the figures.
    const board = el(svg, "g", { class: "ww-board" });
    squares(board, view, el);
    edges(el(board, "g", {}), view, el);
    frame(el(board, "g", {}), el);
    markers(el(board, "g", {}), view, el);
    figures(el(board, "g", {}), view, el);
    panel(el(svg, "g", {}), view, ctx);
  }

  function header(svg, view, el) {
    let text;
    if (view.over) {
      const w = view.winner;
      text = w >= 0 ? `Game over (${view.end_reason}): ${view.players[w].colour} wins`
        : `Game over (${view.end_reason}): a draw`;
    } else {
      const active = view.players[view.active].colour;
      const mover = view.to_move >= 0 ? view.players[view.to_move].colour : "-";
      text = `Round ${view.round}/${view.round_limit} · ${active}'s turn · ${view.phase.replace(/_/g, " ")} · ${mover} decides`;
    }
    el(svg, "text", { x: X0, y: 30, "font-size": 20, "font-weight": 700, fill: "#2a2a2a" }, text);
  }

  // --- the labyrinth -------------------------------------------------------------------------
  function squares(parent, view, el) {
    const homes = {};
    view.players.forEach((p) => { homes[p.home] = p.colour; });
    for (let sq = 0; sq < 100; sq++) {
      const [x, y] = xy(sq);
      const g = el(parent, "g", { "data-square": sq });
      el(g, "rect", { x: x, y: y, width: CELL, height: CELL, fill: TINTS[SECTOR_OF(sq)], stroke: "#d5cfbf", "stroke-width": 0.6 });
      if (homes[sq] !== undefined) {
        el(g, "circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.42, fill: "none", stroke: COLOURS[homes[sq]], "stroke-width": 3, "stroke-dasharray": "4 3", "data-home": homes[sq] });
      }
    }
  }

  function edgeLine(e) {
    // e.a < e.b: east side when they share a row, else south side.
    const [x, y] = xy(e.a);
    if (e.b === e.a + 1) return [x + CELL, y, x + CELL, y + CELL];
    return [x, y + CELL, x + CELL, y + CELL];
  }

  function edges(parent, view, el) {
    // Every side of every square, unseen: a spell may target an open edge (a wall to raise),
    // and the table marks these lines then (they take no clicks unless marked, play.css).
    for (let sq = 0; sq < 100; sq++) {
      const [x, y] = xy(sq);
      const name = `r${Math.floor(sq / 10)}c${sq % 10}`;
      for (const [side, line] of [["e", [x + CELL, y, x + CELL, y + CELL]], ["s", [x, y + CELL, x + CELL, y + CELL]]]) {
        el(parent, "line", {
          x1: line[0], y1: line[1], x2: line[2], y2: line[3], stroke: "transparent", "stroke-width": 10,
          "pointer-events": "none", "data-edge": name + side,
        });
      }
    }
    for (const w of view.walls) {
      const [x1, y1, x2, y2] = edgeLine(w);
      el(parent, "line", {
        x1: x1, y1: y1, x2: x2, y2: y2, stroke: w.created ? "#5b4a3a" : "#2b2b2b",
        "stroke-width": 6, "stroke-linecap": "round", "data-wall": w.edge, "data-cracks": w.cracks,
      });
      for (let i = 0; i < w.cracks; i++) {
        const t = (i + 1) / (w.cracks + 1);
        const cx = x1 + (x2 - x1) * t, cy = y1 + (y2 - y1) * t;
        el(parent, "line", { x1: cx - 3, y1: cy - 3, x2: cx + 3, y2: cy + 3, stroke: "#f6f3ea", "stroke-width": 1.5 });
      }
    }
    for (const f of view.fire_walls) {
      const [x1, y1, x2, y2] = edgeLine(f);
      el(parent, "line", { x1: x1, y1: y1, x2: x2, y2: y2, stroke: "#ff7a1a", "stroke-width": 5, "stroke-dasharray": "5 3", "data-fire": f.edge });
    }
    for (const d of view.doors) {
      const [x1, y1, x2, y2] = edgeLine(d);
      const g = el(parent, "g", { "data-door": d.edge, "data-state": d.sealed ? "sealed" : d.held_by >= 0 ? "held" : "closed" });
      el(g, "line", {
        x1: x1, y1: y1, x2: x2, y2: y2, stroke: COLOURS[d.colour] || "#888", "stroke-width": 7,
        "stroke-dasharray": d.held_by >= 0 ? "6 6" : null,
      });
      if (d.sealed) {
        const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
        el(g, "path", { d: `M${mx - 6},${my - 6} L${mx + 6},${my + 6} M${mx + 6},${my - 6} L${mx - 6},${my + 6}`, stroke: "#111", "stroke-width": 2 });
      }
    }
  }

  function frame(parent, el) {
    // The outer wall, broken at the wrap openings (columns 2 and 7, rows 2 and 7).
    const gaps = [2, 7];
    const side = 10 * CELL;
    for (let i = 0; i < 10; i++) {
      const open = gaps.includes(i);
      const a = X0 + i * CELL;
      const b = Y0 + i * CELL;
      const attrs = { stroke: "#2b2b2b", "stroke-width": 6, "stroke-linecap": "square" };
      if (!open) {
        el(parent, "line", Object.assign({ x1: a, y1: Y0, x2: a + CELL, y2: Y0 }, attrs));
        el(parent, "line", Object.assign({ x1: a, y1: Y0 + side, x2: a + CELL, y2: Y0 + side }, attrs));
        el(parent, "line", Object.assign({ x1: X0, y1: b, x2: X0, y2: b + CELL }, attrs));
        el(parent, "line", Object.assign({ x1: X0 + side, y1: b, x2: X0 + side, y2: b + CELL }, attrs));
      }
    }
  }

  function markers(parent, view, el) {
    for (const o of view.objects) {
      const [x, y] = xy(o.square);
      const g = el(parent, "g", { "data-object": o.kind, "data-id": o.id });
      const fill = OBJECT_FILL[o.kind] || "#999";
      if (o.kind === "stone_block") {
        el(g, "rect", { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, fill: fill, stroke: "#333" });
      } else if (o.kind === "dust_cloud") {
        el(g, "ellipse", { cx: x + CELL / 2, cy: y + CELL / 2, rx: CELL * 0.45, ry: CELL * 0.3, fill: fill, opacity: 0.8, "pointer-events": "none" });
      } else if (o.kind === "totem") {
        el(g, "rect", { x: x + 4, y: y + 6, width: 18, height: CELL - 12, rx: 3, fill: fill, stroke: colourOf(view, o.owner), "stroke-width": 2 });
        el(g, "text", { x: x + 13, y: y + CELL - 12, "font-size": 16, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }, "T");
      } else if (o.kind === "booby") {
        el(g, "circle", { cx: x + CELL - 13, cy: y + CELL - 13, r: 11, fill: o.live ? "#b3261e" : fill });
        el(g, "text", { x: x + CELL - 13, y: y + CELL - 7.5, "font-size": 16, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }, "?");
      } else {
        el(g, "circle", { cx: x + CELL - 14, cy: y + 14, r: 9, fill: fill, stroke: "#333", "stroke-width": 0.8 });
      }
      el(g, "title", {}, o.name);
    }
    for (const item of view.floor_items) {
      const [x, y] = xy(item.square);
      const g = el(parent, "g", { "data-item": item.card.id });
      el(g, "rect", { x: x + 3, y: y + CELL - 22, width: 17, height: 19, rx: 3, fill: "#fffaf0", stroke: "#7a6a4a" });
      el(g, "text", { x: x + 11.5, y: y + CELL - 7, "font-size": 16, "font-weight": 700, "text-anchor": "middle", fill: "#7a6a4a" }, "i");
      el(g, "title", {}, item.card.title);
    }
    view.treasures.forEach((t) => {
      if (t.scored || t.square < 0) return;
      const [x, y] = xy(t.square);
      const cx = x + 14 + (t.id % 2) * 6, cy = y + CELL - 14;
      el(parent, "path", {
        d: `M${cx},${cy - 8} L${cx + 7},${cy} L${cx},${cy + 8} L${cx - 7},${cy} Z`,
        fill: colourOf(view, t.owner), stroke: "#222", "stroke-width": 1, "data-treasure": t.id,
        "data-state": t.glued ? "glued" : "loose",
      });
    });
  }

  function figures(parent, view, el) {
    // Up to four figures a square, two a row; every number on them at 16 units or more, which
    // a person's table shows at 11 CSS px (play.css).
    const crowd = {};
    const slot = (sq) => { crowd[sq] = (crowd[sq] || 0) + 1; return crowd[sq] - 1; };
    const place = (sq) => {
      const [x, y] = xy(sq);
      const k = slot(sq);
      return [x + 17 + (k % 2) * 32, y + 24 + Math.floor(k / 2) * 27];
    };
    for (const p of view.players) {
      if (!p.alive) continue;
      const [cx, cy] = place(p.square);
      const g = el(parent, "g", { "data-wizard": p.seat, "data-state": p.stunned ? "stunned" : "ready" });
      el(g, "path", { d: `M${cx - 8},${cy - 9} L${cx},${cy - 23} L${cx + 8},${cy - 9} Z`, fill: COLOURS[p.colour], stroke: "#111", "stroke-width": 1 });
      el(g, "circle", { cx: cx, cy: cy, r: 14, fill: COLOURS[p.colour], stroke: "#111", "stroke-width": p.seat === view.active ? 2.5 : 1 });
      el(g, "text", { x: cx, y: cy + 6, "font-size": 16, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }, p.life);
      if (p.treasure >= 0) {
        const owner = view.treasures[p.treasure].owner;
        el(g, "path", { d: `M${cx + 13},${cy - 6} l6,6 l-6,6 l-6,-6 Z`, fill: colourOf(view, owner), stroke: "#222", "data-carried": p.treasure });
      }
    }
    for (const c of view.creatures) {
      const [cx, cy] = place(c.square);
      const g = el(parent, "g", { "data-creature": c.name, "data-state": c.stunned ? "stunned" : "ready" });
      el(g, "rect", { x: cx - 15, y: cy - 14, width: 30, height: 26, rx: 4, fill: colourOf(view, c.controller), stroke: "#111", "stroke-width": c.name === view.activation.creature ? 2.5 : 1 });
      el(g, "text", { x: cx, y: cy + 5, "font-size": 16, "font-weight": 700, fill: "#fff", "text-anchor": "middle" }, CREATURE_MARK[c.name] || "?");
      // Life as pips under the mark: a number would not fit beside it at a readable size.
      const pips = Math.min(c.life, 8);
      for (let i = 0; i < pips; i++) {
        el(g, "circle", { cx: cx - (pips - 1) * 2.5 + i * 5, cy: cy + 9, r: 1.8, fill: "#fff" });
      }
      el(g, "title", {}, `${c.title}: life ${c.life}, speed ${c.base_speed}${c.form ? ", " + c.form.replace(/_/g, " ") : ""}`);
    }
  }

  // --- the panel -----------------------------------------------------------------------------
  // Text at 16 units or more (11 CSS px at a person's table); what does not fit in the height
  // left is cut from the end: the wizards, what is being cast and the hand first, then the
  // spells in play, then the last events.
  function panel(svg, view, ctx) {
    const el = ctx.el;
    const x = PANEL_X;
    let y = 44;
    view.players.forEach((p) => {
      const g = el(svg, "g", { "data-player": p.seat });
      el(g, "rect", { x: x, y: y, width: PANEL_W, height: 72, rx: 8, fill: "#fffdf6", stroke: COLOURS[p.colour], "stroke-width": p.seat === view.active ? 3 : 1.5 });
      const name = ctx.players && ctx.players[p.seat] ? ctx.players[p.seat].name : `seat ${p.seat}`;
      el(g, "text", { x: x + 10, y: y + 21, "font-size": 17, "font-weight": 700, fill: COLOURS[p.colour] }, truncate(`${p.colour} · ${name}`, 42));
      const status = p.alive
        ? `life ${p.life} · VP ${p.vp} · hand ${p.hand_size} (${p.hand_total}/${p.max_hand}) · MP ${p.mp}${p.stun_tokens ? " · stun " + p.stun_tokens : ""}${p.form ? " · " + p.form.replace(/_/g, " ") : ""}`
        : `out · VP ${p.vp}`;
      el(g, "text", { x: x + 10, y: y + 43, "font-size": 16, fill: "#333" }, truncate(status, 52));
      const items = p.items.map((c) => c.title).join(", ");
      const carry = p.treasure >= 0 ? `treasure of ${view.players[view.treasures[p.treasure].owner].colour}` : "";
      el(g, "text", { x: x + 10, y: y + 64, "font-size": 16, fill: "#555" }, truncate([carry, items].filter(Boolean).join(" · ") || "carries nothing", 52));
      y += 78;
    });
    y += 4;
    const line = (attrs, text) => {
      if (y > HEIGHT - 6) return;
      el(svg, "text", Object.assign({ x: x, y: y + 16, "font-size": 16 }, attrs), text);
      y += 21;
    };
    for (const c of view.casting) {
      const state = c.canceled ? " (cancelled)" : "";
      line({ fill: "#7a2e8a", "data-cast": c.id }, truncate(`Casting: ${c.card.title} by ${c.actor}${c.targets.length ? " at " + c.targets.join(", ") : ""}${state}`, 54));
    }
    if (view.hand.length) {
      y += 4;
      line({ "font-weight": 700, fill: "#333" }, "Hand");
      view.hand.forEach((card, i) => {
        // The whole name, on up to two lines of 13 characters (no title has a longer word).
        const lines = wrap(card.title, 13).slice(0, 3);
        const cx = x + (i % 4) * 127, cy = y + Math.floor(i / 4) * 74;
        const g = el(svg, "g", { "data-card": card.id, "data-title": card.title });
        el(g, "rect", { x: cx, y: cy, width: 123, height: 68, rx: 5, fill: "#fff", stroke: "#8b7a55" });
        const title = el(g, "text", { class: "card-title", x: cx + 6, y: cy + 19, "font-size": 16, "font-weight": 600, fill: "#333" });
        lines.forEach((text, n) => el(title, "tspan", { x: cx + 6, dy: n ? 19 : 0 }, text));
        el(g, "text", { x: cx + 6, y: cy + 61, "font-size": 16, fill: "#777" }, `${card.kind === "creature_attack" ? "creature" : card.kind}${card.ev ? " EV " + card.ev : ""}`);
      });
      y += Math.ceil(view.hand.length / 4) * 74 + 4;
    }
    if (view.spells.length) {
      y += 4;
      line({ "font-weight": 700, fill: "#333" }, "In play");
      for (const sp of view.spells.slice(0, 8)) {
        const who = view.players[sp.caster].colour;
        const on = sp.target ? ` → ${sp.target}` : "";
        const tokens = sp.tokens ? ` (${sp.tokens})` : "";
        line({ x: x + 8, fill: COLOURS[who], "data-spell": sp.card.id }, truncate(`${sp.card.title}${on}${tokens}`, 52));
      }
    }
    y += 6;
    for (const text of view.log.slice(-6)) line({ fill: "#555" }, truncate(text, 54));
  }

  // --- at a person's table (static/arena/play.js, docs/viewer.md) -----------------------------
  const STEP = { n: [-1, 0], e: [0, 1], s: [1, 0], w: [0, -1] };

  /** The square `sq` + one step `dir` (through a wrap opening the other side). */
  function stepTo(sq, dir) {
    const [dr, dc] = STEP[dir];
    const r = (Math.floor(sq / 10) + dr + 10) % 10, c = (sq % 10 + dc + 10) % 10;
    return r * 10 + c;
  }

  /** What a token names on the board (`w1`, `r2c3`, `r2c3e`, `o7`, `t3`, `item45`, `spell45`,
   * a creature's name), as a selector, or null (a sector colour, `all`: list only). */
  function token(text, view) {
    let m;
    if ((m = /^w(\d+)$/.exec(text))) return `[data-wizard="${m[1]}"]`;
    if ((m = /^r(\d)c(\d)$/.exec(text))) return `[data-square="${Number(m[1]) * 10 + Number(m[2])}"]`;
    if (/^r\dc\d[es]$/.test(text)) {
      // The door, wall or fire drawn there, else the open edge itself.
      const on = (list) => (list || []).some((e) => e.edge === text);
      if (on(view.doors) || on(view.walls) || on(view.fire_walls)) {
        return `[data-door="${text}"], [data-wall="${text}"], [data-fire="${text}"]`;
      }
      return `[data-edge="${text}"]`;
    }
    if ((m = /^o(\d+)$/.exec(text))) return `[data-object][data-id="${m[1]}"]`;
    if ((m = /^t(\d+)$/.exec(text))) return `[data-treasure="${m[1]}"]`;
    if ((m = /^item(\d+)$/.exec(text))) return `[data-item="${m[1]}"]`;
    if ((m = /^spell(\d+)$/.exec(text))) return `[data-spell="${m[1]}"]`;
    if ((view.creatures || []).some((c) => c.name === text)) return `[data-creature="${text}"]`;
    return null;
  }

  /** The board element that plays `code` in the seat's `view`: the square a step reaches, the
   * wizard, creature, square, door or spell a target names, a card in the hand. Everything
   * else (passes, draws, directions, ending the phase) stays list-only. */
  function pickable(code, view) {
    if (!view || !view.players) return null;
    let m = /^step:([nesw])$/.exec(code);
    if (m) {
      const active = view.activation && view.activation.creature;
      const mover = active ? (view.creatures || []).find((c) => c.name === active) : view.players[view.seat];
      return mover && mover.square >= 0 ? `[data-square="${stepTo(mover.square, m[1])}"]` : null;
    }
    m = /^(cast|play|boost|discard|counter):card=(\d+)(?::mode=\w+)?$/.exec(code);
    if (m) return (view.hand || []).some((c) => String(c.id) === m[2]) ? `[data-card="${m[2]}"][data-title]` : null;
    m = /^end_spell:card=(\d+)$/.exec(code);
    if (m) return `[data-spell="${m[1]}"]`;
    m = /^(?:target|pickup|activate|hold|retrieve):(\w+)$/.exec(code);
    if (m) return token(m[1], view);
    m = /^place:(r\dc\d)$/.exec(code);
    if (m) return token(m[1], view);
    return null;
  }

  window.ArenaViewer.register("wiz_war", { viewBox: "0 0 1240 760", draw: draw, pickable: pickable });
})();
