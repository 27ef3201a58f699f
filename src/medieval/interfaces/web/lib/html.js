// @ts-check
/** htm bound to Preact's createElement: html`<div class=${c}>...</div>` (no build step). */
import { h } from "preact";
import htm from "htm";

export const html = htm.bind(h);

/** @type {Set<string>} */
const sheets = new Set();

/**
 * Load a board's own stylesheet once (boards call it at import:
 * `loadStylesheet(new URL("./board.css", import.meta.url).href)`).
 * @param {string} href
 */
export function loadStylesheet(href) {
  if (sheets.has(href)) return;
  sheets.add(href);
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
}
