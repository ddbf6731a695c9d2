// Your turn reaches you: the tab's title and icon change while the table waits for you, a short
// sound plays when it becomes your turn (on by default; the switch in the top bar mutes it and
// is remembered), and a browser notification comes when the tab is hidden (permission is asked
// once, on the first click at a table).

import { h } from './dom.js';
import { tr } from './i18n.js';

const SOUND_KEY = 'tapis.sound';
const ASKED_KEY = 'tapis.notify-asked';

const icon = (fill, dot) => `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="3" y="3" width="26" height="26" rx="6" fill="${fill}"/>`
  + '<rect x="9" y="7" width="14" height="19" rx="2" fill="#fff"/>'
  + (dot ? '<circle cx="24" cy="8" r="7" fill="#e8590c" stroke="#fff" stroke-width="2"/>' : '')
  + '</svg>')}`;
const ICON_IDLE = icon('#17553a', false);
const ICON_TURN = icon('#17553a', true);

let mineBefore = false;
let audio = null;

function soundOn() {
  return localStorage.getItem(SOUND_KEY) !== 'off';
}

/** The mute switch, for the top bar. */
export function soundSwitch() {
  const button = h('button', {
    type: 'button', class: 'sound-switch', 'data-sound': soundOn() ? 'on' : 'off',
    onclick: () => {
      localStorage.setItem(SOUND_KEY, soundOn() ? 'off' : 'on');
      label();
      if (soundOn()) chime();
    },
  });
  function label() {
    const on = soundOn();
    button.dataset.sound = on ? 'on' : 'off';
    button.setAttribute('aria-pressed', on ? 'false' : 'true');
    button.title = on ? tr('Son activé : cliquez pour couper', 'Sound on: click to mute') : tr('Son coupé : cliquez pour l’activer', 'Sound muted: click to turn it on');
    button.setAttribute('aria-label', tr('Couper le son', 'Mute'));
    button.innerHTML = on
      ? '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>'
      : '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/><path d="M16.5 9.5l5 5m0-5l-5 5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';
  }
  label();
  return button;
}

function setIcon(href) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** Two short notes, drawn by the browser: no file to fetch. */
function chime() {
  try {
    audio = audio || new AudioContext();
    if (audio.state === 'suspended') audio.resume();
    const start = audio.currentTime + 0.01;
    [[880, 0], [1320, 0.12]].forEach(([freq, at]) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.22);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + at);
      osc.stop(start + at + 0.25);
    });
  } catch { /* no sound in this browser */ }
}

/** Asked once per browser, on a click at a table (browsers want a gesture for it). */
export function askNotificationsOnce() {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default' || localStorage.getItem(ASKED_KEY)) return;
  localStorage.setItem(ASKED_KEY, '1');
  Notification.requestPermission().catch(() => {});
}

/**
 * Tells the reader whose turn it is: `mine` when the table waits for them. The title and icon
 * follow it; the sound and notification come only when it becomes their turn.
 */
export function turnChanged(mine, title, words) {
  document.title = mine ? `${tr('À vous !', 'Your turn!')} — ${title}` : title;
  setIcon(mine ? ICON_TURN : ICON_IDLE);
  if (mine && !mineBefore) {
    if (soundOn()) chime();
    if (document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        const note = new Notification(title, { body: words, tag: 'tapis-turn' });
        note.onclick = () => { window.focus(); note.close(); };
      } catch { /* notifications refused by the browser */ }
    }
  }
  mineBefore = mine;
}

/** Away from a table: the plain title and icon. */
export function noTurn(title) {
  mineBefore = false;
  document.title = title;
  setIcon(ICON_IDLE);
}
