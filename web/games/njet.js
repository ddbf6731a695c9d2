// Njet! — the bidding board of five rows with its stones and who laid them, the conditions the
// board left, the partner choice, the discards, the trick with who led and who is winning, the
// tricks and loot of each team, and the hand grouped by colour with the trumps last.
//
// The cards are drawn here in SVG (`cardElement`): a white card with a panel of its colour, the
// value large in the corner strip and in the middle, and a shape per colour (star, disc, square,
// triangle) so that a reader who cannot tell red from green still tells the colours apart.
// Stones carry their player's initial on a colour of their own (never one of the four card
// colours), with a legend beside the board.

import { de } from '../i18n.js';

const FONT = "system-ui, 'DejaVu Sans', sans-serif";

// The four colours: value on the card, its shape (a path in a 100×100 box centred on 0,0), words.
const COLOURS = {
  R: { fill: '#d32f2f', fr: 'rouge', frs: 'rouges', en: 'red', d: star() },
  B: { fill: '#1d5bbf', fr: 'bleu', frs: 'bleus', en: 'blue', d: 'M-44 0a44 44 0 1 0 88 0a44 44 0 1 0-88 0Z' },
  K: { fill: '#262626', fr: 'noir', frs: 'noirs', en: 'black', d: 'M-38-38H38V38H-38Z' },
  G: { fill: '#2e7d32', fr: 'vert', frs: 'verts', en: 'green', d: 'M0-46L48 40H-48Z' },
};
const ORDER = ['R', 'B', 'K', 'G'];

// Stones: one colour per seat, none of them a card colour.
const STONES = [
  { fill: '#f2b134', ink: '#2b1d00' },
  { fill: '#9b6bdc', ink: '#ffffff' },
  { fill: '#f07aa9', ink: '#2b0014' },
  { fill: '#f4f1e8', ink: '#1d2421' },
];

function star() {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? 21 : 50;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    d += `${i ? 'L' : 'M'}${(r * Math.cos(a)).toFixed(1)} ${(r * Math.sin(a) + 4).toFixed(1)}`;
  }
  return `${d}Z`;
}

const en = (lang) => lang === 'en';

/** A name at the head of a line: « Vous et Colette », not « vous et Colette ». */
const headName = (ctx, seat) => (seat === ctx.seat ? ctx.t('Vous', 'You') : ctx.name(seat));

/** "1 pli", "0 carte Loot", "2 loot cards": French counts 0 and 1 as singular, English only 1. */
function plural(ctx, n, frOne, frMany, enOne, enMany) {
  if (en(ctx.lang)) return n === 1 ? enOne : enMany;
  return n <= 1 ? frOne : frMany;
}

function parse(code) {
  const m = /^([RBKG])([1-9])$/.exec(String(code ?? '').trim().toUpperCase());
  return m ? { colour: m[1], value: m[2] } : null;
}

/** The colour in words: « rouge », "red"; `plural` for « les 1 rouges ». */
function colourWord(c, lang, plural = false) {
  const k = COLOURS[c];
  if (!k) return String(c);
  return en(lang) ? k.en : plural ? k.frs : k.fr;
}

/** A card in words: « 9 rouge », "red 9". */
function cardName(code, lang) {
  const c = parse(code);
  if (!c) return String(code);
  return en(lang) ? `${COLOURS[c.colour].en} ${c.value}` : `${c.value} ${COLOURS[c.colour].fr}`;
}

function shape(colour, x, y, size, fill, extra = '') {
  return `<path d="${COLOURS[colour].d}" fill="${fill}" transform="translate(${x} ${y}) scale(${size / 100})"${extra}/>`;
}

const svg = (body, box = '0 0 100 140') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box}" font-family="${FONT}" aria-hidden="true" focusable="false">${body}</svg>`;

