// Le Nain Jaune: the board of five cells (10♦, V♣, D♠, R♥ in the corners, the 7♦ « Nain Jaune »
// in the middle) with the chips on each, the run being laid and the « sans … » call, every seat's
// chips, what each seat has shown it lacks, the Grand Opéra still possible, and the hand sorted by
// rank (suits do not matter in this game), its board cards framed in gold.
//
// Everything drawn comes from the client view (docs/client-view/nainjaune.md); every move offered
// is one of `view.legal`: `play <card>` on the card in hand, `stop` on the « Sans … ! » bubble at
// the end of one's own run, `claim` on the cell to take. `pass` stays a button of the shell.

import { cardShort, rankIndex as cardRankIndex, rankName } from '../cards.js';
import { signed } from '../i18n.js';

const RANKS = 'A23456789TJQK';
const SUIT_ORDER = 'SHDC';
const CELL_PLACE = { TD: 'tl', JC: 'tr', QS: 'bl', KH: 'br', '7D': 'mid' };
const NB = '\u00a0';

const rankOf = (card) => String(card)[0];
const rankFr = (r) => rankName(r, 'fr');
const rankEn = (r) => rankName(r, 'en');
const rankIndex = (ctx, r) => cardRankIndex(r, ctx.lang);
const nextRank = (r) => RANKS[RANKS.indexOf(r) + 1] || null;

// ---------------------------------------------------------------------------------------------
// Words.

/** "1 jeton", "0 jeton", "3 jetons" / "1 chip", "0 chips", "3 chips". */
function chipsWords(ctx, n) {
  return ctx.t(`${n}${NB}${n <= 1 ? 'jeton' : 'jetons'}`, `${n}${NB}${n === 1 ? 'chip' : 'chips'}`);
}

function cardsWords(ctx, n) {
  return ctx.t(`${n}${NB}${n <= 1 ? 'carte' : 'cartes'}`, `${n}${NB}${n === 1 ? 'card' : 'cards'}`);
}

/** A rank with its article: « un 8 », « une Dame » / "an 8", "a Queen". */
function aRank(ctx, r) {
  return ctx.t(`${r === 'Q' ? 'une' : 'un'} ${rankFr(r)}`, `${r === 'A' || r === '8' ? 'an' : 'a'} ${rankEn(r)}`);
}

/** « de 5, 8 », « d’As, 2 »: ranks after « pas », the article elided before « As ». */
function deRanks(ranks) {
  const words = ranks.map(rankFr).join(', ');
  return ranks[0] === 'A' ? `d’${words}` : `de ${words}`;
}

/** The call as it is said at the table: « Sans Valet ! » (the French words in both languages). */
function sansWords(ctx, r) {
  return ctx.t(`«${NB}Sans${NB}${rankFr(r)}${NB}!${NB}»`, `“Sans${NB}${rankFr(r)}!”`);
}

/** A seat's name starting a sentence. */
function Name(ctx, s) {
  const n = ctx.name(s);
  return n.charAt(0).toUpperCase() + n.slice(1);
}

function listNames(ctx, seats) {
  const names = seats.map((s) => ctx.name(s));
  if (names.length <= 1) return names.join('');
  return names.slice(0, -1).join(', ') + ctx.t(' et ', ' and ') + names[names.length - 1];
}

function cellName(ctx, card) {
  return cardShort(card, ctx.lang);
}

// ---------------------------------------------------------------------------------------------
// Pictures: chips, stacks of chips, the little yellow dwarf.

const CHIP_FILL = '#f2c230', CHIP_EDGE = '#8a6100', CHIP_SIDE = '#c99a16';

/** A stack of chips for `n` chips: more discs for more chips (growing as the square root), at most 10, in one or two piles. */
function stackSvg(n) {
  const discs = n <= 0 ? 0 : Math.min(10, Math.ceil(Math.sqrt(n) * 1.3));
  let body = '';
  if (!discs) {
    body = `<ellipse cx="22" cy="38" rx="12" ry="4.8" fill="none" stroke="rgba(0,0,0,0.35)" stroke-width="1.2" stroke-dasharray="3 2"/>`;
  }
  const piles = discs > 5 ? [Math.ceil(discs / 2), Math.floor(discs / 2)] : [discs];
  piles.forEach((count, p) => {
    const cx = piles.length === 1 ? 22 : (p === 0 ? 13 : 31);
    for (let i = 0; i < count; i++) {
      const cy = 38 - i * 5;
      body += `<ellipse cx="${cx}" cy="${cy + 2}" rx="12" ry="4.8" fill="${CHIP_SIDE}" stroke="${CHIP_EDGE}" stroke-width="0.8"/>`
        + `<ellipse cx="${cx}" cy="${cy}" rx="12" ry="4.8" fill="${CHIP_FILL}" stroke="${CHIP_EDGE}" stroke-width="0.8"/>`
        + `<ellipse cx="${cx}" cy="${cy}" rx="6.5" ry="2.5" fill="none" stroke="${CHIP_EDGE}" stroke-width="0.6" opacity="0.7"/>`;
    }
  });
  return `<svg viewBox="0 0 44 46" aria-hidden="true" focusable="false">${body}</svg>`;
}

