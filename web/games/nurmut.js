// Nur Mut — the browser table's drawing (client view: docs/client-view/nurmut.md).
//
// Every card has two playing faces. A face is a number 1–9 with its animal, or a joker (a J in
// the four corners, as the source describes it). The rulebook names no animal (§1.2: "one animal
// per number is the natural art convention"), so this module draws its own: from the smallest
// to the biggest, 1 mouse, 2 bird, 3 frog, 4 rabbit, 5 cat, 6 pig, 7 sheep, 8 bear, 9 elephant,
// each on a colour of its own, so a face is told at a glance by its number, its colour and its
// animal.
//
// A card the table has seen on both sides (`"4/6"`: shows 4, the other face is 6) is drawn with
// its bottom-right corner peeled back: the flap shows the other face's colour and number. A card
// written by its showing face alone has an other face nobody knows (N3), and is drawn whole.
//
// Nobody sees more than the upper face of each top card, the owner included, so the table is the
// same for every seat and in a replay: there is no hand to turn face up.
//
// Every SVG is self-contained (no ids, no <defs>), as in cards.js.

import { de } from '../i18n.js';

const INK = '#2b2b2b';
const FONT = "system-ui, 'DejaVu Sans', sans-serif";

// One colour per number: `main` fills the corner badges, `text` is the number on it, `tint` the
// card's field behind the animal.
const FACES = {
  1: { fr: 'souris', en: 'mouse', main: '#c0392b', text: '#fff', tint: '#fbe3e0' },
  2: { fr: 'oiseau', en: 'bird', main: '#e2710f', text: '#fff', tint: '#fdebd8' },
  3: { fr: 'grenouille', en: 'frog', main: '#f2c418', text: INK, tint: '#fdf5d3' },
  4: { fr: 'lapin', en: 'rabbit', main: '#1e8449', text: '#fff', tint: '#dff2e4' },
  5: { fr: 'chat', en: 'cat', main: '#0e7c72', text: '#fff', tint: '#d8f0ee' },
  6: { fr: 'cochon', en: 'pig', main: '#2166ac', text: '#fff', tint: '#dfeaf7' },
  7: { fr: 'mouton', en: 'sheep', main: '#5b3fb0', text: '#fff', tint: '#e8e3f8' },
  8: { fr: 'ours', en: 'bear', main: '#b0276b', text: '#fff', tint: '#f8dfeb' },
  9: { fr: 'éléphant', en: 'elephant', main: '#5d4037', text: '#fff', tint: '#efe6e1' },
  J: { fr: 'joker', en: 'joker', main: '#1d1d1f', text: '#f5c542', tint: '#fff4cc' },
};

const line = 'stroke="' + INK + '" stroke-width="1.8" stroke-linejoin="round"';

