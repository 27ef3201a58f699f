// @ts-check
/**
 * The table's turn clock: each seat's time left, ticking for the seats whose clock runs. The server
 * sends deadlines (seconds since the epoch) and its own time with every state; the difference from this
 * computer's clock is taken out, so a wrong local clock does not matter.
 */

import { useEffect, useState } from "preact/hooks";
import { html } from "medieval/lib/html.js";
import { loadStylesheet } from "medieval/lib/html.js";

loadStylesheet(new URL("./table-extras.css", import.meta.url).href);

/** "1:05", "12 s", "3 h 20 min", "2 d 4 h". @param {number} seconds */
export function formatSeconds(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  if (s >= 60) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return `${s} s`;
}

/** @param {{kind: string, per_move: number, reserve: number}} clock */
export function describeClock(clock) {
  const kind = clock.kind === "turn" ? "Turn-based" : "Real-time";
  return `${kind}: ${formatSeconds(clock.per_move)} a move${clock.reserve ? ` + ${formatSeconds(clock.reserve)} reserve` : ""}`;
}

/**
 * @param {{clock: any, serverTime: number | null, names: string[], you: number | null}} p
 */
export function Clock({ clock, serverTime, names, you }) {
  const [now, setNow] = useState(() => Date.now() / 1000);
  const [skew, setSkew] = useState(0);
  useEffect(() => { if (serverTime) setSkew(serverTime - Date.now() / 1000); }, [serverTime]);
  const running = clock?.running?.length > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = window.setInterval(() => setNow(Date.now() / 1000), 250);
    return () => window.clearInterval(timer);
  }, [running]);
  if (!clock) return null;
  const at = now + skew;
  return html`<section class="panel clock" aria-labelledby="clock-title" data-clock=${clock.kind}>
    <h2 id="clock-title">Clock</h2>
    <p class="muted small">${describeClock(clock)}. Out of time, a bot (${clock.bot}) plays the seat until its player takes it back.</p>
    <ul class="clock-seats">${clock.seats.map((/** @type {any} */ s) => {
      const left = s.running ? s.deadline - at : clock.per_move + s.remaining;
      const low = s.running && left < Math.min(10, clock.per_move / 3);
      return html`<li class=${`clock-seat ${s.running ? "running" : ""} ${low ? "low" : ""}`} data-seat=${s.seat}
          data-running=${s.running ? "true" : "false"}>
        <span class="seat-chip">P${s.seat}</span> <span class="clock-name">${names[s.seat] ?? ""}${s.seat === you ? " (you)" : ""}</span>
        <span class="clock-time" role=${s.running && s.seat === you ? "timer" : undefined}>${formatSeconds(left)}</span>
        ${!s.running && html`<span class="muted small"> (reserve ${formatSeconds(s.remaining)})</span>`}
      </li>`;
    })}</ul>
  </section>`;
}
