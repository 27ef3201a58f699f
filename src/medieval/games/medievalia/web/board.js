// @ts-check
/**
 * Medievalia's board (the board contract is in docs/web.md).
 *
 * The Tower (the Direction card, the Magic Field and Magic Instructor cards face up with their text);
 * the table: every seat around it (hand size, creature stack, score, the Initial Player card, whose
 * turn), the plays since the last take with the total to beat, the deck and the direction of play;
 * the hand, from which a play is built by choosing cards (then, where the cards leave a choice, the
 * Wildcards' value, the opponent who receives the stack under CM01 or the next player under CM10) and
 * confirming; taking the pile; the scores of every round and the last round's scoring.
 *
 * Every choice is matched against the structured actions (`cards`, `value`, `give`, `next`): a card
 * can be chosen only if some legal play holds the cards chosen so far and it, and only a selection
 * that is exactly one legal play can be confirmed.
 */

import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { html, loadStylesheet } from "medieval/lib/html.js";
import { useFlip, useWidth } from "medieval/lib/motion.js";
import { Card, control } from "medieval/components/card.js";
import { Hand } from "medieval/components/hand.js";
import { Icon } from "medieval/components/icons.js";

loadStylesheet(new URL("./board.css", import.meta.url).href);

/** @typedef {import("medieval/views/board-types.js").Action} Action */

const WORD = /** @type {Record<string, string>} */ ({ W: "Wildcard", S: "Skip", R: "Skip-and-reverse" });
const PLURAL = /** @type {Record<string, string>} */ ({ W: "Wildcards", S: "Skips", R: "Skip-and-reverse cards" });
const COUNT_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
/** Two reversing arrows (the Skip-and-reverse card), on the icons' 24-unit grid. */
const REVERSE_PATH = "M4 11a8 8 0 0 1 13.6-5.6L20 3v7h-7l2.7-2.7A5.3 5.3 0 0 0 6.7 11zM20 13a8 8 0 0 1-13.6 5.6L4 21v-7h7l-2.7 2.7a5.3 5.3 0 0 0 9-3.7z";

/**
 * What a face does when played under the Magic Field card in play, for the labels only (the legal
 * actions come from the server): "wild", "skip", "reverse", "choose" (a Skip naming the next player),
 * or null for a plain number.
 * @param {string} face @param {string | undefined} code
 */
function effectOf(face, code) {
  if (code === "CM03" && (face === "W" || face === "S" || face === "R")) return "reverse";
  if (code === "CM02" && face === "1") return "reverse";
  if (code === "CM10" && face === "12") return "choose";
  if (face === "S") return "skip";
  if (face === "R") return "reverse";
  if (face === "W") return "wild";
  return null;
}
const EFFECT_NOTE = /** @type {Record<string, string>} */ ({ wild: "wild", skip: "skip", reverse: "skip ⟲", choose: "skip ➜" });
/** What a Skip play did, after "P2 played a Skip": */
const EFFECT_RESULT = /** @type {Record<string, string>} */ ({ skip: "the turn passes", reverse: "play turns around", choose: "naming who plays next" });
const EFFECT_WORDS = /** @type {Record<string, string>} */ ({
  skip: "a Skip: the turn passes", reverse: "a Skip-and-reverse: the direction turns", choose: "a Skip naming who plays next",
});

/** @param {number} seat @param {string[]} names */
const who = (seat, names) => `P${seat}${names[seat] ? ` ${names[seat]}` : ""}`;
/** @param {number} seat @param {number | null} me @param {string[]} names */
const whoShort = (seat, me, names) => (seat === me ? "you" : who(seat, names));
/** @param {string} s @param {number} n */
const clip = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** @param {string[]} faces */
function tally(faces) {
  /** @type {Map<string, number>} */
  const m = new Map();
  for (const f of faces) m.set(f, (m.get(f) ?? 0) + 1);
  return m;
}
/** Is `a` contained in `b` (as multisets)? @param {Map<string, number>} a @param {Map<string, number>} b */
function within(a, b) {
  for (const [f, c] of a) if ((b.get(f) ?? 0) < c) return false;
  return true;
}
/** @param {Map<string, number>} a @param {Map<string, number>} b */
const same = (a, b) => within(a, b) && within(b, a);

