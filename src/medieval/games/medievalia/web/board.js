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
 *
 * The panels live beside this module: `tower.js` (the Tower), `table.js` (the seats and the pile) and
 * `cards.js` (the creature card and the words the panels share); this one builds the play and lays out
 * the table, the prompt, the hand and the scores.
 */

import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { html, loadStylesheet } from "medieval/lib/html.js";
import { useFlip, useWidth } from "medieval/lib/motion.js";
import { Hand } from "medieval/components/hand.js";
import { Icon } from "medieval/components/icons.js";
import { EFFECT_NOTE, EFFECT_WORDS, WORD, arcArrow, clip, creatureProps, effectOf, meaning, phrase, same, tally, who,
  within } from "./cards.js";
import { Pile, SeatTile, TILE_H, TILE_W } from "./table.js";
import { Tower } from "./tower.js";

loadStylesheet(new URL("./board.css", import.meta.url).href);

/** @typedef {import("medieval/views/board-types.js").Action} Action */

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