/** The face of a Njet card as SVG markup. */
export function cardSvg(code) {
  const c = parse(code);
  const face = '<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="#fff" stroke="#8c8c8c" stroke-width="1.5"/>';
  if (!c) return svg(`${face}<text x="50" y="76" text-anchor="middle" font-size="16">${String(code).replace(/[&<>"']/g, '')}</text>`);
  const { fill } = COLOURS[c.colour];
  // A 6 and a 9 are underlined, as on printed cards, so that a card upside down is read right.
  const turns = c.value === '6' || c.value === '9';
  const under = (x, y, w, t) => (turns ? `<rect x="${x - w / 2}" y="${y}" width="${w}" height="${t}" rx="${t / 2}" fill="#fff"/>` : '');
  const value = `<text x="19" y="38" text-anchor="middle" font-size="35" font-weight="800" fill="#fff">${c.value}</text>${under(19, 42, 18, 3.5)}`;
  return svg(`${face}<rect x="5" y="5" width="90" height="130" rx="5" fill="${fill}"/>
    <rect x="9" y="9" width="82" height="122" rx="3" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1.2"/>
    ${shape(c.colour, 54, 74, 70, '#fff', ' fill-opacity="0.3"')}
    <text x="54" y="96" text-anchor="middle" font-size="60" font-weight="800" fill="#fff">${c.value}</text>${under(54, 102, 30, 5)}
    ${value}${shape(c.colour, 19, 56, 19, '#fff')}<g transform="rotate(180 50 70)">${value}</g>`);
}

/** A small chip of a colour: its panel and its shape (used on the board and in the conditions). */
function chipSvg(colour, label) {
  const { fill } = COLOURS[colour];
  const inner = label
    ? `<text x="20" y="28" text-anchor="middle" font-size="22" font-weight="800" fill="#fff">${label}</text>`
    : shape(colour, 20, 20, 22, '#fff');
  return svg(`<rect x="1" y="1" width="38" height="38" rx="7" fill="${fill}" stroke="#fff" stroke-width="2"/>${inner}`, '0 0 40 40');
}

/** A card as an element: <span class="card njet-card" role="img" data-card="R5" aria-label="5 rouge">. */
export function cardElement(code, ctx = {}) {
  const el = document.createElement('span');
  el.className = 'card njet-card';
  el.dataset.card = String(code);
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', cardName(code, ctx.lang));
  el.innerHTML = cardSvg(code);
  return el;
}

/** The home page tile: four cards fanned, one of each colour. */
export function icon(ctx) {
  const fan = document.createElement('div');
  fan.className = 'njet-icon';
  ['R9', 'B1', 'K5', 'G7'].forEach((code, i) => {
    const card = cardElement(code, ctx);
    card.style.transform = `rotate(${(i - 1.5) * 9}deg) translateY(${Math.abs(i - 1.5) * 4}px)`;
    fan.append(card);
  });
  return fan;
}

// ---------------------------------------------------------------------------------------------
// The table.

/** A seat's name without the bot's level, for tight places: "Ada", "vous". */
function shortName(ctx, seat) {
  return String(ctx.name(seat)).replace(/\s*\(.*\)\s*$/, '');
}

/** The letters on a seat's stones: the initial of the seat's own name (the same on every screen,
 * « A » for Alice on hers too, not the « V » of « vous »), or two letters when two names share it. */
function initials(ctx, n) {
  const names = Array.from({ length: n }, (_, s) => String(ctx.commonName(s)).replace(/\s*\(.*\)\s*$/, ''));
  const first = names.map((x) => (x.trim()[0] || '?').toUpperCase());
  return names.map((x, s) => (first.filter((f) => f === first[s]).length > 1 ? (x.trim().slice(0, 2) || `${s + 1}`) : first[s]));
}

function stone(ctx, seat, letters, title) {
  const look = STONES[seat % STONES.length];
  return ctx.h('span', {
    class: 'njet-stone', title, 'aria-hidden': 'true',
    style: { background: look.fill, color: look.ink },
  }, letters[seat] || '?');
}

function chip(ctx, colour, label) {
  return ctx.h('span', { class: 'njet-chip', 'aria-hidden': 'true', html: chipSvg(colour, label) });
}

const ROW_WORDS = {
  start: ['Premier joueur', 'Start player'],
  discard: ['Cartes écartées', 'Discard'],
  trump: ['Atout', 'Trump'],
  super: ['Super-atout', 'Super-trump'],
  points: ['Points par pli', 'Points per trick'],
};

