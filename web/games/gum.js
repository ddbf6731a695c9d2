// Battle GUM — the game's part of the browser table (docs/client-view/gum.md).
//
// The table reads top to bottom in playing order: the other seats (clockwise from the observer),
// the centre (stock, the pile with its top cards fanned and what must be laid on it, the burnt
// cards), then the observer's own table cards and hand. Every legal action is offered on the
// thing it concerns: a value in hand (all the ways to lay that value, so one click opens "play 7",
// "play 7 7"…), a face-up card (swap, take, or play it), a face-down slot (reveal), the pile
// (pick it up, accept it), a seat's area (give it the pile). `ready` and `keep` are left to the
// shell's buttons.
//
// The cards are the game's own 54-card deck, drawn here in SVG: values 1 to 13 as big numbers
// (a large corner index, so a card is read from its left strip when cards overlap), the special
// values in their own colour with a small emblem of their power, the 13 on gold with a crown,
// and the Ninja (00) as a masked ninja with a shuriken. Every SVG is self-contained (no ids).

import { de } from '../i18n.js';

const FONT = "system-ui, 'DejaVu Sans', sans-serif";
const INK = '#1b2233';

// The powers, in both languages, for titles and reader labels.
const POWER = {
  '00': ['se pose sur tout, à son tour', 'goes on anything, in turn'],
  1: ['la plus petite\u00a0; contre un 13', 'the lowest; counters a 13'],
  6: ['le suivant pose de 1 à 6', 'the next one lays 1 to 6'],
  8: ['saute le joueur suivant', 'skips the next player'],
  9: ['brûle le tas', 'burns the pile'],
  13: ['donne le tas à un joueur', 'gives the pile to a player'],
};

// Colours per value: the specials stand out, plain values are ink on white.
const LOOK = {
  1: { ink: '#00695c', face: '#e6f4f1', edge: '#00897b' },
  6: { ink: '#6a1b9a', face: '#f3e8f8', edge: '#8e24aa' },
  8: { ink: '#c43e00', face: '#fff1e6', edge: '#ef6c00' },
  9: { ink: '#b71c1c', face: '#fdecea', edge: '#e53935' },
  13: { ink: '#8a1010', face: '#f8d868', edge: '#8a1010' },
};
const PLAIN = { ink: INK, face: '#ffffff', edge: '#8c8c8c' };

const svg = (body, label) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" font-family="${FONT}" aria-hidden="true" focusable="false"${label ? ` data-v="${label}"` : ''}>${body}</svg>`;

// A four-pointed throwing star centred on x,y, of radius r, with its hole.
function shuriken(x, y, r, fill, hole) {
  const k = r * 0.28;
  const d = `M${x} ${y - r}L${x + k} ${y - k}L${x + r} ${y}L${x + k} ${y + k}L${x} ${y + r}L${x - k} ${y + k}L${x - r} ${y}L${x - k} ${y - k}Z`;
  return `<path d="${d}" fill="${fill}" transform="rotate(20 ${x} ${y})"/><circle cx="${x}" cy="${y}" r="${r * 0.16}" fill="${hole}"/>`;
}

// The small emblem of a special value, drawn in a 24×24 box at x,y.
function emblem(v, x, y, color) {
  const g = (body) => `<g transform="translate(${x} ${y})">${body}</g>`;
  switch (v) {
    case 1: // a shield: the counter to a 13
      return g(`<path d="M12 1L22 5V12C22 18 17 22 12 24C7 22 2 18 2 12V5Z" fill="${color}"/><path d="M12 6V19" stroke="#fff" stroke-width="2.2"/>`);
    case 6: // "at most": a downward chevron under a bar
      return g(`<path d="M3 4H21" stroke="${color}" stroke-width="3.2" stroke-linecap="round"/><path d="M4 10L12 20L20 10" fill="none" stroke="${color}" stroke-width="3.6" stroke-linecap="round" stroke-linejoin="round"/>`);
    case 8: // a skip: an arrow jumping over a dot
      return g(`<circle cx="12" cy="19" r="3.4" fill="${color}"/><path d="M2 17C3 6 19 4 21 13" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round"/><path d="M15.5 12.5L21.5 15L23 8.5" fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`);
    case 9: // a flame: the pile burns
      return g(`<path d="M12 0C14 6 21 9 21 16C21 21 17 24 12 24C7 24 3 21 3 16C3 11 7 9 8 4C10 8 11 9 12 10C13 7 13 4 12 0Z" fill="${color}"/><path d="M12 12C13 15 16 16 16 19C16 21.5 14 23 12 23C10 23 8 21.5 8 19C8 17 10 16 12 12Z" fill="#ffca28"/>`);
    case 13: // a crown: the card that gives the pile away
      return g(`<path d="M1 20L2 6L8 12L12 2L16 12L22 6L23 20Z" fill="${color}" stroke="#5a0a0a" stroke-width="1.2" stroke-linejoin="round"/><rect x="1" y="20" width="22" height="3.5" rx="1" fill="#5a0a0a"/>`);
    default:
      return '';
  }
}