/** Cards in prose, copies grouped: "two 5s and a Wildcard". @param {string[]} faces */
function phrase(faces) {
  const parts = [...tally(faces)].map(([f, k]) => {
    const name = WORD[f] ?? f;
    if (k === 1) return `${name === "8" || name === "11" ? "an" : "a"} ${name}`;
    return `${COUNT_WORDS[k] ?? k} ${PLURAL[f] ?? `${f}s`}`;
  });
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** A table play's cards ("5 5 W", "W W as 7") as faces and the value a Wildcard takes. @param {string} cards */
function parsePlay(cards) {
  const [names, as] = cards.split(" as ");
  const faces = names.trim().split(/\s+/).filter(Boolean);
  const number = faces.find((f) => /^\d+$/.test(f));
  return { faces, wildAs: as ? as.trim() : number ?? null };
}

/** What a legal play does: its total, or the Skip it is. @param {Action} a @param {string | undefined} code */
function meaning(a, code) {
  const cards = /** @type {string[]} */ (a.args.cards);
  const lead = cards.find((f) => f !== "W") ?? "W";
  const effect = a.args.next !== null && a.args.next !== undefined ? "choose"
    : a.args.value === null || a.args.value === undefined ? effectOf(lead, code) ?? "skip" : effectOf(lead, code);
  if (effect && effect !== "wild") return { skip: effect, total: 0 };
  return { skip: null, total: Number(a.args.value) * cards.length };
}

/** Word-wrap for SVG text: lines of at most `max` characters. @param {string} text @param {number} max */
function wrap(text, max) {
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
function arcArrow(cx, cy, rx, ry, a0, a1) {
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
function creatureProps({ face, code, wildAs, ...rest }) {
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
function Creature(p) {
  return html`<${Card} ...${creatureProps(p)} />`;
}

// ---------------------------------------------------------------------------------------- the Tower
/** The Direction card. @param {{x: number, y: number, w: number, h: number, view: any, compact?: boolean}} p */
function DirectionCard({ x, y, w, h, view, compact = false }) {
  const cw = view.direction === "clockwise";
  // the arc sits between the title (top 24) and the words (bottom 40)
  const r = compact ? 13 : Math.max(14, Math.min(w * 0.26, (h - 24 - 44) / 2 - 2));
  const cx = compact ? 22 : w / 2, cy = compact ? h / 2 : 24 + (h - 24 - 44) / 2 + 2;
  const a = cw ? arcArrow(cx, cy, r, r, -70, 230) : arcArrow(cx, cy, r, r, 250, -50);
  const words = cw ? "clockwise" : "counterclockwise";
  return html`<g transform=${`translate(${x} ${y})`}>
    <g data-key=${`direction:${view.direction}`} data-help="direction" tabindex="0" role="img" class="mv-direction"
       aria-label=${`Direction card: play runs ${words}; this round started ${view.round_direction}`}>
      <rect width=${w} height=${h} rx="8" class="mv-tower-card dir" />
      <path d=${a.line} class="mv-dir-arc" /><path d=${a.head} class="mv-dir-head" />
      ${compact
        ? html`<text x="44" y=${h / 2 - 3} class="mv-dir-word">${words}</text>
               <text x="44" y=${h / 2 + 12} class="mv-small">round started ${view.round_direction}</text>`
        : html`<text x=${w / 2} y="18" text-anchor="middle" class="mv-tower-kind">Direction</text>
               <text x=${w / 2} y=${h - 30} text-anchor="middle" class="mv-dir-word">${cw ? "clockwise" : "counter-"}</text>
               ${!cw && html`<text x=${w / 2} y=${h - 14} text-anchor="middle" class="mv-dir-word">clockwise</text>`}
               ${cw && html`<text x=${w / 2} y=${h - 12} text-anchor="middle" class="mv-small">started ${view.round_direction}</text>`}`}
    </g>
  </g>`;
}

/** The lines of a Tower card's text at a width. @param {any} card @param {number} w */
const towerLines = (card, w) => wrap(card ? card.text : "", Math.floor((w - 24) / 5.4));

/**
 * A Magic Field or Magic Instructor card, face up with its text.
 * @param {{x: number, y: number, w: number, h: number, kind: "field" | "instructor", card: any, deck: number,
 *   used: string[]}} p
 */
function TowerCard({ x, y, w, h, kind, card, deck, used }) {
  const title = kind === "field" ? "Magic Field" : "Magic Instructor";
  const foot = `${deck} in the deck${used.length ? ` · used ${used.join(" ")}` : ""}`;
  if (!card) {
    return html`<g transform=${`translate(${x} ${y})`}><g class=${`mv-tower ${kind} none`} role="img" tabindex="0"
        aria-label=${`${title}: no card in play, the base rules apply`}>
      <rect width=${w} height=${h} rx="8" class="mv-tower-card" />
      <rect width=${w} height="24" rx="8" class="mv-tower-band" />
      <text x="10" y="17" class="mv-tower-kind light">${title}</text>
      <text x="12" y="48" class="mv-tower-text">No card in play: the ${kind === "field" ? "base rules of play" : "base scoring (−1 a card)"} apply.</text>
      <text x="12" y=${h - 9} class="mv-small">${foot}</text>
    </g></g>`;
  }
  const lines = towerLines(card, w);
  const design = card.source === "design" ? "our design" : card.source === "rulebook+design" ? "rulebook + our design" : "rulebook";
  return html`<g transform=${`translate(${x} ${y})`}>
    <g data-key=${`tower:${kind}:${card.code}`} data-face=${card.code} data-help=${card.code} class=${`mv-tower ${kind}`}
       role="img" tabindex="0" aria-label=${`${title} card ${card.code}, ${card.name}: ${card.text}`}>
      <rect width=${w} height=${h} rx="8" class="mv-tower-card" />
      <rect width=${w} height="24" rx="8" class="mv-tower-band" />
      <rect y="14" width=${w} height="10" class="mv-tower-band" />
      <text x="10" y="17" class="mv-tower-kind light">${title}</text>
      <text x=${w - 10} y="17" text-anchor="end" class="mv-tower-code">${card.code}</text>
      <text x="12" y="44" class="mv-tower-name">${card.name}</text>
      ${lines.map((l, i) => html`<text x="12" y=${62 + i * 16} class="mv-tower-text">${l}</text>`)}
      <text x="12" y=${h - 9} class="mv-small">${foot}</text>
      <text x=${w - 10} y=${h - 9} text-anchor="end" class="mv-small it">${design}</text>
    </g>
  </g>`;
}

/** The Tower: the Direction card, then the Field and Instructor cards, in a row or stacked on a phone.
 * @param {{view: any, phone: boolean}} p */
function Tower({ view, phone }) {
  const t = view.tower;
  if (phone) {
    const W0 = 380, cw = W0 - 10;
    const hf = 80 + Math.max(1, towerLines(t.field, cw).length) * 16;
    const hi = 80 + Math.max(1, towerLines(t.instructor, cw).length) * 16;
    const top = 58;
    return html`<svg class="board mv-tower-svg" viewBox=${`0 0 ${W0} ${top + hf + hi + 16}`} role="group" aria-label="The Tower">
      <${DirectionCard} x=${5} y=${4} w=${cw} h=${46} view=${view} compact=${true} />
      <${TowerCard} x=${5} y=${top} w=${cw} h=${hf} kind="field" card=${t.field} deck=${t.field_deck} used=${t.field_used} />
      <${TowerCard} x=${5} y=${top + hf + 8} w=${cw} h=${hi} kind="instructor" card=${t.instructor} deck=${t.instructor_deck} used=${t.instructor_used} />
    </svg>`;
  }
  const W0 = 860, dw = 128, cw = (W0 - dw - 30) / 2;
  const h = 80 + Math.max(towerLines(t.field, cw).length, towerLines(t.instructor, cw).length, 1) * 16;
  return html`<svg class="board mv-tower-svg" viewBox=${`0 0 ${W0} ${h + 8}`} role="group" aria-label="The Tower">
    <${DirectionCard} x=${5} y=${4} w=${dw} h=${h} view=${view} />
    <${TowerCard} x=${dw + 15} y=${4} w=${cw} h=${h} kind="field" card=${t.field} deck=${t.field_deck} used=${t.field_used} />
    <${TowerCard} x=${dw + 25 + cw} y=${4} w=${cw} h=${h} kind="instructor" card=${t.instructor} deck=${t.instructor_deck} used=${t.instructor_used} />
  </svg>`;
}

// ---------------------------------------------------------------------------------------- the seats
const TILE_W = 176, TILE_H = 100;

/**
 * A seat's public zone: name and score, hand size, creature stack (its faces are public), the Initial
 * Player card, whose turn; under CM01 or CM10 a seat may be chosen as the receiver or the next player.
 * @param {{x: number, y: number, w?: number, s: number, view: any, me: number | null, names: string[],
 *   thinking: number[], target?: {label: string, select: string, chosen: boolean, onClick: () => void} | null}} p
 */
function SeatTile({ x, y, w = TILE_W, s, view, me, names, thinking, target }) {
  const h = TILE_H;
  const toMove = view.to_move.includes(s) && view.phase !== "over";
  const thinks = thinking.includes(s);
  const size = view.hand_sizes[s];
  const limit = view.hand_limits[s];
  const stack = /** @type {string[]} */ (view.stacks[s]);
  const stackSize = view.stack_sizes[s];
  const first = view.first_player === s;
  const need = view.table.total > 0 ? view.table.need[s] : null;
  // a seat whose requirement differs from the others' (CM08, CM09 once the scores differ)
  const margins = /** @type {number[]} */ (view.tower.margins);
  const odd = need !== null && margins[s] !== 0 && margins.some((m) => m !== margins[s]);
  const score = String(view.scores[s]);
  const starX = w - 12 - score.length * 9 - 16;
  const name = s === me ? "you" : names[s] ?? "";
  const backs = Math.min(size, 8);
  const ctl = target ? control({ select: target.select, onClick: target.onClick, label: target.label, pressed: target.chosen }) : {};
  const stackRoom = Math.floor((w - 40) / 6.4);
  const stackText = stackSize === 0 ? "no creature stack" : clip(`stack ${stackSize}: ${stack.join(" ")}`, stackRoom);
  const status = [thinks ? "thinking…" : toMove ? (view.pending?.decision === "lead" ? "▶ to lead" : "▶ to play") : "",
    odd ? (margins[s] < 0 ? `may equal ${view.table.total}` : `needs ${need}`) : ""].filter(Boolean).join(" · ");
  const label = `${who(s, names)}${s === me ? " (you)" : ""}: score ${view.scores[s]}, ${size} card${size === 1 ? "" : "s"} in hand, `
    + `creature stack ${stackSize ? stack.join(" ") : "empty"}${first ? ", holds the Initial Player card" : ""}${toMove ? ", to play" : ""}`;
  return html`<g transform=${`translate(${x} ${y})`}>
    <g data-key=${`seat:${s}`} data-seat-tile=${s} ...${ctl} role=${target ? "button" : "group"} aria-label=${target ? target.label : label}
       class=${`mv-seat seat-${s} ${toMove ? "turn" : ""} ${s === me ? "me" : ""} ${target ? "target" : ""} ${target?.chosen ? "chosen" : ""} ${ctl.class ?? ""}`}>
      <rect width=${w} height=${h} rx="10" class="mv-seat-bg" />
      <rect x="8" y="8" width="30" height="19" rx="4" class="mv-seat-chip" style=${`fill: var(--seat-${s % 6})`} />
      <text x="23" y="22" text-anchor="middle" class="mv-seat-chip-text">P${s}</text>
      <text x="44" y="22" class="mv-seat-name">${clip(name, Math.floor((starX - 48) / 7.4))}</text>
      <g aria-hidden="true"><${Icon} svg name="star" size=${14} x=${starX} y=${10} fill="#8c6a00" /></g>
      <text x=${w - 10} y="22" text-anchor="end" class="mv-seat-score">${score}</text>
      <g aria-hidden="true" transform="translate(10 33)">
        ${Array.from({ length: backs }, (_, i) => html`<rect x=${i * 5} y="0" width="13" height="19" rx="2" class="mv-mini-back" />`)}
        <text x=${backs * 5 + (backs ? 18 : 0)} y="14" class="mv-seat-text">${size} in hand${limit !== 6 ? ` (limit ${limit})` : ""}</text>
      </g>
      <g data-key=${`stack:${s}:${stackSize}`} aria-hidden="true" transform="translate(10 57)">
        ${stackSize > 0 && html`<rect x="4" y="0" width="13" height="19" rx="2" class="mv-stack-card" />
          <rect x="2" y="2" width="13" height="19" rx="2" class="mv-stack-card" />
          <rect x="0" y="4" width="13" height="19" rx="2" class="mv-stack-card top" />`}
        <text x=${stackSize > 0 ? 24 : 0} y="17" class="mv-seat-text">${stackText}</text>
      </g>
      <title>${stackSize ? `Creature stack: ${stack.join(" ")}` : "No creature stack yet"}</title>
      <g transform="translate(10 80)">
        ${first && html`<g data-help="first_player" role="img" aria-label="Initial Player card"><rect x="0" y="0" width="34" height="15" rx="7.5" class="mv-first" />
          <text x="17" y="11.5" text-anchor="middle" class="mv-first-text">1st</text></g>`}
        <text x=${first ? 42 : 0} y="12" class=${`mv-seat-status ${toMove ? "on" : ""}`}>${status}</text>
      </g>
      ${target && html`<text x=${w - 10} y="92" text-anchor="end" class="mv-target-text">${target.chosen ? "✓ chosen" : "choose"}</text>`}
    </g>
  </g>`;
}

// ---------------------------------------------------------------------------------------- the pile
/**
 * The plays since the last take: the latest in full, the earlier ones small above it; the total to
 * beat; the deck; the take and play controls.
 * @param {{view: any, x: number, y: number, w: number, h: number, me: number | null, names: string[], fresh: number,
 *   confirm: {notation: string, label: string} | null, take: Action | undefined, send: (n: string) => void}} p
 */
function Pile({ view, x, y, w, h, me, names, fresh, confirm, take, send }) {
  const code = view.tower.field?.code;
  const plays = view.table.plays;
  const last = plays[plays.length - 1];
  const earlier = plays.slice(0, -1);
  const cx = w / 2;
  const parts = [];
  // the earlier plays, small, in a row above (the latest ones kept when they do not fit)
  const MW = 28, MH = 38, MS = 17;
  const widths = earlier.map((/** @type {any} */ p) => MW + MS * (parseFaces(p).length - 1) + 14);
  let keep = earlier.length, total = 0;
  while (keep > 0 && total + widths[keep - 1] <= w - 40) { total += widths[keep - 1]; keep--; }
  const from = keep;
  let mx = cx - total / 2;
  if (from > 0) parts.push(html`<text x=${mx - 6} y=${y + 24} text-anchor="end" class="mv-small light">+${from} earlier</text>`);
  earlier.forEach((/** @type {any} */ p, /** @type {number} */ i) => {
    if (i < from) return;
    const { faces, wildAs } = parsePlay(p.cards);
    const gx = mx;
    parts.push(html`<g class="mv-earlier" data-play=${i}>${faces.map((f, j) => html`<${Creature} face=${f} code=${code} wildAs=${wildAs}
        x=${gx + j * MS} y=${y + 4} w=${MW} h=${MH} keyName=${`table:${view.round}:${i}:${p.seat}:${j}`}
        label=${`${whoShort(p.seat, me, names)} played ${WORD[f] ?? f}`} />`)}
      <text x=${gx + (MW + MS * (faces.length - 1)) / 2} y=${y + MH + 16} text-anchor="middle" class="mv-small light">${p.effect ? EFFECT_NOTE[p.effect] : p.total} · P${p.seat}</text></g>`);
    mx += widths[i];
  });
  // the latest play, in full
  const CW = 58, CH = 82;
  const ly = y + 64;
  if (last) {
    const { faces, wildAs } = parsePlay(last.cards);
    const step = Math.min(CW + 6, (w * 0.5 - CW) / Math.max(1, faces.length - 1));
    const lw = CW + step * (faces.length - 1);
    const lx = cx - lw / 2;
    const idx = plays.length - 1;
    const isNew = idx >= fresh;
    parts.push(html`<g class="mv-latest" data-play=${idx}>${faces.map((f, j) => html`<${Creature} face=${f} code=${code} wildAs=${wildAs}
        x=${lx + j * step} y=${ly} w=${CW} h=${CH} keyName=${`table:${view.round}:${idx}:${last.seat}:${j}`}
        label=${`${whoShort(last.seat, me, names)} played ${WORD[f] ?? f}`} glow=${isNew && fresh >= 0} />`)}</g>`);
    const what = last.effect ? (last.effect === "choose" && last.next !== null ? `P${last.next} plays next` : EFFECT_RESULT[last.effect]) : `total ${last.total}`;
    parts.push(html`<text x=${cx} y=${ly + CH + 18} text-anchor="middle" class="mv-play-label">${last.seat === me ? "You" : `P${last.seat}`} played ${phrase(faces)}: ${what}</text>`);
  } else {
    parts.push(html`<rect x=${cx - 70} y=${ly} width="140" height=${CH} rx="8" class="mv-empty-slot" />
      <text x=${cx} y=${ly + CH / 2 + 5} text-anchor="middle" class="mv-empty-text">empty table</text>`);
  }
  // the total to beat
  const t = view.table.total;
  const need = me !== null ? view.table.need[me] : view.pending ? view.table.need[view.pending.seat] : t + 1;
  const bx = w - 46, by = ly + CH / 2 - 4;
  parts.push(html`<g class="mv-total" role="img" aria-label=${t > 0 ? `total to beat ${t}${need !== t + 1 ? `, ${me !== null ? "you need" : "needed"} ${need} or more` : ""}` : "nothing to beat: the next play leads"}>
    <circle cx=${bx} cy=${by} r="34" class="mv-total-disc" />
    <text x=${bx} y=${by + (t > 0 ? 10 : 6)} text-anchor="middle" class=${t > 0 ? "mv-total-num" : "mv-total-lead"}>${t > 0 ? t : "lead"}</text>
    <text x=${bx} y=${by + 50} text-anchor="middle" class="mv-small light">${t > 0 ? (need === t ? "equal or beat" : need !== t + 1 ? `reach ${need}+` : "to beat") : "anything goes"}</text>
  </g>`);
  // the deck (and Skip cards set aside)
  const dx = 14, dy = ly + 6;
  parts.push(html`<g class="mv-deck" role="img" aria-label=${`deck: ${view.deck_size} card${view.deck_size === 1 ? "" : "s"}`}>
    ${view.deck_size > 0
      ? html`<rect x=${dx + 4} y=${dy - 4} width="46" height="64" rx="5" class="card-back" /><rect x=${dx} y=${dy} width="46" height="64" rx="5" class="card-back" />
        <rect x=${dx + 4} y=${dy + 4} width="38" height="56" rx="3" class="card-back-inner" />
        <text x=${dx + 23} y=${dy + 38} text-anchor="middle" class="mv-deck-num">${view.deck_size}</text>`
      : html`<rect x=${dx} y=${dy} width="46" height="64" rx="5" class="mv-empty-slot" /><text x=${dx + 23} y=${dy + 37} text-anchor="middle" class="mv-small light">empty</text>`}
    <text x=${dx + 23} y=${dy + 80} text-anchor="middle" class="mv-small light">deck</text>
    ${view.discard.length > 0 && html`<text x=${dx} y=${dy + 96} class="mv-small light">set aside: ${view.discard.join(" ")}</text>`}
  </g>`);
  // the controls: play the chosen cards here, or take the pile
  if (confirm) {
    parts.push(html`<g transform=${`translate(${cx - 110} ${ly - 6})`}><g ...${control({ action: confirm.notation, onClick: () => send(confirm.notation), label: confirm.label })} class="ctl mv-drop">
      <rect width="220" height=${CH + 10} rx="10" class="mv-drop-rect" />
      <rect x="30" y=${CH / 2 - 6} width="160" height="28" rx="14" class="mv-drop-pill" />
      <text x="110" y=${CH / 2 + 13} text-anchor="middle" class="mv-drop-text">play here</text>
    </g></g>`);
  }
  if (take) {
    const n = view.table.count;
    parts.push(html`<g transform=${`translate(${cx - 70} ${ly + CH + 28})`}><g ...${control({ action: take.notation, onClick: () => send(take.notation), label: `Take the pile: ${n} open card${n === 1 ? "" : "s"} into your creature stack` })} class="ctl mv-take">
      <rect width="140" height="30" rx="15" class="mv-take-rect" />
      <text x="70" y="20" text-anchor="middle" class="mv-take-text">take ${n} card${n === 1 ? "" : "s"}</text>
    </g></g>`);
  }
  return html`<g transform=${`translate(${x} 0)`} class="mv-pile">${parts}</g>`;
}

/** @param {any} p a table play */
const parseFaces = (p) => parsePlay(p.cards).faces;

// ---------------------------------------------------------------------------------------- the board
/** @param {import("medieval/views/board-types.js").BoardProps} props */
export default function MedievaliaBoard({ view, actions, act, seat, names, previous, thinking, busy }) {
  const root = useRef(/** @type {HTMLDivElement | null} */ (null));
  const [chosen, setChosen] = useState(/** @type {number[]} */ ([]));
  const [dims, setDims] = useState(/** @type {Record<string, any>} */ ({}));
  useFlip(root, view);
  const width = useWidth(root);
  useEffect(() => { setChosen([]); setDims({}); }, [actions]);

  const n = view.players;
  const me = seat;
  const code = view.tower.field?.code;
  const enabled = !!act && !busy;
  /** @param {string} notation */
  const send = (notation) => { if (enabled && act) { setChosen([]); setDims({}); act(notation); } };

  // ------------------------------------------------------------------ building a play
  const hand = /** @type {string[]} */ (view.hand ?? []);
  const plays = enabled ? actions.filter((a) => a.kind === "play").map((a) => ({ a, counts: tally(a.args.cards) })) : [];
  const take = enabled ? actions.find((a) => a.kind === "take") : undefined;
  const selFaces = chosen.map((i) => hand[i]).filter((f) => f !== undefined);
  const selCounts = tally(selFaces);
  /** @param {number} i */
  const canAdd = (i) => {
    const next = tally([...selFaces, hand[i]]);
    return plays.some((p) => within(next, p.counts));
  };
  const exact = selFaces.length ? plays.filter((p) => same(selCounts, p.counts)) : [];
  /** @type {{dim: string, opts: any[]}[]} */
  const choices = [];
  let pool = exact;
  let complete = exact.length > 0;
  for (const dim of ["value", "give", "next"]) {
    if (!complete) break;
    const opts = [...new Set(pool.map((p) => p.a.args[dim]))];
    if (opts.length > 1) {
      opts.sort((a, b) => Number(a) - Number(b));
      choices.push({ dim, opts });
      if (dims[dim] !== undefined && opts.includes(dims[dim])) pool = pool.filter((p) => p.a.args[dim] === dims[dim]);
      else complete = false;
    }
  }
  const final = complete && pool.length === 1 ? pool[0].a : null;
  const finalMeaning = final ? meaning(final, code) : null;
  const confirm = final ? { notation: final.notation, label: `Play ${phrase(final.args.cards)}${finalMeaning?.skip ? ` as ${EFFECT_WORDS[finalMeaning.skip]}` : `, total ${finalMeaning?.total}`}${final.args.give !== null && final.args.give !== undefined ? `, giving your stack to P${final.args.give}` : ""}${final.args.next !== null && final.args.next !== undefined ? `, P${final.args.next} plays next` : ""}` } : null;
  const seatDim = choices.find((c) => (c.dim === "give" || c.dim === "next") && !(c.dim in dims && c.opts.includes(dims[c.dim])))
    ?? choices.find((c) => c.dim === "give" || c.dim === "next");
  /** @param {string} dim @param {any} v */
  const choose = (dim, v) => {
    const next = { ...dims, [dim]: v };
    if (dim === "value") { delete next.give; delete next.next; }
    setDims(next);
  };
  /** @param {number} i */
  const toggle = (i) => {
    setDims({});
    setChosen(chosen.includes(i) ? chosen.filter((j) => j !== i) : [...chosen, i]);
  };

  // ------------------------------------------------------------------ what just changed
  // Plays at or after `fresh` arrived with this view (-1: nothing to mark); they fly in from their seat.
  let fresh = -1;
  if (previous && previous.round === view.round && previous.table) {
    const before = previous.table.plays.length, now = view.table.plays.length;
    if (now > before) fresh = before;
    else if (now > 0 && now < before) fresh = 0;
  }
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || fresh < 0 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    for (const group of el.querySelectorAll(".mv-pile [data-play]")) {
      const i = Number(group.getAttribute("data-play"));
      if (i < fresh) continue;
      const p = view.table.plays[i];
      const tile = el.querySelector(p.seat === me ? ".mv-hand-svg" : `[data-seat-tile="${p.seat}"]`);
      if (!tile) continue;
      const a = tile.getBoundingClientRect();
      for (const node of group.querySelectorAll("[data-key]")) {
        const b = node.getBoundingClientRect();
        const ctm = /** @type {SVGGraphicsElement} */ (node).ownerSVGElement?.getScreenCTM();
        const scale = ctm && ctm.a ? 1 / ctm.a : 1;
        const dx = (a.left + a.width / 2 - b.left - b.width / 2) * scale, dy = (a.top + a.height / 2 - b.top - b.height / 2) * scale;
        node.animate([{ transform: `translate(${dx}px, ${dy}px)`, opacity: 0.4 }, { transform: "translate(0, 0)", opacity: 1 }],
          { duration: 420, easing: "cubic-bezier(.2,.7,.3,1)" });
      }
    }
  }, [view]);

  // ------------------------------------------------------------------ the table
  const phone = width < 560;
  const viewer = me ?? 0;
  /** @param {number} s */
  const targetOf = (s) => {
    if (!seatDim || s === me || !seatDim.opts.includes(s)) return null;
    const dim = seatDim.dim;
    return {
      select: `${dim}:${s}`, chosen: dims[dim] === s, onClick: () => choose(dim, s),
      label: dim === "give" ? `Give your creature stack to ${who(s, names)}` : `${who(s, names)} plays next`,
    };
  };
  let tableSvg;
  if (phone) {
    const W0 = 380, cols = 2, tw = (W0 - 10 - 8) / cols;
    const order = Array.from({ length: n }, (_, k) => (viewer + k) % n);
    const rows = Math.ceil(n / cols);
    const pileTop = rows * (TILE_H + 8) + 24;
    const H = pileTop + (take ? 216 : 182) + (view.discard.length ? 16 : 0);
    tableSvg = html`<svg class="board mv-table-svg" viewBox=${`0 0 ${W0} ${H}`} role="group" aria-label="The table: every seat, the plays and the total to beat">
      <rect x="2" y="2" width=${W0 - 4} height=${H - 4} rx="16" class="mv-felt" />
      ${order.map((s, k) => html`<${SeatTile} key=${s} x=${5 + (k % cols) * (tw + 8)} y=${10 + Math.floor(k / cols) * (TILE_H + 8)} w=${tw} s=${s}
          view=${view} me=${me} names=${names} thinking=${thinking} target=${targetOf(s)} />`)}
      <text x=${W0 / 2} y=${pileTop - 4} text-anchor="middle" class="mv-small light">seats in order P${order.join(" → P")} · play runs ${view.direction}</text>
      <g transform=${`translate(0 ${pileTop})`}>
        <${Pile} view=${view} x=${0} y=${0} w=${W0} h=${240} me=${me} names=${names} fresh=${fresh} confirm=${confirm} take=${take} send=${send} />
      </g>
    </svg>`;
  } else {
    const W0 = 860, H = 460, cx = W0 / 2, cy = 228, rx = 336, ry = 176;
    const arrows = [45, 135, 225, 315].map((a) => view.direction === "clockwise" ? arcArrow(cx, cy, 270, 136, a - 14, a + 14) : arcArrow(cx, cy, 270, 136, a + 14, a - 14));
    tableSvg = html`<svg class="board mv-table-svg" viewBox=${`0 0 ${W0} ${H}`} role="group" aria-label="The table: every seat, the plays and the total to beat">
      <ellipse cx=${cx} cy=${cy} rx="318" ry="168" class="mv-rim" />
      <ellipse cx=${cx} cy=${cy} rx="304" ry="156" class="mv-felt" />
      <g aria-hidden="true" class="mv-arrows">${arrows.map((a) => html`<path d=${a.line} class="mv-arrow" /><path d=${a.head} class="mv-arrow-head" />`)}</g>
      <text x=${cx} y=${cy + 112} text-anchor="middle" class="mv-small light" aria-hidden="true">play runs ${view.direction}</text>
      <${Pile} view=${view} x=${cx - 200} y=${cy - 120} w=${400} h=${260} me=${me} names=${names} fresh=${fresh} confirm=${confirm} take=${take} send=${send} />
      ${Array.from({ length: n }, (_, s) => {
        const k = (s - viewer + n) % n;
        const a = ((90 + (k * 360) / n) * Math.PI) / 180;
        const x = cx + rx * Math.cos(a) - TILE_W / 2, y = cy + ry * Math.sin(a) - TILE_H / 2;
        return html`<${SeatTile} key=${s} x=${Math.max(4, Math.min(W0 - TILE_W - 4, x))} y=${Math.max(4, Math.min(H - TILE_H - 4, y))} s=${s}
          view=${view} me=${me} names=${names} thinking=${thinking} target=${targetOf(s)} />`;
      })}
    </svg>`;
  }

  // ------------------------------------------------------------------ the prompt
  const t = view.table.total;
  const needMe = me !== null ? view.table.need[me] : 0;
  let prompt = "";
  if (view.phase === "over") prompt = "The game is over.";
  else if (!act || !actions.length) {
    const p = view.pending;
    const beat = p?.need === t ? `equal or beat ${t}` : p && p.need > t + 1 ? `reach ${p.need} or more` : `beat ${t}`;
    prompt = p ? `${who(p.seat, names)} is to ${p.decision === "lead" ? "lead on the empty table" : `${beat}, play a Skip or take the pile`}.` : "";
  } else if (!selFaces.length) {
    if (!plays.length && take) prompt = `You cannot beat ${t}: take the pile.`;
    else if (t === 0) prompt = "You lead: choose cards of one value (Wildcards may join them), or a Skip, then play them.";
    else prompt = `${needMe === t ? `Equal or beat ${t}` : `Beat ${t}`}: choose cards of one value reaching ${needMe} or more, or a Skip — or take the ${view.table.count} open card${view.table.count === 1 ? "" : "s"}.`;
  } else if (!exact.length) {
    const sum = selFaces.every((f) => f === "W") ? null : Number(selFaces.find((f) => f !== "W")) * selFaces.length;
    const short = sum !== null && !Number.isNaN(sum) && t > 0 && sum < needMe;
    prompt = `Chosen: ${phrase(selFaces)}${sum !== null && !Number.isNaN(sum) ? ` (${sum})` : ""}. ${short ? `Add cards of the same value or Wildcards to reach ${needMe}.` : "Add cards to make a play you may make."}`;
  } else if (!final) {
    const c = choices.find((x) => !(x.dim in dims) || !x.opts.includes(dims[x.dim]));
    prompt = `Chosen: ${phrase(selFaces)}. ${c?.dim === "value" ? "Choose the value the Wildcards take." : c?.dim === "give" ? "Choose the opponent who receives your creature stack (CM01)." : "Choose who plays next (CM10)."}`;
  } else prompt = `Ready: ${phrase(selFaces)}${finalMeaning?.skip ? `, ${EFFECT_WORDS[finalMeaning.skip]}` : `, total ${finalMeaning?.total}`}. Confirm, or “play here” on the table.`;

  /** @param {string} dim @param {any} v */
  const chipText = (dim, v) => {
    if (dim === "value") return `as ${v} (${Number(v) * selFaces.length})`;
    return who(Number(v), names);
  };
  const DIM_TITLE = /** @type {Record<string, string>} */ ({ value: "Wildcards as", give: "Give your stack to", next: "Next to play" });

  // ------------------------------------------------------------------ the hand
  const CW = phone ? 56 : 72, CH = phone ? 80 : 100;
  const counts = /** @type {Record<string, number>} */ ({});
  const handCards = hand.map((f, i) => {
    const k = (counts[f] = (counts[f] ?? -1) + 1);
    const on = chosen.includes(i);
    const can = enabled && (on || canAdd(i));
    const effect = effectOf(f, code);
    return creatureProps({
      face: f, code, w: CW, h: CH, keyName: `hand:${f}:${k}`, selected: on, dim: enabled && actions.length > 0 && !can,
      label: `your ${WORD[f] ?? f}${effect && effect !== "wild" ? ` (${EFFECT_NOTE[effect]})` : ""}${can ? (on ? ": chosen, choose again to put it back" : ": choose it for your play") : ""}`,
      select: can ? `card:${f}:${k}` : undefined, onClick: can ? () => toggle(i) : undefined,
    });
  });
  const handW = Math.max(hand.length, phone ? 4 : 6) * (CW + 8) + 20;
  const handVB = phone ? Math.min(handW, 380) : handW;

  // ------------------------------------------------------------------ the scores
  const rounds = view.round_scores;
  const last = view.last_round;

  return html`<div class=${`medievalia ${phone ? "phone" : ""}`} ref=${root} data-board="medievalia">
    <div class="mv-status">
      <span><strong>Round ${view.round} of ${view.rounds}</strong> · ${view.phase === "over" ? "game over" : view.phase === "lead" ? "a lead on the empty table" : `beat ${t}`}</span>
      <span>play runs <strong>${view.direction}</strong> ${view.direction === "clockwise" ? "↻" : "↺"}</span>
      <span><span class="mv-token" data-help="first_player">1st</span> ${who(view.first_player, names)}</span>
      <span><${Icon} name="deck" size=${15} /> deck ${view.deck_size}</span>
    </div>
    <${Tower} view=${view} phone=${phone} />
    <div class="mv-table-wrap">${tableSvg}</div>
    <div class="mv-prompt" role="status">
      <span class="mv-prompt-text">${prompt}</span>
      ${enabled && html`<span class="mv-buttons">
        ${choices.map((c) => html`<span class="mv-choice" role="group" aria-label=${DIM_TITLE[c.dim]}>
          <span class="muted small">${DIM_TITLE[c.dim]}:</span>
          ${c.opts.map((v) => html`<button type="button" class=${`chip ${dims[c.dim] === v ? "on" : ""}`} aria-pressed=${String(dims[c.dim] === v)}
              data-select=${`${c.dim}:${v}`} onClick=${() => choose(c.dim, v)}>${chipText(c.dim, v)}</button>`)}
        </span>`)}
        ${confirm && html`<button type="button" class="primary" data-action=${confirm.notation} onClick=${() => send(confirm.notation)}>${confirm.label}</button>`}
        ${selFaces.length > 0 && html`<button type="button" class="link" onClick=${() => { setChosen([]); setDims({}); }}>clear</button>`}
        ${take && html`<button type="button" data-action=${take.notation} onClick=${() => send(take.notation)}>Take the pile (${view.table.count})</button>`}
      </span>`}
    </div>
    ${me !== null && html`<div class="mv-hand">
      <h3>Your hand <span class="muted small">(${hand.length} card${hand.length === 1 ? "" : "s"}, limit ${view.hand_limits[me]})</span></h3>
      <svg class="board mv-hand-svg" viewBox=${`0 0 ${handVB} ${CH + 28}`} style=${`max-width:${handVB * (phone ? 1 : 1.1)}px`} role="group" aria-label="Your hand">
        <${Hand} cards=${handCards} x=${8} y=${20} width=${handVB - 16} cardW=${CW} cardH=${CH} />
      </svg>
    </div>`}
    <details class="mv-scores-box" open=${!phone || view.phase === "over"}>
      <summary><h3>Scores</h3></summary>
      <div class="table-wrap"><table class="mv-scores">
        <caption class="visually-hidden">Scores by round</caption>
        <thead><tr><th scope="col">Seat</th>${rounds.map((/** @type {any} */ _r, /** @type {number} */ i) => html`<th scope="col">R${i + 1}</th>`)}
          ${view.phase !== "over" && html`<th scope="col">R${view.round} <span class="muted small">now</span></th>`}<th scope="col">Total</th></tr></thead>
        <tbody>${Array.from({ length: n }, (_, s) => html`<tr class=${`seat-${s} ${s === me ? "me" : ""}`}>
          <th scope="row"><span class="seat-chip">P${s}</span> ${clip(names[s] ?? "", 16)}${s === me ? " (you)" : ""}</th>
          ${rounds.map((/** @type {number[]} */ r) => html`<td>${r[s]}</td>`)}
          ${view.phase !== "over" && html`<td class="muted">stack ${view.stack_sizes[s]}</td>`}
          <td class="total">${view.scores[s]}</td></tr>`)}</tbody>
      </table></div>
      ${last && html`<div class="mv-last">
        <h4>Round ${last.round}'s scoring: ${last.hitter === me ? "you" : who(last.hitter, names)} went out</h4>
        <p class="small muted">Magic Field ${last.field ?? "none"} · Magic Instructor ${last.instructor ?? "none"}${last.ignored.length ? ` · left on the table, not counted: ${last.ignored.join(" ")}` : ""}</p>
        <ul class="small">${last.scores.map((/** @type {number} */ sc, /** @type {number} */ s) => html`<li class=${`seat-${s}`}><span class="seat-chip">P${s}</span>
          <strong>${sc > 0 ? `+${sc}` : sc}</strong> · stack ${last.stacks[s].length ? last.stacks[s].join(" ") : "none"}${last.hands[s].length ? `; left in hand ${last.hands[s].join(" ")}` : ""}</li>`)}</ul>
        ${last.notes.length > 0 && html`<p class="small">${last.notes.join(" ")}</p>`}
      </div>`}
    </details>
  </div>`;
}
