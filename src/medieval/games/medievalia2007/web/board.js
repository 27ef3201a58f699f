// @ts-check
/**
 * Medievalia (2007)'s board (the board contract is in docs/web.md).
 *
 * Every player's Fief: the City and up to four territories in a row, the buildings standing on each
 * (above it) and the troops attached to it (below), the free troops and the visitors from other Fiefs
 * beside; every used card is drawn turned by 90 degrees. Between the Fiefs the intermediate Fiefs with
 * the troops marching through them. The market: the three decks (each with its face-up bottom card),
 * the three building stacks and the discard pile. The seat's hand. A sticky bar says what the seat may
 * do now and holds the purchase being paid (cost, produced, still needed) and the buttons; a battle in
 * progress is drawn as armies, the bands facing them and the groups taking damage.
 *
 * A move of one part is one click (use a card to produce, enlist a troop, aim at a target); a composite
 * move is built by selecting and then confirming: a card of the hand, then "play" or the resource to
 * sell it for; a building of a stack, then the unused territory or City it goes on; a troop, then the
 * territory, the free area or the neighbouring Fief it moves to; a resource of the pool, then the one
 * to trade it for; a Fief, then the attack; a Priest, Bowman, Artist or Merchant, then its target.
 * Everything is matched against the structured legal actions, never against notation.
 *
 * The panels live beside this module: `context.js` (the legal actions indexed and the table's cards as
 * controls), `fiefs.js`, `market.js`, `battle.js`, `bar.js`, and `art.js` (the cards and words they
 * share); this one holds the selection, draws the hand and lays the panels out.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import { html, loadStylesheet } from "medieval/lib/html.js";
import { useFlip, useWidth } from "medieval/lib/motion.js";
import { Hand } from "medieval/components/hand.js";
import { Art, HH, HW, W_PHONE, W_WIDE, vpOf } from "./art.js";
import { Bar } from "./bar.js";
import { BattleSection } from "./battle.js";
import { boardContext } from "./context.js";
import { FiefSection, RoadSection } from "./fiefs.js";
import { MarketSvg } from "./market.js";

loadStylesheet(new URL("./board.css", import.meta.url).href);

/** @typedef {import("medieval/views/board-types.js").Action} Action */

/** @param {import("medieval/views/board-types.js").BoardProps} props */
export default function Medievalia2007Board({ view, actions, act, seat, names, previous, thinking, busy }) {
  const root = useRef(/** @type {HTMLDivElement | null} */ (null));
  const [sel, setSel] = useState(/** @type {string | null} */ (null));
  const [handPick, setHandPick] = useState(0); // which copy of the selected face in hand was chosen (drawn lifted)
  useFlip(root, view);
  const width = useWidth(root);
  useEffect(() => { setSel(null); }, [actions]);
  const phone = width < 560;
  const W = phone ? W_PHONE : W_WIDE;
  const enabled = !!act && !busy;
  const acts = enabled ? actions : [];
  /** @param {string} notation */
  const send = (notation) => { if (enabled && act) { setSel(null); act(notation); } };
  /** @param {string} key */
  const toggle = (key) => setSel(sel === key ? null : key);
  const me = seat;
  const ctx = { ...boardContext({ view, acts, sel, toggle, send, names, me, previous }), view, names, me, W, phone, sel, toggle,
    send, setSel, thinking, act, enabled, acts };
  const { handActs } = ctx;

  // ------------------------------------------------------------------ the hand
  const hand = view.hand ?? [];
  const counts = /** @type {Record<string, number>} */ ({});
  const handCards = hand.map((/** @type {string} */ f) => {
    const k = (counts[f] = (counts[f] ?? -1) + 1);
    const own = handActs.get(f) ?? [];
    const key = `hand:${f}`;
    const can = own.length > 0; // copies are interchangeable: any of them selects the face
    return {
      x: 0, y: 0, keyName: `hand:${f}:${k}`, rank: "", face: f, help: f,
      label: `your ${f}${can ? `: choose it (${[...new Set(own.map((a) => a.kind))].join(" or ")})` : ""}`,
      badge: html`<${Art} face=${f} w=${HW} h=${HH} vp=${vpOf(f)} />`,
      selected: sel === key && handPick === k, glow: can && sel !== key, dim: acts.length > 0 && !own.length,
      select: can ? key : undefined, onClick: can ? () => { setHandPick(k); setSel(sel === key && handPick === k ? null : key); } : undefined,
    };
  });
  const handW = W;
  // a hand too long for one row goes on several rather than hiding its cards under each other
  const perHandRow = Math.floor((handW - 16) / (HW + 8));
  const handRows = [];
  for (let i = 0; i < handCards.length; i += perHandRow) handRows.push(handCards.slice(i, i + perHandRow));

  // ------------------------------------------------------------------ the Fiefs in order: the others above, yours below
  const ownerFiefs = view.fiefs.filter((/** @type {any} */ f) => f.owner !== null && f.owner !== undefined);
  const roads = view.fiefs.filter((/** @type {any} */ f) => f.owner === null || f.owner === undefined);
  const base = me ?? 0;
  const n = view.players;
  const order = Array.from({ length: n }, (_, k) => (base + k) % n);
  const others = order.slice(1).map((s) => ownerFiefs.find((/** @type {any} */ f) => f.owner === s));
  const mineFief = ownerFiefs.find((/** @type {any} */ f) => f.owner === base);
  roads.sort((/** @type {any} */ a, /** @type {any} */ b) => Number(!(a.between ?? []).includes(base)) - Number(!(b.between ?? []).includes(base)));

  // the intermediate Fiefs side by side, at the scale of the Fiefs (their viewBox is a share of W)
  const roadCols = phone || roads.length === 1 ? 1 : roads.length <= 4 ? 2 : 3;

  return html`<div class=${`m7 ${phone ? "phone" : "wide"}`} ref=${root} data-board="medievalia2007">
    ${Bar(ctx)}
    ${BattleSection(ctx)}
    <div class="m7-others">${others.map((f) => f && FiefSection(ctx, f))}</div>
    <div class="m7-roads" style=${`grid-template-columns: repeat(${roadCols}, minmax(0, 1fr))`}>${roads.map((f) => RoadSection(ctx, f, roadCols))}</div>
    ${mineFief && FiefSection(ctx, mineFief)}
    ${me !== null && html`<section class="m7-hand" aria-label="Your hand">
      <h3>Your hand <span class="muted small">(${hand.length} card${hand.length === 1 ? "" : "s"})</span></h3>
      ${hand.length ? html`<svg class="board hand-svg" viewBox=${`0 0 ${handW} ${handRows.length * (HH + 18) + 12}`} role="group" aria-label="Your hand">
        ${handRows.map((row, r) => html`<${Hand} cards=${row} x=${8} y=${16 + r * (HH + 18)} width=${handW - 16} cardW=${HW} cardH=${HH} />`)}
      </svg>` : html`<p class="empty-hand">No card in your hand.</p>`}
    </section>`}
    <section class="m7-market" aria-label="Decks and buildings">${MarketSvg(ctx)}</section>
  </div>`;
}
