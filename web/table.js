// A room's page: the lobby (who sits where, the invite link, sitting down or watching, taking
// back a seat held on another device), then the table frame around the game's own drawing.
//
// The frame is built once and then patched, never rebuilt, so that what the person is doing
// survives every update: the chat's draft and its focus, the page's and the log's scroll, an open
// menu of moves, the tab shown. The seat strip is redrawn (it holds nothing focusable); the game's
// part is drawn again by its module, and focus and an open menu go back to the same move (its
// `data-action`); the move buttons are kept by action; the log and the chat grow by their new
// lines; the prompt and the notice change their text in place; a dialog stays until the reason
// for it changes. That is all the reconciliation this page needs, which is why no view library
// is vendored (web/README.md).

import { h, clear } from './dom.js';
import { lang, tr, count, de, number } from './i18n.js';
import {
  app, api, loadGames, gameModule, gameInfo, gameName, ofGame, stop, topBar, onRedraw, plainPage, saveSeat, seatName,
  variantsBox, makeCtx, offerKey, keepMenu, closeMenu, actionWords, seatStrip, scoreSheet, roundWord, winnersLine, earlierMatches, drawGame,
} from './shared.js';
import { Room, autoForcedOn, noticeText } from './net.js';
import { soundSwitch, turnChanged, noTurn, askNotificationsOnce } from './alerts.js';
import { measure, animate, taker } from './motion.js';

let page = null; // the room page in view

/** How long an update that opens a reaction to another seat's move waits for the next one
 * (`patchUpdate`): a move sent with its `then` comes as two updates, sent together. */
const REACTION_HOLD_MS = 60;

export function leaveRoom() {
  if (page) page.close();
  page = null;
}

/** `/r/{room}`, with a seat link's token in the fragment (`#seat=2&token=…`) taken and hidden. */
export async function roomPage(code) {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get('token')) {
    saveSeat(code, { seat: Number(fragment.get('seat')) || 0, token: fragment.get('token') });
    history.replaceState(null, '', location.pathname + location.search);
    leaveRoom();
  }
  if (page && page.room.code === code && !page.room.closed) return;
  const notice = page && page.room.code === code ? page.room.notice : null;
  leaveRoom();
  page = new RoomPage(code);
  page.room.notice = notice;
  await page.open();
}

/**
 * A match stored under other rules than the server's, kept read-only (`docs/upgrades.md`): the
 * server's notice, the record's link, and the match's moves as its record lists them.
 */
function readOnlyBox(code, info) {
  const notice = info.read_only;
  const moves = h('ol', { class: 'read-only-moves' });
  api('GET', notice.record).then((record) => {
    for (const [seat, action] of record.actions || []) {
      const who = seatName(info, seat, null);
      moves.append(h('li', {}, tr(`${who}\u00a0: ${action}`, `${who}: ${action}`)));
    }
  }).catch(() => {});
  return h('section', { class: 'read-only', role: 'status' },
    h('p', {}, tr(notice.text.fr, notice.text.en)),
    h('p', {}, h('a', { href: notice.record, download: `${code}-${info.match}.json` },
      tr('Télécharger l’enregistrement de la partie', 'Download the match’s record'))),
    // The rules that would word each move are not this server's: the moves are given as the
    // record writes them (NOTATION.md), and the heading says so.
    h('h2', {}, tr('Les coups joués, dans la notation de l’enregistrement', 'The moves played, in the record’s notation')), moves);
}

class RoomPage {
  constructor(code) {
    this.room = new Room(code, (what, detail) => this.changed(what, detail));
    this.table = null; // the table frame's parts once built
    this.lobby = null;
    this.clockTimer = setInterval(() => this.tickClock(), 1000);
  }

  close() {
    this.room.close();
    clearInterval(this.clockTimer);
    closeMenu();
    noTurn('tapis');
  }

  async open() {
    const { room } = this;
    onRedraw(() => this.redraw());
    plainPage(h('p', { class: 'loading' }, tr('Chargement…', 'Loading…')));
    try {
      await loadGames();
      room.info = await api('GET', `/api/rooms/${encodeURIComponent(room.code)}`);
    } catch (e) {
      plainPage(h('p', { class: 'error' }, e.message), h('a', { href: '/' }, tr('Retour à l’accueil', 'Back home')));
      return;
    }
    this.module = await gameModule(room.info.game);
    if (page !== this) return;
    if (room.held) room.connect();
    this.show();
  }

  /** The language changed: everything is drawn again, the chat's draft kept. */
  redraw() {
    const draft = this.table ? this.table.chatInput.value : '';
    this.table = null;
    this.lobby = null;
    this.show();
    if (this.table) this.table.chatInput.value = draft;
  }

  show() {
    if (this.room.snapshot) this.drawTable();
    else this.drawLobby();
  }

  changed(what, detail = {}) {
    if (page !== this) return;
    const { room } = this;
    if (what === 'lost') {
      // The seat's token was refused (its seat given to a bot, or the room gone): back to the
      // lobby, told why.
      const notice = room.notice;
      leaveRoom();
      page = new RoomPage(room.code);
      page.room.notice = notice;
      page.open();
      return;
    }
    if (!room.snapshot) {
      if (what === 'room' || what === 'conn') this.drawLobby();
      return;
    }
    if (!this.table) {
      this.drawTable();
      return;
    }
    switch (what) {
      case 'conn':
        this.patchConnection();
        // One's own tile says whether one is connected: a game drawing the seats draws it again.
        if (this.module && this.module.seatTiles) this.patchGame(null);
        else this.patchStrip();
        break;
      case 'pending': this.patchPending(); break;
      case 'hint': this.patchHint(); break;
      case 'chat': this.patchChat(detail); break;
      case 'notice': this.patchNotice(); break;
      case 'rounds': this.patchScores(); this.patchOverlay(true); break;
      case 'room': this.patchAll(); break;
      case 'snapshot': this.patchAll({ newMatch: detail.newMatch }); break;
      case 'update': this.patchUpdate(detail.frame); break;
      default: break;
    }
  }

