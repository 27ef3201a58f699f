// @ts-check
/**
 * Medievalia's cards in words and in pictures, shared by the board's panels: what a face does under the
 * Magic Field card, plays in prose, the seats' names, and the creature card drawn with the shared Card.
 */

import { html } from "medieval/lib/html.js";
import { Card } from "medieval/components/card.js";

/** @typedef {import("medieval/views/board-types.js").Action} Action */

export const WORD = /** @type {Record<string, string>} */ ({ W: "Wildcard", S: "Skip", R: "Skip-and-reverse" });
export const PLURAL = /** @type {Record<string, string>} */ ({ W: "Wildcards", S: "Skips", R: "Skip-and-reverse cards" });
export const COUNT_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
/** Two reversing arrows (the Skip-and-reverse card), on the icons' 24-unit grid. */
export const REVERSE_PATH = "M4 11a8 8 0 0 1 13.6-5.6L20 3v7h-7l2.7-2.7A5.3 5.3 0 0 0 6.7 11zM20 13a8 8 0 0 1-13.6 5.6L4 21v-7h7l-2.7 2.7a5.3 5.3 0 0 0 9-3.7z";

/**
 * What a face does when played under the Magic Field card in play, for the labels only (the legal
 * actions come from the server): "wild", "skip", "reverse", "choose" (a Skip naming the next player),
 * or null for a plain number.
 * @param {string} face @param {string | undefined} code
 */
export function effectOf(face, code) {
  if (code === "CM03" && (face === "W" || face === "S" || face === "R")) return "reverse";
  if (code === "CM02" && face === "1") return "reverse";
  if (code === "CM10" && face === "12") return "choose";
  if (face === "S") return "skip";
  if (face === "R") return "reverse";
  if (face === "W") return "wild";
  return null;
}
export const EFFECT_NOTE = /** @type {Record<string, string>} */ ({ wild: "wild", skip: "skip", reverse: "skip ⟲", choose: "skip ➜" });
/** What a Skip play did, after "P2 played a Skip": */
export const EFFECT_RESULT = /** @type {Record<string, string>} */ ({ skip: "the turn passes", reverse: "play turns around", choose: "naming who plays next" });
export const EFFECT_WORDS = /** @type {Record<string, string>} */ ({
  skip: "a Skip: the turn passes", reverse: "a Skip-and-reverse: the direction turns", choose: "a Skip naming who plays next",
});

/** @param {number} seat @param {string[]} names */
export const who = (seat, names) => `P${seat}${names[seat] ? ` ${names[seat]}` : ""}`;
/** @param {number} seat @param {number | null} me @param {string[]} names */
export const whoShort = (seat, me, names) => (seat === me ? "you" : who(seat, names));
/** @param {string} s @param {number} n */
export const clip = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** @param {string[]} faces */
export function tally(faces) {
  /** @type {Map<string, number>} */
  const m = new Map();
  for (const f of faces) m.set(f, (m.get(f) ?? 0) + 1);
  return m;
}
/** Is `a` contained in `b` (as multisets)? @param {Map<string, number>} a @param {Map<string, number>} b */
export function within(a, b) {
  for (const [f, c] of a) if ((b.get(f) ?? 0) < c) return false;
  return true;
}
/** @param {Map<string, number>} a @param {Map<string, number>} b */
export const same = (a, b) => within(a, b) && within(b, a);

