// The shell of the browser table: home and room creation, joining by invite link, the table
// frame around each game's own drawing (seats, whose turn, move log, score sheet, chat, rules,
// results and rematch), the replay viewer, and the connection with automatic reconnection.
//
// It speaks only SERVER.md and the client views of docs/client-view.md. It never decides who
// moves or what is legal: every move offered is one of the view's `legal` actions, and whatever
// the game's module does not offer on its drawing is shown here as a button with its words.

import { h, clear } from './dom.js';
import { lang, setLang, tr, count } from './i18n.js';
import { cardElement } from './cards.js';

const app = document.getElementById('app');
const BOT_NAMES = ['Ada', 'Blaise', 'Colette', 'Denis', 'Émilie', 'Fernand', 'Gaston', 'Hortense', 'Irène', 'Jules'];
const LEVELS = { easy: ['facile', 'easy'], medium: ['moyen', 'medium'], hard: ['difficile', 'hard'] };
const GAME_LINES = {
  nantais: ['Le huit américain à la nantaise : séries, suites, 7 et Jokers qui font piocher, UNIQUE !', 'Crazy Eights the Nantes way: runs, sequences, 7s and Jokers that make you draw, UNIQUE!'],
  nurmut: ['Cartes à deux faces et un peu de courage : devinez ce qui se cache dessous.', 'Two-faced animal cards and some courage: guess what hides beneath.'],
  gum: ['Videz votre main, vos cartes visibles puis cachées ; le Ninja et le 13 changent tout.', 'Empty your hand, then your face-up and face-down cards; the Ninja and the 13 change everything.'],
  nainjaune: ['Le jeu de jetons des familles : des suites, «\u00a0sans…\u00a0», et le Nain Jaune au centre.', 'The family chip game: runs, «\u00a0sans…\u00a0» calls, and the Yellow Dwarf in the middle.'],
  njet: ['On écarte les règles à coups de «\u00a0Njet!\u00a0», puis on joue les plis en équipe.', 'Strike out rules with «\u00a0Njet!\u00a0», then play the tricks in teams.'],
  crazyeights: ['Le huit américain tout simple, aux règles d’OpenSpiel.', 'Plain Crazy Eights, with OpenSpiel’s rules.'],
};

let games = null; // GET /api/games, once
const modules = {};

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': lang() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error((data.error && data.error.message) || `HTTP ${response.status}`);
  return data;
}

async function loadGames() {
  if (!games) games = (await api('GET', '/api/games')).games;
  return games;
}

async function gameModule(id) {
  if (!modules[id]) {
    modules[id] = import(`/web/games/${id}.js`).catch(() => ({ render: genericRender }));
  }
  return modules[id];
}

function gameInfo(id) {
  return (games || []).find((g) => g.id === id);
}

// ---------------------------------------------------------------------------------------------
// The frame: a top bar with the way home and the language switch.

let rerender = () => {};

function topBar(extra) {
  return h('header', { class: 'topbar' },
    h('a', { class: 'brand', href: '/' }, 'tapis'),
    h('span', { class: 'topbar-extra' }, extra || null),
    h('button', {
      class: 'lang-switch', type: 'button',
      title: tr('Passer en anglais', 'Switch to French'),
      'aria-label': tr('Passer en anglais', 'Switch to French'),
      onclick: () => { setLang(lang() === 'fr' ? 'en' : 'fr'); rerender(); },
    }, lang() === 'fr' ? 'EN' : 'FR'));
}

function route() {
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/r\/([^/]+)\/replay\/?$/))) return replayPage(decodeURIComponent(m[1]));
  if ((m = path.match(/^\/r\/([^/]+)\/?$/))) return roomPage(decodeURIComponent(m[1]));
  return homePage();
}

function navigate(path) {
  history.pushState(null, '', path);
  route();
}

window.addEventListener('popstate', () => route());

// ---------------------------------------------------------------------------------------------
// Home: the games, then the form of the one chosen.

async function homePage(chosen) {
  if (room) room.close();
  rerender = () => homePage(chosen);
  document.title = 'tapis';
  let list;
  try {
    list = await loadGames();
  } catch (e) {
    clear(app).append(topBar(), h('main', { class: 'home' }, h('p', { class: 'error' }, tr('Le serveur ne répond pas : ', 'The server does not answer: ') + e.message)));
    return;
  }
  const main = h('main', { class: 'home' },
    h('h1', {}, tr('Jouer aux cartes ensemble', 'Play cards together')),
    h('p', { class: 'lead' }, tr(
      'Choisissez un jeu, invitez vos amis par un lien, complétez la table avec des bots.',
      'Choose a game, invite your friends with a link, fill the table with bots.')));
  const grid = h('div', { class: 'game-grid' });
  for (const game of list) {
    const mod = await gameModule(game.id);
    const picture = mod.icon ? mod.icon({ lang: lang(), h, card: (c, o) => cardElement(c, { lang: lang(), ...o }) }) : null;
    const line = GAME_LINES[game.id] || ['', ''];
    grid.append(h('button', {
      class: 'game-tile' + (chosen === game.id ? ' chosen' : ''), type: 'button', 'data-game': game.id,
      onclick: () => homePage(game.id),
    },
      h('div', { class: 'game-picture', 'aria-hidden': 'true' }, picture),
      h('strong', {}, game.name),
      h('span', { class: 'game-players' }, tr(`${game.players[0]} à ${game.players[1]} joueurs`, `${game.players[0]} to ${game.players[1]} players`)),
      h('span', {}, tr(line[0], line[1]))));
  }
  main.append(grid);
  if (chosen) main.append(createForm(gameInfo(chosen)));
  clear(app).append(topBar(), main);
  const form = app.querySelector('.create');
  if (form) {
    form.scrollIntoView({ block: 'nearest' });
    const name = form.querySelector('#name');
    if (!name.value) name.focus({ preventScroll: true });
  }
}

