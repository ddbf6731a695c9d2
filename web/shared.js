// What the pages share: the server's HTTP routes, the games and their modules, the seats held in
// this browser, the top bar, and the pieces drawn both at a live table and in a replay (the seat
// strip, the score sheet, the winners line, the game's context with its offered moves and their
// little menu).

import { h, clear } from './dom.js';
import { lang, setLang, tr, count, de, number, signed } from './i18n.js';
import { cardElement } from './cards.js';

export const app = document.getElementById('app');
let games = null; // GET /api/games, once
let bots = { names: [], levels: [] }; // GET /api/bots, with the games: the bots' names and levels
const modules = {};

export async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error((data.error && data.error.message) || `HTTP ${response.status}`);
  return data;
}

export async function loadGames() {
  if (!games) [games, bots] = await Promise.all([api('GET', '/api/games').then((g) => g.games), api('GET', '/api/bots')]);
  return games;
}

/** The bots' levels as the server words them: `{kind: 'bot:easy', fr: 'facile', en: 'easy'}`, … */
export function botLevels() {
  return bots.levels;
}

/** A game's module, `games/<id>.js`, once its style sheet `games/<id>.css` applies: nothing of
 * the game is drawn unstyled. */
export async function gameModule(id) {
  if (!modules[id]) {
    modules[id] = Promise.all([import(`/web/games/${id}.js`), gameStyle(id)])
      .then(([mod]) => mod)
      .catch(() => ({ render: genericRender }));
  }
  return modules[id];
}

/** Links a game's style sheet, once (`gameModule` asks once per game); settles when it applies,
 * or when it failed to load, since a table drawn without its look still plays. */
function gameStyle(id) {
  return new Promise((resolve) => {
    const link = h('link', { rel: 'stylesheet', href: `/web/games/${id}.css`, 'data-game': id });
    link.addEventListener('load', resolve);
    link.addEventListener('error', resolve);
    document.head.append(link);
  });
}

export function gameInfo(id) {
  return (games || []).find((g) => g.id === id);
}

/** « une partie du 8 Nantais », « de Njet! »: the French article joins « de ». */
export function ofGame(id) {
  const name = gameName(id);
  const m = /^Le (.*)$/.exec(name);
  return tr(m ? `du ${m[1]}` : de(name), `of ${name}`);
}

/** A sentence's full stop, unless it already ends with one (« Njet! », not « Njet!. »). */
export function stop(text) {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** A game's name for the reader, as a table calls it (the server's `short_name`: « Crazy Eights
 * (OpenSpiel) » is plain Crazy Eights to players). */
export function gameName(id) {
  const game = gameInfo(id);
  return game ? tr(game.short_name_fr, game.short_name) : id;
}

/** A game's one-line description for the reader (the server's `tagline`). */
export function gameTagline(id) {
  const game = gameInfo(id);
  return game ? tr(game.tagline_fr, game.tagline) : '';
}

// ---------------------------------------------------------------------------------------------
// Moving between pages, and drawing the current one again (after the language switch).

let router = () => {};
let redraw = () => {};

export function setRouter(fn) {
  router = fn;
}

/** What the language switch calls: the page in view draws itself again. */
export function onRedraw(fn) {
  redraw = fn;
}

export function navigate(path) {
  history.pushState(null, '', path);
  router();
}

export function topBar(...extra) {
  return h('header', { class: 'topbar' },
    h('a', { class: 'brand', href: '/' }, 'tapis'),
    h('span', { class: 'topbar-extra' }, extra),
    h('button', {
      class: 'lang-switch', type: 'button',
      title: tr('Passer en anglais', 'Switch to French'),
      'aria-label': tr('Passer en anglais', 'Switch to French'),
      onclick: () => { setLang(lang() === 'fr' ? 'en' : 'fr'); redraw(); },
    }, lang() === 'fr' ? 'EN' : 'FR'));
}

