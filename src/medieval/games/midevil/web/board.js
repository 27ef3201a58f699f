// @ts-check
/**
 * MidEvil's board (the board contract is in docs/web.md).
 *
 * The map (map.js: pans and zooms, coordinates on its edges); the drawn tile at each of its turns
 * before it is placed (choose a turn, then one of the glowing places on the map); the squares a pawn may
 * step to, the skeletons that may move (choose one, then its square), a card's targets; the hand face
 * up (choose a card, then play or discard it); the decision of the moment (a combat, seeding, a player
 * combat) with its buttons; every seat's public zone (Humans, skeletons killed, points, cards in play,
 * cards in hand as a count, the book).
 *
 * A reaction window (R7: after another player's movement roll, after their missed combat roll, in a
 * player combat before the commitments) says what it answers and who decides; the seat asked gets a
 * button for each card it may play at that moment (with its target) and one to pass.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import { html, loadStylesheet } from "medieval/lib/html.js";
import { useFlip, useWidth } from "medieval/lib/motion.js";
import { control } from "medieval/components/card.js";
import { Icon } from "medieval/components/icons.js";
import { MapBoard, Squares, Skeleton, S } from "./map.js";

loadStylesheet(new URL("./board.css", import.meta.url).href);

const CW = 96, CH = 124;
const DX = /** @type {Record<string, number>} */ ({ N: 0, E: 1, S: 0, W: -1 });
const DY = /** @type {Record<string, number>} */ ({ N: -1, E: 0, S: 1, W: 0 });
const DIR_NAME = /** @type {Record<string, string>} */ ({ N: "north", E: "east", S: "south", W: "west" });
const PHASES = /** @type {Record<string, string>} */ ({
  place: "placing a tile", seed: "seeding skeletons", combat: "combat", move: "movement", commit: "player combat",
  pvp: "player combat", skeletons: "skeletons move", discard: "end of turn", react: "a reaction", over: "game over",
});
/** Buttons for the one-word moves and the tokens of a commitment. */
const WORDS = /** @type {Record<string, string>} */ ({
  reroll: "Spend a Human: re-roll", armour_reroll: "Re-roll with the Chain Mail", stop_moving: "Stop moving",
  challenge: "Challenge for the book", ready: "Ready", stand: "Stand", end_turn: "End the turn",
  pass: "Pass: let the moment go by",
});

/** @param {number} s @param {string[]} names @param {number | null} me */
const who = (s, names, me) => (s === me ? "you" : `P${s}${names[s] ? ` ${names[s]}` : ""}`);
/** @param {{white: number, red: number, blue: number}} k */
const letters = (k) => "B".repeat(k.blue) + "R".repeat(k.red) + "W".repeat(k.white);
/** @param {number[]} sq */
const xy = (sq) => `${sq[0]},${sq[1]}`;
/** @param {string} t */
const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);

/** What a reaction window answers, in words (R7). @param {any} view @param {string[]} names @param {number | null} seat */
function reactionWords(view, names, seat) {
  const r = view.reaction;
  const active = who(view.turn, names, seat);
  if (r.moment === "move_roll") return `${cap(active)} rolled ${view.movement?.roll ?? "?"} to move`;
  if (r.moment === "combat" && view.combat) {
    const c = view.combat;
    return `${cap(active)} missed the ${c.skeleton} skeleton on ${xy(c.square)} (rolled ${c.roll}${c.bonus ? ` + ${c.bonus}` : ""}, needed ${c.need})`;
  }
  if (r.moment === "pvp" && view.player_combat) {
    const pc = view.player_combat;
    return `${cap(who(pc.challenger.seat, names, seat))} challenged ${who(pc.holder.seat, names, seat)} for the book: the commitments are next`;
  }
  return `${cap(active)}'s turn is interrupted`;
}

/** A reaction's card play as a button's words. @param {any} a @param {string[]} names @param {number | null} seat */
function reactionPlay(a, names, seat) {
  const { card, target } = a.args;
  if (target === undefined || target === null) return `Play ${card}`;
  const on = who(target, names, seat);
  return card === "Raise Dead" ? `Play Raise Dead next to ${on}` : `Play ${card} on ${on}`;
}

