// Replays: a finished match step by step, forwards and backwards (buttons, arrow keys, Home,
// End), every hand shown, seen from any seat; the table's other matches linked.

import { h, clear } from './dom.js';
import { lang, tr } from './i18n.js';
import {
  app, api, loadGames, gameModule, gameName, topBar, onRedraw, plainPage, savedSeat, seatName, makeCtx, seatStrip,
  scoreSheet, roundWord, winnersLine, matchLinks, drawGame,
} from './shared.js';
import { measure, animate, taker } from './motion.js';

/** A control's picture, drawn rather than taken from a font that may lack it. */
function icon(path) {
  return `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="${path}" fill="currentColor" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>`;
}

let keys = null;

export function leaveReplay() {
  if (keys) document.removeEventListener('keydown', keys);
  keys = null;
}

export async function replayPage(code) {
  leaveReplay();
  plainPage(h('p', { class: 'loading' }, tr('Chargement de la partie…', 'Loading the match…')));
  let data;
  let info;
  try {
    await loadGames();
    const asked = new URLSearchParams(location.search).get('match');
    const which = asked ? `?match=${encodeURIComponent(asked)}` : '';
    [data, info] = await Promise.all([api('GET', `/api/rooms/${encodeURIComponent(code)}/replay${which}`), api('GET', `/api/rooms/${encodeURIComponent(code)}`)]);
  } catch (e) {
    plainPage(h('p', { class: 'error' }, e.message), h('a', { href: `/r/${code}` }, tr('Retour à la table', 'Back to the table')));
    return;
  }
  const mod = await gameModule(data.game);
  const held = savedSeat(code);
  let step = 0;
  let from = held ? held.seat : 0;
  const last = data.steps.length - 1;
  let built = null;
  const go = (to) => {
    const next = Math.max(0, Math.min(last, to));
    const forward = next === step + 1;
    step = next;
    draw(forward);
  };
  onRedraw(() => { built = null; draw(false); });

  // The page is built once; a step changes the board, the position and the log.
  function build() {
    const pos = h('span', { class: 'replay-pos', 'aria-live': 'polite' });
    const select = h('select', { onchange: (e) => { from = Number(e.target.value); draw(false); } },
      data.steps[0].views.map((_, s) => h('option', { value: s, selected: s === from }, seatName(info, s, null))));
    const controls = h('div', { class: 'replay-controls' },
      h('button', { type: 'button', 'data-step': 'first', onclick: () => go(0), 'aria-label': tr('Début', 'Start'), html: icon('M5 4v16M19 4 8 12l11 8z') }),
      h('button', { type: 'button', 'data-step': 'back', onclick: () => go(step - 1), 'aria-label': tr('Coup précédent', 'Previous move'), html: icon('M17 4 6 12l11 8z') }),
      pos,
      h('button', { type: 'button', 'data-step': 'forward', onclick: () => go(step + 1), 'aria-label': tr('Coup suivant', 'Next move'), html: icon('M7 4l11 8-11 8z') }),
      h('button', { type: 'button', 'data-step': 'last', onclick: () => go(last), 'aria-label': tr('Fin', 'End'), html: icon('M19 4v16M5 4l11 8-11 8z') }),
      h('label', {}, tr(' vu par ', ' seen by '), select));
    const words = h('p', { class: 'prompt' });
    const strip = h('div', { class: 'seats-slot' });
    const area = h('section', { class: `game game-${data.game}` });
    const result = h('div', { class: 'replay-result-slot' });
    const log = h('ol', { class: 'log' });
    const main = h('main', { class: 'table-page replay' },
      h('div', { class: 'board' },
        h('h1', {}, tr('Revoir la partie', 'Replay'), info.match > 1 ? ` ${data.match}` : '', ' — ', gameName(data.game)),
        matchLinks(code, info.match, data.match),
        controls, words, strip, area, result,
        h('p', {}, h('a', { href: `/r/${code}` }, tr('Retour à la table', 'Back to the table')))),
      h('aside', { class: 'side' }, h('div', { class: 'side-body' }, log)));
    clear(app).append(topBar(), main);
    built = { pos, words, strip, area, result, log };
  }

  function draw(forward) {
    if (!built) build();
    const current = data.steps[step];
    const views = current.views;
    const view = views[from];
    // The seat the replay is seen from is « vous »: its hand is the one drawn as yours.
    const names = (s) => seatName(info, s, from);
    const ctx = makeCtx(view, names, { replay: true, views, common: (s) => seatName(info, s, null) });
    const before = forward ? measure(app.querySelector('.board')) : new Map();
    built.area.replaceChildren();
    drawGame(mod, built.area, view, ctx);
    const hands = mod.drawsHands ? null : (s) => {
      const hand = views[s].table && views[s].table.hand;
      if (!Array.isArray(hand)) return null;
      const one = mod.cardElement ? (c) => mod.cardElement(c, ctx) : (c) => ctx.card(c, { small: true });
      return h('div', { class: 'hand mini', 'data-hand': s }, hand.map(one));
    };
    built.strip.replaceChildren(seatStrip(view, names, null, { extra: hands, unit: mod.scoreUnit }));
    built.pos.dataset.pos = step;
    built.pos.textContent = tr(`coup ${step} sur ${last}`, `move ${step} of ${last}`);
    built.words.textContent = current.words ? names(current.seat) + tr(' : ', ': ') + current.words[lang()] : tr('La donne.', 'The deal.');
    built.result.replaceChildren(view.result ? h('div', { class: 'replay-result', 'data-result': 'winners' },
      winnersLine(view.result.winners, names), scoreSheet(view, names, data.rounds, { word: roundWord(data.game) })) : '');
    const told = [];
    for (let i = 1; i <= step; i++) {
      for (const e of data.steps[i].events) if (e.text) told.push(h('li', { class: i === step ? 'current' : '' }, e.text[lang()]));
    }
    built.log.replaceChildren(...(told.length ? told : [h('li', { class: 'muted' }, tr('La donne : personne n’a encore joué.', 'The deal: nobody has played yet.'))]));
    built.log.scrollTop = built.log.scrollHeight;
    if (forward) {
      const seat = (s) => built.strip.querySelector(`.seat[data-seat="${s}"]`);
      const took = taker(current.events);
      animate(before, app.querySelector('.board'), { from: () => seat(current.seat), to: () => (took === undefined ? null : seat(took)) });
    }
  }

  keys = (e) => {
    if (e.target.closest && e.target.closest('input, select, textarea')) return;
    const to = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    // The keys step the replay; they do not also scroll the page.
    e.preventDefault();
    go(to);
  };
  document.addEventListener('keydown', keys);
  draw(false);
}