function numberFace(v) {
  const look = LOOK[v] || PLAIN;
  const text = String(v);
  const wide = text.length > 1;
  const special = !!LOOK[v];
  let body = `<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="8" fill="${look.face}" stroke="${look.edge}" stroke-width="1.5"/>`;
  if (v === 13) {
    // The 13 is framed twice in dark red on gold, so it is told from afar.
    body += '<rect x="5" y="5" width="90" height="130" rx="5" fill="none" stroke="#8a1010" stroke-width="2.5"/>'
      + '<rect x="9.5" y="9.5" width="81" height="121" rx="3" fill="none" stroke="#8a1010" stroke-width="0.8" stroke-dasharray="3 2"/>';
  } else if (special) {
    body += `<rect x="5" y="5" width="90" height="130" rx="5" fill="none" stroke="${look.edge}" stroke-width="1.2" opacity="0.6"/>`;
  }
  // The corner index: big enough to read on the 20 px strip of an overlapped card on a phone.
  const fit = wide ? ' textLength="40" lengthAdjust="spacingAndGlyphs"' : '';
  const index = `<text x="${wide ? 8 : 10}" y="37" font-size="34" font-weight="800" fill="${look.ink}"${fit}>${text}</text>`;
  body += index + `<g transform="rotate(180 50 70)">${index}</g>`;
  // The middle: the number again, larger, with the emblem of a special value above it.
  const bigFit = wide ? ' textLength="62" lengthAdjust="spacingAndGlyphs"' : '';
  body += `<text x="50" y="${special ? 98 : 91}" text-anchor="middle" font-size="${wide ? 50 : 56}" font-weight="800" fill="${look.ink}"${bigFit}>${text}</text>`;
  if (special) body += emblem(v, 64, 10, look.ink);
  return svg(body);
}

function ninjaFace() {
  const bg = '#222838';
  let body = `<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="8" fill="${bg}" stroke="#0d0f16" stroke-width="1.5"/>`
    + '<rect x="5" y="5" width="90" height="130" rx="5" fill="none" stroke="#c9ced8" stroke-width="1" opacity="0.5"/>';
  const index = '<text x="8" y="37" font-size="34" font-weight="800" fill="#ffffff" textLength="40" lengthAdjust="spacingAndGlyphs">00</text>';
  body += index + `<g transform="rotate(180 50 70)">${index}</g>`;
  body += shuriken(80, 20, 11, '#c9ced8', bg);
  body += `<g transform="rotate(180 50 70)">${shuriken(80, 20, 11, '#c9ced8', bg)}</g>`;
  // The ninja: a hooded head, the eye slit, a red headband whose tails fly to the right.
  body += '<path d="M70 56C80 50 88 52 92 46C90 56 82 60 72 62Z" fill="#d32f2f"/>'
    + '<path d="M70 62C82 62 88 68 94 64C90 72 80 72 70 68Z" fill="#b71c1c"/>'
    + '<circle cx="48" cy="72" r="27" fill="#0b0d13" stroke="#5b6478" stroke-width="1.5"/>'
    + '<path d="M21.5 62H74.5V67H21.5Z" fill="#d32f2f"/>'
    + '<path d="M24 70Q48 64 72 70L72 80Q48 86 24 80Z" fill="#f2c9a0"/>'
    + '<path d="M31 75Q37 70 44 75Q37 79 31 75Z" fill="#fff"/><circle cx="38.5" cy="75" r="2.6" fill="#111"/>'
    + '<path d="M52 75Q59 70 65 75Q59 79 52 75Z" fill="#fff"/><circle cx="58.5" cy="75" r="2.6" fill="#111"/>'
    + '<path d="M30 70L44 73M66 70L52 73" stroke="#111" stroke-width="2.2" stroke-linecap="round"/>';
  return svg(body);
}

/** The face of a GUM card as SVG markup: "1"…"13", or "00" the Ninja. */
export function cardSvg(code) {
  const c = String(code);
  if (c === '00') return ninjaFace();
  const v = Number(c);
  if (Number.isInteger(v) && v >= 1 && v <= 13) return numberFace(v);
  return svg(`<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="8" fill="#fff" stroke="#8c8c8c" stroke-width="1.5"/><text x="50" y="78" text-anchor="middle" font-size="18" fill="${INK}">${c.replace(/[&<>"']/g, '')}</text>`);
}

