// @ts-check
/**
 * Medievalia (2007)'s Fiefs: a player's Fief (the City and territories in rows, the buildings standing on
 * each, the troops attached below, the free troops and the visitors beside) and an intermediate Fief
 * (the troops marching through), each under a header with its owner's public counts and the attack
 * button where one may attack.
 */

import { html } from "medieval/lib/html.js";
import { Icon } from "medieval/components/icons.js";
import { Art, CELL, COLW, DECKS, GLYPHS, HH, HW, Owner, RES, Res, Amounts, SH, SIEGE_TURNS, SW, fiefWords } from "./art.js";

/** @typedef {ReturnType<typeof import("./context.js").boardContext> & {view: any, names: string[], me: number | null,
 *   W: number, phone: boolean, sel: string | null, toggle: (key: string) => void}} Ctx */

/** A player's Fief as SVG. @param {Ctx} ctx @param {any} fief */
export function FiefSvg(ctx, fief) {
  const { view, names, me, W, phone, table, marchFor, offFor, selCard, tableCard, drop } = ctx;
  const owner = fief.owner;
  const cards = fief.cards.map((/** @type {string} */ n) => table[n]).filter(Boolean);
  const hosts = cards.filter((/** @type {any} */ c) => c.owner === owner && (c.kind === "city" || c.kind === "territory"));
  hosts.sort((/** @type {any} */ a, /** @type {any} */ b) => (a.kind === "city" ? 0 : 1) - (b.kind === "city" ? 0 : 1));
  const attached = (/** @type {string} */ h) => cards.filter((/** @type {any} */ c) => c.on === h);
  const free = cards.filter((/** @type {any} */ c) => c.kind === "troop" && !c.on && c.owner === owner);
  const visitors = cards.filter((/** @type {any} */ c) => c.owner !== owner);
  const perRow = phone ? 3 : 5;
  const slots = Math.max(hosts.length, phone ? (hosts.length <= 3 ? 3 : 5) : 5);
  const parts = [];
  const march = marchFor.get(fief.name);
  let top = march ? 44 : 6;
  if (march) parts.push(drop(fief.name, march, 6, W - 12, `march ${selCard} into ${fiefWords(fief.name, view, names, me)}`));
  for (let r = 0; r * perRow < slots; r++) {
    const row = [];
    for (let j = 0; j < perRow && r * perRow + j < slots; j++) row.push(hosts[r * perRow + j] ?? null);
    const building = view.purchase?.kind === "build" ? view.purchase : null; // drawn as a ghost on its host while it is paid
    const bh = row.some((h) => h && (building?.on === h.name || attached(h.name).some((/** @type {any} */ c) => c.kind !== "troop"))) ? 80 : 0;
    const th = row.some((h) => h && attached(h.name).some((/** @type {any} */ c) => c.kind === "troop")) ? 80 : 0;
    row.forEach((h, j) => {
      const cx = (phone ? 5 : 0) + j * COLW + COLW / 2;
      if (!h) {
        parts.push(html`<g aria-hidden="true"><rect x=${cx - HW / 2} y=${top + bh + 2} width=${HW} height=${HH} rx="6" class="slot" />
          <text x=${cx} y=${top + bh + 56} text-anchor="middle" class="slot-text">territory</text></g>`);
        return;
      }
      const on = attached(h.name);
      const builds = on.filter((/** @type {any} */ c) => c.kind !== "troop");
      const troops = on.filter((/** @type {any} */ c) => c.kind === "troop");
      const nb = builds.length + (building?.on === h.name ? 1 : 0);
      builds.forEach((/** @type {any} */ b, /** @type {number} */ k) => parts.push(tableCard({ c: b, x: cx + (k - (nb - 1) / 2) * CELL - SW / 2, y: top + 4, w: SW, h: SH })));
      if (building?.on === h.name) {
        const gx = cx + (nb - 1 - (nb - 1) / 2) * CELL - SW / 2;
        parts.push(html`<g class="ghost" transform=${`translate(${gx} ${top + 4})`} data-help=${building.what} aria-label=${`the ${building.what} being paid for, to go on ${h.name}`} role="img">
          <rect width=${SW} height=${SH} rx="6" class="ghost-frame" />
          <${Art} face=${building.what} w=${SW} h=${SH} />
          <text x=${SW / 2} y=${SH + 11} text-anchor="middle" class="ghost-text">paying…</text></g>`);
      }
      parts.push(tableCard({ c: h, x: cx - HW / 2, y: top + bh + 2, w: HW, h: HH }));
      troops.forEach((/** @type {any} */ t, /** @type {number} */ k) => parts.push(tableCard({ c: t, x: cx + (k - (troops.length - 1) / 2) * CELL - SW / 2, y: top + bh + 110, w: SW, h: SH })));
    });
    top += bh + 108 + th;
  }
  // free troops and visitors: beside the row on a wide screen, below it on a phone
  const zoneX = phone ? 5 : 5 * COLW + 8;
  const zoneW = phone ? W - 10 : W - zoneX - 4;
  const per = Math.max(1, Math.floor(zoneW / CELL));
  let zy = phone ? top + 4 : (marchFor.has(fief.name) ? 44 : 6);
  const zone = [];
  /** @param {string} text @param {any[]} list @param {boolean} off @param {number} [dx] */
  const group = (text, list, off, dx = 0) => {
    if (!list.length && !off) return;
    if (off && offFor) zone.push(drop(`off:${fief.name}`, offFor.notation, zy, zoneW, `set ${selCard} free in the Fief`, zoneX));
    else zone.push(html`<text x=${zoneX + 2 + dx} y=${zy + 16} class="zone-label">${text}</text>`);
    zy += off && offFor ? 38 : 24;
    list.forEach((c, i) => zone.push(tableCard({ c: c, x: zoneX + (i % per) * CELL + (CELL - SW) / 2, y: zy + Math.floor(i / per) * 80 + 4, w: SW, h: SH })));
    zy += Math.ceil(list.length / per) * 80;
  };
  group(free.length ? "free in the Fief" : "", free, owner === me && !!offFor);
  for (const v of [...new Set(visitors.map((/** @type {any} */ c) => c.owner))].sort()) {
    zone.push(html`<${Owner} x=${zoneX + 16} y=${zy + 12} seat=${v} you=${v === me} />`);
    group(v === me ? "your troops here" : "visiting troops", visitors.filter((/** @type {any} */ c) => c.owner === v), false, 34);
  }
  if (!phone && !free.length && !visitors.length && !(owner === me && offFor)) {
    zone.push(html`<text x=${zoneX + 2} y=${zy + 16} class="zone-label muted-svg">no free troops</text>`);
  }
  const height = Math.max(top, zy) + 8;
  return html`<svg class="board fief-svg" viewBox=${`0 0 ${W} ${height}`} role="group"
      aria-label=${`${fiefWords(fief.name, view, names, me)}: ${hosts.length} City and territories, ${free.length} free troops, ${visitors.length} visitors`}>
    ${!phone && html`<line x1=${5 * COLW + 2} y1="10" x2=${5 * COLW + 2} y2=${height - 10} class="zone-rule" />`}
    ${parts}${zone}
  </svg>`;
}

