// @ts-check
/**
 * The board contract (docs/web.md). A game's board is `games/<game>/web/board.js`, an ES module whose
 * default export is a Preact component taking these props.
 *
 * @typedef {{kind: string, args: Record<string, any>, notation: string}} Action
 *
 * @typedef {object} BoardProps
 * @property {any} view the game's view for this seat (null before the start)
 * @property {Action[]} actions the seat's legal actions now ([] when it is not its turn, or in a replay)
 * @property {((notation: string) => void) | null} act submit an action (null: read-only, e.g. a replay)
 * @property {number | null} seat the seat whose view this is (null: a spectator)
 * @property {string[]} names every seat's display name ("Alice", "Bot (hard)")
 * @property {any} previous the view before the last change (for animations), or null
 * @property {number[]} thinking seats whose bot is deciding now
 * @property {boolean} busy an action is on its way: do not offer another
 */

export {};
