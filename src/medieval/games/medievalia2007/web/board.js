// @ts-check
/**
 * Medievalia (2007)'s board (the board contract is in docs/web.md).
 *
 * Every player's Fief: the City and up to four territories in a row, the buildings standing on each
 * (above it) and the troops attached to it (below), the free troops and the visitors from other Fiefs
 * beside; every used card is drawn turned by 90 degrees. Between the Fiefs the intermediate Fiefs with
 * the troops marching through them. The market: the three decks (each with its face-up bottom card),
 * the three building stacks and the discard pile. The seat's hand. A sticky bar says what the seat may
 * do now and holds the purchase being paid (cost, produced, still needed) and the buttons; a battle in
 * progress is drawn as armies, the bands facing them and the groups taking damage.
 *
 * A move of one part is one click (use a card to produce, enlist a troop, aim at a target); a composite
 * move is built by selecting and then confirming: a card of the hand, then "play" or the resource to
 * sell it for; a building of a stack, then the unused territory or City it goes on; a troop, then the
 * territory, the free area or the neighbouring Fief it moves to; a resource of the pool, then the one
 * to trade it for; a Fief, then the attack; a Priest, Bowman, Artist or Merchant, then its target.
 * Everything is matched against the structured legal actions, never against notation.
 */

import { useEffect, useRef, useState } from "preact/hooks";
import { html, loadStylesheet } from "medieval/lib/html.js";
import { useFlip, useWidth } from "medieval/lib/motion.js";
import { Card, control } from "medieval/components/card.js";
import { Hand } from "medieval/components/hand.js";
import { Icon, PATHS } from "medieval/components/icons.js";

loadStylesheet(new URL("./board.css", import.meta.url).href);

/** @typedef {import("medieval/views/board-types.js").Action} Action */

const RES = ["food", "energy", "gold", "workforce"];
const DECKS = ["territory", "military", "character"];
const MILITARY = new Set(["Soldier", "Priest", "Bowman", "Knight", "Infantry"]);
const CIVIL = new Set(["Bank", "School", "Workshop", "Church", "Stable", "Blacksmith", "Carpenter"]);
const MILB = new Set(["Tower", "Fortress", "Castle"]);
const TERRITORY = new Set(["Field", "Farm", "Forest", "Mine"]);
const DECK_BACK = { territory: "crown", military: "sword", character: "person" };
const SIEGE_TURNS = 3;

// sizes in viewBox units
const COLW = 140; // one City/territory column
const HW = 74, HH = 100; // a City or territory card
const SW = 52, SH = 72; // a building or troop card
const CELL = 72; // spacing of small cards side by side
const W_WIDE = 920, W_PHONE = 430;

/** Our own glyphs (24-unit grid): the four resources and what each kind of card shows. */
const GLYPHS = {
  food: "M11 22V9h2v13zM12 1.5c2.2 1.6 2.2 4.4 0 6-2.2-1.6-2.2-4.4 0-6zM6.5 6c2.7 0 4.4 1.8 4.7 4.4-2.7.2-4.5-1.6-4.7-4.4zM17.5 6c-.2 2.8-2 4.6-4.7 4.4.3-2.6 2-4.4 4.7-4.4zM6.5 11.5c2.7 0 4.4 1.8 4.7 4.4-2.7.2-4.5-1.6-4.7-4.4zM17.5 11.5c-.2 2.8-2 4.6-4.7 4.4.3-2.6 2-4.4 4.7-4.4z",
  energy: "M14 1L4 14h6.5L8 23l11-14h-6.5z",
  gold: "M12 2a10 10 0 110 20 10 10 0 010-20zm0 3a7 7 0 100 14 7 7 0 000-14zm-1.2 2.5h2.4v9h-2.4z",
  workforce: PATHS.person,
  city: "M1 22V11l3.5-2.5L8 11v2h2V6l2-3.5L14 6v7h2v-2l3.5-2.5L23 11v11h-8.5v-5.5h-5V22z",
  house: "M2 11.5L12 3l10 8.5V22h-7v-6.5H9V22H2z",
  tower: "M5 2h3v2.5h2.5V2h3v2.5H16V2h3v6.5l-2.5 2V22h-9V10.5L5 8.5zm6 10v4h2v-4z",
  cross: "M9.8 2h4.4v6h6v4.2h-6V22H9.8v-9.8h-6V8h6z",
  bow: "M5 2c9 4 12 13 6 20l-1.8-1.2C14.2 15 12 8 4.2 4zM4 3.2l1.6-1.1 13 17.6-1.6 1.2zM17 17l5 5h-4l-2.5-2.5z",
  hammer: "M2.5 7.5L9 2l4.5 4.5-2 2L21 18l-3 3-9.5-9.5-2 2z",
  scroll: "M6 2h12a3 3 0 013 3v3h-3v11a3 3 0 01-3 3H5a3 3 0 01-3-3v-3h3V5a3 3 0 011-3zm2.5 6v2h7V8zm0 4v2h7v-2z",
  swords: "M3 2l9.5 9.5-1.6 1.6L3 5.2zM21 2v3.2l-11.6 11.6 1.6 1.6L22.5 6.9V2zM2 19.5L5.5 16l2.5 2.5L4.5 22zM22 19.5L18.5 16 16 18.5l3.5 3.5zM14 12.5l1.6 1.6 4-4-1.6-1.6z",
};

