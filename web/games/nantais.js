// Le 8 Nantais: the game's part of the table, drawn from the client view
// (docs/client-view/nantais.md). The other seats sit on top with their card backs (in play order,
// with the direction shown between them), the stock and the discard in the middle with everything
// that rules the next card (a suit named, a rank or a card demanded, a pending 7 or Joker penalty),
// the UNIQUE / CONTRE UNIQUE race buttons beside the discard, the choices of the turn (suit, rank,
// Dame exchange), and the observer's hand at the bottom.
//
// Every action offered is one of `view.legal`, through `ctx.offer`; `end`, `pass` and `noswap`
// are left to the shell's buttons. The only state kept here is the card picked for a Dame
// exchange before its seat is chosen, forgotten as soon as the table moves.

import { cardName, cardShort, isRed, rankIndex as cardRankIndex, rankName, suitIcon as suitSvg, suitName } from '../cards.js';

const NB = '\u00a0';
const SUIT_ORDER = ['S', 'H', 'D', 'C'];
const RANK_ORDER = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
const rankIndex = (ctx, r) => cardRankIndex(r, ctx.lang);
const rankWord = (ctx, r) => rankName(r, ctx.lang);
const suitWord = (ctx, s) => suitName(s, ctx.lang);
const suitIcon = (s, cls = 'nt-suit') => suitSvg(s, cls);

/** A card with its article: « la Dame de pique », « l’As de cœur », "the 7 of hearts". */
function theCard(ctx, code) {
  const words = cardName(code, ctx.lang);
  if (ctx.lang === 'en') return `the ${words}`;
  const r = String(code)[0];
  if (r === 'A') return `l’${words}`;
  return `${r === 'Q' ? 'la' : 'le'} ${words}`;
}

/** The French pronoun of a card: « la » for a Dame, « le » for the others (« le 9 de carreau :
 * posez-le »). */
const itFr = (code) => (String(code)[0] === 'Q' ? 'la' : 'le');

/** "1 carte", "2 cartes" / "1 card", "2 cards": French counts 0 and 1 as singular. */
function cards(ctx, n) {
  return ctx.lang === 'en' ? `${n} ${n === 1 ? 'card' : 'cards'}` : `${n} ${n <= 1 ? 'carte' : 'cartes'}`;
}

// The direction of play as a circular arrow.
function directionIcon(clockwise) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  el.setAttribute('viewBox', '0 0 48 48');
  el.setAttribute('class', 'nt-dir-icon');
  el.setAttribute('aria-hidden', 'true');
  const arc = 'M24 8A16 16 0 1 1 8.9 18.7';
  const head = 'M3 15L10 24L15 13Z';
  el.innerHTML = `<g${clockwise ? ' transform="translate(48 0) scale(-1 1)"' : ''}><path d="${arc}" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round"/><path d="${head}" fill="currentColor"/></g>`;
  return el;
}

/** The home page tile: a fan of the cards that make Le 8 Nantais. */
export function icon(ctx) {
  const fan = ['7S', '8H', 'X', 'KC'];
  const angles = [-18, -6, 6, 18];
  const lifts = [8, 1, 1, 8];
  return ctx.h('div', { class: 'nantais-icon' }, fan.map((c, i) => {
    const el = ctx.card(c);
    el.style.transform = `translateY(${lifts[i]}px) rotate(${angles[i]}deg)`;
    return el;
  }));
}

// The Dame card picked before its seat, for one table state only.
let picked = null; // { key, card }

function parseLegal(view) {
  const out = { play: new Map(), give: new Map(), ask: new Map(), suit: new Map(), rank: new Map(), swap: [], contre: new Map(), unique: null, draw: null };
  for (const a of view.legal || []) {
    const [verb, x, y] = a.action.split(' ');
    if (verb === 'play') out.play.set(x, a);
    else if (verb === 'give') out.give.set(x, a);
    else if (verb === 'ask') out.ask.set(x, a);
    else if (verb === 'suit') out.suit.set(x, a);
    else if (verb === 'rank') out.rank.set(x, a);
    else if (verb === 'swap') out.swap.push({ seat: Number(x), card: y, entry: a });
    else if (verb === 'contre') out.contre.set(Number(x), a);
    else if (verb === 'unique') out.unique = a;
    else if (verb === 'draw') out.draw = a;
  }
  return out;
}

/** Every seat has its tile here, one's own hand included: the shell draws no players' strip. */
export const seatTiles = true;

