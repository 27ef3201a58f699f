// @ts-check
/** The lobby: the open tables (join or watch), games under way, finished games (replays), and a new
 * table with every rule option and each seat a person or a bot of a chosen level. */

import { useEffect, useMemo, useState } from "preact/hooks";
import { api, games as loadGames, gameHelp } from "medieval/lib/api.js";
import { html } from "medieval/lib/html.js";
import { saveName, savedName, saveToken } from "medieval/lib/tokens.js";
import { setTitle } from "medieval/lib/alerts.js";
import { Markdown } from "medieval/components/markdown.js";
import { seatName } from "medieval/components/player-panel.js";
import { ClockChoice, clockRequest } from "medieval/components/clock-choice.js";
import { MyTables } from "medieval/components/my-tables.js";
import { clientKey, saveCreator } from "medieval/lib/identity.js";

const REFRESH = 4000;

/** @param {any} option */
function defaultOf(option) { return option.default; }

/**
 * Every option of a game at its default.
 * @param {any} game
 * @returns {Record<string, any>}
 */
function optionDefaults(game) {
  return Object.fromEntries((game?.options ?? []).map((/** @type {any} */ o) => [o.name, defaultOf(o)]));
}

/** @param {{tables: any[], games: Map<string, any>, name: string, onError: (t: string) => void, kind: string}} p */
function TableList({ tables, games, name, onError, kind }) {
  if (!tables.length) return html`<p class="muted">${kind === "open" ? "No open table right now: start one with “New table”." : "None."}</p>`;
  /** @param {any} t */
  const join = async (t) => {
    if (!name.trim()) { onError("Write your name first (at the top)."); document.getElementById("your-name")?.focus(); return; }
    try {
      const r = await api(`/api/tables/${t.id}/join`, { method: "POST", body: { name: name.trim(), client: clientKey() } });
      saveName(name.trim());
      saveToken(t.id, r.token);
      location.assign(`/play/${t.id}`);
    } catch (e) { onError(/** @type {Error} */ (e).message); }
  };
  return html`<ul class="table-list">${tables.map((t) => {
    const g = games.get(t.game);
    const free = t.seats.filter((/** @type {any} */ s) => !s.taken).length;
    const changed = g ? g.options.filter((/** @type {any} */ o) => t.options[o.name] !== o.default) : [];
    return html`<li class="table-item" data-table=${t.id}>
      <div class="ti-head"><strong>${g?.display_name ?? t.game}</strong>
        <span class="muted">${t.players} players${kind === "open" ? ` · ${free} free seat${free === 1 ? "" : "s"}` : ""}</span></div>
      <div class="ti-seats">${t.seats.map((/** @type {any} */ s) => html`<span class=${`seat-pill ${s.taken ? "" : "free"}`}>P${s.seat} ${s.taken ? seatName(s) : "free"}</span>`)}</div>
      ${changed.length > 0 && html`<div class="muted small">Options: ${changed.map((/** @type {any} */ o) => `${o.name} = ${t.options[o.name]}`).join(", ")}</div>`}
      <div class="ti-actions">
        ${kind === "open" && free > 0 && html`<button type="button" onClick=${() => join(t)}>Join</button>`}
        ${kind !== "finished" && html`<a class="button secondary" href=${`/play/${t.id}`}>Watch</a>`}
        ${kind === "finished" && html`<a class="button secondary" href=${`/replay/${t.id}`}>Replay</a>`}
      </div>
    </li>`;
  })}</ul>`;
}

/** @param {{option: any, value: any, onChange: (v: any) => void, players: number}} p */
function OptionField({ option, value, onChange, players }) {
  const id = `opt-${option.name}`;
  const help = html`<p class="help-text" id=${`${id}-help`}>${option.help}</p>`;
  if (option.type === "bool") {
    return html`<div class="field check"><input type="checkbox" id=${id} checked=${!!value} aria-describedby=${`${id}-help`}
      onChange=${(/** @type {any} */ e) => onChange(e.currentTarget.checked)} /><label for=${id}>${option.name.replace(/_/g, " ")}</label>${help}</div>`;
  }
  if (option.choices) {
    return html`<div class="field"><label for=${id}>${option.name.replace(/_/g, " ")}</label>
      <select id=${id} value=${String(value)} aria-describedby=${`${id}-help`} onChange=${(/** @type {any} */ e) => {
        const raw = e.currentTarget.value;
        const match = option.choices.find((/** @type {any} */ c) => String(c) === raw);
        onChange(match === undefined ? raw : match);
      }}>${option.choices.map((/** @type {any} */ c) => html`<option value=${String(c)}>${String(c)}</option>`)}</select>${help}</div>`;
  }
  const numeric = option.type === "int" || option.type === "float";
  const max = option.name.includes("dealer") || option.name.includes("seat") ? Math.min(option.maximum ?? players - 1, players - 1) : option.maximum;
  return html`<div class="field"><label for=${id}>${option.name.replace(/_/g, " ")}</label>
    <input id=${id} type=${numeric ? "number" : "text"} value=${value ?? ""} min=${option.minimum} max=${max}
      step=${option.type === "float" ? "any" : "1"} aria-describedby=${`${id}-help`}
      onInput=${(/** @type {any} */ e) => {
        const raw = e.currentTarget.value;
        onChange(numeric ? (raw === "" ? option.default : Number(raw)) : raw);
      }} />${help}</div>`;
}

