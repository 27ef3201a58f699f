// @ts-check
/**
 * A live table, as a seat or as a spectator: the game's board (its own, or the generic one), every
 * seat's panel, the action list with its notation box, the log, and the game-over summary.
 *
 * The root element carries `data-version` (the table's version) and `data-over="true"` once the game
 * is over; every element that submits an action carries `data-action`.
 */

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { api, games as loadGames } from "medieval/lib/api.js";
import { html } from "medieval/lib/html.js";
import { TableSocket } from "medieval/lib/socket.js";
import { flag, forgetToken, saveName, savedName, saveToken, setFlag, takeFragment, tokenFor } from "medieval/lib/tokens.js";
import { askNotifications, setTitle, yourTurn } from "medieval/lib/alerts.js";
import { ActionList } from "medieval/components/action-list.js";
import { HelpLayer } from "medieval/components/help.js";
import { Log } from "medieval/components/log.js";
import { Markdown } from "medieval/components/markdown.js";
import { PlayerPanels, seatName } from "medieval/components/player-panel.js";
import GenericBoard from "medieval/components/generic-board.js";
import { gameHelp } from "medieval/lib/api.js";
import { Chat } from "medieval/components/chat.js";
import { Clock } from "medieval/components/clock.js";
import { SeatTools } from "medieval/components/seat-tools.js";
import { clientKey, creatorFor, forgetCreator } from "medieval/lib/identity.js";

/** What the table page says of a table that ended without a result. @type {Record<string, string>} */
const CLOSED = { cancelled: "Its creator cancelled this table.", expired: "This table expired: not enough people came in time.",
  abandoned: "This game was abandoned: everyone had left." };

/** @type {Map<string, Promise<any>>} */
const boards = new Map();

/** The game's board component, or the generic board. @param {any} info @param {string} game */
export function loadBoard(info, game) {
  const g = info?.games?.find((/** @type {any} */ x) => x.name === game);
  if (!g?.board) return Promise.resolve(GenericBoard);
  let p = boards.get(game);
  if (!p) {
    p = import(`/games/${encodeURIComponent(game)}/web/board.js`).then((m) => m.default ?? GenericBoard)
      .catch((e) => { console.error("board failed to load", e); return GenericBoard; });
    boards.set(game, p);
  }
  return p;
}

/** The scores to show: the view's, else the outcome's. @param {any} state */
export function scoresOf(state) {
  const s = state?.view?.scores ?? state?.outcome?.scores;
  return Array.isArray(s) ? s : null;
}