const CHIP_SVG = `<svg viewBox="0 0 20 20" aria-hidden="true" focusable="false"><circle cx="10" cy="10" r="8.5" fill="${CHIP_FILL}" stroke="${CHIP_EDGE}" stroke-width="1.2"/><circle cx="10" cy="10" r="4.5" fill="none" stroke="${CHIP_EDGE}" stroke-width="1" stroke-dasharray="2 1.5"/></svg>`;
const BACK_SVG = '<svg viewBox="0 0 14 20" aria-hidden="true" focusable="false"><rect x="0.6" y="0.6" width="12.8" height="18.8" rx="2" fill="#1f4a5c" stroke="#fff" stroke-width="1.2"/></svg>';

// The Yellow Dwarf himself, as the board shows him in its middle.
const DWARF_SVG = `<svg viewBox="0 0 40 48" aria-hidden="true" focusable="false">
  <path d="M20 2L29 19H11Z" fill="#e0a526" stroke="#6b4a00" stroke-width="1"/>
  <circle cx="20" cy="2.5" r="2" fill="#c62828"/>
  <rect x="9" y="17.5" width="22" height="4" rx="2" fill="#c62828"/>
  <circle cx="20" cy="26" r="6" fill="#f6dcc3" stroke="#6b4a00" stroke-width="0.8"/>
  <path d="M14 28Q20 40 26 28Q20 31 14 28Z" fill="#fff" stroke="#6b4a00" stroke-width="0.6"/>
  <path d="M9 47L12 35Q20 31 28 35L31 47Z" fill="#f2c230" stroke="#6b4a00" stroke-width="1"/>
</svg>`;

// ---------------------------------------------------------------------------------------------
// The board.

function drawBoard(h, table, view, ctx) {
  const hand = new Set(table.hand || []);
  const played = new Set(table.played || []);
  const claim = table.claim;
  const claimActions = (view.legal || []).filter((a) => a.action === 'claim');
  const board = h('div', { class: 'nj-board', role: 'group', 'aria-label': ctx.t('Le plateau', 'The board') });
  const total = (table.board || []).reduce((sum, c) => sum + c.chips, 0);
  // Corners first (board order), the middle cell last so that it lies over them.
  const cells = [...(table.board || [])].sort((a, b) => (a.card === '7D') - (b.card === '7D'));
  for (const cell of cells) {
    const place = CELL_PLACE[cell.card] || 'tl';
    const mine = hand.has(cell.card);
    const gone = played.has(cell.card);
    const claimable = claim && claim.cell === cell.card;
    const label = `${cellName(ctx, cell.card)}${ctx.t(`${NB}: `, ': ')}${chipsWords(ctx, cell.chips)}`;
    const stack = h('span', { class: 'nj-stack', html: stackSvg(cell.chips) });
    const amount = h('span', { class: 'nj-amount' }, h('b', {}, String(cell.chips)), h('small', {}, cell.chips <= 1 ? ctx.t('jeton', cell.chips === 1 ? 'chip' : 'chips') : ctx.t('jetons', 'chips')));
    let tag = null;
    if (claimable) tag = h('span', { class: 'nj-tag mine' }, ctx.t('qui prend\u00a0?', 'qui prend?'));
    else if (mine) tag = h('span', { class: 'nj-tag mine' }, ctx.t('dans votre main', 'in your hand'));
    else if (gone) tag = h('span', { class: 'nj-tag gone' }, ctx.t('déjà posée', 'already laid'));
    let el;
    if (place === 'mid') {
      el = h('div', { class: 'nj-cell mid', 'data-cell': cell.card, 'data-chips': cell.chips, role: 'group', 'aria-label': ctx.t(`Nain Jaune, ${label}`, `Yellow Dwarf, ${label}`) },
        h('div', { class: 'nj-cell-top' },
          h('span', { class: 'nj-dwarf', html: DWARF_SVG }),
          h('span', { class: 'nj-cell-title' }, ctx.t('Nain', 'Yellow'), h('br'), ctx.t('Jaune', 'Dwarf'))),
        h('div', { class: 'nj-cell-main' }, ctx.card(cell.card, { small: true }), amount),
        tag);
    } else {
      el = h('div', { class: `nj-cell ${place}`, 'data-cell': cell.card, 'data-chips': cell.chips, role: 'group', 'aria-label': label },
        place === 'bl' || place === 'br' ? tag : null,
        h('div', { class: 'nj-cell-main' }, ctx.card(cell.card, { small: true }), stack, amount),
        place === 'tl' || place === 'tr' ? tag : null);
    }
    if (mine) el.classList.add('mine');
    if (gone && !claimable) el.classList.add('gone');
    if (claimable) {
      el.classList.add('claimable');
      if (claimActions.length) ctx.offer(el, claimActions);
    }
    board.append(el);
  }
  board.append(h('div', { class: 'nj-board-total', 'data-total': total },
    ctx.t(`${chipsWords(ctx, total)} sur le plateau`, `${chipsWords(ctx, total)} on the board`)));
  return board;
}

