// Crazy Eights (OpenSpiel's rules): the game's part of the table, drawn from the client view
// (docs/client-view/crazyeights.md). The other seats on top with their card backs in play order,
// the stock (click to draw) and the discard in the middle with the suit to follow, a pending debt
// of 2s, the direction, how many cards the turn may still draw and how close the match is to its
// end; the four suit buttons after an 8; the observer's hand at the bottom.
//
// Every action offered is one of `view.legal`, through `ctx.offer`; `pass` is left to the shell.

import { suitIcon as suitSvg, suitName } from '../cards.js';

const NB = '\u00a0';
const SUIT_ORDER = ['S', 'H', 'D', 'C'];
const suitWord = (ctx, s) => suitName(s, ctx.lang);
const suitIcon = (s) => suitSvg(s, 'c8-suit');

/** "1 carte", "2 cartes" / "1 card", "2 cards": French counts 0 and 1 as singular. */
function cards(ctx, n) {
  return ctx.lang === 'en' ? `${n} ${n === 1 ? 'card' : 'cards'}` : `${n} ${n <= 1 ? 'carte' : 'cartes'}`;
}

function directionIcon(clockwise) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  el.setAttribute('viewBox', '0 0 48 48');
  el.setAttribute('class', 'c8-dir-icon');
  el.setAttribute('aria-hidden', 'true');
  el.innerHTML = `<g${clockwise ? ' transform="translate(48 0) scale(-1 1)"' : ''}><path d="M24 8A16 16 0 1 1 8.9 18.7" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round"/><path d="M3 15L10 24L15 13Z" fill="currentColor"/></g>`;
  return el;
}

/** The home page tile: the four eights, fanned. */
export function icon(ctx) {
  const angles = [-18, -6, 6, 18];
  const lifts = [8, 1, 1, 8];
  return ctx.h('div', { class: 'crazyeights-icon' }, ['8C', '8D', '8H', '8S'].map((c, i) => {
    const el = ctx.card(c);
    el.style.transform = `translateY(${lifts[i]}px) rotate(${angles[i]}deg)`;
    return el;
  }));
}

/** Every seat has its tile here, one's own hand included: the shell draws no players' strip. */
export const seatTiles = true;