/** What a board cell stands for, in words (for labels and aria). */
function cellWords(ctx, row, cell, n) {
  const t = ctx.t;
  switch (row) {
    case 'start': return Number(cell) < n ? ctx.name(Number(cell)) : t('personne', 'nobody');
    case 'discard': return cell === '0' ? t('aucune', 'none') : t(`${cell} ${cell === '1' ? 'carte' : 'cartes'}`, `${cell} ${cell === '1' ? 'card' : 'cards'}`);
    case 'trump': return colourWord(cell, ctx.lang);
    case 'super': return cell === 'none' ? t('aucun', 'none') : t(`les 1 ${colourWord(cell, 'fr', true)}`, `the ${colourWord(cell, 'en')} 1s`);
    case 'points': return cell === '1' ? t('1 point', '1 point') : t(`${cell} points`, `${cell} points`);
    default: return cell;
  }
}

/** What is drawn inside a board cell. */
function cellFace(ctx, row, cell, n) {
  const h = ctx.h;
  switch (row) {
    case 'start': return [h('span', { class: 'njet-cell-big njet-cell-name' }, Number(cell) < n ? shortName(ctx, Number(cell)) : '—')];
    case 'discard': return [h('span', { class: 'njet-cell-big' }, cell), h('span', { class: 'njet-cell-small' }, cell === '0' ? 'Njet' : ctx.t(cell === '1' ? 'carte' : 'cartes', cell === '1' ? 'card' : 'cards'))];
    case 'trump': return [chip(ctx, cell), h('span', { class: 'njet-cell-small' }, colourWord(cell, ctx.lang))];
    case 'super': return cell === 'none'
      ? [h('span', { class: 'njet-cell-big' }, 'Njet'), h('span', { class: 'njet-cell-small' }, ctx.t('aucun', 'none'))]
      : [chip(ctx, cell, '1'), h('span', { class: 'njet-cell-small' }, colourWord(cell, ctx.lang, true))];
    case 'points': return [h('span', { class: 'njet-cell-big' }, cell), h('span', { class: 'njet-cell-small' }, cell === '1' ? 'point' : 'points')];
    default: return [cell];
  }
}

function drawBoard(ctx, view, table, letters, legalSet) {
  const h = ctx.h;
  const t = ctx.t;
  // The start player's cells go round from the observer, in the seat strip's order.
  const first = view.seat === null || view.seat === undefined ? 0 : view.seat;
  const round = (c) => (Number(c.cell) < view.players ? (Number(c.cell) - first + view.players) % view.players : Number(c.cell));
  const rows = table.board.map((row) => {
    const inOrder = row.row === 'start' ? [...row.cells].sort((a, b) => round(a) - round(b)) : row.cells;
    const cells = inOrder.map((c) => {
      const words = cellWords(ctx, row.row, c.cell, view.players);
      const label = ROW_WORDS[row.row] ? t(ROW_WORDS[row.row][0], ROW_WORDS[row.row][1]) : row.row;
      const settled = row.settled === c.cell;
      let state;
      if (c.covered && c.by !== null && c.by !== undefined) state = t(`interdit par ${ctx.name(c.by)}`, `ruled out by ${ctx.name(c.by)}`);
      else if (c.covered) state = t('hors jeu', 'out of play');
      else if (settled) state = t('retenu', 'chosen');
      else state = t('libre', 'free');
      const el = h('div', {
        class: ['njet-cell', c.covered ? 'covered' : '', settled ? 'settled' : ''].join(' '),
        'data-row': row.row, 'data-cell': c.cell,
        'aria-label': `${label} ${words}${t('\u00a0: ', ': ')}${state}`,
      },
      h('span', { class: 'njet-cell-face' }, cellFace(ctx, row.row, c.cell, view.players)),
      c.covered && c.by !== null && c.by !== undefined
        ? stone(ctx, c.by, letters, ctx.isReader(c.by) ? t('Votre Njet', 'Your Njet') : t(`Njet ${de(ctx.name(c.by))}`, `${ctx.name(c.by)}’s Njet`))
        : c.covered ? h('span', { class: 'njet-stone njet-stone-fixed', 'aria-hidden': 'true' }, '×') : null,
      settled ? h('span', { class: 'njet-tick', 'aria-hidden': 'true' }, '✓') : null);
      const action = `njet ${row.row} ${c.cell}`;
      if (legalSet.has(action)) ctx.offer(el, [action]);
      return el;
    });
    const label = ROW_WORDS[row.row] || [row.row, row.row];
    return h('div', { class: 'njet-row' + (row.settled !== null && row.settled !== undefined ? ' is-settled' : ''), 'data-row': row.row, role: 'group', 'aria-label': t(label[0], label[1]) },
      h('div', { class: 'njet-row-label' }, t(label[0], label[1])),
      h('div', { class: 'njet-cells', style: { gridTemplateColumns: `repeat(${row.cells.length}, minmax(0, 1fr))` } }, cells));
  });
  // The legend: whose stone is whose, and the stones each still places.
  const njetPhase = table.phase === 'njet';
  const legend = h('ul', { class: 'njet-legend', 'aria-label': t('Les pierres', 'The stones') },
    table.seats.map((s) => h('li', { class: (view.turn || []).includes(s.seat) && njetPhase ? 'turn' : '' },
      stone(ctx, s.seat, letters, ''),
      h('span', {}, shortName(ctx, s.seat)),
      njetPhase ? h('span', { class: 'njet-left' }, t(`${s.stones_left} ${s.stones_left <= 1 ? 'pierre' : 'pierres'}`, `${s.stones_left} ${s.stones_left === 1 ? 'stone' : 'stones'}`)) : null)));
  const head = h('div', { class: 'njet-board-head' },
    h('h3', {}, t('Le plateau', 'The board')),
    njetPhase
      ? h('span', { class: 'njet-board-count' }, t(`${table.stones_left} ${table.stones_left <= 1 ? 'pierre reste' : 'pierres restent'} à poser`, `${table.stones_left} ${table.stones_left === 1 ? 'stone' : 'stones'} left to place`))
      : null);
  return h('section', { class: 'njet-board' + (njetPhase ? '' : ' compact'), 'aria-label': t('Le plateau', 'The board') }, head, rows, legend);
}