/** Skeleton counts as chips (colour, shape and letter). @param {{k: {white: number, red: number, blue: number}}} p */
function Counts({ k }) {
  const out = [];
  for (const colour of /** @type {const} */ (["blue", "red", "white"])) {
    for (let i = 0; i < k[colour]; i++) out.push(colour);
  }
  if (!out.length) return html`<span class="muted">none</span>`;
  return html`<span class="skel-chips">${out.map((c) => html`<svg width="18" height="18" viewBox="-11 -11 22 22" aria-hidden="true"><${Skeleton} x=${0} y=${0} colour=${c} r=${8} /></svg>`)}</span>`;
}

/** An event card, face up: its name on parchment. @param {{name: string, x: number, y: number, keyName: string,
 *  label: string, selected?: boolean, dim?: boolean, select?: string, onClick?: () => void}} p */
function EventCard({ name, x, y, keyName, label, selected, dim, select, onClick }) {
  const words = name.split(" ");
  // a card that is no control is still named, for the screen reader
  const ctl = onClick ? control({ select, onClick, label, pressed: select ? !!selected : undefined }) : { role: "img", "aria-label": label };
  return html`<g transform=${`translate(${x} ${y - (selected ? 10 : 0)})`}>
    <g data-key=${keyName} data-face=${name} data-help=${name} ...${ctl} class=${`card ev-card ${ctl.class ?? ""} ${selected ? "selected" : ""} ${dim ? "dim" : ""}`}>
      <rect width=${CW} height=${CH} rx="7" class="card-face" />
      <rect x="5" y="5" width=${CW - 10} height=${CH - 10} rx="5" class="ev-frame" />
      ${words.map((w, i) => html`<text x=${CW / 2} y=${CH / 2 - (words.length - 1) * 8 + i * 16} text-anchor="middle" class="ev-name">${w}</text>`)}
      <${Icon} svg name=${/Sword|Axe|Flail|Hammer/.test(name) ? "sword" : name === "Chain Mail" ? "shield" : "star"} size=${16} x=${CW / 2 - 8} y=${CH - 26} fill="#8c6a00" />
    </g></g>`;
}

