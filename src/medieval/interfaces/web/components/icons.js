// @ts-check
/** Small icons drawn for this project (SVG paths on a 24-unit grid), used in boards and panels. */

import { html } from "medieval/lib/html.js";

/** @type {Record<string, string>} */
export const PATHS = {
  sword: "M12 0l1.6 2.4V14h-3.2V2.4zM6.5 14h11v2.2h-11zM10.9 16.2h2.2v4.6h-2.2zM12 20.6a1.7 1.7 0 110 3.4 1.7 1.7 0 010-3.4z",
  crown: "M3 18h18l1-11-5 4-5-7-5 7-5-4z",
  shield: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z",
  eye: "M12 5C6 5 2 12 2 12s4 7 10 7 10-7 10-7-4-7-10-7zm0 11a4 4 0 110-8 4 4 0 010 8z",
  bot: "M9 2h6v3h3a2 2 0 012 2v10a2 2 0 01-2 2H6a2 2 0 01-2-2V7a2 2 0 012-2h3zm0 8a1.5 1.5 0 100 3 1.5 1.5 0 000-3zm6 0a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM8 21h8v1H8z",
  person: "M12 12a5 5 0 100-10 5 5 0 000 10zm-8 10c0-4.5 3.5-8 8-8s8 3.5 8 8z",
  hourglass: "M6 2h12v5l-4 5 4 5v5H6v-5l4-5-4-5z",
  star: "M12 2l3 7h7l-5.5 4.5 2 7.5L12 17l-6.5 4 2-7.5L2 9h7z",
  deck: "M5 3h11a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V5a2 2 0 012-2zm15 3h1v14a3 3 0 01-3 3H7v-1h11a2 2 0 002-2z",
};

/**
 * An inline icon. In SVG pass x/y/size; in HTML it is its own little <svg>.
 * @param {{name: string, size?: number, x?: number, y?: number, fill?: string, svg?: boolean, label?: string}} p
 */
export function Icon({ name, size = 16, x = 0, y = 0, fill = "currentColor", svg = false, label }) {
  const d = PATHS[name] ?? PATHS.star;
  if (svg) {
    return html`<path d=${d} fill=${fill} transform=${`translate(${x} ${y}) scale(${size / 24})`} aria-hidden="true" />`;
  }
  return html`<svg class="icon" width=${size} height=${size} viewBox="0 0 24 24" role=${label ? "img" : undefined}
    aria-label=${label} aria-hidden=${label ? undefined : "true"}><path d=${d} fill=${fill} /></svg>`;
}