// The animals, drawn in a box about 64 units wide centred on 0,0.
const ANIMALS = {
  // A mouse seen from the side, nose to the left, and its long tail.
  1: `<path d="M22 14C34 16 37 1 29-4C23-7 19 0 24 3" fill="none" stroke="${INK}" stroke-width="2.2" stroke-linecap="round"/>
    <ellipse cx="-12" cy="22" rx="4" ry="2.5" fill="#f4a6b7" ${line}/><ellipse cx="12" cy="22" rx="4" ry="2.5" fill="#f4a6b7" ${line}/>
    <path d="M-31 13C-24-2-8-14 8-13C22-12 29 0 27 12C26 20 18 22 6 22L-20 22C-26 21-31 17-31 13Z" fill="#a7adb5" ${line}/>
    <circle cx="-8" cy="-12" r="9.5" fill="#a7adb5" ${line}/><circle cx="-8" cy="-12" r="5.5" fill="#f4a6b7"/>
    <circle cx="-31" cy="13" r="2.6" fill="#e06c88"/><circle cx="-18" cy="4" r="2.4" fill="${INK}"/>
    <path d="M-27 11L-37 6M-27 14L-38 15" stroke="${INK}" stroke-width="1.1" stroke-linecap="round"/>`,
  // A round little bird, beak to the left.
  2: `<path d="M-2 25L-4 32M-8 32L0 32M10 25L12 32M8 32L16 32" stroke="#e67e22" stroke-width="2.4" stroke-linecap="round"/>
    <path d="M18 2L33-8L31 13Z" fill="#f2b90f" ${line}/>
    <ellipse cx="4" cy="8" rx="22" ry="18" fill="#f9d648" ${line}/>
    <circle cx="-12" cy="-12" r="13" fill="#f9d648" ${line}/>
    <path d="M-24-15L-35-9L-24-4Z" fill="#f08a24" ${line}/>
    <circle cx="-14" cy="-15" r="3" fill="${INK}"/><circle cx="-13" cy="-16" r="1" fill="#fff"/>
    <path d="M-1 5C7-4 21 0 19 11C13 17 3 15-1 5Z" fill="#f2b90f" ${line}/>`,
  // A frog's face: two big eyes on top, a wide smile.
  3: `<circle cx="-14" cy="-12" r="10.5" fill="#69b84a" ${line}/><circle cx="14" cy="-12" r="10.5" fill="#69b84a" ${line}/>
    <ellipse cx="0" cy="7" rx="31" ry="19" fill="#69b84a" ${line}/>
    <path d="M-20-6A10.5 10.5 0 0 1-6-8M20-6A10.5 10.5 0 0 0 6-8" fill="none" stroke="#69b84a" stroke-width="3"/>
    <circle cx="-14" cy="-12" r="6.5" fill="#fff" ${line}/><circle cx="14" cy="-12" r="6.5" fill="#fff" ${line}/>
    <circle cx="-13" cy="-11" r="3.2" fill="${INK}"/><circle cx="13" cy="-11" r="3.2" fill="${INK}"/>
    <circle cx="-4" cy="0" r="1.3" fill="${INK}"/><circle cx="4" cy="0" r="1.3" fill="${INK}"/>
    <circle cx="-21" cy="11" r="3.5" fill="#f08fa4" opacity="0.7"/><circle cx="21" cy="11" r="3.5" fill="#f08fa4" opacity="0.7"/>
    <path d="M-18 8Q0 22 18 8" fill="none" stroke="${INK}" stroke-width="2.2" stroke-linecap="round"/>`,
  // A rabbit's face and its two long ears.
  4: `<ellipse cx="-9" cy="-15" rx="6.5" ry="17" transform="rotate(-12 -9 -15)" fill="#f4f0e8" ${line}/>
    <ellipse cx="9" cy="-15" rx="6.5" ry="17" transform="rotate(12 9 -15)" fill="#f4f0e8" ${line}/>
    <ellipse cx="-9" cy="-14" rx="3" ry="12" transform="rotate(-12 -9 -14)" fill="#f4a6b7"/>
    <ellipse cx="9" cy="-14" rx="3" ry="12" transform="rotate(12 9 -14)" fill="#f4a6b7"/>
    <ellipse cx="0" cy="13" rx="19" ry="17" fill="#f4f0e8" ${line}/>
    <circle cx="-7" cy="8" r="2.7" fill="${INK}"/><circle cx="7" cy="8" r="2.7" fill="${INK}"/>
    <rect x="-2.6" y="19" width="5.2" height="5" rx="1" fill="#fff" stroke="${INK}" stroke-width="1"/>
    <path d="M0 17Q-3 21-7 19.5M0 17Q3 21 7 19.5" fill="none" stroke="${INK}" stroke-width="1.4" stroke-linecap="round"/>
    <path d="M-3 14L3 14L0 17.5Z" fill="#e06c88"/>`,
  // A tabby cat's face: pointed ears, green eyes, whiskers.
  5: `<path d="M-21-2L-17-27L-3-12Z" fill="#f0a04b" ${line}/><path d="M21-2L17-27L3-12Z" fill="#f0a04b" ${line}/>
    <path d="M-16-7L-15.5-20L-8-12Z" fill="#f4a6b7"/><path d="M16-7L15.5-20L8-12Z" fill="#f4a6b7"/>
    <ellipse cx="0" cy="6" rx="23" ry="19" fill="#f0a04b" ${line}/>
    <path d="M-4-12L-3-5M0-13L0-5M4-12L3-5" stroke="#b5621a" stroke-width="2" stroke-linecap="round"/>
    <ellipse cx="-9" cy="3" rx="4.2" ry="5.2" fill="#cfe36a" ${line}/><ellipse cx="9" cy="3" rx="4.2" ry="5.2" fill="#cfe36a" ${line}/>
    <ellipse cx="-9" cy="3" rx="1.3" ry="4" fill="${INK}"/><ellipse cx="9" cy="3" rx="1.3" ry="4" fill="${INK}"/>
    <path d="M-3 10L3 10L0 13Z" fill="#e06c88"/>
    <path d="M0 13Q-3 17-6 15M0 13Q3 17 6 15" fill="none" stroke="${INK}" stroke-width="1.4" stroke-linecap="round"/>
    <path d="M-11 12L-33 8M-11 15L-32 18M11 12L33 8M11 15L32 18" stroke="${INK}" stroke-width="1.1" stroke-linecap="round"/>`,
  // A pig's face: floppy ears, a big snout.
  6: `<path d="M-18-7L-24-27L-5-16Z" fill="#f5a9ba" ${line}/><path d="M18-7L24-27L5-16Z" fill="#f5a9ba" ${line}/>
    <circle cx="0" cy="4" r="22" fill="#f5a9ba" ${line}/>
    <ellipse cx="0" cy="11" rx="11.5" ry="8" fill="#ee7f99" ${line}/>
    <ellipse cx="-4.2" cy="11" rx="2" ry="3.2" fill="#8c3b4e"/><ellipse cx="4.2" cy="11" rx="2" ry="3.2" fill="#8c3b4e"/>
    <circle cx="-9" cy="-5" r="2.7" fill="${INK}"/><circle cx="9" cy="-5" r="2.7" fill="${INK}"/>`,
  // A sheep: a dark face in a cloud of white wool.
  7: `${[0, 36, 72, 108, 144, 180, 216, 252, 288, 324].map((a) => {
      const r = (a * Math.PI) / 180;
      return `<circle cx="${(Math.cos(r) * 19).toFixed(1)}" cy="${(2 + Math.sin(r) * 18).toFixed(1)}" r="9" fill="#fbfaf5" ${line}/>`;
    }).join('')}
    <circle cx="0" cy="2" r="19" fill="#fbfaf5"/>
    <ellipse cx="-14" cy="2" rx="8" ry="3.6" transform="rotate(20 -14 2)" fill="#3b3b3b"/>
    <ellipse cx="14" cy="2" rx="8" ry="3.6" transform="rotate(-20 14 2)" fill="#3b3b3b"/>
    <ellipse cx="0" cy="8" rx="10.5" ry="15" fill="#3b3b3b"/>
    <circle cx="-6" cy="-7" r="6" fill="#fbfaf5" ${line}/><circle cx="6" cy="-7" r="6" fill="#fbfaf5" ${line}/><circle cx="0" cy="-10" r="6.5" fill="#fbfaf5" ${line}/>
    <circle cx="-5" cy="4" r="2.8" fill="#fff"/><circle cx="5" cy="4" r="2.8" fill="#fff"/>
    <circle cx="-5" cy="4.5" r="1.4" fill="${INK}"/><circle cx="5" cy="4.5" r="1.4" fill="${INK}"/>
    <path d="M-3 17Q0 19 3 17" fill="none" stroke="#d9d9d9" stroke-width="1.4" stroke-linecap="round"/>`,
  // A brown bear's face: round ears, a light muzzle.
  8: `<circle cx="-16" cy="-14" r="8.5" fill="#9c6238" ${line}/><circle cx="16" cy="-14" r="8.5" fill="#9c6238" ${line}/>
    <circle cx="-16" cy="-14" r="4.5" fill="#dba77a"/><circle cx="16" cy="-14" r="4.5" fill="#dba77a"/>
    <circle cx="0" cy="4" r="21.5" fill="#9c6238" ${line}/>
    <ellipse cx="0" cy="12" rx="10.5" ry="8.5" fill="#e6bb8f" ${line}/>
    <ellipse cx="0" cy="8.5" rx="4.2" ry="3" fill="${INK}"/>
    <path d="M0 11.5L0 14.5M0 14.5Q-3 18-5.5 15.5M0 14.5Q3 18 5.5 15.5" fill="none" stroke="${INK}" stroke-width="1.4" stroke-linecap="round"/>
    <circle cx="-8" cy="-3" r="2.7" fill="${INK}"/><circle cx="8" cy="-3" r="2.7" fill="${INK}"/>`,
  // An elephant's face: great ears, a trunk, two tusks.
  9: `<ellipse cx="-19" cy="0" rx="13.5" ry="18" fill="#9aa5b1" ${line}/><ellipse cx="19" cy="0" rx="13.5" ry="18" fill="#9aa5b1" ${line}/>
    <ellipse cx="-20" cy="1" rx="8" ry="12" fill="#e9b7c3"/><ellipse cx="20" cy="1" rx="8" ry="12" fill="#e9b7c3"/>
    <path d="M-6 6C-7 20-4 29 5 31C10 32 12 28 9 26C4 25 4 19 6 6Z" fill="#9aa5b1" ${line}/>
    <ellipse cx="0" cy="-3" rx="15" ry="16" fill="#9aa5b1" ${line}/>
    <path d="M-6 6C-6 15-3 20 4 22M6 6C5 12 5 16 6 19" fill="none" stroke="#9aa5b1" stroke-width="3"/>
    <path d="M-8 9Q-12 17-6 20Q-8 14-5 10Z" fill="#fff" ${line}/><path d="M8 9Q12 17 6 20Q8 14 5 10Z" fill="#fff" ${line}/>
    <circle cx="-6" cy="-5" r="2.5" fill="${INK}"/><circle cx="6" cy="-5" r="2.5" fill="${INK}"/>`,
  // The joker: a jester's cap with three bells.
  J: `<path d="M-9 20C-9 2-5-14 0-26C5-14 9 2 9 20Z" fill="#2e86de" ${line}/>
    <path d="M-20 22C-21 8-25-4-32-10C-18-10-8 2-5 19Z" fill="#e74c3c" ${line}/>
    <path d="M20 22C21 8 25-4 32-10C18-10 8 2 5 19Z" fill="#27ae60" ${line}/>
    <circle cx="-32" cy="-10" r="4.2" fill="#f5c542" ${line}/><circle cx="0" cy="-26" r="4.2" fill="#f5c542" ${line}/><circle cx="32" cy="-10" r="4.2" fill="#f5c542" ${line}/>
    <rect x="-24" y="18" width="48" height="10" rx="3" fill="${INK}"/>
    <path d="M-14 19.5L-11 23L-14 26.5L-17 23ZM0 19.5L3 23L0 26.5L-3 23ZM14 19.5L17 23L14 26.5L11 23Z" fill="#f5c542"/>`,
};

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `"4/6"` → {show: "4", hidden: "6"}; `"7"` → {show: "7", hidden: null}; anything else → null. */
export function parseCard(code) {
  const m = /^([1-9J])(?:\/([1-9J]))?$/i.exec(String(code ?? '').trim());
  return m ? { show: m[1].toUpperCase(), hidden: m[2] ? m[2].toUpperCase() : null } : null;
}