/** Cards in prose, copies grouped: "two 5s and a Wildcard". @param {string[]} faces */
export function phrase(faces) {
  const parts = [...tally(faces)].map(([f, k]) => {
    const name = WORD[f] ?? f;
    if (k === 1) return `${name === "8" || name === "11" ? "an" : "a"} ${name}`;
    return `${COUNT_WORDS[k] ?? k} ${PLURAL[f] ?? `${f}s`}`;
  });
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** A table play's cards ("5 5 W", "W W as 7") as faces and the value a Wildcard takes. @param {string} cards */
export function parsePlay(cards) {
  const [names, as] = cards.split(" as ");
  const faces = names.trim().split(/\s+/).filter(Boolean);
  const number = faces.find((f) => /^\d+$/.test(f));
  return { faces, wildAs: as ? as.trim() : number ?? null };
}

/** What a legal play does: its total, or the Skip it is. @param {Action} a @param {string | undefined} code */
export function meaning(a, code) {
  const cards = /** @type {string[]} */ (a.args.cards);
  const lead = cards.find((f) => f !== "W") ?? "W";
  const effect = a.args.next !== null && a.args.next !== undefined ? "choose"
    : a.args.value === null || a.args.value === undefined ? effectOf(lead, code) ?? "skip" : effectOf(lead, code);
  if (effect && effect !== "wild") return { skip: effect, total: 0 };
  return { skip: null, total: Number(a.args.value) * cards.length };
}

/** Word-wrap for SVG text: lines of at most `max` characters. @param {string} text @param {number} max */
export function wrap(text, max) {
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const w of text.split(/\s+/)) {
    if (line && line.length + 1 + w.length > max) { lines.push(line); line = w; } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

/** An arc of an ellipse with an arrowhead at its end (angles in degrees, growing clockwise on screen).
 * @param {number} cx @param {number} cy @param {number} rx @param {number} ry @param {number} a0 @param {number} a1 */
export function arcArrow(cx, cy, rx, ry, a0, a1) {
  const rad = (/** @type {number} */ a) => (a * Math.PI) / 180;
  const pt = (/** @type {number} */ a) => [cx + rx * Math.cos(rad(a)), cy + ry * Math.sin(rad(a))];
  const steps = 12;
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push(pt(a0 + ((a1 - a0) * i) / steps));
  const [ex, ey] = pts[pts.length - 1];
  const sign = a1 > a0 ? 1 : -1;
  let tx = -rx * Math.sin(rad(a1)) * sign, ty = ry * Math.cos(rad(a1)) * sign;
  const len = Math.hypot(tx, ty) || 1;
  tx /= len; ty /= len;
  const head = `M${ex + tx * 9} ${ey + ty * 9}L${ex - ty * 6} ${ey + tx * 6}L${ex + ty * 6} ${ey - tx * 6}Z`;
  return { line: `M${pts.map((p) => `${p[0].toFixed(1)} ${p[1].toFixed(1)}`).join("L")}`, head };
}

// ---------------------------------------------------------------------------------------- cards
/**
 * A creature or special card, drawn with the shared Card: its number or letter, an icon for the
 * specials, and a note of what it does under the Field card ("wild", "skip ⟲", "as 5").
 * @param {{face: string, code?: string, wildAs?: string | null} & Omit<import("medieval/components/card.js").CardProps, "x" | "y"> & {x?: number, y?: number}} p
 */
export function creatureProps({ face, code, wildAs, ...rest }) {
  const w = rest.w ?? 60, h = rest.h ?? 84;
  const effect = effectOf(face, code);
  const note = face === "W" && wildAs && effect === "wild" ? `as ${wildAs}` : effect ? EFFECT_NOTE[effect] : "";
  // A small card (an earlier play) shows its face alone, centred, and a Wildcard's value under it.
  const small = w < 44;
  const iconSize = w * 0.3;
  const badge = html`<g aria-hidden="true" class="mv-badge">
    ${small && html`<text x="3" y=${h * 0.45} font-size=${h * 0.4} class="card-rank mv-mini-rank">${face}</text>`}
    ${face === "R" && !small && html`<path d=${REVERSE_PATH} transform=${`translate(${w - iconSize - 5} ${h - iconSize - 5}) scale(${iconSize / 24})`} class="mv-icon" />`}
    ${note && !small && html`<text x="6" y=${h - 7} class="mv-note">${note}</text>`}
    ${small && face === "W" && wildAs && html`<text x=${w / 2} y=${h - 4} text-anchor="middle" class="mv-note mini">=${wildAs}</text>`}
    ${rest.badge}
  </g>`;
  return {
    ...rest, x: rest.x ?? 0, y: rest.y ?? 0, w, h, rank: small ? "" : face, face, help: face,
    suit: small ? undefined : face === "W" ? "star" : face === "S" ? "hourglass" : undefined,
    label: rest.label ?? `${WORD[face] ?? face}${note ? ` (${note})` : ""}`, badge,
  };
}

/** @param {Parameters<typeof creatureProps>[0]} p */
export function Creature(p) {
  return html`<${Card} ...${creatureProps(p)} />`;
}

/** @param {any} p a table play */
export const parseFaces = (p) => parsePlay(p.cards).faces;