/** A page with only a message (loading, or what went wrong) under the top bar. */
export function plainPage(...content) {
  clear(app).append(topBar(), h('main', { class: 'home' }, ...content));
}

// ---------------------------------------------------------------------------------------------
// Seats held in this browser: the token stays on this side (localStorage), so the invite link
// gives the seat back after the tab was closed.

export function savedSeat(code) {
  try { return JSON.parse(localStorage.getItem(`tapis.seat.${code}`)); } catch { return null; }
}

export function saveSeat(code, seat) {
  if (seat) localStorage.setItem(`tapis.seat.${code}`, JSON.stringify(seat));
  else localStorage.removeItem(`tapis.seat.${code}`);
}

/** A seat's name for people: « vous » for the observer, bots by name and level. */
export function seatName(info, seat, observer) {
  if (seat === observer && observer !== null && observer !== undefined) return tr('vous', 'you');
  const s = info && info.seats[seat];
  if (!s) return tr(`Place ${seat + 1}`, `Seat ${seat + 1}`);
  if (s.kind === 'bot') {
    const level = bots.levels.find((l) => l.kind === s.bot) || { fr: '', en: '' };
    return `${bots.names[seat % bots.names.length]} (${tr(level.fr, level.en)})`;
  }
  return s.name || tr(`Place ${seat + 1} (libre)`, `Seat ${seat + 1} (free)`);
}

// ---------------------------------------------------------------------------------------------
// A table's rules, in words.