// A number in a corner badge; 6 and 9 are underlined, since the lower badge is upside down.
function badge(face, x, y) {
  const f = FACES[face];
  const bar = face === '6' || face === '9'
    ? `<rect x="${x + 8}" y="${y + 30}" width="12" height="2.6" rx="1" fill="${f.text}"/>` : '';
  return `<rect x="${x}" y="${y}" width="28" height="35" rx="6" fill="${f.main}"/>
    <text x="${x + 14}" y="${y + 27.5}" text-anchor="middle" font-size="29" font-weight="800" fill="${f.text}">${face}</text>${bar}`;
}

// The outline of a card whose bottom-right corner is peeled back along x + y = 184.
const CUT_OUTLINE = 'M7.75 0.75H92.25Q99.25 0.75 99.25 7.75V84.75L44.75 139.25H7.75Q0.75 139.25 0.75 132.25V7.75Q0.75 0.75 7.75 0.75Z';
const CUT_FIELD = 'M10 5H90Q95 5 95 10V89L49 135H10Q5 135 5 130V10Q5 5 10 5Z';

/** A face as SVG markup; with `hidden`, the other face shows on a peeled corner. */
export function cardSvg(code) {
  const c = parseCard(code);
  const open = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" font-family="${FONT}" aria-hidden="true" focusable="false">${body}</svg>`;
  if (!c) {
    return open(`<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="#fff" stroke="#8c8c8c" stroke-width="1.5"/>
      <text x="50" y="76" text-anchor="middle" font-size="16" fill="${INK}">${esc(code)}</text>`);
  }
  const f = FACES[c.show];
  const peeled = !!c.hidden;
  let body = peeled
    ? `<path d="${CUT_OUTLINE}" fill="#fff" stroke="#8c8c8c" stroke-width="1.5"/><path d="${CUT_FIELD}" fill="${f.tint}"/>`
    : `<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="#fff" stroke="#8c8c8c" stroke-width="1.5"/>
       <rect x="5" y="5" width="90" height="130" rx="5" fill="${f.tint}"/>`;
  // The animal sits a little higher and smaller when a corner is folded over it.
  body += `<g transform="${peeled ? 'translate(50 62) scale(0.92)' : 'translate(50 72) scale(1.12)'}">${ANIMALS[c.show]}</g>`;
  body += badge(c.show, 4, 4);
  if (c.show === 'J') body += badge('J', 68, 4);
  if (!peeled) {
    body += `<g transform="rotate(180 50 70)">${badge(c.show, 4, 4)}${c.show === 'J' ? badge('J', 68, 4) : ''}</g>`;
  } else {
    const h = FACES[c.hidden];
    // The flap: the corner folded over shows the other face's colour and number.
    body += `<path d="M42 82H99.25L42 139.25Z" fill="#000" opacity="0.18"/>
      <path d="M44.75 84.75H99.25L44.75 139.25Z" fill="${h.main}" stroke="#6b6b6b" stroke-width="1.2" stroke-linejoin="round"/>
      <text x="59.5" y="115" text-anchor="middle" font-size="29" font-weight="800" fill="${h.text}">${c.hidden}</text>`;
    if (c.hidden === '6' || c.hidden === '9') body += `<rect x="53" y="118" width="13" height="2.6" rx="1" fill="${h.text}"/>`;
  }
  return open(body);
}

