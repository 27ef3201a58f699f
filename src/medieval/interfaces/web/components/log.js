// @ts-check
/** The game's log as sentences (each event's `text`), newest last, read out politely as it grows. */

import { useEffect, useRef } from "preact/hooks";
import { html } from "medieval/lib/html.js";

const SHOWN = 150;

/** @param {{events: any[], title?: string}} p */
export function Log({ events, title = "What happened" }) {
  const list = useRef(/** @type {HTMLOListElement | null} */ (null));
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [events.length]);
  const start = Math.max(0, events.length - SHOWN);
  return html`<section class="log panel" aria-labelledby="log-title" data-events=${events.length}>
    <h2 id="log-title">${title}</h2>
    <ol ref=${list} start=${start + 1} aria-live="polite" aria-relevant="additions" tabindex="0" aria-label="Game log">
      ${events.slice(start).map((e, i) => html`<li key=${start + i} class=${`event ev-${e.kind}`}>${e.text ?? e.kind}</li>`)}
    </ol>
  </section>`;
}