/** The back of every GUM card: indigo, a shuriken, GUM. */
export function backSvg() {
  const bg = '#2c3578';
  return svg('<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="8" fill="#fff" stroke="#8c8c8c" stroke-width="1.5"/>'
    + `<rect x="6" y="6" width="88" height="128" rx="5" fill="${bg}"/>`
    + '<rect x="10" y="10" width="80" height="120" rx="3" fill="none" stroke="#e8b84a" stroke-width="1.4"/>'
    + shuriken(50, 58, 24, '#e8b84a', bg)
    + '<text x="50" y="113" text-anchor="middle" font-size="22" font-weight="900" fill="#e8b84a" letter-spacing="2">GUM</text>');
}

const tongue = (ctx) => (ctx && ctx.lang === 'en' ? 'en' : 'fr');
const pick = (ctx, fr, en) => (ctx && ctx.t ? ctx.t(fr, en) : tongue(ctx) === 'en' ? en : fr);

/** A card's value in words, the same in both languages: "7", "Ninja". */
export function cardName(code, ctx) {
  if (String(code) === '00') return 'Ninja';
  return String(code);
}

function cardLabel(code, ctx) {
  const power = POWER[String(code)];
  const base = String(code) === '00'
    ? pick(ctx, 'Ninja (00)', 'Ninja (00)')
    : pick(ctx, `Carte ${code}`, `Card ${code}`);
  return power ? `${base}${pick(ctx, '\u00a0: ', ': ')}${pick(ctx, ...power)}` : base;
}

/** A card as an element: <span class="card gum-card" role="img" data-card="7" aria-label="…">. */
export function cardElement(code, ctx, opts = {}) {
  const el = document.createElement('span');
  el.className = `card gum-card${opts.small ? ' card-small' : ''}`;
  el.setAttribute('role', 'img');
  el.dataset.card = String(code);
  const label = cardLabel(code, ctx);
  el.setAttribute('aria-label', label);
  el.title = label;
  el.innerHTML = cardSvg(code);
  return el;
}

function backElement(ctx, opts = {}) {
  const el = document.createElement('span');
  el.className = `card gum-card card-back${opts.small ? ' card-small' : ''}`;
  el.setAttribute('role', 'img');
  el.setAttribute('aria-label', pick(ctx, 'carte face cachée', 'face-down card'));
  el.innerHTML = backSvg();
  return el;
}

/** The home page tile: four cards fanned, the Ninja and the 13 among them. */
export function icon(ctx) {
  const box = document.createElement('div');
  box.className = 'gum-icon';
  const angles = [-14, -5, 5, 14];
  ['6', '9', '00', '13'].forEach((c, i) => {
    const el = cardElement(c, ctx);
    el.style.transform = `rotate(${angles[i]}deg) translateY(${Math.abs(angles[i]) / 2.5}px)`;
    box.append(el);
  });
  return box;
}

// ---------------------------------------------------------------------------------------------
// Words.

const NB = '\u00a0';

function countWords(ctx, n, frOne, frMany, enOne, enMany) {
  if (tongue(ctx) === 'fr') return `${n}${NB}${n <= 1 ? frOne : frMany}`;
  return `${n}${NB}${n === 1 ? enOne : enMany}`;
}

function placeWords(ctx, place) {
  // French ordinals with their letters raised: « 1ᵉʳ », « 2ᵉ ».
  if (tongue(ctx) === 'fr') return place === 1 ? '1\u1d49\u02b3' : `${place}\u1d49`;
  const s = place % 100 >= 11 && place % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[place % 10] || 'th');
  return `${place}${s}`;
}

function needWords(ctx, req) {
  if (!req || req.kind === 'any') return pick(ctx, 'n’importe quelle carte', 'any card');
  if (req.kind === 'at_most') return pick(ctx, 'une carte de 1 à 6', 'a card from 1 to 6');
  return pick(ctx, `${req.value} ou plus`, `${req.value} or higher`);
}

// A sentence's subject: « Ada » or « Vous » with its verb agreed ("Ada a posé" / « Vous avez posé »).
function who(ctx, s) {
  return s === ctx.seat ? pick(ctx, 'Vous', 'You') : ctx.name(s);
}

// ---------------------------------------------------------------------------------------------
// The table.

function verbOf(a) {
  return a.action.split(' ')[0];
}

function argsOf(a) {
  return a.action.split(' ').slice(1);
}

/** Every seat has its zone here, one's own included: the shell draws no players' strip. */
export const seatTiles = true;