/** The conditions in force: from `conditions`, or what the board has settled so far. */
function drawConditions(ctx, view, table) {
  const h = ctx.h;
  const t = ctx.t;
  const settled = {};
  for (const row of table.board) settled[row.row] = row.settled;
  const known = (x) => x !== null && x !== undefined;
  const cond = table.conditions || {
    start: known(settled.start) ? Number(settled.start) : null,
    discard: known(settled.discard) ? Number(settled.discard) : null,
    trump: settled.trump ?? null,
    super_trump: !known(settled.super) ? undefined : settled.super === 'none' ? null : settled.super,
    points: known(settled.points) ? Number(settled.points) : null,
  };
  const unknown = () => h('span', { class: 'njet-unknown' }, '?');
  const item = (key, label, title, ...value) => h('li', { 'data-condition': key, title: title || null },
    h('span', { class: 'njet-cond-label' }, label),
    h('span', { class: 'njet-cond-value' }, ...value));
  const pts = cond.points;
  return h('ul', { class: 'njet-conditions', 'aria-label': t('Les conditions de la manche', 'The round’s conditions') },
    item('round', t('Manche', 'Round'), null, t(`${view.round} sur ${table.rounds}`, `${view.round} of ${table.rounds}`)),
    item('start', t('Premier joueur', 'Start player'), null, cond.start === null ? unknown() : shortName(ctx, cond.start)),
    item('trump', t('Atout', 'Trump'), null, cond.trump ? [chip(ctx, cond.trump), colourWord(cond.trump, ctx.lang)] : unknown()),
    item('super', t('Super-atout', 'Super-trump'), cond.super_trump ? t(`Les deux 1 ${colourWord(cond.super_trump, 'fr', true)} battent tout\u00a0; le dernier joué l’emporte.`, `Both ${colourWord(cond.super_trump, 'en')} 1s beat everything; the last one played wins.`) : null,
      cond.super_trump === undefined ? unknown()
        : cond.super_trump === null ? t('aucun', 'none')
          : [chip(ctx, cond.super_trump, '1'), t(`les 1 ${colourWord(cond.super_trump, 'fr', true)}`, `${colourWord(cond.super_trump, 'en')} 1s`)]),
    item('discard', t('Écart', 'Discard'), null, cond.discard === null ? unknown()
      : cond.discard === 0 ? t('aucun', 'none') : t(`${cond.discard} ${cond.discard === 1 ? 'carte' : 'cartes'}`, `${cond.discard} ${cond.discard === 1 ? 'card' : 'cards'}`)),
    item('points', t('Points', 'Points'), pts === null ? null : t(`${pts} ${pts === 1 ? 'point' : 'points'} par pli et par carte Loot`, `${pts} ${pts === 1 ? 'point' : 'points'} per trick and per loot card`),
      pts === null ? unknown() : t(`${pts} par pli`, `${pts} per trick`)));
}

