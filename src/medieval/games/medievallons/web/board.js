// @ts-check
/**
 * Medievallons' board (the board contract is in docs/web.md).
 *
 * A tavern table: every other seat's zone (its hand as card backs with their count, its laid guilds
 * with each guild's power, the crowns it holds towards the third guild, what you saw of its hand with a
 * Priest), the draw pile over the End of Game card, the face-up discard pile and the card being
 * played; the decision under way, whoever owes it; your own guilds and your hand, face up.
 *
 * Acting: on your turn, choose cards of your hand, then confirm what they make (play one card, lay a
 * guild of three or more alike, Jesters joining, or reinforce one of your guilds, whose frame lights
 * up); use a guild by its own button. A decision is taken where it belongs: the seat to ask, look at,
 * trade or beg with on its zone; the card to give in your hand; the Merchant's two secret cards chosen
 * in your hand, then offered; a guild card to discard or steal on its guild; the Wizard's and the
 * Priest's cards in the choice strip.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import { html, loadStylesheet } from "medieval/lib/html.js";
import { gameHelp } from "medieval/lib/api.js";
import { useFlip, useWidth } from "medieval/lib/motion.js";
import { Card, control } from "medieval/components/card.js";
import { Hand } from "medieval/components/hand.js";
import { Icon, PATHS } from "medieval/components/icons.js";

loadStylesheet(new URL("./board.css", import.meta.url).href);

/**
 * Each guild's colour, ink on that colour and emblem (paths drawn for this board on a 24-unit grid).
 * The name is written on every card: the colour is never the only cue.
 * @type {Record<string, {fill: string, ink: string, emblem: string, mark?: string}>}
 */
const KINDS = {
  Artisan: { fill: "#b35a14", ink: "#fff", emblem: "M13.5 2l8.5 8.5-3 3-2.6-2.6-9.8 9.8a2 2 0 01-2.8 0l-.5-.5a2 2 0 010-2.8l9.8-9.8L10.5 5z" },
  Assassin: { fill: "#8a1717", ink: "#fff", emblem: "M12 1l2.2 3.2V15H9.8V4.2zM6.5 15h11v2.2h-11zM10.9 17.2h2.2v3.6h-2.2zM12 20.6a1.7 1.7 0 110 3.4 1.7 1.7 0 010-3.4z" },
  Beggar: { fill: "#6e665b", ink: "#fff", emblem: "M2 11.5h20c0 5-4.5 9-10 9s-10-4-10-9zM12 3a3.6 3.6 0 110 7.2A3.6 3.6 0 0112 3z" },
  Jester: { fill: "#9c2a74", ink: "#fff", emblem: "M12 1.5l7.5 10.5L12 22.5 4.5 12zM12 6.8L8.3 12l3.7 5.2 3.7-5.2zM2.5 3.5a2 2 0 110 4 2 2 0 010-4zM21.5 3.5a2 2 0 110 4 2 2 0 010-4zM2.5 16.5a2 2 0 110 4 2 2 0 010-4zM21.5 16.5a2 2 0 110 4 2 2 0 010-4z" },
  Knight: { fill: "#2b5894", ink: "#fff", emblem: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zM11 6v5H7v2h4v6h2v-6h4v-2h-4V6z" },
  Merchant: { fill: "#9a7612", ink: "#fff", emblem: "M9 2h6l-2 3.2c4.2 1.2 7 5.3 7 9.3 0 4.2-3.4 6.5-8 6.5s-8-2.3-8-6.5c0-4 2.8-8.1 7-9.3zM11 10v1.2c-1.6.4-2.4 1.4-2.4 2.5 0 1.5 1.2 2.1 3 2.5 1.2.3 1.6.6 1.6 1 0 .5-.6.8-1.4.8-.9 0-1.7-.4-2.2-.9l-.8 1.4c.6.5 1.4.9 2.2 1v1.2h1.6v-1.3c1.6-.3 2.4-1.4 2.4-2.5 0-1.5-1.1-2.1-2.9-2.5-1.2-.3-1.7-.5-1.7-1 0-.4.5-.7 1.2-.7.8 0 1.4.3 1.9.7l.9-1.3c-.6-.5-1.3-.8-1.9-.9V10z" },
  Monk: { fill: "#7b5a35", ink: "#fff", emblem: "M2 4h7.5A2.5 2.5 0 0112 6.5V21a2 2 0 00-2-2H2zM22 4h-7.5A2.5 2.5 0 0012 6.5V21a2 2 0 012-2h8z" },
  Noble: { fill: "#57298a", ink: "#fff", emblem: PATHS.crown },
  Priest: { fill: "#ddd5bf", ink: "#2a1f16", mark: "#6f6038", emblem: "M10 1h4v6h6v4h-6v12h-4V11H4V7h6z" },
  Prowler: { fill: "#245634", ink: "#fff", emblem: "M1 9c3-2.5 8-2.5 11 0 3-2.5 8-2.5 11 0 0 4.5-2.5 8-5.5 8-2.5 0-3.5-2.5-5.5-2.5S9 17 6.5 17C3.5 17 1 13.5 1 9zM5 10.5a2 2 0 104 0 2 2 0 00-4 0zM15 10.5a2 2 0 104 0 2 2 0 00-4 0z" },
  Star: { fill: "#d6ad14", ink: "#2a1f16", emblem: PATHS.star },
  Witch: { fill: "#8d3f9c", ink: "#fff", emblem: "M15.5 1C12 2 9 7 7.2 15H2v3h20v-3h-5.6c-.6-4-.1-8.2 2.6-11.2zM1 20h22v2H1z" },
  Wizard: { fill: "#17707c", ink: "#fff", emblem: "M13 2.2a10 10 0 100 19.6A8 8 0 0113 2.2zM19 3l1 2.3 2.4 1-2.4 1L19 9.6l-1-2.3-2.4-1 2.4-1z" },
};
const END_CARD = "End of Game";
/** The Priest's wording of each decision another seat owes, and the power it comes from. */
const POWER_OF = /** @type {Record<string, string>} */ ({
  knight: "Knight", knight_give: "Knight", noble: "Noble", priest: "Priest", priest_take: "Priest",
  priest_give: "Priest", merchant: "Merchant", exchange: "Merchant", beggar: "Beggar", witch: "Witch",
  assassin: "Assassin", prowler: "Prowler", wizard: "Wizard",
});

/** @param {string} name */
const plural = (name) => (/(ch|sh|s|x)$/.test(name) ? `${name}es` : `${name}s`);
/** @param {string} name */
const aCard = (name) => `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name}`;
/** @param {string} t */
const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);
/** @param {string[]} cards "two Knights and a Jester" */
function cardsText(cards) {
  /** @type {Map<string, number>} */
  const m = new Map();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  const words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];
  const parts = [...m].map(([k, n]) => (n === 1 ? aCard(k) : `${words[n] ?? n} ${plural(k)}`));
  return parts.length <= 1 ? (parts[0] ?? "no cards") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