export function render(area, view, ctx) {
  const t = view.table || {};
  const h = ctx.h;
  const legal = ctx.replay ? [] : view.legal || [];
  const me = ctx.seat === null || ctx.seat === undefined ? null : ctx.seat;
  const seats = t.seats || [];
  const n = view.players || seats.length;
  const turn = new Set(view.turn || []);
  const hand = Array.isArray(t.hand) ? t.hand : null;
  const mySeat = me === null ? null : seats[me];
  const handValues = new Set(hand || []);

  // Which legal action goes on which thing.
  const onHand = new Map(); // value -> actions
  const onFaceUp = new Map(); // value -> actions
  const onFaceDown = new Map(); // position -> actions
  const onSeat = new Map(); // seat -> actions
  const onPile = [];
  const add = (map, key, a) => { if (!map.has(key)) map.set(key, []); map.get(key).push(a); };
  for (const a of legal) {
    const verb = verbOf(a);
    const args = argsOf(a);
    if (verb === 'swap') {
      add(onHand, args[0], a);
      add(onFaceUp, args[1], a);
    } else if (verb === 'play') {
      if (handValues.has(args[0])) add(onHand, args[0], a);
      else add(onFaceUp, args[0], a);
    } else if (verb === 'take') {
      add(onFaceUp, args[0], a);
    } else if (verb === 'reveal') {
      add(onFaceDown, Number(args[0]), a);
    } else if (verb === 'give') {
      add(onSeat, Number(args[0]), a);
    } else if (verb === 'pickup' || verb === 'accept') {
      onPile.push(a);
    }
  }

  const root = h('div', { class: 'gum-table' + (view.may_react ? ' gum-react' : '') });
  // The words speak to `me`, the reader: in a replay, the seat it is seen from, named « vous ».
  root.append(banner(view, t, ctx, legal, me));

  // The other seats, clockwise from the observer (a spectator sees every seat here).
  const order = [];
  const first = me === null ? 0 : (me + 1) % n;
  for (let i = 0; i < n; i++) {
    const s = (first + i) % n;
    if (s !== me) order.push(s);
  }
  const others = h('div', { class: 'gum-others', 'aria-label': pick(ctx, 'Les autres joueurs', 'The other players') });
  for (const s of order) {
    if (seats[s]) others.append(seatZone(view, t, ctx, seats[s], onSeat.get(s), false, {}));
  }
  root.append(others);

  root.append(centre(view, t, ctx, onPile));

  if (mySeat) {
    root.append(seatZone(view, t, ctx, mySeat, onSeat.get(me), true, { onHand, onFaceUp, onFaceDown, hand }));
  }
  area.append(root);
}

