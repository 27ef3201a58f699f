// @ts-check
/**
 * Medievalia's Tower: the Direction card, and the Magic Field and Magic Instructor cards face up with
 * their text, in a row on a wide screen or stacked on a phone.
 */

import { html } from "medieval/lib/html.js";
import { arcArrow, wrap } from "./cards.js";

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
export function Tower({ view, phone }) {
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