/** @param {string} face */
function glyphOf(face) {
  if (face === "City") return "city";
  if (face === "Field" || face === "Farm") return "food";
  if (face === "Forest") return "energy";
  if (face === "Mine") return "gold";
  if (CIVIL.has(face)) return "house";
  if (MILB.has(face)) return "tower";
  return ({ Soldier: "sword", Priest: "cross", Bowman: "bow", Knight: "crown", Infantry: "shield", Worker: "hammer",
    Merchant: "gold", Artist: "star", Bureaucrat: "scroll" })[face] ?? "deck";
}

/** The kind of art a face gets (its colour band; the name and glyph say the same in words and shape). @param {string} face */
function artClass(face) {
  if (face === "City") return "k-city";
  if (TERRITORY.has(face)) return `k-terr f-${face.toLowerCase()}`;
  if (CIVIL.has(face)) return "k-civil";
  if (MILB.has(face)) return "k-milb";
  if (MILITARY.has(face)) return "k-military";
  return "k-character";
}

/** "Field3" -> "Field". @param {string} name */
const faceOf = (name) => name.replace(/\d+$/, "");

/** @param {{name: string, x?: number, y?: number, size: number, cls?: string}} p */
function Glyph({ name, x = 0, y = 0, size, cls }) {
  const d = /** @type {Record<string, string>} */ (GLYPHS)[name] ?? PATHS[name] ?? PATHS.star;
  return html`<path d=${d} class=${cls ?? `g-${name}`} fill-rule="evenodd" transform=${`translate(${x} ${y}) scale(${size / 24})`} aria-hidden="true" />`;
}

/** A resource in HTML: its glyph and its word (colour is never the only cue). @param {{r: string, n?: number, size?: number}} p */
function Res({ r, n, size = 15 }) {
  return html`<span class=${`res r-${r}`}><svg class="res-ic" width=${size} height=${size} viewBox="0 0 24 24" aria-hidden="true">
    <path d=${/** @type {Record<string, string>} */ (GLYPHS)[r]} fill-rule="evenodd" fill="currentColor" /></svg>${n !== undefined ? `${n} ` : ""}${r}</span>`;
}

/** Amounts of resources ("1 food 2 gold"), or a word when there are none. @param {{res: Record<string, number>, none?: string}} p */
function Amounts({ res, none = "nothing" }) {
  const parts = RES.filter((r) => res?.[r]);
  if (!parts.length) return html`<span class="muted">${none}</span>`;
  return html`<span class="amounts">${parts.map((r) => html`<${Res} r=${r} n=${res[r]} />`)}</span>`;
}

/** @param {number} seat @param {string[]} names @param {number | null} you */
const who = (seat, names, you) => (seat === you ? "you" : `P${seat}${names[seat] ? ` ${names[seat]}` : ""}`);
/** @param {number} seat @param {string[]} names @param {number | null} you */
const whose = (seat, names, you) => (seat === you ? "your" : `P${seat}'s`);
/** @param {string} name @param {any} view @param {string[]} names @param {number | null} you */
function fiefWords(name, view, names, you) {
  const f = view.fiefs.find((/** @type {any} */ x) => x.name === name);
  if (f && f.owner !== null && f.owner !== undefined) return `${f.owner === you ? "your" : `P${f.owner}'s`} Fief (${name})`;
  return `the intermediate Fief ${name}`;
}

/** The art on a card's face, inside the shared Card's frame. @param {{face: string, w: number, h: number, title?: string,
 *   strength?: number[], prod?: number, res?: string, vp?: number}} p */
function Art({ face, w, h, title, strength, prod, res, vp }) {
  const small = w < 60;
  const band = small ? 15 : 18;
  const fs = small ? 10 : 12;
  const text = title ?? face;
  const long = text.length * fs * 0.56 > w - 10;
  const g = small ? 22 : 34;
  return html`<g class=${`art ${artClass(face)}`} aria-hidden="true">
    <rect x="3" y="3" width=${w - 6} height=${h - 6} rx="4" class="art-bg" />
    <rect x="3" y="3" width=${w - 6} height=${band} rx="3" class="art-band" />
    <text x=${w / 2} y=${3 + band * 0.74} text-anchor="middle" class="art-name" font-size=${fs}
      textLength=${long ? w - 10 : undefined} lengthAdjust=${long ? "spacingAndGlyphs" : undefined}>${text}</text>
    <${Glyph} name=${glyphOf(face)} x=${w / 2 - g / 2} y=${band + (h - band - 18) / 2 - g / 2 + 4} size=${g} cls="art-glyph" />
    ${strength && html`<g class="art-str"><${Glyph} name="sword" x=${4} y=${h - 17} size=${11} cls="str-ic" />
      <text x=${15} y=${h - 8} font-size=${small ? 11 : 12}>${strength[0]}/${strength[1]}</text></g>`}
    ${prod !== undefined && res && (small
      ? html`<g class=${`art-prod r-${res}`}><${Glyph} name=${res} x=${w - 17} y=${band + 3} size=${12} cls="prod-ic" />
          <text x=${w - 18} y=${band + 13} text-anchor="end" font-size="11">+${prod}</text></g>`
      : html`<g class=${`art-prod r-${res}`}>
          <text x=${w - 18} y=${h - 8} text-anchor="end" font-size="13">+${prod}</text>
          <${Glyph} name=${res} x=${w - 17} y=${h - 19} size=${13} cls="prod-ic" /></g>`)}
    ${vp !== undefined && html`<g class="art-vp"><${Icon} svg name="star" size=${12} x=${w - 17} y=${h - 18} fill="#8c6a00" />
      <text x=${w - 19} y=${h - 8} text-anchor="end" font-size="11">${vp}</text></g>`}
  </g>`;
}

