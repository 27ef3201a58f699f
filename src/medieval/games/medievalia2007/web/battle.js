// @ts-check
/**
 * Medievalia (2007)'s battle in progress: the attacker's armies and the bands facing them (each with its
 * strength, its target and the damage it takes), the groups taking damage, and every card of the battle
 * as a control where it orders the damage, takes a bonus or is a target.
 */

import { html } from "medieval/lib/html.js";
import { Card, control } from "medieval/components/card.js";
import { Art, SH, SW, Tag, fiefWords, who, whose } from "./art.js";

/** The battle as SVG. @param {import("./fiefs.js").Ctx} ctx */
function BattleSvg(ctx) {
  const { names, me, W, phone, table, battle, send, cardActs, targetFor, engageFor, aimBand, selCard, cardWords, sentenceOf } = ctx;
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

/** The battle's section: what it is and its step, then the armies. @param {import("./fiefs.js").Ctx} ctx */
export function BattleSection(ctx) {
  const { view, names, me, battle } = ctx;
  if (!battle) return null;
  return html`<section class="m7-battle" aria-label="The battle">
      <h3>${battle.kind === "shot" ? `${who(battle.attacker, names, me)} ${battle.attacker === me ? "shoot" : "shoots"} into ${fiefWords(battle.fief, view, names, me)}`
        : `Battle in ${fiefWords(battle.fief, view, names, me)}: ${who(battle.attacker, names, me)} against ${who(battle.defender, names, me)}`}
        <span class="muted small"> · ${({ muster: "forming armies", deploy: "the defender deploys", aim: "choosing targets", alloc: "placing the damage", powers: "Priests and Bowmen" })[/** @type {"muster"} */ (battle.step)] ?? battle.step}${battle.kind === "mid" ? " · every troop fights" : ""}</span></h3>
      ${BattleSvg(ctx)}
    </section>`;
}
