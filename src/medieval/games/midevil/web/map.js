// @ts-check
/**
 * MidEvil's map: the laid tiles as an SVG grid of squares (terrain, walls, doors), the tokens on them
 * (skeletons by colour and letter, Humans, pawns with their seat number, the Necronomicon), and the
 * controls the board gives it (legal squares, tile placements). It pans (drag, arrow buttons, arrow
 * keys) and zooms (wheel, pinch, + and - buttons or keys, "fit"); the squares' coordinates, as the
 * notation writes them, run along its top and left edges whatever part of the map is in sight.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "medieval/lib/html.js";
import { control } from "medieval/components/card.js";

/** The side of a square in SVG units. */
export const S = 40;
const BAND = 18; // px: the coordinate bands along the top and left edges
const COLOURS = /** @type {const} */ ({ white: "W", red: "R", blue: "B" });
const TERRAIN = /** @type {Record<string, string>} */ ({
  ".": "grass", R: "road", T: "tree", "~": "water", "=": "bridge", "#": "floor", F: "furnace", A: "altar", C: "graveyard",
});

/**
 * @typedef {{x: number, y: number, action?: string, select?: string, label: string, onClick: () => void,
 *   kind: string, selected?: boolean}} Target a square the board makes clickable
 * @typedef {{x: number, y: number, layout: any, action: string, label: string, onClick: () => void}} Ghost
 *   a legal place for the drawn tile (x, y: its north-west square)
 */

/** The terrain, walls and doors of a block of squares whose north-west square is `left, top`; the walls
 * and doors are given in the block's own squares, or in the map's (`absolute`: the map view's).
 * @param {{rows: string[], walls: any[], doors: any[]}} m @param {number} left @param {number} top @param {string} cls
 * @param {boolean} absolute */
export function Squares(m, left, top, cls = "", absolute = false) {
  const cells = [];
  m.rows.forEach((row, j) => {
    for (let i = 0; i < row.length; i++) {
      const ch = row[i];
      if (ch === " ") continue;
      const x = (left + i) * S, y = (top + j) * S, t = TERRAIN[ch] ?? "grass";
      cells.push(html`<rect x=${x} y=${y} width=${S} height=${S} class=${`sq t-${t}`} />`);
      if (ch === "T") cells.push(html`<g class="tree" aria-hidden="true"><circle cx=${x + S / 2} cy=${y + S / 2 - 3} r=${S * 0.3} /><rect x=${x + S / 2 - 2.5} y=${y + S / 2 + 6} width="5" height="10" class="trunk" /></g>`);
      else if (ch === "~") cells.push(html`<path d=${`M${x + 5} ${y + 15}q7 -6 15 0t15 0M${x + 5} ${y + 27}q7 -6 15 0t15 0`} class="wave" />`);
      else if (ch === "=") cells.push(html`<path d=${`M${x + 4} ${y}v${S}M${x + S - 4} ${y}v${S}M${x + 4} ${y + 10}h${S - 8}M${x + 4} ${y + 20}h${S - 8}M${x + 4} ${y + 30}h${S - 8}`} class="planks" />`);
      else if (ch === "R") cells.push(html`<circle cx=${x + S / 2} cy=${y + S / 2} r="3" class="road-dot" />`);
      else if (ch === "F") cells.push(html`<path d=${`M${x + 20} ${y + 8}c8 8 10 14 4 24c-2-6-6-8-8-6c0 4-4 6-6 6c-4-10 4-14 10-24z`} class="flame" />`);
      else if (ch === "A") cells.push(html`<g class="altar-mark"><rect x=${x + 9} y=${y + 15} width="22" height="14" rx="2" /><rect x=${x + 17} y=${y + 6} width="6" height="10" /></g>`);
      else if (ch === "C") cells.push(html`<g class="grave-mark"><path d=${`M${x + 12} ${y + 32}v-14a8 8 0 0116 0v14z`} /><path d=${`M${x + 20} ${y + 16}v10M${x + 16} ${y + 20}h8`} class="cross" /></g>`);
    }
  });
  /** @param {number} x @param {number} y @param {string} side */
  const edge = (x, y, side) => {
    const X = ((absolute ? 0 : left) + x) * S, Y = ((absolute ? 0 : top) + y) * S;
    return { N: [X, Y, X + S, Y], S: [X, Y + S, X + S, Y + S], W: [X, Y, X, Y + S], E: [X + S, Y, X + S, Y + S] }[side] ?? [X, Y, X, Y];
  };
  const walls = m.walls.flatMap(([x, y, sides]) => [...sides].map((side) => {
    const [x1, y1, x2, y2] = edge(x, y, side);
    return html`<line x1=${x1} y1=${y1} x2=${x2} y2=${y2} class="wall" />`;
  }));
  const doors = m.doors.flatMap(([x, y, sides]) => [...sides].map((side) => {
    const [x1, y1, x2, y2] = edge(x, y, side);
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, h = x1 === x2;
    return html`<g class="door"><line x1=${x1} y1=${y1} x2=${x2} y2=${y2} class="wall" />
      <rect x=${h ? mx - 4 : mx - 10} y=${h ? my - 10 : my - 4} width=${h ? 8 : 20} height=${h ? 20 : 8} rx="2" class="door-leaf" /></g>`;
  }));
  return html`<g class=${cls}>${cells}${walls}${doors}</g>`;
}

