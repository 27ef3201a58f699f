// @ts-check
/**
 * One live connection to a table, kept alive whatever the network does.
 *
 * - The server is the authority: an action is sent as notation with the version it was decided at,
 *   and nothing changes on the page until a state message says so.
 * - The log is kept whole: every state message continues it from `events_from`. A message that does not
 *   join onto what we hold (a gap) triggers a resync over HTTP from the last event we have.
 * - Reconnects back off (0.5 s doubling to 10 s, with jitter); the hello says how many events we hold,
 *   so only new ones come.
 * - An action not yet acknowledged when the socket drops is sent again, with its original version and
 *   id: the server answers a retried id with its first ack (or refuses a stale version), so an action
 *   that did get through is never applied twice. Action ids carry a random prefix of this page load, so
 *   a reloaded page never reuses an id the server remembers for the seat.
 * - A ping every few seconds measures the lag. A socket is closed and replaced only when a ping it
 *   actually sent has had no answer (nor any other message) for PONG_DEADLINE of the page's running time:
 *   when the page itself stalls (a long script, a busy machine), its timer fires late and the answer may
 *   still be waiting in the queue, so a tick counts at most PING_EVERY plus a little of the time since the
 *   last one, never the stall.
 */

import { api } from "medieval/lib/api.js";

const PING_EVERY = 4000;
const PONG_DEADLINE = 9000;
/** The most one heartbeat tick adds to a ping's age, however late the tick fired. */
const TICK_CREDIT = PING_EVERY * 1.5;
const BACKOFF_MIN = 500;
const BACKOFF_MAX = 10000;
/** Close codes after which reconnecting cannot help (token refused, no such table). */
const FATAL = new Set([4400, 4401, 4403, 4404]);

/**
 * @typedef {{type: "state", table: string, game: string, status: string, version: number, seat: number | null,
 *   to_move: number[], your_turn: boolean, legal: string[], actions: {kind: string, args: Record<string, any>,
 *   notation: string}[], thinking: number[], view: any, seats: any[], outcome: any, events_from: number,
 *   events: any[]}} StateMessage
 * @typedef {{id: string, action: string, version: number, sent: number}} Pending
 * @typedef {"connecting" | "open" | "reconnecting" | "closed"} Status
 */

