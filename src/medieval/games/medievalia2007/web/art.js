// @ts-check
/**
 * Medievalia (2007)'s cards and words, shared by the board's panels: the kinds of card, the sizes, our
 * glyphs for the resources and the cards, a card's art inside the shared Card's frame, the small chips
 * and tags drawn on the table, and the names of seats, Fiefs and phases.
 */

import { html } from "medieval/lib/html.js";
import { Icon, PATHS } from "medieval/components/icons.js";

export const RES = ["food", "energy", "gold", "workforce"];
export const DECKS = ["territory", "military", "character"];
export const MILITARY = new Set(["Soldier", "Priest", "Bowman", "Knight", "Infantry"]);
export const CIVIL = new Set(["Bank", "School", "Workshop", "Church", "Stable", "Blacksmith", "Carpenter"]);
export const MILB = new Set(["Tower", "Fortress", "Castle"]);
export const TERRITORY = new Set(["Field", "Farm", "Forest", "Mine"]);
export const DECK_BACK = { territory: "crown", military: "sword", character: "person" };
export const SIEGE_TURNS = 3;

// sizes in viewBox units
export const COLW = 140; // one City/territory column
export const HW = 74, HH = 100; // a City or territory card
export const SW = 52, SH = 72; // a building or troop card
export const CELL = 72; // spacing of small cards side by side
export const W_WIDE = 920, W_PHONE = 430;

/** Our own glyphs (24-unit grid): the four resources and what each kind of card shows. */
export const GLYPHS = {
  food: "M11 22V9h2v13zM12 1.5c2.2 1.6 2.2 4.4 0 6-2.2-1.6-2.2-4.4 0-6zM6.5 6c2.7 0 4.4 1.8 4.7 4.4-2.7.2-4.5-1.6-4.7-4.4zM17.5 6c-.2 2.8-2 4.6-4.7 4.4.3-2.6 2-4.4 4.7-4.4zM6.5 11.5c2.7 0 4.4 1.8 4.7 4.4-2.7.2-4.5-1.6-4.7-4.4zM17.5 11.5c-.2 2.8-2 4.6-4.7 4.4.3-2.6 2-4.4 4.7-4.4z",
  energy: "M14 1L4 14h6.5L8 23l11-14h-6.5z",
  gold: "M12 2a10 10 0 110 20 10 10 0 010-20zm0 3a7 7 0 100 14 7 7 0 000-14zm-1.2 2.5h2.4v9h-2.4z",
  workforce: PATHS.person,
  city: "M1 22V11l3.5-2.5L8 11v2h2V6l2-3.5L14 6v7h2v-2l3.5-2.5L23 11v11h-8.5v-5.5h-5V22z",
  house: "M2 11.5L12 3l10 8.5V22h-7v-6.5H9V22H2z",
  tower: "M5 2h3v2.5h2.5V2h3v2.5H16V2h3v6.5l-2.5 2V22h-9V10.5L5 8.5zm6 10v4h2v-4z",
  cross: "M9.8 2h4.4v6h6v4.2h-6V22H9.8v-9.8h-6V8h6z",
  bow: "M5 2c9 4 12 13 6 20l-1.8-1.2C14.2 15 12 8 4.2 4zM4 3.2l1.6-1.1 13 17.6-1.6 1.2zM17 17l5 5h-4l-2.5-2.5z",
  hammer: "M2.5 7.5L9 2l4.5 4.5-2 2L21 18l-3 3-9.5-9.5-2 2z",
  scroll: "M6 2h12a3 3 0 013 3v3h-3v11a3 3 0 01-3 3H5a3 3 0 01-3-3v-3h3V5a3 3 0 011-3zm2.5 6v2h7V8zm0 4v2h7v-2z",
  swords: "M3 2l9.5 9.5-1.6 1.6L3 5.2zM21 2v3.2l-11.6 11.6 1.6 1.6L22.5 6.9V2zM2 19.5L5.5 16l2.5 2.5L4.5 22zM22 19.5L18.5 16 16 18.5l3.5 3.5zM14 12.5l1.6 1.6 4-4-1.6-1.6z",
};

/** @param {string} face */
export function glyphOf(face) {
  if (face === "City") return "city";
  if (face === "Field" || face === "Farm") return "food";
  if (face === "Forest") return "energy";
  if (face === "Mine") return "gold";
  if (CIVIL.has(face)) return "house";
  if (MILB.has(face)) return "tower";
  return ({ Soldier: "sword", Priest: "cross", Bowman: "bow", Knight: "crown", Infantry: "shield", Worker: "hammer",
    Merchant: "gold", Artist: "star", Bureaucrat: "scroll" })[face] ?? "deck";
}

/** The kind of art a face gets (its colour band; the name and glyph say the same in words and shape). @param {string} face */
export function artClass(face) {
  if (face === "City") return "k-city";
  if (TERRITORY.has(face)) return `k-terr f-${face.toLowerCase()}`;
  if (CIVIL.has(face)) return "k-civil";
  if (MILB.has(face)) return "k-milb";
  if (MILITARY.has(face)) return "k-military";
  return "k-character";
}

/** "Field3" -> "Field". @param {string} name */
export const faceOf = (name) => name.replace(/\d+$/, "");

/** @param {{name: string, x?: number, y?: number, size: number, cls?: string}} p */
export function Glyph({ name, x = 0, y = 0, size, cls }) {
  const d = /** @type {Record<string, string>} */ (GLYPHS)[name] ?? PATHS[name] ?? PATHS.star;
  return html`<path d=${d} class=${cls ?? `g-${name}`} fill-rule="evenodd" transform=${`translate(${x} ${y}) scale(${size / 24})`} aria-hidden="true" />`;
}