function banner(view, t, ctx, legal, me) {
  const h = ctx.h;
  const live = !ctx.replay;
  const lines = [];
  let hot = false;
  const turnSeat = (view.turn || [])[0];
  const mine = me !== null && (view.turn || []).includes(me);
  const pileCount = (t.pile || []).length;
  const pileWords = countWords(ctx, pileCount, 'carte', 'cartes', 'card', 'cards');
  switch (t.phase) {
    case 'swap': {
      const waiting = (view.turn || []).filter((s) => s !== me).map((s) => ctx.name(s));
      if (mine && live) {
        lines.push(pick(ctx,
          `Avant de jouer${NB}: échangez des cartes de votre main avec vos cartes visibles (cliquez sur une carte), puis «${NB}terminer les échanges${NB}».`,
          'Before play: swap hand cards with your face-up cards (click a card), then “finish swapping”.'));
      } else {
        lines.push(pick(ctx, 'Échanges avant la partie.', 'Swapping before play.'));
      }
      if (waiting.length) lines.push(sub(h, pick(ctx, `Pas encore prêts${NB}: ${waiting.join(', ')}`, `Not ready yet: ${waiting.join(', ')}`)));
      break;
    }
    case 'turn': {
      const need = needWords(ctx, t.requirement);
      if (turnSeat === me) {
        const stuck = live && legal.some((a) => a.action === 'pickup') && !legal.some((a) => verbOf(a) === 'play' || verbOf(a) === 'reveal');
        const ninja = t.requirement && t.requirement.kind !== 'any' ? pick(ctx, ' (ou un Ninja)', ' (or a Ninja)') : '';
        if (stuck) {
          hot = true;
          lines.push(pick(ctx, `Vous ne pouvez pas poser ${need}${NB}: ramassez le tas (cliquez dessus).`, `You cannot lay ${need}: pick up the pile (click it).`));
        } else if (t.free_turn) {
          lines.push(pick(ctx, `Vos 8 reviennent à vous${NB}: rejouez, n’importe quelle carte.`, 'Your 8s came round to you: play again, any card.'));
        } else {
          lines.push(h('p', {}, pick(ctx, `À vous${NB}: posez ${need}${ninja}`, `Your move: lay ${need}${ninja}`),
            h('span', { class: 'gum-hint' }, pick(ctx, ', une ou plusieurs cartes de même valeur', ', one or more cards of one value')), '.'));
        }
      } else if (turnSeat !== undefined) {
        lines.push(pick(ctx, `Au tour ${de(ctx.name(turnSeat))}${NB}: ${need}.`, `${ctx.name(turnSeat)} to play: ${need}.`));
      }
      break;
    }
    case 'refill':
      if (turnSeat === me && live) {
        lines.push(pick(ctx,
          `La pioche est vide${NB}: complétez votre main à 3 cartes avec vos cartes visibles, puis cachées (cliquez dessus).`,
          'The stock is empty: refill your hand to 3 from your face-up cards, then your face-down ones (click them).'));
      } else if (turnSeat === me) {
        lines.push(pick(ctx, 'Vous complétez votre main avec vos cartes de table.', 'You refill your hand from your table cards.'));
      } else if (turnSeat !== undefined) {
        lines.push(pick(ctx, `${ctx.name(turnSeat)} complète sa main avec ses cartes de table.`, `${ctx.name(turnSeat)} refills their hand from their table cards.`));
      }
      break;
    case 'give':
      if (t.giver === me && !live) {
        lines.push(pick(ctx, 'Vous avez posé un 13 et choisissez à qui donner le tas.', 'You laid a 13 and choose who gets the pile.'));
      } else if (t.giver === me) {
        hot = true;
        lines.push(pick(ctx, `Vous avez posé un 13${NB}: cliquez sur le joueur à qui donner le tas (${pileWords}).`, `You laid a 13: click the player who gets the pile (${pileWords}).`));
      } else {
        lines.push(pick(ctx, `${ctx.name(t.giver)} a posé un 13 et choisit à qui donner le tas.`, `${ctx.name(t.giver)} laid a 13 and chooses who gets the pile.`));
      }
      break;
    case 'target':
      if (t.target === me) {
        hot = live;
        lines.push(pick(ctx, `${ctx.name(t.giver)} vous donne le tas (${pileWords})${NB}!`, `${ctx.name(t.giver)} gives you the pile (${pileWords})!`));
        lines.push(sub(h, pick(ctx, 'Contrez avec un ou plusieurs 13 (vous choisirez à qui le donner) ou 1 (personne ne ramasse), ou acceptez le tas.', 'Counter with 13s (you then choose who gets it) or 1s (nobody takes it), or accept the pile.')));
      } else if (t.giver === me) {
        lines.push(pick(ctx, `Vous donnez le tas à ${ctx.name(t.target)}, qui peut contrer avec un 13 ou un 1.`, `You give the pile to ${ctx.name(t.target)}, who may counter with a 13 or a 1.`));
      } else {
        lines.push(pick(ctx, `${ctx.name(t.giver)} donne le tas à ${ctx.name(t.target)}, qui peut contrer avec un 13 ou un 1.`, `${ctx.name(t.giver)} gives the pile to ${ctx.name(t.target)}, who may counter with a 13 or a 1.`));
      }
      break;
    case 'over': {
      const placed = (t.seats || []).filter((s) => s.place !== null && s.place !== undefined).sort((a, b) => a.place - b.place);
      lines.push(pick(ctx, 'Partie terminée.', 'Game over.'));
      if (placed.length) lines.push(sub(h, placed.map((s) => `${placeWords(ctx, s.place)}${pick(ctx, `${NB}: `, ': ')}${ctx.name(s.seat)}`).join(' · ')));
      break;
    }
    default:
      break;
  }
  if (t.completion) {
    lines.push(sub(h, pick(ctx,
      `Paire de ${cardName(t.completion, ctx)} sur le tas${NB}: qui a les deux autres peut les poser hors tour et brûler le tas.`,
      `A pair of ${cardName(t.completion, ctx)}s on the pile: whoever holds the other two may lay them out of turn and burn the pile.`)));
  }
  if (view.may_react && !ctx.replay) {
    hot = true;
    const completion = t.completion && legal.some((a) => a.action === `play ${t.completion} ${t.completion}`);
    const ninja = legal.some((a) => verbOf(a) === 'play' && argsOf(a)[0] === '00');
    const parts = [];
    if (completion) parts.push(pick(ctx, `posez vos deux ${cardName(t.completion, ctx)} pour brûler le tas`, `lay your two ${cardName(t.completion, ctx)}s to burn the pile`));
    if (ninja) parts.push(pick(ctx, 'lancez un Ninja hors de votre tour', 'throw a Ninja out of turn'));
    lines.unshift(h('p', { class: 'gum-react-line', 'data-react': '' },
      pick(ctx, `Vous pouvez réagir maintenant${NB}!`, 'You may react now!'),
      parts.length ? ' ' + pick(ctx, `Vite${NB}: `, 'Quick: ') + parts.join(pick(ctx, ', ou ', ', or ')) + '.' : ''));
  }
  return h('div', { class: 'gum-banner' + (hot ? ' gum-hot' : ''), role: 'status' },
    lines.map((l) => (typeof l === 'string' ? h('p', {}, l) : l)));
}