const tongue = (lang) => (lang === 'en' ? 'en' : 'fr');

/** A face in words: « 4 (lapin) », "4 (rabbit)", « joker ». */
export function faceName(face, lang) {
  const f = FACES[face];
  if (!f) return String(face);
  if (face === 'J') return f[tongue(lang)];
  return `${face} (${f[tongue(lang)]})`;
}

// « un 4 (lapin) », "a 4 (rabbit)", "an 8 (bear)", « un joker ».
function aFace(face, lang) {
  if (tongue(lang) === 'fr') return `un ${faceName(face, lang)}`;
  return `${face === '8' ? 'an' : 'a'} ${faceName(face, lang)}`;
}

/** The card in words, both faces when they are known. */
export function cardName(code, lang) {
  const c = parseCard(code);
  if (!c) return String(code);
  const first = c.show === 'J' ? 'Joker' : faceName(c.show, lang);
  if (!c.hidden) return first;
  return tongue(lang) === 'fr'
    ? `${first}, l’autre face\u00a0: ${faceName(c.hidden, lang)}`
    : `${first}, other side: ${faceName(c.hidden, lang)}`;
}

/** A card as an element: <span class="nm-card" role="img" aria-label="…" data-card="4/6">. */
export function cardElement(code, ctx = {}) {
  const el = document.createElement('span');
  el.className = 'nm-card';
  el.setAttribute('role', 'img');
  el.dataset.card = String(code);
  el.setAttribute('aria-label', cardName(code, ctx.lang));
  el.innerHTML = cardSvg(code);
  return el;
}