/** A skeleton: its colour, a shape of its own (white round, red diamond, blue shield) and its letter.
 * @param {{x: number, y: number, colour: "white" | "red" | "blue", r?: number}} p */
export function Skeleton({ x, y, colour, r = 10 }) {
  const shape = colour === "white" ? html`<circle r=${r} />`
    : colour === "red" ? html`<path d=${`M0 ${-r - 2}L${r + 2} 0L0 ${r + 2}L${-r - 2} 0z`} />`
      : html`<path d=${`M${-r} ${-r}h${2 * r}v${r * 0.9}c0 ${r * 0.7}-${r * 0.5} ${r}-${r} ${r * 1.2}c-${r * 0.5}-${r * 0.2}-${r}-${r * 0.5}-${r}-${r * 1.2}z`} />`;
  return html`<g transform=${`translate(${x} ${y})`}><g class=${`skel skel-${colour}`}>${shape}
    <text y="4" text-anchor="middle" class="skel-letter">${COLOURS[colour]}</text></g></g>`;
}

/** A Human token (a small figure with an "h"). @param {{x: number, y: number}} p */
export function Human({ x, y }) {
  return html`<g transform=${`translate(${x} ${y})`}><g class="human">
    <circle cy="-5" r="4" /><path d="M-6 7c0-6 2.5-8 6-8s6 2 6 8z" /><text x="9" y="8" class="human-h">h</text></g></g>`;
}

/** A pawn: its seat's colour and number. @param {{x: number, y: number, seat: number, you: boolean, r?: number}} p */
export function Pawn({ x, y, seat, you, r = 9 }) {
  return html`<g transform=${`translate(${x} ${y})`}><g class=${`pawn seat-${seat} ${you ? "you" : ""}`}>
    <circle r=${r} class="pawn-body" /><text y="4" text-anchor="middle" class="pawn-num">${seat}</text></g></g>`;
}

/** The Necronomicon. @param {{x: number, y: number}} p */
export function Book({ x, y }) {
  return html`<g transform=${`translate(${x} ${y})`}><g class="book">
    <rect x="-8" y="-6" width="16" height="12" rx="1.5" /><path d="M0 -6v12" class="spine" /><text y="4" text-anchor="middle" class="book-n">N</text></g></g>`;
}

/**
 * @param {{view: any, seat: number | null, targets: Target[], ghosts: Ghost[], outline: number[][], width: number,
 *   phone: boolean}} p
 */