function sub(h, text) {
  return h('p', { class: 'gum-sub' }, text);
}

function centre(view, t, ctx, onPile) {
  const h = ctx.h;
  const pile = t.pile || [];
  const box = h('div', { class: 'gum-centre', 'aria-label': pick(ctx, 'Le centre de la table', 'The centre of the table') });

  // The stock, and the cards burnt out of the game under it.
  box.append(h('div', { class: 'gum-stock', 'data-stock': t.stock },
    t.stock > 0 ? backElement(ctx) : h('div', { class: 'gum-burnt-box' }, '0'),
    h('span', {}, pick(ctx, `Pioche${NB}: ${t.stock}`, `Stock: ${t.stock}`))));

  // The pile, its top cards fanned, the top one in front.
  const shown = pile.slice(0, 5).reverse();
  const fan = pile.length
    ? h('div', { class: 'gum-fan' }, shown.map((c) => cardElement(c, ctx)))
    : h('div', { class: 'gum-pile-empty' }, pick(ctx, 'tas vide', 'empty pile'));
  const caption = pile.length
    ? [pick(ctx, `Tas${NB}: `, 'Pile: ') + countWords(ctx, pile.length, 'carte', 'cartes', 'card', 'cards'),
      t.top_laid_by !== null && t.top_laid_by !== undefined
        ? pick(ctx, ` · posé par ${ctx.name(t.top_laid_by)}`, ` · laid by ${ctx.name(t.top_laid_by)}`) : '']
    : [];
  const pileBox = h('div', { class: 'gum-pile', 'data-pile': pile.length, 'aria-label': pick(ctx, 'Le tas', 'The pile') },
    fan, caption.length ? h('span', { class: 'gum-pile-caption' }, caption.join('')) : null,
    h('span', { class: 'gum-burnt', 'data-burnt': t.burnt || 0, title: pick(ctx, 'cartes brûlées, hors du jeu', 'burnt cards, out of the game') },
      pick(ctx, `Brûlées${NB}: ${t.burnt || 0}`, `Burnt: ${t.burnt || 0}`)));
  if (onPile.length) {
    const accept = onPile.some((a) => a.action === 'accept');
    pileBox.append(h('span', { class: 'gum-pile-do' }, accept ? pick(ctx, 'Accepter le tas', 'Accept the pile') : pick(ctx, 'Ramasser le tas', 'Pick up the pile')));
    ctx.offer(pileBox, onPile);
  }
  box.append(pileBox);

  // What must be laid next.
  const req = t.requirement || { kind: 'any' };
  let big;
  let cls = 'gum-need-big';
  if (t.phase === 'target') {
    big = '13 / 1';
  } else if (t.phase === 'give') {
    big = '13';
  } else if (t.phase === 'swap' || t.phase === 'over') {
    big = '–';
  } else if (req.kind === 'at_least') {
    big = `≥${NB}${req.value}`;
  } else if (req.kind === 'at_most') {
    big = `≤${NB}6`;
    cls += ' gum-need-6';
  } else {
    big = pick(ctx, 'libre', 'any');
    cls += ' gum-need-any';
  }
  let small;
  const under = pile.find((c) => c !== '00');
  if (t.phase === 'target') small = pick(ctx, 'seuls un 13 ou un 1 contrent', 'only a 13 or a 1 counters');
  else if (t.phase === 'give') small = pick(ctx, 'à qui le tas\u00a0?', 'who gets the pile?');
  else if (t.phase === 'swap') small = pick(ctx, 'échanges avant la partie', 'swaps before play');
  else if (t.phase === 'over') small = pick(ctx, 'partie terminée', 'game over');
  else if (t.free_turn) small = pick(ctx, 'tour libre (8)', 'free turn (8)');
  else if (req.kind === 'any') small = pick(ctx, 'n’importe quelle carte', 'any card');
  else if (pile[0] === '00' && under) small = pick(ctx, `sous le Ninja${NB}: ${under}`, `under the Ninja: ${under}`);
  else small = pick(ctx, 'ou un Ninja', 'or a Ninja');
  box.append(h('div', { class: 'gum-need', 'data-need': req.kind },
    h('span', { class: 'gum-label' }, pick(ctx, 'À poser', 'To lay')),
    h('span', { class: cls }, big),
    h('small', {}, small)));

  return box;
}

