// @ts-check
/**
 * Card help on hover, focus or tap: any element a board marks `data-help="NAME"` (NAME as the game's
 * card help names it: "7r", "K3", "Knight") shows that card's help in a popover. Boards only mark;
 * this layer listens once for the whole page.
 */

import { useEffect, useState } from "preact/hooks";
import { gameHelp } from "medieval/lib/api.js";
import { html } from "medieval/lib/html.js";

/** @param {{game: string}} p */
export function HelpLayer({ game }) {
  const [cards, setCards] = useState(/** @type {Map<string, any>} */ (new Map()));
  const [shown, setShown] = useState(/** @type {{help: any, x: number, y: number, below: boolean} | null} */ (null));

  useEffect(() => {
    let live = true;
    gameHelp(game).then((h) => { if (live) setCards(new Map(h.cards.map((/** @type {any} */ c) => [c.name, c]))); })
      .catch(() => {});
    return () => { live = false; };
  }, [game]);

  useEffect(() => {
    /** @type {Element | null} */
    let current = null;
    /** @param {Element | null} el */
    const show = (el) => {
      current = el;
      const help = el && cards.get(el.getAttribute("data-help") ?? "");
      if (!el || !help) { setShown(null); return; }
      const r = el.getBoundingClientRect();
      const below = r.top < 180;
      setShown({ help, x: Math.min(Math.max(8, r.left + r.width / 2 - 130), window.innerWidth - 268), y: below ? r.bottom + 8 : r.top - 8, below });
    };
    /** @param {Event} e */
    const target = (e) => /** @type {Element} */ (e.target)?.closest?.("[data-help]") ?? null;
    /** @param {PointerEvent} e */
    const over = (e) => { if (e.pointerType !== "touch") { const t = target(e); if (t !== current) show(t); } };
    /** @param {FocusEvent} e */
    const focus = (e) => show(target(e));
    /** @param {PointerEvent} e */
    const tap = (e) => {
      if (e.pointerType !== "touch") return;
      const t = target(e);
      show(t && t === current ? null : t);
    };
    /** @param {KeyboardEvent} e */
    const key = (e) => { if (e.key === "Escape") show(null); };
    document.addEventListener("pointerover", over);
    document.addEventListener("focusin", focus);
    document.addEventListener("pointerdown", tap);
    document.addEventListener("keydown", key);
    return () => {
      document.removeEventListener("pointerover", over);
      document.removeEventListener("focusin", focus);
      document.removeEventListener("pointerdown", tap);
      document.removeEventListener("keydown", key);
    };
  }, [cards]);

  if (!shown) return null;
  const { help } = shown;
  const details = Object.entries(help.details ?? {});
  return html`<div class=${`help-pop ${shown.below ? "below" : "above"}`} role="tooltip" style=${`left:${shown.x}px;top:${shown.y}px`}>
    <strong>${help.title}</strong>
    <p>${help.text}</p>
    ${details.length > 0 && html`<dl>${details.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>`}
  </div>`;
}
