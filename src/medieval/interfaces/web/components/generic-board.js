// @ts-check
/**
 * The board of any game that has none of its own yet: its view drawn as readable sections (the seat's
 * own hand first), every seat's public zone in a table, and, with the action list beside it, every move
 * playable. It follows the board contract (docs/web.md) like any game's board.
 */

import { useRef } from "preact/hooks";
import { html } from "medieval/lib/html.js";
import { useWidth } from "medieval/lib/motion.js";

const SEAT_KEYS = new Set(["seat", "owner", "dealer", "winner", "player", "first_player", "to_move", "winners"]);
const SKIP = new Set(["game", "seat", "players", "outcome", "to_move"]);
const FIRST = ["hand", "pending", "phase", "round", "turn", "scores"];
const MAX_ITEMS = 40;
/** The player count of the view being drawn (a list of one entry per seat is labelled by seat). */
const players = { n: 0 };

/** @param {string} k */
const words = (k) => k.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
/** @param {any} v */
const isScalar = (v) => v === null || typeof v !== "object";

/** @param {any} v @param {boolean} seat */
function scalar(v, seat) {
  if (v === null || v === undefined) return "–";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (seat && typeof v === "number") return `P${v}`;
  return String(v);
}

/** A record of scalars (or short lists of them). @param {any} v */
const isFlat = (v) => v && typeof v === "object" && !Array.isArray(v)
  && Object.values(v).every((x) => isScalar(x) || (Array.isArray(x) && x.length <= 12 && x.every(isScalar)));

/** A small record on one line: "food 0 · energy 2". @param {any} v */
function inlineRecord(v) {
  return Object.entries(v).map(([k, x]) => `${k.replace(/_/g, " ")} ${Array.isArray(x) ? x.map((y) => scalar(y, false)).join(" ") : scalar(x, SEAT_KEYS.has(k))}`).join(" · ");
}

/** A cell: scalars as they are, small records on one line, the rest nested. @param {{value: any, name: string, depth: number}} p */
function Cell({ value, name, depth }) {
  if (isFlat(value) && Object.keys(value).length <= 6) return html`<span class="v">${inlineRecord(value)}</span>`;
  return html`<${Value} value=${value} name=${name} depth=${depth} />`;
}