// One seat's area: name and tags, the hand (backs and known cards, or the observer's own hand),
// the table cards: face-down by position with the face-up ones over them.
function seatZone(view, t, ctx, seat, giveActions, mine, offers) {
  const h = ctx.h;
  const s = seat.seat;
  const turn = (view.turn || []).includes(s);
  const classes = ['gum-zone'];
  if (mine) classes.push('gum-me');
  if (turn && t.phase !== 'swap' && t.phase !== 'over') classes.push('gum-turn');
  if (t.phase === 'target' && t.target === s) classes.push('gum-target');
  if (seat.place !== null && seat.place !== undefined) classes.push('gum-out');
  const zone = h('section', { class: classes.join(' '), 'data-seat': s, 'data-seat-tile': s, 'aria-label': ctx.name(s), 'data-own-hand': mine && !ctx.replay ? '' : null });

  const tags = [];
  if (seat.place !== null && seat.place !== undefined) {
    tags.push(h('span', { class: 'gum-tag gum-tag-place' }, pick(ctx, `sorti · ${placeWords(ctx, seat.place)}`, `out · ${placeWords(ctx, seat.place)}`)));
  }
  if (t.phase === 'swap') {
    tags.push(h('span', { class: 'gum-tag' }, seat.ready ? pick(ctx, 'prêt ✓', 'ready ✓') : pick(ctx, 'échange…', 'swapping…')));
  } else if (turn && t.phase !== 'over') {
    tags.push(h('span', { class: 'gum-tag gum-tag-turn' }, t.phase === 'target' ? pick(ctx, 'contre ou accepte', 'counters or accepts') : t.phase === 'give' ? pick(ctx, 'donne le tas', 'gives the pile') : t.phase === 'refill' ? pick(ctx, 'complète sa main', 'refilling') : pick(ctx, 'à jouer', 'to play')));
  }
  if (t.phase === 'target' && t.target === s) tags.push(h('span', { class: 'gum-tag gum-tag-hot' }, pick(ctx, 'reçoit le tas', 'gets the pile')));
  if ((t.phase === 'target' || t.phase === 'give') && t.giver === s) tags.push(h('span', { class: 'gum-tag' }, pick(ctx, 'a posé le 13', 'laid the 13')));
  // The dealer's mark comes with the table's status (`ctx.seatStatus`), as in every game; a
  // replay, which has none, says it in words.
  if (s === view.dealer && ctx.replay) tags.push(h('span', { class: 'gum-tag' }, pick(ctx, 'donneur', 'dealer')));
  // The table's status says who is connected, the score and the clock; the tags, the rest.
  zone.append(h('div', { class: 'gum-head' }, h('b', {}, mine ? pick(ctx, 'Vous', 'You') : ctx.name(s)), tags,
    ctx.seatStatus(s, { turn: false })));

  if (giveActions && giveActions.length) {
    zone.append(h('span', { class: 'gum-give' }, pick(ctx, 'Lui donner le tas', 'Give this player the pile')));
    ctx.offer(zone, giveActions);
  }

  const done = seat.place !== null && seat.place !== undefined && !seat.cards && !(seat.faceup || []).length && !(seat.facedown || []).length;
  if (done && !mine) {
    zone.append(h('span', { class: 'gum-label' }, pick(ctx, 'Plus aucune carte.', 'No card left.')));
    return zone;
  }
  const row = h('div', { class: 'gum-row' });
  row.append(tableCards(seat, ctx, mine ? offers : null));
  row.append(mine ? ownHand(offers.hand || [], ctx, offers.onHand) : otherHand(view, seat, ctx));
  zone.append(row);
  return zone;
}

function tableCards(seat, ctx, offers) {
  const h = ctx.h;
  const faceup = seat.faceup || [];
  const down = new Map((seat.facedown || []).map((d) => [d.position, d]));
  const slots = h('div', { class: 'gum-slots' });
  const positions = Math.max(3, faceup.length);
  for (let i = 0; i < positions; i++) {
    const slot = h('div', { class: 'gum-slot' });
    const d = down.get(i + 1);
    if (d) {
      const back = d.card ? cardElement(d.card, ctx) : backElement(ctx);
      back.dataset.position = i + 1;
      if (offers) {
        const acts = offers.onFaceDown.get(i + 1);
        if (acts) ctx.offer(back, acts);
      }
      slot.append(back);
    } else if (i < 3) {
      slot.append(h('span', { class: 'gum-slot-empty' }));
    }
    if (faceup[i] !== undefined) {
      const up = cardElement(faceup[i], ctx);
      up.dataset.faceup = '';
      if (offers) {
        const acts = offers.onFaceUp.get(faceup[i]);
        if (acts) ctx.offer(up, acts);
      }
      slot.append(up);
    }
    slots.append(slot);
  }
  const downCount = (seat.facedown || []).length;
  const label = pick(ctx,
    `${faceup.length} visible${faceup.length > 1 ? 's' : ''}, ${downCount} cachée${downCount > 1 ? 's' : ''}`,
    `${faceup.length} face-up, ${downCount} face-down`);
  return h('div', { class: 'gum-tablecards' }, h('span', { class: 'gum-label' }, label), slots);
}

