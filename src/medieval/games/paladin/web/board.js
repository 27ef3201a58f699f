// @ts-check
/**
 * Paladin's board (the board contract is in docs/web.md).
 *
 * The quest row, each quest with its swords and the Paladins facing it, face down with their owner
 * marked (the ones this seat knows drawn face up for it, with an eye); the hero being resolved; the hand
 * (choose a card, then the quest to place it on); look at a face-down card by choosing it; the
 * resolution's three answers as buttons; every seat's public zone, valour, and the dealer and first
 * player. Red Paladins carry a sword and an "r" besides their colour.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import { html, loadStylesheet } from "medieval/lib/html.js";
import { useFlip, useWidth } from "medieval/lib/motion.js";
import { Card, control } from "medieval/components/card.js";
import { Hand } from "medieval/components/hand.js";
import { Icon } from "medieval/components/icons.js";

loadStylesheet(new URL("./board.css", import.meta.url).href);

const COL = 200;
const CW = 72, CH = 100;
/** The two columns of face-down Paladins under a quest (x offsets inside its column). */
const GRID_X = [COL / 2 - CW - 5, COL / 2 + 5];

/** @param {number} seat @param {string[]} names */
const who = (seat, names) => `P${seat}${names[seat] ? ` ${names[seat]}` : ""}`;
/** @param {any} face */
const faceName = (face) => (face.red ? `red ${face.value}` : `${face.value}`);

/** @param {{x: number, y: number, seat: number, you: boolean}} p */
function Owner({ x, y, seat, you }) {
  return html`<g class=${`owner seat-${seat}`} transform=${`translate(${x} ${y})`} aria-hidden="true">
    <rect x="-15" y="-10" width="30" height="20" rx="10" class="owner-chip" />
    <text x="0" y="5" text-anchor="middle" class="owner-text">${you ? "you" : `P${seat}`}</text>
  </g>`;
}

/** @param {{face: any, x: number, y: number, w?: number, h?: number, keyName: string, label: string, known?: boolean,
 *   glow?: boolean, badge?: any, action?: string, onClick?: () => void}} p */
function Paladin({ face, x, y, w = CW, h = CH, keyName, label, known = false, glow, badge, action, onClick }) {
  return html`<${Card} x=${x} y=${y} w=${w} h=${h} keyName=${keyName} faceDown=${!face} rank=${face ? String(face.value) : ""}
    mark=${face?.red ? "r" : ""} tone=${face?.red ? "red" : "plain"} suit=${face?.red ? "sword" : undefined} face=${face?.label}
    help=${face?.label} label=${label} glow=${glow} action=${action} onClick=${onClick}
    badge=${html`${badge}${known ? html`<g transform=${`translate(5 22)`} aria-hidden="true"><${Icon} svg name="eye" size=${16} fill="#1a4f9c" /></g>` : ""}`} />`;
}

/** The quest card: its back (queen or king), label and swords. @param {{q: any, x: number, y: number, state: string}} p */
function QuestCard({ q, x, y, state }) {
  const w = 150, h = 92;
  const swords = [];
  for (let i = 0; i < q.swords; i++) {
    swords.push(html`<${Icon} svg name="sword" size=${18} x=${w / 2 - (q.swords * 20) / 2 + i * 20 + 1} y=${58} fill="#5c1414" />`);
  }
  return html`<g transform=${`translate(${x} ${y})`}>
    <g data-key=${`quest:${q.label}`} data-help=${q.label} tabindex="0" role="img"
       aria-label=${`${q.back} quest ${q.label}, ${q.swords} sword${q.swords === 1 ? "" : "s"}${state === "resolving" ? ", being resolved" : ""}`}
       class=${`quest quest-${q.back} quest-${state}`}>
      <rect width=${w} height=${h} rx="8" class="quest-card" />
      <${Icon} svg name="crown" size=${q.back === "king" ? 26 : 20} x=${8} y=${8} fill=${q.back === "king" ? "#8c6a00" : "#7a4a8c"} />
      <text x=${w - 10} y="28" text-anchor="end" class="quest-label">${q.label}</text>
      <text x="40" y="28" class="quest-back">${q.back}</text>
      ${swords}
    </g>
  </g>`;
}