// An option's value as people read it: a choice's words, yes or no, a number, else its JSON.
function optionValueWords(spec, value) {
  const i = Array.isArray(spec.values) ? spec.values.indexOf(value) : -1;
  if (i >= 0 && spec.labels) return tr((spec.labels_fr || spec.labels)[i], spec.labels[i]);
  if (typeof value === 'boolean') return value ? tr('oui', 'yes') : tr('non', 'no');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

// The rules a table plays that differ from the game's defaults: [help, value in words].
function tableVariants(game, options) {
  if (!game || !options) return [];
  return optionsInOrder(game)
    .filter(([key, spec]) => key in options && JSON.stringify(options[key]) !== JSON.stringify(spec.default))
    .map(([key, spec]) => [tr(spec.help_fr || spec.help, spec.help), optionValueWords(spec, options[key])]);
}

// A game's options as [key, spec], in the rulebook's order.
function optionsInOrder(game) {
  const keys = game.option_order || Object.keys(game.options);
  return keys.filter((key) => game.options[key]).map((key) => [key, game.options[key]]);
}

function variantsBox(game, options) {
  const variants = tableVariants(game, options);
  return h('div', { class: 'variants' },
    h('h2', {}, tr('Les règles de cette table', 'This table’s rules')),
    variants.length
      ? h('ul', {}, variants.map(([help, value]) => h('li', {}, help, tr(' : ', ': '), h('strong', {}, value))))
      : h('p', { class: 'muted' }, tr('Les règles habituelles, sans variante.', 'The usual rules, no variant.')));
}

function optionField(key, spec) {
  const help = tr(spec.help_fr || spec.help, spec.help);
  const id = `opt-${key}`;
  let input;
  if (Array.isArray(spec.values) && spec.values.every((v) => typeof v === 'boolean')) {
    input = h('input', { type: 'checkbox', id, 'data-option': key, checked: spec.default === true });
    return h('label', { class: 'option check', for: id, title: key }, input, h('span', {}, help));
  }
  if (Array.isArray(spec.values)) {
    input = h('select', { id, 'data-option': key },
      spec.values.map((v) => h('option', { value: JSON.stringify(v), selected: v === spec.default }, optionValueWords(spec, v))));
  } else if (spec.min !== undefined || typeof spec.default === 'number') {
    input = h('input', { type: 'number', id, 'data-option': key, min: spec.min ?? 0, max: spec.max, value: spec.default });
  } else {
    input = h('input', { type: 'text', id, 'data-option': key, value: JSON.stringify(spec.default), title: tr(spec.accepts_fr || '', spec.accepts || '') });
  }
  return h('label', { class: 'option', for: id, title: key }, h('span', {}, help), input);
}

function readOption(input, spec) {
  if (input.type === 'checkbox') return input.checked;
  if (input.tagName === 'SELECT') return JSON.parse(input.value);
  if (input.type === 'number') return Number(input.value);
  try { return JSON.parse(input.value); } catch { return input.value; }
}

function createForm(game) {
  const [min, max] = game.players;
  const players = Math.max(min, Math.min(4, max));
  const seatsBox = h('div', { class: 'seats-setup' });
  const playersSelect = h('select', { id: 'players', name: 'players', onchange: () => drawSeats() },
    Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => h('option', { value: n, selected: n === players }, n)));
  const kinds = () => [
    ['human', tr('Une personne', 'A person')],
    ['bot:easy', tr('Bot facile', 'Easy bot')],
    ['bot:medium', tr('Bot moyen', 'Medium bot')],
    ['bot:hard', tr('Bot difficile', 'Hard bot')],
  ];
  let chosenKinds = [];
  function drawSeats() {
    const n = Number(playersSelect.value);
    clear(seatsBox);
    for (let s = 0; s < n; s++) {
      const kind = chosenKinds[s] || (s === 0 ? 'human' : 'bot:medium');
      const select = h('select', { 'data-seat': s, 'aria-label': tr(`Place ${s + 1}`, `Seat ${s + 1}`), onchange: (e) => { chosenKinds[s] = e.target.value; } },
        kinds().map(([value, words]) => h('option', { value, selected: value === kind }, words)));
      seatsBox.append(h('div', { class: 'seat-setup' },
        h('span', {}, s === 0 ? tr('Place 1 (vous)', 'Seat 1 (you)') : tr(`Place ${s + 1}`, `Seat ${s + 1}`)),
        s === 0 ? h('strong', {}, tr('vous', 'you')) : select));
    }
  }
  drawSeats();
  const name = h('input', { id: 'name', name: 'name', required: true, maxLength: 32, value: localStorage.getItem('tapis.name') || '', placeholder: tr('Votre nom', 'Your name'), autocomplete: 'nickname' });
  const away = h('select', { id: 'away' },
    h('option', { value: '' }, tr('La table attend', 'The table waits')),
    h('option', { value: '60000' }, tr('Après 1 minute, un bot joue pour lui', 'After 1 minute, a bot plays for them')),
    h('option', { value: '180000' }, tr('Après 3 minutes, un bot joue pour lui', 'After 3 minutes, a bot plays for them')));
  const options = h('details', { class: 'options' }, h('summary', {}, tr('Règles du jeu (variantes)', 'Rules (variants)')),
    optionsInOrder(game).map(([key, spec]) => optionField(key, spec)));
  const error = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, tr('Créer la table', 'Create the table'));
  const form = h('form', {
    class: 'create', 'aria-label': tr('Nouvelle table', 'New table'),
    onsubmit: async (e) => {
      e.preventDefault();
      error.textContent = '';
      const who = name.value.trim();
      if (!who) { error.textContent = tr('Donnez votre nom.', 'Give your name.'); name.focus(); return; }
      const n = Number(playersSelect.value);
      const seats = Array.from({ length: n }, (_, s) => (s === 0 ? 'human' : (chosenKinds[s] || 'bot:medium')));
      const opts = {};
      for (const input of form.querySelectorAll('[data-option]')) {
        const key = input.dataset.option;
        const value = readOption(input, game.options[key]);
        if (JSON.stringify(value) !== JSON.stringify(game.options[key].default)) opts[key] = value;
      }
      const body = { game: game.id, players: n, seats, options: opts };
      if (away.value) body.turn_clock_ms = Number(away.value);
      submit.disabled = true;
      try {
        const created = await api('POST', '/api/rooms', body);
        localStorage.setItem('tapis.name', who);
        const joined = await api('POST', `/api/rooms/${created.room}/join`, { name: who, seat: 0 });
        saveSeat(created.room, { seat: joined.seat, token: joined.token });
        navigate(`/r/${created.room}`);
      } catch (err) {
        error.textContent = err.message;
        submit.disabled = false;
      }
    },
  },
    h('h2', {}, game.name),
    h('label', { for: 'name' }, tr('Votre nom', 'Your name')), name,
    h('label', { for: 'players' }, tr('Joueurs', 'Players')), playersSelect,
    h('div', { class: 'form-wide' }, h('span', { class: 'label' }, tr('Les places', 'The seats')), seatsBox),
    h('label', { for: 'away' }, tr('Quand un joueur s’absente', 'When a player is away')), away,
    h('div', { class: 'form-wide' }, options),
    h('div', { class: 'form-wide' }, submit, error));
  return form;
}