/** An intermediate Fief as SVG, ``rw`` wide. @param {Ctx} ctx @param {any} fief @param {number} rw */
export function RoadSvg(ctx, fief, rw) {
  const { me, table, marchFor, selCard, tableCard, drop } = ctx;
  const cards = fief.cards.map((/** @type {string} */ n) => table[n]).filter(Boolean);
  const seats = [...new Set(cards.map((/** @type {any} */ c) => c.owner))].sort();
  const parts = [];
  let y = 4;
  const target = marchFor.get(fief.name);
  if (target) { parts.push(drop(fief.name, target, y, rw - 12, `march ${selCard} here`)); y += 38; }
  const per = Math.max(1, Math.floor((rw - 50) / CELL));
  if (!cards.length) parts.push(html`<text x=${rw / 2} y=${y + 20} text-anchor="middle" class="zone-label muted-svg">no troops here</text>`);
  for (const s of seats) {
    const list = cards.filter((/** @type {any} */ c) => c.owner === s);
    parts.push(html`<${Owner} x=${22} y=${y + 40} seat=${s} you=${s === me} />`);
    list.forEach((/** @type {any} */ c, /** @type {number} */ i) => parts.push(tableCard({ c: c, x: 44 + (i % per) * CELL + (CELL - SW) / 2, y: y + 4 + Math.floor(i / per) * 80, w: SW, h: SH })));
    y += Math.ceil(list.length / per) * 80 + 4;
  }
  const height = Math.max(y, cards.length ? 84 : 30) + 6;
  return html`<svg class="board road-svg" viewBox=${`0 0 ${rw} ${height}`} role="group"
      aria-label=${`The intermediate Fief ${fief.name}: ${cards.length} troop${cards.length === 1 ? "" : "s"}`}>${parts}</svg>`;
}