export function MapBoard({ view, seat, targets, ghosts, outline, width, phone }) {
  const m = view.map;
  // the box to fit: the map, and the places the drawn tile may go
  let x0 = m.left, y0 = m.top, x1 = m.left + m.width, y1 = m.top + m.height;
  for (const [x, y] of [...ghosts.map((g) => [g.x, g.y]), ...outline]) {
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + 3); y1 = Math.max(y1, y + 3);
  }
  const W = Math.max(200, width), H = phone ? Math.round(Math.min(W * 1.15, 560)) : 560;
  const fitK = Math.min((W - BAND - 12) / ((x1 - x0) * S), (H - BAND - 12) / ((y1 - y0) * S), 2.2);
  const fit = { cx: ((x0 + x1) / 2) * S - BAND / 2 / fitK, cy: ((y0 + y1) / 2) * S - BAND / 2 / fitK, k: fitK };
  const [cam, setCam] = useState(/** @type {{cx: number, cy: number, k: number} | null} */ (null));
  const c = cam ?? fit;
  const vx = c.cx - W / 2 / c.k, vy = c.cy - H / 2 / c.k, vw = W / c.k, vh = H / c.k;

  /** @param {number} dx px @param {number} dy px */
  const pan = (dx, dy) => setCam({ cx: c.cx + dx / c.k, cy: c.cy + dy / c.k, k: c.k });
  /** @param {number} f */
  const zoom = (f) => setCam({ cx: c.cx, cy: c.cy, k: Math.min(4, Math.max(0.15, c.k * f)) });

  // dragging and pinching: pointers on the map, a drag past a few pixels swallows the click that ends it
  const svgRef = useRef(/** @type {SVGSVGElement | null} */ (null));
  const drag = useRef(/** @type {{pointers: Map<number, {x: number, y: number}>, start: any, moved: boolean}} */ ({ pointers: new Map(), start: null, moved: false }));
  /** @param {PointerEvent} e */
  const down = (e) => {
    const d = drag.current;
    d.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    d.start = { cam: c, pts: new Map(d.pointers) };
    d.moved = false;
  };
  /** @param {PointerEvent} e */
  const move = (e) => {
    const d = drag.current;
    if (!d.pointers.has(e.pointerId) || !d.start) return;
    d.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const ids = [...d.pointers.keys()];
    const a0 = d.start.pts.get(ids[0]), a1 = d.pointers.get(ids[0]);
    if (!a0 || !a1) return;
    if (ids.length >= 2) {
      const b0 = d.start.pts.get(ids[1]), b1 = d.pointers.get(ids[1]);
      if (!b0 || !b1) return;
      const f = Math.hypot(a1.x - b1.x, a1.y - b1.y) / Math.max(1, Math.hypot(a0.x - b0.x, a0.y - b0.y));
      d.moved = true;
      setCam({ cx: d.start.cam.cx, cy: d.start.cam.cy, k: Math.min(4, Math.max(0.15, d.start.cam.k * f)) });
      return;
    }
    const dx = a1.x - a0.x, dy = a1.y - a0.y;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    if (!d.moved) svgRef.current?.setPointerCapture?.(e.pointerId);
    d.moved = true;
    setCam({ cx: d.start.cam.cx - dx / d.start.cam.k, cy: d.start.cam.cy - dy / d.start.cam.k, k: d.start.cam.k });
  };
  /** @param {PointerEvent} e */
  const up = (e) => {
    const d = drag.current;
    d.pointers.delete(e.pointerId);
    d.start = d.pointers.size ? { cam: c, pts: new Map(d.pointers) } : null;
  };
  /** @param {MouseEvent} e */
  const swallow = (e) => { if (drag.current.moved) { e.stopPropagation(); e.preventDefault(); drag.current.moved = false; } };
  useEffect(() => {
    const el = svgRef.current;
    if (!el) return;
    /** @param {WheelEvent} e */
    const wheel = (e) => { e.preventDefault(); setCam((old) => { const o = old ?? fit; return { cx: o.cx, cy: o.cy, k: Math.min(4, Math.max(0.15, o.k * (e.deltaY < 0 ? 1.15 : 1 / 1.15))) }; }); };
    el.addEventListener("wheel", wheel, { passive: false });
    return () => el.removeEventListener("wheel", wheel);
  }, [fit.k, fit.cx, fit.cy]);
  /** @param {KeyboardEvent} e */
  const key = (e) => {
    const step = 80;
    const keys = /** @type {Record<string, () => void>} */ ({
      ArrowLeft: () => pan(-step, 0), ArrowRight: () => pan(step, 0), ArrowUp: () => pan(0, -step), ArrowDown: () => pan(0, step),
      "+": () => zoom(1.25), "=": () => zoom(1.25), "-": () => zoom(0.8), "0": () => setCam(null),
    });
    if (e.target === e.currentTarget && keys[e.key]) { e.preventDefault(); keys[e.key](); }
  };

  // tokens, several to a square: skeleton top left, Human top right, the book in the middle, pawns below
  /** @type {Map<string, number>} */
  const pawnsAt = new Map();
  const pieces = [];
  for (const [x, y, colour] of view.skeletons) {
    pieces.push(html`<g data-key=${`skel:${x},${y}`} data-help=${colour} aria-hidden="true"><${Skeleton} x=${x * S + 12} y=${y * S + 12} colour=${colour} /></g>`);
  }
  for (const [x, y] of view.humans_on_map) {
    pieces.push(html`<g data-key=${`human:${x},${y}`} data-help="human" aria-hidden="true"><${Human} x=${x * S + 28} y=${y * S + 12} /></g>`);
  }
  if (view.book.square && view.book.status !== "held") {
    const [x, y] = view.book.square;
    pieces.push(html`<g data-key="book" data-help="Necronomicon" aria-hidden="true"><${Book} x=${x * S + 20} y=${y * S + 20} /></g>`);
  }
  for (const p of view.pawns) {
    const k = `${p.x},${p.y}`;
    const i = pawnsAt.get(k) ?? 0;
    pawnsAt.set(k, i + 1);
    const px = p.x * S + 8 + (i % 3) * 12, py = p.y * S + 26 + Math.floor(i / 3) * -10;
    pieces.push(html`<g data-key=${`pawn:${p.seat}`} data-help="pawn" aria-hidden="true"><${Pawn} x=${px} y=${py} seat=${p.seat} you=${p.seat === seat} r=${7} />
      ${p.has_book && html`<${Book} x=${px + 9} y=${py - 10} />`}</g>`);
  }
  const combat = view.combat ? html`<rect x=${view.combat.square[0] * S + 1} y=${view.combat.square[1] * S + 1} width=${S - 2} height=${S - 2} class="combat-here" />` : "";

  // the coordinate bands, at the edges of what is in sight
  const px = c.k;
  const every = Math.max(1, Math.ceil(22 / (S * px)));
  const cols = [], rows = [];
  for (let x = Math.floor(vx / S); x * S < vx + vw; x++) {
    if (x % every || x * S + S / 2 < vx + (BAND + 6) / px) continue;
    cols.push(html`<text x=${x * S + S / 2} y=${vy + 13 / px} text-anchor="middle" class="coord" font-size=${11 / px}>${x}</text>`);
  }
  for (let y = Math.floor(vy / S); y * S < vy + vh; y++) {
    if (y % every || y * S + S / 2 < vy + (BAND + 6) / px) continue;
    rows.push(html`<text x=${vx + 9 / px} y=${y * S + S / 2 + 4 / px} text-anchor="middle" class="coord" font-size=${11 / px}>${y}</text>`);
  }

  const tiles = view.tiles.map((/** @type {any} */ t) => html`<rect x=${t.x * 3 * S} y=${t.y * 3 * S} width=${3 * S} height=${3 * S}
    class=${`tile-edge ${t.tile === view.seeding?.tile ? "seeding" : ""}`} data-help=${t.tile} aria-hidden="true" />`);
  const spots = outline.map(([x, y]) => html`<rect x=${x * S + 3} y=${y * S + 3} width=${3 * S - 6} height=${3 * S - 6} rx="6" class="spot" aria-hidden="true" />`);
  const ghostEls = ghosts.map((g) => html`<g data-key=${`ghost:${g.x},${g.y}`} ...${control({ action: g.action, onClick: g.onClick, label: g.label })} class="ctl ghost">
    ${Squares(g.layout, g.x, g.y, "ghost-tile")}
    <rect x=${g.x * S + 2} y=${g.y * S + 2} width=${3 * S - 4} height=${3 * S - 4} rx="4" class="ghost-frame" /></g>`);
  const targetEls = targets.map((t) => html`<rect x=${t.x * S + 2} y=${t.y * S + 2} width=${S - 4} height=${S - 4} rx="5"
    ...${control({ action: t.action, select: t.select, onClick: t.onClick, label: t.label, pressed: t.select ? !!t.selected : undefined })}
    class=${`ctl target tg-${t.kind} ${t.selected ? "selected" : ""}`} />`);

  return html`<div class="mv-map-wrap">
    <div class="mv-map" tabindex="0" role="group" onKeyDown=${key}
         aria-label="The map: arrow keys pan, + and - zoom, 0 fits it to the screen">
      <svg class="board mv-svg" ref=${svgRef} viewBox=${`${vx} ${vy} ${vw} ${vh}`} width=${W} height=${H}
           style=${`height:${H}px`} onPointerDown=${down} onPointerMove=${move} onPointerUp=${up} onPointerCancel=${up}
           onClickCapture=${swallow} role="group" aria-label=${`The map, ${view.tiles.length} tiles; squares ${m.left},${m.top} to ${m.left + m.width - 1},${m.top + m.height - 1}`}>
        <rect x=${vx} y=${vy} width=${vw} height=${vh} class="mv-table" />
        ${Squares(m, m.left, m.top, "", true)}
        <g class="tiles">${tiles}</g>
        ${spots}${combat}
        <g class="pieces">${pieces}</g>
        <g class="ghosts">${ghostEls}</g>
        <g class="targets">${targetEls}</g>
        <g class="bands" aria-hidden="true">
          <rect x=${vx} y=${vy} width=${vw} height=${BAND / px} class="band" />
          <rect x=${vx} y=${vy} width=${BAND / px} height=${vh} class="band" />
          ${cols}${rows}
        </g>
      </svg>
    </div>
    <div class="mv-cam" role="group" aria-label="Pan and zoom the map">
      <button type="button" onClick=${() => pan(-80, 0)} aria-label="Pan west">◀</button>
      <button type="button" onClick=${() => pan(0, -80)} aria-label="Pan north">▲</button>
      <button type="button" onClick=${() => pan(0, 80)} aria-label="Pan south">▼</button>
      <button type="button" onClick=${() => pan(80, 0)} aria-label="Pan east">▶</button>
      <button type="button" onClick=${() => zoom(1.25)} aria-label="Zoom in">+</button>
      <button type="button" onClick=${() => zoom(0.8)} aria-label="Zoom out">−</button>
      <button type="button" class=${cam ? "" : "on"} onClick=${() => setCam(null)} aria-label="Fit the map to the screen">fit</button>
    </div>
  </div>`;
}
