// @ts-check
/** A row of cards (a hand) in SVG, overlapping as needed to fit `width`. */

import { html } from "medieval/lib/html.js";
import { Card } from "medieval/components/card.js";

/**
 * @param {{cards: import("medieval/components/card.js").CardProps[], x: number, y: number, width: number,
 *   cardW?: number, cardH?: number}} p  (each card's own x/y are ignored)
 */
export function Hand({ cards, x, y, width, cardW = 60, cardH = 84 }) {
  const n = cards.length;
  const step = n <= 1 ? 0 : Math.min(cardW + 8, (width - cardW) / (n - 1));
  const total = n ? cardW + step * (n - 1) : 0;
  const left = x + (width - total) / 2;
  return html`<g class="hand">${cards.map((c, i) => html`<${Card} ...${c} x=${left + i * step} y=${y} w=${cardW} h=${cardH} />`)}</g>`;
}
