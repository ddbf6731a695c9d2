// cards.js — French playing cards drawn as inline SVG (Le 8 Nantais, Le Nain Jaune, Crazy Eights).
//
// Why it looks like this: on a phone a hand of a dozen cards ~44 px wide overlaps so that only the
// left strip of each card shows, so the corner index (rank over suit, in the reader's language) is
// large and sits wholly in that strip; the middle of the card is secondary. Suits are SVG paths,
// not font glyphs, so a heart is the same heart on every system and never turns into an emoji.
// Courts are a plain project-drawn bust (the headgear tells the rank) rather than copied artwork.
// Every SVG is self-contained (no ids, no <defs>, no <pattern>): ids would clash between the many
// cards of a page, and a pattern defined in a hidden card stops painting in the visible ones.
// Card codes follow shared/NOTATION.md: rank `A 2…9 T J Q K` + suit `S H D C`, and `X` the joker.

const RED = '#c62828', INK = '#1d1d1f', GOLD = '#e0a526', BLUE = '#2b4a87', SKIN = '#f6dcc3';
const FONT = "system-ui, 'DejaVu Sans', sans-serif";

// Each suit is drawn in a 100×100 box centred on 0,0; subpaths share one winding so they add up.
const SUITS = {
  S: { red: false, sym: '♠', en: 'spades', fr: 'pique',
    d: 'M0-48C8-34 46-12 46 12C46 28 34 36 22 36C12 36 5 31 2 24C3 34 6 42 15 48L-15 48C-6 42-3 34-2 24C-5 31-12 36-22 36C-34 36-46 28-46 12C-46-12-8-34 0-48Z' },
  H: { red: true, sym: '♥', en: 'hearts', fr: 'cœur',
    d: 'M0 46C-8 34-48 10-48-17C-48-36-35-46-22-46C-10-46-3-38 0-28C3-38 10-46 22-46C35-46 48-36 48-17C48 10 8 34 0 46Z' },
  D: { red: true, sym: '♦', en: 'diamonds', fr: 'carreau',
    d: 'M0-50C12-30 26-14 38 0C26 14 12 30 0 50C-12 30-26 14-38 0C-26-14-12-30 0-50Z' },
  C: { red: false, sym: '♣', en: 'clubs', fr: 'trèfle',
    d: 'M-21-24a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z M-47 12a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z M5 12a21 21 0 1 0 42 0a21 21 0 1 0-42 0Z M0-12L-16 16L16 16Z M-4 8C-4 24-8 38-17 48L17 48C8 38 4 24 4 8Z' },
};
const INDEX = { en: { T: '10' }, fr: { T: '10', J: 'V', Q: 'D', K: 'R' } };
const WORD = {
  en: { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King', T: '10', of: 'of' },
  fr: { A: 'As', J: 'Valet', Q: 'Dame', K: 'Roi', T: '10', of: 'de' },
};

const tongue = (lang) => (lang === 'en' ? 'en' : 'fr');
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function parse(code) {
  const s = String(code ?? '').trim().toUpperCase();
  if (s === 'X') return { joker: true };
  const m = /^(10|[2-9TJQKA])([SHDC])$/.exec(s);
  return m ? { rank: m[1] === '10' ? 'T' : m[1], suit: m[2] } : null;
}

function pip(suit, x, y, size, { flip = false, fill } = {}) {
  const s = SUITS[suit];
  return `<path d="${s.d}" fill="${fill || (s.red ? RED : INK)}" transform="translate(${x} ${y}) scale(${size / 100})${flip ? ' rotate(180)' : ''}"/>`;
}

const svg = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" font-family="${FONT}" aria-hidden="true" focusable="false">${body}</svg>`;
const FACE = '<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="#fff" stroke="#8c8c8c" stroke-width="1.5"/>';
// Whatever is drawn in the top half is drawn again turned round, as on a real card.
const turned = (body) => `${body}<g transform="rotate(180 50 70)">${body}</g>`;

function corner(label, suit) {
  const color = SUITS[suit].red ? RED : INK;
  // "10" is squeezed to the width of one letter so that every index fits the same strip.
  const fit = label.length > 1 ? ' textLength="22" lengthAdjust="spacingAndGlyphs"' : '';
  return turned(`<text x="13" y="27" text-anchor="middle" font-size="25" font-weight="700" fill="${color}"${fit}>${label}</text>${pip(suit, 13, 39, 15)}`);
}

// Classical pip positions, kept clear of the corner indices; pips below the middle are upside down.
const L = 34, M = 50, R = 66, ROWS = [21, 53.7, 86.3, 119];
const FOUR = [[L, 21], [R, 21], [L, 119], [R, 119]];
const SIX = [...FOUR, [L, 70], [R, 70]];
const SIDES = ROWS.flatMap((y) => [[L, y], [R, y]]);
const LAYOUT = {
  2: [[M, 21], [M, 119]],
  3: [[M, 21], [M, 70], [M, 119]],
  4: FOUR,
  5: [...FOUR, [M, 70]],
  6: SIX,
  7: [...SIX, [M, 45.5]],
  8: [...SIX, [M, 45.5], [M, 94.5]],
  9: [...SIDES, [M, 70]],
  T: [...SIDES, [M, 37.3], [M, 102.7]],
};

// A bust in a frame: crown for the King, tiara and hair for the Queen, feathered cap for the Jack.
const HEADGEAR = {
  K: `<path d="M43.5 42Q50 56 56.5 42Q50 47 43.5 42Z" fill="#8a5a2b"/>
      <path d="M41 35L39.5 21L45 27L50 17L55 27L60.5 21L59 35Z" fill="${GOLD}" stroke="${INK}" stroke-width="0.8" stroke-linejoin="round"/>`,
  Q: `<path d="M43 33.5L42 26L46 29L50 23.5L54 29L58 26L57 33.5Z" fill="${GOLD}" stroke="${INK}" stroke-width="0.8" stroke-linejoin="round"/>
      <circle cx="50" cy="23" r="1.6" fill="#fff" stroke="${INK}" stroke-width="0.5"/>`,
  J: `<path d="M45 30Q37 19 30 15Q35 24 43 32Z" fill="${RED}" stroke="${INK}" stroke-width="0.6"/>
      <path d="M40.5 36Q41 26 50 26Q60 26 60 34Q50 31 40.5 36Z" fill="${BLUE}" stroke="${INK}" stroke-width="0.8"/>`,
};
const HAIR = { Q: `<path d="M40.5 48Q38 29 50 29Q62 29 59.5 48Z" fill="#7a4a21"/>`, K: '', J: '' };

function court(rank, suit) {
  const robe = SUITS[suit].red ? RED : BLUE;
  const half = `${HAIR[rank]}
    <path d="M32 70L34.5 55Q50 44 65.5 55L68 70Z" fill="${robe}" stroke="${INK}" stroke-width="0.8"/>
    <path d="M43.5 50L50 57L56.5 50" fill="none" stroke="${GOLD}" stroke-width="2.2"/>
    ${pip(suit, 50, 63, 9, { fill: '#fff' })}
    <circle cx="50" cy="40" r="7.5" fill="${SKIN}" stroke="${INK}" stroke-width="0.8"/>
    ${HEADGEAR[rank]}
    ${pip(suit, 65, 22, 10)}`;
  return `<rect x="27" y="12" width="46" height="116" rx="3" fill="#fbf4e2" stroke="${INK}" stroke-width="1"/>
    ${turned(half)}<line x1="27" y1="70" x2="73" y2="70" stroke="${INK}" stroke-width="1"/>`;
}

function joker() {
  const word = [...'JOKER'].map((c, i) =>
    `<text x="11" y="${18 + i * 14}" text-anchor="middle" font-size="15" font-weight="700" fill="${RED}">${c}</text>`).join('');
  // A jester's hat: three floppy points with bells, over a band.
  const hat = `<path d="M40 92C40 72 44 54 50 42C56 54 60 72 60 92Z" fill="${GOLD}" stroke="${INK}" stroke-width="1"/>
    <path d="M31 94C30 80 27 68 21 60C33 61 43 71 47 90Z" fill="${RED}" stroke="${INK}" stroke-width="1"/>
    <path d="M69 94C70 80 73 68 79 60C67 61 57 71 53 90Z" fill="${BLUE}" stroke="${INK}" stroke-width="1"/>
    ${[[21, 60], [50, 42], [79, 60]].map(([x, y]) =>
      `<circle cx="${x}" cy="${y}" r="4" fill="${GOLD}" stroke="${INK}" stroke-width="1"/>`).join('')}
    <rect x="28" y="89" width="44" height="10" rx="3" fill="${INK}"/>
    ${[36, 50, 64].map((x) => `<path d="M${x} 90.5L${x + 3} 94L${x} 97.5L${x - 3} 94Z" fill="${GOLD}"/>`).join('')}`;
  return turned(word) + hat;
}

/** The face of a card as SVG markup; `lang` "fr" (default) or "en" sets the corner letters. */
export function cardSvg(code, lang) {
  const c = parse(code);
  if (!c) return svg(`${FACE}<text x="50" y="76" text-anchor="middle" font-size="16" fill="${INK}">${esc(code)}</text>`);
  if (c.joker) return svg(FACE + joker());
  const label = INDEX[tongue(lang)][c.rank] || c.rank;
  let middle;
  if (c.rank === 'A') middle = pip(c.suit, 50, 70, 46);
  else if ('JQK'.includes(c.rank)) middle = court(c.rank, c.suit);
  else middle = LAYOUT[c.rank].map(([x, y]) => pip(c.suit, x, y, 16, { flip: y > 70 })).join('');
  return svg(FACE + middle + corner(label, c.suit));
}

/** A card back: a calm lattice in a white border, the same for every card. */
export function backSvg() {
  const x0 = 7, y0 = 7, x1 = 93, y1 = 133, step = 9;
  let d = '';
  for (let k = y0 - x1 + step / 2; k < y1 - x0; k += step) {
    const a = Math.max(x0, y0 - k), b = Math.min(x1, y1 - k); // y = x + k
    d += `M${a} ${a + k}L${b} ${b + k}`;
  }
  for (let k = x0 + y0 + step / 2; k < x1 + y1; k += step) {
    const a = Math.max(x0, k - y1), b = Math.min(x1, k - y0); // y = k − x
    d += `M${a} ${k - a}L${b} ${k - b}`;
  }
  return svg(`${FACE}<rect x="${x0}" y="${y0}" width="${x1 - x0}" height="${y1 - y0}" rx="4" fill="#1f4a5c"/>
    <path d="${d}" stroke="#6f9fae" stroke-width="1.1" opacity="0.55"/>
    <rect x="${x0 + 3}" y="${y0 + 3}" width="${x1 - x0 - 6}" height="${y1 - y0 - 6}" rx="2.5" fill="none" stroke="#d8c48a" stroke-width="1.2"/>
    <path d="M50 55L62 70L50 85L38 70Z" fill="#1f4a5c" stroke="#d8c48a" stroke-width="1.5"/>`);
}

/** The card in words: "Queen of spades", « Dame de pique », "Joker". */
export function cardName(code, lang) {
  const c = parse(code), w = WORD[tongue(lang)];
  if (!c) return String(code);
  if (c.joker) return 'Joker';
  return `${w[c.rank] || c.rank} ${w.of} ${SUITS[c.suit][tongue(lang)]}`;
}

/** The card as people write it in text: "Q♠", "10♦", « D♠ », "Joker". */
export function cardShort(code, lang) {
  const c = parse(code);
  if (!c) return String(code);
  if (c.joker) return 'Joker';
  return (INDEX[tongue(lang)][c.rank] || c.rank) + SUITS[c.suit].sym;
}

/** A suit in words: « pique », "spades". */
export function suitName(suit, lang) {
  return SUITS[suit] ? SUITS[suit][tongue(lang)] : String(suit);
}

/** Whether a card (or a suit letter) is drawn in red: hearts and diamonds, not the joker. */
export function isRed(code) {
  const suit = SUITS[String(code).slice(-1)];
  return String(code) !== 'X' && !!suit && suit.red;
}

/** A rank as the corner index shows it: « V », "J", "10". */
export function rankIndex(rank, lang) {
  return INDEX[tongue(lang)][rank] || rank;
}

/** A rank in words: « Valet », "Jack", "10". */
export function rankName(rank, lang) {
  return (rank !== 'of' && WORD[tongue(lang)][rank]) || rank;
}

/** A suit's symbol as a small inline SVG, for buttons and labels that also say its name. */
export function suitIcon(suit, className) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  el.setAttribute('viewBox', '-52 -52 104 104');
  el.setAttribute('class', className);
  el.setAttribute('aria-hidden', 'true');
  el.setAttribute('focusable', 'false');
  el.innerHTML = `<path d="${SUITS[suit].d}" fill="${SUITS[suit].red ? RED : INK}"/>`;
  return el;
}