/** The group a card plays in: its colour, or the trump colour for trumps and super-trumps. */
function groupOf(code, cond) {
  const c = parse(code);
  if (!c) return null;
  if (!cond) return c.colour;
  if (cond.super_trump && c.colour === cond.super_trump && c.value === '1') return cond.trump;
  return c.colour;
}

function isSuper(code, cond) {
  const c = parse(code);
  return !!(c && cond && cond.super_trump && c.colour === cond.super_trump && c.value === '1');
}

function card(ctx, code, cond) {
  const el = cardElement(code, ctx);
  if (isSuper(code, cond)) {
    el.classList.add('njet-super');
    el.setAttribute('aria-label', `${el.getAttribute('aria-label')}${ctx.t(' (super-atout)', ' (super-trump)')}`);
  }
  return el;
}

/** The trick: one place per seat in playing order from the leader, the winner so far lit. */
function drawTrick(ctx, view, table) {
  const h = ctx.h;
  const t = ctx.t;
  const cond = table.conditions;
  const current = table.trick;
  const showLast = (!current || !current.cards.length) && table.last_trick;
  const trick = current && current.cards.length ? current : showLast ? table.last_trick : current;
  if (!trick) return null;
  const n = view.players;
  const done = table.seats.reduce((sum, s) => sum + s.tricks, 0);
  const playedNow = new Set((current ? current.cards : []).map((c) => c.seat));
  const remaining = Math.max(0, ...table.seats.map((s) => s.cards + (playedNow.has(s.seat) ? 1 : 0)));
  const total = done + remaining;
  const places = [];
  for (let i = 0; i < n; i++) {
    const seat = (trick.leader + i) % n;
    const laid = trick.cards.find((c) => c.seat === seat);
    const winning = laid && trick.winning === seat;
    const waiting = !laid && (view.turn || []).includes(seat) && trick === current;
    places.push(h('div', { class: ['njet-place', winning ? 'winning' : '', waiting ? 'waiting' : ''].join(' '), 'data-seat': seat },
      laid ? card(ctx, laid.card, cond) : h('span', { class: 'njet-slot', 'aria-hidden': 'true' }),
      h('span', { class: 'njet-place-name' }, i === 0 ? h('span', { class: 'njet-lead', title: t('entame', 'leads') }, '▶ ') : null, shortName(ctx, seat)),
      winning ? h('span', { class: 'njet-badge win' }, showLast ? t('a gagné', 'won') : t('gagne', 'winning')) : null));
  }
  // « vous entamez » / "you lead" for the reader, whose name the table gives as « vous » / "you".
  const leads = (s) => (ctx.isReader(s)
    ? t('vous entamez', 'you lead')
    : t(`${ctx.name(s)} entame`, `${ctx.name(s)} leads`));
  let title;
  let sub = null;
  if (showLast) {
    title = t(`Dernier pli, remporté par ${ctx.name(trick.winning)}`, `Last trick, won by ${ctx.name(trick.winning)}`);
    if (current) sub = t(`Pli ${done + 1} sur ${total}\u00a0: `, `Trick ${done + 1} of ${total}: `) + leads(current.leader) + '.';
  } else {
    title = t(`Pli ${done + 1} sur ${total}`, `Trick ${done + 1} of ${total}`);
    const trumpLed = cond && trick.led === cond.trump;
    const who = leads(trick.leader);
    sub = who.charAt(0).toUpperCase() + who.slice(1)
      + (trick.led ? t(`\u00a0; demandé\u00a0: ${colourWord(trick.led, 'fr')}${trumpLed ? ' (atout)' : ''}.`, `; led: ${colourWord(trick.led, 'en')}${trumpLed ? ' (trump)' : ''}.`) : '.');
  }
  return h('section', { class: 'njet-trick' + (showLast ? ' last' : ''), 'aria-label': t('Le pli', 'The trick') },
    h('h3', {}, title),
    sub ? h('p', { class: 'njet-sub' }, sub) : null,
    h('div', { class: 'njet-places' }, places));
}

