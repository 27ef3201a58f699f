// @ts-check
/**
 * What this browser keeps about itself and the tables it created:
 *
 * - a client key, made once per browser (random, in local storage) and sent with every join, so that a
 *   table that is not hotseat can refuse one browser a second seat. It is a courtesy guard, not an
 *   identity: another browser, a private window or cleared storage is another client (docs/server.md);
 * - the creator's credential of each table made here (it cancels the table while it is open).
 */

const CLIENT = "medieval.client";
const CREATOR = (/** @type {string} */ table) => `medieval.creator.${table}`;
const SEAT_PREFIX = "medieval.seat.";
const CREATOR_PREFIX = "medieval.creator.";

/** Sixteen random bytes as hex. */
function randomKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** This browser's client key (made on first use). */
export function clientKey() {
  try {
    let key = localStorage.getItem(CLIENT);
    if (!key) { key = randomKey(); localStorage.setItem(CLIENT, key); }
    return key;
  } catch { return randomKey(); /* no storage: a key for this page only */ }
}

/** @param {string} table @param {string} token */
export function saveCreator(table, token) {
  try { localStorage.setItem(CREATOR(table), token); } catch { /* nothing kept */ }
}

/** @param {string} table @returns {string | null} */
export function creatorFor(table) {
  try { return localStorage.getItem(CREATOR(table)); } catch { return null; }
}

/** @param {string} table */
export function forgetCreator(table) {
  try { localStorage.removeItem(CREATOR(table)); } catch { /* nothing kept */ }
}

/** The ids of the tables this browser sat at or created. @returns {string[]} */
export function myTables() {
  /** @type {Set<string>} */
  const ids = new Set();
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? "";
      if (key.startsWith(SEAT_PREFIX)) ids.add(key.slice(SEAT_PREFIX.length));
      else if (key.startsWith(CREATOR_PREFIX)) ids.add(key.slice(CREATOR_PREFIX.length));
    }
  } catch { /* nothing kept */ }
  return [...ids];
}