/** The home page's picture: four cards fanned, one of them seen on both sides. */
export function icon(ctx) {
  const h = ctx.h;
  const fan = [['3', -14, 6], ['8/2', -5, 0], ['J', 5, 0], ['6', 14, 6]];
  const box = h('div', { style: { display: 'flex', alignItems: 'center', justifyContent: 'center' } });
  box.style.setProperty('--card-w', '50px');
  box.append(...fan.map(([code, angle, drop], i) => {
      const el = cardElement(code, ctx);
      Object.assign(el.style, { transform: `rotate(${angle}deg) translateY(${drop}px)`, marginLeft: i ? '-10px' : '0', filter: 'drop-shadow(0 1px 2px rgba(0,0,0,0.35))' });
      return el;
    }));
  return box;
}

// ---------------------------------------------------------------------------------------------
// The table.

const showing = (code) => (parseCard(code) || {}).show;
const fits = (face, top) => face === 'J' || (top !== 'J' && Math.abs(Number(face) - Number(top)) === 1);

function plural(ctx, n, frOne, frMany, enOne, enMany) {
  return ctx.t(`${n} ${n <= 1 ? frOne : frMany}`, `${n} ${n === 1 ? enOne : enMany}`);
}

// « 1 et 3 », « 1, 2 et 3 »; "1 and 3".
function andList(ctx, items) {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${ctx.t('et', 'and')} ${items[items.length - 1]}`;
}

// What a centre pile takes: « accepte [2] ou [4] », each number on its own colour.
function accepts(ctx, top) {
  const h = ctx.h;
  if (top === 'J') return ctx.t('accepte tout', 'takes anything');
  const n = Number(top);
  const ok = [n - 1, n + 1].filter((x) => x >= 1 && x <= 9).map((x) => {
    const f = FACES[x];
    return h('b', { class: 'nm-num', style: { background: f.main, color: f.text } }, String(x));
  });
  return ok.length === 1
    ? [ctx.t('accepte ', 'takes '), h('span', { class: 'nm-which' }, ctx.t('le ', 'a '), ok[0])]
    : [ctx.t('accepte ', 'takes '), h('span', { class: 'nm-which' }, ok[0], ctx.t(' ou ', ' or '), ok[1])];
}

// A pile drawn as a stack: a few card edges behind the top card, as many as it is deep.
function stack(ctx, code, cards, label) {
  const h = ctx.h;
  if (!code) return h('div', { class: 'nm-stack' }, h('div', { class: 'nm-empty' }, label));
  const depth = Math.max(0, Math.min(3, cards - 1));
  const edges = [];
  for (let k = depth; k >= 1; k--) edges.push(h('div', { class: 'nm-edge', style: { transform: `translate(${k * 3}px, ${k * 3}px)` } }));
  const el = h('div', { class: 'nm-stack' }, edges, cardElement(code, ctx));
  el.style.setProperty('--nm-d', `${depth * 3}px`);
  return el;
}

// Which centre tops changed since the last drawing of this match, to let the new card land.
let last = { match: null, seq: -1, tops: [] };

/** Every seat has its tile here, one's own pile included: the shell draws no players' strip. */
export const seatTiles = true;

export function render(area, view, ctx) {
  const h = ctx.h;
  const t = ctx.t;
  const T = view.table;
  // A replay shows every pile alike, named (the observer's as « vous »): every seat sees the
  // same table in Nur Mut, so there is no hand to turn face up and no pile is "yours" to play.
  const me = ctx.replay || ctx.seat === undefined ? null : ctx.seat;
  const turn = new Set(view.turn || []);
  const legal = ctx.replay ? [] : (view.legal || []).map((a) => a.action);
  const mineToPlay = me !== null && turn.has(me);
  const name = (s) => ctx.name(s);

  const board = h('div', { class: 'nm-board' });

  // What the match is at: the round, the passes that lead to a forced Courage.
  const info = h('div', { class: 'nm-info' });
  if (T.rounds) info.append(h('span', { class: 'nm-chip' }, t(`Manche ${view.round} sur ${T.rounds}`, `Round ${view.round} of ${T.rounds}`)));
  else if (T.until_minus) info.append(h('span', { class: 'nm-chip' }, t(`Manche ${view.round}, jusqu’à −${T.until_minus}`, `Round ${view.round}, until −${T.until_minus}`)));
  if (T.phase === 'turn' && T.passes_in_a_row > 0) {
    const close = T.passes_in_a_row >= view.players - 1;
    info.append(h('span', {
      class: 'nm-chip' + (close ? ' nm-warn' : ''),
      title: t(`Quand ${view.players} tours de suite passent sans qu’une carte aille au centre, le premier qui a passé doit jouer courage.`,
        `When ${view.players} turns in a row go by with no card reaching the centre, the first who passed must play Courage.`),
    }, t(`Passes d’affilée\u00a0: ${T.passes_in_a_row} sur ${view.players}`, `Passes in a row: ${T.passes_in_a_row} of ${view.players}`)));
  }
  if (info.childNodes.length) board.append(info);

  // Courage: the card turned over, waiting to be placed; or a Courage the rule forces.
  if (T.phase === 'place' && T.courage) {
    const c = parseCard(T.courage.card) || { show: '?', hidden: '?' };
    const L = ctx.lang;
    let words;
    if (ctx.isReader(T.courage.seat) && !ctx.replay) {
      words = c.show === 'J'
        ? t(`Courage\u00a0! Votre ${faceName(c.hidden, L)} cachait un joker\u00a0: posez-le sur la pile de votre choix.`,
          `Courage! Your ${faceName(c.hidden, L)} hid a joker: place it on any pile.`)
        : t(`Courage\u00a0! Votre ${faceName(c.hidden, L)} cachait ${aFace(c.show, L)}\u00a0: posez-le sur une pile en surbrillance, puis rejouez.`,
          `Courage! Your ${faceName(c.hidden, L)} hid ${aFace(c.show, L)}: place it on a lit pile, then play again.`);
    } else {
      words = t(`Courage réussi pour ${name(T.courage.seat)}\u00a0: le ${faceName(c.hidden, L)} cachait ${aFace(c.show, L)}, à poser au centre.`,
        `Courage paid off for ${name(T.courage.seat)}: the ${faceName(c.hidden, L)} hid ${aFace(c.show, L)}, to be placed in the centre.`);
    }
    board.append(h('div', { class: 'nm-alert', 'data-courage': T.courage.card }, words));
  } else if (T.phase === 'turn' && T.forced_courage) {
    const s = [...turn][0];
    let words;
    if (ctx.isReader(s)) {
      words = legal.some((a) => a.startsWith('play'))
        ? t('Tout le monde a passé\u00a0: vous devez jouer courage ou poser une carte qui convient\u00a0!', 'Everybody passed: you must play Courage or lay a card that fits!')
        : t('Tout le monde a passé\u00a0: vous devez jouer courage\u00a0!', 'Everybody passed: you must play Courage!');
    } else {
      words = t(`Tout le monde a passé\u00a0: ${name(s)} doit montrer du courage.`, `Everybody passed: ${name(s)} must show some courage.`);
    }
    board.append(h('div', { class: 'nm-alert nm-forced' }, words));
  }

  // The other players' piles, starting with the one who plays after the observer.
  const n = view.players;
  const first = me === null ? 0 : (me + 1) % n;
  const others = [];
  for (let k = 0; k < n; k++) {
    const s = (first + k) % n;
    if (s !== me) others.push(s);
  }
  const seatBox = (s) => {
    const p = T.seats[s] || { cards: 0, top: null, tucked: [] };
    const courage = T.phase === 'place' && T.courage && T.courage.seat === s;
    return h('div', {
      class: 'nm-seat' + (turn.has(s) ? ' nm-turn' : ''), 'data-seat': s, 'data-seat-tile': s,
      'aria-label': t(`Tas ${de(name(s))}`, `${name(s)}’s pile`),
    },
      stack(ctx, p.top, p.cards, t('vide', 'empty')),
      h('div', { class: 'nm-seat-text' },
        h('span', { class: 'nm-seat-name' }, name(s)),
        h('span', {}, plural(ctx, p.cards, 'carte', 'cartes', 'card', 'cards')),
        // « à jouer » and the clock come with the table's status (a replay has none).
        ctx.seatStatus(s) || (turn.has(s) && !courage ? h('span', { class: 'nm-tag' }, t('à jouer', 'to play')) : null),
        courage ? h('span', { class: 'nm-tag' }, t('Courage\u00a0!', 'Courage!')) : null,
        tuckedRow(ctx, p.tucked)));
  };
  if (others.length) board.append(h('div', { class: 'nm-others' }, others.map(seatBox)));

  // The three centre piles: the top to play on, what it takes; each is where a card goes.
  const fresh = last.match === view.match && view.seq > last.seq;
  const tops = T.center.map((p) => (p.cards && p.cards[0]) || p.top);
  const centre = h('div', { class: 'nm-centre', role: 'group', 'aria-label': t('Les piles du centre', 'The centre piles') });
  T.center.forEach((pile, i) => {
    const k = i + 1;
    const count = (pile.cards || []).length;
    const action = `play ${k}`;
    const el = h('div', {
      class: 'nm-pile' + (fresh && last.tops[i] !== tops[i] ? ' nm-new' : ''), 'data-pile': k,
      'aria-label': t(`Pile ${k}\u00a0: ${faceName(pile.top, ctx.lang)}, ${plural(ctx, count, 'carte', 'cartes', 'card', 'cards')}`,
        `Pile ${k}: ${faceName(pile.top, ctx.lang)}, ${plural(ctx, count, 'carte', 'cartes', 'card', 'cards')}`),
    },
      h('span', { class: 'nm-pile-name' }, t(`Pile ${k}`, `Pile ${k}`)),
      stack(ctx, tops[i], count, ''),
      h('span', { class: 'nm-accepts' }, accepts(ctx, pile.top)),
      h('span', { class: 'nm-small' }, plural(ctx, count, 'carte', 'cartes', 'card', 'cards')));
    if (legal.includes(action)) {
      el.dataset.hint = t('poser ici', 'place here');
      ctx.offer(el, [action]);
      const words = (view.legal || []).find((a) => a.action === action);
      if (words) el.setAttribute('aria-label', `${el.getAttribute('aria-label')} — ${t(words.fr, words.en)}`);
    }
    centre.append(el);
  });
  const playRow = h('div', { class: 'nm-play' }, centre);
  board.append(playRow);
  last = { match: view.match, seq: view.seq, tops };

  // The observer's own pile, as it lies: its top face, what it fits, what was tucked under it.
  if (me !== null && T.seats[me]) {
    const p = T.seats[me];
    const c = parseCard(p.top);
    const lines = [];
    if (c && T.phase !== 'over') {
      if (c.hidden && T.phase === 'place') {
        lines.push(h('span', {}, t(`Retournée\u00a0: elle montrait ${faceName(c.hidden, ctx.lang)}.`, `Turned over: it showed ${faceName(c.hidden, ctx.lang)}.`)));
      } else {
        const forcedNow = T.forced_courage && mineToPlay && !legal.some((a) => a.startsWith('play'));
        const where = T.center.map((pile, i) => (fits(c.show, pile.top) ? String(i + 1) : null)).filter(Boolean);
        const fr = c.show === 'J' ? 'Ce joker' : `Ce ${c.show}`;
        const en = c.show === 'J' ? 'This joker' : `This ${c.show}`;
        if (!forcedNow) {
          lines.push(h('span', { class: 'nm-fit' }, where.length === 0
            ? t(`${fr} ne va sur aucune pile.`, `${en} fits no pile.`)
            : where.length === 1
              ? t(`${fr} va sur la pile ${where[0]}.`, `${en} fits pile ${where[0]}.`)
              : t(`${fr} va sur les piles ${andList(ctx, where)}.`, `${en} fits piles ${andList(ctx, where)}.`)));
        }
        lines.push(h('span', { class: 'nm-small', style: { textAlign: 'left' } },
          t('Son autre face\u00a0: inconnue de tous, vous compris.', 'Its other side: unknown to all, you included.')));
      }
    }
    // One's own pile stays in view just above the prompt and the moves (style.css), as a hand does.
    playRow.append(h('div', { class: 'nm-mine' + (mineToPlay ? ' nm-turn' : ''), 'data-seat': me, 'data-seat-tile': me, 'aria-label': t('Votre tas', 'Your pile'), 'data-own-hand': ctx.replay ? null : '' },
      stack(ctx, p.top, p.cards, t('Tas vide\u00a0: gagné\u00a0!', 'Empty pile: won!')),
      h('div', { class: 'nm-mine-text' },
        h('span', { class: 'nm-mine-title' }, t('Votre tas', 'Your pile'), ' · ', plural(ctx, p.cards, 'carte', 'cartes', 'card', 'cards')),
        ctx.seatStatus(me),
        lines,
        tuckedRow(ctx, p.tucked))));
  }

  area.append(board);
}

// The faces the table saw go under a pile, top first: the last one is the very bottom card.
function tuckedRow(ctx, tucked) {
  if (!tucked || !tucked.length) return null;
  return ctx.h('div', {
    class: 'nm-tucked',
    title: ctx.t('Glissées sous le tas, vues de tous\u00a0; la dernière est tout en bas.', 'Tucked under the pile, seen by all; the last is at the very bottom.'),
  }, ctx.t('dessous\u00a0:', 'under:'), tucked.map((f) => cardElement(f, ctx)));
}