/** @param {import("medieval/views/board-types.js").BoardProps} props */
export default function PaladinBoard({ view, actions, act, seat, names, previous, thinking, busy }) {
  const root = useRef(/** @type {HTMLDivElement | null} */ (null));
  const [selected, setSelected] = useState(/** @type {string | null} */ (null));
  useFlip(root, view);
  const width = useWidth(root);
  useEffect(() => { setSelected(null); }, [actions]);

  const n = view.players;
  const places = actions.filter((a) => a.kind === "place");
  const looks = new Map(actions.filter((a) => a.kind === "look").map((a) => [`${a.args.quest}:${a.args.owner}`, a.notation]));
  const firsts = actions.filter((a) => a.kind === "choose_first");
  const nolook = actions.find((a) => a.kind === "no_look");
  const answers = actions.filter((a) => ["challenge", "take_back", "discard"].includes(a.kind));
  const playable = new Set(places.map((a) => a.args.card));
  const targets = selected ? new Map(places.filter((a) => a.args.card === selected).map((a) => [a.args.quest, a.notation])) : new Map();
  const enabled = !!act && !busy;
  /** @param {string} notation */
  const send = (notation) => { if (enabled && act) { setSelected(null); act(notation); } };

  // ------------------------------------------------------------------ the quest row
  // On a narrow screen the quests go two by two, in rows.
  const perRow = width < 560 ? Math.min(2, n) : n;
  let height = 0;
  /** @type {number[]} */
  const heights = [];
  const columns = view.quests.map((/** @type {any} */ slot, /** @type {number} */ i) => {
    const x0 = 0;
    const q = slot.quest;
    const parts = [];
    parts.push(html`<${QuestCard} q=${q} x=${x0 + 25} y=${8} state=${slot.state} />`);
    let y = 110;
    const status = slot.state === "won" ? (slot.winner === null ? "no winner" : `won by ${slot.winner === seat ? "you" : `P${slot.winner}`}`)
      : slot.state === "resolving" ? "resolving now" : slot.state === "waiting" ? "waiting" : `${slot.cards.length} Paladin${slot.cards.length === 1 ? "" : "s"}`;
    parts.push(html`<text x=${x0 + COL / 2} y=${y + 6} text-anchor="middle" class=${`quest-status st-${slot.state}`}>${status}</text>`);
    y += 18;
    const won = slot.state === "won" && slot.winner !== null
      ? (view.won[slot.winner] ?? []).find((/** @type {any} */ w) => w.quest.label === q.label) : null;
    if (won) {
      parts.push(html`<${Paladin} face=${won.paladin} x=${COL / 2 - CW / 2} y=${y} keyName=${`winner:${q.label}`}
        label=${`${q.label} won by ${who(slot.winner, names)} with ${faceName(won.paladin)}`}
        badge=${html`<${Owner} x=${CW - 4} y=${2} seat=${slot.winner} you=${slot.winner === seat} />`} />`);
      y += CH + 10;
    }
    if (slot.hero) {
      const h = slot.hero;
      parts.push(html`<g class="hero-wrap">
        <text x=${x0 + 22} y=${y + 14} class="hero-tag">hero</text>
        <${Paladin} face=${h.card} x=${x0 + COL / 2 - CW / 2} y=${y} keyName=${`hero:${q.label}`}
          label=${`${q.label}: the hero, ${who(h.seat, names)}'s ${faceName(h.card)}`}
          badge=${html`<${Owner} x=${CW - 4} y=${2} seat=${h.seat} you=${h.seat === seat} />`} glow=${true} />
      </g>`);
      y += CH + 12;
    }
    slot.cards.forEach((/** @type {any} */ c, /** @type {number} */ j) => {
      const look = looks.get(`${q.label}:${c.seat}`);
      const deciding = slot.state === "resolving" && j === 0;
      const isHero = slot.state === "open" && j === 0;
      const mine = c.seat === seat;
      const label = `${q.label}: ${mine ? "your" : `${who(c.seat, names)}'s`} Paladin, ${c.card ? `${faceName(c.card)}${mine ? "" : " (you looked)"}` : "face down"}${isHero ? ", the hero" : ""}${look ? ": look at it" : ""}`;
      parts.push(html`<g data-slot=${`${q.label}:${c.seat}`}>
        <${Paladin} face=${c.card} x=${x0 + GRID_X[j % 2]} y=${y + Math.floor(j / 2) * (CH + 10)} keyName=${`card:${q.label}:${c.seat}`}
          label=${label} known=${!!c.card && !mine} glow=${deciding || (!!look && enabled)}
          action=${look && enabled ? look : undefined} onClick=${look && enabled ? () => send(look) : undefined}
          badge=${html`<${Owner} x=${CW - 4} y=${2} seat=${c.seat} you=${mine} />${isHero ? html`<text x="6" y=${CH - 8} class="hero-mark">hero</text>` : ""}`} />
      </g>`);
    });
    y += Math.ceil(slot.cards.length / 2) * (CH + 10);
    const target = targets.get(q.label);
    if (target) {
      parts.push(html`<g transform=${`translate(${x0 + 20} ${y})`}><g ...${control({ action: target, onClick: () => send(target), label: `Place your ${selected} on ${q.label}` })} class="ctl target">
        <rect width=${COL - 40} height="54" rx="8" class="drop" />
        <text x=${(COL - 40) / 2} y="33" text-anchor="middle" class="drop-text">place ${selected} here</text>
      </g></g>`);
      y += 62;
    }
    heights.push(Math.max(y + 10, 330));
    return parts;
  });
  /** @type {number[]} */
  const rowTop = [];
  for (let r = 0, top = 0; r * perRow < n; r++) {
    rowTop.push(top);
    top += Math.max(...heights.slice(r * perRow, (r + 1) * perRow)) + 8;
    height = top - 8;
  }
  const svgHeight = height;
  const svgWidth = perRow * COL;
  const placed = columns.map((parts, i) => {
    const x = (i % perRow) * COL, top = rowTop[Math.floor(i / perRow)];
    const h = Math.max(...heights.slice(Math.floor(i / perRow) * perRow, (Math.floor(i / perRow) + 1) * perRow));
    return html`<g class="quest-col" key=${view.quests[i].quest.label} transform=${`translate(${x} ${top})`}>
      <rect x="4" y="2" width=${COL - 8} height=${h - 4} rx="12" class="col-bg" />${parts}</g>`;
  });

  // ------------------------------------------------------------------ the prompt and its buttons
  const pending = view.pending;
  let prompt = "";
  if (view.phase === "over") prompt = "The game is over.";
  else if (!act || !actions.length) {
    const p = pending?.seat;
    const doing = { choose_first: "choose who plays first", look: "look at a card or not", place_hero: "place a hero", place: "place a Paladin", resolve: `decide on ${pending?.quest}` };
    prompt = p === undefined ? "" : `${who(p, names)} is to ${doing[/** @type {"look"} */ (pending.decision)] ?? "move"}.`;
  } else if (firsts.length) prompt = "You deal this round: choose who plays first.";
  else if (nolook) prompt = "Before you place a card you may look at one face-down Paladin: choose a glowing card, or don't look.";
  else if (places.length) prompt = selected ? `Now choose the quest for your ${selected}.` : view.quests.some((/** @type {any} */ s) => s.cards.length === 0) ? "Choose a card of your hand, then a quest without a hero." : "Choose a card of your hand, then a quest where you have none.";
  else if (answers.length) {
    const slot = view.quests.find((/** @type {any} */ s) => s.state === "resolving");
    const mine = slot?.cards?.[0]?.card;
    prompt = slot ? `${slot.quest.label}: the hero is ${who(slot.hero.seat, names)}'s ${faceName(slot.hero.card)}. Your ${mine ? faceName(mine) : "card"}: challenge, take it back, or discard it?` : "Your decision.";
  }
  const label = { challenge: "Challenge", take_back: "Take back", discard: "Discard" };

  // ------------------------------------------------------------------ the hand
  const hand = view.hand ?? [];
  const counts = /** @type {Record<string, number>} */ ({});
  const handCards = hand.map((/** @type {any} */ f) => {
    const k = (counts[f.label] = (counts[f.label] ?? -1) + 1);
    const can = enabled && playable.has(f.label);
    return {
      x: 0, y: 0, keyName: `hand:${f.label}:${k}`, rank: String(f.value), mark: f.red ? "r" : "", tone: /** @type {"red" | "plain"} */ (f.red ? "red" : "plain"),
      suit: f.red ? "sword" : undefined, face: f.label, help: f.label, label: `your ${faceName(f)}${can ? ": choose it to place" : ""}`,
      selected: selected === f.label, dim: !!places.length && !playable.has(f.label),
      select: can ? `card:${f.label}` : undefined, onClick: can ? () => setSelected(selected === f.label ? null : f.label) : undefined,
    };
  });
  const handW = Math.max(hand.length, 3) * 84 + 20;

  return html`<div class="paladin" ref=${root} data-board="paladin">
    <div class="pal-status">
      <span><strong>Round ${view.round}</strong> · ${({ first: "choosing the first player", place: "placing Paladins", resolve: "resolving the quests", over: "game over" })[view.phase] ?? view.phase}</span>
      <span><span class="token dealer">D</span> dealer: ${who(view.dealer, names)}</span>
      ${view.first_player !== null && html`<span><span class="token first">1st</span> first: ${who(view.first_player, names)}</span>`}
      <span><${Icon} name="deck" size=${15} /> stock ${view.deck.count}</span>
      <span><${Icon} name="crown" size=${15} /> quests left: ${view.quest_deck.queen} queen, ${view.quest_deck.king} king</span>
    </div>
    <div class="quest-scroll">
      <svg class="board quests" viewBox=${`0 0 ${svgWidth} ${svgHeight}`} role="group" aria-label="The quests and the Paladins facing them">
        <title>Quests</title>
        ${placed}
      </svg>
    </div>
    <div class="pal-prompt" role="status">${prompt}
      ${enabled && html`<span class="pal-buttons">
        ${firsts.map((a) => html`<button type="button" class="primary" data-action=${a.notation} onClick=${() => send(a.notation)}>${a.args.seat === seat ? "I play first" : `${who(a.args.seat, names)} plays first`}</button>`)}
        ${nolook && html`<button type="button" data-action=${nolook.notation} onClick=${() => send(nolook.notation)}>Don't look</button>`}
        ${answers.map((a) => html`<button type="button" class=${a.kind === "challenge" ? "primary" : ""} data-action=${a.notation} onClick=${() => send(a.notation)}>${label[/** @type {"challenge"} */ (a.kind)] ?? a.notation}</button>`)}
        ${selected && html`<button type="button" class="link" onClick=${() => setSelected(null)}>cancel</button>`}
      </span>`}
    </div>
    ${seat !== null && html`<div class="pal-hand">
      <h3>Your hand <span class="muted small">(${hand.length} card${hand.length === 1 ? "" : "s"})</span></h3>
      <svg class="board hand-svg" viewBox=${`0 0 ${handW} ${CH + 26}`} style=${`max-width:${handW}px`} role="group" aria-label="Your hand">
        <${Hand} cards=${handCards} x=${10} y=${18} width=${handW - 20} cardW=${CW} cardH=${CH} />
      </svg>
    </div>`}
    <ul class="pal-seats" aria-label="Every seat's public zone">
      ${view.hands.map((/** @type {any} */ h) => {
        const s = h.seat;
        const won = view.won[s] ?? [];
        return html`<li class=${`pal-seat seat-${s} ${view.to_move.includes(s) ? "turn" : ""}`} data-seat=${s}>
          <div class="ps-head"><span class="seat-chip">P${s}</span> <span class="ps-name">${names[s] ?? ""}${s === seat ? " (you)" : ""}</span>
            ${view.dealer === s && html`<span class="token dealer" title="dealer">D</span>`}
            ${view.first_player === s && html`<span class="token first" title="first player">1st</span>`}
            <span class="valour" aria-label=${`valour ${view.scores[s]}`}><${Icon} name="star" size=${14} /> ${view.scores[s]}</span></div>
          <div class="ps-hand muted small">${h.count} card${h.count === 1 ? "" : "s"} in hand</div>
          <div class="ps-won">${won.length === 0 ? html`<span class="muted small">no quest won yet</span>`
            : won.map((/** @type {any} */ w) => html`<span class="won-chip" data-key=${`won:${w.quest.label}`} data-help=${w.quest.label}>
              ${w.quest.label} <${Icon} name="sword" size=${12} />${w.quest.swords}
              <span class=${`won-pal ${w.paladin.red ? "red" : ""}`} data-help=${w.paladin.label}>${w.paladin.label}</span></span>`)}</div>
        </li>`;
      })}
    </ul>
  </div>`;
}