/** @param {{value: any, name?: string, depth?: number}} p */
function Value({ value, name = "", depth = 0 }) {
  const seat = SEAT_KEYS.has(name) || name.endsWith("_seat");
  if (isScalar(value)) return html`<span class="v">${scalar(value, seat)}</span>`;
  // one record per seat: the seats side by side, a row per field
  if (Array.isArray(value) && value.length >= 1 && value.length <= 6 && depth < 3
      && value.every((v) => v && typeof v === "object" && !Array.isArray(v) && "seat" in v)
      && !value.every(isFlat)) {
    const keys = [...new Set(value.flatMap((v) => Object.keys(v)))].filter((k) => k !== "seat");
    return html`<div class="table-wrap"><table class="vt per-seat"><thead><tr><th scope="col"><span class="visually-hidden">field</span></th>
      ${value.map((v) => html`<th scope="col"><span class="seat-chip">P${v.seat}</span></th>`)}</tr></thead>
      <tbody>${keys.map((k) => html`<tr><th scope="row">${words(k)}</th>${value.map((v) => html`<td><${Cell} value=${v[k]} name=${k} depth=${depth + 1} /></td>`)}</tr>`)}</tbody></table></div>`;
  }
  // records keyed by name, all of one shape: one row each
  if (!Array.isArray(value) && depth < 3) {
    const entries = Object.entries(value);
    if (entries.length >= 2 && entries.every(([, v]) => isFlat(v))) {
      const keys = [...new Set(entries.flatMap(([, v]) => Object.keys(v)))];
      return html`<div class="table-wrap"><table class="vt"><thead><tr><th scope="col"><span class="visually-hidden">name</span></th>${keys.map((k) => html`<th scope="col">${words(k)}</th>`)}</tr></thead>
        <tbody>${entries.slice(0, MAX_ITEMS * 2).map(([n, row]) => html`<tr><th scope="row">${n}</th>${keys.map((k) => html`<td><${Value} value=${row[k]} name=${k} depth=${depth + 1} /></td>`)}</tr>`)}</tbody></table></div>`;
    }
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return html`<span class="v muted">none</span>`;
    if (value.every(isScalar) && value.length === players.n && /(scores|sizes|counts|limits|points|score)$/.test(name)) {
      return html`<span class="chips">${value.map((v, i) => html`<span class="chip-static"><span class=${`seat-tag seat-${i}`}>P${i}</span> ${scalar(v, seat)}</span>`)}</span>`;
    }
    if (value.every(isScalar)) {
      const shown = value.slice(0, MAX_ITEMS);
      return html`<span class="chips">${shown.map((v) => html`<span class="chip-static">${scalar(v, seat)}</span>`)}${value.length > MAX_ITEMS ? html` <span class="muted">+${value.length - MAX_ITEMS} more</span>` : ""}</span>`;
    }
    const flat = value.every((v) => v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((x) => isScalar(x) || (Array.isArray(x) && x.every(isScalar) && x.length <= 12)));
    if (flat && depth < 4) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return html`<div class="table-wrap"><table class="vt"><thead><tr>${keys.map((k) => html`<th scope="col">${words(k)}</th>`)}</tr></thead>
        <tbody>${value.slice(0, MAX_ITEMS * 2).map((row) => html`<tr>${keys.map((k) => html`<td><${Value} value=${row[k]} name=${k} depth=${depth + 1} /></td>`)}</tr>`)}</tbody></table></div>`;
    }
    if (value.every((v) => Array.isArray(v)) && value.length === players.n) {
      return html`<ol class="seat-list" start="0">${value.map((v, i) => html`<li><span class="seat-chip">P${i}</span> <${Value} value=${v} depth=${depth + 1} /></li>`)}</ol>`;
    }
    return html`<ol class="vlist">${value.slice(0, MAX_ITEMS).map((v) => html`<li><${Value} value=${v} depth=${depth + 1} /></li>`)}</ol>`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return html`<span class="v muted">none</span>`;
  if ("name" in value && entries.length <= 4 && entries.every(([, v]) => isScalar(v))) {
    return html`<span class="v" title=${entries.map(([k, v]) => `${k}: ${scalar(v, false)}`).join(", ")}>${String(value.name)}${value.code ? ` (${value.code})` : ""}</span>`;
  }
  return html`<dl class="vd">${entries.map(([k, v]) => html`<div><dt>${words(k)}</dt><dd><${Value} value=${v} name=${k} depth=${depth + 1} /></dd></div>`)}</dl>`;
}

/** @param {import("medieval/views/board-types.js").BoardProps} p */
export default function GenericBoard({ view, seat }) {
  const root = useRef(/** @type {HTMLDivElement | null} */ (null));
  const width = useWidth(root);
  if (!view) return html`<p class="muted">The game has not started.</p>`;
  players.n = typeof view.players === "number" ? view.players : 0;
  const keys = Object.keys(view).filter((k) => !SKIP.has(k));
  keys.sort((a, b) => (FIRST.indexOf(a) + 1 || 99) - (FIRST.indexOf(b) + 1 || 99));
  const simple = keys.filter((k) => isScalar(view[k]) || (Array.isArray(view[k]) && view[k].length <= 8 && view[k].every(isScalar)));
  const rich = keys.filter((k) => !simple.includes(k));
  const narrow = width < 600;
  return html`<div class="generic-board" data-board="generic" ref=${root}>
    <p class="muted small">This game's own board is still to be drawn: here is everything your seat sees, and every move is in “Your actions”.</p>
    ${"hand" in view && view.hand !== null && html`<section class="zone zone-hand" aria-label="Your hand">
      <h3>${seat !== null ? "Your hand" : "Hand"}</h3><${Value} value=${view.hand} name="hand" /></section>`}
    <section class="zone" aria-label="At a glance"><h3>At a glance</h3>
      <dl class="vd glance">${simple.filter((k) => k !== "hand").map((k) => html`<div><dt>${words(k)}</dt><dd><${Value} value=${view[k]} name=${k} /></dd></div>`)}</dl>
    </section>
    ${rich.filter((k) => k !== "hand").map((k) => html`<details class="zone" open=${!narrow || k === "pending"}>
      <summary><h3>${words(k)}</h3></summary>
      <${Value} value=${view[k]} name=${k} />
    </details>`)}
  </div>`;
}
