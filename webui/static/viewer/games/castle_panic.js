/* Castle Panic: Engines of War for the replay viewer (viewer.js; docs/games/castle-panic.md).
 *
 * Draws one view (spectate() or observe(seat); they show the same things, hands are public):
 * on the left the round board, six arcs clockwise from the top in their colours, the rings
 * from the Forest outside to the Castle inside, the Walls (fortified, missing, or a breached
 * Siege Tower on the line), the Towers, field equipment, every monster as a token pointing at
 * the castle with its health (an engine with its crew beneath, a Tarred one marked), the
 * encampments in the Forest, and the Keep in the middle with its Catapult and Ballista and the
 * colour they face. On the right: the turn, the decks, the Engineer, the pending offer, shot
 * or choice, the last events, and one panel per player with trophies and hand (the seat being
 * viewed is outlined). Data attributes (data-arc, data-space, data-monster, data-wall,
 * data-tower, data-equipment, data-player, data-card) let tests count what is drawn.
 */
(function () {
  "use strict";

  const CX = 390;
  const CY = 390;
  const KEEP_R = 40;
  // Ring bands by ring index (0 castle .. 4 forest): [inner, outer] radius.
  const BANDS = [[44, 118], [118, 184], [184, 250], [250, 314], [314, 376]];
  const RING_NAMES = ["Castle", "Swordsman", "Knight", "Archer", "Forest"];
  const COLOURS = { red: "#c0392b", green: "#2e8b57", blue: "#2e6fb0" };
  const TINTS = {
    red: ["#f4d6d1", "#f7e1dd", "#f9e9e6", "#fbf1ef", "#d8e2c8"],
    green: ["#d3ecdc", "#dcf0e3", "#e5f4ea", "#eef8f1", "#d8e2c8"],
    blue: ["#d4e3f3", "#dde9f5", "#e6eff8", "#eff5fb", "#d8e2c8"],
  };
  const TOKEN = {
    goblin: ["Gob", "#6a9f3a"], orc: ["Orc", "#7a7f2e"], troll: ["Trl", "#6b6f76"],
    goblin_king: ["GKg", "#7b4fa0"], orc_warlord: ["OWl", "#7b4fa0"], troll_mage: ["TMg", "#7b4fa0"],
    healer: ["Hea", "#7b4fa0"], shaman: ["Sha", "#1f8a8a"], breathtaker: ["Bth", "#2b2b33"],
    goblin_saboteur: ["Sab", "#d9822b"], siege_tower: ["ST", "#8a5a2b"], war_wagon: ["WW", "#8a5a2b"],
    battering_ram: ["BR", "#8a5a2b"], barracks: ["Bar", "#b59a6a"], forward_camp: ["FCp", "#b59a6a"],
  };
  const EQUIPMENT = { barricade: ["Barricade", "#7a4b2a"], pit: ["Pit", "#3b2f25"], spring_trap: ["Trap", "#9a7b1c"] };

  /** Angle (degrees, SVG: clockwise from +x) of a point in arc `arc` at fraction f of its width. */
  function angle(arc, f) {
    return -90 + (arc - 1 + f) * 60;
  }

  function polar(r, deg) {
    const rad = (deg * Math.PI) / 180;
    return [CX + r * Math.cos(rad), CY + r * Math.sin(rad)];
  }

  function wedge(r1, r2, a1, a2) {
    const [x1, y1] = polar(r2, a1);
    const [x2, y2] = polar(r2, a2);
    const [x3, y3] = polar(r1, a2);
    const [x4, y4] = polar(r1, a1);
    return `M${x1},${y1} A${r2},${r2} 0 0 1 ${x2},${y2} L${x3},${y3} A${r1},${r1} 0 0 0 ${x4},${y4} Z`;
  }

  function arcLine(r, a1, a2) {
    const [x1, y1] = polar(r, a1);
    const [x2, y2] = polar(r, a2);
    return `M${x1},${y1} A${r},${r} 0 0 1 ${x2},${y2}`;
  }

  function truncate(text, max) {
    text = String(text);
    return text.length > max ? text.slice(0, max - 1) + "…" : text;
  }

  function draw(svg, view, ctx) {
    const el = ctx.el;
    el(svg, "rect", { x: 0, y: 0, width: 1240, height: 780, fill: "#f6f3ea" });
    const board = el(svg, "g", { class: "cp-board" });
    el(board, "circle", { cx: CX, cy: CY, r: BANDS[4][1] + 8, fill: "#3d5a3a" });
    for (const arc of view.arcs) drawArc(board, arc, el);
    for (const item of view.field_equipment) drawEquipment(board, item, el);
    for (const arc of view.arcs) drawWallAndTower(board, arc, view, el);
    drawMonsters(board, view, el);
    drawKeep(board, view, el);
    drawPanel(svg, view, ctx);
  }

  // --- the board ------------------------------------------------------------------------------
  function drawArc(parent, arc, el) {
    const g = el(parent, "g", { "data-arc": arc.arc, class: "cp-arc" });
    const a1 = angle(arc.arc, 0);
    const a2 = angle(arc.arc, 1);
    for (let ring = 0; ring < 5; ring++) {
      const [r1, r2] = BANDS[ring];
      el(g, "path", {
        d: wedge(r1, r2, a1, a2), fill: TINTS[arc.colour][ring], stroke: "#8c7f63", "stroke-width": 0.8,
        "data-space": "CSKAF"[ring] + arc.arc,
      });
    }
    const [lx, ly] = polar(BANDS[4][1] - 12, angle(arc.arc, 0.5));
    el(g, "text", { x: lx, y: ly + 6, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: COLOURS[arc.colour] }, arc.arc);
    if (arc.arc === 1) {
      for (let ring = 1; ring < 5; ring++) {
        const [x, y] = polar((BANDS[ring][0] + BANDS[ring][1]) / 2 + 6, angle(1, 0.03));
        el(g, "text", { x: x, y: y, "font-size": 16, fill: "#8c7f63", opacity: 0.8 }, RING_NAMES[ring]);
      }
    }
  }

  function drawWallAndTower(parent, arc, view, el) {
    const a1 = angle(arc.arc, 0.06);
    const a2 = angle(arc.arc, 0.94);
    const r = BANDS[0][1];
    let state = arc.wall ? (arc.fortified ? "fortified" : "standing") : "missing";
    if (arc.breached_by >= 0) state = "breached";
    const wall = el(parent, "path", {
      d: arcLine(r, a1, a2), fill: "none",
      stroke: state === "missing" ? "#b9ad94" : state === "breached" ? "#8a5a2b" : "#5b5346",
      "stroke-width": state === "missing" ? 2 : state === "fortified" ? 11 : 7,
      "stroke-dasharray": state === "missing" ? "4 5" : null,
      "data-wall": arc.arc, "data-state": state,
    });
    if (state === "fortified") {
      el(parent, "path", { d: arcLine(r, a1, a2), fill: "none", stroke: "#d8c37a", "stroke-width": 3 });
    }
    if (state === "breached") {
      // The Siege Tower on the wall line is still a monster: it can be hit, and picked.
      const [x, y] = polar(r, angle(arc.arc, 0.5));
      const m = (view.monsters || []).find((each) => each.id === arc.breached_by);
      const g = el(parent, "g", m ? { "data-monster": m.id, "data-kind": m.kind, class: "cp-monster" } : {});
      if (m) el(g, "title", {}, `${m.title} ${m.health}/${m.max_health} on the wall line of arc ${arc.arc}`);
      el(g, "rect", { x: x - 15, y: y - 13, width: 30, height: 26, rx: 4, fill: "#8a5a2b", stroke: "#3b2a18" });
      el(g, "text", { x: x, y: y + 6, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#fff" }, "ST");
    }
    const [tx, ty] = polar(92, angle(arc.arc, 0.5));
    const tower = el(parent, "g", { "data-tower": arc.arc, "data-state": arc.tower ? "standing" : "fallen" });
    if (arc.tower) {
      el(tower, "rect", { x: tx - 8, y: ty - 12, width: 16, height: 20, fill: "#cfc4a8", stroke: "#5b5346" });
      for (const dx of [-8, -2, 4]) el(tower, "rect", { x: tx + dx, y: ty - 16, width: 4, height: 4, fill: "#cfc4a8", stroke: "#5b5346", "stroke-width": 0.6 });
    } else {
      el(tower, "path", { d: `M${tx - 8},${ty + 8} L${tx - 3},${ty - 2} L${tx + 2},${ty + 4} L${tx + 8},${ty + 8} Z`, fill: "#b9ad94", stroke: "#8c7f63" });
    }
  }

  function drawEquipment(parent, item, el) {
    const [label, fill] = EQUIPMENT[item.kind] || [item.kind, "#555"];
    const r1 = BANDS[item.ring][0];
    const [x, y] = polar(r1 + 9, angle(item.arc, 0.5));
    const g = el(parent, "g", { "data-equipment": item.kind, "data-space": item.space });
    if (item.kind === "barricade") {
      el(g, "path", { d: arcLine(r1 + 5, angle(item.arc, 0.2), angle(item.arc, 0.8)), stroke: fill, "stroke-width": 6, fill: "none", "stroke-dasharray": "6 2" });
    } else if (item.kind === "pit") {
      el(g, "ellipse", { cx: x, cy: y, rx: 13, ry: 6, fill: fill, stroke: "#1c140d" });
    } else {
      el(g, "circle", { cx: x, cy: y, r: 7, fill: "none", stroke: fill, "stroke-width": 2.5 });
      el(g, "circle", { cx: x, cy: y, r: 3, fill: fill });
    }
    el(g, "title", {}, `${label} in ${item.space}`);
  }

  function drawMonsters(parent, view, el) {
    const bySpace = {};
    for (const m of view.monsters) {
      if (m.breached) continue;  // drawn on its wall line
      (bySpace[m.space] = bySpace[m.space] || []).push(m);
    }
    for (const space of Object.keys(bySpace)) {
      const list = bySpace[space];
      const rows = list.length > 3 ? 2 : 1;
      const perRow = Math.ceil(list.length / rows);
      list.forEach((m, i) => {
        const row = Math.floor(i / perRow);
        const col = i % perRow;
        const [r1, r2] = BANDS[m.ring];
        const radius = rows === 1 ? (r1 + r2) / 2 : r1 + (r2 - r1) * (row === 0 ? 0.3 : 0.72);
        const f = m.category === "encampment" && m.kind === "forward_camp" ? (m.arc % 2 ? 1 : 0) : (col + 1) / (perRow + 1);
        drawToken(parent, m, radius, angle(m.arc, f), rows * perRow > 4 ? 17 : 19, el);
      });
    }
  }

  function drawToken(parent, m, radius, deg, size, el) {
    const [x, y] = polar(radius, deg);
    const [label, fill] = TOKEN[m.kind] || [m.kind.slice(0, 3), "#555"];
    const g = el(parent, "g", { "data-monster": m.id, "data-kind": m.kind, class: "cp-monster" });
    el(g, "title", {}, `${m.title} ${m.health}/${m.max_health} in ${m.space}` +
      (m.crew.length ? ` with ${m.crew.length} crew` : "") + (m.tarred ? " (Tarred)" : ""));
    if (m.category === "encampment") {
      el(g, "path", { d: `M${x - size},${y + size * 0.7} L${x},${y - size} L${x + size},${y + size * 0.7} Z`, fill: fill, stroke: "#4a3b22" });
    } else {
      // The highest corner points at the castle: a small triangle on the side facing it.
      const ux = (CX - x) / radius;
      const uy = (CY - y) / radius;
      const tip = [x + ux * (size + 7), y + uy * (size + 7)];
      const base = [x + ux * (size - 2), y + uy * (size - 2)];
      el(g, "path", {
        d: `M${tip[0]},${tip[1]} L${base[0] - uy * 5},${base[1] + ux * 5} L${base[0] + uy * 5},${base[1] - ux * 5} Z`,
        fill: fill, "data-facing": "castle",
      });
      el(g, "circle", { cx: x, cy: y, r: size, fill: fill, stroke: m.tarred ? "#111" : "#fff", "stroke-width": m.tarred ? 3 : 1.2 });
    }
    // The kind in 16 units (11 CSS px at a person's table); the health as pips under it, filled
    // for what is left (the numbers are in the tooltip).
    el(g, "text", { x: x, y: y + 3, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#fff" }, label);
    const pips = Math.min(m.max_health, 6);
    for (let k = 0; k < pips; k++) {
      el(g, "circle", { cx: x - (pips - 1) * 2.9 + k * 5.8, cy: y + size * 0.58, r: 2.2,
        fill: k < m.health ? "#fff" : "none", stroke: "#fff", "stroke-width": 0.8 });
    }
    m.crew.forEach((c, k) => {
      const cx = x - (m.crew.length - 1) * 6 + k * 12;
      el(g, "circle", { cx: cx, cy: y + size + 5, r: 5.5, fill: "#7a7f2e", stroke: "#fff", "stroke-width": 0.8, "data-crew": c.id });
    });
    if (m.tarred) el(g, "circle", { cx: x + size * 0.8, cy: y - size * 0.8, r: 4, fill: "#111" });
  }

  function drawKeep(parent, view, el) {
    const keep = view.keep;
    const g = el(parent, "g", { "data-keep": keep.standing ? "standing" : "destroyed" });
    el(g, "circle", { cx: CX, cy: CY, r: KEEP_R, fill: keep.standing ? "#b8ab8c" : "#e4dccb", stroke: "#5b5346", "stroke-width": 2, "stroke-dasharray": keep.standing ? null : "3 3" });
    el(g, "text", { x: CX, y: CY - 10, "text-anchor": "middle", "font-size": 16, fill: "#3d3628" }, keep.standing ? "Keep" : "(Keep)");
    if (keep.facing && (keep.catapult || keep.ballista)) {
      const arcs = { red: 1, green: 3, blue: 5 }[keep.facing];
      const deg = angle(arcs, 1);
      const [x1, y1] = polar(KEEP_R - 4, deg);
      const [x2, y2] = polar(BANDS[0][0] + 26, deg);
      el(g, "line", { x1: x1, y1: y1, x2: x2, y2: y2, stroke: COLOURS[keep.facing], "stroke-width": 4, "data-facing": keep.facing });
      el(g, "circle", { cx: x2, cy: y2, r: 4, fill: COLOURS[keep.facing] });
    }
    const weapons = [keep.catapult ? "Cat" : "", keep.ballista ? "Bal" : ""].filter(Boolean);
    weapons.forEach((w, i) => {
      const wx = CX - 17 * weapons.length + i * 34;
      el(g, "rect", { x: wx, y: CY - 2, width: 32, height: 21, rx: 3, fill: "#5b5346", "data-weapon": w === "Cat" ? "catapult" : "ballista" });
      el(g, "text", { x: wx + 16, y: CY + 14, "text-anchor": "middle", "font-size": 16, fill: "#fff" }, w);
    });
  }

  // --- the side panel ---------------------------------------------------------------------------
  // Text at 16 units or more (11 CSS px at a person's table, play.css).
  const PANEL_X = 790;
  const PANEL_W = 440;
  const HEIGHT = 780;

  function drawPanel(svg, view, ctx) {
    const el = ctx.el;
    const x = PANEL_X;
    let y = 32;
    const g = el(svg, "g", { class: "cp-panel" });
    const status = view.over
      ? (view.team_won ? "The team wins!" : `The castle falls (${view.end_reason})`)
      : `Turn ${view.turn} · seat ${view.active} · phase ${view.phase} (${view.step})`;
    el(g, "text", { x: x, y: y, "font-size": 20, "font-weight": 700, fill: "#2a2a2a" }, truncate(status, 38));
    y += 26;
    const line = (attrs, text, max) => {
      el(g, "text", Object.assign({ x: x, y: y, "font-size": 16, fill: "#555" }, attrs), truncate(text, max || 48));
      y += 21;
    };
    line({}, `Towers ${view.towers_standing}/6 · monsters ${view.monsters_counted} · pile ${view.monster_pile_size}` +
      (view.pending_draws ? ` (${view.pending_draws} to draw)` : ""));
    line({}, `Castle deck ${view.castle_deck_size} (discard ${view.castle_discard.length}) · banished ${view.banished.length}`);
    line({}, `Resources ${view.resource_deck_size} (discard ${view.resource_discard.length})`);
    const eng = view.engineer;
    const needs = eng.needed.map((n) => `${n.count} ${n.resource}`).join(", ");
    line({}, "Engineer: " + (eng.task ? `${eng.task.replace("_", " ")} (${eng.assigned.length} assigned, needs ${needs || "-"})` : "no task"));
    const pending = [];
    if (view.offer) pending.push(`Offer to seat ${view.offer.partner}: ${view.offer.give.title} for ${view.offer.take.title}`);
    if (view.fire) pending.push(`Loading the ${view.fire.weapon} at ${view.fire.space}`);
    if (view.choice) pending.push(`Seat ${view.choice.seat} chooses: ${view.choice.reason}${view.choice.space ? " at " + view.choice.space : ""}`);
    for (const text of pending) line({ "font-weight": 700, fill: "#a0522d" }, text, 42);
    // The last events, as many as the players leave room for (three at most).
    const players = view.players.length;
    const rows = Math.max(0, Math.min(3, Math.floor((HEIGHT - 8 - y - players * 96) / 19)));
    for (const text of rows ? view.log.slice(-rows) : []) line({ "font-size": 16, fill: "#777" }, text, 48);
    y += 2;
    const h = Math.min(96, Math.floor((HEIGHT - 8 - y) / players) - 6);
    view.players.forEach((player) => { drawPlayer(g, player, x, y, h, view, ctx); y += h + 6; });
  }

  /** A card's name in a hand: its colour is the card's, so "Red Archer" reads "Archer". */
  function cardName(title) {
    return title.replace(/^(Red|Green|Blue|Any Color) /, "");
  }

  function drawPlayer(parent, player, x, y, h, view, ctx) {
    const el = ctx.el;
    const seat = player.seat;
    const colour = ctx.colors[seat % ctx.colors.length];
    const g = el(parent, "g", { "data-player": seat });
    const mine = ctx.seat === seat;
    el(g, "rect", { x: x, y: y, width: PANEL_W, height: h, rx: 8, fill: "#fff", stroke: mine ? colour : "#d8d2c2", "stroke-width": mine ? 3 : 1 });
    el(g, "circle", { cx: x + 14, cy: y + 17, r: 7, fill: colour });
    const score = `${player.points} pts · ${player.trophies.length} trophies`;
    el(g, "text", { x: x + PANEL_W - 10, y: y + 23, "text-anchor": "end", "font-size": 16, fill: "#555" }, score);
    const name = ((ctx.players || [])[seat] || {}).name || `seat ${seat}`;
    const active = seat === view.active ? " ◀" : "";
    const room = Math.max(6, Math.floor((PANEL_W - 40 - score.length * 8.8) / 10) - active.length);
    el(g, "text", { x: x + 27, y: y + 23, "font-size": 17, "font-weight": 700, fill: "#2a2a2a" }, truncate(name, room) + active);
    // The hand as chips in rows, each as wide as its name.
    const cardH = Math.max(22, Math.min(28, (h - 36) / 2 - 3));
    let cx = x + 10;
    let cy = y + 32;
    player.hand.forEach((c) => {
      const label = cardName(c.title);
      const w = Math.round(label.length * 9.4 + 14);
      if (cx + w > x + PANEL_W - 8) { cx = x + 10; cy += cardH + 4; }
      const fill = c.deck === "resource" ? "#e9dcc0" : c.colour && COLOURS[c.colour] ? COLOURS[c.colour] : c.colour === "any" ? "#6b5b95" : "#4a4a4a";
      const cg = el(g, "g", { "data-card": c.id });
      el(cg, "rect", { x: cx, y: cy, width: w, height: cardH, rx: 4, fill: fill, stroke: "#2a2a2a", "stroke-width": 0.6 });
      el(cg, "text", { x: cx + w / 2, y: cy + cardH / 2 + 5.5, "text-anchor": "middle", "font-size": 16, fill: c.deck === "resource" ? "#3d3628" : "#fff" }, label);
      el(cg, "title", {}, c.title);
      cx += w + 4;
    });
  }

  // --- at a person's table (static/arena/play.js, docs/viewer.md) -----------------------------
  const ACTION_CARD = { barbarian: "barbarian", tar: "tar", drive_back: "drive_him_back", fortify: "fortify_wall", missing: "missing", draw_2: "draw_2_cards", scavenge: "scavenge" };

  /** The board elements that play `code` in `view` (the seat's own), one selector per click:
   * a card in the own hand, then the monster, wall or space it is played at. Codes with
   * nothing drawn to click (draws, passes, tasks, turning the Keep) stay list-only. */
  function pickable(code, view) {
    const seat = view && view.seat !== undefined ? view.seat : -1;
    const hand = (id) => `[data-player="${seat}"] [data-card="${id}"]`;
    const monster = (id) => `[data-monster="${id}"], [data-crew="${id}"]`;
    const kindCard = (kind) => {
      const me = (view.players || []).find((p) => p.seat === seat);
      const card = me && me.hand.find((c) => c.kind === kind);
      return card ? hand(card.id) : null;
    };
    const p = {};
    const [head, ...parts] = code.split(":");
    for (const part of parts) { const [k, v] = part.split("="); p[k] = v; }
    const two = (first, second) => (first && second ? [first, second] : null);
    switch (head) {
      case "hit": return two(hand(p.card), monster(p.monster));
      case "nice_shot": { const card = kindCard("nice_shot"); return card ? [card, hand(p.card), monster(p.monster)] : null; }
      case "barbarian": case "tar": case "drive_back": return two(kindCard(ACTION_CARD[head]), monster(p.monster));
      case "fortify": return two(kindCard("fortify_wall"), `[data-wall="${p.arc}"]`);
      case "missing": case "draw_2": case "scavenge": return kindCard(ACTION_CARD[head]);
      case "discard": case "assign": case "ammo": return p.card !== undefined ? hand(p.card) : null;
      case "trade": return p.seat !== undefined ? [hand(p.give), `[data-player="${p.seat}"] [data-card="${p.take}"]`] : null;
      case "pick": return monster(p.monster);
      case "place": return p.arc !== undefined ? `[data-wall="${p.arc}"]` : `[data-arc] [data-space="${p.space}"]`;
      case "fire": return p.weapon === "catapult" ? ['[data-weapon="catapult"]', `[data-arc] [data-space="${p.space}"]`]
        : p.weapon === "ballista" ? ['[data-weapon="ballista"]', monster(p.monster)] : null;
      default: return null;
    }
  }

  window.ArenaViewer.register("castle_panic", { viewBox: "0 0 1240 780", draw: draw, pickable: pickable });
})();