/** An option's value as people read it: a choice's words, yes or no, a number, else its JSON. */
export function optionValueWords(spec, value) {
  const i = Array.isArray(spec.values) ? spec.values.indexOf(value) : -1;
  if (i >= 0 && spec.labels) return tr((spec.labels_fr || spec.labels)[i], spec.labels[i]);
  if (typeof value === 'boolean') return value ? tr('oui', 'yes') : tr('non', 'no');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A game's options as [key, spec], in the rulebook's order. */
export function optionsInOrder(game) {
  const keys = game.option_order || Object.keys(game.options);
  return keys.filter((key) => game.options[key]).map((key) => [key, game.options[key]]);
}

// The rules a table plays that differ from the game's defaults: [help, value in words].
function tableVariants(game, options) {
  if (!game || !options) return [];
  return optionsInOrder(game)
    .filter(([key, spec]) => key in options && JSON.stringify(options[key]) !== JSON.stringify(spec.default))
    .map(([key, spec]) => [tr(spec.help_fr || spec.help, spec.help), optionValueWords(spec, options[key])]);
}

export function variantsBox(game, options) {
  const variants = tableVariants(game, options);
  return h('div', { class: 'variants' },
    h('h2', {}, tr('Les règles de cette table', 'This table’s rules')),
    variants.length
      ? h('ul', {}, variants.map(([help, value]) => h('li', {}, help, tr(' : ', ': '), h('strong', {}, value))))
      : h('p', { class: 'muted' }, tr('Les règles habituelles, sans variante.', 'The usual rules, no variant.')));
}

// ---------------------------------------------------------------------------------------------
// The game's context: what a game module draws with (web/README.md), and the moves it offers.

/** A legal action's words for the reader (the server writes them with the seats' names). */
export function actionWords(a) {
  return a[lang()];
}

/**
 * The context a game module draws with. `act(action)` plays a move; a replay offers none.
 * Offered elements are keyed (`data-action`, or `data-actions` for several) so that the table
 * can give focus and an open menu back to the same move after an update.
 */
export function makeCtx(view, names, { replay = false, views = null, act = () => {}, common = names, status = null } = {}) {
  const legal = replay ? [] : view.legal || [];
  const byAction = new Map(legal.map((a) => [a.action, a]));
  const offered = new Set();
  const ctx = {
    lang: lang(),
    t: tr,
    h,
    seat: view.seat,
    name: names,
    // A seat's name as every screen at the table writes it (the reader's own name, not « vous »):
    // for marks that must read the same for everyone, such as Njet!'s stones.
    commonName: common,
    // What the table knows of a seat beside the game (connected, dealer, score, to play and the
    // clock), for a module that draws every seat's tile itself (`seatTiles`); null in a replay.
    seatStatus: (seat, opts) => (status ? status(seat, opts) : null),
    // The seat `names` calls « vous »: the observer's, or in a replay the seat it is seen from
    // (the view drawn is that seat's). A spectator is no seat's reader.
    isReader: (seat) => seat !== null && seat !== undefined && seat === view.seat,
    replay,
    views,
    card: (code, opts = {}) => cardElement(code, { lang: lang(), ...opts }),
    offered,
    offer(el, actions) {
      // An entry may carry `then`, a move the room applies right after the first (« poser et
      // annoncer »).
      const list = (actions || []).map((a) => {
        const base = byAction.get(typeof a === 'string' ? a : a && a.action);
        return base && a.then ? { ...base, then: a.then, fr: a.fr, en: a.en } : base;
      }).filter(Boolean);
      if (!list.length || ctx.replay) return el;
      for (const a of list) offered.add(a.action);
      el.classList.add('playable');
      el.tabIndex = 0;
      el.setAttribute('role', 'button');
      if (list.length === 1) el.dataset.action = list[0].action;
      else el.dataset.actions = list.map((a) => (a.then ? `${a.action}+${a.then}` : a.action)).join('|');
      const words = list.map(actionWords).join(' · ');
      el.title = words;
      // A screen reader says the move first (« poser le 10 »), then what the thing is.
      const named = el.getAttribute('aria-label');
      el.setAttribute('aria-label', named && !words.includes(named) ? `${words} — ${named}` : words);
      const go = (event) => {
        event.preventDefault();
        event.stopPropagation();
        if (list.length === 1) act(list[0].action, list[0].then);
        else openMenu(el, list, act);
      };
      el.addEventListener('click', go);
      el.addEventListener('keydown', (event) => { if (event.key === 'Enter' || event.key === ' ') go(event); });
      return el;
    },
  };
  return ctx;
}

/** The key an offered element is found again by after an update. */
export function offerKey(el) {
  if (!el || !el.dataset) return null;
  if (el.dataset.action) return `[data-action="${CSS.escape(el.dataset.action)}"]`;
  if (el.dataset.actions) return `[data-actions="${CSS.escape(el.dataset.actions)}"]`;
  return null;
}

let menuState = null; // {menu, anchor, list, act}

function openMenu(anchor, list, act) {
  closeMenu();
  const menu = h('div', { class: 'menu', role: 'menu' },
    list.map((a) => h('button', {
      type: 'button', role: 'menuitem', 'data-action': a.action, 'data-then': a.then || null,
      onclick: (e) => { e.stopPropagation(); closeMenu(); act(a.action, a.then); },
    }, actionWords(a))),
    h('button', { type: 'button', class: 'menu-cancel', onclick: () => closeMenu() }, tr('Annuler', 'Cancel')));
  document.body.append(menu);
  menuState = { menu, anchor, list, act };
  placeMenu();
  menu.querySelector('button').focus({ preventScroll: true });
  menu.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      const { anchor: at } = menuState || {};
      closeMenu();
      if (at) at.focus({ preventScroll: true });
    }
  });
}

function placeMenu() {
  const { menu, anchor } = menuState;
  const r = anchor.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  menu.style.maxWidth = `${width}px`;
  menu.style.left = `${Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + window.innerWidth - width - 8))}px`;
  menu.style.top = `${r.bottom + window.scrollY + 4}px`;
}

export function closeMenu() {
  menuState = null;
  document.querySelectorAll('.menu').forEach((m) => m.remove());
}

/**
 * After the game was drawn again: an open menu stays open on the same element as long as every
 * move in it is still legal, else it closes (its moves are gone).
 */