export function render(area, view, ctx) {
  const { h } = ctx;
  const t = view.table;
  const me = view.seat;
  const seated = me !== null && me !== undefined;
  const legal = parseLegal(view);
  const key = `${view.match}:${view.seq}`;
  if (!picked || picked.key !== key || !legal.swap.some((s) => s.card === picked.card)) picked = null;
  const rerender = () => { area.replaceChildren(); render(area, view, ctx); };

  const name = (s) => ctx.name(s);
  const clockwise = t.direction === 'clockwise';

  // --- The other seats, in play order from the observer. -------------------------------------
  const n = view.players;
  const first = seated ? me : 0;
  const order = [];
  for (let i = seated ? 1 : 0; i < n; i++) order.push((first + i) % n);
  const seatRow = h('div', { class: 'nt-seats', role: 'list', 'aria-label': ctx.t('Les autres joueurs', 'The other players') });
  order.forEach((s, i) => {
    if (i > 0 || seated) seatRow.append(h('span', { class: 'nt-arrow', 'aria-hidden': 'true' }, clockwise ? '→' : '←'));
    seatRow.append(opponent(s));
  });
  if (seated && n > 1) seatRow.append(h('span', { class: 'nt-arrow', 'aria-hidden': 'true' }, clockwise ? '→' : '←'));

  function opponent(s) {
    const info = t.seats[s] || { cards: view.cards[s], unique: null };
    const active = (view.turn || []).includes(s) || (t.player === s && t.phase !== 'over');
    const target = t.dame && t.dame.target === s;
    const box = h('div', { class: 'nt-opp' + (active ? ' nt-active' : '') + (target ? ' nt-target' : ''), role: 'listitem', 'data-seat': s, 'data-seat-tile': s });
    box.append(h('div', { class: 'nt-opp-name' }, name(s)), ctx.seatStatus(s));
    const row = h('div', { class: 'nt-opp-row' });
    const hand = ctx.replay && ctx.views && ctx.views[s] && ctx.views[s].table && ctx.views[s].table.hand;
    if (Array.isArray(hand)) {
      row.append(h('div', { class: 'nt-faces', 'data-hand': s }, hand.map((c) => ctx.card(c))));
    } else {
      const backs = h('div', { class: 'nt-backs', 'aria-hidden': 'true' });
      for (let k = 0; k < Math.min(info.cards, 8); k++) backs.append(ctx.card('', { back: true }));
      row.append(backs, h('span', { class: 'nt-count' }, cards(ctx, info.cards)));
    }
    if (info.unique === 'announced') row.append(h('span', { class: 'nt-badge nt-said' }, 'UNIQUE'));
    else if (info.unique === 'unannounced') {
      row.append(h('span', { class: 'nt-badge nt-unsaid', title: ctx.t('Une carte, UNIQUE pas annoncé', 'One card, UNIQUE not announced') },
        ctx.t(`pas dit UNIQUE${NB}!`, 'no UNIQUE!')));
    }
    box.append(row);
    const known = (t.known || []).filter((k) => k.seat === s);
    if (known.length && !Array.isArray(hand)) {
      box.append(h('div', { class: 'nt-known' }, ctx.t(`Dans sa main${NB}:`, 'In their hand:'), known.map((k) => ctx.card(k.card))));
    }
    // Dame: the seat to exchange with.
    const swaps = legal.swap.filter((x) => x.seat === s && (!picked || x.card === picked.card));
    if (swaps.length) {
      ctx.offer(box, swaps.map((x) => x.entry));
      box.setAttribute('aria-label', picked
        ? ctx.t(`Donner ${theCard(ctx, picked.card)} à ${name(s)}`, `Give ${theCard(ctx, picked.card)} to ${name(s)}`)
        : ctx.t(`Échanger avec ${name(s)}`, `Exchange with ${name(s)}`));
    }
    return box;
  }

  // --- The middle: stock, discard, what rules the next card, the race buttons. -------------
  const centre = h('div', { class: 'nt-centre' });

  const stockEl = h('div', { class: 'nt-pile nt-stock-pile' });
  const stockCard = t.stock > 0 ? ctx.card('', { back: true }) : h('div', { class: 'nt-stock-empty', 'aria-hidden': 'true' });
  const stockBox = h('div', { class: 'nt-stock', 'data-pile': 'stock', 'aria-label': ctx.t(`Pioche${NB}: ${cards(ctx, t.stock)}`, `Stock: ${cards(ctx, t.stock)}`) }, stockCard);
  if (legal.draw) ctx.offer(stockBox, [legal.draw]);
  stockEl.append(stockBox, h('span', {}, ctx.t(`Pioche${NB}: ${t.stock}`, `Stock: ${t.stock}`)));
  if (legal.draw) {
    stockEl.append(h('span', { class: 'nt-stock-caption' }, t.pending
      ? ctx.t(`Prendre ${cards(ctx, t.pending.cards)}`, `Take ${cards(ctx, t.pending.cards)}`)
      : ctx.t('Piocher', 'Draw')));
  }

  const discard = t.discard || [];
  const shown = discard.slice(0, Math.max(4, Math.min(t.this_turn.length, 6))).reverse();
  const turnCount = t.this_turn.length;
  const discardRow = h('div', { class: 'nt-discard', 'data-pile': 'discard' }, shown.map((c, i) => {
    const fromTop = shown.length - 1 - i;
    const el = ctx.card(c);
    if (fromTop === 0) el.classList.add('nt-top');
    if (fromTop < turnCount && t.phase !== 'over') el.classList.add('nt-this-turn');
    return el;
  }));
  // The row fills the pile's width: the top card and shown.length − 1 steps of the older ones.
  if (shown.length > 1) discardRow.style.setProperty('--nt-step', String(Math.min(0.45, 1.3 / (shown.length - 1)).toFixed(3)));
  const discardEl = h('div', { class: 'nt-pile nt-discard-pile' }, discardRow,
    h('span', {}, ctx.t(`Défausse${NB}: ${discard.length}`, `Discard: ${discard.length}`)));

  const rules = h('div', { class: 'nt-rules' });
  const over = t.phase === 'over';
  if (t.pending && !over) {
    const what = t.pending.kind === 'sevens' ? ctx.t('un 7', 'a 7') : ctx.t('un Joker', 'a Joker');
    rules.append(h('div', { class: 'nt-info nt-penalty', 'data-info': 'pending' },
      h('span', { class: 'nt-big' }, `+${t.pending.cards}`),
      h('span', {}, ctx.t(`Pénalité${NB}: ajouter ${what} ou piocher ${cards(ctx, t.pending.cards)}`,
        `Penalty: add ${what} or draw ${cards(ctx, t.pending.cards)}`))));
  }
  const mm = (!over && t.must_match) || { kind: 'top' };
  if (mm.kind === 'suit') {
    rules.append(h('div', { class: 'nt-info', 'data-info': 'suit', 'data-suit': mm.suit },
      suitIcon(mm.suit), h('span', {}, ctx.t('Couleur demandée', 'Suit named'), h('br'), h('strong', {}, suitWord(ctx, mm.suit)))));
  } else if (mm.kind === 'rank') {
    rules.append(h('div', { class: 'nt-info', 'data-info': 'rank', 'data-rank': mm.rank },
      h('span', { class: 'nt-big' }, rankIndex(ctx, mm.rank)),
      h('span', {}, ctx.t('Valeur demandée', 'Rank demanded'), h('br'), h('strong', {}, rankWord(ctx, mm.rank)))));
  } else if (mm.kind === 'card') {
    rules.append(h('div', { class: 'nt-info', 'data-info': 'card', 'data-card-demanded': mm.card },
      ctx.card(mm.card, { small: true }),
      h('span', {}, ctx.t('Carte demandée', 'Card demanded'), h('br'), h('strong', {}, cardName(mm.card, ctx.lang)))));
  } else if (mm.kind === 'any') {
    rules.append(h('div', { class: 'nt-info', 'data-info': 'any' }, h('strong', {}, ctx.t('N’importe quelle carte', 'Any card'))));
  }
  rules.append(h('div', { class: 'nt-info nt-dir', 'data-info': 'direction', 'data-direction': t.direction },
    directionIcon(clockwise),
    h('span', {}, clockwise ? ctx.t('Sens horaire', 'Clockwise') : ctx.t('Sens antihoraire', 'Anticlockwise'))));

  centre.append(stockEl, discardEl, rules);

  // The race: UNIQUE and CONTRE UNIQUE, only while they may be called, in a place kept for them
  // even when empty, so that the piles never move under the pointer when a race opens or ends.
  const race = h('div', { class: 'nt-race' });
  centre.append(race);
  if (legal.unique || legal.contre.size) {
    if (legal.unique) {
      race.append(ctx.offer(h('button', { type: 'button', class: 'nt-race-button nt-unique' },
        ctx.t(`UNIQUE${NB}!`, 'UNIQUE!'), h('small', {}, ctx.t('Annoncez-le avant les autres', 'Say it before the others do'))), [legal.unique]));
    }
    for (const [s, entry] of legal.contre) {
      race.append(ctx.offer(h('button', { type: 'button', class: 'nt-race-button nt-contre', 'data-target': s },
        ctx.t(`CONTRE UNIQUE${NB}!`, 'CONTRE UNIQUE!'), h('small', {}, ctx.t(`contre ${name(s)} (+2 cartes)`, `against ${name(s)} (+2 cards)`))), [entry]));
    }
  }

  // --- What the turn is about, in words. -----------------------------------------------------
  const status = statusLine(view, ctx, legal);

  // --- The choices of the turn. --------------------------------------------------------------
  const panels = [];
  if (legal.suit.size) {
    panels.push(h('div', { class: 'nt-panel', 'data-choice': 'suit' },
      h('h3', {}, ctx.t('Annoncez une couleur', 'Name a suit')),
      h('div', { class: 'nt-choices' }, SUIT_ORDER.filter((s) => legal.suit.has(s)).map((s) => ctx.offer(
        h('button', { type: 'button', class: 'nt-choice', 'data-suit': s, 'aria-label': suitWord(ctx, s) }, suitIcon(s), h('span', {}, suitWord(ctx, s))),
        [legal.suit.get(s)])))));
  }
  if (legal.rank.size) {
    panels.push(h('div', { class: 'nt-panel', 'data-choice': 'rank' },
      h('h3', {}, ctx.t('Demandez une valeur', 'Demand a rank')),
      h('div', { class: 'nt-choices nt-ranks' }, RANK_ORDER.filter((r) => legal.rank.has(r)).map((r) => ctx.offer(
        h('button', { type: 'button', class: 'nt-choice', 'data-rank': r, 'aria-label': rankWord(ctx, r) },
          h('span', { class: 'nt-rank' }, rankIndex(ctx, r)), /[JQKA]/.test(r) ? h('span', {}, rankWord(ctx, r)) : null),
        [legal.rank.get(r)])))));
  }
  if (legal.swap.length) {
    const left = t.dame ? t.dame.exchanges_left : 1;
    panels.push(h('div', { class: 'nt-panel', 'data-choice': 'swap' },
      h('h3', {}, ctx.t(`Dame${NB}: un échange`, 'Queen: an exchange')),
      h('p', {}, picked
        ? ctx.t(`Donner ${theCard(ctx, picked.card)} à qui${NB}? Touchez un joueur en haut.`, `Give ${theCard(ctx, picked.card)} to whom? Tap a player above.`)
        : ctx.t('Touchez la carte à donner dans votre main, puis le joueur avec qui échanger.', 'Tap the card to give in your hand, then the player to exchange with.')),
      left > 1 ? h('p', {}, ctx.t(`Encore ${left} échanges possibles.`, `${left} exchanges left.`)) : null));
  }
  if (legal.ask.size) {
    const target = t.dame && t.dame.target;
    const knownThere = new Set((t.known || []).filter((k) => k.seat === target).map((k) => k.card));
    const rowsOf = SUIT_ORDER.map((s) => h('div', { class: 'nt-ask-row' },
      [...RANK_ORDER.slice(-1), ...RANK_ORDER.slice(0, -1)].map((r) => r + s).filter((c) => legal.ask.has(c)).map((c) => askButton(c))));
    const joker = legal.ask.has('X') ? h('div', { class: 'nt-ask-row' }, askButton('X')) : null;
    function askButton(c) {
      const red = isRed(c);
      return ctx.offer(h('button', {
        type: 'button', class: 'nt-ask' + (red ? ' nt-red' : '') + (knownThere.has(c) ? ' nt-known-card' : ''),
        'data-card': c, 'aria-label': cardName(c, ctx.lang),
      }, cardShort(c, ctx.lang)), [legal.ask.get(c)]);
    }
    panels.push(h('div', { class: 'nt-panel', 'data-choice': 'ask' },
      h('h3', {}, ctx.t(`Dame${NB}: quelle carte demandez-vous à ${name(target)}${NB}?`, `Queen: which card do you ask ${name(target)} for?`)),
      t.dame && t.dame.offered ? h('p', {}, ctx.t(`Vous donnez ${theCard(ctx, t.dame.offered)}. Si la carte nommée n’est pas dans sa main, rien n’est échangé.`,
        `You give ${theCard(ctx, t.dame.offered)}. If the card named is not in their hand, nothing is exchanged.`)) : null,
      knownThere.size ? h('p', {}, ctx.t(`En jaune${NB}: les cartes que vous savez dans sa main.`, 'In yellow: the cards you know they hold.')) : null,
      h('div', { class: 'nt-asks' }, rowsOf, joker)));
  }
  if (legal.give.size) {
    panels.push(h('div', { class: 'nt-panel', 'data-choice': 'give' },
      h('h3', {}, ctx.t(`Dame${NB}: choisissez la carte que vous rendez à ${name(t.dame.giver)}`, `Queen: choose the card you give back to ${name(t.dame.giver)}`))));
  }

  // --- The observer's hand (absent for a spectator). ----------------------------------------
  let mine = null;
  if (Array.isArray(t.hand)) {
    const choosing = legal.play.size || legal.give.size || legal.swap.length;
    const handRow = h('div', { class: 'nt-hand' + (choosing ? ' nt-choosing' : ''), 'data-hand': me });
    let drawnMarked = false;
    t.hand.forEach((c, i) => {
      const el = ctx.card(c);
      if (t.drawn && c === t.drawn && !drawnMarked) {
        drawnMarked = true;
        el.classList.add('nt-drawn');
        el.title = ctx.t('la carte piochée', 'the card drawn');
      }
      if (legal.play.has(c)) {
        // The second-to-last card can be laid and UNIQUE said with it, in one go: the table
        // sends the two moves in order (UNIQUE only if it is then still to be said).
        const a = legal.play.get(c);
        const both = t.hand.length === 2 && !ctx.replay
          ? { ...a, then: 'unique', fr: `${a.fr} et annoncer UNIQUE`, en: `${a.en} and call UNIQUE` } : null;
        ctx.offer(el, both ? [a, both] : [a]);
      }
      else if (legal.give.has(c)) ctx.offer(el, [legal.give.get(c)]);
      else if (legal.swap.some((x) => x.card === c)) {
        // Dame: pick the card first; the seats above then give it.
        const isPicked = picked && picked.card === c && picked.index === i;
        el.classList.add('nt-pick');
        if (isPicked) el.classList.add('nt-picked');
        el.tabIndex = 0;
        el.setAttribute('role', 'button');
        el.setAttribute('aria-pressed', isPicked ? 'true' : 'false');
        el.setAttribute('aria-label', ctx.t(`Donner ${theCard(ctx, c)}`, `Give ${theCard(ctx, c)}`));
        const choose = (e) => {
          e.preventDefault();
          picked = isPicked ? null : { key, card: c, index: i };
          rerender();
          const again = area.querySelector(`.nt-hand .nt-pick:nth-child(${i + 1})`);
          if (again) again.focus();
        };
        el.addEventListener('click', choose);
        el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') choose(e); });
      }
      handRow.append(el);
    });
    const active = (view.turn || []).includes(me) || (t.player === me && t.phase !== 'over');
    mine = h('div', { class: 'nt-mine' + (active ? ' nt-active' : ''), 'data-own-hand': ctx.replay ? null : '', 'data-seat-tile': me },
      h('div', { class: 'nt-mine-head' }, h('strong', {}, ctx.t('Votre main', 'Your hand')), h('span', {}, cards(ctx, t.hand.length)), ctx.seatStatus(me),
        t.seats[me] && t.seats[me].unique === 'announced' ? h('span', { class: 'nt-badge nt-said' }, 'UNIQUE') : null,
        t.seats[me] && t.seats[me].unique === 'unannounced' ? h('span', { class: 'nt-badge nt-unsaid' }, ctx.t(`UNIQUE pas annoncé${NB}!`, 'UNIQUE not announced!')) : null),
      handRow);
  }

  // `append` writes a null as the text "null" (a spectator has no hand): only what is drawn goes in.
  area.append(...[seatRow, centre, status, ...panels, mine].filter(Boolean));
}