// ---------------------------------------------------------------------------------------------
// The run, the call and what the match waits for.

function drawPlay(h, table, view, ctx) {
  const box = h('div', { class: 'nj-now' });
  const notes = h('div', { class: 'nj-notes' });
  const actor = (view.turn || [])[0];
  const mine = actor !== undefined && ctx.isReader(actor);
  const legal = view.legal || [];
  const run = table.run || [];

  // The round, the cards aside.
  const info = h('div', { class: 'nj-info' },
    h('span', {}, table.rounds
      ? ctx.t(`Manche ${view.round} sur ${table.rounds}`, `Round ${view.round} of ${table.rounds}`)
      : ctx.t(`Manche ${view.round}`, `Round ${view.round}`)),
    h('span', {}, ctx.t(`${cardsWords(ctx, table.aside)} de côté, face cachée`, `${cardsWords(ctx, table.aside)} aside, face down`)));
  box.append(info);

  // What happens now, in one sentence.
  let head = '';
  let sub = '';
  const phase = table.phase;
  if (actor === undefined && phase !== 'over') {
    // Nobody on turn: a table still waiting for its players tells nobody what to do.
  } else if (phase === 'lead') {
    if (!run.length) {
      head = mine ? ctx.t(`À vous d’entamer la manche${NB}: posez la carte de votre choix.`, 'You lead the round: lay any card.')
        : ctx.t(`${Name(ctx, actor)} entame la manche.`, `${Name(ctx, actor)} leads the round.`);
    } else {
      head = mine ? ctx.t(`À vous d’entamer une nouvelle suite avec la carte de votre choix.`, 'You start a new run with any card.')
        : ctx.t(`${Name(ctx, actor)} entame une nouvelle suite.`, `${Name(ctx, actor)} starts a new run.`);
    }
  } else if (phase === 'continue') {
    const r = table.next;
    const canGoOn = legal.some((a) => a.action.startsWith('play '));
    if (mine && !canGoOn) {
      head = ctx.t(`Vous n’avez pas ${deRanks([r])}${NB}: arrêtez-vous en annonçant ${sansWords(ctx, r)}`, `You have no ${rankEn(r)}: stop and call ${sansWords(ctx, r)}`);
    } else head = mine
      ? ctx.t(`Posez ${aRank(ctx, r)} pour continuer, ou arrêtez-vous${NB}: ${sansWords(ctx, r)}`, `Lay ${aRank(ctx, r)} to go on, or stop: ${sansWords(ctx, r)}`)
      : ctx.t(`${Name(ctx, actor)} continue avec ${aRank(ctx, r)} ou s’arrête.`, `${Name(ctx, actor)} goes on with ${aRank(ctx, r)} or stops.`);
  } else if (phase === 'follow' && table.call) {
    const r = table.call.rank;
    const by = table.call.by;
    const canPlay = legal.some((a) => a.action.startsWith('play '));
    const canPass = legal.some((a) => a.action === 'pass');
    if (mine) {
      if (canPlay && canPass) head = ctx.t(`À vous${NB}: posez ${aRank(ctx, r)} ou passez.`, `Your move: lay ${aRank(ctx, r)} or pass.`);
      else if (canPlay) head = ctx.t(`Vous avez ${aRank(ctx, r)}${NB}: posez-${r === 'Q' ? 'la' : 'le'}.`, `You hold ${aRank(ctx, r)}: lay it.`);
      else head = ctx.t(`Vous n’avez pas ${deRanks([r])}${NB}: passez.`, `You have no ${rankEn(r)}: pass.`);
    } else {
      head = ctx.t(`${Name(ctx, actor)} doit poser ${aRank(ctx, r)} ou passer.`, `${Name(ctx, actor)} must lay ${aRank(ctx, r)} or pass.`);
    }
    sub = ctx.isReader(by)
      ? ctx.t(`Vous avez annoncé ${sansWords(ctx, r)}${NB}: si personne n’y répond, vous repartez.`, `You called ${sansWords(ctx, r)} (no ${rankEn(r)}): if nobody answers, you lead again.`)
      : ctx.t(`${Name(ctx, by)} a annoncé ${sansWords(ctx, r)}${NB}; l’appel fait le tour vers la gauche.`, `${Name(ctx, by)} called ${sansWords(ctx, r)} (no ${rankEn(r)}); the call goes round to the left.`);
  } else if (phase === 'going_out') {
    head = mine
      ? ctx.t(`Vous avez posé votre dernière carte sur une case${NB}: touchez la case pour dire «${NB}… qui prend${NB}!${NB}».`, 'You laid your last card on a board card: touch the cell to say “… qui prend!”.')
      : ctx.t(`${Name(ctx, actor)} a posé sa dernière carte sur une case.`, `${Name(ctx, actor)} laid the last card on a board card.`);
  } else if (phase === 'over') {
    const out = (table.seats || []).find((x) => x.cards === 0);
    if (!out) head = ctx.t('La partie est finie.', 'The match is over.');
    else if (ctx.isReader(out.seat)) head = ctx.t(`Vous avez posé votre dernière carte${NB}: «${NB}J’arrête${NB}!${NB}» La partie est finie.`, 'You laid your last card: “J’arrête!” The match is over.');
    else head = ctx.t(`${Name(ctx, out.seat)} a posé sa dernière carte${NB}: «${NB}J’arrête${NB}!${NB}» La partie est finie.`, `${Name(ctx, out.seat)} laid the last card: “J’arrête!” The match is over.`);
  }
  if (table.claim && phase !== 'going_out') {
    const c = cellName(ctx, table.claim.cell);
    const claimText = ctx.isReader(table.claim.seat)
      ? ctx.t(`Touchez la case ${c} pour dire «${NB}${c} qui prend${NB}!${NB}» avant la prochaine carte.`, `Touch the ${c} cell to say “${c} qui prend!” before the next card is laid.`)
      : ctx.t(`${Name(ctx, table.claim.seat)} peut encore dire «${NB}${c} qui prend${NB}!${NB}».`, `${Name(ctx, table.claim.seat)} may still say “${c} qui prend!”.`);
    sub = sub ? `${sub} ${claimText}` : claimText;
  }
  box.append(h('p', { class: 'nj-head', 'data-phase': phase }, head));
  if (sub) box.append(h('p', { class: 'nj-sub' }, sub));

  // The run, in the order it was laid.
  const ended = phase === 'lead' && run.length > 0;
  let title;
  if (ended) {
    const top = rankOf(run[run.length - 1]);
    title = top === 'K'
      ? ctx.t(`Suite précédente, finie sur un Roi${NB}: «${NB}Roi et je recommence${NB}!${NB}»`, 'The last run, ended on a King: “Roi et je recommence!”')
      : ctx.t(`Suite précédente${NB}: personne n’a répondu à ${sansWords(ctx, nextRank(top))}`, `The last run: nobody answered ${sansWords(ctx, nextRank(top))} (no ${rankEn(nextRank(top))})`);
  } else if (phase === 'over') {
    title = ctx.t('La dernière suite', 'The last run');
  } else {
    title = ctx.t('La suite en cours', 'The run');
  }
  const runRow = h('div', { class: 'nj-run', 'data-run': run.join(' ') });
  if (!run.length) runRow.append(h('span', { class: 'nj-empty' }, ctx.t('Aucune carte posée pour l’instant.', 'No card laid yet.')));
  for (const c of run) runRow.append(ctx.card(c));
  if (phase === 'continue' && table.next) {
    runRow.append(h('span', { class: 'nj-ghost', 'aria-hidden': 'true' }, `${rankIndex(ctx, table.next)}${ctx.t(NB, '')}?`));
    const stops = legal.filter((a) => a.action === 'stop');
    if (stops.length && !ctx.replay) {
      const bubble = h('span', { class: 'nj-bubble', 'data-call': table.next },
        sansWords(ctx, table.next), h('small', {}, ctx.t('s’arrêter', 'stop')));
      ctx.offer(bubble, stops);
      runRow.append(bubble);
    }
  } else if (phase === 'follow' && table.call) {
    runRow.append(h('span', { class: 'nj-bubble', 'data-call': table.call.rank },
      sansWords(ctx, table.call.rank), h('small', {}, `— ${ctx.name(table.call.by)}`)));
  }
  box.append(h('div', { class: 'nj-runbox' + (ended ? ' ended' : ''), role: 'group', 'aria-label': title },
    h('span', { class: 'nj-label' }, title), runRow));

  // The Grand Opéra still within someone's reach.
  const opera = table.grand_opera_possible || [];
  if (opera.length && phase !== 'over') {
    const total = (table.board || []).reduce((sum, c) => sum + c.chips, 0);
    const meToo = opera.some((s) => ctx.isReader(s));
    const others = opera.filter((s) => !ctx.isReader(s));
    const parts = [];
    if (meToo) {
      parts.push(ctx.t(
        `possible pour vous${NB}: videz toute votre main d’un coup et vous raflez tout le plateau (${chipsWords(ctx, total)}).`,
        `within your reach: empty your whole hand in one go and you sweep the whole board (${chipsWords(ctx, total)}).`));
    }
    if (others.length) {
      parts.push(meToo
        ? ctx.t(`Encore possible aussi pour ${listNames(ctx, others)}.`, `Still possible for ${listNames(ctx, others)} too.`)
        : ctx.t(`encore possible pour ${listNames(ctx, others)}${NB}: qui vide sa main d’un coup rafle tout le plateau (${chipsWords(ctx, total)}).`,
          `still possible for ${listNames(ctx, others)}: emptying the hand in one go sweeps the whole board (${chipsWords(ctx, total)}).`));
    }
    notes.append(h('p', { class: 'nj-opera', 'data-grand-opera': opera.join(' ') }, h('b', {}, 'Grand Opéra '), parts.join(' ')));
  }

  // The round that was just settled, when the table has moved on to a new deal.
  const last = view.last_round;
  if (last && ((phase === 'lead' && !run.length) || phase === 'over')) {
    const seats = Array.from({ length: view.players }, (_, i) => i);
    notes.append(h('div', { class: 'nj-last', 'data-last-round': last.round },
      h('strong', {}, ctx.t(`Bilan de la manche ${last.round}${NB}:`, `Round ${last.round} settled:`)),
      h('ul', {}, seats.map((s) => h('li', {}, `${Name(ctx, s)} `,
        h('span', { class: last.change[s] > 0 ? 'up' : last.change[s] < 0 ? 'down' : '' }, signed(last.change[s])),
        ` → ${last.scores_after[s]}`)))));
  }
  return [box, notes];
}

