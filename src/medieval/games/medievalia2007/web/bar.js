// @ts-check
/**
 * Medievalia (2007)'s bar, sticky above the board: the turn and the phase, the prestige target, what the
 * seat may do now in a sentence, the purchase being paid (cost, produced, still needed, the trades), and
 * the buttons of the selection and of the moves without a place on the table (end the actions, charge,
 * pass...).
 */

import { html } from "medieval/lib/html.js";
import { Card } from "medieval/components/card.js";
import { Icon } from "medieval/components/icons.js";
import { Amounts, Art, DECK_BACK, RES, Res, SH, SW, faceOf, fiefWords, phaseWords, who } from "./art.js";

/** @param {import("./fiefs.js").Ctx & {thinking: number[], act: any, enabled: boolean, acts: any[], setSel: (s: string | null) => void}} ctx */
export function Bar(ctx) {
  const { view, names, me, thinking, act, enabled, acts, sel, setSel, toggle, send, battle, table, selCard, selActs, selStack,
    buildActs, handActs, deckActs, tradeActs, attackActs, single, sends, sentenceOf } = ctx;
  const pending = view.pending;
  const hand = view.hand ?? [];
  const info = view.players_info;
  const active = view.active;
  const mine = me !== null && acts.length > 0;
  const decision = pending?.decision;
  const doing = {
    take_starting_card: "take a starting card", draw: "draw a card", actions: "act", pay: "pay", ally_supply: "answer the ally",
    external_movement: "move troops", war: "go to war or end the turn", upkeep: "disband troops", form_armies: "form armies",
    deploy: "deploy defenders", choose_target: "choose a target", powers: "use Priests and Bowmen", bonus: "place a bonus",
    damage_order: "order the damage",
  };
  let prompt = "";
  const purchase = view.purchase;
  if (view.phase === "over") prompt = "The game is over.";
  else if (!mine) {
    const p = pending?.seat;
    const t = p !== undefined && thinking.includes(p) ? " (thinking…)" : "";
    prompt = p === undefined ? "" : `${p === me ? "You are" : `${who(p, names, me)} is`} to ${/** @type {Record<string, string>} */ (doing)[decision ?? ""] ?? "move"}${t}.`;
  } else if (decision === "take_starting_card") prompt = `Take your starting cards one by one: choose a deck (${hand.length} of 8 taken).`;
  else if (decision === "draw") prompt = "Your turn: draw a card from the deck of your choice.";
  else if (decision === "actions") prompt = "Your actions: choose what to pay for (a card in hand, a building, a territory to remove, an extra card) or a troop to move.";
  else if (decision === "pay") prompt = "Pay: use glowing cards, sell a card from your hand, trade 3 alike for 1, or give up.";
  else if (decision === "ally_supply") prompt = `${who(active, names, me)} asks you for resources: produce, then send them (the first transfer of a turn costs a fee of 1), or refuse.`;
  else if (decision === "external_movement") prompt = "Movement: choose a troop, then the neighbouring Fief it marches to; or end your moves.";
  else if (decision === "war") prompt = "War: attack where your troops meet an enemy, shoot with a Bowman, or end your turn.";
  else if (decision === "upkeep") prompt = `You cannot feed all your troops: disband ${pending?.excess ?? 1} (click one).`;
  else if (decision === "form_armies") prompt = `Form your armies: click troops to enlist them into army ${battle?.armies.length ?? 1}, start a new army, or charge.`;
  else if (decision === "deploy") prompt = "Defend: choose one of your troops, then the army it engages; or hold.";
  else if (decision === "choose_target") {
    const k = (battle?.targets ?? []).findIndex((/** @type {any} */ t) => t === null) + 1;
    prompt = `Army ${k || ""} is free: click its target (a glowing card or band), or let it stand.`;
  } else if (decision === "damage_order") prompt = "Order the damage on your group: click the card that takes it next.";
  else if (decision === "bonus") prompt = "Place the +0/1 bonus of your civilian building: click the card that gets it.";
  else if (decision === "powers") prompt = "Priests and Bowmen may act now: choose one, then its target; or pass.";

  /** @type {{notation: string, text: string, primary?: boolean}[]} */
  const buttons = [];
  /** @type {any} */
  let selNote = null;
  if (selCard) {
    const c = table[selCard];
    const targets = selActs.filter((a) => ["move_inside", "inspire", "shoot", "heal", "march", "engage"].includes(a.kind));
    selNote = `${selCard} chosen${targets.length ? ": click a glowing place or card, or" : ":"}`;
    for (const a of selActs) buttons.push({ notation: a.notation, text: sentenceOf(a.notation), primary: a.kind === "produce" });
    if (!c) selNote = null;
  } else if (selStack) {
    selNote = `${selStack} chosen: click the glowing City or territory it goes on, or`;
    for (const a of buildActs.get(selStack) ?? []) buttons.push({ notation: a.notation, text: `on ${a.args.on}` });
  } else if (sel?.startsWith("hand:")) {
    const f = sel.slice(5);
    selNote = `Your ${f}:`;
    for (const a of handActs.get(f) ?? []) {
      buttons.push(a.kind === "play" ? { notation: a.notation, text: `Play the ${f}`, primary: true }
        : { notation: a.notation, text: `sell it for 1 ${a.args.resource}` });
    }
  } else if (sel?.startsWith("deck:")) {
    const d = sel.slice(5);
    const buy = (deckActs.get(d) ?? []).find((a) => a.kind === "buy_card");
    selNote = `The ${d} deck:`;
    if (buy) buttons.push({ notation: buy.notation, text: `Buy an extra ${d} card (any 4 resources)`, primary: true });
  } else if (sel?.startsWith("give:")) {
    const r = sel.slice(5);
    selNote = `Trade 3 ${r} for 1:`;
    for (const a of tradeActs.get(r) ?? []) buttons.push({ notation: a.notation, text: `${a.args.get}`, primary: true });
  } else if (sel?.startsWith("fief:")) {
    const f = sel.slice(5);
    selNote = `${fiefWords(f, view, names, me)}:`;
    for (const a of attackActs.get(f) ?? []) buttons.push({ notation: a.notation, text: `Attack ${who(a.args.defender, names, me)} here`, primary: true });
  }
  const SINGLE = { new_army: "New army", charge: "Charge!", hold: "Hold (deploy no more)", stand: "Stand (no target)", pass: "Pass",
    call_ally: "Ask your ally for resources", refuse: "Refuse", abandon: "Give up this purchase",
    end_actions: "End actions", end_moves: "End movement", end_turn: "End turn" };
  const tail = /** @type {{notation: string, text: string, primary?: boolean}[]} */ ([]);
  for (const s of sends) tail.push({ notation: s.notation, text: s.args.fee ? `Send, paying 1 ${s.args.fee} as the turn's fee` : "Send (the turn's fee is paid)", primary: true });
  for (const [k, text] of Object.entries(SINGLE)) {
    const a = single[k];
    if (a) tail.push({ notation: a.notation, text, primary: k === "charge" });
  }
  for (const a of Object.values(single)) if (!(a.kind in SINGLE)) tail.push({ notation: a.notation, text: a.notation });

  const pool = me !== null ? info[me]?.pool : null;
  const purchaseBox = purchase && html`<div class="m7-purchase" aria-label="The purchase being paid">
    <svg class="purchase-card" viewBox=${`0 0 ${SW + 4} ${SH + 4}`} width="44" aria-hidden=${purchase.kind !== "play" ? "true" : undefined}>
      ${purchase.kind === "play" || purchase.kind === "build"
        ? html`<${Card} x=${2} y=${2} w=${SW} h=${SH} rank="" keyName="purchase" face=${purchase.kind === "play" ? purchase.what : undefined}
            help=${purchase.what} badge=${html`<${Art} face=${purchase.what} w=${SW} h=${SH} />`} />`
        : purchase.kind === "remove"
          ? html`<${Card} x=${2} y=${2} w=${SW} h=${SH} rank="" keyName="purchase" help=${faceOf(purchase.what)} badge=${html`<${Art} face=${faceOf(purchase.what)} w=${SW} h=${SH} title=${purchase.what} />`} />`
          : html`<${Card} x=${2} y=${2} w=${SW} h=${SH} faceDown=${true} back=${/** @type {any} */ (DECK_BACK)[purchase.what]} keyName="purchase" />`}
    </svg>
    <div class="pur-text">
      <strong>${active === me ? "You are" : `${who(active, names, me)} is`} paying for ${purchase.kind === "play" ? `the ${purchase.what}` : purchase.kind === "build" ? `the ${purchase.what} on ${purchase.on}` : purchase.kind === "remove" ? `removing ${purchase.what}` : `an extra ${purchase.what} card`}</strong>
      <div class="pur-row"><span class="pur-k">cost</span> ${purchase.any ? html`<span>any ${purchase.any} resources</span>` : html`<${Amounts} res=${purchase.cost} none="nothing more" />`}
        ${purchase.discount ? html`<span class="muted small">(Bureaucrats: ${purchase.discount} off)</span>` : ""}</div>
      <div class="pur-row"><span class="pur-k">produced</span> ${RES.some((r) => purchase.pool[r]) ? RES.filter((r) => purchase.pool[r]).map((r) => {
        const key = `give:${r}`;
        const tr = tradeActs.get(r);
        return tr ? html`<button type="button" class=${`res-btn ${sel === key ? "on" : ""}`} data-select=${key} aria-pressed=${String(sel === key)}
            onClick=${() => toggle(key)} title="trade 3 of them for 1 other"><${Res} r=${r} n=${purchase.pool[r]} /> ⇄</button>`
          : html`<${Res} r=${r} n=${purchase.pool[r]} />`;
      }) : html`<span class="muted">nothing yet</span>`}</div>
      <div class="pur-row"><span class="pur-k">still needed</span> ${purchase.any
        ? html`<span>${Math.max(0, purchase.any - RES.reduce((s, r) => s + (purchase.pool[r] ?? 0), 0))} of any kind</span>`
        : html`<${Amounts} res=${purchase.shortfall} none="nothing" />`}</div>
    </div>
  </div>`;

  const allied = view.allied;
  const teamVp = (/** @type {number} */ t) => info.filter((/** @type {any} */ p) => p.team === t).reduce((s, /** @type {any} */ p) => s + p.vp, 0);
  return html`<div class=${`m7-bar ${mine ? "mine" : ""} ${view.phase === "over" || !act ? "still" : ""}`}>
    <div class="m7-status">
      <span><strong>Turn ${view.turn}</strong> · ${view.phase === "over" ? "game over" : `${active === me ? "your turn" : `${who(active, names, me)}'s turn`} · ${phaseWords(view.phase)}`}</span>
      <span><${Icon} name="star" size=${14} /> ${allied ? `alliances need ${view.prestige_target} VP: ${[0, 1].map((t) => `${info.filter((/** @type {any} */ p) => p.team === t).map((/** @type {any} */ p) => `P${p.seat}`).join("+")} ${teamVp(t)}`).join(" · ")}` : `${view.prestige_target} VP wins`}</span>
      ${pool && RES.some((r) => pool[r]) && !purchase && html`<span>produced: <${Amounts} res=${pool} /></span>`}
    </div>
    <p class="m7-prompt" role="status">${prompt}</p>
    ${purchaseBox}
    ${enabled && (buttons.length > 0 || tail.length > 0 || sel) && html`<div class="m7-buttons">
      ${selNote && html`<span class="sel-note">${selNote}</span>`}
      ${buttons.map((b) => html`<button type="button" class=${b.primary ? "primary" : ""} data-action=${b.notation} onClick=${() => send(b.notation)}>${b.text}</button>`)}
      ${sel && html`<button type="button" class="link" onClick=${() => setSel(null)}>cancel</button>`}
      ${tail.length > 0 && buttons.length > 0 && html`<span class="sep" aria-hidden="true"></span>`}
      ${tail.map((b) => html`<button type="button" class=${b.primary ? "primary" : ""} data-action=${b.notation} onClick=${() => send(b.notation)}>${b.text}</button>`)}
    </div>`}
  </div>`;
}