/** The start player's choice of partner: a button per seat he may choose (and "alone"). */
function drawPartner(ctx, view, table, legal) {
  const h = ctx.h;
  const t = ctx.t;
  const start = table.conditions ? table.conditions.start : null;
  if (start === null) return null;
  const choices = legal.filter((a) => a.action.startsWith('partner ') || a.action === 'alone');
  const mine = view.seat === start;
  const others = Array.from({ length: view.players }, (_, s) => s).filter((s) => s !== start);
  const buttons = others.map((s) => {
    const el = h('div', { class: 'njet-pick', 'data-seat': s }, h('span', { class: 'njet-pick-name' }, ctx.name(s)));
    ctx.offer(el, choices.filter((a) => a.action === `partner ${s}`));
    return el;
  });
  if (view.players === 3) {
    const alone = h('div', { class: 'njet-pick alone' }, h('span', { class: 'njet-pick-name' }, t('Seul contre deux', 'Alone against two')));
    ctx.offer(alone, choices.filter((a) => a.action === 'alone'));
    buttons.push(alone);
  }
  return h('section', { class: 'njet-partner', 'aria-label': t('Le partenaire', 'The partner') },
    h('h3', {}, mine ? t('Votre partenaire', 'Your partner') : t(`Le partenaire ${de(ctx.name(start))}`, `${ctx.name(start)}’s partner`)),
    h('div', { class: 'njet-picks' }, buttons));
}

/** The discards: during the discard phase who still owes cards (and the observer's own, face
 * up); afterwards only the observer's own, as a reminder (every seat's in a replay). */
function drawDiscards(ctx, view, table) {
  const h = ctx.h;
  const t = ctx.t;
  const need = table.conditions ? table.conditions.discard : 0;
  if (!need) return null;
  const during = table.phase === 'discard';
  const title = t(`Écart\u00a0: ${need} ${need === 1 ? 'carte' : 'cartes'} chacun, hors jeu`, `Discard: ${need} ${need === 1 ? 'card' : 'cards'} each, out of play`);
  const rows = [];
  for (const s of table.seats) {
    const own = ctx.replay && ctx.views ? ctx.views[s.seat].table.discards : s.seat === view.seat ? table.discards : null;
    if (!during && !(Array.isArray(own) && own.length)) continue;
    const left = s.to_discard;
    const status = !during ? null : left
      ? t(`encore ${left} ${left === 1 ? 'carte' : 'cartes'} à écarter`, `${left} more ${left === 1 ? 'card' : 'cards'} to lay aside`)
      : t(`${s.discarded} ${s.discarded <= 1 ? 'carte écartée' : 'cartes écartées'}`, `${s.discarded} ${s.discarded === 1 ? 'card' : 'cards'} laid aside`);
    rows.push(h('li', { class: left ? 'owes' : '', 'data-seat': s.seat },
      h('span', { class: 'njet-discard-name' }, ctx.name(s.seat)),
      Array.isArray(own) && own.length ? h('span', { class: 'njet-discard-cards' }, own.map((c) => card(ctx, c, table.conditions))) : null,
      status ? h('span', { class: 'njet-discard-status' }, status) : null));
  }
  if (!rows.length) return null;
  return h('section', { class: 'njet-discards' + (during ? '' : ' after'), 'aria-label': t('Les cartes écartées', 'The cards laid aside') },
    h('h3', {}, title), h('ul', {}, rows));
}

