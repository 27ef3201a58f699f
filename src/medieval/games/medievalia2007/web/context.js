// @ts-check
/**
 * What Medievalia (2007)'s board can do now, shared by its panels: the legal actions indexed by the part
 * of the table that performs them (a card, a face in hand, a deck, a building, a Fief, a resource), what
 * the current selection reaches, what changed since the last view, and each card of the table drawn as
 * its control (one click, a selection, or nothing) with words for the screen reader.
 */

import { html } from "medieval/lib/html.js";
import { Card, control } from "medieval/components/card.js";
import { Icon } from "medieval/components/icons.js";
import { Art, MILITARY, Tag, fiefWords, vpOf, whose } from "./art.js";

/** @typedef {import("medieval/views/board-types.js").Action} Action */

/**
 * @param {{view: any, acts: Action[], sel: string | null, toggle: (key: string) => void, send: (n: string) => void,
 *   names: string[], me: number | null, previous: any}} p
 */
export function boardContext({ view, acts, sel, toggle, send, names, me, previous }) {
  const table = view.table;
  const battle = view.battle;
  // ------------------------------------------------------------------ the legal actions, indexed
  /** @type {Map<string, Action[]>} */
  const cardActs = new Map(); // a table card -> the actions it performs
  /** @type {Map<string, Action[]>} */
  const handActs = new Map(); // a face in hand -> play / sell
  /** @type {Map<string, Action[]>} */
  const deckActs = new Map(); // a deck -> take / draw / buy card
  /** @type {Map<string, Action[]>} */
  const buildActs = new Map(); // a building face -> build on ...
  /** @type {Map<string, Action[]>} */
  const attackActs = new Map(); // a Fief -> attack ...
  /** @type {Map<string, Action[]>} */
  const tradeActs = new Map(); // a resource given -> trades
  /** @type {Map<string, string>} */
  const aimAt = new Map(); // a target card -> aim
  /** @type {Map<number, string>} */
  const aimBand = new Map(); // a band number -> aim
  /** @type {Record<string, Action>} */
  const single = {}; // buttons of the bar: end_*, abandon, call_ally, refuse, new_army, charge, hold, stand, pass
  /** @type {Action[]} */
  const sends = [];
  /** @param {Map<any, Action[]>} m @param {any} k @param {Action} a */
  const push = (m, k, a) => { const l = m.get(k); if (l) l.push(a); else m.set(k, [a]); };
  for (const a of acts) {
    const g = a.args ?? {};
    switch (a.kind) {
      case "play": case "sell": push(handActs, g.card, a); break;
      case "take": case "draw": case "buy_card": push(deckActs, g.deck, a); break;
      case "build": push(buildActs, g.building, a); break;
      case "attack": push(attackActs, g.fief, a); break;
      case "trade": push(tradeActs, g.give, a); break;
      case "aim": if (g.band) aimBand.set(g.band, a.notation); else aimAt.set(g.target, a.notation); break;
      case "send": sends.push(a); break;
      default:
        if (g.card && table[g.card]) push(cardActs, g.card, a);
        else single[a.kind] = a;
    }
  }
  /** Kinds a card performs with one click (no other part to choose). */
  const DIRECT = new Set(["produce", "enlist", "bolster", "damage_order", "disband", "reduce"]);
  const selCard = sel?.startsWith("card:") ? sel.slice(5) : null;
  const selActs = selCard ? cardActs.get(selCard) ?? [] : [];
  const selStack = sel?.startsWith("stack:") ? sel.slice(6) : null;
  /** @type {Map<string, string>} the cards the selection reaches, and the action reaching each */
  const targetFor = new Map();
  for (const a of selActs) {
    if (a.kind === "move_inside" && a.args.to) targetFor.set(a.args.to, a.notation);
    if (["inspire", "shoot", "heal"].includes(a.kind)) targetFor.set(a.args.target, a.notation);
  }
  if (selStack) for (const a of buildActs.get(selStack) ?? []) targetFor.set(a.args.on, a.notation);
  const offFor = selActs.find((a) => a.kind === "move_inside" && !a.args.to);
  const marchFor = new Map(selActs.filter((a) => a.kind === "march").map((a) => [a.args.to, a.notation]));
  const engageFor = new Map(selActs.filter((a) => a.kind === "engage").map((a) => [a.args.army, a.notation]));

  // ------------------------------------------------------------------ what changed since the last view
  const prevTable = previous?.table ?? null;
  /** @param {any} c */
  const fresh = (c) => {
    if (!prevTable) return false;
    const p = prevTable[c.name];
    return !p || p.fief !== c.fief || p.on !== c.on || p.rotated !== c.rotated || p.damage !== c.damage;
  };

  // ------------------------------------------------------------------ the battle, by card
  /** @type {Map<string, string>} */
  const battleTag = new Map();
  if (battle) {
    battle.armies.forEach((/** @type {string[]} */ a, /** @type {number} */ i) => a.forEach((n) => battleTag.set(n, `A${i + 1}`)));
    battle.bands.forEach((/** @type {string[]} */ b, /** @type {number} */ i) => b.forEach((n) => battleTag.set(n, `B${i + 1}`)));
    for (const t of battle.targets) if (t && table[t]) battleTag.set(t, "target");
  }

  // ------------------------------------------------------------------ one card of the table
  /** @param {any} c */
  function cardWords(c) {
    const kind = c.kind === "troop" ? (MILITARY.has(c.face) ? "military unit" : "character") : c.kind;
    const bits = [`${whose(c.owner, names, me)} ${c.name} (${kind}`];
    if (c.strength) bits[0] += ` ${c.strength[0]}/${c.strength[1]}`;
    bits[0] += ")";
    if (c.produces && (c.kind === "city" || c.kind === "territory" || !c.on)) bits.push(`makes ${c.production ?? 0} ${c.produces}`);
    bits.push(c.rotated ? "used" : "unused");
    if (c.guarded) bits.push("guarded");
    if (c.on) bits.push(`on ${c.on}`);
    if (c.damage) bits.push(`${c.damage} damage`);
    if (c.artists) bits.push(`next production x${2 ** c.artists}`);
    const tag = battleTag.get(c.name);
    if (tag) bits.push(tag === "target" ? "an army's target" : tag[0] === "A" ? `in army ${tag.slice(1)}` : `in band ${tag.slice(1)}`);
    return bits.join(", ");
  }

  /** What clicking a card does: its props for the shared Card. @param {any} c */
  function cardControl(c) {
    const words = cardWords(c);
    const t = targetFor.get(c.name);
    if (t) return { action: t, onClick: () => send(t), glow: true, label: `${words}: ${sentenceOf(t)}` };
    const aim = aimAt.get(c.name);
    if (aim) return { action: aim, onClick: () => send(aim), glow: true, label: `${words}: aim the army at it` };
    const own = cardActs.get(c.name) ?? [];
    if (!own.length) return { label: words };
    if (own.length === 1 && DIRECT.has(own[0].kind)) {
      const n = own[0].notation;
      return { action: n, onClick: () => send(n), glow: true, label: `${words}: ${sentenceOf(n)}` };
    }
    const key = `card:${c.name}`;
    return { select: key, onClick: () => toggle(key), selected: sel === key, glow: sel !== key,
      label: `${words}: choose it (${own.map((a) => a.kind.replace(/_/g, " ")).filter((k, i, l) => l.indexOf(k) === i).join(", ")})` };
  }

  /** A sentence for an action's notation in the bar and in labels (built from its structured args). @param {string} notation */
  function sentenceOf(notation) {
    const a = acts.find((x) => x.notation === notation);
    if (!a) return notation;
    const g = a.args;
    switch (a.kind) {
      case "produce": { const c = table[g.card]; return `use ${g.card} for ${c?.production ?? ""} ${c?.produces ?? ""}`.replace(/\s+/g, " "); }
      case "move_inside": return g.to ? `move ${g.card} onto ${g.to}` : `set ${g.card} free in the Fief`;
      case "march": return `march ${g.card} to ${fiefWords(g.to, view, names, me)}`;
      case "build": return `build the ${g.building} on ${g.on}`;
      case "inspire": return `${g.card} doubles the next production of ${g.target}`;
      case "shoot": return `${g.card} shoots ${g.target}`;
      case "heal": return `${g.card} heals 1 damage on ${g.target}`;
      case "engage": return `${g.card} engages army ${g.army}`;
      case "enlist": return `enlist ${g.card} in army ${battle ? battle.armies.length : 1}`;
      case "bolster": return `give ${g.card} the +0/1 bonus`;
      case "damage_order": return `${g.card} takes the damage next`;
      case "disband": return `disband ${g.card}`;
      case "dismiss": return `dismiss ${g.card} from the table`;
      case "remove": return `remove ${g.card} (1 workforce)`;
      case "reduce": return `${g.card}: the building costs 2 less`;
      case "convert": return `${g.card}: ${g.give} into ${g.give === "gold" ? "2" : "1"} ${g.get}`;
      default: return notation;
    }
  }

  /** A card of the table (called as a function, so that it keeps its DOM node and focus from one view to the next).
   * @param {{c: any, x: number, y: number, w: number, h: number}} p */
  function tableCard({ c, x, y, w, h }) {
    const ctl = cardControl(c);
    const host = c.kind === "city" || c.kind === "territory";
    const showProd = c.produces && c.production !== undefined && (host || (!c.on && c.production > 0));
    const tag = battleTag.get(c.name);
    const bonus = battle?.bonus?.[c.name];
    const badge = html`
      <${Art} face=${c.face} w=${w} h=${h} title=${c.name} strength=${c.strength} prod=${showProd ? c.production : undefined}
        res=${c.produces} vp=${vpOf(c.face)} />
      ${c.guarded && html`<g class="guard" aria-hidden="true"><${Icon} svg name="shield" size=${15} x=${2} y=${host ? 20 : 16} fill="#1a4f9c" /></g>`}
      ${c.damage ? html`<${Tag} x=${w - 12} y=${host ? 30 : 26} text=${`−${c.damage}`} cls="t-dmg" />` : ""}
      ${c.artists ? html`<${Tag} x=${w / 2} y=${h - 30} text=${`×${2 ** c.artists}`} cls="t-art" />` : ""}
      ${bonus ? html`<${Tag} x=${w / 2} y=${h - 30} text=${`+0/${bonus}`} cls="t-bonus" />` : ""}
      ${tag && html`<${Tag} x=${w / 2} y=${h / 2 + 4} text=${tag === "target" ? "target" : tag} cls=${tag === "target" ? "t-target" : tag[0] === "A" ? "t-army" : "t-band"} />`}
      ${c.fought ? html`<${Tag} x=${12} y=${h - 30} text="✕" cls="t-fought" w=${16} />` : ""}
      ${fresh(c) && html`<rect x="-3" y="-3" width=${w + 6} height=${h + 6} rx="8" class="fresh" />`}`;
    return html`<${Card} key=${`card:${c.name}`} x=${x} y=${y} w=${w} h=${h} rank="" keyName=${`card:${c.name}`} face=${c.face} help=${c.face}
      rotate=${c.rotated ? 90 : 0} badge=${badge} ...${ctl} />`;
  }

  /** A place to drop the selected troop or building (it submits). @param {string} key @param {string} notation
   *  @param {number} y @param {number} w @param {string} text @param {number} [x] */
  function drop(key, notation, y, w, text, x = 6) {
    return html`<g transform=${`translate(${x} ${y})`} key=${key}>
      <g ...${control({ action: notation, onClick: () => send(notation), label: text })} class="ctl target">
        <rect width=${w} height="32" rx="8" class="drop" />
        <text x=${w / 2} y="21" text-anchor="middle" class="drop-text">${text}</text>
      </g></g>`;
  }

  return {
    table, battle, cardActs, handActs, deckActs, buildActs, attackActs, tradeActs, aimAt, aimBand, single, sends,
    selCard, selActs, selStack, targetFor, offFor, marchFor, engageFor, battleTag,
    cardWords, cardControl, sentenceOf, tableCard, drop,
  };
}