// ---------------------------------------------------------------------------------------------
// The seats: chips, cards, what they lack; every hand face up in a replay.

function drawSeats(h, table, view, ctx) {
  const n = view.players;
  const first = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;
  const turn = new Set(view.turn || []);
  const opera = new Set(table.grand_opera_possible || []);
  const list = h('ul', { class: 'nj-seats', 'aria-label': ctx.t('Les jetons des joueurs', 'The players’ chips') });
  for (let i = 0; i < n; i++) {
    const s = (first + i) % n;
    const seat = (table.seats || []).find((x) => x.seat === s) || { seat: s, chips: view.scores[s], cards: view.cards[s], lacks: [] };
    const facts = h('div', { class: 'nj-seat-facts' },
      h('span', { class: 'nj-purse', 'data-chips': seat.chips, title: chipsWords(ctx, seat.chips), 'aria-label': chipsWords(ctx, seat.chips) },
        h('span', { html: CHIP_SVG }), h('b', {}, String(seat.chips))),
      h('span', { class: 'nj-count', 'aria-label': cardsWords(ctx, seat.cards), title: cardsWords(ctx, seat.cards) },
        h('span', { html: BACK_SVG }), String(seat.cards)));
    const li = h('li', { class: 'nj-seat' + (turn.has(s) && table.phase !== 'over' ? ' turn' : ''), 'data-seat': s, 'data-seat-tile': s },
      // Connected, dealer, « à jouer » and the clock beside the name; the chips are the score.
      h('div', { class: 'nj-seat-head' }, h('span', { class: 'nj-seat-name' }, Name(ctx, s)), ctx.seatStatus(s, { score: false })),
      facts);
    if (seat.lacks && seat.lacks.length) {
      li.append(h('span', { class: 'nj-lacks' }, ctx.t(`pas ${deRanks(seat.lacks)}`, `no ${seat.lacks.map(rankEn).join(', ')}`)));
    }
    if (table.call && table.call.by === s) li.append(h('span', { class: 'nj-tag call' }, ctx.t(`a annoncé «${NB}sans ${rankFr(table.call.rank)}${NB}»`, `called “sans ${rankFr(table.call.rank)}”`)));
    if (opera.has(s) && table.phase !== 'over') li.append(h('span', { class: 'nj-tag', 'data-opera': s }, ctx.t(`Grand Opéra possible`, 'Grand Opéra possible')));
    if (ctx.replay && ctx.views && ctx.views[s] && ctx.views[s].table && Array.isArray(ctx.views[s].table.hand)) {
      li.append(h('div', { class: 'hand', 'data-hand': s }, sortHand(ctx.views[s].table.hand).map((c) => ctx.card(c, { small: true }))));
    }
    list.append(li);
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// The hand: by rank (ace low), a little gap between ranks; board cards framed in gold.

function sortHand(hand) {
  return [...hand].sort((a, b) => RANKS.indexOf(rankOf(a)) - RANKS.indexOf(rankOf(b))
    || SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]));
}