/** @param {{table: string}} p */
export function TableView({ table }) {
  const fragment = useMemo(() => takeFragment(table), [table]);
  const [token, setToken] = useState(() => fragment.token ?? tokenFor(table));
  const [invite] = useState(() => {
    if (fragment.invite) { try { localStorage.setItem(`medieval.invite.${table}`, fragment.invite); } catch { /* */ } }
    try { return fragment.invite ?? localStorage.getItem(`medieval.invite.${table}`); } catch { return fragment.invite; }
  });
  const [info, setInfo] = useState(/** @type {any} */ (null));
  const [summary, setSummary] = useState(/** @type {any} */ (null));
  const [state, setState] = useState(/** @type {any} */ (null));
  const [events, setEvents] = useState(/** @type {any[]} */ ([]));
  const [previous, setPrevious] = useState(/** @type {any} */ (null));
  const [status, setStatus] = useState(/** @type {{s: string, detail?: string}} */ ({ s: "connecting" }));
  const [lag, setLag] = useState(/** @type {number | null} */ (null));
  const [problem, setProblem] = useState("");
  const [Board, setBoard] = useState(/** @type {any} */ (null));
  const [busy, setBusy] = useState(false);
  const [focusKey, setFocusKey] = useState(0);
  const [sound, setSound] = useState(flag("sound", false));
  const [notify, setNotify] = useState(flag("notify", false));
  const [how, setHow] = useState("");
  const socket = useRef(/** @type {TableSocket | null} */ (null));
  const wasTurn = useRef(false);
  const lastView = useRef(/** @type {any} */ (null));
  /** Who listens to the socket's chat messages (the Chat panel). */
  const chatListeners = useRef(/** @type {Set<(msg: any) => void>} */ (new Set()));
  const subscribe = useMemo(() => (/** @type {(msg: any) => void} */ listener) => {
    chatListeners.current.add(listener);
    return () => { chatListeners.current.delete(listener); };
  }, []);

  useEffect(() => {
    loadGames().then(setInfo).catch((e) => setProblem(e.message));
    api(`/api/tables/${table}`).then(setSummary).catch((e) => setProblem(e.code === "no_table" ? "There is no such table." : e.message));
  }, [table]);

  const game = state?.game ?? summary?.game;
  useEffect(() => {
    if (!info || !game) return;
    loadBoard(info, game).then((b) => setBoard(() => b));
    gameHelp(game).then((h) => setHow(h.how_to_play)).catch(() => {});
  }, [info, game]);

  useEffect(() => {
    const s = new TableSocket({
      table, token,
      onState: (msg, evs) => {
        setPrevious(lastView.current);
        lastView.current = msg.view;
        setState(msg);
        setEvents(evs);
        setBusy(s.busy);
      },
      onStatus: (st, detail) => {
        setStatus({ s: st, detail });
        if (st === "closed" && detail?.includes("token")) { forgetToken(table); setToken(null); }
      },
      onError: (e) => { setProblem(e.detail); setBusy(s.busy); },
      onLag: setLag,
      onPending: () => setBusy(s.busy),
      // chat messages go to the chat panel
      onOther: (msg) => { if (msg?.type === "chat") for (const l of chatListeners.current) l(msg); },
    });
    socket.current = s;
    s.connect();
    return () => s.close();
  }, [table, token]);

  const displayName = info?.games?.find((/** @type {any} */ g) => g.name === game)?.display_name ?? game ?? "Table";
  const over = state?.status === "finished";
  const yourTurnNow = !!state?.your_turn && !over;
  // Moves go only through an open socket: while it is down the page says so, and neither offers
  // controls nor calls it "your turn" with nothing to click.
  const connected = status.s === "open";
  const seats = state?.seats ?? summary?.seats ?? [];
  const names = seats.map((/** @type {any} */ s) => seatName(s));
  // the board's own words when this move is not a plain turn (a reaction on another's turn): for the banner,
  // the tab's title and the notification alike
  /** @type {string | null} */
  const moveText = yourTurnNow && state?.view ? (Board?.yourMove?.(state.view, names) ?? null) : null;
  useEffect(() => {
    setTitle(over ? `${displayName}: game over` : yourTurnNow ? `${moveText ? "Your move" : "Your turn"} · ${displayName}` : displayName);
    // the chime and the notification wait for the board: only then are the game's name and the
    // board's words for the move known (a turn that starts before it has loaded is told once it has)
    if (!Board) return;
    if (yourTurnNow && !wasTurn.current) yourTurn(displayName, moveText);
    wasTurn.current = yourTurnNow;
  }, [yourTurnNow, over, displayName, moveText, Board]);

  const seat = state?.seat ?? null;
  const act = seat !== null && state?.status === "playing" && connected
    ? (/** @type {string} */ notation) => {
      setProblem("");
      if (socket.current?.act(notation, state.version)) setBusy(true);
    }
    : null;
  const actions = yourTurnNow ? (state?.actions ?? []) : [];
  const thinking = state?.thinking ?? [];
  const toMove = state?.to_move ?? [];

  let banner = "";
  if (!state) banner = "Connecting to the table…";
  else if (state.status === "open") banner = "Waiting for every seat to be taken.";
  else if (over) banner = "The game is over.";
  else if (CLOSED[state.status]) banner = CLOSED[state.status];
  else if (!connected) banner = status.s === "closed" ? "Disconnected from the table." : `Reconnecting…${yourTurnNow ? " (your turn)" : ""}`;
  else if (yourTurnNow) banner = busy ? "Sending your move…" : (moveText ?? "Your turn.");
  else if (thinking.length) banner = `${thinking.map((/** @type {number} */ t) => `P${t} ${names[t] ?? ""}`).join(", ")} is thinking…`;
  else if (toMove.length) banner = `Waiting for ${toMove.map((/** @type {number} */ t) => `P${t} ${names[t] ?? ""}`).join(", ")}.`;

  return html`<div class="page table-page">
    <a class="skip" href="#notation-box" onClick=${(/** @type {Event} */ e) => { e.preventDefault(); setFocusKey((k) => k + 1); document.getElementById("notation-box")?.focus(); }}>Skip to your actions</a>
    <header class="topbar">
      <a class="brand" href="/">Medieval</a>
      <span class="game-title">${displayName}</span>
      <span class=${`conn conn-${status.s}`} role="status">${status.s === "open" ? "connected" : status.s}${status.detail ? `: ${status.detail}` : ""}${lag !== null && status.s === "open" ? ` · ${lag} ms` : ""}</span>
      <span class="spacer"></span>
      ${seat !== null && state?.status !== "finished" && html`<button type="button" class="small-button" onClick=${async () => {
        const playing = state?.status === "playing";
        if (playing && !window.confirm("Leave this table? A bot (medium) plays your seat until you take it back.")) return;
        try {
          await api(`/api/tables/${table}/leave`, { method: "POST", token, body: playing ? { bot: "medium" } : {} });
          if (!playing) { forgetToken(table); setToken(null); }  // during a game the token takes the seat back
        } catch (e) { setProblem(/** @type {Error} */ (e).message); }
      }}>Leave</button>`}
      <label class="toggle"><input type="checkbox" checked=${sound} onChange=${(/** @type {any} */ e) => { setSound(e.currentTarget.checked); setFlag("sound", e.currentTarget.checked); }} /> sound</label>
      <label class="toggle"><input type="checkbox" checked=${notify} onChange=${async (/** @type {any} */ e) => {
        const on = e.currentTarget.checked && await askNotifications();
        setNotify(on); setFlag("notify", on);
      }} /> notify</label>
    </header>
    <main id="table" class="table-layout" data-version=${state?.version ?? ""} data-over=${over ? "true" : "false"}
        data-seat=${seat ?? "spectator"} data-game=${game ?? ""} data-status=${state?.status ?? "loading"}
        data-connected=${connected ? "true" : "false"} aria-busy=${busy || (!connected && !over) ? "true" : "false"}>
      <h1 class="visually-hidden">${displayName} table${seat !== null ? `, seat P${seat}` : ", watching"}</h1>
      <section class="board-area" aria-label="Board">
        <p class=${`banner ${yourTurnNow && connected ? "your-turn" : ""} ${connected || over ? "" : "offline"}`} role="status" aria-live="polite">${banner}
          ${events.length > 0 && html`<span class="last-event" aria-hidden="true">${events[events.length - 1].text}</span>`}</p>
        ${problem && html`<p class="problem" role="alert">${problem} <button type="button" class="link" onClick=${() => setProblem("")}>dismiss</button></p>`}
        ${state?.status === "open" && html`<${Waiting} table=${table} summary=${state} token=${token} invite=${invite} seat=${seat} onError=${setProblem} />`}
        ${seat === null && state && state.status !== "finished" && html`<${JoinBox} table=${table} seats=${seats} status=${state.status} invite=${invite}
            onJoined=${(/** @type {string} */ t) => setToken(t)} onError=${setProblem} />`}
        ${over && html`<${Summary} state=${state} names=${names} table=${table} />`}
        ${state?.can_undo && state?.your_turn && act && html`<p class="undo-bar"><button type="button" data-undo="1" disabled=${busy}
            onClick=${async () => {
              setProblem("");
              try { await api(`/api/tables/${table}/undo`, { method: "POST", token, body: { version: state.version } }); }
              catch (e) { setProblem(/** @type {Error} */ (e).message); }
            }}>Undo my last move</button></p>`}
        ${state?.view && Board && html`<${Board} view=${state.view} actions=${actions} act=${act} seat=${seat} names=${names}
            previous=${previous} thinking=${thinking} busy=${busy} />`}
      </section>
      <aside class="side">
        <section class="panel" aria-labelledby="players-title"><h2 id="players-title">Players</h2>
          <${PlayerPanels} seats=${seats} you=${seat} toMove=${toMove} thinking=${thinking} scores=${scoresOf(state)}
            over=${over} winners=${state?.outcome?.winners ?? []} /></section>
        <${SeatTools} table=${table} token=${token} seats=${seats} you=${seat} status=${state?.status ?? ""} onError=${setProblem} />
        <${Clock} clock=${state?.clock ?? null} serverTime=${state?.server_time ?? null} names=${names} you=${seat} />
        ${seat !== null && html`<${ActionList} actions=${actions} act=${act} busy=${busy} focusKey=${focusKey} />`}
        <${Log} events=${events} />
        ${state && html`<${Chat} table=${table} token=${token} seat=${seat} subscribe=${subscribe} onError=${setProblem} />`}
        ${how && html`<details class="panel how"><summary>How to play</summary><${Markdown} text=${how} /></details>`}
      </aside>
    </main>
    ${game && html`<${HelpLayer} game=${game} />`}
  </div>`;
}