/** The teams (once chosen): members, tricks, loot, what each member would score. */
function drawTeams(ctx, view, table) {
  const h = ctx.h;
  const t = ctx.t;
  if (!table.teams || !table.teams.length) return null;
  const start = table.conditions ? table.conditions.start : null;
  const voids = (s) => {
    const list = (table.seats[s] && table.seats[s].voids) || [];
    if (!list.length) return null;
    const words = list.map((c) => colourWord(c, ctx.lang)).join(', ');
    return h('span', { class: 'njet-voids', title: t(`n’a plus de\u00a0: ${words}`, `has no more: ${words}`), 'aria-label': t(`n’a plus de\u00a0: ${words}`, `has no more: ${words}`) },
      t('sans ', 'no '), list.map((c) => h('span', { class: 'njet-void' }, chip(ctx, c))));
  };
  return h('section', { class: 'njet-teams', 'aria-label': t('Les équipes', 'The teams') },
    table.teams.map((team, i) => h('div', { class: 'njet-team' + (team.seats.includes(view.seat) ? ' mine' : ''), 'data-team': i },
      h('div', { class: 'njet-team-members' }, team.seats.map((s, k) => h('span', { class: 'njet-member' },
        h('b', {}, k === 0 ? headName(ctx, s) : ctx.name(s)), s === start ? h('span', { class: 'njet-star', title: t('premier joueur', 'start player') }, '★') : null, voids(s)))),
      h('div', { class: 'njet-team-score' },
        h('span', { 'data-tricks': team.tricks }, h('b', {}, team.tricks), ' ', plural(ctx, team.tricks, 'pli', 'plis', 'trick', 'tricks')),
        h('span', { 'data-loot': team.loot }, h('b', {}, team.loot), ' ', plural(ctx, team.loot, 'carte Loot', 'cartes Loot', 'loot card', 'loot cards')),
        h('span', { class: 'njet-points' }, '= ', h('b', {}, team.points), ' ', team.points === 1 || (ctx.lang !== 'en' && team.points === 0) ? 'point' : 'points',
          team.seats.length > 1 ? t(' chacun', ' each') : '', team.doubled ? t(' (doublés)', ' (doubled)') : '')))));
}

/**
 * For the round's dialog: each team's tricks and loot, the last trick counted in, and the
 * points they made each (`before` is the table just before the round's last card).
 */
export function roundSummary(before, events, ctx) {
  const h = ctx.h;
  const t = ctx.t;
  const teams = before.table && before.table.teams;
  const scored = events.find((e) => e.type === 'round_scored');
  if (!teams || !teams.length || !scored) return null;
  const won = events.find((e) => e.type === 'trick_won');
  return h('table', { class: 'sheet njet-round-teams', 'data-round-teams': '' },
    h('thead', {}, h('tr', {}, h('th', {}, t('Équipe', 'Team')), h('th', {}, t('Plis', 'Tricks')), h('th', {}, t('Cartes Loot', 'Loot cards')), h('th', {}, t('Points chacun', 'Points each')))),
    h('tbody', {}, teams.map((team) => {
      const last = won && team.seats.includes(won.seat);
      const tricks = team.tricks + (last ? 1 : 0);
      const loot = team.loot + (last ? won.loot : 0);
      return h('tr', {},
        h('td', {}, team.seats.map((s, k) => (k === 0 ? headName(ctx, s) : ctx.name(s))).join(t(' et ', ' and '))),
        h('td', {}, tricks), h('td', {}, loot),
        h('td', {}, scored.points[team.seats[0]]));
    })));
}

/** The hand, grouped by colour, the trump group last and marked. */
function drawHand(ctx, view, table, legal) {
  const h = ctx.h;
  const t = ctx.t;
  const hand = table.hand;
  if (!Array.isArray(hand) || !hand.length) return null;
  const cond = table.conditions;
  const byCard = new Map();
  for (const a of legal) {
    const [verb, code] = a.action.split(' ');
    if ((verb === 'play' || verb === 'discard') && code) {
      if (!byCard.has(code)) byCard.set(code, []);
      byCard.get(code).push(a.action);
    }
  }
  const order = cond ? [...ORDER.filter((c) => c !== cond.trump), cond.trump] : ORDER;
  const groups = order.map((g) => {
    const cards = hand.filter((c) => groupOf(c, cond) === g);
    if (!cards.length) return null;
    const trump = cond && g === cond.trump;
    return h('div', { class: 'njet-group' + (trump ? ' trump' : ''), 'data-group': g },
      trump ? h('span', { class: 'njet-group-label' }, t('atout', 'trump')) : null,
      cards.map((c) => {
        const el = card(ctx, c, cond);
        const actions = byCard.get(c);
        if (actions) ctx.offer(el, actions);
        return el;
      }));
  });
  // The hand drawn is the reader's: in a replay, the seat it is seen from, named « vous ».
  const title = t('Votre main', 'Your hand');
  return h('section', { class: 'njet-hand', 'aria-label': title, 'data-own-hand': ctx.replay ? null : '' },
    h('h3', {}, title, ' ', h('span', { class: 'njet-count' }, t(`(${hand.length} ${hand.length <= 1 ? 'carte' : 'cartes'})`, `(${hand.length} ${hand.length === 1 ? 'card' : 'cards'})`))),
    h('div', { class: 'hand njet-hand-cards' }, groups));
}

