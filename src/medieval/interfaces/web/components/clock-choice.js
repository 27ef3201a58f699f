// @ts-check
/**
 * The lobby's clock choice for a new table, as Board Game Arena offers them: no clock, real-time (a time
 * per move plus a reserve for the game) or turn-based (hours or days a move), and the bot level that
 * plays a seat out of time until its player takes it back.
 */

import { html } from "medieval/lib/html.js";
import { describeClock } from "medieval/components/clock.js";

/** @type {{value: string, label: string, clock: {kind: string, per_move: number, reserve: number} | null}[]} */
export const CLOCKS = [
  { value: "none", label: "No clock", clock: null },
  { value: "rt-fast", label: "Real-time, fast", clock: { kind: "realtime", per_move: 30, reserve: 180 } },
  { value: "rt-normal", label: "Real-time, normal", clock: { kind: "realtime", per_move: 60, reserve: 600 } },
  { value: "rt-slow", label: "Real-time, slow", clock: { kind: "realtime", per_move: 120, reserve: 1200 } },
  { value: "tb-12h", label: "Turn-based, 12 hours a move", clock: { kind: "turn", per_move: 43200, reserve: 0 } },
  { value: "tb-1d", label: "Turn-based, a day a move", clock: { kind: "turn", per_move: 86400, reserve: 0 } },
  { value: "tb-3d", label: "Turn-based, 3 days a move", clock: { kind: "turn", per_move: 259200, reserve: 0 } },
];

/** The request's clock for a choice, or undefined. @param {string} choice @param {string} bot */
export function clockRequest(choice, bot) {
  const c = CLOCKS.find((x) => x.value === choice)?.clock;
  return c ? { ...c, bot } : undefined;
}

/**
 * @param {{choice: string, bot: string, levels: any[], onChoice: (v: string) => void, onBot: (v: string) => void}} p
 */
export function ClockChoice({ choice, bot, levels, onChoice, onBot }) {
  const picked = CLOCKS.find((x) => x.value === choice)?.clock;
  return html`<fieldset class="clock-choice"><legend>Clock</legend>
    <div class="grid2">
      <div class="field"><label for="new-clock">Time to play</label>
        <select id="new-clock" value=${choice} aria-describedby="new-clock-help" onChange=${(/** @type {any} */ e) => onChoice(e.currentTarget.value)}>
          ${CLOCKS.map((c) => html`<option value=${c.value}>${c.label}</option>`)}
        </select>
        <p class="help-text" id="new-clock-help">${picked ? describeClock(picked) + "." : "Nobody is hurried; a player who is gone can be handed to a bot."}</p></div>
      ${picked && html`<div class="field"><label for="new-clock-bot">Out of time, a bot plays</label>
        <select id="new-clock-bot" value=${bot} onChange=${(/** @type {any} */ e) => onBot(e.currentTarget.value)}>
          ${levels.map((/** @type {any} */ l) => html`<option value=${l.name}>${l.title}</option>`)}
        </select></div>`}
    </div>
  </fieldset>`;
}