// ---------------------------------------------------------------------------------------------
// Seats held in this browser: the token stays on this side, so the invite link gives the seat
// back after the tab was closed.

function savedSeat(code) {
  try { return JSON.parse(localStorage.getItem(`tapis.seat.${code}`)); } catch { return null; }
}

function saveSeat(code, seat) {
  if (seat) localStorage.setItem(`tapis.seat.${code}`, JSON.stringify(seat));
  else localStorage.removeItem(`tapis.seat.${code}`);
}

function seatName(info, seat, observer) {
  if (seat === observer && observer !== null && observer !== undefined) return tr('vous', 'you');
  const s = info && info.seats[seat];
  if (!s) return tr(`Place ${seat + 1}`, `Seat ${seat + 1}`);
  if (s.kind === 'bot') {
    const level = LEVELS[(s.bot || '').split(':')[1]] || ['', ''];
    return `${BOT_NAMES[seat % BOT_NAMES.length]} (${tr(level[0], level[1])})`;
  }
  return s.name || tr(`Place ${seat + 1} (libre)`, `Seat ${seat + 1} (free)`);
}

// ---------------------------------------------------------------------------------------------
// A room: joining, then the table over one WebSocket.

let room = null;

class Room {
  constructor(code) {
    this.code = code;
    this.info = null;
    this.held = savedSeat(code);
    this.snapshot = null; // {match, seq, seat, view, legal, status}
    this.log = [];
    this.chat = [];
    this.rounds = [];
    this.state = 'connecting';
    this.pending = false;
    this.closed = false;
    this.retry = 0;
    this.tab = 'log';
    this.roundShown = null;
    this.resultClosed = false;
    this.notice = '';
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
    clearTimeout(this.timer);
  }

  logKey() {
    return `tapis.log.${this.code}`;
  }