function statusLine(view, ctx, legal) {
  const t = view.table;
  const p = t.player;
  const me = view.seat;
  const mine = me !== null && me !== undefined && p === me && (view.turn || []).includes(me);
  const who = ctx.name(p);
  let words = '';
  const nb = NB;
  switch (t.phase) {
    case 'start':
      if (t.pending) {
        const seven = t.pending.kind === 'sevens';
        words = mine
          ? ctx.t(`Ajoutez ${seven ? 'un 7' : 'un Joker'}, ou piochez les ${t.pending.cards} cartes (en touchant la pioche).`,
            `Add ${seven ? 'a 7' : 'a Joker'}, or draw the ${t.pending.cards} cards (tap the stock).`)
          : ctx.t(`${who} doit ajouter ${seven ? 'un 7' : 'un Joker'} ou piocher ${cards(ctx, t.pending.cards)}.`,
            `${who} must add ${seven ? 'a 7' : 'a Joker'} or draw ${cards(ctx, t.pending.cards)}.`);
      } else if (mine) {
        words = legal.play.size
          ? ctx.t('Posez une carte qui va sur la défausse.', 'Lay a card that fits the discard.')
          : ctx.t(`Aucune carte ne va${nb}: piochez.`, 'No card fits: draw.');
      }
      break;
    case 'chain':
      words = mine
        ? (legal.play.size
          ? ctx.t('Enchaînez (même valeur, ou la suivante de la même couleur) ou finissez votre tour.', 'Chain on (same rank, or the next one up in the same suit) or end your turn.')
          : ctx.t(`Rien ne s’enchaîne${nb}: finissez votre tour.`, 'Nothing follows: end your turn.'))
        : ctx.t(`${who} enchaîne ses cartes…`, `${who} is chaining cards…`);
      break;
    case 'drawn':
      words = mine && t.drawn
        ? (legal.play.size
          ? ctx.t(`Vous avez pioché ${theCard(ctx, t.drawn)}${nb}: posez-${itFr(t.drawn)} ou gardez-${itFr(t.drawn)}.`, `You drew ${theCard(ctx, t.drawn)}: play it or keep it.`)
          : ctx.t(`Vous avez pioché ${theCard(ctx, t.drawn)}, qui ne va pas${nb}: gardez-${itFr(t.drawn)}.`, `You drew ${theCard(ctx, t.drawn)}, which does not fit: keep it.`))
        : ctx.t(`${who} a pioché une carte.`, `${who} drew a card.`);
      break;
    case 'after_penalty':
      words = mine
        ? ctx.t(`Pénalité prise${nb}: posez une carte qui va, ou passez.`, 'Penalty taken: lay a card that fits, or pass.')
        : ctx.t(`${who} a pris la pénalité.`, `${who} took the penalty.`);
      break;
    case 'name_suit':
      if (!mine) words = ctx.t(`${who} annonce une couleur…`, `${who} is naming a suit…`);
      break;
    case 'name_rank':
      if (!mine) words = ctx.t(`${who} demande une valeur…`, `${who} is demanding a rank…`);
      break;
    case 'swap':
      if (!mine) words = ctx.t(`Dame${nb}: ${who} peut échanger une carte avec un autre joueur…`, `Queen: ${who} may exchange a card with another player…`);
      break;
    case 'ask': {
      const target = t.dame && t.dame.target;
      if (!mine) {
        words = target === me
          ? ctx.t(`Dame${nb}: ${who} vous demande une carte…`, `Queen: ${who} is asking you for a card…`)
          : ctx.t(`Dame${nb}: ${who} demande une carte à ${ctx.name(target)}…`, `Queen: ${who} is asking ${ctx.name(target)} for a card…`);
      }
      break;
    }
    case 'give': {
      const target = t.dame && t.dame.target;
      if (target !== me) {
        words = p === me
          ? ctx.t(`Dame${nb}: ${ctx.name(target)} choisit la carte à vous rendre${t.dame.offered ? ` contre ${theCard(ctx, t.dame.offered)}` : ''}…`,
            `Queen: ${ctx.name(target)} is choosing the card to give you back${t.dame.offered ? ` for ${theCard(ctx, t.dame.offered)}` : ''}…`)
          : ctx.t(`Dame${nb}: ${ctx.name(target)} choisit la carte à rendre à ${who}…`, `Queen: ${ctx.name(target)} is choosing the card to give back to ${who}…`);
      }
      break;
    }
    default:
      break;
  }
  return ctx.h('p', { class: 'nt-status', 'data-phase': t.phase }, words || null);
}
