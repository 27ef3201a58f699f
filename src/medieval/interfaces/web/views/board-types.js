// @ts-check
/**
 * The board contract (docs/web.md). A game's board is `games/<game>/web/board.js`, an ES module whose
 * default export is a Preact component taking these props.
 *
 * @typedef {{kind: string, args: Record<string, any>, notation: string}} Action
 * @typedef {{
 *   view: any,                 the game's view for this seat (null before the start)
 *   actions: Action[],         the seat's legal actions now ([] when it is not its turn, or in a replay)
 *   act: ((notation: string) => void) | null,   submit an action (null: read-only, e.g. a replay)
 *   seat: number | null,       the seat whose view this is (null: a spectator)
 *   names: string[],           every seat's display name ("Alice", "Bot (hard)")
 *   previous: any,             the view before the last change (for animations), or null
 *   thinking: number[],        seats whose bot is deciding now
 *   busy: boolean,             an action is on its way: do not offer another
 * }} BoardProps
 */

export {};