/** Eight random bytes as hex, from the browser's generator (available outside secure contexts too). */
function randomPrefix() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export class TableSocket {
  /**
   * @param {{table: string, token: string | null, onState: (s: StateMessage, events: any[]) => void,
   *   onStatus?: (status: Status, detail?: string) => void, onError?: (e: {code: string, detail: string}) => void,
   *   onLag?: (ms: number) => void, onPending?: () => void, onOther?: (msg: any) => void}} options
   */
  constructor(options) {
    this.table = options.table;
    this.token = options.token;
    this.onState = options.onState;
    this.onStatus = options.onStatus ?? (() => {});
    this.onError = options.onError ?? (() => {});
    this.onLag = options.onLag ?? (() => {});
    /** called whenever an action is answered, so that the page can show it is no longer being sent */
    this.onPending = options.onPending ?? (() => {});
    /** Messages of other kinds (the table's chat), handed on as they come. */
    this.onOther = options.onOther ?? (() => {});
    /** @type {any[]} every event of this seat's log, in order */
    this.events = [];
    /** @type {StateMessage | null} */
    this.latest = null;
    /** @type {Map<string, Pending>} actions sent and not yet answered */
    this.pending = new Map();
    this.nextId = 1;
    /** this page load's prefix of action ids */
    this.idPrefix = randomPrefix();
    this.attempt = 0;
    this.stopped = false;
    /** @type {WebSocket | null} */
    this.ws = null;
    /** @type {number | undefined} */
    this.pingTimer = undefined;
    /** @type {number | undefined} */
    this.retryTimer = undefined;
    /** when the heartbeat last ticked (performance.now()) */
    this.lastTick = 0;
    /** how long the ping we wait on has gone unanswered, counting only time the page was running; null
     * when nothing is awaited (any message from the server answers it) */
    this.awaited = /** @type {number | null} */ (null);
    /** @type {Map<number, number>} ping id -> time sent */
    this.pings = new Map();
    this.resyncing = false;
    /** @type {Set<string>} actions sent more than once (after a reconnect) */
    this.resentIds = new Set();
    this.onlineHandler = () => { if (!this.ws && !this.stopped) this.connect(); };
    window.addEventListener("online", this.onlineHandler);
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.table)}`);
    this.ws = ws;
    this.onStatus(this.attempt ? "reconnecting" : "connecting");
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, events_from: this.events.length }));
      this.attempt = 0;
      for (const p of this.pending.values()) this.transmit(p);  // in the order they were made
      this.onStatus("open");
      this.startHeartbeat();
    };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      this.receive(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearTimeout(this.pingTimer);
      if (this.stopped) return;
      if (FATAL.has(e.code)) {
        this.stopped = true;
        this.onStatus("closed", e.code === 4404 ? "There is no such table." : "This seat's token was refused.");
        return;
      }
      this.schedule();
    };
  }

  schedule() {
    this.attempt += 1;
    const base = Math.min(BACKOFF_MAX, BACKOFF_MIN * 2 ** (this.attempt - 1));
    const delay = base / 2 + Math.random() * base / 2;
    this.onStatus("reconnecting", `Reconnecting in ${Math.ceil(delay / 1000)} s…`);
    this.retryTimer = window.setTimeout(() => this.connect(), delay);
  }

  startHeartbeat() {
    clearTimeout(this.pingTimer);
    this.awaited = null;
    this.pings.clear();
    this.lastTick = performance.now();
    this.pingTimer = window.setTimeout(() => this.tick(), PING_EVERY);
  }

  /** One beat of the heartbeat: age the awaited ping by the time the page ran, or send a new one. */
  tick() {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const now = performance.now();
    const ran = Math.min(now - this.lastTick, TICK_CREDIT);
    this.lastTick = now;
    this.pingTimer = window.setTimeout(() => this.tick(), PING_EVERY);
    if (this.awaited !== null) {
      this.awaited += ran;
      if (this.awaited > PONG_DEADLINE) {  // a silent socket: replace it
        clearTimeout(this.pingTimer);
        this.ws = null;
        ws.close();
        this.schedule();
      }
      return;
    }
    const id = -this.nextId++;
    this.pings.set(id, now);
    this.awaited = 0;
    ws.send(JSON.stringify({ type: "ping", id }));
  }

  /** @param {any} msg */
  receive(msg) {
    this.awaited = null;  // the socket is alive
    if (msg.type === "state") {
      this.absorb(msg);
    } else if (msg.type === "pong") {
      const sent = this.pings.get(msg.id);
      if (sent !== undefined) {
        this.pings.delete(msg.id);
        this.onLag(Math.round(performance.now() - sent));
      }
    } else if (msg.type === "ack") {
      this.pending.delete(msg.id);
      this.onPending();
      // The state showing our move should follow; if it was lost on the way, fetch it.
      const acked = msg.version;
      window.setTimeout(() => { if (!this.latest || this.latest.version < acked) this.resync(); }, 1000);
    } else if (msg.type === "error") {
      const mine = msg.id !== undefined && msg.id !== null && this.pending.has(msg.id);
      if (mine) { this.pending.delete(msg.id); this.onPending(); }
      if (msg.code === "stale_version" || msg.code === "not_your_turn") {
        // The table moved on before our action arrived (or it already got through before a drop):
        // nothing was applied twice; fetch the truth.
        this.resync();
        if (mine && !this.resent(msg.id)) this.onError({ code: msg.code, detail: "The table moved on before your move arrived: look again and choose." });
      } else {
        this.onError({ code: msg.code, detail: msg.detail });
      }
    } else {
      this.onOther(msg);
    }
  }

  /** @param {string} id */
  resent(id) {
    return this.resentIds.has(id);
  }

  /** @param {StateMessage} msg */
  absorb(msg) {
    if (this.latest && msg.version < this.latest.version) return;  // an older position: ignore it
    const have = this.events.length;
    if (msg.events_from > have) {  // a gap in the log: get what is missing
      this.resync();
      return;
    }
    this.events = this.events.slice(0, msg.events_from).concat(msg.events);
    this.latest = msg;
    this.onState(msg, this.events);
  }

  /** Fetch the current state over HTTP, from the last event we hold. */
  async resync() {
    if (this.resyncing || this.stopped) return;
    this.resyncing = true;
    try {
      const msg = await api(`/api/tables/${encodeURIComponent(this.table)}/state?events_from=${this.events.length}`,
        { token: this.token });
      this.absorb(msg);
    } catch (e) {
      /* the socket's next message will do */
    } finally {
      this.resyncing = false;
    }
  }

  /**
   * Send an action decided at `version`. Returns false if one is already on its way.
   * @param {string} action @param {number} version
   */
  act(action, version) {
    if (this.pending.size) return false;
    const p = { id: `${this.idPrefix}-${this.nextId++}`, action, version, sent: 0 };
    this.pending.set(p.id, p);
    this.transmit(p);
    return true;
  }

  /** @param {Pending} p */
  transmit(p) {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;  // sent on reconnect
    if (p.sent) this.resentIds.add(p.id);
    p.sent = Date.now();
    ws.send(JSON.stringify({ type: "action", action: p.action, version: p.version, id: p.id }));
  }

  get busy() {
    return this.pending.size > 0;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.pingTimer);
    clearTimeout(this.retryTimer);
    window.removeEventListener("online", this.onlineHandler);
    this.ws?.close();
    this.ws = null;
  }
}
