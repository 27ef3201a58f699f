// @ts-check
/**
 * A finished game stepped through: first / back / next / last, a move slider and the arrow keys, from
 * any seat's view, the spectator's, or with every seat's cards open (each seat's view side by side).
 * The positions come from the server, which replays the stored record (finished games only).
 */

import { useEffect, useRef, useState } from "preact/hooks";
import { api, games as loadGames } from "medieval/lib/api.js";
import { html } from "medieval/lib/html.js";
import { setTitle } from "medieval/lib/alerts.js";
import { HelpLayer } from "medieval/components/help.js";
import { Log } from "medieval/components/log.js";
import { PlayerPanels, seatName } from "medieval/components/player-panel.js";
import { loadBoard } from "medieval/views/table.js";

/** @param {{table: string}} p */
export function ReplayView({ table }) {
  const [info, setInfo] = useState(/** @type {any} */ (null));
  const [data, setData] = useState(/** @type {any} */ (null));
  const [previous, setPrevious] = useState(/** @type {any} */ (null));
  const [step, setStep] = useState(/** @type {number | null} */ (null));
  const [who, setWho] = useState("spectator");
  const [problem, setProblem] = useState("");
  const [Board, setBoard] = useState(/** @type {any} */ (null));

  useEffect(() => { loadGames().then(setInfo).catch((e) => setProblem(e.message)); }, []);

  useEffect(() => {
    const q = new URLSearchParams();
    if (step !== null) q.set("step", String(step));
    if (who === "open") q.set("open", "true");
    else if (who !== "spectator") q.set("seat", who);
    let live = true;
    api(`/api/tables/${table}/replay?${q}`).then((d) => {
      if (!live) return;
      setPrevious(data?.views ?? null);
      setData(d);
      if (step === null) setStep(d.step);
    }).catch((e) => setProblem(e.code === "not_finished" ? "This game is not over yet: its replay opens once it ends." : e.message));
    return () => { live = false; };
  }, [table, step, who]);

  useEffect(() => {
    if (info && data) loadBoard(info, data.game).then((b) => setBoard(() => b));
  }, [info, data?.game]);

  const steps = data?.steps ?? 0;
  const at = data?.step ?? 0;
  // Moves are counted from the position last asked for, not the one on screen: keys pressed faster than
  // the server answers (or than the listener below is renewed) each move one step on.
  const known = useRef({ steps: 0, at: 0 });
  known.current = { steps, at };
  /** @param {number | ((from: number) => number)} to */
  const go = (to) => setStep((asked) => {
    const from = asked ?? known.current.at;
    const n = typeof to === "function" ? to(from) : to;
    return Math.min(Math.max(0, n), known.current.steps);
  });
  useEffect(() => {
    /** @param {KeyboardEvent} e */
    const key = (e) => {
      const t = /** @type {HTMLElement} */ (e.target);
      if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
      if (e.key === "ArrowRight") { e.preventDefault(); go((n) => n + 1); }
      else if (e.key === "ArrowLeft") { e.preventDefault(); go((n) => n - 1); }
      else if (e.key === "Home") { e.preventDefault(); go(0); }
      else if (e.key === "End") { e.preventDefault(); go(known.current.steps); }
    };
    document.addEventListener("keydown", key);
    return () => document.removeEventListener("keydown", key);
  }, []);

  const displayName = info?.games?.find((/** @type {any} */ g) => g.name === data?.game)?.display_name ?? data?.game ?? "Replay";
  useEffect(() => { setTitle(`Replay · ${displayName}`); }, [displayName]);
  const seats = data?.seats ?? [];
  const names = seats.map((/** @type {any} */ s) => seatName(s));
  const last = at > 0 ? data?.history?.[at - 1] : null;

  return html`<div class="page replay-page">
    <header class="topbar"><a class="brand" href="/">Medieval</a><span class="game-title">Replay: ${displayName}</span>
      <span class="spacer"></span><a href=${`/api/tables/${table}/record`} download>Download the record (JSON)</a></header>
    <main id="replay" class="table-layout" data-step=${at} data-steps=${steps}>
      <h1 class="visually-hidden">Replay of ${displayName}</h1>
      <section class="board-area" aria-label="Board">
        ${problem && html`<p class="problem" role="alert">${problem}</p>`}
        <div class="replay-controls panel" role="group" aria-label="Replay controls">
          <button type="button" onClick=${() => go(0)} disabled=${at <= 0} aria-label="First position">« First</button>
          <button type="button" onClick=${() => go((n) => n - 1)} disabled=${at <= 0} aria-label="Back one move">‹ Back</button>
          <label class="slider"><span class="visually-hidden">Move</span>
            <input type="range" min="0" max=${steps} value=${at} aria-valuetext=${`move ${at} of ${steps}`}
              onInput=${(/** @type {any} */ e) => go(Number(e.currentTarget.value))} /></label>
          <button type="button" onClick=${() => go((n) => n + 1)} disabled=${at >= steps} aria-label="Next move">Next ›</button>
          <button type="button" onClick=${() => go(steps)} disabled=${at >= steps} aria-label="Last position">Last »</button>
          <span class="step" aria-live="polite">Move ${at} / ${steps}${last ? `: P${last[0]} ${last[1]}` : ""}</span>
          <label for="replay-seat">View as</label>
          <select id="replay-seat" value=${who} onChange=${(/** @type {any} */ e) => setWho(e.currentTarget.value)}>
            <option value="spectator">a spectator</option>
            ${seats.map((/** @type {any} */ s) => html`<option value=${String(s.seat)}>P${s.seat} ${names[s.seat]}</option>`)}
            <option value="open">everyone (all cards open)</option>
          </select>
        </div>
        ${data && Board && data.views.map((/** @type {any} */ v, /** @type {number} */ i) => html`<div class="replay-board">
          ${data.open && html`<h2>P${v.seat} ${names[v.seat]}</h2>`}
          <${Board} view=${v.view} actions=${[]} act=${null} seat=${v.seat} names=${names}
            previous=${previous?.[i]?.view ?? null} thinking=${[]} busy=${false} />
        </div>`)}
      </section>
      <aside class="side">
        <section class="panel" aria-labelledby="players-title"><h2 id="players-title">Players</h2>
          <${PlayerPanels} seats=${seats} you=${data?.seat ?? null} toMove=${data?.to_move ?? []} thinking=${[]}
            scores=${data?.views?.[0]?.view?.scores ?? data?.outcome?.scores ?? null} over=${at === steps} winners=${data?.outcome?.winners ?? []} /></section>
        <section class="panel moves" aria-labelledby="moves-title"><h2 id="moves-title">Moves</h2>
          <ol class="move-list">${(data?.history ?? []).map((/** @type {any} */ h, /** @type {number} */ i) => html`<li class=${i + 1 === at ? "current" : ""}>
            <button type="button" class="link" aria-current=${i + 1 === at ? "step" : undefined} onClick=${() => go(i + 1)}>P${h[0]} ${h[1]}</button></li>`)}</ol>
        </section>
        <${Log} events=${data?.events ?? []} />
      </aside>
    </main>
    ${data && html`<${HelpLayer} game=${data.game} />`}
  </div>`;
}
