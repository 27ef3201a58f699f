// @ts-check
/**
 * The table's chat: players and spectators each have their own channel and never see the other's.
 * Messages arrive over the table's WebSocket (its history on every connect, then each new one) and are
 * sent over HTTP. A message is shown as text, never as markup: Preact puts it in a text node
 * (textContent), whatever it holds.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import { api } from "medieval/lib/api.js";
import { html } from "medieval/lib/html.js";
import { savedName } from "medieval/lib/tokens.js";

const SHOWN = 200;

/**
 * @typedef {{id: number, seat: number | null, name: string, text: string, at: number}} ChatMessage
 * @typedef {(listener: (msg: any) => void) => () => void} Subscribe
 */

/**
 * @param {{table: string, token: string | null, seat: number | null, subscribe: Subscribe, onError: (t: string) => void}} p
 */
export function Chat({ table, token, seat, subscribe, onError }) {
  const [messages, setMessages] = useState(/** @type {ChatMessage[]} */ ([]));
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const list = useRef(/** @type {HTMLOListElement | null} */ (null));
  const channel = seat === null ? "spectators" : "players";

  useEffect(() => subscribe((msg) => {
    if (msg.type !== "chat" || msg.channel !== channel) return;
    if (msg.history) setMessages(msg.messages);
    else setMessages((old) => old.concat(msg.messages.filter((/** @type {ChatMessage} */ m) => !old.some((o) => o.id === m.id))).slice(-SHOWN));
  }), [subscribe, channel]);

  useEffect(() => { const el = list.current; if (el) el.scrollTop = el.scrollHeight; }, [messages.length]);

  /** @param {Event} e */
  const send = async (e) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    setBusy(true);
    try {
      await api(`/api/tables/${table}/chat`, { method: "POST", token: seat === null ? null : token,
        body: seat === null ? { text: body, name: savedName() || undefined } : { text: body } });
      setText("");
    } catch (err) { onError(/** @type {Error} */ (err).message); }
    finally { setBusy(false); }
  };

  return html`<section class="panel chat" aria-labelledby="chat-title" data-channel=${channel}>
    <h2 id="chat-title">${seat === null ? "Spectators' chat" : "Players' chat"}</h2>
    <ol ref=${list} class="chat-log" aria-live="polite" aria-relevant="additions" tabindex="0" aria-label="Chat messages">
      ${messages.map((m) => html`<li key=${m.id} class="chat-message" data-chat-id=${m.id}>
        <span class="chat-name">${m.seat === null ? m.name : `P${m.seat} ${m.name}`}</span>: <span class="chat-text">${m.text}</span></li>`)}
    </ol>
    <form class="chat-form" onSubmit=${send}>
      <label class="visually-hidden" for="chat-text">Message</label>
      <input id="chat-text" value=${text} maxlength="500" autocomplete="off" placeholder="Say something…"
        onInput=${(/** @type {any} */ e) => setText(e.currentTarget.value)} />
      <button type="submit" disabled=${busy || !text.trim()}>Send</button>
    </form>
  </section>`;
}
