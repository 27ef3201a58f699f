// @ts-check
/** The little Markdown a game's how-to-play uses (paragraphs, numbered and bulleted lists, **bold**,
 * *italic*), turned into elements: never into HTML text. */

import { html } from "medieval/lib/html.js";

/** @param {string} text */
function inline(text) {
  const out = [];
  const re = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    if (t.startsWith("**")) out.push(html`<strong>${t.slice(2, -2)}</strong>`);
    else if (t.startsWith("`")) out.push(html`<code>${t.slice(1, -1)}</code>`);
    else out.push(html`<em>${t.slice(1, -1)}</em>`);
    last = m.index + t.length;
  }
  out.push(text.slice(last));
  return out;
}

/** @param {{text: string}} p */
export function Markdown({ text }) {
  const blocks = [];
  /** @type {{ordered: boolean, items: string[]} | null} */
  let list = null;
  /** @type {string[]} */
  let para = [];
  const flushPara = () => { if (para.length) blocks.push(html`<p>${inline(para.join(" "))}</p>`); para = []; };
  const flushList = () => {
    if (!list) return;
    const items = list.items.map((i) => html`<li>${inline(i)}</li>`);
    blocks.push(list.ordered ? html`<ol>${items}</ol>` : html`<ul>${items}</ul>`);
    list = null;
  };
  for (const raw of (text || "").split("\n")) {
    const line = raw.trimEnd();
    const item = line.match(/^\s*(\d+\.|[-*])\s+(.*)$/);
    if (item) {
      flushPara();
      const ordered = item[1].endsWith(".");
      if (!list || list.ordered !== ordered) { flushList(); list = { ordered, items: [] }; }
      list.items.push(item[2]);
    } else if (!line.trim()) {
      flushPara(); flushList();
    } else if (list && /^\s+/.test(raw)) {
      list.items[list.items.length - 1] += " " + line.trim();
    } else {
      flushList();
      para.push(line.trim());
    }
  }
  flushPara(); flushList();
  return html`<div class="markdown">${blocks}</div>`;
}