function drawHand(h, table, view, ctx) {
  const hand = table.hand;
  if (!Array.isArray(hand)) return null;
  const onBoard = new Set((table.board || []).map((c) => c.card));
  const legal = view.legal || [];
  const row = h('div', { class: 'nj-hand', role: 'group', 'aria-label': ctx.t('Votre main', 'Your hand') });
  let previous = null;
  for (const c of sortHand(hand)) {
    if (previous !== null && rankOf(c) !== previous) row.append(h('span', { class: 'nj-gap', 'aria-hidden': 'true' }));
    previous = rankOf(c);
    const el = ctx.card(c);
    if (onBoard.has(c)) el.classList.add('nj-onboard');
    ctx.offer(el, legal.filter((a) => a.action === `play ${c}`));
    row.append(el);
  }
  const holdsBoard = hand.some((c) => onBoard.has(c));
  return h('div', { class: 'nj-handbox', 'data-own-hand': ctx.replay ? null : '' },
    h('span', { class: 'nj-label' }, hand.length
      ? ctx.t(`Votre main — ${cardsWords(ctx, hand.length)}`, `Your hand — ${cardsWords(ctx, hand.length)}`)
      : ctx.t('Votre main', 'Your hand')),
    hand.length ? row : h('p', { class: 'nj-legend' }, ctx.t('Plus aucune carte en main.', 'No card left in hand.')),
    holdsBoard ? h('p', { class: 'nj-legend' }, h('i', { 'aria-hidden': 'true' }),
      ctx.t(`carte d’une case du plateau${NB}: posez-la pour ramasser la case${NB}; gardée en fin de manche, elle vous fait doubler la case.`,
        'a board card: lay it to take its cell; still held when the round ends, you double that cell.')) : null);
}