export function keepMenu(root, legal) {
  if (!menuState) return;
  const key = offerKey(menuState.anchor);
  const anchor = key && root.querySelector(key);
  const still = new Set((legal || []).map((a) => a.action));
  if (!anchor || !menuState.list.every((a) => still.has(a.action))) {
    const hadFocus = menuState.menu.contains(document.activeElement);
    closeMenu();
    if (hadFocus && anchor) anchor.focus({ preventScroll: true });
    return;
  }
  menuState.anchor = anchor;
  placeMenu();
}

document.addEventListener('click', (e) => { if (!e.target.closest('.menu')) closeMenu(); });

// ---------------------------------------------------------------------------------------------
// Pieces of a table, live or replayed.

/** One seat's facts in the strip; `extra(s)` adds to a seat (a replay's hands). */
export function seatStrip(view, names, info, { extra = null, connectedSelf = false, clock = null, unit = null } = {}) {
  const order = [];
  const n = view.players;
  const first = view.seat === null || view.seat === undefined ? 0 : view.seat;
  for (let i = 0; i < n; i++) order.push((first + i) % n);
  const turn = new Set(view.turn || []);
  const winners = new Set((view.result && view.result.winners) || []);
  return h('ol', { class: 'seats', 'aria-label': tr('Les joueurs', 'The players') }, order.map((s) => {
    const seatInfo = info && info.seats[s];
    // One's own seat is connected whenever this page is: the room's last word may predate it.
    const connected = !seatInfo || seatInfo.connected || (s === view.seat && connectedSelf);
    return h('li', {
      class: ['seat', turn.has(s) ? 'turn' : '', s === view.seat ? 'me' : '', winners.has(s) ? 'winner' : '', connected ? '' : 'away'].join(' '),
      'data-seat': s,
    },
      h('div', { class: 'seat-name' },
        h('span', { class: 'dot ' + (connected ? 'on' : 'off'), title: connected ? tr('connecté', 'connected') : tr('absent', 'away') }),
        // The observer by their name too, as the log names them: « Alice (vous) ».
        h('span', {}, s === view.seat && seatInfo && seatInfo.name ? `${seatInfo.name} (${names(s)})` : names(s)),
        s === view.dealer ? h('span', { class: 'dealer', title: tr('donneur', 'dealer') }, tr('D', 'D')) : null),
      h('div', { class: 'seat-facts' },
        // A game whose score is a count of something says so (« 55 jetons »); the others, « score 12 ».
        h('span', { title: tr('score', 'score') }, unit ? count(view.scores[s], ...unit) : tr('score ', 'score ') + number(view.scores[s])),
        h('span', {}, count(view.cards[s], 'carte', 'cartes', 'card', 'cards'))),
      turn.has(s) ? h('div', { class: 'seat-turn' }, tr('à jouer', 'to play'), clock && seatInfo && seatInfo.kind === 'human' ? clock() : null) : null,
      extra ? extra(s) : null);
  }));
}

/** What a game calls one of its rounds, as `[French, English]` in lower case, as the server words
 * it (`round_word`): « manche », or Battle GUM's « partie » (a match of several). */
export function roundWord(id) {
  const game = gameInfo(id);
  return game ? [game.round_word_fr, game.round_word] : ['manche', 'round'];
}

const capital = (word) => word[0].toUpperCase() + word.slice(1);

/** The score sheet: a row per round, then the scores now (`now: false` leaves that row out: a
 * round's dialog, where the next round may already have moved them, as Le Nain Jaune's stakes do).
 * `word`: what the game calls a round ([`roundWord`]). */
