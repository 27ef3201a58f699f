// @ts-check
/** Telling a player it is their turn: the tab's title, an optional chime (made with WebAudio, no file)
 * and an optional system notification while the tab is hidden. */

import { flag } from "medieval/lib/tokens.js";

const BASE_TITLE = "Medieval";
/** @type {AudioContext | null} */
let audio = null;

/** @param {string} title */
export function setTitle(title) {
  document.title = title ? `${title} · ${BASE_TITLE}` : BASE_TITLE;
}

/** A short two-note chime. */
export function chime() {
  try {
    audio = audio ?? new AudioContext();
    const now = audio.currentTime;
    for (const [i, freq] of [[0, 660], [1, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "triangle";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.15 + 0.3);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.15);
      osc.stop(now + i * 0.15 + 0.35);
    }
  } catch { /* no audio here */ }
}

/**
 * The seat is to move: a chime if sound is on, and a system notification if the tab is hidden and
 * notifications are on. `what` is the board's own words for the move when it is not a plain turn (a
 * reaction on another player's turn); without it the notification says "Your turn at <game>".
 * @param {string} gameName @param {string | null} [what]
 */
export function yourTurn(gameName, what = null) {
  if (flag("sound", false)) chime();
  if (flag("notify", false) && document.hidden && "Notification" in window && Notification.permission === "granted") {
    const text = what ? `${gameName}: ${what}` : `Your turn at ${gameName}`;
    try { new Notification(text, { tag: "medieval-turn", silent: true }); } catch { /* unsupported */ }
  }
}

/** Ask for notification permission (from a click). @returns {Promise<boolean>} */
export async function askNotifications() {
  if (!("Notification" in window)) return false;
  if (Notification.permission === "granted") return true;
  return (await Notification.requestPermission()) === "granted";
}
