// @ts-check
/**
 * Medievalia (2007)'s market: the three decks (each with its face-up bottom card), the three building
 * stacks and the discard pile; a deck takes or draws a card with one click, or is chosen to buy an extra
 * card; a stack is chosen to build its top building.
 */

import { html } from "medieval/lib/html.js";
import { Card } from "medieval/components/card.js";
import { Art, DECK_BACK, HH, HW, SH, SW, faceOf, vpOf } from "./art.js";

/** The decks, the stacks and the discard pile as SVG. @param {import("./fiefs.js").Ctx} ctx */
export function MarketSvg(ctx) {
  const { view, W, phone, sel, toggle, send, deckActs, buildActs } = ctx;
  const parts = [];
  const pile = 128;
  const deckX = (/** @type {number} */ i) => 8 + i * pile;
  const stackX = (/** @type {number} */ i) => (phone ? 8 + i * 100 : 8 + 3 * pile + 26 + i * 116);
  const rowY2 = phone ? 158 : 0;
  view.decks.forEach((/** @type {any} */ d, /** @type {number} */ i) => {
    const x = deckX(i), y = 26;
    const da = deckActs.get(d.name) ?? [];
    const direct = da.find((a) => a.kind === "take" || a.kind === "draw");
    const buy = da.find((a) => a.kind === "buy_card");
    const key = `deck:${d.name}`;
    /** @type {any} */
    let ctl = {};
    const label = `the ${d.name} deck, ${d.count} card${d.count === 1 ? "" : "s"}${d.bottom ? `, ${d.bottom} face up underneath` : ""}`;
    if (direct) ctl = { action: direct.notation, onClick: () => send(direct.notation), glow: true, label: `${label}: ${direct.kind} a card from it` };
    // buying an extra card is a rare choice: selectable, without drawing the eye like the real moves
    else if (buy) ctl = { select: key, onClick: () => toggle(key), selected: sel === key, label: `${label}: buy an extra card from it for any 4 resources` };
    const layers = Math.min(4, Math.ceil(d.count / 6));
    parts.push(html`<g class=${`deck deck-${d.name}`}>
      ${d.bottom && html`<${Card} x=${x + 56} y=${y + 26} w=${SW} h=${SH} rank="" keyName=${`bottom:${d.name}`} face=${d.bottom} help=${d.bottom}
        rotate=${90} badge=${html`<${Art} face=${d.bottom} w=${SW} h=${SH} />`} />`}
      ${Array.from({ length: layers }, (_, k) => html`<rect x=${x + 4 - k * 2} y=${y + 4 - k * 2} width=${HW} height=${HH} rx="6" class="pile-edge" />`)}
      ${d.count
        ? html`<${Card} x=${x - layers * 2} y=${y - layers * 2} w=${HW} h=${HH} faceDown=${true} back=${/** @type {any} */ (DECK_BACK)[d.name]} keyName=${`deck:${d.name}`} ...${ctl} />`
        : html`<g aria-hidden="true"><rect x=${x} y=${y} width=${HW} height=${HH} rx="6" class="slot" /><text x=${x + HW / 2} y=${y + 54} text-anchor="middle" class="slot-text">empty</text></g>`}
      <text x=${x + HW / 2} y=${y + HH + 20} text-anchor="middle" class="pile-label">${d.name} · ${d.count}</text>
    </g>`);
  });
  view.stacks.forEach((/** @type {any} */ st, /** @type {number} */ i) => {
    const x = stackX(i), y = rowY2 + 26;
    const ba = st.top ? buildActs.get(st.top) ?? [] : [];
    const key = `stack:${st.top}`;
    const layers = Math.min(3, Math.max(0, st.count - 1));
    const label = `building stack ${i + 1}: ${st.top ?? "empty"} on top, ${st.count} building${st.count === 1 ? "" : "s"}`;
    const ctl = ba.length && st.top
      ? { select: key, onClick: () => toggle(key), selected: sel === key, glow: sel !== key, label: `${label}: choose it to build it` }
      : { label };
    parts.push(html`<g class="stack">
      ${Array.from({ length: layers }, (_, k) => html`<rect x=${x + 4 - k * 2} y=${y + 4 - k * 2} width=${HW} height=${HH} rx="6" class="pile-edge stack-edge" />`)}
      ${st.top
        ? html`<${Card} x=${x - layers * 2} y=${y - layers * 2} w=${HW} h=${HH} rank="" keyName=${`stack:${i}:${st.top}`} face=${st.top} help=${st.top}
            badge=${html`<${Art} face=${st.top} w=${HW} h=${HH} vp=${vpOf(st.top)} />`} ...${ctl} />`
        : html`<g aria-hidden="true"><rect x=${x} y=${y} width=${HW} height=${HH} rx="6" class="slot" /><text x=${x + HW / 2} y=${y + 54} text-anchor="middle" class="slot-text">empty</text></g>`}
      <text x=${x + HW / 2} y=${y + HH + 20} text-anchor="middle" class="pile-label">stack ${i + 1} · ${st.count}</text>
    </g>`);
  });
  const dx = phone ? 330 : W - 100, dy = phone ? rowY2 + 26 : 26;
  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const discard = html`<g class="discard">
    ${top
      ? html`<${Card} x=${dx} y=${dy} w=${HW} h=${HH} rank="" keyName=${`discard:${top}`} face=${faceOf(top)} help=${faceOf(top)}
          badge=${html`<${Art} face=${faceOf(top)} w=${HW} h=${HH} title=${top} />`} />`
      : html`<g aria-hidden="true"><rect x=${dx} y=${dy} width=${HW} height=${HH} rx="6" class="slot" /><text x=${dx + HW / 2} y=${dy + 54} text-anchor="middle" class="slot-text">none</text></g>`}
    <text x=${dx + HW / 2} y=${dy + HH + 20} text-anchor="middle" class="pile-label">discard · ${view.discard.length}</text>
  </g>`;
  const height = rowY2 + 26 + HH + 30;
  return html`<svg class="board market-svg" viewBox=${`0 0 ${W} ${height}`} role="group" aria-label="The decks, the building stacks and the discard pile">
    <text x="8" y="12" class="zone-label">decks</text>
    <text x=${stackX(0)} y=${rowY2 + 12} class="zone-label">buildings</text>
    ${parts}${discard}
  </svg>`;
}