export function scoreSheet(view, names, rounds, { now = true, word = roundWord(null), turned = false } = {}) {
  const n = view.players;
  const seats = Array.from({ length: n }, (_, s) => s);
  if (turned) return turnedSheet(view, names, rounds, word);
  return h('table', { class: 'sheet' },
    // A heading starts with a capital: « Vous », not the « vous » of a sentence.
    h('thead', {}, h('tr', {}, h('th', {}, tr(capital(word[0]), capital(word[1]))), seats.map((s) => h('th', {}, s === view.seat ? tr('Vous', 'You') : names(s))))),
    h('tbody', {},
      rounds.map((r) => h('tr', {}, h('td', {}, r.round), seats.map((s) => h('td', {}, number(r.scores_after[s]), h('small', {}, ` (${signed(r.change[s])})`))))),
      now ? h('tr', { class: 'now' }, h('td', {}, view.result ? tr('Total', 'Total') : tr('Maintenant', 'Now')), seats.map((s) => h('td', {}, number(view.scores[s])))) : null));
}

/** The score sheet on its side, for a narrow panel: a row per player, with the total and each
 * round's change in a line that wraps (its round in its title), so that eight players and any
 * number of rounds are read without scrolling sideways (the Scores tab). */
function turnedSheet(view, names, rounds, word) {
  const seats = Array.from({ length: view.players }, (_, s) => s);
  const Word = tr(capital(word[0]), capital(word[1]));
  return h('table', { class: 'sheet turned' },
    h('thead', {}, h('tr', {}, h('th', {}, tr('Joueur', 'Player')), h('th', {}, view.result ? tr('Total', 'Total') : tr('Maintenant', 'Now')),
      h('th', {}, tr(`Par ${word[0]}`, `By ${word[1]}`)))),
    h('tbody', {}, seats.map((s) => h('tr', { 'data-seat': s },
      h('td', {}, s === view.seat ? tr('Vous', 'You') : names(s)),
      h('td', {}, number(view.scores[s])),
      h('td', { class: 'changes' }, h('div', {}, rounds.map((r) => h('span', { title: `${Word} ${r.round}${tr(' : ', ': ')}${number(r.scores_after[s])}` }, signed(r.change[s])))))))));
}

/** « Gagnant : Léo » / "Winners: Léo, Tom". */
export function winnersLine(winners, names) {
  const list = winners.map((s) => names(s)).join(', ');
  return tr(`${winners.length > 1 ? 'Gagnants' : 'Gagnant'} : ${list}`, `${winners.length > 1 ? 'Winners' : 'Winner'}: ${list}`);
}

/** Links to the replays of a room's matches before match `current`. */
export function earlierMatches(code, current) {
  if (current < 2) return null;
  return h('p', { class: 'earlier' }, tr('Revoir une partie précédente : ', 'Watch an earlier match: '),
    Array.from({ length: current - 1 }, (_, i) => i + 1).map((k) => h('a', { href: `/r/${code}/replay?match=${k}`, 'data-match': k }, tr(`partie ${k}`, `match ${k}`))));
}

/** Links to the replays of a room's matches, `shown` marked, when it has played more than one. */
export function matchLinks(code, matches, shown) {
  if (matches < 2) return null;
  return h('nav', { class: 'matches', 'aria-label': tr('Les parties de cette table', 'This table’s matches') },
    tr('Parties : ', 'Matches: '),
    Array.from({ length: matches }, (_, i) => i + 1).map((k) => (k === shown
      ? h('strong', { 'aria-current': 'page', 'data-match': k }, `${k}`)
      : h('a', { href: `/r/${code}/replay?match=${k}`, 'data-match': k }, `${k}`))));
}

/** A table for a game without its own drawing: the hand and the legal moves. */
function genericRender(area, view, ctx) {
  const hand = (view.table && view.table.hand) || [];
  area.append(h('div', { class: 'hand' }, hand.map((c) => ctx.offer(ctx.card(c), (view.legal || []).filter((a) => a.action.split(' ').includes(c))))));
}

/** Draws a game's part into `area` with its module, falling back on the plain hand. */
export function drawGame(mod, area, view, ctx) {
  try {
    (mod.render || genericRender)(area, view, ctx);
  } catch (e) {
    console.error(e);
    clear(area);
    genericRender(area, view, ctx);
  }
}
