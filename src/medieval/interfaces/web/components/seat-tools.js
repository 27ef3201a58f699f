// @ts-check
/**
 * What a seated player can do about seats whose people are away: hand an absent player's seat to a bot
 * (the server refuses while that player is there), and take their own seat back from a bot standing in
 * or after leaving it.
 */

import { useState } from "preact/hooks";
import { api } from "medieval/lib/api.js";
import { html } from "medieval/lib/html.js";

/**
 * @param {{table: string, token: string | null, seats: any[], you: number | null, status: string,
 *   onError: (t: string) => void}} p
 */
export function SeatTools({ table, token, seats, you, status, onError }) {
  const [busy, setBusy] = useState(false);
  if (you === null || !token || status !== "playing") return null;
  const mine = seats.find((s) => s.seat === you);
  const away = seats.filter((s) => s.seat !== you && !s.bot && s.taken && !s.stand_in && (!s.present || !s.connected));
  /** @param {string} path @param {any} [body] */
  const post = async (path, body) => {
    setBusy(true);
    try { await api(`/api/tables/${table}/${path}`, { method: "POST", token, body }); }
    catch (e) { onError(/** @type {Error} */ (e).message); }
    finally { setBusy(false); }
  };
  const back = mine && (!mine.present || mine.stand_in);
  if (!back && !away.length) return null;
  return html`<section class="panel seat-tools" aria-label="Seats">
    ${back && html`<p>${mine.stand_in ? `A bot (${mine.stand_in}) plays your seat.` : "You left your seat."}
      <button type="button" class="primary" data-reclaim="1" disabled=${busy} onClick=${() => post("rejoin")}>Take my seat back</button></p>`}
    ${away.map((s) => html`<p class="small">P${s.seat} ${s.name ?? ""} ${s.present ? "is not connected" : "has left"}.
      <button type="button" data-hand=${s.seat} disabled=${busy} onClick=${() => post(`seats/${s.seat}/bot`)}>Hand the seat to a bot</button></p>`)}
  </section>`;
}
