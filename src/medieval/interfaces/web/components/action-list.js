// @ts-check
/**
 * Every legal action as a button, grouped by kind, and a notation box: the way to play with the keyboard
 * alone or a screen reader, and for any game whose board does not (yet) draw a control for a move.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "medieval/lib/html.js";

const FILTER_FROM = 14;

/** @param {string} kind */
const title = (kind) => kind.replace(/_/g, " ");

/**
 * An argument's value as a person reads it: a list as its items, a record as "name value" pairs.
 * @param {any} v
 * @returns {string}
 */
const show = (v) => (v === null || v === undefined ? "–"
  : Array.isArray(v) ? v.map(show).join(" ")
  : typeof v === "object" ? Object.entries(v).map(([k, x]) => `${title(k)} ${show(x)}`).join(", ")
  : String(v));

/**
 * @param {{actions: {kind: string, args: Record<string, any>, notation: string}[], act: ((n: string) => void) | null,
 *   busy?: boolean, focusKey?: number}} p
 */
export function ActionList({ actions, act, busy = false, focusKey = 0 }) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState("");
  const [filters, setFilters] = useState(/** @type {Record<string, string>} */ ({}));
  const input = useRef(/** @type {HTMLInputElement | null} */ (null));
  useEffect(() => { setFilters({}); setProblem(""); }, [actions]);
  useEffect(() => { if (focusKey) input.current?.focus(); }, [focusKey]);

  const legal = new Map(actions.map((a) => [a.notation.toLowerCase().replace(/\s+/g, " ").trim(), a.notation]));
  /** @param {Event} e */
  const submit = (e) => {
    e.preventDefault();
    if (!act) { setProblem("No move can be sent now: the table is reconnecting, or the game is over."); return; }
    const wanted = text.toLowerCase().replace(/\s+/g, " ").trim();
    if (!wanted) { setProblem("Type an action, for example one of those listed."); return; }
    const notation = legal.get(wanted);
    if (!notation) { setProblem(`“${text}” is not one of your legal actions now.`); return; }
    setProblem("");
    setText("");
    act(notation);
  };

  /** @type {Map<string, typeof actions>} */
  const groups = new Map();
  for (const a of actions) {
    const g = groups.get(a.kind) ?? [];
    g.push(a);
    groups.set(a.kind, g);
  }
  const disabled = !act || busy;
  return html`<section class="actions panel" id="actions" aria-labelledby="actions-title">
    <h2 id="actions-title">Your actions</h2>
    ${actions.length === 0 && html`<p class="muted">Nothing to do right now.</p>`}
    ${[...groups].map(([kind, list]) => {
      const argNames = Object.keys(list[0].args ?? {});
      // A long list is narrowed by its first argument that groups it (several values, some shared):
      // one whose every value is different would only put a chip in front of each button.
      const filterArg = list.length >= FILTER_FROM ? argNames.find((k) => {
        const n = new Set(list.map((a) => show(a.args[k]))).size;
        return n > 1 && n < list.length;
      }) : undefined;
      const chosen = filterArg ? filters[`${kind}:${filterArg}`] : undefined;
      const values = filterArg ? [...new Set(list.map((a) => show(a.args[filterArg])))] : [];
      const visible = filterArg && chosen !== undefined ? list.filter((a) => show(a.args[filterArg]) === chosen) : filterArg ? [] : list;
      return html`<div class="action-group" role="group" aria-label=${title(kind)}>
        <h3>${title(kind)} <span class="count">${list.length}</span></h3>
        ${filterArg && html`<div class="filter" role="group" aria-label=${`choose ${title(filterArg)}`}>
          <span class="muted">${title(filterArg)}:</span>
          ${values.map((v) => html`<button type="button" class=${`chip ${chosen === v ? "on" : ""}`} aria-pressed=${String(chosen === v)}
              data-select=${`${kind}:${filterArg}=${v}`}
              onClick=${() => setFilters({ ...filters, [`${kind}:${filterArg}`]: v })}>${v}</button>`)}
        </div>`}
        <div class="action-buttons">
          ${visible.map((a) => html`<button type="button" class="act" data-action=${a.notation} disabled=${disabled}
              onClick=${() => act && act(a.notation)}>${a.notation}</button>`)}
        </div>
      </div>`;
    })}
    <form class="notation" onSubmit=${submit}>
      <label for="notation-box">Type an action</label>
      <div class="row">
        <input id="notation-box" ref=${input} list="legal-notations" autocomplete="off" spellcheck=${false}
          value=${text} onInput=${(/** @type {any} */ e) => setText(e.currentTarget.value)}
          aria-describedby="notation-help notation-problem" />
        <button type="submit" disabled=${disabled}>Play</button>
      </div>
      <datalist id="legal-notations">${actions.map((a) => html`<option value=${a.notation} />`)}</datalist>
      <p id="notation-help" class="muted small">The notation of any action listed, then Enter.</p>
      <p id="notation-problem" class="problem" role="alert">${problem}</p>
    </form>
  </section>`;
}