/** A multiset of card names as one key. @param {string[]} cards */
const keyOf = (cards) => [...cards].sort().join("+");
/** @param {string[]} cards */
function tally(cards) {
  /** @type {Map<string, number>} */
  const m = new Map();
  for (const c of cards) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}
/** Whether the multiset `small` lies within `big`. @param {Map<string, number>} small @param {Map<string, number>} big */
function within(small, big) {
  for (const [k, n] of small) if ((big.get(k) ?? 0) < n) return false;
  return true;
}

/**
 * A Medievallons card: its guild's band and name, and its emblem. A card that acts or selects gets a hit
 * area over the part of it that shows (`hitW`: a card under the next one of its stack shows a strip).
 * @param {{kind: string, x: number, y: number, w: number, h: number, hitW?: number, keyName?: string, face?: boolean,
 *   label: string, selected?: boolean, glow?: boolean, dim?: boolean, fresh?: boolean, action?: string, select?: string,
 *   onClick?: () => void, badge?: any}} p
 */
function GuildCard(p) {
  const { w, h } = p;
  const k = KINDS[p.kind] ?? KINDS.Jester;
  const live = !!p.onClick;
  const ctl = control({ action: p.action, select: p.select, onClick: p.onClick, label: p.label, pressed: p.select ? !!p.selected : undefined });
  const lift = p.selected ? -12 : 0;
  const band = Math.max(13, h * 0.19);
  const fs = w >= 56 ? 10.5 : 8.5;
  const room = w - 8;
  const squeeze = p.kind.length * fs * 0.72 > room;
  const e = Math.min(w * 0.62, h * 0.5);
  return html`<g transform=${`translate(${p.x} ${p.y + lift})`} class=${`mv-slot ${live ? "live" : ""}`}>
    <g data-key=${p.keyName} data-help=${live ? undefined : p.kind} data-face=${p.face ? p.kind : undefined}
       role=${live ? undefined : "img"} aria-label=${live ? undefined : p.label} aria-hidden=${live ? "true" : undefined}
       class=${`mv-card ${p.selected ? "selected" : ""} ${p.glow ? "glow" : ""} ${p.dim ? "dim" : ""} ${p.fresh ? "fresh" : ""}`}>
      <rect width=${w} height=${h} rx="6" class="mv-card-face" />
      <rect x="2.5" y="2.5" width=${w - 5} height=${band} rx="3.5" fill=${k.fill} />
      <text x=${w / 2} y=${2.5 + band * 0.73} text-anchor="middle" class="mv-card-name" fill=${k.ink} font-size=${fs}
        textLength=${squeeze ? room : undefined} lengthAdjust=${squeeze ? "spacingAndGlyphs" : undefined}>${p.kind}</text>
      <rect x="2.5" y=${band + 5} width=${w - 5} height=${h - band - 7.5} rx="3.5" class="mv-card-field" stroke=${k.mark ?? k.fill} />
      <path d=${k.emblem} fill=${k.mark ?? k.fill} fill-rule="evenodd"
        transform=${`translate(${(w - e) / 2} ${band + 5 + (h - band - 7.5 - e) / 2}) scale(${e / 24})`} />
      ${p.fresh && html`<circle cx=${w - 7} cy=${band + 11} r="4.5" class="mv-new-dot" />`}
      ${p.badge}
    </g>
    ${live && html`<rect width=${p.hitW ?? w} height=${h} rx="6" data-help=${p.kind} ...${ctl} class="mv-hit ctl" />`}
  </g>`;
}

/** The End of Game card under the draw pile, showing a strip: its side written along it besides its colour.
 * @param {{x: number, y: number, w: number, h: number, side: string}} p */
function EndCard({ x, y, w, h, side }) {
  const red = side === "red";
  const ink = red ? "#fff2e0" : "#4a3000";
  return html`<g transform=${`translate(${x} ${y})`}>
    <g data-help=${END_CARD} data-face=${END_CARD} role="img" tabindex="0" class="mv-end"
       aria-label=${`the End of Game card, ${side} side up: ${red ? "the first time the draw pile runs out it turns yellow and the discards are shuffled in" : "when the draw pile runs out the game ends"}`}>
      <rect width=${w} height=${h} rx="6" class=${`mv-end-card ${side}`} />
      <rect x="4" y="4" width=${w - 8} height=${h - 8} rx="4" class="mv-end-inner" />
      <${Icon} svg name="hourglass" size=${16} x=${7} y=${7} fill=${ink} />
      <text transform=${`translate(19.5 ${h / 2 + 12}) rotate(-90)`} text-anchor="middle" class="mv-end-text" fill=${ink}>${side.toUpperCase()}</text>
    </g>
  </g>`;
}