/** The VP a building face is worth (the Castle 2). @param {string} face */
const vpOf = (face) => (face === "Castle" ? 2 : CIVIL.has(face) || MILB.has(face) ? 1 : undefined);

/** A seat's little coloured chip with its number, drawn in SVG. @param {{x: number, y: number, seat: number, you: boolean}} p */
function Owner({ x, y, seat, you }) {
  return html`<g class=${`owner seat-${seat}`} transform=${`translate(${x} ${y})`} aria-hidden="true">
    <rect x="-14" y="-8" width="28" height="16" rx="8" class="owner-chip" />
    <text x="0" y="4" text-anchor="middle" class="owner-text">${you ? "you" : `P${seat}`}</text>
  </g>`;
}

/** A small marker on a card (damage, Artists, army...). @param {{x: number, y: number, text: string, cls: string, w?: number}} p */
function Tag({ x, y, text, cls, w }) {
  const width = w ?? Math.max(18, text.length * 6.6 + 8);
  return html`<g class=${`tag ${cls}`} transform=${`translate(${x} ${y})`} aria-hidden="true">
    <rect x=${-width / 2} y="-8" width=${width} height="16" rx="8" /><text x="0" y="4" text-anchor="middle">${text}</text></g>`;
}

// ---------------------------------------------------------------------------------------------- the board
/** @param {import("medieval/views/board-types.js").BoardProps} props */
export default function Medievalia2007Board({ view, actions, act, seat, names, previous, thinking, busy }) {
  const root = useRef(/** @type {HTMLDivElement | null} */ (null));
  const [sel, setSel] = useState(/** @type {string | null} */ (null));
  const [handPick, setHandPick] = useState(0); // which copy of the selected face in hand was chosen (drawn lifted)
  useFlip(root, view);
  const width = useWidth(root);
  useEffect(() => { setSel(null); }, [actions]);
  const phone = width < 560;
  const W = phone ? W_PHONE : W_WIDE;
  const enabled = !!act && !busy;
  const acts = enabled ? actions : [];
  /** @param {string} notation */
  const send = (notation) => { if (enabled && act) { setSel(null); act(notation); } };
  /** @param {string} key */
  const toggle = (key) => setSel(sel === key ? null : key);
  const me = seat;
  const table = view.table;
  const battle = view.battle;
  const pending = view.pending;

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

  // ------------------------------------------------------------------ a player's Fief
  /** @param {any} fief */
  function FiefSvg(fief) {
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

  /** A place to drop the selected troop or building (it submits). @param {string} key @param {string} notation
   *  @param {number} y @param {number} w @param {string} text @param {number} [x] */
  function drop(key, notation, y, w, text, x = 6) {
    return html`<g transform=${`translate(${x} ${y})`} key=${key}>
      <g ...${control({ action: notation, onClick: () => send(notation), label: text })} class="ctl target">
        <rect width=${w} height="32" rx="8" class="drop" />
        <text x=${w / 2} y="21" text-anchor="middle" class="drop-text">${text}</text>
      </g></g>`;
  }

  // ------------------------------------------------------------------ the intermediate Fiefs
  /** @param {any} fief @param {number} rw */
  function RoadSvg(fief, rw) {
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

  // ------------------------------------------------------------------ the decks, stacks and discard pile
  function MarketSvg() {
    const parts = [];
    const pile = 128;
    const deckX = (/** @type {number} */ i) => 8 + i * pile;
    const stackX = (/** @type {number} */ i) => (phone ? 8 + i * 100 : 8 + 3 * pile + 26 + i * 116);
    const rowY2 = phone ? 158 : 0;
    view.decks.forEach((/** @type {any} */ d, /** @type {number} */ i) => {
      const x = deckX(i), y = 26;
      const da = deckActs.get(d.name) ?? [];
      const direct = da.find((a) => a.kind === "take" || a.kind === "draw");
      const buy = da.find((a) => a.kind === "buy_card");
      const key = `deck:${d.name}`;
      /** @type {any} */
      let ctl = {};
      const label = `the ${d.name} deck, ${d.count} card${d.count === 1 ? "" : "s"}${d.bottom ? `, ${d.bottom} face up underneath` : ""}`;
      if (direct) ctl = { action: direct.notation, onClick: () => send(direct.notation), glow: true, label: `${label}: ${direct.kind} a card from it` };
      // buying an extra card is a rare choice: selectable, without drawing the eye like the real moves
      else if (buy) ctl = { select: key, onClick: () => toggle(key), selected: sel === key, label: `${label}: buy an extra card from it for any 4 resources` };
      const layers = Math.min(4, Math.ceil(d.count / 6));
      parts.push(html`<g class=${`deck deck-${d.name}`}>
        ${d.bottom && html`<${Card} x=${x + 56} y=${y + 26} w=${SW} h=${SH} rank="" keyName=${`bottom:${d.name}`} face=${d.bottom} help=${d.bottom}
          rotate=${90} badge=${html`<${Art} face=${d.bottom} w=${SW} h=${SH} />`} />`}
        ${Array.from({ length: layers }, (_, k) => html`<rect x=${x + 4 - k * 2} y=${y + 4 - k * 2} width=${HW} height=${HH} rx="6" class="pile-edge" />`)}
        ${d.count
          ? html`<${Card} x=${x - layers * 2} y=${y - layers * 2} w=${HW} h=${HH} faceDown=${true} back=${/** @type {any} */ (DECK_BACK)[d.name]} keyName=${`deck:${d.name}`} ...${ctl} />`
          : html`<g aria-hidden="true"><rect x=${x} y=${y} width=${HW} height=${HH} rx="6" class="slot" /><text x=${x + HW / 2} y=${y + 54} text-anchor="middle" class="slot-text">empty</text></g>`}
        <text x=${x + HW / 2} y=${y + HH + 20} text-anchor="middle" class="pile-label">${d.name} · ${d.count}</text>
      </g>`);
    });
    view.stacks.forEach((/** @type {any} */ st, /** @type {number} */ i) => {
      const x = stackX(i), y = rowY2 + 26;
      const ba = st.top ? buildActs.get(st.top) ?? [] : [];
      const key = `stack:${st.top}`;
      const layers = Math.min(3, Math.max(0, st.count - 1));
      const label = `building stack ${i + 1}: ${st.top ?? "empty"} on top, ${st.count} building${st.count === 1 ? "" : "s"}`;
      const ctl = ba.length && st.top
        ? { select: key, onClick: () => toggle(key), selected: sel === key, glow: sel !== key, label: `${label}: choose it to build it` }
        : { label };
      parts.push(html`<g class="stack">
        ${Array.from({ length: layers }, (_, k) => html`<rect x=${x + 4 - k * 2} y=${y + 4 - k * 2} width=${HW} height=${HH} rx="6" class="pile-edge stack-edge" />`)}
        ${st.top
          ? html`<${Card} x=${x - layers * 2} y=${y - layers * 2} w=${HW} h=${HH} rank="" keyName=${`stack:${i}:${st.top}`} face=${st.top} help=${st.top}
              badge=${html`<${Art} face=${st.top} w=${HW} h=${HH} vp=${vpOf(st.top)} />`} ...${ctl} />`
          : html`<g aria-hidden="true"><rect x=${x} y=${y} width=${HW} height=${HH} rx="6" class="slot" /><text x=${x + HW / 2} y=${y + 54} text-anchor="middle" class="slot-text">empty</text></g>`}
        <text x=${x + HW / 2} y=${y + HH + 20} text-anchor="middle" class="pile-label">stack ${i + 1} · ${st.count}</text>
      </g>`);
    });
    const dx = phone ? 330 : W - 100, dy = phone ? rowY2 + 26 : 26;
    const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
    const discard = html`<g class="discard">
      ${top
        ? html`<${Card} x=${dx} y=${dy} w=${HW} h=${HH} rank="" keyName=${`discard:${top}`} face=${faceOf(top)} help=${faceOf(top)}
            badge=${html`<${Art} face=${faceOf(top)} w=${HW} h=${HH} title=${top} />`} />`
        : html`<g aria-hidden="true"><rect x=${dx} y=${dy} width=${HW} height=${HH} rx="6" class="slot" /><text x=${dx + HW / 2} y=${dy + 54} text-anchor="middle" class="slot-text">none</text></g>`}
      <text x=${dx + HW / 2} y=${dy + HH + 20} text-anchor="middle" class="pile-label">discard · ${view.discard.length}</text>
    </g>`;
    const height = rowY2 + 26 + HH + 30;
    return html`<svg class="board market-svg" viewBox=${`0 0 ${W} ${height}`} role="group" aria-label="The decks, the building stacks and the discard pile">
      <text x="8" y="12" class="zone-label">decks</text>
      <text x=${stackX(0)} y=${rowY2 + 12} class="zone-label">buildings</text>
      ${parts}${discard}
    </svg>`;
  }

  // ------------------------------------------------------------------ the battle
  function BattleSvg() {
    if (!battle) return null;
    const b = battle;
    /** @param {string[]} list */
    const sum = (list) => list.reduce((s, n) => { const st = table[n]?.strength ?? [0, 0]; return [s[0] + st[0], s[1] + st[1]]; }, [0, 0]);
    const parts = [];
    const boxW = phone ? W - 16 : Math.max(200, Math.min(300, (W - 16) / Math.max(1, b.armies.length) - 10));
    const perLine = phone ? 1 : Math.max(1, Math.floor((W - 16) / (boxW + 10)));
    /** @param {string} n @param {number} x @param {number} y @param {string | undefined} action @param {string} [extra] */
    const mini = (n, x, y, action, extra) => {
      const c = table[n];
      if (!c) return "";
      const label = `${cardWords(c)}${action ? `: ${sentenceOf(action)}` : ""}`;
      return html`<${Card} x=${x} y=${y} w=${SW} h=${SH} rank="" keyName=${`battle:${n}`} help=${c.face} label=${label}
        badge=${html`<${Art} face=${c.face} w=${SW} h=${SH} title=${n} strength=${c.strength} />${extra ? html`<${Tag} x=${SW / 2} y=${SH - 28} text=${extra} cls="t-order" />` : ""}`}
        glow=${!!action} action=${action} onClick=${action ? () => send(/** @type {string} */ (action)) : undefined} />`;
    };
    /** Order and bonus marks of a card in its damage group. @param {string} n */
    const orderMark = (n) => {
      for (const g of b.groups) { const k = g.order.indexOf(n); if (k >= 0) return `${k + 1}.`; }
      return b.bonus[n] ? `+0/${b.bonus[n]}` : undefined;
    };
    /** Actions a battle card takes directly (damage order, bonus). @param {string} n */
    const battleAct = (n) => {
      const own = cardActs.get(n) ?? [];
      const d = own.find((a) => a.kind === "damage_order" || a.kind === "bolster");
      return d?.notation ?? targetFor.get(n);
    };
    let y = 8;
    const rows = Math.ceil(Math.max(1, b.armies.length) / perLine);
    const banded = b.bands.some((/** @type {string[]} */ l) => l.length) || engageFor.size > 0 || aimBand.size > 0;
    const rowH = 104 + (banded ? 112 : 30) + 8;
    b.armies.forEach((/** @type {string[]} */ army, /** @type {number} */ i) => {
      const x = 8 + (i % perLine) * (boxW + 10), y0 = y + Math.floor(i / perLine) * rowH;
      const [a, d] = sum(army);
      const band = b.bands[i] ?? [];
      const [ba, bd] = sum(band);
      const t = b.targets[i];
      /** @param {string[]} list */
      const hit = (list) => b.groups.find((/** @type {any} */ g) => !g.territory && list.length && list.every((n) => g.cards.includes(n)));
      const armyHit = hit(army), bandHit = hit(band);
      const aim = t === undefined || t === null ? (b.step === "aim" ? "choosing a target" : b.step === "muster" ? "forming" : "") : t === "engaged" ? `engaged by band ${i + 1}` : t === "none" ? "stands" : `target: ${t}`;
      const engage = engageFor.get(i + 1);
      const perCards = Math.max(1, Math.floor((boxW - 16) / (SW + 6)));
      parts.push(html`<g class="army-box">
        <rect x=${x} y=${y0} width=${boxW} height=${104} rx="8" class=${`army seat-${b.attacker}`} />
        <text x=${x + 10} y=${y0 + 18} class="army-title">Army ${i + 1} · ${who(b.attacker, names, me)} · ${a}/${d}</text>
        <text x=${x + boxW - 10} y=${y0 + 18} text-anchor="end" class="army-aim">${aim}</text>
        ${armyHit && html`<text x=${x + boxW - 10} y=${y0 + 96} text-anchor="end" class="army-hit">takes ${armyHit.incoming}</text>`}
        ${army.slice(0, perCards).map((n, k) => mini(n, x + 8 + k * (SW + 6), y0 + 26, battleAct(n), orderMark(n)))}
        ${army.length > perCards && html`<text x=${x + boxW - 10} y=${y0 + 96} text-anchor="end" class="zone-label">+${army.length - perCards} more</text>`}
      </g>`);
      const by = y0 + 112;
      const bandAim = aimBand.get(i + 1);
      if (band.length || engage || bandAim) {
        const ctl = engage ? control({ action: engage, onClick: () => send(engage), label: `${selCard} engages army ${i + 1}` })
          : bandAim ? control({ action: bandAim, onClick: () => send(bandAim), label: `aim at band ${i + 1}` }) : {};
        parts.push(html`<g class="band-box">
          <g ...${ctl} class=${`${engage || bandAim ? "ctl target" : ""}`}>
            <rect x=${x} y=${by} width=${boxW} height=${104} rx="8" class=${`band seat-${b.defender} ${engage || bandAim ? "drop" : ""}`} />
            <text x=${x + 10} y=${by + 18} class="army-title">${band.length ? `Band ${i + 1} · ${who(b.defender, names, me)} · ${ba}/${bd}` : engage ? `engage army ${i + 1} with ${selCard}` : `aim at band ${i + 1}`}</text>
          </g>
          ${band.slice(0, perCards).map((n, k) => mini(n, x + 8 + k * (SW + 6), by + 26, battleAct(n), orderMark(n)))}
          ${bandHit && html`<text x=${x + boxW - 10} y=${by + 96} text-anchor="end" class="army-hit">takes ${bandHit.incoming}</text>`}
        </g>`);
      } else {
        parts.push(html`<text x=${x + 10} y=${by + 20} class="zone-label">${b.step === "deploy" ? "no band yet" : "no band"}</text>`);
      }
    });
    y += rows * rowH;
    // groups taking damage that are not an army or a band (a territory with its guards, a target troop)
    const extra = b.groups.filter((/** @type {any} */ g) => g.territory || !b.armies.concat(b.bands).some((/** @type {string[]} */ l) => l.length && l.every((n) => g.cards.includes(n))));
    if (b.groups.length) {
      parts.push(html`<text x="8" y=${y + 14} class="zone-label">damage: ${b.groups.map((/** @type {any} */ g) => `${whose(g.owner, names, me)} ${g.territory ? `${g.territory}${g.cards.length ? ` (guards ${g.cards.join(", ")})` : ""}` : g.cards.join(", ")} takes ${g.incoming}`).join(" · ")}</text>`);
      y += 22;
    }
    extra.forEach((/** @type {any} */ g, /** @type {number} */ i) => {
      const x = 8 + i * (Math.max(2, g.cards.length) * (SW + 6) + 30);
      parts.push(html`<text x=${x} y=${y + 14} class="army-title">${whose(g.owner, names, me)} ${g.territory ?? "group"} · ${g.incoming} incoming</text>`);
      g.cards.forEach((/** @type {string} */ n, /** @type {number} */ k) => parts.push(mini(n, x + k * (SW + 6), y + 22, battleAct(n), orderMark(n))));
    });
    if (extra.length) y += 104;
    const height = y + 6;
    return html`<svg class="board battle-svg" viewBox=${`0 0 ${W} ${height}`} role="group" aria-label="The battle">${parts}</svg>`;
  }

  // ------------------------------------------------------------------ the hand
  const hand = view.hand ?? [];
  const counts = /** @type {Record<string, number>} */ ({});
  const handCards = hand.map((/** @type {string} */ f) => {
    const k = (counts[f] = (counts[f] ?? -1) + 1);
    const own = handActs.get(f) ?? [];
    const key = `hand:${f}`;
    const can = own.length > 0; // copies are interchangeable: any of them selects the face
    return {
      x: 0, y: 0, keyName: `hand:${f}:${k}`, rank: "", face: f, help: f,
      label: `your ${f}${can ? `: choose it (${[...new Set(own.map((a) => a.kind))].join(" or ")})` : ""}`,
      badge: html`<${Art} face=${f} w=${HW} h=${HH} vp=${vpOf(f)} />`,
      selected: sel === key && handPick === k, glow: can && sel !== key, dim: acts.length > 0 && !own.length,
      select: can ? key : undefined, onClick: can ? () => { setHandPick(k); setSel(sel === key && handPick === k ? null : key); } : undefined,
    };
  });
  const handW = W;
  // a hand too long for one row goes on several rather than hiding its cards under each other
  const perHandRow = Math.floor((handW - 16) / (HW + 8));
  const handRows = [];
  for (let i = 0; i < handCards.length; i += perHandRow) handRows.push(handCards.slice(i, i + perHandRow));

  // ------------------------------------------------------------------ the bar: prompt, purchase, buttons
  const info = view.players_info;
  const active = view.active;
  const mine = me !== null && acts.length > 0;
  const decision = pending?.decision;
  const doing = {
    take_starting_card: "take a starting card", draw: "draw a card", actions: "act", pay: "pay", ally_supply: "answer the ally",
    external_movement: "move troops", war: "go to war or end the turn", upkeep: "disband troops", form_armies: "form armies",
    deploy: "deploy defenders", choose_target: "choose a target", powers: "use Priests and Bowmen", bonus: "place a bonus",
    damage_order: "order the damage",
  };
  let prompt = "";
  const purchase = view.purchase;
  if (view.phase === "over") prompt = "The game is over.";
  else if (!mine) {
    const p = pending?.seat;
    const t = p !== undefined && thinking.includes(p) ? " (thinking…)" : "";
    prompt = p === undefined ? "" : `${p === me ? "You are" : `${who(p, names, me)} is`} to ${/** @type {Record<string, string>} */ (doing)[decision ?? ""] ?? "move"}${t}.`;
  } else if (decision === "take_starting_card") prompt = `Take your starting cards one by one: choose a deck (${hand.length} of 8 taken).`;
  else if (decision === "draw") prompt = "Your turn: draw a card from the deck of your choice.";
  else if (decision === "actions") prompt = "Your actions: choose what to pay for (a card in hand, a building, a territory to remove, an extra card) or a troop to move.";
  else if (decision === "pay") prompt = "Pay: use glowing cards, sell a card from your hand, trade 3 alike for 1, or give up.";
  else if (decision === "ally_supply") prompt = `${who(active, names, me)} asks you for resources: produce, then send them (the first transfer of a turn costs a fee of 1), or refuse.`;
  else if (decision === "external_movement") prompt = "Movement: choose a troop, then the neighbouring Fief it marches to; or end your moves.";
  else if (decision === "war") prompt = "War: attack where your troops meet an enemy, shoot with a Bowman, or end your turn.";
  else if (decision === "upkeep") prompt = `You cannot feed all your troops: disband ${pending?.excess ?? 1} (click one).`;
  else if (decision === "form_armies") prompt = `Form your armies: click troops to enlist them into army ${battle?.armies.length ?? 1}, start a new army, or charge.`;
  else if (decision === "deploy") prompt = "Defend: choose one of your troops, then the army it engages; or hold.";
  else if (decision === "choose_target") {
    const k = (battle?.targets ?? []).findIndex((/** @type {any} */ t) => t === null) + 1;
    prompt = `Army ${k || ""} is free: click its target (a glowing card or band), or let it stand.`;
  } else if (decision === "damage_order") prompt = "Order the damage on your group: click the card that takes it next.";
  else if (decision === "bonus") prompt = "Place the +0/1 bonus of your civilian building: click the card that gets it.";
  else if (decision === "powers") prompt = "Priests and Bowmen may act now: choose one, then its target; or pass.";

  /** @type {{notation: string, text: string, primary?: boolean}[]} */
  const buttons = [];
  /** @type {any} */
  let selNote = null;
  if (selCard) {
    const c = table[selCard];
    const targets = selActs.filter((a) => ["move_inside", "inspire", "shoot", "heal", "march", "engage"].includes(a.kind));
    selNote = `${selCard} chosen${targets.length ? ": click a glowing place or card, or" : ":"}`;
    for (const a of selActs) buttons.push({ notation: a.notation, text: sentenceOf(a.notation), primary: a.kind === "produce" });
    if (!c) selNote = null;
  } else if (selStack) {
    selNote = `${selStack} chosen: click the glowing City or territory it goes on, or`;
    for (const a of buildActs.get(selStack) ?? []) buttons.push({ notation: a.notation, text: `on ${a.args.on}` });
  } else if (sel?.startsWith("hand:")) {
    const f = sel.slice(5);
    selNote = `Your ${f}:`;
    for (const a of handActs.get(f) ?? []) {
      buttons.push(a.kind === "play" ? { notation: a.notation, text: `Play the ${f}`, primary: true }
        : { notation: a.notation, text: `sell it for 1 ${a.args.resource}` });
    }
  } else if (sel?.startsWith("deck:")) {
    const d = sel.slice(5);
    const buy = (deckActs.get(d) ?? []).find((a) => a.kind === "buy_card");
    selNote = `The ${d} deck:`;
    if (buy) buttons.push({ notation: buy.notation, text: `Buy an extra ${d} card (any 4 resources)`, primary: true });
  } else if (sel?.startsWith("give:")) {
    const r = sel.slice(5);
    selNote = `Trade 3 ${r} for 1:`;
    for (const a of tradeActs.get(r) ?? []) buttons.push({ notation: a.notation, text: `${a.args.get}`, primary: true });
  } else if (sel?.startsWith("fief:")) {
    const f = sel.slice(5);
    selNote = `${fiefWords(f, view, names, me)}:`;
    for (const a of attackActs.get(f) ?? []) buttons.push({ notation: a.notation, text: `Attack ${who(a.args.defender, names, me)} here`, primary: true });
  }
  const SINGLE = { new_army: "New army", charge: "Charge!", hold: "Hold (deploy no more)", stand: "Stand (no target)", pass: "Pass",
    call_ally: "Ask your ally for resources", refuse: "Refuse", abandon: "Give up this purchase",
    end_actions: "End actions", end_moves: "End movement", end_turn: "End turn" };
  const tail = /** @type {{notation: string, text: string, primary?: boolean}[]} */ ([]);
  for (const s of sends) tail.push({ notation: s.notation, text: s.args.fee ? `Send, paying 1 ${s.args.fee} as the turn's fee` : "Send (the turn's fee is paid)", primary: true });
  for (const [k, text] of Object.entries(SINGLE)) {
    const a = single[k];
    if (a) tail.push({ notation: a.notation, text, primary: k === "charge" });
  }
  for (const a of Object.values(single)) if (!(a.kind in SINGLE)) tail.push({ notation: a.notation, text: a.notation });

  const pool = me !== null ? info[me]?.pool : null;
  const purchaseBox = purchase && html`<div class="m7-purchase" aria-label="The purchase being paid">
    <svg class="purchase-card" viewBox=${`0 0 ${SW + 4} ${SH + 4}`} width="44" aria-hidden=${purchase.kind !== "play" ? "true" : undefined}>
      ${purchase.kind === "play" || purchase.kind === "build"
        ? html`<${Card} x=${2} y=${2} w=${SW} h=${SH} rank="" keyName="purchase" face=${purchase.kind === "play" ? purchase.what : undefined}
            help=${purchase.what} badge=${html`<${Art} face=${purchase.what} w=${SW} h=${SH} />`} />`
        : purchase.kind === "remove"
          ? html`<${Card} x=${2} y=${2} w=${SW} h=${SH} rank="" keyName="purchase" help=${faceOf(purchase.what)} badge=${html`<${Art} face=${faceOf(purchase.what)} w=${SW} h=${SH} title=${purchase.what} />`} />`
          : html`<${Card} x=${2} y=${2} w=${SW} h=${SH} faceDown=${true} back=${/** @type {any} */ (DECK_BACK)[purchase.what]} keyName="purchase" />`}
    </svg>
    <div class="pur-text">
      <strong>${active === me ? "You are" : `${who(active, names, me)} is`} paying for ${purchase.kind === "play" ? `the ${purchase.what}` : purchase.kind === "build" ? `the ${purchase.what} on ${purchase.on}` : purchase.kind === "remove" ? `removing ${purchase.what}` : `an extra ${purchase.what} card`}</strong>
      <div class="pur-row"><span class="pur-k">cost</span> ${purchase.any ? html`<span>any ${purchase.any} resources</span>` : html`<${Amounts} res=${purchase.cost} none="nothing more" />`}
        ${purchase.discount ? html`<span class="muted small">(Bureaucrats: ${purchase.discount} off)</span>` : ""}</div>
      <div class="pur-row"><span class="pur-k">produced</span> ${RES.some((r) => purchase.pool[r]) ? RES.filter((r) => purchase.pool[r]).map((r) => {
        const key = `give:${r}`;
        const tr = tradeActs.get(r);
        return tr ? html`<button type="button" class=${`res-btn ${sel === key ? "on" : ""}`} data-select=${key} aria-pressed=${String(sel === key)}
            onClick=${() => toggle(key)} title="trade 3 of them for 1 other"><${Res} r=${r} n=${purchase.pool[r]} /> ⇄</button>`
          : html`<${Res} r=${r} n=${purchase.pool[r]} />`;
      }) : html`<span class="muted">nothing yet</span>`}</div>
      <div class="pur-row"><span class="pur-k">still needed</span> ${purchase.any
        ? html`<span>${Math.max(0, purchase.any - RES.reduce((s, r) => s + (purchase.pool[r] ?? 0), 0))} of any kind</span>`
        : html`<${Amounts} res=${purchase.shortfall} none="nothing" />`}</div>
    </div>
  </div>`;

  const allied = view.allied;
  const teamVp = (/** @type {number} */ t) => info.filter((/** @type {any} */ p) => p.team === t).reduce((s, /** @type {any} */ p) => s + p.vp, 0);
  const bar = html`<div class=${`m7-bar ${mine ? "mine" : ""} ${view.phase === "over" || !act ? "still" : ""}`}>
    <div class="m7-status">
      <span><strong>Turn ${view.turn}</strong> · ${view.phase === "over" ? "game over" : `${active === me ? "your turn" : `${who(active, names, me)}'s turn`} · ${phaseWords(view.phase)}`}</span>
      <span><${Icon} name="star" size=${14} /> ${allied ? `alliances need ${view.prestige_target} VP: ${[0, 1].map((t) => `${info.filter((/** @type {any} */ p) => p.team === t).map((/** @type {any} */ p) => `P${p.seat}`).join("+")} ${teamVp(t)}`).join(" · ")}` : `${view.prestige_target} VP wins`}</span>
      ${pool && RES.some((r) => pool[r]) && !purchase && html`<span>produced: <${Amounts} res=${pool} /></span>`}
    </div>
    <p class="m7-prompt" role="status">${prompt}</p>
    ${purchaseBox}
    ${enabled && (buttons.length > 0 || tail.length > 0 || sel) && html`<div class="m7-buttons">
      ${selNote && html`<span class="sel-note">${selNote}</span>`}
      ${buttons.map((b) => html`<button type="button" class=${b.primary ? "primary" : ""} data-action=${b.notation} onClick=${() => send(b.notation)}>${b.text}</button>`)}
      ${sel && html`<button type="button" class="link" onClick=${() => setSel(null)}>cancel</button>`}
      ${tail.length > 0 && buttons.length > 0 && html`<span class="sep" aria-hidden="true"></span>`}
      ${tail.map((b) => html`<button type="button" class=${b.primary ? "primary" : ""} data-action=${b.notation} onClick=${() => send(b.notation)}>${b.text}</button>`)}
    </div>`}
  </div>`;

  // ------------------------------------------------------------------ the Fiefs in order: the others above, yours below
  const ownerFiefs = view.fiefs.filter((/** @type {any} */ f) => f.owner !== null && f.owner !== undefined);
  const roads = view.fiefs.filter((/** @type {any} */ f) => f.owner === null || f.owner === undefined);
  const base = me ?? 0;
  const n = view.players;
  const order = Array.from({ length: n }, (_, k) => (base + k) % n);
  const others = order.slice(1).map((s) => ownerFiefs.find((/** @type {any} */ f) => f.owner === s));
  const mineFief = ownerFiefs.find((/** @type {any} */ f) => f.owner === base);
  roads.sort((/** @type {any} */ a, /** @type {any} */ b) => Number(!(a.between ?? []).includes(base)) - Number(!(b.between ?? []).includes(base)));

  /** @param {any} fief */
  const FiefSection = (fief) => {
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
      ${FiefSvg(fief)}
    </section>`;
  };

  // the intermediate Fiefs side by side, at the scale of the Fiefs (their viewBox is a share of W)
  const roadCols = phone || roads.length === 1 ? 1 : roads.length <= 4 ? 2 : 3;
  /** @param {any} fief */
  const RoadSection = (fief) => {
    const inBattle = battle && battle.fief === fief.name;
    const attack = attackActs.get(fief.name);
    const key = `fief:${fief.name}`;
    const rw = Math.floor(W / roadCols);
    return html`<section class=${`m7-road ${inBattle ? "battle-here" : ""} ${marchFor.has(fief.name) ? "reachable" : ""}`} data-fief=${fief.name}
        aria-label=${`the intermediate Fief ${fief.name}`}>
      <header class="fief-head">
        <span class="road-name">${fief.name}</span>
        <span class="fh-stat">between ${(fief.between ?? []).map((/** @type {number} */ s) => (s === me ? "you" : `P${s}`)).join(" and ")}</span>
        ${inBattle && html`<span class="fh-battle">⚔ battle here</span>`}
        ${attack && html`<button type="button" class=${`attack-btn ${sel === key ? "on" : ""}`} data-select=${key} aria-pressed=${String(sel === key)} onClick=${() => toggle(key)}>⚔ attack here</button>`}
      </header>
      ${RoadSvg(fief, rw)}
    </section>`;
  };

  return html`<div class=${`m7 ${phone ? "phone" : "wide"}`} ref=${root} data-board="medievalia2007">
    ${bar}
    ${battle && html`<section class="m7-battle" aria-label="The battle">
      <h3>${battle.kind === "shot" ? `${who(battle.attacker, names, me)} ${battle.attacker === me ? "shoot" : "shoots"} into ${fiefWords(battle.fief, view, names, me)}`
        : `Battle in ${fiefWords(battle.fief, view, names, me)}: ${who(battle.attacker, names, me)} against ${who(battle.defender, names, me)}`}
        <span class="muted small"> · ${({ muster: "forming armies", deploy: "the defender deploys", aim: "choosing targets", alloc: "placing the damage", powers: "Priests and Bowmen" })[/** @type {"muster"} */ (battle.step)] ?? battle.step}${battle.kind === "mid" ? " · every troop fights" : ""}</span></h3>
      ${BattleSvg()}
    </section>`}
    <div class="m7-others">${others.map((f) => f && FiefSection(f))}</div>
    <div class="m7-roads" style=${`grid-template-columns: repeat(${roadCols}, minmax(0, 1fr))`}>${roads.map(RoadSection)}</div>
    ${mineFief && FiefSection(mineFief)}
    ${me !== null && html`<section class="m7-hand" aria-label="Your hand">
      <h3>Your hand <span class="muted small">(${hand.length} card${hand.length === 1 ? "" : "s"})</span></h3>
      ${hand.length ? html`<svg class="board hand-svg" viewBox=${`0 0 ${handW} ${handRows.length * (HH + 18) + 12}`} role="group" aria-label="Your hand">
        ${handRows.map((row, r) => html`<${Hand} cards=${row} x=${8} y=${16 + r * (HH + 18)} width=${handW - 16} cardW=${HW} cardH=${HH} />`)}
      </svg>` : html`<p class="empty-hand">No card in your hand.</p>`}
    </section>`}
    <section class="m7-market" aria-label="Decks and buildings">${MarketSvg()}</section>
  </div>`;
}

/** @param {string} phase */
function phaseWords(phase) {
  return ({ setup: "taking starting cards", draw: "drawing", actions: "actions", pay: "paying", supply: "the ally producing",
    move: "external movement", war: "war", battle: "battle", over: "game over" })[/** @type {"setup"} */ (phase)] ?? phase;
}
