// @ts-check
/** Every seat at a glance: name, person or bot, present and connected, score, whose turn, who thinks. */

import { html } from "medieval/lib/html.js";
import { Icon } from "medieval/components/icons.js";

/** @param {number} seat */
export const seatLabel = (seat) => `P${seat}`;

/**
 * The name a seat goes by: its person's display name, or its bot's level.
 * @param {any} s a seat of the table summary
 */
export function seatName(s) {
  if (s.name) return s.name;
  if (s.bot) return `Bot (${s.bot})`;
  return "empty seat";
}

/**
 * @param {{seats: any[], you: number | null, toMove: number[], thinking: number[], scores?: number[] | null,
 *   marks?: Record<number, string[]>, over?: boolean, winners?: number[]}} p
 */
export function PlayerPanels({ seats, you, toMove, thinking, scores, marks = {}, over = false, winners = [] }) {
  return html`<ul class="players" aria-label="Players">
    ${seats.map((s) => {
      const turn = !over && toMove.includes(s.seat);
      const thinks = thinking.includes(s.seat);
      const away = !s.bot && s.taken && (!s.present || !s.connected);
      return html`<li class=${`player seat-${s.seat} ${turn ? "turn" : ""} ${s.seat === you ? "you" : ""}`}
          data-seat=${s.seat} aria-current=${turn ? "true" : undefined}>
        <span class="seat-chip">${seatLabel(s.seat)}</span>
        <${Icon} name=${s.bot ? "bot" : "person"} size=${16} label=${s.bot ? "bot" : "person"} />
        <span class="player-name">${seatName(s)}${s.seat === you ? html` <em>(you)</em>` : ""}</span>
        ${scores && scores[s.seat] !== undefined && html`<span class="score" title="score">${scores[s.seat]}</span>`}
        <span class="player-status">
          ${(marks[s.seat] ?? []).map((m) => html`<span class="mark">${m}</span>`)}
          ${over && winners.includes(s.seat) && html`<span class="mark win"><${Icon} name="crown" size=${14} /> winner</span>`}
          ${turn && !thinks && html`<span class="mark to-move"><${Icon} name="hourglass" size=${13} /> to move</span>`}
          ${thinks && html`<span class="mark thinking" role="status">thinking…</span>`}
          ${away && html`<span class="mark away">${s.present ? "offline" : "away"}</span>`}
        </span>
      </li>`;
    })}
  </ul>`;
}