/** @param {{table: string, summary: any, token: string | null, invite: string | null, seat: number | null, onError: (t: string) => void}} p */
function Waiting({ table, summary, token, invite, seat, onError }) {
  const empty = summary.seats.filter((/** @type {any} */ s) => !s.taken).length;
  const start = async () => {
    try { await api(`/api/tables/${table}/start`, { method: "POST", token, body: { fill_bot: "medium" } }); }
    catch (e) { onError(/** @type {Error} */ (e).message); }
  };
  const link = invite ? `${location.origin}/play/${table}#invite=${invite}` : `${location.origin}/play/${table}`;
  return html`<div class="panel waiting">
    <p>${empty} seat${empty === 1 ? "" : "s"} still free. Share this link with the people you want at the table:</p>
    <p class="invite"><input aria-label="Invitation link" readonly value=${link} onFocus=${(/** @type {any} */ e) => e.currentTarget.select()} />
      <button type="button" onClick=${() => navigator.clipboard?.writeText(link)}>Copy</button></p>
    ${seat !== null && html`<p><button type="button" class="primary" onClick=${start}>Start now, bots (medium) in the free seats</button></p>`}
    ${creatorFor(table) && html`<p><button type="button" data-cancel=${table} onClick=${async () => {
      if (!window.confirm("Cancel this table? Nobody can join it any more.")) return;
      try { await api(`/api/tables/${table}/cancel`, { method: "POST", token: creatorFor(table) }); forgetCreator(table); }
      catch (e) { onError(/** @type {Error} */ (e).message); }
    }}>Cancel the table</button></p>`}
  </div>`;
}

