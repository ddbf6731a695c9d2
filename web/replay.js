// Replays: a finished match step by step, forwards and backwards (buttons, arrow keys, Home,
// End), every hand shown, seen from any seat; the table's other matches linked. A seat's review
// (the search's chance of each of its moves, from what it could see; docs/review.md) is asked
// on demand: a line of the seat's chance through the match, its costly moves marked and a click
// away, and at each reviewed move the options it had with their chances.

import { h, clear } from './dom.js';
import { lang, tr, de } from './i18n.js';
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
  // The review of the seat the replay is seen from, once asked: `{seat, state, data}`.
  let review = null;
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
    const reviewSlot = h('section', { class: 'review', 'aria-label': tr('Revue', 'Review') });
    const main = h('main', { class: 'table-page replay' },
      h('div', { class: 'board' },
        h('h1', {}, tr('Revoir la partie', 'Replay'), info.match > 1 ? ` ${data.match}` : '', ' — ', gameName(data.game)),
        matchLinks(code, info.match, data.match),
        controls, words, strip, area, result,
        h('p', {}, h('a', { href: `/r/${code}` }, tr('Retour à la table', 'Back to the table')))),
      h('aside', { class: 'side' }, h('div', { class: 'side-body' }, reviewSlot, log)));
    clear(app).append(topBar(), main);
    built = { pos, words, strip, area, result, log, reviewSlot };
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
    drawReview();
    if (forward) {
      const seat = (s) => built.strip.querySelector(`.seat[data-seat="${s}"]`);
      const took = taker(current.events);
      animate(before, app.querySelector('.board'), { from: () => seat(current.seat), to: () => (took === undefined ? null : seat(took)) });
    }
  }

  async function askReview() {
    const seat = from;
    review = { seat, state: 'asking' };
    drawReview();
    try {
      const path = `/api/rooms/${encodeURIComponent(code)}/review?seat=${seat}&match=${data.match}`;
      const found = await api('GET', path);
      if (review && review.seat === seat) review = { seat, state: 'done', data: found };
    } catch (e) {
      if (review && review.seat === seat) review = { seat, state: 'failed', message: e.message };
    }
    drawReview();
  }

  function drawReview() {
    const slot = built.reviewSlot;
    const who = seatName(info, from, null);
    if (!review || review.seat !== from) {
      slot.replaceChildren(h('button', { type: 'button', class: 'ask-review', onclick: askReview },
        tr(`Revoir les coups ${de(who)} avec le bot difficile`, `Review ${who}’s moves with the hard bot`)));
      return;
    }
    if (review.state === 'asking') {
      slot.replaceChildren(h('p', { class: 'loading' }, tr(`Le bot relit les coups ${de(who)}…`, `The bot is going over ${who}’s moves…`)));
      return;
    }
    if (review.state === 'failed') {
      slot.replaceChildren(h('p', { class: 'error' }, review.message));
      return;
    }
    const r = review.data;
    const grades = { inaccuracy: tr('imprécision', 'inaccuracy'), mistake: tr('erreur', 'mistake'), blunder: tr('gaffe', 'blunder') };
    const pct = (c) => tr(`${Math.round(c * 100)}\u00a0%`, `${Math.round(c * 100)}%`);
    const text = (t) => t[lang()];
    const marked = r.decisions.filter((d) => d.grade);
    const count = (n, one, many) => `${n} ${n > 1 || (n === 0 && lang() === 'en') ? many : one}`;
    const s = r.summary;
    const summary = h('p', { class: 'review-summary' },
      tr(`${count(s.decisions, 'décision', 'décisions')} ${de(who)}\u00a0: `, `${count(s.decisions, 'decision', 'decisions')} of ${who}: `),
      [
        tr(count(s.inaccuracies, 'imprécision', 'imprécisions'), count(s.inaccuracies, 'inaccuracy', 'inaccuracies')),
        tr(count(s.mistakes, 'erreur', 'erreurs'), count(s.mistakes, 'mistake', 'mistakes')),
        tr(count(s.blunders, 'gaffe', 'gaffes'), count(s.blunders, 'blunder', 'blunders')),
      ].join(', '), '.');
    // From a mark to its move; on a phone the panel lies under the board, which comes back
    // into view when it has been scrolled past.
    const toMark = (index) => {
      go(index);
      const board = app.querySelector('.board');
      if (board && board.getBoundingClientRect().top < 0) board.scrollIntoView({ block: 'start' });
    };
    const chart = chanceLine(r.decisions, last, step, toMark);
    const list = h('ol', { class: 'review-marks' }, marked.map((d) => h('li', {},
      h('button', { type: 'button', class: `mark ${d.grade}`, 'data-index': d.index, onclick: () => toMark(d.index) },
        tr(`coup ${d.index}`, `move ${d.index}`), ' — ', grades[d.grade], tr('\u00a0: ', ': '),
        `${text(d.played_text)} (${pct(d.played_chance)})`,
        tr(' ; le meilleur\u00a0: ', '; the best: '), `${text(d.best_text)} (${pct(d.chance)})`))));
    const here = r.decisions.find((d) => d.index === step);
    const options = here ? h('div', { class: 'review-here', 'data-index': here.index },
      h('p', {}, here.grade ? h('strong', { class: `mark ${here.grade}` }, grades[here.grade], ' ') : '',
        tr(`Les coups qu’avait ${who}, et la chance de chacun\u00a0:`, `The moves ${who} had, and the chance of each:`)),
      h('ol', {}, shownOptions(here).map((o) => h('li', {
        class: o.action === here.played ? 'played' : (o.action === here.best ? 'best' : ''),
      }, `${text(o.text)} — ${pct(o.chance)}`,
      o.action === here.played ? tr(' (joué)', ' (played)') : '', o.action === here.best ? tr(' (le choix du bot)', ' (the bot’s choice)') : '')))) : null;
    slot.replaceChildren(summary, chart, options || '',
      marked.length ? list : h('p', {}, tr('Aucun coup coûteux.', 'No costly move.')),
      h('p', { class: 'muted review-legend' }, tr(
        'La chance d’un coup\u00a0: le rang moyen qu’il donne dans la manche (100\u00a0%\u00a0: premier), selon le bot difficile, qui ne voit que ce que ce siège voyait.',
        'A move’s chance: the mean rank it gives in the round (100%: first), as the hard bot reads it, seeing only what this seat could see.')));
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

/** The seat's chance through the match as a line, one point per reviewed decision (x: the move's
 * number, y: the chance before it, played well), the marked moves as dots that step the replay
 * there, and the current step as a rule. */
function chanceLine(decisions, last, step, go) {
  const W = 300;
  const H = 90;
  const x = (i) => (last ? (i / last) * W : 0);
  const y = (c) => H - 4 - c * (H - 8);
  const ns = 'http://www.w3.org/2000/svg';
  const el = (name, attrs) => {
    const node = document.createElementNS(ns, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  };
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chance-line', role: 'img' });
  svg.setAttribute('aria-label', tr('La chance du siège au fil de la partie', 'The seat’s chance through the match'));
  svg.append(el('line', { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), class: 'half' }));
  if (decisions.length) {
    svg.append(el('polyline', { points: decisions.map((d) => `${x(d.index).toFixed(1)},${y(d.chance).toFixed(1)}`).join(' '), class: 'chance' }));
  }
  svg.append(el('line', { x1: x(step), x2: x(step), y1: 0, y2: H, class: 'now' }));
  for (const d of decisions.filter((d) => d.grade)) {
    const dot = el('circle', { cx: x(d.index), cy: y(d.played_chance), r: 5, class: `mark ${d.grade}`, 'data-index': d.index, tabindex: 0 });
    dot.addEventListener('click', () => go(d.index));
    dot.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(d.index); } });
    const title = el('title', {});
    title.textContent = tr(`coup ${d.index}`, `move ${d.index}`);
    dot.append(title);
    svg.append(dot);
  }
  return svg;
}

/** A reviewed move's options as shown: the five with the best chance, and the played one if it
 * is not among them. */
function shownOptions(decision) {
  const sorted = [...decision.options].sort((a, b) => b.chance - a.chance);
  const shown = sorted.slice(0, 5);
  if (!shown.some((o) => o.action === decision.played)) shown.push(sorted.find((o) => o.action === decision.played));
  return shown.filter(Boolean);
}
