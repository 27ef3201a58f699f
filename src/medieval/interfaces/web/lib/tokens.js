// @ts-check
/**
 * Seat tokens and invite codes arrive in a link's fragment (/play/ID#token=... or #invite=...), which a
 * browser never sends to a server. They are read once, kept in local storage per table, and removed
 * from the address bar at once.
 */

const KEY = (/** @type {string} */ table) => `medieval.seat.${table}`;

/**
 * Read and clear the fragment of the current address.
 * @param {string} table
 * @returns {{token: string | null, invite: string | null}}
 */
export function takeFragment(table) {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const token = params.get("token");
  const invite = params.get("invite");
  if (token || invite) history.replaceState(history.state, "", location.pathname + location.search);
  if (token) saveToken(table, token);
  return { token, invite };
}

/** @param {string} table @returns {string | null} */
export function tokenFor(table) {
  try { return localStorage.getItem(KEY(table)); } catch { return null; }
}

/** @param {string} table @param {string} token */
export function saveToken(table, token) {
  try { localStorage.setItem(KEY(table), token); } catch { /* private mode: the page still works */ }
}

/** @param {string} table */
export function forgetToken(table) {
  try { localStorage.removeItem(KEY(table)); } catch { /* nothing kept */ }
}

/** The display name last used in this browser. */
export function savedName() {
  try { return localStorage.getItem("medieval.name") || ""; } catch { return ""; }
}

/** @param {string} name */
export function saveName(name) {
  try { localStorage.setItem("medieval.name", name); } catch { /* nothing kept */ }
}

/** @param {string} key @param {boolean} fallback */
export function flag(key, fallback) {
  try { const v = localStorage.getItem(`medieval.${key}`); return v === null ? fallback : v === "1"; } catch { return fallback; }
}

/** @param {string} key @param {boolean} value */
export function setFlag(key, value) {
  try { localStorage.setItem(`medieval.${key}`, value ? "1" : "0"); } catch { /* nothing kept */ }
}