/** @param {{info: any, name: string, setName: (n: string) => void, onError: (t: string) => void}} p */
function NewTable({ info, name, setName, onError }) {
  const [gameName, setGameName] = useState(info.games[0]?.name ?? "");
  const game = info.games.find((/** @type {any} */ g) => g.name === gameName) ?? info.games[0];
  const [players, setPlayers] = useState(game?.default_players ?? 2);
  const [options, setOptions] = useState(() => optionDefaults(game));
  const [seats, setSeats] = useState(/** @type {string[]} */ ([]));
  const [priv, setPriv] = useState(false);
  const [hotseat, setHotseat] = useState(false);
  const [clock, setClock] = useState("none");
  const [clockBot, setClockBot] = useState("medium");
  const [busy, setBusy] = useState(false);
  const [how, setHow] = useState("");

  // The player count and the options go back to the game's defaults when the person picks another game,
  // in the same event: an effect would run after the next paint and could undo a count chosen meanwhile.
  /** @param {string} name */
  const chooseGame = (name) => {
    const g = info.games.find((/** @type {any} */ x) => x.name === name);
    setGameName(name);
    if (g) { setPlayers(g.default_players); setOptions(optionDefaults(g)); }
  };
  useEffect(() => {
    if (!game) return;
    gameHelp(game.name).then((h) => setHow(h.how_to_play)).catch(() => setHow(game.summary));
  }, [gameName]);

  // The levels as they are in this game at this player count (a level's budget may differ by game and
  // by count); the common ones otherwise.
  const levels = game?.levels?.[String(players)] ?? info.levels ?? [];
  const botChoices = useMemo(() => [
    ...levels.map((/** @type {any} */ l) => ({ value: l.name, label: `Bot: ${l.title}` })),
    ...(info.bots.includes("random") ? [{ value: "random", label: "Bot: random moves" }] : []),
  ], [info, gameName, players]);
  const seatKind = (/** @type {number} */ i) => seats[i] ?? (i === 0 ? "you" : (levels.find((/** @type {any} */ l) => l.name === "medium") ? "medium" : botChoices[0]?.value ?? "person"));

  /** @param {Event} e */
  const create = async (e) => {
    e.preventDefault();
    const kinds = Array.from({ length: players }, (_, i) => seatKind(i));
    const you = kinds.indexOf("you");
    if (you >= 0 && !name.trim()) { onError("Write your name first (at the top)."); document.getElementById("your-name")?.focus(); return; }
    const body = {
      game: game.name, players,
      options: Object.fromEntries(Object.entries(options).filter(([k, v]) => v !== game.options.find((/** @type {any} */ o) => o.name === k)?.default)),
      seats: kinds.map((k) => ({ bot: k === "you" || k === "person" ? null : k })),
      name: you >= 0 ? name.trim() : undefined, seat: you >= 0 ? you : undefined, private: priv, auto_start: true,
      clock: clockRequest(clock, clockBot), hotseat, client: clientKey(),
    };
    setBusy(true);
    try {
      const r = await api("/api/tables", { method: "POST", body });
      saveCreator(r.table.id, r.creator_token);
      if (you >= 0) saveName(name.trim());
      const invite = r.invite_url ? `&invite=${r.invite_url.split("#invite=")[1]}` : "";
      location.assign(r.play_url ? r.play_url + invite : `/play/${r.table.id}${r.invite_url ? `#invite=${r.invite_url.split("#invite=")[1]}` : ""}`);
    } catch (err) {
      onError(/** @type {Error} */ (err).message);
      setBusy(false);
    }
  };

  if (!game) return null;
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  return html`<form class="panel new-table" onSubmit=${create} aria-labelledby="new-title">
    <h2 id="new-title">New table</h2>
    <div class="grid2">
      <div class="field"><label for="new-game">Game</label>
        <select id="new-game" value=${gameName} onChange=${(/** @type {any} */ e) => chooseGame(e.currentTarget.value)}>
          ${info.games.map((/** @type {any} */ g) => html`<option value=${g.name}>${g.display_name} (${g.min_players}–${g.max_players})</option>`)}
        </select>
        <p class="help-text">${game.summary}</p></div>
      <div class="field"><label for="new-players">Players</label>
        <select id="new-players" value=${String(players)} onChange=${(/** @type {any} */ e) => setPlayers(Number(e.currentTarget.value))}>
          ${counts.map((n) => html`<option value=${String(n)}>${n}</option>`)}
        </select></div>
    </div>
    <fieldset><legend>Seats</legend>
      <div class="seats-grid">${Array.from({ length: players }, (_, i) => html`<div class="field seat-field">
        <label for=${`seat-${i}`}>Seat P${i}</label>
        <select id=${`seat-${i}`} value=${seatKind(i)} onChange=${(/** @type {any} */ e) => {
          const next = Array.from({ length: players }, (_, j) => seatKind(j));
          const v = e.currentTarget.value;
          if (v === "you") next.forEach((k, j) => { if (k === "you") next[j] = "person"; });
          next[i] = v;
          setSeats(next);
        }}>
          <option value="you">You</option>
          <option value="person">A person (joins later)</option>
          ${botChoices.map((b) => html`<option value=${b.value}>${b.label}</option>`)}
        </select></div>`)}</div>
      <ul class="help-text levels" data-levels="1">${levels.map((/** @type {any} */ l) => html`<li><strong>${l.title}</strong>: ${l.description}</li>`)}</ul>
    </fieldset>
    ${game.options.length > 0 && html`<details class="options"><summary>Rule options (${game.options.length})</summary>
      ${game.options.map((/** @type {any} */ o) => html`<${OptionField} option=${o} value=${options[o.name]} players=${players}
        onChange=${(/** @type {any} */ v) => setOptions({ ...options, [o.name]: v })} />`)}
    </details>`}
    <${ClockChoice} choice=${clock} bot=${clockBot} levels=${levels} onChoice=${setClock} onBot=${setClockBot} />
    <div class="field check"><input type="checkbox" id="new-private" checked=${priv} onChange=${(/** @type {any} */ e) => setPriv(e.currentTarget.checked)} />
      <label for="new-private">Private table</label><p class="help-text">Not listed here; people join through its invite link.</p></div>
    <div class="field check"><input type="checkbox" id="new-hotseat" checked=${hotseat} onChange=${(/** @type {any} */ e) => setHotseat(e.currentTarget.checked)} />
      <label for="new-hotseat">Hotseat</label><p class="help-text">People sharing one device: one browser may take several seats (otherwise one seat per browser).</p></div>
    <button type="submit" class="primary" disabled=${busy} data-create="1">Create the table</button>
    <details class="how"><summary>How to play ${game.display_name}</summary><${Markdown} text=${how} /></details>
  </form>`;
}

export function Lobby() {
  const [info, setInfo] = useState(/** @type {any} */ (null));
  const [lists, setLists] = useState(/** @type {Record<string, any[]>} */ ({ open: [], playing: [], finished: [] }));
  const [name, setName] = useState(savedName());
  const [problem, setProblem] = useState("");

  useEffect(() => {
    setTitle("Lobby");
    loadGames().then(setInfo).catch((e) => setProblem(e.message));
    let live = true;
    const refresh = async () => {
      try {
        const [open, playing, finished] = await Promise.all(["open", "playing", "finished"].map((s) => api(`/api/tables?status=${s}&limit=20`)));
        if (live) setLists({ open, playing, finished });
      } catch { /* shown on the next success */ }
    };
    refresh();
    const timer = setInterval(refresh, REFRESH);
    return () => { live = false; clearInterval(timer); };
  }, []);

  const games = new Map((info?.games ?? []).map((/** @type {any} */ g) => [g.name, g]));
  return html`<div class="page lobby">
    <header class="topbar"><a class="brand" href="/">Medieval</a><span class="muted">five tabletop games, friends and bots</span>
      <nav aria-label="More"><a href="/docs">API</a></nav></header>
    <main id="lobby">
      <h1 class="visually-hidden">Lobby</h1>
      <div class="field your-name"><label for="your-name">Your name at the table</label>
        <input id="your-name" value=${name} maxlength="40" autocomplete="nickname" onInput=${(/** @type {any} */ e) => setName(e.currentTarget.value)} /></div>
      ${problem && html`<p class="problem" role="alert">${problem} <button type="button" class="link" onClick=${() => setProblem("")}>dismiss</button></p>`}
      <div class="lobby-grid">
        ${info && html`<${NewTable} info=${info} name=${name} setName=${setName} onError=${setProblem} />`}
        <div class="lists">
          <${MyTables} games=${games} onError=${setProblem} />
          <section class="panel" aria-labelledby="open-title"><h2 id="open-title">Open tables</h2>
            <${TableList} tables=${lists.open} games=${games} name=${name} onError=${setProblem} kind="open" /></section>
          <section class="panel" aria-labelledby="playing-title"><h2 id="playing-title">Games under way</h2>
            <${TableList} tables=${lists.playing} games=${games} name=${name} onError=${setProblem} kind="playing" /></section>
          <section class="panel" aria-labelledby="finished-title"><h2 id="finished-title">Finished games</h2>
            <${TableList} tables=${lists.finished} games=${games} name=${name} onError=${setProblem} kind="finished" /></section>
        </div>
      </div>
    </main>
  </div>`;
}
