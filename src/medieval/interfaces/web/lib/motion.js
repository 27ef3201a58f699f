// @ts-check
/**
 * Animation by comparing one view with the next: every element a board marks with `data-key` (a stable
 * identity: "card:K3:2", "quest:K3") is measured before and after each render; one that moved glides
 * from where it was, one that is new fades in. Nothing moves under `prefers-reduced-motion`.
 *
 * Put `data-key` on an element without a `transform` attribute of its own (an inner `<g>`): the
 * animation uses the CSS transform.
 */

import { useLayoutEffect, useRef, useState } from "preact/hooks";

const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** @param {{current: Element | null}} root @param {any} trigger the value whose change is animated */
export function useFlip(root, trigger) {
  /** @type {{current: Map<string, DOMRect> | null}} */
  const before = useRef(null);
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    /** @type {Map<string, DOMRect>} */
    const now = new Map();
    for (const node of el.querySelectorAll("[data-key]")) {
      now.set(/** @type {string} */ (node.getAttribute("data-key")), node.getBoundingClientRect());
    }
    const old = before.current;
    before.current = now;
    if (!old || reduced()) return;
    for (const node of el.querySelectorAll("[data-key]")) {
      const key = /** @type {string} */ (node.getAttribute("data-key"));
      const a = old.get(key);
      const b = now.get(key);
      if (!b) continue;
      if (!a) {
        node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 260, easing: "ease-out" });
        continue;
      }
      const dx = a.left - b.left;
      const dy = a.top - b.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      const svg = /** @type {SVGGraphicsElement} */ (node).ownerSVGElement;
      const ctm = svg?.getScreenCTM();
      const scale = ctm && ctm.a ? 1 / ctm.a : 1;
      node.animate([{ transform: `translate(${dx * scale}px, ${dy * scale}px)` }, { transform: "translate(0, 0)" }],
        { duration: 340, easing: "cubic-bezier(.2,.7,.3,1)" });
    }
  }, [trigger]);
}

/**
 * The width of an element in CSS pixels, kept up to date (boards choose a layout by it).
 * @param {{current: Element | null}} ref @param {number} fallback
 */
export function useWidth(ref, fallback = 1000) {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width || fallback);
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref.current]);
  return width;
}
