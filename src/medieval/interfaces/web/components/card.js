// @ts-check
/**
 * A card drawn in SVG, and the props that make any SVG element a control.
 *
 * A control that submits an action carries `data-action="<notation>"`; one that only selects a part of
 * a composite move carries `data-select`. Both are focusable and answer Enter and Space.
 */

import { html } from "medieval/lib/html.js";
import { Icon } from "medieval/components/icons.js";

/**
 * Props making an SVG element a button.
 * @param {{action?: string, select?: string, onClick?: () => void, label: string, pressed?: boolean}} p
 */
export function control({ action, select, onClick, label, pressed }) {
  if (!onClick) return {};
  /** @param {KeyboardEvent} e */
  const key = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onClick(); } };
  return {
    role: "button", tabindex: 0, "aria-label": label, "data-action": action, "data-select": select,
    "aria-pressed": pressed === undefined ? undefined : String(pressed),
    class: "ctl", onClick, onKeyDown: key,
  };
}

/**
 * @typedef {{x: number, y: number, w?: number, h?: number, rank?: string, mark?: string, tone?: "plain" | "red",
 *   suit?: string, faceDown?: boolean, back?: string, keyName?: string, help?: string, label?: string,
 *   selected?: boolean, glow?: boolean, dim?: boolean, action?: string, select?: string, onClick?: () => void,
 *   face?: string, badge?: any, rotate?: number}} CardProps
 */

/** @param {CardProps} p */
export function Card(p) {
  const w = p.w ?? 60, h = p.h ?? 84;
  const red = p.tone === "red";
  const ink = red ? "#8c1414" : "#1d1a16";
  const label = p.label ?? (p.faceDown ? "a face-down card" : `card ${p.rank ?? ""}`);
  const ctl = control({ action: p.action, select: p.select, onClick: p.onClick, label, pressed: p.select ? !!p.selected : undefined });
  const lift = p.selected ? -12 : 0;
  return html`<g transform=${`translate(${p.x} ${p.y + lift})${p.rotate ? ` rotate(${p.rotate} ${w / 2} ${h / 2})` : ""}`}>
    <g data-key=${p.keyName} data-help=${p.faceDown ? undefined : p.help} data-face=${p.faceDown ? undefined : p.face} ...${ctl}
       class=${`card ${ctl.class ?? ""} ${p.selected ? "selected" : ""} ${p.glow ? "glow" : ""} ${p.dim ? "dim" : ""}`}>
      ${p.faceDown
        ? html`<rect width=${w} height=${h} rx="6" class="card-back" />
               <rect x="5" y="5" width=${w - 10} height=${h - 10} rx="4" class="card-back-inner" />
               <${Icon} svg name=${p.back ?? "shield"} size=${Math.min(w, h) * 0.45} x=${w / 2 - Math.min(w, h) * 0.225} y=${h / 2 - Math.min(w, h) * 0.225} fill="#c9a54a" />`
        : html`<rect width=${w} height=${h} rx="6" class=${`card-face ${red ? "red" : ""}`} />
               ${red && html`<rect x="3" y="3" width=${w - 6} height=${h - 6} rx="4" class="red-frame" />`}
               <text x="7" y="17" class="card-corner" fill=${ink}>${p.rank}${p.mark ?? ""}</text>
               <text x=${w / 2} y=${h * 0.62} class="card-rank" fill=${ink} text-anchor="middle" font-size=${h * 0.42}>${p.rank}</text>
               ${p.suit && html`<${Icon} svg name=${p.suit} size=${w * 0.3} x=${w - w * 0.3 - 5} y=${h - w * 0.3 - 5} fill=${ink} />`}`}
      ${p.badge}
    </g>
  </g>`;
}
