// Home: the games, each with a picture and its line (the server's words), then the form of the
// one chosen (your name, the seats, what the table does when someone is away, the rule options in
// words). Creating a table seats its creator at seat 1 and opens the table.

import { h, clear } from './dom.js';
import { lang, tr } from './i18n.js';
import { cardElement } from './cards.js';
import { app, api, loadGames, botLevels, gameModule, gameInfo, gameName, gameTagline, topBar, onRedraw, navigate, saveSeat, optionsInOrder, optionValueWords } from './shared.js';

export async function homePage(chosen) {
  onRedraw(() => homePage(chosen));
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
  // Every game's module and style sheet asked for at once, their sheets linked in the list's order.
  const mods = await Promise.all(list.map((game) => gameModule(game.id)));
  for (const [i, game] of list.entries()) {
    const mod = mods[i];
    const picture = mod.icon ? mod.icon({ lang: lang(), h, card: (c, o) => cardElement(c, { lang: lang(), ...o }) }) : null;
    grid.append(h('button', {
      class: 'game-tile' + (chosen === game.id ? ' chosen' : ''), type: 'button', 'data-game': game.id,
      onclick: () => homePage(game.id),
    },
      h('div', { class: 'game-picture', 'aria-hidden': 'true' }, picture),
      h('strong', {}, gameName(game.id)),
      h('span', { class: 'game-players' }, tr(`${game.players[0]} à ${game.players[1]} joueurs`, `${game.players[0]} to ${game.players[1]} players`)),
      h('span', {}, gameTagline(game.id))));
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

/** Whether the create form offers an option: not one whose value is data a program writes
 * (Nur Mut's deck, Le 8 Nantais's combinations as a list of keys), which stays for the API and
 * `tapis play`. */
const onTheForm = (spec) => !('accepts' in spec) || typeof spec.default === 'number';

function optionField(key, spec) {
  const help = tr(spec.help_fr || spec.help, spec.help);
  const id = `opt-${key}`;
  let input;
  if (Array.isArray(spec.values) && spec.values.every((v) => typeof v === 'boolean')) {
    input = h('input', { type: 'checkbox', id, 'data-option': key, checked: spec.default === true });
    return h('label', { class: 'option check', for: id }, input, h('span', {}, help));
  }
  if (Array.isArray(spec.values)) {
    input = h('select', { id, 'data-option': key },
      spec.values.map((v) => h('option', { value: JSON.stringify(v), selected: v === spec.default }, optionValueWords(spec, v))));
  } else if (spec.min !== undefined || typeof spec.default === 'number') {
    input = h('input', { type: 'number', id, 'data-option': key, min: spec.min ?? 0, max: spec.max, value: spec.default });
  } else {
    input = h('input', { type: 'text', id, 'data-option': key, value: JSON.stringify(spec.default), title: tr(spec.accepts_fr || '', spec.accepts || '') });
  }
  return h('label', { class: 'option', for: id }, h('span', {}, help), input);
}

function readOption(input) {
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
    ...botLevels().map((l) => [l.kind, tr(`Bot ${l.fr}`, `${l.en[0].toUpperCase()}${l.en.slice(1)} bot`)]),
  ];
  const chosenKinds = [];
  function drawSeats() {
    const n = Number(playersSelect.value);
    clear(seatsBox);
    for (let s = 0; s < n; s++) {
      // Every seat a person by default: a family invites each other; a bot is one choice away.
      const kind = chosenKinds[s] || 'human';
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
  // A practice table: the hard bot's move offered to each person on their turn (and said so to
  // everyone at the table, and in its record).
  const practice = h('input', { type: 'checkbox', id: 'hints' });
  const options = h('details', { class: 'options' }, h('summary', {}, tr('Règles du jeu (variantes)', 'Rules (variants)')),
    optionsInOrder(game).filter(([, spec]) => onTheForm(spec)).map(([key, spec]) => optionField(key, spec)));
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
      const seats = Array.from({ length: n }, (_, s) => (s === 0 ? 'human' : (chosenKinds[s] || 'human')));
      const opts = {};
      for (const input of form.querySelectorAll('[data-option]')) {
        const key = input.dataset.option;
        const value = readOption(input);
        if (JSON.stringify(value) !== JSON.stringify(game.options[key].default)) opts[key] = value;
      }
      const body = { game: game.id, players: n, seats, options: opts };
      if (away.value) body.turn_clock_ms = Number(away.value);
      if (practice.checked) body.hints = true;
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
    h('h2', {}, gameName(game.id)),
    h('label', { for: 'name' }, tr('Votre nom', 'Your name')), name,
    h('label', { for: 'players' }, tr('Joueurs', 'Players')), playersSelect,
    h('div', { class: 'form-wide' }, h('span', { class: 'label' }, tr('Les places', 'The seats')), seatsBox),
    h('label', { for: 'away' }, tr('Quand un joueur s’absente', 'When a player is away')), away,
    h('div', { class: 'form-wide check' }, practice,
      h('label', { for: 'hints' }, tr('Table d’entraînement : le bot difficile conseille chacun à son tour',
        'Practice table: the hard bot advises each person on their turn'))),
    h('div', { class: 'form-wide' }, options),
    h('div', { class: 'form-wide' }, submit, error));
  return form;
}