// Zero-specificity defaults (:where), so the page's own style.css always wins over them.
function ensureStyle() {
  if (typeof document === 'undefined' || document.querySelector('style[data-cards]')) return;
  const style = document.createElement('style');
  style.dataset.cards = '';
  style.textContent = ':where(.card){display:inline-block;width:var(--card-w,64px);line-height:0;vertical-align:middle}'
    + ':where(.card.card-small){--card-w:44px}:where(.card) svg{display:block;width:100%;height:auto}';
  document.head.prepend(style);
}

/**
 * A card as an element: <span class="card" role="img" aria-label="…" data-card="7H">.
 * opts.lang "fr" (default) or "en"; opts.back draws a face-down card (no data-card);
 * opts.small adds the class "card-small".
 */
export function cardElement(code, { lang, back = false, small = false } = {}) {
  ensureStyle();
  const el = document.createElement('span');
  el.className = `card${small ? ' card-small' : ''}${back ? ' card-back' : ''}`;
  el.setAttribute('role', 'img');
  if (back) {
    el.setAttribute('aria-label', tongue(lang) === 'en' ? 'face-down card' : 'carte face cachée');
    el.innerHTML = backSvg();
  } else {
    el.dataset.card = String(code);
    el.setAttribute('aria-label', cardName(code, lang));
    el.innerHTML = cardSvg(code, lang);
  }
  return el;
}