/** The three crowns of a seat: the guilds it has towards the third. @param {{n: number}} p */
function Crowns({ n }) {
  return html`<span class="mv-crowns" role="img" aria-label=${`${n} of 3 guilds`} title=${`${n} of the 3 guilds that win`}>
    ${[0, 1, 2].map((i) => html`<span class=${`mv-crown ${i < n ? "on" : ""}`}><${Icon} name="crown" size=${15} /></span>`)}
    <span class="mv-crowns-n">${n}/3</span></span>`;
}

/** @param {import("medieval/views/board-types.js").BoardProps} props */
export default function MedievallonsBoard({ view, actions, act, seat, names, previous, thinking, busy }) {
  const root = useRef(/** @type {HTMLDivElement | null} */ (null));
  const [sel, setSel] = useState(/** @type {string[]} */ ([]));
  const [askSeat, setAskSeat] = useState(/** @type {number | null} */ (null));
  const [powers, setPowers] = useState(/** @type {Record<string, string>} */ ({}));
  useFlip(root, view);
  const width = useWidth(root);
  // a choice lasts while the legal moves stay the same (another seat's secret offer leaves yours alone)
  const legalKey = actions.map((a) => a.notation).join("|");
  useEffect(() => { setSel([]); setAskSeat(null); }, [legalKey]);
  useEffect(() => {
    let live = true;
    gameHelp("medievallons").then((h) => {
      if (!live) return;
      /** @type {Record<string, string>} */
      const out = {};
      for (const c of h.cards ?? []) out[c.name] = c.text;
      setPowers(out);
    }).catch(() => {});
    return () => { live = false; };
  }, []);

  const phone = width < 560;
  const n = view.players;
  const enabled = !!act && !busy;
  /** @param {string} notation */
  const send = (notation) => { if (enabled && act) { setSel([]); setAskSeat(null); act(notation); } };
  /** @param {number} s */
  const who = (s) => (s === seat ? "you" : `P${s}${names[s] ? ` ${names[s]}` : ""}`);
  /** @param {number} s */
  const whose = (s) => (s === seat ? "your" : `${who(s)}'s`);
  const pending = view.pending;
  const phase = view.phase;
  const over = phase === "over";

  // ------------------------------------------------------------------ the legal actions, by what they need
  /** @param {string} kind */
  const ofKind = (kind) => actions.filter((a) => a.kind === kind);
  const plays = ofKind("play"), lays = ofKind("lay"), reinforces = ofKind("reinforce"), uses = ofKind("use");
  const offers = ofKind("offer"), gives = ofKind("give"), keeps = ofKind("keep"), takes = ofKind("take");
  const asks = ofKind("ask"), looks = ofKind("look"), trades = ofKind("trade"), begs = ofKind("beg");
  const copies = ofKind("copy"), hits = [...ofKind("assassinate"), ...ofKind("steal")];
  const draw = actions.find((a) => a.kind === "draw");
  /** Moves built by choosing cards of the hand, then confirming: each with the multiset it needs. */
  const combos = (offers.length ? offers : [...plays, ...lays, ...reinforces])
    .map((a) => ({ a, cards: a.kind === "play" ? [a.args.card] : /** @type {string[]} */ (a.args.cards) }))
    .map((c) => ({ ...c, key: keyOf(c.cards), tally: tally(c.cards) }));
  const hand = /** @type {string[]} */ (view.hand ?? []);
  const handKeys = hand.map((c, i) => `${c}:${hand.slice(0, i).filter((x) => x === c).length}`);
  const selKinds = sel.map((k) => k.slice(0, k.lastIndexOf(":")));
  const selKey = keyOf(selKinds);
  const selTally = tally(selKinds);
  const ready = sel.length ? combos.filter((c) => c.key === selKey) : [];
  const giveBy = new Map(gives.map((a) => [a.args.card, a.notation]));
  /** @param {string} kind */
  const usable = (kind) => combos.some((c) => c.tally.has(kind));
  /** @param {string} kind */
  const canAdd = (kind) => {
    const t = new Map(selTally);
    t.set(kind, (t.get(kind) ?? 0) + 1);
    return combos.some((c) => within(t, c.tally));
  };
  const reinforceHere = new Map(ready.filter((c) => c.a.kind === "reinforce").map((c) => [c.a.args.guild, c.a.notation]));
  const couldReinforce = new Set(reinforces.map((a) => a.args.guild));
  const useBy = new Map(uses.map((a) => [a.args.guild, a.notation]));
  const copyBy = new Map(copies.map((a) => [a.args.guild, a.notation]));
  const hitBy = new Map(hits.map((a) => [`${a.args.guild}|${a.args.card}`, a.notation]));
  const seatActs = new Map([...looks, ...trades, ...begs].map((a) => [a.args.target, a]));
  const askTargets = [...new Set(asks.map((a) => /** @type {number} */ (a.args.target)))];
  const asking = askTargets.length === 1 ? askTargets[0] : askSeat;

  // ------------------------------------------------------------------ what just changed
  const before = previous && previous.game === "medievallons" && previous.hand ? tally(previous.hand) : null;
  const now = tally(hand);
  /** @type {Map<string, number>} */
  const gained = new Map();
  if (before && previous.turn <= view.turn) for (const [k, c] of now) if (c > (before.get(k) ?? 0)) gained.set(k, c - (before.get(k) ?? 0));
  /** @type {Map<number, any>} */
  const oldGuilds = new Map((previous?.guilds ?? []).map((/** @type {any} */ g) => [g.id, g]));
  /** @param {any} g */
  const guildChange = (g) => {
    if (!previous) return "";
    const o = oldGuilds.get(g.id);
    if (!o) return "new";
    return o.size !== g.size || o.kind !== g.kind ? "changed" : "";
  };
  const oldCounts = previous?.hand_counts ?? null;

  // ------------------------------------------------------------------ sizes
  const CW = phone ? 56 : 66, CH = phone ? 80 : 94;
  const GW = phone ? 40 : 46, GH = phone ? 58 : 66;

  // ------------------------------------------------------------------ a guild
  /** @param {any} g */
  function Guild(g) {
    const mine = g.owner === seat;
    const change = guildChange(g);
    const target = reinforceHere.get(g.label);
    const use = useBy.get(g.label);
    const copy = copyBy.get(g.label);
    const step = Math.min(26, g.cards.length > 1 ? (190 - GW) / (g.cards.length - 1) : 26);
    const w = GW + step * (g.cards.length - 1) + 8;
    const power = g.kind === "Jester" ? "A guild of Jesters only has no power; reinforcing it with another kind turns it into a guild of that kind." : (powers[g.kind] ?? "");
    const hitAny = g.owner !== seat && [g.kind, "Jester"].some((k) => hitBy.has(`${g.label}|${k}`));
    const status = g.kind === "Jester" ? "no power" : g.usable ? (mine ? "ready to use" : "laid earlier") : "laid this turn";
    return html`<figure key=${g.id} class=${`mv-guild ${change} ${target ? "target" : ""} ${hitAny || copy ? "aim" : ""}`} data-guild=${g.label}>
      <div data-key=${`guild:${g.id}`} class="mv-guild-in">
        <svg class="board mv-guild-cards" viewBox=${`0 0 ${w} ${GH + 8}`} style=${`max-width:${w * 1.15}px`} role="group"
          aria-label=${`${whose(g.owner)} guild ${g.label}: ${cardsText(g.cards)}`}>
          ${g.cards.map((/** @type {string} */ c, /** @type {number} */ i) => {
            const hit = enabled && g.owner !== seat ? hitBy.get(`${g.label}|${c}`) : undefined;
            const verb = hit?.startsWith("steal") ? "steal" : "discard";
            return html`<${GuildCard} kind=${c} x=${4 + i * step} y=${4} w=${GW} h=${GH} keyName=${`guild:${g.id}:${i}`} face=${true}
              hitW=${i < g.cards.length - 1 ? step : GW}
              label=${hit ? `${verb} ${aCard(c)} from ${whose(g.owner)} guild ${g.label}` : `${c}, in ${whose(g.owner)} guild ${g.label}`}
              glow=${!!hit} action=${hit} onClick=${hit ? () => send(hit) : undefined} />`;
          })}
        </svg>
        <figcaption>
          <span class="mv-guild-head"><strong data-help=${g.kind}>${g.kind === "Jester" ? "Jesters" : plural(g.kind)}</strong>
            <span class="muted small">#${g.id} · ${g.size} card${g.size === 1 ? "" : "s"} · ${status}</span>
            ${change === "new" && html`<span class="mv-tag">new</span>`}${change === "changed" && html`<span class="mv-tag">changed</span>`}</span>
          <span class="mv-power">${power}</span>
          ${enabled && (use || copy || target) && html`<span class="mv-guild-buttons">
            ${target && html`<button type="button" class="primary" data-action=${target} onClick=${() => send(target)}>Add ${cardsText(selKinds)} here</button>`}
            ${use && !sel.length && html`<button type="button" data-action=${use} onClick=${() => send(use)}>Use its power</button>`}
            ${copy && html`<button type="button" class="primary" data-action=${copy} onClick=${() => send(copy)}>Copy this power</button>`}
          </span>`}
          ${enabled && !target && !sel.length && mine && couldReinforce.has(g.label) && html`<span class="muted small">choose cards of your hand to reinforce it</span>`}
        </figcaption>
      </div>
    </figure>`;
  }

  /** @param {any[]} gs @param {boolean} mine */
  const guildRow = (gs, mine) => html`<div class="mv-guilds">${gs.length ? gs.map((g) => Guild(g))
    : html`<p class="muted small mv-none">${mine ? "You have laid no guild yet: three or more alike (Jesters join any guild) make one." : "No guild laid yet."}</p>`}</div>`;

  // ------------------------------------------------------------------ a seat's zone
  const order = seat === null ? [...Array(n).keys()] : [...Array(n - 1).keys()].map((i) => (seat + 1 + i) % n);
  /** @param {number} s */
  function Zone(s) {
    const count = view.hand_counts[s];
    const diff = oldCounts && oldCounts.length === n ? count - oldCounts[s] : 0;
    const turn = !over && view.to_move.includes(s);
    const thinks = thinking.includes(s);
    const a = enabled ? seatActs.get(s) : undefined;
    const askable = enabled && askTargets.includes(s) && askTargets.length > 1;
    const verb = a ? ({ look: "Look at this hand", trade: "Trade with them", beg: "Beg from them" })[/** @type {"look"} */ (a.kind)] : "";
    const seen = view.seen?.[String(s)];
    const backs = Math.min(count, 24);
    const bw = phone ? 24 : 28, bh = phone ? 34 : 40;
    const fanW = Math.min(phone ? 200 : 230, bw + backs * 10);
    return html`<section key=${s} class=${`mv-seat seat-${s} ${turn ? "turn" : ""} ${view.current === s ? "current" : ""}`} data-seat=${s}
        aria-label=${`${who(s)}: ${count} cards in hand, ${view.guild_counts[s]} of 3 guilds`}>
      <header class="mv-seat-head">
        <span class="seat-chip">P${s}</span> <span class="mv-name">${names[s] ?? ""}${s === seat ? " (you)" : ""}</span>
        ${view.first_player === s && html`<span class="mv-token" title="first player this round">1st</span>`}
        ${turn && !thinks && html`<span class="mark to-move"><${Icon} name="hourglass" size=${13} /> ${view.current === s && phase === "turn" ? "to play" : "to decide"}</span>`}
        ${thinks && html`<span class="mark thinking">thinking…</span>`}
        <${Crowns} n=${view.guild_counts[s]} />
      </header>
      <div class="mv-seat-hand">
        <svg class="board mv-backs" viewBox=${`0 0 ${fanW + 4} ${bh + 4}`} style=${`max-width:${fanW + 4}px`} role="img" aria-label=${`${count} cards in hand, face down`}>
          <${Hand} cards=${[...Array(backs).keys()].map((i) => ({ x: 0, y: 0, faceDown: true, keyName: `back:${s}:${i}`, label: "a face-down card" }))}
            x=${2} y=${2} width=${fanW} cardW=${bw} cardH=${bh} />
        </svg>
        <span class="mv-count"><strong>${count}</strong> card${count === 1 ? "" : "s"}${diff ? html` <span class=${`mv-diff ${diff > 0 ? "up" : "down"}`}>${diff > 0 ? `+${diff}` : diff}</span>` : ""}</span>
        ${a && html`<button type="button" class="primary" data-action=${a.notation} onClick=${() => send(a.notation)}>${verb}</button>`}
        ${askable && html`<button type="button" data-select=${`seat:${s}`} aria-pressed=${String(askSeat === s)} class=${askSeat === s ? "chosen" : ""}
          onClick=${() => setAskSeat(askSeat === s ? null : s)}>Ask them</button>`}
      </div>
      ${seen && html`<p class="mv-seen small"><${Icon} name="eye" size=${13} /> You saw this hand on turn ${seen.turn}: ${cardsText(seen.hand)}.</p>`}
      ${guildRow(view.guilds.filter((/** @type {any} */ g) => g.owner === s), false)}
    </section>`;
  }

  // ------------------------------------------------------------------ the piles in the middle
  const discard = /** @type {string[]} */ (view.discard);
  const shownDiscard = discard.slice(phone ? -3 : -4);
  const pileW = 66, pileH = 94;
  const played = view.played;
  const wizardOther = pending?.decision === "wizard" && !pending.cards ? pending.count ?? 0 : 0;
  const layers = Math.min(4, Math.ceil(view.draw_count / 12));
  // the blocks left to right: draw pile over the End card, (a note), discard pile, the card being played, a Wizard's draw
  const gap = phone ? 14 : 26;
  const xDraw = 6, drawW = 30 + 6 + pileW;
  const xNote = xDraw + drawW + 6, noteW = phone ? 0 : 84;
  const xDiscard = xNote + noteW + gap, discardW = pileW + 16 * Math.max(0, shownDiscard.length - 1);
  const xPlayed = xDiscard + Math.max(discardW, 100) + gap;
  const xWizard = xPlayed + (played ? pileW + gap : 0);
  const centerW = xWizard + (wizardOther ? 54 + 18 * (wizardOther - 1) + 6 : 0);
  const center = html`<svg class="board mv-center" viewBox=${`0 0 ${centerW} 150`} style=${`max-width:${centerW * 1.1}px`} role="group" aria-label="The draw pile, the End of Game card and the discard pile">
    <text x=${xDraw + drawW / 2} y="16" text-anchor="middle" class="mv-pile-title">Draw pile</text>
    <${EndCard} x=${xDraw} y=${34} w=${pileW} h=${pileH} side=${view.end_card} />
    ${view.draw_count > 0 && [...Array(layers).keys()].map((i) => html`<${Card} x=${xDraw + 30 + i * 2} y=${28 - i * 2} w=${pileW} h=${pileH} faceDown=${true}
      keyName=${`draw:${i}`} label="the draw pile" />`)}
    <text x=${xDraw + drawW / 2} y="144" text-anchor="middle" class="mv-pile-count">${view.draw_count} card${view.draw_count === 1 ? "" : "s"}</text>
    ${noteW > 0 && html`<text x=${xNote + noteW / 2} y="78" text-anchor="middle" class="mv-pile-note">${view.end_card === "red" ? "runs out: turn" : "runs out:"}</text>
      <text x=${xNote + noteW / 2} y="94" text-anchor="middle" class="mv-pile-note">${view.end_card === "red" ? "to yellow" : "game ends"}</text>`}
    <text x=${xDiscard + Math.max(discardW, 100) / 2} y="16" text-anchor="middle" class="mv-pile-title">Discard pile</text>
    ${shownDiscard.map((c, i) => html`<${GuildCard} kind=${c} x=${xDiscard + (Math.max(discardW, 100) - discardW) / 2 + i * 16} y=${28} w=${pileW} h=${pileH} face=${true}
      keyName=${`discard:${discard.length - shownDiscard.length + i}`} label=${i === shownDiscard.length - 1 ? `top of the discard pile: ${c}` : `${c}, in the discard pile`} />`)}
    ${!discard.length && html`<rect x=${xDiscard + 17} y="28" width=${pileW} height=${pileH} rx="6" class="mv-empty" />`}
    <text x=${xDiscard + Math.max(discardW, 100) / 2} y="144" text-anchor="middle" class="mv-pile-count">${discard.length} card${discard.length === 1 ? "" : "s"}${phone ? "" : ", face up"}</text>
    ${played && html`<g>
      <text x=${xPlayed + pileW / 2} y="16" text-anchor="middle" class="mv-pile-title">${phone ? "Played" : "Being played"}</text>
      <${GuildCard} kind=${played} x=${xPlayed} y=${28} w=${pileW} h=${pileH} face=${true} glow=${true} keyName="played" label=${`${played}, being played`} />
    </g>`}
    ${wizardOther > 0 && html`<g>
      <text x=${xWizard + (54 + 18 * (wizardOther - 1)) / 2} y="16" text-anchor="middle" class="mv-pile-title">Wizard</text>
      ${[...Array(wizardOther).keys()].map((i) => html`<${Card} x=${xWizard + i * 18} y=${34} w=${54} h=${76} faceDown=${true} keyName=${`wizard:${i}`} label="a card the Wizard drew" />`)}
    </g>`}
  </svg>`;

  // ------------------------------------------------------------------ the prompt: what you may do now
  const decision = pending?.decision;
  let prompt = "";
  /** @type {any[]} the cards of the choice strip: {kind, action?, label} */
  let strip = [];
  let stripTitle = "";
  /** @type {any[]} */
  const buttons = [];
  /** @param {any} a @param {string} text @param {boolean} [primary] */
  const button = (a, text, primary = false) => html`<button type="button" class=${primary ? "primary" : ""} data-action=${a.notation} onClick=${() => send(a.notation)}>${text}</button>`;
  if (over) {
    const o = view.outcome ?? {};
    const w = /** @type {number[]} */ (o.winners ?? []);
    prompt = `The game is over: ${w.map(who).join(" and ") || "nobody"} ${w.length === 1 && w[0] !== seat ? "wins" : "win"}${o.termination === "third_guild" ? " with a third guild on the table" : o.termination === "alternative_end" ? " when the draw pile ran out" : ""}.`;
  } else if (enabled && actions.length) {
    if (phase === "turn") {
      if (!sel.length) {
        const can = [plays.length && "play a card", lays.length && "lay a guild", reinforces.length && "reinforce a guild"].filter(Boolean);
        prompt = draw && actions.length === 1 ? "You have nothing to play: draw a card." : `Your turn: choose cards of your hand to ${can.join(", ").replace(/, ([^,]*)$/, " or $1")}${uses.length ? ", or use a guild you laid earlier" : ""}.`;
      } else {
        const more = combos.some((c) => c.cards.length > sel.length && within(selTally, c.tally));
        prompt = ready.length ? `With ${cardsText(selKinds)}:${more ? " (or choose more cards to lay or reinforce a guild)" : ""}`
          : `${cap(cardsText(selKinds))} chosen: choose more to lay or reinforce a guild.`;
        for (const c of ready) {
          if (c.a.kind === "play") buttons.push(button(c.a, `Play the ${c.cards[0]}`, true));
          else if (c.a.kind === "lay") buttons.push(button(c.a, `Lay a guild of ${c.a.args.guild_kind === "Jester" ? "Jesters" : plural(c.a.args.guild_kind)}`, true));
          else buttons.push(button(c.a, `Reinforce ${c.a.args.guild}`));
        }
      }
      if (draw) buttons.push(button(draw, "Draw a card", true));
    } else if (decision === "exchange") {
      prompt = sel.length === 2 && ready.length ? `Offer ${cardsText(selKinds)} in secret?` : `The Merchant: choose two cards of your hand to hand over to ${who(pending.seats.find((/** @type {number} */ x) => x !== seat))}, in secret.`;
      for (const c of ready) buttons.push(button(c.a, `Offer ${cardsText(c.cards)}`, true));
    } else if (gives.length) {
      if (decision === "knight_give") prompt = `The Knight: hand ${who(pending.to)} ${aCard(pending.card)}; choose it in your hand.`;
      else if (decision === "noble") prompt = `The Noble: give ${who(pending.to)} a card of your choice from your hand.`;
      else prompt = `The Priest: give ${who(pending.target)} a card of your choice in return.`;
    } else if (keeps.length) {
      prompt = "The Wizard: keep one of the three cards you drew; the other two go to the discard pile.";
      stripTitle = "Your Wizard's draw";
      strip = (pending.cards ?? []).map((/** @type {string} */ c) => ({ kind: c, face: true, action: keeps.find((a) => a.args.card === c)?.notation, label: `keep the ${c}` }));
    } else if (takes.length) {
      prompt = `The Priest: take one card from ${whose(pending.target)} hand.`;
      stripTitle = `${cap(whose(pending.target))} hand`;
      strip = (pending.hand ?? []).map((/** @type {string} */ c) => ({ kind: c, face: true, action: takes.find((a) => a.args.card === c)?.notation, label: `take the ${c}` }));
    } else if (asks.length) {
      if (asking === null) prompt = "The Knight: choose the player to ask (on their zone, or here).";
      else {
        const memory = view.seen?.[String(asking)];
        prompt = `The Knight: name the kind of card to ask ${who(asking)} for.${memory ? ` On turn ${memory.turn} you saw: ${cardsText(memory.hand)}.` : ""}`;
        stripTitle = `Ask ${who(asking)} for…`;
        strip = asks.filter((a) => a.args.target === asking).map((a) => ({ kind: a.args.card, action: a.notation, label: `ask ${who(asking)} for ${aCard(a.args.card)}` }));
      }
      if (askTargets.length > 1) {
        for (const t of askTargets) {
          buttons.push(html`<button type="button" data-select=${`seat:${t}`} aria-pressed=${String(askSeat === t)} class=${askSeat === t ? "chosen" : ""}
            onClick=${() => setAskSeat(askSeat === t ? null : t)}>${cap(who(t))}</button>`);
        }
      }
    } else if (looks.length || trades.length || begs.length) {
      const [list, text, word] = looks.length ? [looks, "The Priest: choose whose hand to look at.", "Look at"]
        : trades.length ? [trades, "The Merchant: choose whom to trade two cards with.", "Trade with"]
          : [begs, "The Beggar: several players hold the most cards; choose whom to take from.", "Beg from"];
      prompt = text;
      for (const a of list) buttons.push(button(a, `${word} ${who(a.args.target)}`));
    } else if (copies.length) {
      prompt = "The Witch: choose a guild whose power to use (its Copy button).";
    } else if (hits.length) {
      prompt = decision === "prowler" ? "The Prowler: choose a card of another player's guild to take into your hand." : "The Assassin: choose a card of another player's guild to discard.";
    } else {
      prompt = "Your decision.";
    }
  } else if (pending) {
    const p = pending;
    const s = p.seat;
    const tail = ` (the ${POWER_OF[p.decision] ?? "power"})`;
    /** @type {Record<string, string>} */
    const what = {
      knight: `${cap(who(s))} ${s === seat ? "choose" : "chooses"} whom to ask for which card`,
      knight_give: `${cap(who(s))} must hand ${who(p.to)} ${aCard(p.card ?? "card")}`,
      noble: `${cap(who(s))} ${s === seat ? "choose" : "chooses"} a card to give ${who(p.to)}${(p.then ?? []).length ? `, then ${(p.then ?? []).map(who).join(" and ")}` : ""}${p.then_pile ? ", then one comes from the draw pile" : ""}`,
      priest: `${cap(who(s))} ${s === seat ? "choose" : "chooses"} whose hand to look at`,
      priest_take: `${cap(who(s))} ${s === seat ? "look" : "looks"} at ${whose(p.target)} hand and ${s === seat ? "take" : "takes"} a card`,
      priest_give: `${cap(who(s))} ${s === seat ? "give" : "gives"} ${who(p.target)} a card in return`,
      merchant: `${cap(who(s))} ${s === seat ? "choose" : "chooses"} whom to trade with`,
      beggar: `${cap(who(s))} ${s === seat ? "choose" : "chooses"} whom to beg from`,
      witch: `${cap(who(s))} ${s === seat ? "choose" : "chooses"} a guild whose power to use`,
      assassin: `${cap(who(s))} ${s === seat ? "choose" : "chooses"} a guild card to discard`,
      prowler: `${cap(who(s))} ${s === seat ? "choose" : "chooses"} a guild card to steal`,
      wizard: `${cap(who(s))} drew ${p.count ?? 3} cards and ${s === seat ? "keep" : "keeps"} one`,
    };
    if (p.decision === "exchange") {
      const [a, b] = p.seats;
      const mineOffer = p.my_offer ?? [];
      const waiting = (p.waiting ?? []).map(who);
      prompt = `${cap(who(a))} and ${who(b)} each pick two cards to hand over, in secret${tail}.${mineOffer.length ? ` You offered ${cardsText(mineOffer)}.` : ""}${waiting.length ? ` Waiting for ${waiting.join(" and ")}.` : ""}`;
      if (mineOffer.length) {
        stripTitle = "Your offer";
        strip = mineOffer.map((/** @type {string} */ c) => ({ kind: c, face: true, label: `${c}, offered` }));
      }
    } else prompt = `${what[p.decision] ?? `${cap(who(s))} ${s === seat ? "decide" : "decides"}`}${tail}.`;
    if (p.decision === "priest_take" && p.hand) {
      stripTitle = `${cap(whose(p.target))} hand`;
      strip = p.hand.map((/** @type {string} */ c) => ({ kind: c, face: true, label: `${c}, in ${whose(p.target)} hand` }));
    }
    if (p.decision === "wizard" && p.cards) {
      stripTitle = "Your Wizard's draw";
      strip = p.cards.map((/** @type {string} */ c) => ({ kind: c, face: true, label: c }));
    }
  } else if (!over) {
    prompt = view.current === seat ? (busy ? "Sending your move…" : "Your turn.") : `${cap(who(view.current))} is taking a turn: play a card, lay, use or reinforce a guild.`;
  }
  const sw = phone ? 50 : 58, sh = phone ? 72 : 82;
  const perRow = Math.max(1, Math.floor((Math.min(width, 900) - 24) / (sw + 8)));
  const stripRows = Math.ceil(strip.length / perRow);
  const stripW = Math.min(strip.length, perRow) * (sw + 8) + 8;

  // ------------------------------------------------------------------ your hand
  /** @type {{kind: string, keys: string[]}[]} */
  const groups = [];
  hand.forEach((c, i) => {
    const last = groups[groups.length - 1];
    if (last && last.kind === c) last.keys.push(handKeys[i]);
    else groups.push({ kind: c, keys: [handKeys[i]] });
  });
  const handAvail = Math.max(300, Math.min(width, 1100) - 24);
  const inStep = phone ? 18 : 22;
  /** @type {any[]} */
  const handCards = [];
  let hx = 10, hy = 16, rowH = CH + 20, hw = 0;
  const offering = offers.length > 0;
  const choosing = phase === "turn" && (plays.length + lays.length + reinforces.length) > 0;
  for (const g of groups) {
    const gw = CW + inStep * (g.keys.length - 1);
    if (hx > 10 && hx + gw > handAvail) { hx = 10; hy += rowH; }
    const fresh = gained.get(g.kind) ?? 0;
    g.keys.forEach((k, j) => {
      const chosen = sel.includes(k);
      const give = enabled ? giveBy.get(g.kind) : undefined;
      const pick = enabled && (choosing || offering) && usable(g.kind);
      const joins = chosen || canAdd(g.kind);
      const isTop = j === g.keys.length - 1;
      handCards.push(html`<g data-hand-card=${g.kind}><${GuildCard} kind=${g.kind} x=${hx + j * inStep} y=${hy} w=${CW} h=${CH} keyName=${`hand:${k}`} face=${true}
        hitW=${isTop ? CW : inStep}
        label=${give ? `give ${aCard(g.kind)}` : pick ? `${chosen ? "unchoose" : joins ? "choose" : "choose instead"} ${aCard(g.kind)}` : `${aCard(g.kind)} in your hand`}
        selected=${chosen} glow=${!!give} fresh=${j >= g.keys.length - fresh}
        dim=${enabled && (choosing || offering || gives.length > 0) && !give && !pick}
        action=${give} select=${!give && pick ? `hand:${k}` : undefined}
        onClick=${give ? () => send(give) : pick ? () => setSel(chosen ? sel.filter((x) => x !== k) : joins ? [...sel, k] : [k]) : undefined}
        badge=${isTop && g.keys.length > 1 ? html`<g aria-hidden="true"><circle cx=${CW - 9} cy=${CH - 9} r="9" class="mv-count-badge" /><text x=${CW - 9} y=${CH - 5.5} text-anchor="middle" class="mv-count-text">${g.keys.length}</text></g>` : undefined} /></g>`);
    });
    hx += gw + 12;
    hw = Math.max(hw, hx);
  }
  const handH = hy + rowH - 4;
  const handW = Math.max(hw, 200);

  const mineZone = seat !== null && html`<section class=${`mv-seat mv-mine seat-${seat} ${!over && view.to_move.includes(seat) ? "turn" : ""}`} data-seat=${seat}
      aria-label=${`Your guilds: ${view.guild_counts[seat]} of 3`}>
    <header class="mv-seat-head"><span class="seat-chip">P${seat}</span> <span class="mv-name">Your guilds</span>
      ${view.first_player === seat && html`<span class="mv-token" title="first player this round">1st</span>`}
      <${Crowns} n=${view.guild_counts[seat]} /></header>
    ${guildRow(view.guilds.filter((/** @type {any} */ g) => g.owner === seat), true)}
  </section>`;

  const match = view.match;
  return html`<div class=${`medievallons ${phone ? "phone" : ""}`} ref=${root} data-board="medievallons" data-phase=${phase}>
    <div class="mv-status">
      ${match && html`<span><strong>Round ${match.round} of 3</strong> · wins ${match.round_wins.map((/** @type {number} */ w, /** @type {number} */ i) => `P${i} ${w}`).join(", ")}</span>`}
      <span><strong>Turn ${view.turn}</strong> · ${over ? "game over" : `${view.current === seat ? "your turn" : `P${view.current}'s turn`}${phase !== "turn" ? ` · the ${POWER_OF[phase] ?? "power"} under way` : ""}${phase !== "turn" && seat !== null && view.current !== seat && view.to_move.includes(seat) ? ": your decision" : ""}`}</span>
      <span><${Icon} name="deck" size=${15} /> ${view.draw_count} to draw</span>
      <span data-help=${END_CARD} tabindex="0" class=${`mv-end-chip ${view.end_card}`}><${Icon} name="hourglass" size=${14} /> End card: ${view.end_card}${view.pile_runs_out ? ` (ran out ${view.pile_runs_out}×)` : ""}</span>
    </div>
    <div class="mv-felt">
      ${order.length > 0 && html`<div class="mv-others">${order.map((s) => Zone(s))}</div>`}
      <div class="mv-middle">${center}</div>
      ${mineZone}
    </div>
    <div class=${`mv-prompt ${enabled && actions.length ? "act" : ""}`} role="status">
      <p>${prompt}</p>
      ${(buttons.length > 0 || sel.length > 0) && html`<span class="mv-buttons">${buttons}
        ${sel.length > 0 && html`<button type="button" class="link" onClick=${() => setSel([])}>clear the choice</button>`}
        ${askSeat !== null && askTargets.length > 1 && html`<button type="button" class="link" onClick=${() => setAskSeat(null)}>another player</button>`}</span>`}
      ${strip.length > 0 && html`<div class="mv-strip"><h3>${stripTitle}</h3>
        <svg class="board mv-strip-svg" viewBox=${`0 0 ${stripW} ${stripRows * (sh + 10) + 10}`} style=${`max-width:${stripW * 1.1}px`} role="group" aria-label=${stripTitle}>
          ${strip.map((c, i) => html`<${GuildCard} kind=${c.kind} x=${8 + (i % perRow) * (sw + 8)} y=${10 + Math.floor(i / perRow) * (sh + 10)} w=${sw} h=${sh}
            face=${!!c.face} label=${c.label} glow=${!!c.action && enabled} keyName=${`strip:${stripTitle}:${i}`}
            action=${enabled ? c.action : undefined} onClick=${enabled && c.action ? () => send(c.action) : undefined} />`)}
        </svg></div>`}
    </div>
    ${seat !== null && html`<div class="mv-hand">
      <h3>Your hand <span class="muted small">(${hand.length} card${hand.length === 1 ? "" : "s"})</span></h3>
      <svg class="board mv-hand-svg" viewBox=${`0 0 ${handW} ${handH}`} style=${`max-width:${handW}px`} role="group" aria-label="Your hand">
        ${handCards}
        ${!hand.length && html`<text x="12" y="50" class="mv-empty-text">no cards</text>`}
      </svg>
    </div>`}
  </div>`;
}