/** A player's Fief with its header. @param {Ctx} ctx @param {any} fief */
export function FiefSection(ctx, fief) {
  const { view, names, me, battle, attackActs, sel, toggle } = ctx;
  const info = view.players_info;
  const allied = view.allied;
  const p = info[fief.owner];
  const s = fief.owner;
  const hb = p.hand_by_deck;
  const inBattle = battle && battle.fief === fief.name;
  const attack = attackActs.get(fief.name);
  const key = `fief:${fief.name}`;
  const ally = allied && s !== me && me !== null && p.team === info[me]?.team;
  return html`<section class=${`m7-fief seat-${s} ${s === me ? "yours" : ""} ${inBattle ? "battle-here" : ""} ${p.siege_turns ? "siege" : ""} ${p.alive ? "" : "defeated"} ${view.to_move.includes(s) ? "turn" : ""}`}
      data-fief=${fief.name} aria-label=${`${fiefWords(fief.name, view, names, me)}`}>
    <header class="fief-head">
      <span class="seat-chip">P${s}</span>
      <span class="fh-name">${s === me ? "Your Fief" : `${names[s] ?? `P${s}`}`}${allied ? html` <span class=${`team team-${p.team}`}>${ally ? "ally" : s === me ? `alliance ${p.team + 1}` : `alliance ${p.team + 1}`}</span>` : ""}</span>
      <span class="fh-vp" aria-label=${`${p.vp} victory points`}><${Icon} name="star" size=${14} /> ${p.vp} VP</span>
      <span class="fh-stat" title="hand cards by deck">hand ${p.hand_count}${p.hand_count ? ` (${DECKS.filter((d) => hb[d]).map((d) => `${hb[d]} ${d}`).join(", ")})` : ""}</span>
      <span class="fh-stat"><${Res} r="food" n=${p.food} size=${13} /> feeds ${2 * p.food}, ${p.upkeep} to feed</span>
      ${RES.some((r) => p.pool[r]) && html`<span class="fh-stat">produced <${Amounts} res=${p.pool} /></span>`}
      ${p.building_discount ? html`<span class="fh-stat">Bureaucrats: ${p.building_discount} off</span>` : ""}
      ${p.siege_turns ? html`<span class="fh-siege"><${Icon} name="hourglass" size=${13} /> under siege: turn ${p.siege_turns} of ${SIEGE_TURNS}</span>` : ""}
      ${p.must_disband ? html`<span class="fh-siege">must disband ${p.must_disband}</span>` : ""}
      ${!p.alive && html`<span class="fh-siege">defeated</span>`}
      ${inBattle && html`<span class="fh-battle"><svg class="res-ic" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true"><path d=${GLYPHS.swords} fill="currentColor" /></svg> battle here</span>`}
      ${attack && html`<button type="button" class=${`attack-btn ${sel === key ? "on" : ""}`} data-select=${key} aria-pressed=${String(sel === key)} onClick=${() => toggle(key)}>⚔ attack here</button>`}
    </header>
    ${FiefSvg(ctx, fief)}
  </section>`;
}

/** An intermediate Fief with its header, in a grid of ``cols`` columns. @param {Ctx} ctx @param {any} fief @param {number} cols */
export function RoadSection(ctx, fief, cols) {
  const { me, W, battle, attackActs, marchFor, sel, toggle } = ctx;
  const inBattle = battle && battle.fief === fief.name;
  const attack = attackActs.get(fief.name);
  const key = `fief:${fief.name}`;
  const rw = Math.floor(W / cols);
  return html`<section class=${`m7-road ${inBattle ? "battle-here" : ""} ${marchFor.has(fief.name) ? "reachable" : ""}`} data-fief=${fief.name}
      aria-label=${`the intermediate Fief ${fief.name}`}>
    <header class="fief-head">
      <span class="road-name">${fief.name}</span>
      <span class="fh-stat">between ${(fief.between ?? []).map((/** @type {number} */ s) => (s === me ? "you" : `P${s}`)).join(" and ")}</span>
      ${inBattle && html`<span class="fh-battle">⚔ battle here</span>`}
      ${attack && html`<button type="button" class=${`attack-btn ${sel === key ? "on" : ""}`} data-select=${key} aria-pressed=${String(sel === key)} onClick=${() => toggle(key)}>⚔ attack here</button>`}
    </header>
    ${RoadSvg(ctx, fief, rw)}
  </section>`;
}
