// @ts-check
/**
 * Medievalia's table: each seat's public zone (a tile around the table) and the pile in the middle (the
 * plays since the last take, the total to beat, the deck, and the controls to play there or take).
 */

import { html } from "medieval/lib/html.js";
import { control } from "medieval/components/card.js";
import { Icon } from "medieval/components/icons.js";
import { Creature, EFFECT_NOTE, EFFECT_RESULT, WORD, clip, parseFaces, parsePlay, phrase, who, whoShort } from "./cards.js";

/** @typedef {import("medieval/views/board-types.js").Action} Action */

// ---------------------------------------------------------------------------------------- the seats
export const TILE_W = 176, TILE_H = 100;

/**
 * A seat's public zone: name and score, hand size, creature stack (its faces are public), the Initial
 * Player card, whose turn; under CM01 or CM10 a seat may be chosen as the receiver or the next player.
 * @param {{x: number, y: number, w?: number, s: number, view: any, me: number | null, names: string[],
 *   thinking: number[], target?: {label: string, select: string, chosen: boolean, onClick: () => void} | null}} p
 */
export function SeatTile({ x, y, w = TILE_W, s, view, me, names, thinking, target }) {
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
export function Pile({ view, x, y, w, h, me, names, fresh, confirm, take, send }) {
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