  // -------------------------------------------------------------------------------------------
  // The lobby: before the match (or before choosing to watch).

  drawLobby() {
    const { room } = this;
    const info = room.info;
    if (!info) return;
    const name = gameName(info.game);
    noTurn(`${name} — tapis`);
    const free = info.seats.filter((s) => s.kind === 'human' && !s.name).length;
    const watching = !!room.ws && !room.held;
    const kind = info.read_only ? 'read_only' : room.held ? 'held' : free && info.phase === 'waiting' ? 'join' : watching ? 'watch' : 'full';
    // The lobby is built again only when what it offers changes; otherwise its seats and lines
    // are patched, so a name being typed stays.
    if (!this.lobby || this.lobby.kind !== kind || this.lobby.lang !== lang()) this.buildLobby(kind);
    const { list, waiting, header } = this.lobby;
    clear(list);
    for (const s of info.seats) {
      const mine = room.seat() === s.seat;
      list.append(h('li', { class: mine ? 'mine' : '', 'data-seat': s.seat },
        h('span', { class: 'dot ' + (s.connected ? 'on' : 'off'), title: s.connected ? tr('connecté', 'connected') : tr('absent', 'away') }),
        seatName(info, s.seat, null) + (mine ? tr(' (vous)', ' (you)') : '')));
    }
    if (waiting) {
      waiting.textContent = free ? waitingForPlayers(free) : tr('La partie commence…', 'The match is starting…');
    }
    header.querySelector('.topbar-extra').replaceChildren(connectionPill(room));
  }

  buildLobby(kind) {
    const { room } = this;
    const info = room.info;
    const game = gameInfo(info.game);
    const name = gameName(info.game);
    const main = h('main', { class: 'lobby', 'data-lobby': kind }, h('h1', {}, name));
    const host = info.seats[0] && info.seats[0].kind === 'human' ? info.seats[0].name : null;
    // A read-only room invites nobody: its match cannot go on here.
    if (host && room.seat() !== 0 && kind !== 'read_only') {
      main.append(h('p', { class: 'lead' }, stop(tr(`${host} vous invite à une partie ${ofGame(info.game)}`, `${host} invites you to a game ${ofGame(info.game)}`))));
    }
    if (room.notice) main.append(h('p', room.notice.info ? { role: 'status' } : { class: 'error', role: 'alert' }, noticeText(room.notice)));
    if (kind === 'read_only') {
      const list = h('ul', { class: 'lobby-seats' });
      main.append(readOnlyBox(room.code, info), h('h2', {}, tr('Les places', 'The seats')), list);
      const header = topBar(connectionPill(room));
      clear(app).append(header, main);
      this.table = null;
      this.lobby = { kind, list, waiting: null, header, lang: lang() };
      return;
    }
    main.append(inviteBox(room.code));
    const list = h('ul', { class: 'lobby-seats' });
    main.append(h('h2', {}, tr('Les places', 'The seats')), list, variantsBox(game, info.options));
    let waiting = null;
    if (kind === 'held') {
      waiting = h('p', { class: 'waiting', role: 'status' });
      main.append(waiting);
    } else if (kind === 'join') {
      const input = h('input', { id: 'join-name', maxLength: 32, required: true, value: localStorage.getItem('tapis.name') || '', placeholder: tr('Votre nom', 'Your name'), autocomplete: 'nickname' });
      const error = h('p', { class: 'error', role: 'alert' });
      main.append(h('form', {
        class: 'join',
        onsubmit: async (e) => {
          e.preventDefault();
          const who = input.value.trim();
          if (!who) { error.textContent = tr('Donnez votre nom.', 'Give your name.'); return; }
          try {
            const joined = await api('POST', `/api/rooms/${encodeURIComponent(room.code)}/join`, { name: who });
            localStorage.setItem('tapis.name', who);
            room.held = { seat: joined.seat, token: joined.token };
            saveSeat(room.code, room.held);
            room.info = await api('GET', `/api/rooms/${encodeURIComponent(room.code)}`);
            room.connect();
            this.drawLobby();
          } catch (err) {
            error.textContent = err.message;
          }
        },
      }, h('label', { for: 'join-name' }, tr('Votre nom', 'Your name')), input,
        h('button', { type: 'submit', class: 'primary' }, tr('S’asseoir', 'Take a seat')), error));
      main.append(h('p', {}, h('button', { type: 'button', class: 'link', 'data-do': 'watch', onclick: () => { room.connect(); this.drawLobby(); } }, tr('Regarder sans jouer', 'Watch without playing'))));
      // Someone already seated on another device takes their seat back, not a second one.
      main.append(h('details', { class: 'elsewhere-open' },
        h('summary', {}, tr('Vous avez déjà une place à cette table, sur un autre appareil ?', 'Already seated at this table, on another device?')),
        seatLinkForm(room)));
    } else if (kind === 'full') {
      main.append(seatElsewhere(room, () => { room.connect(); this.drawLobby(); }));
    } else {
      main.append(h('p', { class: 'waiting' }, tr('Vous regardez cette table.', 'You are watching this table.')));
    }
    const header = topBar(connectionPill(room));
    clear(app).append(header, main);
    this.table = null;
    this.lobby = { kind, list, waiting, header, lang: lang() };
  }

  // -------------------------------------------------------------------------------------------
  // The table frame, built once.