/** @param {import("medieval/views/board-types.js").BoardProps} props */
export default function MidEvilBoard({ view, actions, act, seat, names, busy }) {
  const root = useRef(/** @type {HTMLDivElement | null} */ (null));
  const mapBox = useRef(/** @type {HTMLDivElement | null} */ (null));
  const [sel, setSel] = useState(/** @type {string | null} */ (null));
  useFlip(root, view);
  const width = useWidth(root);
  const mapWidth = useWidth(mapBox, 700);
  const phone = width < 560;
  useEffect(() => { setSel(null); }, [actions]);

  const enabled = !!act && !busy;
  /** @param {string} notation */
  const send = (notation) => { if (enabled && act) { setSel(null); act(notation); } };
  const live = enabled ? actions : [];
  const by = /** @type {Record<string, import("medieval/views/board-types.js").Action[]>} */ ({});
  for (const a of live) (by[a.kind] ??= []).push(a);
  /** @param {string} s */
  const toggle = (s) => setSel(sel === s ? null : s);

  /** @type {import("./map.js").Target[]} */
  const targets = [];
  /** @type {import("./map.js").Ghost[]} */
  const ghosts = [];
  /** @type {number[][]} */
  const outline = [];
  const buttons = [];

  // ---------------------------------------------------------------- the drawn tile: a turn, then a place
  const places = by.place_tile ?? [];
  const layouts = view.drawn_layouts ?? [];
  const turns = new Set(places.map((a) => a.args.rotation));
  const turnSel = sel?.startsWith("turn:") ? Number(sel.slice(5)) : null;
  if (places.length) {
    const seen = new Set();
    for (const a of places) {
      const [tx, ty] = a.args.position;
      if (turnSel === a.args.rotation) {
        const layout = layouts.find((/** @type {any} */ l) => l.rotation === a.args.rotation);
        if (layout) {
          ghosts.push({ x: tx * 3, y: ty * 3, layout, action: a.notation, onClick: () => send(a.notation),
            label: `Place the ${view.drawn_tile} at tile ${tx},${ty} (squares ${tx * 3},${ty * 3} to ${tx * 3 + 2},${ty * 3 + 2}), turned ${a.args.rotation}°` });
        }
      } else if (!seen.has(`${tx},${ty}`)) {
        seen.add(`${tx},${ty}`);
        outline.push([tx * 3, ty * 3]);
      }
    }
  }

  // ---------------------------------------------------------------- squares: steps, skeletons, cards' targets
  const me = seat === null ? null : view.pawns[seat];
  const cardSel = sel?.startsWith("card:") ? sel.slice(5) : null;
  const skelSel = sel?.startsWith("skeleton:") ? sel.slice(9) : null;
  const shooting = sel === "shoot";
  if (cardSel) {
    for (const a of (by.play_card ?? []).filter((a) => a.args.card === cardSel && a.args.square)) {
      targets.push({ x: a.args.square[0], y: a.args.square[1], kind: "aim", action: a.notation, onClick: () => send(a.notation),
        label: `Play your ${cardSel} at the skeleton on ${xy(a.args.square)}` });
    }
  } else if (shooting) {
    for (const a of by.shoot ?? []) {
      targets.push({ x: a.args.square[0], y: a.args.square[1], kind: "aim", action: a.notation, onClick: () => send(a.notation),
        label: `Shoot your Crossbow at the skeleton on ${xy(a.args.square)}` });
    }
  } else if (by.move_skeleton) {
    const from = new Map();
    for (const a of by.move_skeleton) from.set(xy(a.args.square), a.args.square);
    for (const [k, sq] of from) {
      if (skelSel && skelSel !== k) continue;
      targets.push({ x: sq[0], y: sq[1], kind: "skeleton", select: `skeleton:${k}`, selected: skelSel === k, onClick: () => toggle(`skeleton:${k}`),
        label: skelSel === k ? `The skeleton on ${k}, chosen: choose its square, or choose it again to cancel` : `Choose the skeleton on ${k} to move it` });
    }
    if (skelSel) {
      for (const a of by.move_skeleton.filter((a) => xy(a.args.square) === skelSel)) {
        targets.push({ x: a.args.to[0], y: a.args.to[1], kind: "step", action: a.notation, onClick: () => send(a.notation),
          label: `Move the skeleton on ${skelSel} ${DIR_NAME[a.args.direction]} to ${xy(a.args.to)}` });
      }
    }
  }
  if (!cardSel && !shooting && me) {
    for (const a of by.move ?? []) {
      const d = a.args.direction, to = [me.x + DX[d], me.y + DY[d]];
      targets.push({ x: to[0], y: to[1], kind: "step", action: a.notation, onClick: () => send(a.notation),
        label: `Step ${DIR_NAME[d]} to ${xy(to)}` });
      buttons.push(html`<button type="button" class="dir" data-action=${a.notation} onClick=${() => send(a.notation)} aria-label=${`Step ${DIR_NAME[d]}`}>${d}</button>`);
    }
  }

  // ---------------------------------------------------------------- a reaction: each card it may play, then pass
  const reacting = view.phase === "react" && view.reaction ? view.reaction : null;
  if (reacting) {
    for (const a of by.play_card ?? []) {
      buttons.push(html`<button type="button" class="primary" data-action=${a.notation} data-help=${a.args.card}
        onClick=${() => send(a.notation)}>${reactionPlay(a, names, seat)}</button>`);
    }
  }

  // ---------------------------------------------------------------- the bar's buttons
  for (const a of [...(by.seed_skeletons ?? []), ...(by.spend_skeletons ?? [])]) {
    const k = a.args.skeletons;
    buttons.push(html`<button type="button" class="counts-btn" data-action=${a.notation} onClick=${() => send(a.notation)}
      aria-label=${`${a.kind === "seed_skeletons" ? "Seed" : "Spend"} ${letters(k)}`}>${a.kind === "seed_skeletons" ? "Seed" : "Spend"} <${Counts} k=${k} /></button>`);
  }
  for (const a of by.commit ?? []) {
    buttons.push(html`<button type="button" data-action=${a.notation} onClick=${() => send(a.notation)}>Commit ${a.args.token === "human" ? "a Human" : `a ${a.args.token} skeleton`}</button>`);
  }
  if (by.shoot) {
    buttons.push(html`<button type="button" data-select="shoot" aria-pressed=${String(shooting)} class=${shooting ? "on" : ""}
      onClick=${() => toggle("shoot")}>${shooting ? "Crossbow: choose a glowing skeleton (cancel)" : "Shoot the Crossbow…"}</button>`);
  }
  if (cardSel) {
    for (const a of (by.play_card ?? []).filter((a) => a.args.card === cardSel && !a.args.square)) {
      const label = a.args.target !== undefined ? `Play ${cardSel} on ${who(a.args.target, names, seat)}` : `Play ${cardSel}`;
      buttons.push(html`<button type="button" class="primary" data-action=${a.notation} onClick=${() => send(a.notation)}>${label}</button>`);
    }
    for (const a of (by.discard_card ?? []).filter((a) => a.args.card === cardSel)) {
      buttons.push(html`<button type="button" data-action=${a.notation} onClick=${() => send(a.notation)}>Discard ${cardSel}</button>`);
    }
  }
  for (const kind of Object.keys(WORDS)) {
    for (const a of by[kind] ?? []) {
      buttons.push(html`<button type="button" class=${kind === "challenge" ? "primary" : ""} data-action=${a.notation} onClick=${() => send(a.notation)}>${WORDS[kind]}</button>`);
    }
  }
  const known = new Set(["place_tile", "move", "move_skeleton", "play_card", "discard_card", "shoot", "seed_skeletons", "spend_skeletons", "commit", ...Object.keys(WORDS)]);
  for (const a of live.filter((a) => !known.has(a.kind))) {
    buttons.push(html`<button type="button" data-action=${a.notation} onClick=${() => send(a.notation)}>${a.notation}</button>`);
  }
  if (sel) buttons.push(html`<button type="button" class="link" onClick=${() => setSel(null)}>cancel</button>`);

  // ---------------------------------------------------------------- the prompt
  const p = view.pending;
  let prompt = "";
  if (view.phase === "over") {
    const w = view.outcome?.winners ?? [];
    prompt = `The game is over${w.length ? `: ${w.map((/** @type {number} */ s) => who(s, names, seat)).join(" and ")} ${w.length === 1 && w[0] !== seat ? "wins" : "win"}` : ""}.`;
  } else if (reacting) {
    // the moment itself is told in the reaction's box just below
    prompt = live.length
      ? `${cap(who(view.turn, names, seat))}'s turn, but you may react: play an event card now (your one card of this round), or pass.`
      : `${cap(who(reacting.seat, names, seat))} may react with an event card, or pass.`;
  } else if (!live.length) prompt = `${p.seats.map((/** @type {number} */ s) => who(s, names, seat)).join(" and ")} ${p.seats.length === 1 && p.seats[0] !== seat ? "is" : "are"} to ${p.what}.`;
  else if (places.length) prompt = turnSel === null ? `Place the ${view.drawn_tile}: choose how to turn it, then a glowing place on the map.` : `Turned ${turnSel}°: choose a glowing place on the map (or another turn).`;
  else if (cardSel) prompt = targets.length ? `Your ${cardSel}: choose its target on the map.` : `Your ${cardSel}:`;
  else if (skelSel) prompt = `The skeleton on ${skelSel}: choose the square it steps to.`;
  else if (by.move_skeleton) prompt = `Move ${view.skeleton_phase?.left ?? "the"} more skeleton${view.skeleton_phase?.left === 1 ? "" : "s"}: choose one, then its square.`;
  else if (by.move) prompt = `Move: ${view.movement.half_steps_left / 2} step${view.movement.half_steps_left === 2 ? "" : "s"} left (roll ${view.movement.roll}${view.movement.riding ? ", riding" : ""}). Choose a glowing square, stop, or play a card.`;
  else prompt = `Your turn: ${p.what}.`;

  // ---------------------------------------------------------------- the decision of the moment
  /** @type {any} */
  let moment = null;
  if (view.combat) {
    const c = view.combat;
    moment = html`<div class="mv-moment combat"><strong>Combat</strong> on ${xy(c.square)} against a
      <${Counts} k=${{ white: 0, red: 0, blue: 0, [c.skeleton]: 1 }} /> ${c.skeleton} skeleton: roll ${c.roll}${c.bonus ? ` + ${c.bonus}` : ""}, needs ${c.need}${c.weapon_card ? " (a weapon card played)" : ""}</div>`;
  } else if (view.seeding) {
    moment = html`<div class="mv-moment"><strong>Seeding</strong> the ${view.seeding.tile}${view.seeding.points_rolled !== null ? `: ${view.seeding.points_rolled} points rolled` : ""}</div>`;
  }
  if (view.player_combat) {
    const pc = view.player_combat;
    /** @param {any} side @param {string} role */
    const sideOf = (side, role) => html`<span class="pc-side seat-${side.seat}"><span class="seat-chip">P${side.seat}</span> ${role}:
      die ${side.die || "–"}${side.ready ? ", ready" : ""}${side.rerolls_used ? `, ${side.rerolls_used} re-roll${side.rerolls_used === 1 ? "" : "s"}` : ""}${side.done ? ", stands" : ""}
      ${side.committed ? html` · committed <${Counts} k=${side.committed} />${side.committed.humans ? ` + ${side.committed.humans} Human${side.committed.humans === 1 ? "" : "s"}` : ""}` : html` · commitment hidden`}</span>`;
    moment = html`<div class="mv-moment pvp"><strong>Player combat</strong> ${sideOf(pc.challenger, "challenger")} ${sideOf(pc.holder, "holder")}</div>`;
  }
  if (reacting) {
    const asked = reacting.seat === seat;
    moment = html`${moment}<div class="mv-moment react" data-reaction=${reacting.moment}><strong>Reaction</strong>
      <span>${reactionWords(view, names, seat)}</span>
      <span class=${asked ? "react-you" : "muted"}>${asked ? "you decide" : `${who(reacting.seat, names, seat)} decides`}</span></div>`;
  }

  // ---------------------------------------------------------------- the drawn tile
  const drawn = view.drawn_tile && view.phase === "place" ? html`<section class="mv-drawn" aria-label="The drawn tile">
    <h3><span data-help=${view.drawn_tile}>${view.drawn_tile}</span> <span class="muted small">drawn${places.length ? ": choose its turn" : ""}</span></h3>
    <div class="turns">${layouts.map((/** @type {any} */ l) => {
      const can = turns.has(l.rotation);
      const ctl = can ? control({ select: `turn:${l.rotation}`, onClick: () => toggle(`turn:${l.rotation}`), pressed: turnSel === l.rotation,
        label: `Turn the ${view.drawn_tile} ${l.rotation}°${turnSel === l.rotation ? " (chosen)" : ""}` }) : {};
      return html`<svg class=${`board turn ${can ? "" : "dim"} ${turnSel === l.rotation ? "selected" : ""}`} viewBox=${`-4 -4 ${3 * S + 8} ${3 * S + 22}`} width="78" height="88"
          role=${can ? undefined : "img"} aria-label=${can ? undefined : `${view.drawn_tile} turned ${l.rotation}°${places.length ? ", fits nowhere" : ""}`}>
        <g ...${ctl} class=${`${ctl.class ?? ""} turn-ctl`}>
          <rect x="-4" y="-4" width=${3 * S + 8} height=${3 * S + 8} rx="6" class="turn-bg" />
          ${Squares(l, 0, 0)}
          <text x=${1.5 * S} y=${3 * S + 16} text-anchor="middle" class="turn-label">${l.rotation}°</text>
        </g></svg>`;
    })}</div></section>` : null;

  // ---------------------------------------------------------------- the hand
  const hand = me?.hand ?? null;
  // in a reaction the bar's buttons play the cards (each has a single target): the hand only shows which
  const playable = new Set([...(by.play_card ?? []), ...(by.discard_card ?? [])].map((a) => a.args.card));
  const choosable = reacting ? new Set() : playable;
  const perRow = phone ? Math.max(3, Math.floor((width - 16) / (CW + 8))) : Math.max(hand?.length ?? 0, 3);
  const handRows = Math.max(1, Math.ceil((hand?.length ?? 0) / perRow));
  const handW = Math.min(perRow, Math.max(hand?.length ?? 0, 3)) * (CW + 8) + 12;
  /** @type {Record<string, number>} */
  const copies = {};
  const handCards = (hand ?? []).map((/** @type {string} */ name, /** @type {number} */ i) => {
    const k = (copies[name] = (copies[name] ?? -1) + 1);
    const can = choosable.has(name);
    const selected = cardSel === name && k === 0;
    return html`<${EventCard} name=${name} x=${6 + (i % perRow) * (CW + 8)} y=${14 + Math.floor(i / perRow) * (CH + 10)} keyName=${`hand:${name}:${k}`}
      label=${`your ${name}${can ? (selected ? " (chosen; choose again to cancel)" : ": choose it to play or discard") : reacting && playable.has(name) ? ": playable now (see the buttons above)" : ""}`}
      selected=${selected} dim=${live.length > 0 && !playable.has(name)} select=${can && k === 0 ? `card:${name}` : undefined}
      onClick=${can && k === 0 ? () => toggle(`card:${name}`) : undefined} />`;
  });

  // ---------------------------------------------------------------- every seat's public zone
  const seats = view.pawns.map((/** @type {any} */ pw) => {
    const s = pw.seat;
    return html`<li class=${`mv-seat seat-${s} ${view.to_move.includes(s) ? "turn" : ""} ${s === seat ? "yours" : ""}`} data-seat=${s}>
      <div class="ms-head"><span class="seat-chip">P${s}</span> <span class="ms-name">${names[s] ?? ""}${s === seat ? " (you)" : ""}</span>
        ${view.first === s && html`<span class="token first" title="first player">1st</span>`}
        <span class="ms-points" aria-label=${`${pw.points} points`}><${Icon} name="star" size=${14} /> ${pw.points}</span></div>
      <div class="ms-row"><span data-help="pawn">at ${pw.x},${pw.y}</span>
        <span data-help="human" aria-label=${`${pw.humans} Humans`}><${Icon} name="person" size=${13} /> ${pw.humans}</span>
        <span aria-label=${`${pw.hand_count} cards in hand`}><${Icon} name="deck" size=${13} /> ${pw.hand_count}</span>
        ${pw.has_book && html`<span class="has-book" data-help="Necronomicon">holds the Necronomicon</span>`}
        ${pw.respawn_pending && html`<span class="muted">comes back at the Altar</span>`}
        ${pw.horse_waiting_at && html`<span class="muted">horse waits at ${xy(pw.horse_waiting_at)}</span>`}</div>
      <div class="ms-row">killed <${Counts} k=${pw.skeletons} /></div>
      <div class="ms-row in-play">${pw.in_play.length ? pw.in_play.map((/** @type {string} */ c, /** @type {number} */ i) => html`<span class="play-chip"
          data-key=${`play:${s}:${c}:${i}`} data-face=${c} data-help=${c}>${c}</span>`) : html`<span class="muted small">no card in play</span>`}</div>
    </li>`;
  });

  const topDiscard = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const book = view.book.status === "held" ? `held by ${who(view.book.holder, names, seat)}` : view.book.status === "graveyard" ? `on the Graveyard (${xy(view.book.square)})` : "set aside until the Graveyard is laid";
  const yours = live.length > 0;

  return html`<div class=${`midevil ${phone ? "phone" : "wide"}`} ref=${root} data-board="midevil">
    <div class=${`mv-bar ${yours ? "mine" : ""}`}>
      <div class="mv-status">
        <span><strong>Round ${Math.min(view.round, view.max_rounds)}</strong>/${view.max_rounds} · ${PHASES[view.phase] ?? view.phase}${view.phase === "over" ? "" : ` · ${who(view.turn, names, seat)}${view.turn === seat ? "r" : "'s"} turn`}</span>
        <span><span data-help="Necronomicon">Necronomicon</span> ${book}</span>
        <span>tiles ${view.tile_deck} · cards ${view.event_deck} · goal ${view.target_points} points</span>
        <span>pool W${view.pool.white} R${view.pool.red} B${view.pool.blue} · Humans ${view.human_supply}</span>
      </div>
      <p class="mv-prompt" role="status">${prompt}</p>
      ${moment}
      ${buttons.length > 0 && html`<div class="mv-buttons">${buttons}</div>`}
    </div>
    <div class="mv-main">
      <div class="mv-left" ref=${mapBox}>
        ${phone && drawn}
        <${MapBoard} view=${view} seat=${seat} targets=${targets} ghosts=${ghosts} outline=${outline} width=${mapWidth} phone=${phone} />
      </div>
      <div class="mv-side">
        ${!phone && drawn}
        ${hand && html`<section class="mv-hand" aria-label="Your hand">
          <h3>Your hand <span class="muted small">(${hand.length} card${hand.length === 1 ? "" : "s"})</span></h3>
          <svg class="board hand-svg" viewBox=${`0 0 ${handW} ${handRows * (CH + 10) + 18}`} style=${`max-width:${handW}px`} role="group" aria-label="Your hand">${handCards}</svg>
        </section>`}
        <section class="mv-discard" aria-label="The discard pile">
          <span class="muted">discard pile: ${view.discard.length} card${view.discard.length === 1 ? "" : "s"}</span>
          ${topDiscard && html` · top <span class="play-chip" data-face=${topDiscard} data-help=${topDiscard}>${topDiscard}</span>`}
        </section>
        <ul class="mv-seats" aria-label="Every seat's public zone">${seats}</ul>
      </div>
    </div>
  </div>`;
}

/**
 * The table's banner while this seat is to move (the table shell asks its board): a reaction window is
 * a move on another player's turn, not "your turn" (R7).
 * @param {any} view @param {string[]} names @returns {string | null}
 */
MidEvilBoard.yourMove = (view, names) =>
  view.phase === "react" && view.reaction ? `${cap(who(view.turn, names, view.seat))}'s turn: you may react.` : null;
