// Crazy Eights (OpenSpiel's rules): the game's part of the table, drawn from the client view
// (docs/client-view/crazyeights.md). The other seats on top with their card backs in play order,
// the stock (click to draw) and the discard in the middle with the suit to follow, a pending debt
// of 2s, the direction, how many cards the turn may still draw and how close the match is to its
// end; the four suit buttons after an 8; the observer's hand at the bottom.
//
// Every action offered is one of `view.legal`, through `ctx.offer`; `pass` is left to the shell.

import { suitIcon as suitSvg, suitName } from '../cards.js';
import { addStyle } from '../dom.js';

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

const CSS = `
.game-crazyeights { display: flex; flex-direction: column; gap: 0.7rem; --c8-hand-w: 78px; --c8-pile-w: 96px; }
.game-crazyeights .c8-seats { display: flex; flex-wrap: wrap; gap: 0.35rem; align-items: stretch; justify-content: center; }
.game-crazyeights .c8-arrow { align-self: center; font-size: 1.3rem; color: #ffe7a3; font-weight: 700; }
.game-crazyeights .c8-opp {
  background: rgba(0,0,0,0.18); border: 2px solid rgba(255,255,255,0.15); border-radius: 10px;
  padding: 0.3rem 0.5rem; min-width: 8.5rem; display: flex; flex-direction: column; gap: 0.25rem; color: #fff;
}
.game-crazyeights .c8-opp.c8-active { border-color: #ffd36b; box-shadow: 0 0 0 2px rgba(255,211,107,0.35); }
.game-crazyeights .c8-opp-name { font-weight: 700; font-size: 0.95rem; overflow-wrap: anywhere; }
.game-crazyeights .c8-opp-row { display: flex; align-items: center; gap: 0.4rem; flex-wrap: wrap; }
.game-crazyeights .c8-backs { display: flex; --card-w: 26px; padding-left: 14px; }
.game-crazyeights .c8-backs .card { margin-left: -14px; }
.game-crazyeights .c8-count { font-variant-numeric: tabular-nums; font-size: 0.9rem; }
.game-crazyeights .c8-faces { display: flex; flex-wrap: wrap; gap: 2px; --card-w: 34px; }
.game-crazyeights .c8-centre { display: flex; flex-wrap: wrap; gap: 0.8rem 1.2rem; align-items: center; justify-content: center; }
.game-crazyeights .c8-pile { display: flex; flex-direction: column; align-items: center; gap: 0.25rem; font-size: 0.85rem; color: #dfeee5; }
.game-crazyeights .c8-pile .card { --card-w: var(--c8-pile-w); }
.game-crazyeights .c8-empty { width: var(--c8-pile-w); aspect-ratio: 100 / 140; border: 2px dashed rgba(255,255,255,0.4); border-radius: 8px; }
.game-crazyeights .c8-stock.playable { border-radius: 8px; }
.game-crazyeights .c8-stock.playable .card { filter: drop-shadow(0 0 6px #ffd36b); }
.game-crazyeights .c8-caption { font-weight: 700; color: #fff; }
.game-crazyeights .c8-discard { display: flex; align-items: flex-end; }
.game-crazyeights .c8-discard .card { --card-w: calc(var(--c8-pile-w) * 0.72); margin-left: calc(var(--c8-pile-w) * -0.46); }
.game-crazyeights .c8-discard .card:first-child { margin-left: 0; }
.game-crazyeights .c8-discard .card.c8-top { --card-w: var(--c8-pile-w); }
.game-crazyeights .c8-discard .card.c8-stacked svg { border-radius: 7px; box-shadow: -3px 3px 0 #e9e6dc, -6px 6px 0 #c9c4b5; }
.game-crazyeights .c8-under { font-size: 0.85rem; color: #dfeee5; }
.game-crazyeights .c8-under summary { cursor: pointer; }
.game-crazyeights .c8-under .c8-faces { margin-top: 0.3rem; }
.game-crazyeights .c8-rules { display: flex; flex-direction: column; gap: 0.4rem; min-width: 10rem; max-width: 17rem; }
.game-crazyeights .c8-info {
  background: rgba(255,255,255,0.95); color: #1d2421; border-radius: 10px; padding: 0.35rem 0.6rem;
  display: flex; align-items: center; gap: 0.5rem; font-size: 0.9rem;
}
.game-crazyeights .c8-info strong { font-size: 1.15rem; }
.game-crazyeights .c8-info .c8-suit { width: 1.9rem; height: 1.9rem; flex: none; }
.game-crazyeights .c8-info .c8-big { font-size: 2rem; font-weight: 800; line-height: 1; }
.game-crazyeights .c8-info.c8-penalty { background: #b3261e; color: #fff; }
.game-crazyeights .c8-info.c8-quiet { background: rgba(0,0,0,0.25); color: #fff; }
.game-crazyeights .c8-dir-icon { width: 1.8rem; height: 1.8rem; flex: none; color: #ffe7a3; }
.game-crazyeights .c8-meter { display: flex; flex-direction: column; gap: 0.15rem; flex: 1; }
.game-crazyeights .c8-bar { height: 0.4rem; border-radius: 999px; background: rgba(255,255,255,0.25); overflow: hidden; }
.game-crazyeights .c8-bar span { display: block; height: 100%; background: #ffd36b; }
.game-crazyeights .c8-status { text-align: center; margin: 0; font-weight: 600; color: #fff; }
.game-crazyeights .c8-panel {
  background: rgba(255,255,255,0.96); color: #1d2421; border-radius: 12px; padding: 0.6rem 0.8rem;
  display: flex; flex-direction: column; gap: 0.5rem; align-items: center; align-self: center; max-width: 100%;
}
.game-crazyeights .c8-panel h3 { margin: 0; font-size: 1.05rem; text-align: center; }
.game-crazyeights .c8-choices { display: flex; flex-wrap: wrap; gap: 0.45rem; justify-content: center; }
.game-crazyeights .c8-choice {
  display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 0.1rem;
  min-width: 4.6rem; min-height: 4.6rem; padding: 0.35rem; border-radius: 12px; border: 2px solid #c9c4b5;
  background: #fff; color: #1d2421; font-weight: 700; font-size: 0.85rem;
}
.game-crazyeights .c8-choice.playable:hover, .game-crazyeights .c8-choice.playable:focus-visible { border-color: #c8891a; background: #fff6dc; }
.game-crazyeights .c8-choice .c8-suit { width: 2.6rem; height: 2.6rem; }
.game-crazyeights .c8-mine { display: flex; flex-direction: column; gap: 0.3rem; border: 2px solid transparent; border-radius: 12px; padding: 0.3rem 0.5rem; }
.game-crazyeights .c8-mine.c8-active { border-color: #ffd36b; }
.game-crazyeights .c8-mine-head { display: flex; gap: 0.6rem; align-items: baseline; flex-wrap: wrap; font-size: 0.9rem; color: #dfeee5; }
.game-crazyeights .c8-mine-head strong { color: #fff; font-size: 1rem; }
.game-crazyeights .c8-hand { display: flex; flex-wrap: wrap; gap: 0.35rem; align-items: flex-end; padding-top: 0.7rem; --card-w: var(--c8-hand-w); }
.game-crazyeights .c8-hand.c8-choosing .card:not(.playable) { filter: brightness(0.72) saturate(0.6); }
@media (max-width: 760px) {
  .game-crazyeights { --c8-hand-w: 56px; --c8-pile-w: 68px; gap: 0.5rem; }
  .game-crazyeights .c8-hand { gap: 0; padding-left: 24px; }
  .game-crazyeights .c8-hand .card { margin-left: -24px; }
  .game-crazyeights .c8-arrow { display: none; }
  .game-crazyeights .c8-seats { gap: 0.3rem; }
  .game-crazyeights .c8-opp { flex: 1 1 6.2rem; min-width: 0; padding: 0.2rem 0.35rem; gap: 0.1rem; }
  .game-crazyeights .c8-opp-name { font-size: 0.82rem; }
  .game-crazyeights .c8-count { font-size: 0.8rem; }
  .game-crazyeights .c8-centre { gap: 0.5rem 0.7rem; }
  .game-crazyeights .c8-rules { min-width: 0; flex: 1 1 9rem; }
  .game-crazyeights .c8-info { font-size: 0.82rem; padding: 0.3rem 0.45rem; }
  .game-crazyeights .c8-choice { min-width: 3.9rem; min-height: 3.9rem; }
}
.crazyeights-icon { display: flex; align-items: center; justify-content: center; padding-top: 6px; }
.crazyeights-icon .card { --card-w: 46px; margin-left: -18px; box-shadow: 0 1px 3px rgba(0,0,0,0.35); border-radius: 5px; }
.crazyeights-icon .card:first-child { margin-left: 0; }
`;

const ensureStyle = () => addStyle('crazyeights', CSS);

/** The home page tile: the four eights, fanned. */
export function icon(ctx) {
  ensureStyle();
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
  ensureStyle();
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