/** @param {{table: string, seats: any[], status: string, invite: string | null, onJoined: (t: string) => void, onError: (t: string) => void}} p */
function JoinBox({ table, seats, status, invite, onJoined, onError }) {
  const [name, setName] = useState(savedName());
  // a seat left mid-game is kept for its holder: only a private table's invite may take it over
  const free = seats.filter((s) => (status === "open" ? !s.taken : !!invite && !s.bot && !s.present));
  if (!free.length) return html`<p class="muted watching">You are watching this game.</p>`;
  /** @param {Event} e */
  const join = async (e) => {
    e.preventDefault();
    try {
      const r = await api(`/api/tables/${table}/join`, { method: "POST", body: { name: name.trim(), invite: invite ?? undefined, client: clientKey() } });
      saveName(name.trim());
      saveToken(table, r.token);
      onJoined(r.token);
    } catch (err) { onError(/** @type {Error} */ (err).message); }
  };
  return html`<form class="panel join" onSubmit=${join}>
    <p>You are watching. ${free.length} seat${free.length === 1 ? " is" : "s are"} free: take one.</p>
    <label for="join-name">Your name</label>
    <input id="join-name" value=${name} maxlength="40" required onInput=${(/** @type {any} */ e) => setName(e.currentTarget.value)} />
    <button type="submit" class="primary">Take a seat</button>
  </form>`;
}

/** @param {{state: any, names: string[], table: string}} p */
export function Summary({ state, names, table }) {
  const outcome = state.outcome ?? {};
  const scores = outcome.scores ?? state.view?.scores ?? [];
  const winners = outcome.winners ?? [];
  const order = names.map((_, i) => i).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  const you = state.seat;
  return html`<section class="panel summary" aria-labelledby="summary-title" data-summary="1">
    <h2 id="summary-title">${winners.includes(you) ? "You win!" : winners.length === 1 ? `P${winners[0]} ${names[winners[0]]} wins` : `${winners.map((/** @type {number} */ w) => names[w]).join(" and ")} share the win`}</h2>
    <table class="scores"><caption class="visually-hidden">Final scores</caption>
      <thead><tr><th scope="col">Seat</th><th scope="col">Player</th><th scope="col">Score</th></tr></thead>
      <tbody>${order.map((i) => html`<tr class=${winners.includes(i) ? "winner" : ""}><td>P${i}</td><td>${names[i]}${i === you ? " (you)" : ""}</td><td>${scores[i] ?? "–"}</td></tr>`)}</tbody></table>
    <p class="muted small">${outcome.termination ? `Ended by: ${String(outcome.termination).replace(/_/g, " ")}.` : ""}</p>
    <p class="links"><a class="button primary" href=${`/replay/${table}`}>Watch the replay</a>
      <a class="button secondary" href=${`/api/tables/${table}/record`} download>Download the record (JSON)</a>
      <a class="button secondary" href="/">Back to the lobby</a></p>
  </section>`;
}