/** A resource in HTML: its glyph and its word (colour is never the only cue). @param {{r: string, n?: number, size?: number}} p */
export function Res({ r, n, size = 15 }) {
  return html`<span class=${`res r-${r}`}><svg class="res-ic" width=${size} height=${size} viewBox="0 0 24 24" aria-hidden="true">
    <path d=${/** @type {Record<string, string>} */ (GLYPHS)[r]} fill-rule="evenodd" fill="currentColor" /></svg>${n !== undefined ? `${n} ` : ""}${r}</span>`;
}

/** Amounts of resources ("1 food 2 gold"), or a word when there are none. @param {{res: Record<string, number>, none?: string}} p */
export function Amounts({ res, none = "nothing" }) {
  const parts = RES.filter((r) => res?.[r]);
  if (!parts.length) return html`<span class="muted">${none}</span>`;
  return html`<span class="amounts">${parts.map((r) => html`<${Res} r=${r} n=${res[r]} />`)}</span>`;
}

/** @param {number} seat @param {string[]} names @param {number | null} you */
export const who = (seat, names, you) => (seat === you ? "you" : `P${seat}${names[seat] ? ` ${names[seat]}` : ""}`);
/** @param {number} seat @param {string[]} names @param {number | null} you */
export const whose = (seat, names, you) => (seat === you ? "your" : `P${seat}'s`);
/** @param {string} name @param {any} view @param {string[]} names @param {number | null} you */
export function fiefWords(name, view, names, you) {
  const f = view.fiefs.find((/** @type {any} */ x) => x.name === name);
  if (f && f.owner !== null && f.owner !== undefined) return `${f.owner === you ? "your" : `P${f.owner}'s`} Fief (${name})`;
  return `the intermediate Fief ${name}`;
}

/** The art on a card's face, inside the shared Card's frame. @param {{face: string, w: number, h: number, title?: string,
 *   strength?: number[], prod?: number, res?: string, vp?: number}} p */
export function Art({ face, w, h, title, strength, prod, res, vp }) {
  const small = w < 60;
  const band = small ? 15 : 18;
  const fs = small ? 10 : 12;
  const text = title ?? face;
  const long = text.length * fs * 0.56 > w - 10;
  const g = small ? 22 : 34;
  return html`<g class=${`art ${artClass(face)}`} aria-hidden="true">
    <rect x="3" y="3" width=${w - 6} height=${h - 6} rx="4" class="art-bg" />
    <rect x="3" y="3" width=${w - 6} height=${band} rx="3" class="art-band" />
    <text x=${w / 2} y=${3 + band * 0.74} text-anchor="middle" class="art-name" font-size=${fs}
      textLength=${long ? w - 10 : undefined} lengthAdjust=${long ? "spacingAndGlyphs" : undefined}>${text}</text>
    <${Glyph} name=${glyphOf(face)} x=${w / 2 - g / 2} y=${band + (h - band - 18) / 2 - g / 2 + 4} size=${g} cls="art-glyph" />
    ${strength && html`<g class="art-str"><${Glyph} name="sword" x=${4} y=${h - 17} size=${11} cls="str-ic" />
      <text x=${15} y=${h - 8} font-size=${small ? 11 : 12}>${strength[0]}/${strength[1]}</text></g>`}
    ${prod !== undefined && res && (small
      ? html`<g class=${`art-prod r-${res}`}><${Glyph} name=${res} x=${w - 17} y=${band + 3} size=${12} cls="prod-ic" />
          <text x=${w - 18} y=${band + 13} text-anchor="end" font-size="11">+${prod}</text></g>`
      : html`<g class=${`art-prod r-${res}`}>
          <text x=${w - 18} y=${h - 8} text-anchor="end" font-size="13">+${prod}</text>
          <${Glyph} name=${res} x=${w - 17} y=${h - 19} size=${13} cls="prod-ic" /></g>`)}
    ${vp !== undefined && html`<g class="art-vp"><${Icon} svg name="star" size=${12} x=${w - 17} y=${h - 18} fill="#8c6a00" />
      <text x=${w - 19} y=${h - 8} text-anchor="end" font-size="11">${vp}</text></g>`}
  </g>`;
}

/** The VP a building face is worth (the Castle 2). @param {string} face */
export const vpOf = (face) => (face === "Castle" ? 2 : CIVIL.has(face) || MILB.has(face) ? 1 : undefined);

/** A seat's little coloured chip with its number, drawn in SVG. @param {{x: number, y: number, seat: number, you: boolean}} p */
export function Owner({ x, y, seat, you }) {
  return html`<g class=${`owner seat-${seat}`} transform=${`translate(${x} ${y})`} aria-hidden="true">
    <rect x="-14" y="-8" width="28" height="16" rx="8" class="owner-chip" />
    <text x="0" y="4" text-anchor="middle" class="owner-text">${you ? "you" : `P${seat}`}</text>
  </g>`;
}

/** A small marker on a card (damage, Artists, army...). @param {{x: number, y: number, text: string, cls: string, w?: number}} p */
export function Tag({ x, y, text, cls, w }) {
  const width = w ?? Math.max(18, text.length * 6.6 + 8);
  return html`<g class=${`tag ${cls}`} transform=${`translate(${x} ${y})`} aria-hidden="true">
    <rect x=${-width / 2} y="-8" width=${width} height="16" rx="8" /><text x="0" y="4" text-anchor="middle">${text}</text></g>`;
}

/** @param {string} phase */
export function phaseWords(phase) {
  return ({ setup: "taking starting cards", draw: "drawing", actions: "actions", pay: "paying", supply: "the ally producing",
    move: "external movement", war: "war", battle: "battle", over: "game over" })[/** @type {"setup"} */ (phase)] ?? phase;
}