// Another seat's hand: the cards the table knows face up, the rest as backs (all face up in a
// replay, from that seat's own view).
function otherHand(view, seat, ctx) {
  const h = ctx.h;
  let faces = seat.known || [];
  let hidden = Math.max(0, (seat.cards || 0) - faces.length);
  if (ctx.replay && ctx.views && ctx.views[seat.seat] && Array.isArray(ctx.views[seat.seat].table.hand)) {
    faces = ctx.views[seat.seat].table.hand;
    hidden = 0;
  }
  const total = faces.length + hidden;
  let shown = null;
  if (total && total <= FAN_MAX) {
    // A few cards: drawn as cards, the known ones face up.
    shown = h('div', { class: 'gum-fan', 'data-hand-of': seat.seat },
      faces.map((c) => cardElement(c, ctx)),
      Array.from({ length: hidden }, () => backElement(ctx)));
  } else if (total) {
    // A big hand (a pile picked up): the known cards as chips, the hidden ones counted.
    shown = h('div', { class: 'gum-chips', 'data-hand-of': seat.seat },
      faces.map((c) => chip(c, ctx)),
      hidden ? h('span', { class: 'gum-hidden', title: pick(ctx, 'cartes que personne n’a vues', 'cards nobody has seen') },
        backElement(ctx), h('span', { class: 'gum-count' }, `×${hidden}`)) : null);
  }
  let label = pick(ctx, 'Main', 'Hand') + `${pick(ctx, `${NB}: `, ': ')}${countWords(ctx, seat.cards || 0, 'carte', 'cartes', 'card', 'cards')}`;
  if (!ctx.replay && (seat.known || []).length && hidden > 0) {
    label += pick(ctx, ` (${seat.known.length} connue${seat.known.length > 1 ? 's' : ''})`, ` (${seat.known.length} known)`);
  }
  return h('div', { class: 'gum-otherhand' }, h('span', { class: 'gum-label' }, label), shown);
}

// Up to this many cards, another seat's hand is drawn as cards; beyond, as chips.
const FAN_MAX = 5;

// A card as a small chip of its value, in the card's colours (big hands of other seats).
function chip(code, ctx) {
  const c = String(code);
  const look = c === '00' ? { ink: '#ffffff', face: '#222838', edge: '#0d0f16' } : LOOK[Number(c)] || PLAIN;
  const el = ctx.h('span', {
    class: 'gum-chip', role: 'img', 'data-card': c, 'aria-label': cardLabel(c, ctx), title: cardLabel(c, ctx),
    style: { color: look.ink, background: look.face, borderColor: look.edge },
  }, c);
  return el;
}

// The observer's hand, one group per value: a click on a value offers every way to lay it.
function ownHand(hand, ctx, onHand) {
  const h = ctx.h;
  const yours = pick(ctx, 'Votre main', 'Your hand');
  const box = h('div', { class: 'gum-hand', 'aria-label': yours });
  if (!hand.length) {
    box.append(h('span', { class: 'gum-hand-empty' }, pick(ctx, 'Plus de carte en main.', 'No card in hand.')));
    return h('div', { class: 'gum-ownhand' }, h('span', { class: 'gum-label' }, yours), box);
  }
  const groups = [];
  for (const c of hand) {
    if (groups.length && groups[groups.length - 1].value === c) groups[groups.length - 1].count++;
    else groups.push({ value: c, count: 1 });
  }
  for (const g of groups) {
    const group = h('div', { class: 'gum-group', 'data-value': g.value });
    for (let i = 0; i < g.count; i++) group.append(cardElement(g.value, ctx));
    if (g.count > 1) group.append(h('span', { class: 'gum-count', 'aria-hidden': 'true' }, `×${g.count}`));
    const acts = onHand && onHand.get(g.value);
    if (acts) {
      // The group's title lists what a click does; the cards inside must not cover it.
      group.querySelectorAll('.gum-card').forEach((c) => c.removeAttribute('title'));
      ctx.offer(group, acts);
    }
    else group.setAttribute('aria-label', `${g.count} × ${cardLabel(g.value, ctx)}`);
    box.append(group);
  }
  return h('div', { class: 'gum-ownhand' }, h('span', { class: 'gum-label' },
    yours + `${pick(ctx, `${NB}: `, ': ')}${countWords(ctx, hand.length, 'carte', 'cartes', 'card', 'cards')}`), box);
}
