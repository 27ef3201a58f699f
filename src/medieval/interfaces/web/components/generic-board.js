// @ts-check
/**
 * The board of any game that has none of its own yet: its view drawn as readable sections (the seat's
 * own hand first), every seat's public zone in a table, and, with the action list beside it, every move
 * playable. It follows the board contract (docs/web.md) like any game's board.
 */

import { html } from "medieval/lib/html.js";

const SEAT_KEYS = new Set(["seat", "owner", "dealer", "winner", "player", "first_player", "to_move", "winners"]);
const SKIP = new Set(["game", "seat", "players", "outcome", "to_move"]);
const FIRST = ["hand", "pending", "phase", "round", "turn", "scores"];
const MAX_ITEMS = 40;

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

/** @param {{value: any, name?: string, depth?: number}} p */
function Value({ value, name = "", depth = 0 }) {
  const seat = SEAT_KEYS.has(name) || name.endsWith("_seat");
  if (isScalar(value)) return html`<span class="v">${scalar(value, seat)}</span>`;
  if (Array.isArray(value)) {
    if (value.length === 0) return html`<span class="v muted">none</span>`;
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
    if (value.every((v) => Array.isArray(v)) && value.length <= 8) {
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
  if (!view) return html`<p class="muted">The game has not started.</p>`;
  const keys = Object.keys(view).filter((k) => !SKIP.has(k));
  keys.sort((a, b) => (FIRST.indexOf(a) + 1 || 99) - (FIRST.indexOf(b) + 1 || 99));
  return html`<div class="generic-board" data-board="generic">
    <p class="muted small">This game's own board is being drawn; meanwhile here is everything your seat sees, and every move is in “Your actions”.</p>
    ${keys.map((k) => html`<section class=${`zone ${k === "hand" ? "zone-hand" : ""}`} aria-label=${words(k)}>
      <h3>${k === "hand" && seat !== null ? "Your hand" : words(k)}</h3>
      <${Value} value=${view[k]} name=${k} />
    </section>`)}
  </div>`;
}
