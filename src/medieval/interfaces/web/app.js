// @ts-check
/** The client's entry: one page, three places: the lobby (/), a table (/play/ID), a replay (/replay/ID). */

import { render } from "preact";
import { html } from "medieval/lib/html.js";
import { Lobby } from "medieval/views/lobby.js";
import { TableView } from "medieval/views/table.js";
import { ReplayView } from "medieval/views/replay.js";

function route() {
  const play = location.pathname.match(/^\/play\/([A-Za-z0-9_-]{1,32})\/?$/);
  if (play) return html`<${TableView} table=${play[1]} />`;
  const replay = location.pathname.match(/^\/replay\/([A-Za-z0-9_-]{1,32})\/?$/);
  if (replay) return html`<${ReplayView} table=${replay[1]} />`;
  return html`<${Lobby} />`;
}

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
root.textContent = "";
render(route(), root);
