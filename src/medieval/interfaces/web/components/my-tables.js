// @ts-check
/**
 * The lobby's "Your tables": the tables this browser sat at or created, with their status (open,
 * playing, finished, cancelled, expired, abandoned), a link back, and Cancel for an open table this
 * browser created.
 */

import { useEffect, useState } from "preact/hooks";
import { api } from "medieval/lib/api.js";
import { html } from "medieval/lib/html.js";
import { creatorFor, forgetCreator, myTables } from "medieval/lib/identity.js";

const SHOWN = 12;
/** Tables asked about at most (the newest are not known before asking). */
const ASKED = 30;
const REFRESH = 15000;
/** @type {Record<string, string>} */
const STATUS = { open: "waiting for players", playing: "under way", finished: "finished", cancelled: "cancelled",
  expired: "expired (nobody came in time)", abandoned: "abandoned (everyone left)" };

/** @param {{games: Map<string, any>, onError: (t: string) => void}} p */
export function MyTables({ games, onError }) {
  const [tables, setTables] = useState(/** @type {any[]} */ ([]));
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    const ids = myTables().slice(-ASKED);
    Promise.all(ids.map((id) => api(`/api/tables/${encodeURIComponent(id)}`).catch(() => null))).then((found) => {
      if (!live) return;
      setTables(found.filter(Boolean).sort((a, b) => b.created_at - a.created_at).slice(0, SHOWN));
    });
    const timer = window.setTimeout(() => setTick((n) => n + 1), REFRESH);
    return () => { live = false; window.clearTimeout(timer); };
  }, [tick]);
  if (!tables.length) return null;
  /** @param {any} t */
  const cancel = async (t) => {
    try {
      await api(`/api/tables/${t.id}/cancel`, { method: "POST", token: creatorFor(t.id) });
      forgetCreator(t.id);
      setTick((n) => n + 1);
    } catch (e) { onError(/** @type {Error} */ (e).message); }
  };
  return html`<section class="panel my-tables" aria-labelledby="mine-title"><h2 id="mine-title">Your tables</h2>
    <ul class="table-list">${tables.map((t) => html`<li class="table-item" data-mine=${t.id} data-status=${t.status}>
      <div class="ti-head"><strong>${games.get(t.game)?.display_name ?? t.game}</strong>
        <span class=${`status-pill status-${t.status}`}>${STATUS[t.status] ?? t.status}</span></div>
      <div class="ti-actions">
        ${t.status === "finished" ? html`<a class="button secondary" href=${`/replay/${t.id}`}>Replay</a>`
          : html`<a class="button secondary" href=${`/play/${t.id}`}>Open</a>`}
        ${t.status === "open" && creatorFor(t.id) && html`<button type="button" data-cancel=${t.id} onClick=${() => cancel(t)}>Cancel the table</button>`}
      </div></li>`)}</ul>
  </section>`;
}