export function render(area, view, ctx) {
  const { h } = ctx;
  const t = view.table;
  const me = view.seat;
  const seated = me !== null && me !== undefined;
  const play = new Map();
  const suits = new Map();
  let draw = null;
  for (const a of view.legal || []) {
    const [verb, x] = a.action.split(' ');
    if (verb === 'play') play.set(x, a);
    else if (verb === 'suit') suits.set(x, a);
    else if (verb === 'draw') draw = a;
  }
  const clockwise = t.direction === 'clockwise';
  const turn = new Set(view.turn || []);

  // --- The other seats, in play order from the observer. -------------------------------------
  const n = view.players;
  const first = seated ? me : 0;
  const seatRow = h('div', { class: 'c8-seats', role: 'list', 'aria-label': ctx.t('Les autres joueurs', 'The other players') });
  for (let i = seated ? 1 : 0; i < n; i++) {
    const s = (first + i) % n;
    if (i > 0 || seated) seatRow.append(h('span', { class: 'c8-arrow', 'aria-hidden': 'true' }, clockwise ? '→' : '←'));
    const count = t.seats[s] ? t.seats[s].cards : view.cards[s];
    const box = h('div', { class: 'c8-opp' + (turn.has(s) ? ' c8-active' : ''), role: 'listitem', 'data-seat': s, 'data-seat-tile': s },
      h('div', { class: 'c8-opp-name' }, ctx.name(s)), ctx.seatStatus(s));
    const hand = ctx.replay && ctx.views && ctx.views[s] && ctx.views[s].table && ctx.views[s].table.hand;
    if (Array.isArray(hand)) {
      box.append(h('div', { class: 'c8-faces', 'data-hand': s }, hand.map((c) => ctx.card(c))));
    } else {
      const backs = h('div', { class: 'c8-backs', 'aria-hidden': 'true' });
      for (let k = 0; k < Math.min(count, 8); k++) backs.append(ctx.card('', { back: true }));
      box.append(h('div', { class: 'c8-opp-row' }, backs, h('span', { class: 'c8-count' }, cards(ctx, count))));
    }
    seatRow.append(box);
  }
  if (seated && n > 1) seatRow.append(h('span', { class: 'c8-arrow', 'aria-hidden': 'true' }, clockwise ? '→' : '←'));

  // --- The middle: stock, discard, and what rules the next card. ----------------------------
  const stockBox = h('div', { class: 'c8-stock', 'data-pile': 'stock', 'aria-label': ctx.t(`Pioche${NB}: ${cards(ctx, t.stock)}`, `Stock: ${cards(ctx, t.stock)}`) },
    t.stock > 0 ? ctx.card('', { back: true }) : h('div', { class: 'c8-empty', 'aria-hidden': 'true' }));
  if (draw) ctx.offer(stockBox, [draw]);
  const stockEl = h('div', { class: 'c8-pile' }, stockBox, h('span', {}, ctx.t(`Pioche${NB}: ${t.stock}`, `Stock: ${t.stock}`)));
  if (draw) {
    stockEl.append(h('span', { class: 'c8-caption' }, t.pending_draw
      ? ctx.t(`Prendre ${cards(ctx, t.pending_draw)}`, `Take ${cards(ctx, t.pending_draw)}`)
      : ctx.t('Piocher', 'Draw')));
  }

  // The discard: the top card, with a few played before it peeking out. The engine keeps the
  // cards under the top as a set, so only the top card's place is known.
  const discardEl = h('div', { class: 'c8-pile' },
    h('div', { class: 'c8-discard', 'data-pile': 'discard' }, (() => {
      const top = ctx.card(t.top);
      top.classList.add('c8-top');
      if (t.discard > 0) top.classList.add('c8-stacked');
      return top;
    })()),
    h('span', {}, ctx.t(`Défausse${NB}: ${t.discard + 1}`, `Discard: ${t.discard + 1}`)));

  const rules = h('div', { class: 'c8-rules' });
  if (t.pending_draw > 0) {
    rules.append(h('div', { class: 'c8-info c8-penalty', 'data-info': 'pending' },
      h('span', { class: 'c8-big' }, `+${t.pending_draw}`),
      h('span', {}, ctx.t(`Jouer un 2 ou piocher ${cards(ctx, t.pending_draw)}`, `Play a 2 or draw ${cards(ctx, t.pending_draw)}`))));
  }
  const topSuit = String(t.top).slice(-1);
  const named = t.phase !== 'name_suit' && t.suit !== topSuit;
  rules.append(h('div', { class: 'c8-info' + (named ? '' : ' c8-quiet'), 'data-info': 'suit', 'data-suit': t.suit },
    suitIcon(t.suit),
    h('span', {}, named ? ctx.t('Couleur demandée', 'Suit named') : ctx.t('Couleur à suivre', 'Suit to follow'), h('br'), h('strong', {}, suitWord(ctx, t.suit)))));
  rules.append(h('div', { class: 'c8-info c8-quiet', 'data-info': 'direction', 'data-direction': t.direction },
    directionIcon(clockwise), h('span', {}, clockwise ? ctx.t('Sens horaire', 'Clockwise') : ctx.t('Sens antihoraire', 'Anticlockwise'))));
  const played = Math.min(t.cards_played, t.play_limit);
  rules.append(h('div', { class: 'c8-info c8-quiet', 'data-info': 'played' },
    h('div', { class: 'c8-meter' },
      h('span', {}, ctx.t(`Cartes jouées${NB}: ${t.cards_played} sur ${t.play_limit}`, `Cards played: ${t.cards_played} of ${t.play_limit}`)),
      h('div', { class: 'c8-bar', 'aria-hidden': 'true' }, h('span', { style: { width: `${(100 * played) / Math.max(1, t.play_limit)}%` } })))));
  if (t.stock === 0 && t.passes > 0) {
    rules.append(h('div', { class: 'c8-info c8-quiet', 'data-info': 'passes' },
      h('span', {}, ctx.t(`Passes de suite${NB}: ${t.passes} sur ${t.passes_to_end} (fin de la partie)`,
        `Passes in a row: ${t.passes} of ${t.passes_to_end} (end of the match)`))));
  }
  const centre = h('div', { class: 'c8-centre' }, stockEl, discardEl, rules);
  const under = (t.discarded || []).length
    ? h('details', { class: 'c8-under' },
      h('summary', {}, ctx.t(`Cartes sous la défausse (${t.discarded.length})`, `Cards under the discard (${t.discarded.length})`)),
      h('div', { class: 'c8-faces' }, t.discarded.map((c) => ctx.card(c))))
    : null;

  // --- In words. -----------------------------------------------------------------------------
  const player = [...turn][0];
  const mine = seated && turn.has(me);
  let words = '';
  if (t.phase === 'play') {
    if (mine) {
      const left = Math.max(0, t.draw_limit - t.drawn_this_turn);
      if (t.pending_draw > 0) {
        words = play.size
          ? ctx.t(`Jouez un 2, ou piochez les ${t.pending_draw} cartes.`, `Play a 2, or draw the ${t.pending_draw} cards.`)
          : ctx.t(`Pas de 2${NB}: piochez les ${t.pending_draw} cartes.`, `No 2: draw the ${t.pending_draw} cards.`);
      } else if (draw) {
        words = t.drawn_this_turn
          ? ctx.t(`Vous avez pioché ${cards(ctx, t.drawn_this_turn)}${NB}; encore ${left} au plus.`, `You drew ${cards(ctx, t.drawn_this_turn)}; at most ${left} more.`)
          : (play.size ? ctx.t(`Posez une carte de la couleur ou de la valeur, ou un 8${NB}; ou piochez.`, 'Lay a card of the suit or the rank, or an 8; or draw.')
            : ctx.t(`Aucune carte ne va${NB}: piochez.`, 'No card fits: draw.'));
      } else {
        words = play.size ? ctx.t(`Posez une carte, ou passez.`, 'Lay a card, or pass.') : ctx.t(`Aucune carte ne va${NB}: passez.`, 'No card fits: pass.');
      }
    } else if (player !== undefined && t.drawn_this_turn) {
      words = ctx.t(`${ctx.name(player)} a pioché ${cards(ctx, t.drawn_this_turn)}.`, `${ctx.name(player)} drew ${cards(ctx, t.drawn_this_turn)}.`);
    }
  } else if (t.phase === 'name_suit' && !mine && player !== undefined) {
    words = ctx.t(`${ctx.name(player)} choisit une couleur…`, `${ctx.name(player)} is naming a suit…`);
  }
  const status = h('p', { class: 'c8-status', 'data-phase': t.phase }, words || null);

  const panels = [];
  if (suits.size) {
    panels.push(h('div', { class: 'c8-panel', 'data-choice': 'suit' },
      h('h3', {}, ctx.t('Annoncez une couleur', 'Name a suit')),
      h('div', { class: 'c8-choices' }, SUIT_ORDER.filter((s) => suits.has(s)).map((s) => ctx.offer(
        h('button', { type: 'button', class: 'c8-choice', 'data-suit': s, 'aria-label': suitWord(ctx, s) }, suitIcon(s), h('span', {}, suitWord(ctx, s))),
        [suits.get(s)])))));
  }

  // --- The observer's hand. ------------------------------------------------------------------
  let handBox = null;
  if (Array.isArray(t.hand)) {
    const row = h('div', { class: 'c8-hand' + (play.size ? ' c8-choosing' : ''), 'data-hand': me },
      t.hand.map((c) => (play.has(c) ? ctx.offer(ctx.card(c), [play.get(c)]) : ctx.card(c))));
    handBox = h('div', { class: 'c8-mine' + (turn.has(me) ? ' c8-active' : ''), 'data-own-hand': ctx.replay ? null : '', 'data-seat-tile': me },
      h('div', { class: 'c8-mine-head' }, h('strong', {}, ctx.t('Votre main', 'Your hand')), h('span', {}, cards(ctx, t.hand.length)), ctx.seatStatus(me)),
      row);
  }

  // `append` writes a null as the text "null": only what is drawn goes in.
  area.append(...[seatRow, centre, status, ...panels, handBox, under].filter(Boolean));
}