  drawTable() {
    const { room } = this;
    this.lobby = null;
    const conn = h('span', { class: 'conn-slot' });
    const header = topBar(conn, soundSwitch());
    const strip = h('div', { class: 'seats-slot' });
    const prompt = h('p', { class: 'prompt', 'aria-live': 'polite' });
    const clockLine = h('p', { class: 'clock-line', hidden: true });
    const waitingSlot = h('div', { class: 'waiting-slot' });
    const area = h('section', { class: 'game', 'aria-label': tr('La table', 'The table'), tabIndex: -1 });
    area.addEventListener('click', (e) => this.unplayableTap(e));
    const actions = h('div', { class: 'actions', 'aria-label': tr('Vos coups', 'Your moves') });
    const notice = h('div', { class: 'notice', role: 'alert', hidden: true });
    const hint = h('p', { class: 'bot-hint', 'data-bot-hint': '', 'aria-live': 'polite', hidden: true });
    // On a phone, the prompt and the moves stay in view at the bottom of the screen, and one's
    // own hand (the element a game marks `data-own-hand`) just above them (style.css).
    const dock = h('div', { class: 'dock' }, prompt, clockLine, hint, actions, notice);
    const board = h('div', { class: 'board' }, strip, waitingSlot, area, dock);
    new ResizeObserver(() => board.style.setProperty('--dock-h', `${dock.offsetHeight}px`)).observe(dock);

    const tabs = [
      ['log', tr('Journal', 'Log')],
      ['scores', tr('Scores', 'Scores')],
      ['chat', tr('Discussion', 'Chat')],
      ['rules', tr('Règles', 'Rules')],
    ];
    room.tab = room.tab || 'log';
    // A tab list as screen readers expect it: one stop for Tab, the arrows between the tabs.
    const tabButtons = tabs.map(([id, words], i) => h('button', {
      type: 'button', role: 'tab', 'data-tab': id, 'data-words': words, id: `tab-${id}`, 'aria-controls': `pane-${id}`,
      onclick: () => this.showTab(id),
      onkeydown: (e) => {
        const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
        if (!step) return;
        e.preventDefault();
        const next = tabs[(i + step + tabs.length) % tabs.length][0];
        this.showTab(next);
        this.table.tabButtons.find((t) => t.dataset.tab === next).focus();
      },
    }, words));
    const log = h('ol', { class: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions' });
    const scores = h('div', { class: 'scores' });
    const chatList = h('ol', { class: 'chat', 'aria-live': 'polite', 'aria-relevant': 'additions' });
    const chatInput = h('input', { id: 'chat-text', maxLength: 500, placeholder: tr('Votre message', 'Your message'), 'aria-label': tr('Votre message', 'Your message'), autocomplete: 'off' });
    const chatForm = h('form', {
      class: 'chat-form',
      onsubmit: (e) => {
        e.preventDefault();
        const text = chatInput.value.trim();
        if (text && room.send({ type: 'chat', text })) chatInput.value = '';
      },
    }, chatInput, h('button', { type: 'submit' }, tr('Envoyer', 'Send')));
    const game = gameInfo(room.info.game);
    const panes = {
      log: h('div', { class: 'pane', id: 'pane-log', role: 'tabpanel' }, log),
      scores: h('div', { class: 'pane', id: 'pane-scores', role: 'tabpanel' }, scores),
      chat: h('div', { class: 'pane', id: 'pane-chat', role: 'tabpanel' }, chatList,
        room.seat() === null
          ? h('p', { class: 'muted' }, tr('Les spectateurs ne peuvent pas écrire.', 'Spectators cannot write.'))
          : chatForm),
      rules: h('div', { class: 'pane', id: 'pane-rules', role: 'tabpanel' }, variantsBox(game, room.info.options),
        h('div', { class: 'rules' }, game ? rulesText(tr(game.rules_fr || game.rules, game.rules)) : '')),
    };
    // Everyone at a practice table knows it is one, spectators included.
    const practice = room.info && room.info.hints
      ? h('p', { class: 'practice', 'data-practice': '' }, tr(
        'Table d’entraînement : à son tour, chacun voit le coup que jouerait le bot difficile.',
        'Practice table: on their turn, each person sees the move the hard bot would play.'))
      : null;
    const side = h('aside', { class: 'side' },
      practice,
      h('div', { class: 'tabs', role: 'tablist' }, tabButtons),
      h('div', { class: 'side-body' }, Object.values(panes)),
      room.held ? autoForcedSwitch(room) : null,
      room.held ? seatLinkBox(room) : null);
    const main = h('main', { class: 'table-page' }, board, side);
    const overlay = h('div', { class: 'overlay-slot' });
    clear(app).append(header, main, overlay);
    main.addEventListener('pointerdown', () => { if (room.held) askNotificationsOnce(); }, { once: true });

    this.table = {
      header, conn, main, board, strip, prompt, clockLine, hint, waitingSlot, area, actions, notice, dock,
      tabButtons, panes, log, logShown: 0, scores, chatList, chatShown: 0, chatInput, overlay, overlayKey: null,
    };
    this.patchConnection();
    this.showTab(room.tab);
    this.patchAll({ first: true });
  }

  showTab(id) {
    const { room, table } = this;
    room.tab = id;
    if (id === 'chat') room.unread = 0;
    for (const button of table.tabButtons) {
      const on = button.dataset.tab === id;
      button.setAttribute('aria-selected', on ? 'true' : 'false');
      button.tabIndex = on ? 0 : -1;
    }
    for (const [key, pane] of Object.entries(table.panes)) pane.hidden = key !== id;
    this.patchTabs();
    if (id === 'log') table.log.scrollTop = table.log.scrollHeight;
    if (id === 'chat') table.chatList.scrollTop = table.chatList.scrollHeight;
    if (id === 'scores') this.patchScores();
  }

  patchTabs() {
    for (const button of this.table.tabButtons) {
      const words = button.dataset.words + (button.dataset.tab === 'chat' && this.room.unread ? ` (${this.room.unread})` : '');
      if (button.textContent !== words) button.textContent = words;
    }
  }

  names() {
    const { room } = this;
    const view = room.snapshot.view;
    return (s) => seatName(room.info, s, view.seat);
  }

  /** What a game's seat tile shows beside the game (`ctx.seatStatus`): whether a person is
   * connected, the dealer's mark, the score (`score: false` for a game that shows it already,
   * as Le Nain Jaune's chips), and « à jouer » with the turn clock for the seats waited for
   * (`turn: false` for a game that says whose turn it is in its own words: the clock alone). */
  seatStatus(view, s, { score = true, dealer = true, turn: words = true } = {}) {
    const { room } = this;
    const seatInfo = room.info && room.info.seats[s];
    const person = !!seatInfo && seatInfo.kind === 'human';
    // One's own seat is connected whenever this page is: the room's last word may predate it.
    const connected = !seatInfo || seatInfo.connected || (s === view.seat && room.state === 'open');
    const unit = this.module && this.module.scoreUnit;
    const turn = !view.result && (view.turn || []).includes(s);
    return h('span', { class: 'seat-status' + (connected ? '' : ' away'), 'data-seat-status': s },
      person ? h('span', { class: 'dot ' + (connected ? 'on' : 'off'), title: connected ? tr('connecté', 'connected') : tr('absent', 'away') }) : null,
      person && !connected ? h('span', { class: 'seat-away' }, tr('absent', 'away')) : null,
      dealer && s === view.dealer ? h('span', { class: 'dealer', title: tr('donneur', 'dealer') }, tr('D', 'D')) : null,
      score ? h('span', { class: 'seat-score', title: tr('score', 'score') }, unit ? count(view.scores[s], ...unit) : tr('score ', 'score ') + number(view.scores[s])) : null,
      turn && (words || person) ? h('span', { class: 'seat-turn' }, words ? tr('à jouer', 'to play') : null,
        person ? h('span', { class: 'clock', 'data-clock': '', role: 'timer', hidden: true }) : null) : null);
  }

  /** Seats' names as everyone at the table writes them, the reader's included. */
  commonNames() {
    const { info } = this.room;
    return (s) => seatName(info, s, null);
  }

  patchConnection() {
    this.table.conn.replaceChildren(connectionPill(this.room) || '');
  }

  patchPending() {
    const { room, table } = this;
    table.main.classList.toggle('pending', room.pending);
    // Marked, not disabled: a disabled button would lose the keyboard's focus.
    for (const b of table.actions.querySelectorAll('button')) b.setAttribute('aria-disabled', room.pending ? 'true' : 'false');
    this.patchPrompt();
  }

  /** A tap on a card of one's own hand that no move uses gets a short note, not silence (a card
   * offered, or picked first as the Dame's is, handles its own tap). */
  unplayableTap(event) {
    const card = event.target.closest('[data-card]');
    const s = this.room.snapshot;
    if (!card || !s || s.view.result || card.closest('.playable, [role="button"]') || !card.closest('[data-own-hand]')) return;
    this.room.flash({ fr: 'Cette carte ne peut pas être jouée maintenant.', en: 'That card cannot be played now.', info: true });
    this.patchNotice();
  }

  patchNotice() {
    const { notice } = this.table;
    const text = noticeText(this.room.notice);
    if (notice.textContent !== text) notice.textContent = text;
    // News (« Revanche… ») reads in a neutral box, a refused move in red.
    const info = !!(this.room.notice && this.room.notice.info);
    notice.classList.toggle('info', info);
    notice.setAttribute('role', info ? 'status' : 'alert');
    notice.hidden = !text;
  }

  /** The players' strip above the table; none when the game draws every seat's tile itself
   * (`seatTiles`, with `ctx.seatStatus` in each): the same players shown twice took a laptop's
   * screen (Crazy Eights at 8, Battle GUM at 5). */
  patchStrip() {
    const { room, table } = this;
    const view = room.snapshot.view;
    const waiting = room.info && room.info.phase === 'waiting';
    if (this.module && this.module.seatTiles) {
      table.strip.replaceChildren();
      table.strip.hidden = true;
      this.tickClock();
      return;
    }
    table.strip.replaceChildren(seatStrip(waiting ? { ...view, turn: [] } : view, this.names(), room.info, {
      connectedSelf: room.state === 'open',
      clock: () => h('span', { class: 'clock', 'data-clock': '', role: 'timer' }),
      unit: this.module && this.module.scoreUnit,
    }));
    this.tickClock();
  }

  patchPrompt() {
    const { room, table } = this;
    const view = room.snapshot.view;
    const text = promptWords(view, this.names(), room.pending, room.info);
    if (table.prompt.textContent !== text) table.prompt.textContent = text;
    this.patchHint();
  }

  /** At a practice table, under the prompt: the hard bot's move for this seat and why, and that
   * move marked wherever the page offers it (a button, a card). Gone as soon as the table moves. */
  patchHint() {
    const { room, table } = this;
    // For the position drawn: an update held for a moment (patchUpdate) is not on screen yet.
    const current = room.currentHint();
    const hint = current && String(current.seq) === table.main.dataset.seq ? current : null;
    const text = hint ? hint.text : '';
    if (table.hint.textContent !== text) table.hint.textContent = text;
    table.hint.hidden = !hint;
    table.hint.dataset.sure = hint ? hint.sure : '';
    table.hint.dataset.seq = hint ? hint.seq : '';
    table.hint.dataset.best = (hint && hint.best.action) || '';
    const best = hint && hint.best.action;
    // An element offers one move (`data-action`) or opens a menu of several (`data-actions`).
    const offers = (el) => el.dataset.action === best || (el.dataset.actions || '').split('|').includes(best);
    for (const el of table.main.querySelectorAll('[data-hinted]')) {
      if (!best || !offers(el)) el.removeAttribute('data-hinted');
    }
    if (best) {
      for (const el of table.main.querySelectorAll('[data-action], [data-actions]')) {
        if (offers(el)) el.setAttribute('data-hinted', '');
      }
    }
  }

  /** An update, drawn at once; or, when it opens a reaction to someone else's move (a CONTRE
   * UNIQUE on the card just laid), a moment later unless the next update comes first: a card
   * laid with its UNIQUE comes as two updates a few milliseconds apart, and a button drawn
   * between them could not be clicked (it flashed). The moment is far below a person's reaction
   * time, and the same for everyone at the table. */
  patchUpdate(frame) {
    clearTimeout(this.heldUpdate);
    this.heldUpdate = null;
    const { view } = this.room.snapshot;
    const seat = view.seat;
    const actor = (frame.events.find((e) => typeof e.seat === 'number') || {}).seat;
    const before = this.drawnLegal || new Set();
    const opened = seat !== null && actor !== undefined && actor !== seat && !(view.turn || []).includes(seat)
      && (view.legal || []).some((a) => !before.has(a.action));
    if (!opened) {
      this.patchAll({ frame: this.firstHeld || frame });
      this.firstHeld = null;
      return;
    }
    // Cards move from where they were before the first update held.
    this.firstHeld = this.firstHeld || frame;
    this.heldUpdate = setTimeout(() => {
      this.heldUpdate = null;
      const first = this.firstHeld;
      this.firstHeld = null;
      if (page === this && this.table) this.patchAll({ frame: first });
    }, REACTION_HOLD_MS);
  }

  /** Everything an update can change. */
  patchAll({ frame = null, newMatch = false, first = false } = {}) {
    const { room, table } = this;
    const { view } = room.snapshot;
    const info = room.info;
    const names = this.names();
    const waitingSeats = info && info.phase === 'waiting';
    table.main.dataset.seq = view.seq;
    table.main.dataset.match = view.match;
    table.main.dataset.seat = view.seat ?? '';
    table.main.classList.toggle('waiting', !!waitingSeats);
    table.main.classList.toggle('pending', room.pending);

    // Whose turn, for the tab and the ear.
    const title = `${gameName(view.game)} — tapis`;
    const mine = !waitingSeats && !view.result && view.seat !== null && ((view.turn || []).includes(view.seat) || view.may_react);
    turnChanged(mine, title, promptWords(view, names, false, info));

    this.patchStrip();
    this.patchPrompt();
    this.patchWaiting();
    this.patchGame(frame);
    this.patchActions();
    this.patchHint();
    this.patchNotice();
    this.drawnLegal = new Set((view.legal || []).map((a) => a.action));
    this.patchLog(newMatch || first);
    this.patchChat({});
    if (room.tab === 'scores') this.patchScores();
    this.patchOverlay(false);
  }

  /** Under the prompt: whom the table waits for, and what may be done about a seat left empty. */
  patchWaiting() {
    const { room, table } = this;
    const info = room.info;
    const view = room.snapshot.view;
    const parts = [];
    if (info && info.phase === 'waiting') {
      parts.push(inviteBox(room.code));
    } else if (info && !view.result) {
      // A person the match waits for who has gone: everyone is told, and the host (the first
      // person seated) may give the seat to a bot.
      const gone = (view.turn || []).filter((s) => s !== view.seat && info.seats[s] && info.seats[s].kind === 'human' && !info.seats[s].connected);
      const host = info.seats.find((s) => s.kind === 'human');
      for (const s of gone) {
        const who = seatName(info, s, view.seat);
        const line = h('p', { class: 'gone', 'data-gone': s },
          tr(`${who} n’est plus en ligne : la table l’attend.`, `${who} is no longer online: the table waits for them.`),
          room.clockAt ? tr(' Un bot jouera à sa place à la fin du compte à rebours.', ' A bot will play in their place when the countdown ends.') : '');
        if (host && host.seat === view.seat) {
          line.append(' ', h('button', {
            type: 'button', class: 'link', 'data-do': 'hand-over', 'data-seat': s,
            onclick: () => room.send({ type: 'hand_over', seat: s }),
          }, tr(`Donner sa place à un bot`, 'Give the seat to a bot')));
        }
        parts.push(line);
      }
    }
    const key = parts.map((p) => p.outerHTML).join('');
    if (table.waitingKey !== key) {
      table.waitingKey = key;
      table.waitingSlot.replaceChildren(...parts);
    }
  }

  /** The game's part, drawn again by its module; focus, an open menu and the cards follow. */
  patchGame(frame) {
    const { room, table } = this;
    const { view } = room.snapshot;
    const names = this.names();
    const { board, area } = table;
    const active = document.activeElement;
    const focusKey = active && board.contains(active) ? offerKey(active) : null;
    const focusInGame = active && area.contains(active);
    const before = frame ? measure(board) : new Map();
    // A table dealt while seats are still free is shown, not played: nobody is on turn yet, so
    // the game's words tell nobody what to do (« À vous d’entamer la manche » read as an order).
    const waiting = room.info && room.info.phase === 'waiting';
    const shown = waiting ? { ...view, turn: [], legal: [], may_react: false } : view;
    const ctx = makeCtx(shown, names, {
      act: (action, then) => this.act(action, then),
      common: this.commonNames(),
      status: (s, opts) => this.seatStatus(shown, s, opts),
    });
    area.className = `game game-${view.game}`;
    area.replaceChildren();
    drawGame(this.module, area, shown, ctx);
    this.offered = ctx.offered;
    // The clocks drawn in the seats' tiles show the time left at once.
    this.tickClock();
    if (focusInGame) {
      const again = focusKey && board.querySelector(focusKey);
      (again || area).focus({ preventScroll: true });
    }
    keepMenu(board, view.legal);
    if (frame) {
      const actor = (frame.events.find((e) => typeof e.seat === 'number') || {}).seat;
      const seatEl = (s) => (s === undefined ? null
        : board.querySelector(`[data-seat-tile="${s}"]`) || table.strip.querySelector(`.seat[data-seat="${s}"]`));
      const stock = board.querySelector('[data-pile="stock"], .gum-stock, [data-stock]');
      animate(before, board, {
        from: (el) => (el.closest('[data-own-hand], .hand') && actor === view.seat ? stock : seatEl(actor) || stock),
        // Cards nobody takes (burnt, laid aside face down) just go.
        to: () => seatEl(taker(frame.events)),
      });
    }
  }

  act(action, then) {
    this.room.act(action, { then: typeof then === 'string' ? then : null });
  }

  /** The legal moves the game's drawing does not place, as buttons kept by their action. */
  patchActions() {
    const { room, table } = this;
    const view = room.snapshot.view;
    const rest = (view.legal || []).filter((a) => !this.offered.has(a.action));
    const kept = new Map([...table.actions.children].map((b) => [b.dataset.action, b]));
    const wanted = rest.map((a) => {
      let b = kept.get(a.action);
      if (!b) b = h('button', { type: 'button', class: 'action', 'data-action': a.action, onclick: () => this.act(a.action) });
      const words = actionWords(a);
      if (b.textContent !== words) b.textContent = words;
      b.setAttribute('aria-disabled', room.pending ? 'true' : 'false');
      return b;
    });
    for (const b of [...table.actions.children]) if (!wanted.includes(b)) b.remove();
    wanted.forEach((b, i) => {
      if (table.actions.children[i] !== b) table.actions.insertBefore(b, table.actions.children[i] || null);
    });
  }

  patchLog(reset) {
    const { room, table } = this;
    const { log } = table;
    if (reset || table.logShown > room.log.length || table.logLang !== lang()) {
      log.replaceChildren();
      table.logShown = 0;
      table.logLang = lang();
    }
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
    for (const entry of room.log.slice(table.logShown)) {
      log.append(h('li', { class: entry.auto ? 'auto' : '' }, entry[lang()]));
    }
    table.logShown = room.log.length;
    if (atBottom || reset) log.scrollTop = log.scrollHeight;
  }

  patchChat({ live }) {
    const { room, table } = this;
    const { chatList } = table;
    if (table.chatShown > room.chat.length) {
      chatList.replaceChildren();
      table.chatShown = 0;
    }
    const atBottom = chatList.scrollHeight - chatList.scrollTop - chatList.clientHeight < 24;
    const names = this.names();
    for (const c of room.chat.slice(table.chatShown)) {
      chatList.append(h('li', {}, h('b', {}, (c.name || names(c.seat)) + tr(' : ', ': ')), c.text));
      if (live && room.tab !== 'chat' && c.seat !== room.seat()) room.unread += 1;
    }
    table.chatShown = room.chat.length;
    if (atBottom) chatList.scrollTop = chatList.scrollHeight;
    this.patchTabs();
  }

  patchScores() {
    const { room, table } = this;
    if (!table || !room.snapshot) return;
    const view = room.snapshot.view;
    // The side panel is narrow: from five players on, the sheet lies on its side.
    const turned = view.players >= 5;
    table.scores.replaceChildren(scoreSheet(view, this.names(), room.rounds, { word: roundWord(room.info.game), turned }), earlierMatches(room.code, view.match) || '');
  }

  /** The round's or the match's end, held in a dialog until dismissed. */
  patchOverlay(rounds) {
    const { room, table } = this;
    const view = room.snapshot.view;
    const names = this.names();
    let key = null;
    let build = null;
    if (view.result && !room.resultClosed) {
      key = `result:${view.match}:${room.rounds.length}:${lang()}`;
      build = () => resultsDialog(room, this.module, view, names, () => { room.resultClosed = true; this.patchOverlay(); });
    } else if (room.roundEnd) {
      key = `round:${view.match}:${room.roundEnd.summary.round}:${lang()}`;
      build = () => roundDialog(room, this.module, view, names, () => { room.roundEnd = null; this.patchOverlay(); });
    }
    if (key === table.overlayKey) return;
    const refresh = rounds && key && table.overlayKey && key.split(':')[0] === table.overlayKey.split(':')[0];
    table.overlayKey = key;
    const had = table.overlay.contains(document.activeElement);
    table.overlay.replaceChildren(build ? build() : '');
    if (build && (!refresh || had)) {
      const button = table.overlay.querySelector('.dialog button, .dialog a');
      if (button) button.focus({ preventScroll: true });
    } else if (!build && had) {
      table.area.focus({ preventScroll: true });
    }
  }

  /** The turn clock's count, every second, in place. */
  tickClock() {
    const { room, table } = this;
    if (!table) return;
    const left = room.clockAt ? Math.max(0, room.clockAt - Date.now()) : null;
    const text = left === null ? '' : clockWords(left);
    for (const el of table.board.querySelectorAll('[data-clock]')) {
      if (el.textContent !== text) el.textContent = text;
      el.hidden = left === null;
    }
    const view = room.snapshot && room.snapshot.view;
    const waited = view && !view.result && room.info && room.info.phase !== 'waiting'
      ? (view.turn || []).filter((s) => room.info.seats[s] && room.info.seats[s].kind === 'human') : [];
    table.clockLine.hidden = left === null || !waited.length;
    if (!table.clockLine.hidden) {
      const who = waited.map((s) => (s === view.seat ? null : seatName(room.info, s, view.seat)));
      const line = who.includes(null)
        ? tr(`Il vous reste ${text} ; ensuite un bot jouera pour vous.`, `${text} left; then a bot plays for you.`)
        : tr(`${text} avant qu’un bot joue pour ${who.join(', ')}.`, `${text} before a bot plays for ${who.join(', ')}.`);
      if (table.clockLine.textContent !== line) table.clockLine.textContent = line;
    }
  }
}


function clockWords(ms) {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Parts of the page.

function connectionPill(room) {
  // A visitor who has not sat down or chosen to watch is not connected, nor trying to be.
  if (!room || !room.ws) return '';
  const words = {
    connecting: tr('connexion…', 'connecting…'),
    open: tr('connecté', 'connected'),
    reconnecting: tr('reconnexion…', 'reconnecting…'),
  }[room.state];
  return h('span', { class: `conn ${room.state}`, role: 'status', 'data-state': room.state }, words);
}

function inviteBox(code) {
  const link = `${location.origin}/r/${code}`;
  const copied = h('span', { class: 'copied', 'aria-live': 'polite' });
  const input = h('input', { id: 'invite-link', readOnly: true, value: link, onfocus: (e) => e.target.select() });
  return h('div', { class: 'invite' },
    h('label', { for: 'invite-link' }, tr('Lien d’invitation', 'Invite link')),
    h('div', { class: 'invite-row' }, input, copyButton(link, input, copied), copied));
}

function copyButton(text, input, copied) {
  return h('button', {
    type: 'button', class: 'copy',
    onclick: async () => {
      try { await navigator.clipboard.writeText(text); } catch { input.select(); document.execCommand('copy'); }
      copied.textContent = tr('Copié !', 'Copied!');
    },
  }, tr('Copier', 'Copy'));
}

/** The link that opens this seat on another device: the token rides in the fragment, which
 * browsers never send to a server. */
function seatLink(code, held) {
  return `${location.origin}/r/${code}#seat=${held.seat}&token=${encodeURIComponent(held.token)}`;
}

/** The person's own choice to have the table play their only moves for them (on by default). */
function autoForcedSwitch(room) {
  const box = h('input', {
    type: 'checkbox', id: 'auto-forced', checked: autoForcedOn(),
    onchange: () => room.setAutoForced(box.checked),
  });
  return h('label', { class: 'auto-forced', for: 'auto-forced' }, box,
    tr('Jouer pour moi mes coups forcés', 'Play my forced moves for me'));
}

function seatLinkBox(room) {
  const link = seatLink(room.code, room.held);
  const copied = h('span', { class: 'copied', 'aria-live': 'polite' });
  const input = h('input', { id: 'seat-link', readOnly: true, value: link, onfocus: (e) => e.target.select() });
  return h('details', { class: 'seat-link' },
    h('summary', {}, tr('Jouer depuis un autre appareil', 'Play from another device')),
    h('p', { class: 'muted' }, tr(
      'Ce lien est votre place : ouvrez-le sur votre téléphone ou un autre ordinateur pour y continuer la partie. Ne le donnez à personne.',
      'This link is your seat: open it on your phone or another computer to go on playing there. Give it to nobody.')),
    h('div', { class: 'invite-row' }, input, copyButton(link, input, copied), copied));
}

/** Every seat is taken: the visitor may hold one of them on another device. */
function seatElsewhere(room, watch) {
  return h('div', { class: 'elsewhere' },
    h('p', {}, tr(
      'Toutes les places de cette table sont prises. Si l’une d’elles est la vôtre, ouverte sur un autre appareil, ouvrez ici votre lien de place : à la table, « Jouer depuis un autre appareil » le donne.',
      'Every seat at this table is taken. If one of them is yours, open on another device, open your seat link here: at the table, “Play from another device” gives it.')),
    seatLinkForm(room),
    h('p', {}, h('button', { type: 'button', class: 'link', 'data-do': 'watch', onclick: watch }, tr('Regarder sans jouer', 'Watch without playing'))));
}

/** Where a seat link is pasted to take that seat on this device. */
function seatLinkForm(room) {
  const input = h('input', { id: 'seat-link-in', placeholder: tr('Votre lien de place', 'Your seat link'), autocomplete: 'off' });
  const error = h('p', { class: 'error', role: 'alert' });
  const take = (e) => {
    e.preventDefault();
    const m = input.value.trim().match(/#(.*)$/);
    const fragment = new URLSearchParams(m ? m[1] : '');
    if (!fragment.get('token') || !input.value.includes(`/r/${room.code}`)) {
      error.textContent = tr('Ce n’est pas un lien de place de cette table.', 'This is not a seat link of this table.');
      return;
    }
    location.hash = fragment.toString();
    roomPage(room.code);
  };
  return h('form', { class: 'seat-take', onsubmit: take },
    h('label', { for: 'seat-link-in' }, tr('Lien de place', 'Seat link')), input,
    h('button', { type: 'submit', class: 'primary' }, tr('Reprendre ma place', 'Take my seat back')), error);
}

// Whom the table waits for before the match can start.
function waitingForPlayers(free) {
  return tr(`En attente de ${count(free, 'joueur', 'joueurs', '', '')} : envoyez-${free > 1 ? 'leur' : 'lui'} le lien d’invitation.`,
    `Waiting for ${count(free, '', '', 'player', 'players')}: send them the invite link.`);
}

function promptWords(view, names, pending, info) {
  if (view.result) return tr('La partie est finie.', 'The match is over.');
  if (info && info.phase === 'waiting') {
    return waitingForPlayers(info.seats.filter((s) => s.kind === 'human' && !s.name).length);
  }
  if (pending) return tr('Envoyé…', 'Sent…');
  const mine = view.seat !== null && (view.turn || []).includes(view.seat);
  if (mine) return tr('À vous de jouer.', 'Your move.');
  if (view.may_react) return tr('Vous pouvez réagir maintenant.', 'You may react now.');
  const turn = view.turn || [];
  if (!turn.length) return '';
  const waiting = turn.map((s) => names(s)).join(', ');
  // Someone waited for who has gone is said here too: on a phone, this line stays in view.
  const gone = turn.filter((s) => info && info.seats[s] && info.seats[s].kind === 'human' && !info.seats[s].connected)
    .map((s) => names(s));
  if (!gone.length) return tr(`Au tour ${de(waiting)}.`, `Waiting for ${waiting}.`);
  if (turn.length === 1) return tr(`Au tour ${de(waiting)}, qui n’est plus en ligne.`, `Waiting for ${waiting}, who is no longer online.`);
  const many = gone.length > 1;
  return tr(`Au tour ${de(waiting)} ; ${gone.join(', ')} ${many ? 'ne sont' : 'n’est'} plus en ligne.`,
    `Waiting for ${waiting}; ${gone.join(', ')} ${many ? 'are' : 'is'} no longer online.`);
}

// The rules in brief as each game stores them (`Wording::rules_text` in crates/core): a paragraph
// or an item of a list a line, a blank line between sections. An item opens with spaces, `- ` or
// `1. `; its head (the bullet, the number, or on an indented line the words up to the first gap
// of two spaces or the first colon and space) takes a column of its own, so that the item's text
// wraps under its text. Consecutive items of one indent share that column.
function rulesText(text) {
  const out = [];
  let list = null;
  let gap = false;
  for (const line of text.replace(/\s+$/, '').split('\n')) {
    const { indent, head, body } = rulesLine(line);
    if (!body) { gap = true; list = null; continue; }
    const attrs = (kind) => ({
      class: kind + (gap ? ' gap' : ''),
      style: indent ? { marginInlineStart: `${indent / 2}em` } : null,
    });
    if (!head) {
      out.push(h('p', attrs('paragraph'), body));
      list = null;
    } else {
      if (!list || list.indent !== indent) {
        list = { indent, el: h('div', attrs('items')) };
        out.push(list.el);
      }
      list.el.append(h('span', { class: 'head' }, head.trim()), h('span', {}, body));
    }
    gap = false;
  }
  return out;
}

// One line of the rules: its indent, its head if it is an item, and the rest.
function rulesLine(line) {
  const rest = line.replace(/^ +/, '');
  const indent = line.length - rest.length;
  const head = (/^(?:[-•] |\d+\. )/.exec(rest) || (indent ? /^.*?(?: {2,}|: )/.exec(rest) : null) || [''])[0];
  const body = rest.slice(head.length).trim();
  return body ? { indent, head, body } : { indent, head: '', body: rest.trim() };
}

function dialog(title, ...content) {
  return h('div', { class: 'overlay' }, h('div', { class: 'dialog', role: 'dialog', 'aria-modal': 'true', 'aria-label': title }, h('h2', {}, title), ...content));
}

/** How a round ended, as its last update told it: the settlement's lines and what a game says
 * led to the points (Njet!: each team's tricks and loot). */
function settlement(room, end, mod, view, names) {
  const { events, all, before } = end;
  const ctx = makeCtx(before || view, names, { replay: true, common: (s) => seatName(room.info, s, null) });
  const behind = mod.roundSummary && before ? mod.roundSummary(before, all, ctx) : null;
  return [h('ul', { class: 'settlement' }, events.map((e) => h('li', {}, e.text[lang()]))), behind];
}

function roundDialog(room, mod, view, names, close) {
  const { summary } = room.roundEnd;
  const [fr, en] = roundWord(room.info.game);
  return dialog(tr(`Fin de la ${fr} ${summary.round}`, `End of ${en} ${summary.round}`),
    ...settlement(room, room.roundEnd, mod, view, names),
    scoreSheet(view, names, [summary], { now: false, word: [fr, en] }),
    h('div', { class: 'dialog-buttons' },
      h('button', { type: 'button', class: 'primary', 'data-close': 'round', onclick: close }, tr('Continuer', 'Continue'))));
}

function resultsDialog(room, mod, view, names, close) {
  const iWon = view.seat !== null && view.result.winners.includes(view.seat);
  const headline = iWon ? tr('Vous avez gagné !', 'You won!') : winnersLine(view.result.winners, names);
  const player = view.seat !== null && view.seat !== undefined;
  return dialog(tr('La partie est finie', 'The match is over'),
    h('p', { class: 'headline', 'data-result': 'winners' }, headline),
    // Seen as it happened, the last round's end says why the match ended (« un joueur ne peut
    // plus miser 15 jetons »); after a reload only the sheet is known.
    ...(room.matchEnd ? settlement(room, room.matchEnd, mod, view, names) : []),
    scoreSheet(view, names, room.rounds, { word: roundWord(room.info.game) }),
    h('div', { class: 'dialog-buttons' },
      player ? h('button', { type: 'button', class: 'primary', 'data-do': 'rematch', onclick: () => { room.send({ type: 'rematch' }); } }, tr('Revanche', 'Rematch')) : null,
      h('a', { class: 'button', href: `/r/${room.code}/replay`, 'data-do': 'replay' }, tr('Revoir la partie', 'Watch it again')),
      h('button', { type: 'button', 'data-close': 'results', onclick: close }, tr('Voir la table', 'See the table'))),
    earlierMatches(room.code, room.snapshot.match));
}