/** One line saying what the table waits for. */
function status(ctx, view, table) {
  const t = ctx.t;
  const mine = view.seat !== null && view.seat !== undefined && (view.turn || []).includes(view.seat) && !ctx.replay;
  const who = (view.turn || []).map((s) => ctx.name(s)).join(', ');
  // A replay names the seat it is seen from « vous »: its sentences take the second person.
  const you = ctx.replay && (view.turn || []).length === 1 && ctx.isReader(view.turn[0]);
  const round = t(`Manche ${view.round} sur ${table.rounds}`, `Round ${view.round} of ${table.rounds}`);
  let line = '';
  // Nobody on turn (a table still waiting for its players): the phase is not yet anyone's.
  const phase = who || mine || you || table.phase === 'over' ? table.phase : null;
  switch (phase) {
    case 'njet': {
      const left = table.seats[view.seat] ? table.seats[view.seat].stones_left : 0;
      line = mine
        ? t(`Njet\u00a0! Posez une pierre sur une option à interdire (il vous en reste ${left}).`, `Njet! Place a stone on an option to rule it out (you have ${left} left).`)
        : you
          ? t('Phase Njet\u00a0: vous interdisez une option.', 'Njet phase: you are ruling out an option.')
          : t(`Phase Njet\u00a0: ${who} interdit une option.`, `Njet phase: ${who} is ruling out an option.`);
      break;
    }
    case 'partner':
      line = mine
        ? t('Vous êtes premier joueur\u00a0: choisissez votre partenaire, puis vous entamez le premier pli.', 'You are the start player: choose your partner, then you lead the first trick.')
        : you
          ? t('Vous choisissez votre partenaire.', 'You are choosing a partner.')
          : t(`${who} choisit son partenaire.`, `${who} is choosing a partner.`);
      break;
    case 'discard': {
      const me = table.seats[view.seat];
      line = mine && me
        ? t(`Écartez encore ${me.to_discard} ${me.to_discard === 1 ? 'carte' : 'cartes'} de votre main.`, `Lay aside ${me.to_discard} more ${me.to_discard === 1 ? 'card' : 'cards'} from your hand.`)
        : t(`Écart en cours\u00a0: ${who}.`, `Laying aside: ${who}.`);
      break;
    }
    case 'play':
      line = mine ? t('À vous de jouer une carte.', 'Your card to play.') : t(`${who} joue.`, `${who} is playing.`);
      break;
    case 'over':
      line = t('La partie est finie.', 'The match is over.');
      break;
    default:
      break;
  }
  return ctx.h('p', { class: 'njet-status' }, table.phase === 'njet' ? [ctx.h('span', { class: 'njet-round' }, round), ' '] : null, line);
}

export function render(area, view, ctx) {
  while (area.firstChild) area.removeChild(area.firstChild);
  const h = ctx.h;
  const table = view.table;
  const legal = ctx.replay ? [] : view.legal || [];
  const legalSet = new Set(legal.map((a) => a.action));
  const letters = initials(ctx, view.players);
  const phase = table.phase;
  const root = h('div', { class: `njet phase-${phase}`, 'data-phase': phase });
  const board = drawBoard(ctx, view, table, letters, legalSet);
  const hand = drawHand(ctx, view, table, legal);
  if (phase === 'njet') {
    root.append(status(ctx, view, table), board, hand || '');
  } else {
    const middle = phase === 'partner' ? drawPartner(ctx, view, table, legal)
      : phase === 'discard' ? drawDiscards(ctx, view, table)
        : drawTrick(ctx, view, table);
    const teams = drawTeams(ctx, view, table);
    root.append(
      phase === 'play' || phase === 'over' ? '' : status(ctx, view, table),
      drawConditions(ctx, view, table),
      h('div', { class: 'njet-middle' }, middle, teams),
      hand || '',
      h('div', { class: 'njet-aside' }, board, phase === 'discard' ? null : drawDiscards(ctx, view, table)));
  }
  area.append(root);
}