  restoreLog(match) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(this.logKey()));
      if (kept && kept.match === match && kept.seat === this.seat()) return kept.log;
    } catch { /* a log that cannot be read is started again */ }
    return [];
  }

  keepLog() {
    const s = this.snapshot;
    if (!s) return;
    sessionStorage.setItem(this.logKey(), JSON.stringify({ match: s.match, seat: this.seat(), log: this.log.slice(-300) }));
  }

  seat() {
    return this.held ? this.held.seat : null;
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(this.code)}/ws`);
    this.ws = ws;
    this.state = this.retry ? 'reconnecting' : 'connecting';
    drawConnection();
    ws.onopen = () => {
      // The server sends the chat's history after each hello, then a `room` frame.
      this.chat = [];
      this.chatSynced = false;
      const hello = { type: 'hello', lang: lang() };
      if (this.held) hello.token = this.held.token;
      if (this.snapshot) hello.since = this.snapshot.seq;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      this.state = 'open';
      this.retry = 0;
      this.receive(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.pending = false;
      this.state = 'reconnecting';
      drawConnection();
      this.retry += 1;
      const wait = Math.min(5000, 300 * 2 ** Math.min(this.retry, 5));
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  act(action, retry = true) {
    if (this.pending || !this.snapshot) return;
    if (this.send({ type: 'act', seq: this.snapshot.seq, action })) {
      this.pending = true;
      this.sent = { action, retry };
      drawTable();
    }
  }

  receive(frame) {
    switch (frame.type) {
      case 'snapshot': {
        const newMatch = !this.snapshot || this.snapshot.match !== frame.match;
        this.snapshot = frame;
        if (newMatch) {
          if (this.lastMatch && frame.match > this.lastMatch) this.flash(tr('Revanche : une nouvelle partie commence.', 'Rematch: a new match begins.'));
          this.lastMatch = frame.match;
          this.log = this.restoreLog(frame.match);
          this.resultClosed = false;
          this.roundShown = frame.view.last_round ? frame.view.last_round.round : null;
          this.rounds = [];
        }
        this.pending = false;
        this.fetchRounds();
        drawTable();
        break;
      }
      case 'update': {
        const s = this.snapshot;
        if (!s || frame.match !== s.match) return;
        this.snapshot = { ...s, ...frame };
        for (const event of frame.events) {
          if (event.text) this.log.push({ seq: frame.seq, seat: event.seat, fr: event.text.fr, en: event.text.en });
        }
        const last = frame.view.last_round;
        if (last && (!this.rounds.length || this.rounds[this.rounds.length - 1].round < last.round)) {
          this.rounds.push(last);
          if (!frame.view.result) this.roundEnd = { summary: last, events: roundEndEvents(frame.events) };
        }
        this.pending = false;
        this.keepLog();
        drawTable();
        break;
      }
      case 'room':
        this.info = frame;
        this.chatSynced = true;
        if (this.info.phase && this.snapshot) drawTable();
        else drawRoom();
        break;
      case 'chat':
        this.chat.push(frame);
        if (this.chat.length > 200) this.chat.shift();
        if (this.chatSynced && this.tab !== 'chat' && frame.seat !== this.seat()) this.unread = (this.unread || 0) + 1;
        drawSide();
        break;
      case 'error':
        this.pending = false;
        if (frame.code === 'bad_token' || frame.code === 'no_room') {
          this.closed = true;
          if (frame.code === 'bad_token') saveSeat(this.code, null);
          this.held = null;
          this.notice = frame.message;
          this.ws.close();
          roomPage(this.code, true);
          return;
        }
        // Another seat moved while this move was on its way (a bot in a simultaneous phase, or
        // someone in a window). If the move is still legal, the person still means it: send it
        // again, once. Otherwise they are told, and see the table as it now is.
        if (frame.code === 'stale' && this.sent && this.sent.retry && this.snapshot
          && (this.snapshot.view.legal || []).some((a) => a.action === this.sent.action)) {
          this.act(this.sent.action, false);
          break;
        }
        this.flash(frame.message);
        drawTable();
        break;
      default:
        break;
    }
  }

  flash(message) {
    this.notice = message;
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => { this.notice = ''; drawNotice(); }, 5000);
  }

  async fetchRounds() {
    try {
      const sheet = await api('GET', `/api/rooms/${encodeURIComponent(this.code)}/rounds`);
      if (this.snapshot && sheet.match === this.snapshot.match) {
        this.rounds = sheet.rounds;
        // The results show the sheet too.
        if (this.snapshot.view.result) drawTable();
        else drawSide();
      }
    } catch { /* the sheet comes back with the next round */ }
  }
}

async function roomPage(code, afterError) {
  if (room && room.code === code && !room.closed && !afterError) return;
  const notice = room && room.code === code ? room.notice : '';
  if (room) room.close();
  room = new Room(code);
  room.notice = notice;
  rerender = () => (room.snapshot ? drawTable(true) : drawRoom());
  clear(app).append(topBar(), h('main', { class: 'loading' }, tr('Chargement…', 'Loading…')));
  try {
    await loadGames();
    room.info = await api('GET', `/api/rooms/${encodeURIComponent(code)}`);
  } catch (e) {
    clear(app).append(topBar(), h('main', { class: 'home' }, h('p', { class: 'error' }, e.message), h('a', { href: '/' }, tr('Retour à l’accueil', 'Back home'))));
    return;
  }
  room.module = await gameModule(room.info.game);
  if (room.held) {
    room.connect();
    drawRoom();
  } else {
    drawRoom();
  }
}

function inviteBox() {
  const link = `${location.origin}/r/${room.code}`;
  const copied = h('span', { class: 'copied', 'aria-live': 'polite' });
  return h('div', { class: 'invite' },
    h('label', { for: 'invite-link' }, tr('Lien d’invitation', 'Invite link')),
    h('div', { class: 'invite-row' },
      h('input', { id: 'invite-link', readOnly: true, value: link, onfocus: (e) => e.target.select() }),
      h('button', {
        type: 'button', class: 'copy',
        onclick: async () => {
          try { await navigator.clipboard.writeText(link); } catch { document.getElementById('invite-link').select(); document.execCommand('copy'); }
          copied.textContent = tr('Copié !', 'Copied!');
        },
      }, tr('Copier', 'Copy')), copied));
}

// Before the match: who sits where, the invite link, and a way to sit down or watch.
function drawRoom() {
  if (!room) return;
  if (room.snapshot && room.info && room.info.phase !== 'waiting') return drawTable(true);
  const info = room.info;
  const game = gameInfo(info.game);
  document.title = `${game ? game.name : info.game} — tapis`;
  const main = h('main', { class: 'lobby' }, h('h1', {}, game ? game.name : info.game));
  const host = info.seats[0] && info.seats[0].kind === 'human' ? info.seats[0].name : null;
  if (host && room.seat() !== 0) {
    main.append(h('p', { class: 'lead' }, tr(`${host} vous invite à une partie de ${game ? game.name : info.game}.`, `${host} invites you to a game of ${game ? game.name : info.game}.`)));
  }
  if (room.notice) main.append(h('p', { class: 'error', role: 'alert' }, room.notice));
  main.append(inviteBox());
  const list = h('ul', { class: 'lobby-seats' });
  for (const s of info.seats) {
    const mine = room.seat() === s.seat;
    list.append(h('li', { class: mine ? 'mine' : '' },
      h('span', { class: 'dot ' + (s.connected ? 'on' : 'off'), title: s.connected ? tr('connecté', 'connected') : tr('absent', 'away') }),
      seatName(info, s.seat, null) + (mine ? tr(' (vous)', ' (you)') : '')));
  }
  main.append(h('h2', {}, tr('Les places', 'The seats')), list, variantsBox(game, info.options));
  const free = info.seats.filter((s) => s.kind === 'human' && !s.name).length;
  if (room.held) {
    main.append(h('p', { class: 'waiting' }, free
      ? waitingForPlayers(free)
      : tr('La partie commence…', 'The match is starting…')));
  } else if (free && info.phase === 'waiting') {
    const name = h('input', { id: 'join-name', maxLength: 32, required: true, value: localStorage.getItem('tapis.name') || '', placeholder: tr('Votre nom', 'Your name'), autocomplete: 'nickname' });
    const error = h('p', { class: 'error', role: 'alert' });
    main.append(h('form', {
      class: 'join',
      onsubmit: async (e) => {
        e.preventDefault();
        const who = name.value.trim();
        if (!who) { error.textContent = tr('Donnez votre nom.', 'Give your name.'); return; }
        try {
          const joined = await api('POST', `/api/rooms/${encodeURIComponent(room.code)}/join`, { name: who });
          localStorage.setItem('tapis.name', who);
          room.held = { seat: joined.seat, token: joined.token };
          saveSeat(room.code, room.held);
          room.connect();
          room.info = await api('GET', `/api/rooms/${encodeURIComponent(room.code)}`);
          drawRoom();
        } catch (err) {
          error.textContent = err.message;
        }
      },
    }, h('label', { for: 'join-name' }, tr('Votre nom', 'Your name')), name,
      h('button', { type: 'submit', class: 'primary' }, tr('S’asseoir', 'Take a seat')), error));
    main.append(h('p', {}, h('button', { type: 'button', class: 'link', onclick: () => { room.connect(); drawRoom(); } }, tr('Regarder sans jouer', 'Watch without playing'))));
  } else if (!room.ws) {
    room.connect();
  }
  if (room.ws && !room.held) main.append(h('p', { class: 'waiting' }, tr('Vous regardez cette table.', 'You are watching this table.')));
  clear(app).append(topBar(connectionPill()), main);
}

function connectionPill() {
  // A visitor who has not sat down or chosen to watch is not connected, nor trying to be.
  if (!room || !room.ws) return null;
  const words = {
    connecting: tr('connexion…', 'connecting…'),
    open: tr('connecté', 'connected'),
    reconnecting: tr('reconnexion…', 'reconnecting…'),
  }[room.state];
  return h('span', { class: `conn ${room.state}`, role: 'status', 'data-state': room.state }, words);
}

function drawConnection() {
  const pill = app.querySelector('.conn');
  if (pill) pill.replaceWith(connectionPill());
}

function drawNotice() {
  const box = app.querySelector('.notice');
  if (box) {
    box.textContent = room ? room.notice : '';
    box.hidden = !box.textContent;
  }
}

// ---------------------------------------------------------------------------------------------
// The table.

function makeCtx(view, names, options = {}) {
  const legal = options.replay ? [] : view.legal || [];
  const byAction = new Map(legal.map((a) => [a.action, a]));
  const offered = new Set();
  const ctx = {
    lang: lang(),
    t: tr,
    h,
    seat: view.seat,
    name: names,
    replay: !!options.replay,
    views: options.views || null,
    card: (code, opts = {}) => cardElement(code, { lang: lang(), ...opts }),
    offered,
    offer(el, actions) {
      const list = (actions || []).map((a) => (typeof a === 'string' ? byAction.get(a) : byAction.get(a && a.action))).filter(Boolean);
      if (!list.length || ctx.replay) return el;
      for (const a of list) offered.add(a.action);
      el.classList.add('playable');
      el.tabIndex = 0;
      el.setAttribute('role', 'button');
      if (list.length === 1) el.dataset.action = list[0].action;
      else el.dataset.actions = list.map((a) => a.action).join('|');
      el.title = list.map(actionWords).join(' · ');
      const go = (event) => {
        event.preventDefault();
        event.stopPropagation();
        if (list.length === 1) room.act(list[0].action);
        else openMenu(el, list);
      };
      el.addEventListener('click', go);
      el.addEventListener('keydown', (event) => { if (event.key === 'Enter' || event.key === ' ') go(event); });
      return el;
    },
  };
  return ctx;
}

/// A legal action's words for the reader (the server writes them with the seats' names).
function actionWords(a) {
  return a[lang()];
}

function openMenu(anchor, list) {
  closeMenu();
  const menu = h('div', { class: 'menu', role: 'menu' },
    list.map((a) => h('button', { type: 'button', role: 'menuitem', 'data-action': a.action, onclick: (e) => { e.stopPropagation(); closeMenu(); room.act(a.action); } }, actionWords(a))),
    h('button', { type: 'button', class: 'menu-cancel', onclick: () => closeMenu() }, tr('Annuler', 'Cancel')));
  document.body.append(menu);
  const r = anchor.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  menu.style.maxWidth = `${width}px`;
  menu.style.left = `${Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + window.innerWidth - width - 8))}px`;
  menu.style.top = `${r.bottom + window.scrollY + 4}px`;
  menu.querySelector('button').focus();
  menu.addEventListener('keydown', (e) => { if (e.key === 'Escape') { closeMenu(); anchor.focus(); } });
}

function closeMenu() {
  document.querySelectorAll('.menu').forEach((m) => m.remove());
}

document.addEventListener('click', (e) => { if (!e.target.closest('.menu')) closeMenu(); });

function seatStrip(view, names, info, extraFor) {
  const order = [];
  const n = view.players;
  const first = view.seat === null || view.seat === undefined ? 0 : view.seat;
  for (let i = 0; i < n; i++) order.push((first + i) % n);
  const turn = new Set(view.turn || []);
  const winners = new Set((view.result && view.result.winners) || []);
  return h('ol', { class: 'seats', 'aria-label': tr('Les joueurs', 'The players') }, order.map((s) => {
    const seatInfo = info && info.seats[s];
    // One's own seat is connected whenever this page is: the room's last word may predate it.
    const connected = !seatInfo || seatInfo.connected || (s === view.seat && !!room && room.state === 'open');
    return h('li', {
      class: ['seat', turn.has(s) ? 'turn' : '', s === view.seat ? 'me' : '', winners.has(s) ? 'winner' : ''].join(' '),
      'data-seat': s,
    },
      h('div', { class: 'seat-name' },
        h('span', { class: 'dot ' + (connected ? 'on' : 'off'), title: connected ? tr('connecté', 'connected') : tr('absent', 'away') }),
        h('span', {}, names(s)),
        s === view.dealer ? h('span', { class: 'dealer', title: tr('donneur', 'dealer') }, tr('D', 'D')) : null),
      h('div', { class: 'seat-facts' },
        h('span', { title: tr('score', 'score') }, tr('score ', 'score ') + view.scores[s]),
        h('span', {}, count(view.cards[s], 'carte', 'cartes', 'card', 'cards'))),
      turn.has(s) ? h('div', { class: 'seat-turn' }, tr('à jouer', 'to play')) : null,
      extraFor ? extraFor(s) : null);
  }));
}

// Whom the table waits for before the match can start.
function waitingForPlayers(free) {
  return tr(`En attente de ${count(free, 'joueur', 'joueurs', '', '')} : envoyez-${free > 1 ? 'leur' : 'lui'} le lien d’invitation.`,
    `Waiting for ${count(free, '', '', 'player', 'players')}: send them the invite link.`);
}

function prompt(view, names, pending, info) {
  if (view.result) return tr('La partie est finie.', 'The match is over.');
  if (info && info.phase === 'waiting') {
    return waitingForPlayers(info.seats.filter((s) => s.kind === 'human' && !s.name).length);
  }
  if (pending) return tr('Envoyé…', 'Sent…');
  const mine = view.seat !== null && (view.turn || []).includes(view.seat);
  if (mine) return tr('À vous de jouer.', 'Your move.');
  if (view.may_react) return tr('Vous pouvez réagir maintenant.', 'You may react now.');
  const waiting = (view.turn || []).map((s) => names(s));
  if (!waiting.length) return '';
  return tr(`Au tour de ${waiting.join(', ')}.`, `Waiting for ${waiting.join(', ')}.`);
}

async function drawTable(full) {
  if (!room || !room.snapshot) return drawRoom();
  const { view } = room.snapshot;
  const info = room.info;
  const game = gameInfo(view.game);
  document.title = `${game ? game.name : view.game} — tapis`;
  const names = (s) => seatName(info, s, view.seat);
  const ctx = makeCtx(view, names);
  const area = h('section', { class: `game game-${view.game}`, 'aria-label': tr('La table', 'The table') });
  try {
    (room.module.render || genericRender)(area, view, ctx);
  } catch (e) {
    console.error(e);
    genericRender(area, view, ctx);
  }
  // Before every seat is taken the cards are dealt but nobody is to play yet: the table is shown
  // veiled, and no seat is marked to play.
  const waitingSeats = info && info.phase === 'waiting';
  const rest = (view.legal || []).filter((a) => !ctx.offered.has(a.action));
  const actions = h('div', { class: 'actions', 'aria-label': tr('Vos coups', 'Your moves') },
    rest.map((a) => h('button', { type: 'button', class: 'action', 'data-action': a.action, disabled: room.pending, onclick: () => room.act(a.action) }, actionWords(a))));
  const notice = h('div', { class: 'notice', role: 'alert', hidden: !room.notice }, room.notice);
  const main = h('main', { class: 'table-page' + (room.pending ? ' pending' : '') + (waitingSeats ? ' waiting' : ''), 'data-seq': view.seq, 'data-match': view.match, 'data-seat': view.seat ?? '' },
    h('div', { class: 'board' },
      seatStrip(waitingSeats ? { ...view, turn: [] } : view, names, info),
      h('p', { class: 'prompt', 'aria-live': 'polite' }, prompt(view, names, room.pending, info)),
      waitingSeats ? inviteBox() : null,
      area,
      actions,
      notice),
    sidePanel(view, names));
  const overlays = [];
  if (view.result && !room.resultClosed) overlays.push(resultsDialog(view, names));
  else if (room.roundEnd) overlays.push(roundDialog(view, names));
  clear(app).append(topBar(connectionPill()), main, ...overlays);
  const focusable = overlays.length ? overlays[0].querySelector('button') : null;
  if (focusable) focusable.focus();
}

function sidePanel(view, names) {
  const tabs = [
    ['log', tr('Journal', 'Log')],
    ['scores', tr('Scores', 'Scores')],
    ['chat', tr('Discussion', 'Chat')],
    ['rules', tr('Règles', 'Rules')],
  ];
  const body = h('div', { class: 'side-body' });
  const panel = h('aside', { class: 'side' },
    h('div', { class: 'tabs', role: 'tablist' }, tabs.map(([id, words]) => h('button', {
      type: 'button', role: 'tab', 'aria-selected': room.tab === id ? 'true' : 'false', 'data-tab': id,
      onclick: () => { room.tab = id; drawSide(); },
    }, words + (id === 'chat' && room.unread ? ` (${room.unread})` : '')))),
    body);
  fillSide(body, view, names);
  return panel;
}

function drawSide() {
  const side = app.querySelector('aside.side');
  if (!side || !room || !room.snapshot) return;
  const view = room.snapshot.view;
  side.replaceWith(sidePanel(view, (s) => seatName(room.info, s, view.seat)));
  const log = app.querySelector('.log');
  if (log) log.scrollTop = log.scrollHeight;
}

function fillSide(body, view, names) {
  if (room.tab === 'log') {
    const list = h('ol', { class: 'log', 'aria-live': 'polite' },
      room.log.map((entry) => h('li', {}, entry[lang()])));
    body.append(list);
    setTimeout(() => { list.scrollTop = list.scrollHeight; });
  } else if (room.tab === 'scores') {
    body.append(scoreSheet(view, names, room.rounds));
    const earlier = earlierMatches(room.code, view.match);
    if (earlier) body.append(earlier);
  } else if (room.tab === 'chat') {
    room.unread = 0;
    const input = h('input', { id: 'chat-text', maxLength: 500, placeholder: tr('Votre message', 'Your message'), 'aria-label': tr('Votre message', 'Your message') });
    body.append(
      h('ol', { class: 'chat' }, room.chat.map((c) => h('li', {}, h('b', {}, (c.name || names(c.seat)) + tr(' : ', ': ')), c.text))),
      view.seat === null || view.seat === undefined
        ? h('p', { class: 'muted' }, tr('Les spectateurs ne peuvent pas écrire.', 'Spectators cannot write.'))
        : h('form', { class: 'chat-form', onsubmit: (e) => { e.preventDefault(); const text = input.value.trim(); if (text && room.send({ type: 'chat', text })) input.value = ''; } },
          input, h('button', { type: 'submit' }, tr('Envoyer', 'Send'))));
  } else {
    const game = gameInfo(view.game);
    body.append(variantsBox(game, room.info && room.info.options),
      h('div', { class: 'rules' }, game ? reflowRules(tr(game.rules_fr || game.rules, game.rules)) : ''));
  }
}

// The rules in brief come wrapped for a terminal of about 100 columns; the panel is narrower
// and wraps them again, so a line the terminal wrapped is joined to the one before it. A line
// is taken as wrapped when it is long (past 80% of the text's usual width) and the next one
// neither starts a new sentence at the margin, nor comes out of an indent, nor starts an item of
// a list (`  7 : …`, `  tuck        …`), nor follows a colon that opens one.
function reflowRules(text) {
  const lines = text.replace(/\s+$/, '').split('\n');
  const lengths = lines.map((l) => l.length).sort((a, b) => a - b);
  const width = lengths[Math.floor(lengths.length * 0.9)];
  const indent = (line) => line.length - line.trimStart().length;
  const item = (line) => /^\s*(\S+\s{2,}|\S+(\s\S+){0,2}\s?:\s)/.test(line);
  const out = [];
  let before = '';
  for (const line of lines) {
    const wrapped = before.length >= width * 0.8 && !before.trimEnd().endsWith(':');
    const sentence = /[.!?]$/.test(before.trimEnd()) && /^[A-ZÀ-Ý]/.test(line);
    const deeper = indent(line) > indent(before);
    const level = indent(line) === indent(before) && !(indent(line) > 0 && item(line));
    if (out.length && line.trim() && wrapped && !sentence && (deeper || level)) {
      out[out.length - 1] = `${out[out.length - 1].trimEnd()} ${line.trim()}`;
    } else {
      out.push(line);
    }
    before = line;
  }
  return out.join('\n');
}

function scoreSheet(view, names, rounds) {
  const n = view.players;
  const seats = Array.from({ length: n }, (_, s) => s);
  return h('table', { class: 'sheet' },
    h('thead', {}, h('tr', {}, h('th', {}, tr('Manche', 'Round')), seats.map((s) => h('th', {}, names(s))))),
    h('tbody', {},
      rounds.map((r) => h('tr', {}, h('td', {}, r.round), seats.map((s) => h('td', {}, `${r.scores_after[s]}`, h('small', {}, ` (${r.change[s] > 0 ? '+' : ''}${r.change[s]})`))))),
      h('tr', { class: 'now' }, h('td', {}, view.result ? tr('Total', 'Total') : tr('Maintenant', 'Now')), seats.map((s) => h('td', {}, view.scores[s])))));
}

function dialog(title, ...content) {
  return h('div', { class: 'overlay' }, h('div', { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-label': title }, h('h2', {}, title), ...content));
}

// A round's end as its dialog tells it: what happened up to the next round's deal.
function roundEndEvents(events) {
  const next = events.findIndex((e) => ['round_started', 'round_dealt', 'dealt'].includes(e.type));
  return (next < 0 ? events : events.slice(0, next)).filter((e) => e.text);
}

function roundDialog(view, names) {
  const { summary, events } = room.roundEnd;
  return dialog(tr(`Fin de la manche ${summary.round}`, `End of round ${summary.round}`),
    h('ul', { class: 'settlement' }, events.map((e) => h('li', {}, e.text[lang()]))),
    scoreSheet({ ...view, result: null }, names, [summary]),
    h('button', { type: 'button', class: 'primary', 'data-close': 'round', onclick: () => { room.roundEnd = null; drawTable(); } }, tr('Continuer', 'Continue')));
}

// « Gagnant : Léo » / "Winners: Léo, Tom".
function winnersLine(winners, names) {
  const list = winners.map((s) => names(s)).join(', ');
  return tr(`${winners.length > 1 ? 'Gagnants' : 'Gagnant'} : ${list}`, `${winners.length > 1 ? 'Winners' : 'Winner'}: ${list}`);
}

// Links to the replays of a room's matches before match `current`.
function earlierMatches(code, current) {
  if (current < 2) return null;
  return h('p', { class: 'earlier' }, tr('Revoir une partie précédente : ', 'Watch an earlier match: '),
    Array.from({ length: current - 1 }, (_, i) => i + 1).map((k) => h('a', { href: `/r/${code}/replay?match=${k}`, 'data-match': k }, tr(`partie ${k}`, `match ${k}`))));
}

function resultsDialog(view, names) {
  const iWon = view.seat !== null && view.result.winners.includes(view.seat);
  const headline = iWon ? tr('Vous avez gagné !', 'You won!') : winnersLine(view.result.winners, names);
  const player = view.seat !== null && view.seat !== undefined;
  return dialog(tr('La partie est finie', 'The match is over'),
    h('p', { class: 'headline', 'data-result': 'winners' }, headline),
    scoreSheet(view, names, room.rounds),
    h('div', { class: 'dialog-buttons' },
      player ? h('button', { type: 'button', class: 'primary', 'data-do': 'rematch', onclick: () => { room.send({ type: 'rematch' }); } }, tr('Revanche', 'Rematch')) : null,
      h('a', { class: 'button', href: `/r/${room.code}/replay`, 'data-do': 'replay' }, tr('Revoir la partie', 'Watch it again')),
      h('button', { type: 'button', 'data-close': 'results', onclick: () => { room.resultClosed = true; drawTable(); } }, tr('Voir la table', 'See the table'))),
    earlierMatches(room.code, room.snapshot.match));
}

// Links to the replays of a room's matches, `shown` marked, when it has played more than one.
function matchLinks(code, matches, shown) {
  if (matches < 2) return null;
  return h('nav', { class: 'matches', 'aria-label': tr('Les parties de cette table', 'This table’s matches') },
    tr('Parties : ', 'Matches: '),
    Array.from({ length: matches }, (_, i) => i + 1).map((k) => (k === shown
      ? h('strong', { 'aria-current': 'page', 'data-match': k }, `${k}`)
      : h('a', { href: `/r/${code}/replay?match=${k}`, 'data-match': k }, `${k}`))));
}

// A table for a game without its own drawing: the hand and the legal moves.
function genericRender(area, view, ctx) {
  const hand = (view.table && view.table.hand) || [];
  area.append(h('div', { class: 'hand' }, hand.map((c) => ctx.offer(ctx.card(c), (view.legal || []).filter((a) => a.action.split(' ').includes(c))))));
}

// ---------------------------------------------------------------------------------------------
// Replays: a finished match step by step, every hand shown.

/// A control's picture, drawn rather than taken from a font that may lack it.
function icon(path) {
  return `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="${path}" fill="currentColor" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>`;
}

async function replayPage(code) {
  if (room) room.close();
  room = null;
  clear(app).append(topBar(), h('main', { class: 'loading' }, tr('Chargement…', 'Loading…')));
  let data;
  let info;
  try {
    await loadGames();
    const asked = new URLSearchParams(location.search).get('match');
    const which = asked ? `?match=${encodeURIComponent(asked)}` : '';
    [data, info] = await Promise.all([api('GET', `/api/rooms/${encodeURIComponent(code)}/replay${which}`), api('GET', `/api/rooms/${encodeURIComponent(code)}`)]);
  } catch (e) {
    clear(app).append(topBar(), h('main', { class: 'home' }, h('p', { class: 'error' }, e.message), h('a', { href: `/r/${code}` }, tr('Retour à la table', 'Back to the table'))));
    return;
  }
  const mod = await gameModule(data.game);
  const held = savedSeat(code);
  let step = 0;
  let from = held ? held.seat : 0;
  const last = data.steps.length - 1;
  const go = (to) => { step = Math.max(0, Math.min(last, to)); draw(); };
  function draw() {
    rerender = draw;
    const current = data.steps[step];
    const views = current.views;
    const view = views[from];
    // The seat the replay is seen from is « vous »: its hand is the one drawn as yours.
    const names = (s) => seatName(info, s, from);
    const ctx = makeCtx(view, names, { replay: true, views });
    const area = h('section', { class: `game game-${data.game}` });
    try { (mod.render || genericRender)(area, view, ctx); } catch (e) { console.error(e); genericRender(area, view, ctx); }
    const hands = mod.drawsHands ? null : (s) => {
      const hand = views[s].table && views[s].table.hand;
      if (!Array.isArray(hand)) return null;
      const draw1 = mod.cardElement ? (c) => mod.cardElement(c, ctx) : (c) => ctx.card(c, { small: true });
      return h('div', { class: 'hand mini', 'data-hand': s }, hand.map(draw1));
    };
    const told = [];
    for (let i = 1; i <= step; i++) {
      const st = data.steps[i];
      for (const e of st.events) if (e.text) told.push(h('li', { class: i === step ? 'current' : '' }, e.text[lang()]));
    }
    const controls = h('div', { class: 'replay-controls' },
      h('button', { type: 'button', 'data-step': 'first', onclick: () => go(0), 'aria-label': tr('Début', 'Start'), html: icon('M5 4v16M19 4 8 12l11 8z') }),
      h('button', { type: 'button', 'data-step': 'back', onclick: () => go(step - 1), 'aria-label': tr('Coup précédent', 'Previous move'), html: icon('M17 4 6 12l11 8z') }),
      h('span', { class: 'replay-pos', 'data-pos': step }, tr(`coup ${step} sur ${last}`, `move ${step} of ${last}`)),
      h('button', { type: 'button', 'data-step': 'forward', onclick: () => go(step + 1), 'aria-label': tr('Coup suivant', 'Next move'), html: icon('M7 4l11 8-11 8z') }),
      h('button', { type: 'button', 'data-step': 'last', onclick: () => go(last), 'aria-label': tr('Fin', 'End'), html: icon('M19 4v16M5 4l11 8-11 8z') }),
      h('label', {}, tr(' vu par ', ' seen by '), h('select', { onchange: (e) => { from = Number(e.target.value); draw(); } },
        views.map((_, s) => h('option', { value: s, selected: s === from }, seatName(info, s, null))))));
    const result = view.result ? h('div', { class: 'replay-result', 'data-result': 'winners' },
      winnersLine(view.result.winners, names), scoreSheet(view, names, data.rounds)) : null;
    const main = h('main', { class: 'table-page replay' },
      h('div', { class: 'board' },
        h('h1', {}, tr('Revoir la partie', 'Replay'), info.match > 1 ? ` ${data.match}` : '', ' — ', gameInfo(data.game) ? gameInfo(data.game).name : data.game),
        matchLinks(code, info.match, data.match),
        controls,
        current.words ? h('p', { class: 'prompt' }, names(current.seat) + tr(' : ', ': ') + current.words[lang()]) : h('p', { class: 'prompt' }, tr('La donne.', 'The deal.')),
        seatStrip(view, names, null, hands),
        area,
        result,
        h('p', {}, h('a', { href: `/r/${code}` }, tr('Retour à la table', 'Back to the table')))),
      h('aside', { class: 'side' }, h('div', { class: 'side-body' }, told.length
        ? h('ol', { class: 'log' }, told)
        : h('p', { class: 'muted' }, tr('La donne : personne n’a encore joué.', 'The deal: nobody has played yet.')))));
    clear(app).append(topBar(), main);
    const log = app.querySelector('.log');
    if (log) log.scrollTop = log.scrollHeight;
  }
  document.onkeydown = (e) => {
    if (!location.pathname.endsWith('/replay')) return;
    if (e.key === 'ArrowRight') go(step + 1);
    else if (e.key === 'ArrowLeft') go(step - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(last);
  };
  draw();
}

// Links inside the page move without reloading it.
document.addEventListener('click', (e) => {
  const a = e.target.closest('a[href^="/"]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || a.target) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});

route();