// ---------------------------------------------------------------------------------------------

// Every seat's tile shows its hand in a replay, so the shell does not add its own.
export const drawsHands = true;

/** Every seat has its tile here (chips, cards, what it lacks): the shell draws no players' strip. */
export const seatTiles = true;

/** A seat's score is its chips: the players' strip says « 55 jetons », as the table does. */
export const scoreUnit = ['jeton', 'jetons', 'chip', 'chips'];

export function render(area, view, ctx) {
  const h = ctx.h;
  while (area.firstChild) area.removeChild(area.firstChild);
  const table = view.table || {};
  area.append(h('div', { class: 'nj-table' },
    drawBoard(h, table, view, ctx),
    ...drawPlay(h, table, view, ctx),
    drawSeats(h, table, view, ctx),
    drawHand(h, table, view, ctx)));
}

export function icon(ctx) {
  const h = ctx.h;
  return h('div', { class: 'nj-icon' },
    ['TD', 'JC', '7D', 'QS', 'KH'].map((c, i) => {
      const el = ctx.card(c);
      el.style.transform = `rotate(${(i - 2) * 9}deg) translateY(${Math.abs(i - 2) * 4 - (i === 2 ? 6 : 0)}px)`;
      if (i === 2) el.style.zIndex = '1';
      el.style.position = 'relative';
      return el;
    }));
}
