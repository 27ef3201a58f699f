// @ts-check
/** The HTTP API. A seat token only ever travels in the Authorization header, never in a URL. */

export class ApiError extends Error {
  /** @param {number} status @param {string} code @param {string} detail */
  constructor(status, code, detail) {
    super(detail);
    this.status = status;
    this.code = code;
  }
}

/**
 * @param {string} path
 * @param {{method?: string, body?: any, token?: string | null}} [options]
 * @returns {Promise<any>}
 */
export async function api(path, { method = "GET", body, token } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "offline", "The server cannot be reached. Is it still running?");
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError(response.status, data?.code ?? "http_error", data?.detail ?? `HTTP ${response.status}`);
  }
  return data;
}

/** @type {Promise<any> | null} */
let gamesPromise = null;

/** The registered games, their options, the bots and levels (fetched once). */
export function games() {
  if (!gamesPromise) gamesPromise = api("/api/games").catch((e) => { gamesPromise = null; throw e; });
  return gamesPromise;
}

/** @type {Map<string, Promise<any>>} */
const helpCache = new Map();

/** A game's card help and how-to-play (fetched once per game). @param {string} game */
export function gameHelp(game) {
  let p = helpCache.get(game);
  if (!p) {
    p = api(`/api/games/${encodeURIComponent(game)}/help`).catch((e) => { helpCache.delete(game); throw e; });
    helpCache.set(game, p);
  }
  return p;
}
