// The connection to a room and its protocol (SERVER.md): one WebSocket, `hello` with the seat's
// token and the last `seq` seen, snapshots and updates kept in order, the move log and the chat,
// automatic reconnection with `since`, a move sent once and sent again after a lost race when it
// is still legal (or after a dropped connection, when the room never got it). It draws nothing:
// it tells its page what changed through `onchange(what)`, with `what` one of 'conn',
// 'snapshot', 'update', 'room', 'chat', 'rounds', 'notice', 'lost'.

import { lang, tr } from './i18n.js';
import { api, savedSeat, saveSeat } from './shared.js';

const AUTO_FORCED_KEY = 'tapis.auto-forced';

/** Whether this browser's person has the table play their only moves for them (on unless they
 * turned it off; remembered, and said again in every `hello`). */
export function autoForcedOn() {
  return localStorage.getItem(AUTO_FORCED_KEY) !== 'off';
}

/** A notice's words in the reader's language of the moment: the page's own notices keep both
 * languages, so that a switch words them again; a server's message is in the language of the
 * connection's `hello`. */
export function noticeText(notice) {
  if (!notice) return '';
  return notice.text !== undefined ? notice.text : tr(notice.fr, notice.en);
}

const LOG_PREFIX = 'tapis.log.';
const LOG_LINES = 300;
const LOG_ROOMS = 20;

/** A short tag of a seat token (FNV-1a), to tell a kept log's seat without storing the token again. */
function tokenTag(token) {
  let x = 0x811c9dc5;
  for (const c of String(token)) x = Math.imul(x ^ c.codePointAt(0), 0x01000193) >>> 0;
  return x.toString(36);
}

/** Keeps at most `keep` rooms' logs besides `current`'s, dropping the oldest written; says
 * whether it dropped any. */
function dropOldLogs(current, keep) {
  const logs = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(LOG_PREFIX) || key === current) continue;
    let at = 0;
    try { at = Number(JSON.parse(localStorage.getItem(key)).at) || 0; } catch { /* unreadable: oldest */ }
    logs.push({ key, at });
  }
  logs.sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1));
  const drop = logs.slice(0, Math.max(0, logs.length - Math.max(0, keep)));
  for (const { key } of drop) localStorage.removeItem(key);
  return drop.length > 0;
}

export class Room {
  constructor(code, onchange) {
    this.code = code;
    this.onchange = onchange;
    this.info = null;
    this.held = savedSeat(code);
    this.snapshot = null; // {match, seq, seat, view, legal, status, clock_ms}
    this.log = []; // {seq, seat, fr, en, auto}
    this.chat = [];
    this.rounds = [];
    this.state = 'connecting';
    this.pending = false;
    this.closed = false;
    this.retry = 0;
    this.notice = null; // {fr, en} or {text}, and `info` for news that is not an error
    this.roundEnd = null;
    this.matchEnd = null; // the last round's end, for the match's dialog
    this.unread = 0;
    this.clockAt = null; // when this browser expects the turn clock to play, if the room has one
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
    clearTimeout(this.timer);
    clearTimeout(this.noticeTimer);
  }

  // The move log outlives the tab: closing it and opening the link again on this device gives
  // the log back. It is kept per room, for one match and one seat token (a tag of it, not the
  // secret twice), as its last LOG_LINES lines; the oldest rooms' logs go when the store is full.
  logKey() {
    return `${LOG_PREFIX}${this.code}`;
  }

  logOwner() {
    return { seat: this.seat(), tag: this.held ? tokenTag(this.held.token) : null };
  }

  restoreLog(match) {
    try {
      const kept = JSON.parse(localStorage.getItem(this.logKey()));
      const owner = this.logOwner();
      if (kept && kept.match === match && kept.seat === owner.seat && kept.tag === owner.tag && Array.isArray(kept.log)) return kept.log;
    } catch { /* a log that cannot be read is started again */ }
    return [];
  }

  keepLog() {
    const s = this.snapshot;
    if (!s) return;
    const text = JSON.stringify({ match: s.match, ...this.logOwner(), at: Date.now(), log: this.log.slice(-LOG_LINES) });
    if (!this.logKept) dropOldLogs(this.logKey(), LOG_ROOMS - 1);
    this.logKept = true;
    for (let tries = 0; tries <= LOG_ROOMS; tries++) {
      try {
        localStorage.setItem(this.logKey(), text);
        return;
      } catch {
        // The store is full: the oldest other room's log makes room, then the next.
        if (!dropOldLogs(this.logKey(), LOG_ROOMS - 2 - tries)) return;
      }
    }
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
    this.onchange('conn');
    ws.onopen = () => {
      // The server sends the chat's history after each hello, then a `room` frame.
      this.chat = [];
      this.chatSynced = false;
      const hello = { type: 'hello', lang: lang() };
      if (this.held) {
        hello.token = this.held.token;
        hello.auto_forced = autoForcedOn();
      }
      if (this.snapshot) hello.since = this.snapshot.seq;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      const was = this.state;
      this.state = 'open';
      this.retry = 0;
      if (was !== 'open') this.onchange('conn');
      this.receive(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      // A move on its way when the connection dropped (the server restarting, the room moving to
      // another node) may never have arrived: it goes again once the room has caught this page
      // up, if the table has not moved since (see the `room` frame below).
      if (this.pending && this.sent && this.snapshot) this.keepForNextConnection();
      this.pending = false;
      this.state = 'reconnecting';
      this.onchange('conn');
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

  /** Plays `action`; `then` (another action of this seat) is applied by the room right after
   * it when it is then legal, with nothing between them (SERVER.md's `then`): « poser et
   * annoncer UNIQUE » leaves nobody a moment to call CONTRE UNIQUE, however slow the network. */
  act(action, { retry = true, then = null } = {}) {
    if (this.pending || !this.snapshot) return;
    this.pending = true;
    this.sent = { action, retry, then, seq: this.snapshot.seq };
    const message = { type: 'act', seq: this.snapshot.seq, action };
    if (then) message.then = then;
    // Clicked while the connection is down: the move waits for the next one, as a move lost with
    // a dropped connection does.
    if (!this.send(message)) this.keepForNextConnection();
    this.onchange('pending');
  }

  /** The move just sent, with the table it was meant for: sent again at the next connection's
   * `room` frame if that table is still the room's. */
  keepForNextConnection() {
    this.unsent = { ...this.sent, match: this.snapshot.match, seq: this.snapshot.seq };
  }

  /** The person's own switch: remembered in this browser and told to the room at once. */
  setAutoForced(on) {
    localStorage.setItem(AUTO_FORCED_KEY, on ? 'on' : 'off');
    if (this.held) this.send({ type: 'settings', auto_forced: on });
  }

  /** The hint for the table as it stands now, if one came for it (a practice table). */
  currentHint() {
    const s = this.snapshot;
    const h = this.hint;
    if (!s || !h || this.pending || s.view.result) return null;
    return h.match === s.match && h.seq === s.seq && h.seat === this.seat() ? h : null;
  }

  legal() {
    return (this.snapshot && this.snapshot.view.legal) || [];
  }

  /** The turn clock as the frame tells it: its end, in this browser's time. */
  setClock(frame) {
    this.clockAt = typeof frame.clock_ms === 'number' ? Date.now() + frame.clock_ms : null;
  }

  receive(frame) {
    switch (frame.type) {
      case 'snapshot': {
        const newMatch = !this.snapshot || this.snapshot.match !== frame.match;
        this.snapshot = frame;
        if (newMatch) {
          if (this.lastMatch && frame.match > this.lastMatch) this.flash({ fr: 'Revanche : une nouvelle partie commence.', en: 'Rematch: a new match begins.', info: true });
          this.lastMatch = frame.match;
          this.log = this.restoreLog(frame.match);
          this.roundEnd = null;
          this.matchEnd = null;
          this.resultClosed = false;
          this.rounds = [];
        }
        this.pending = false;
        this.setClock(frame);
        this.fetchRounds();
        this.onchange('snapshot', { newMatch });
        break;
      }
      case 'update': {
        const s = this.snapshot;
        if (!s || frame.match !== s.match) return;
        this.snapshot = { ...s, ...frame };
        if (!('clock_ms' in frame)) delete this.snapshot.clock_ms;
        for (const event of frame.events) {
          if (event.text) this.log.push({ seq: frame.seq, seat: event.seat, fr: event.text.fr, en: event.text.en, auto: event.type === 'auto_move' });
        }
        // This seat's own moves (from another tab or device, or played for it): a move of ours
        // refused for coming after one of them was not beaten by anyone else.
        const actor = (frame.events.find((e) => typeof e.seat === 'number') || {}).seat;
        if (actor !== undefined && actor === this.seat()) this.ownMoveAt = frame.seq;
        // A round ended with this move only if the view's last finished round changed with it:
        // every view carries the last one, and a page that came in later (a reload, a spectator)
        // has not got its sheet yet when the next moves arrive, on a slow network least of all.
        const last = frame.view.last_round;
        const was = s.view.last_round;
        if (last && (!was || was.round < last.round)) {
          this.addRound(last);
          // The round's dialog may tell what led to the points from the table just before; the
          // last round's, in the match's dialog, also why the match ended.
          const end = { summary: last, events: roundEndEvents(frame.events), all: frame.events, before: s.view };
          if (frame.view.result) this.matchEnd = end;
          else this.roundEnd = end;
        }
        this.pending = false;
        this.setClock(frame);
        this.keepLog();
        this.onchange('update', { frame });
        break;
      }
      case 'room':
        this.info = frame;
        this.chatSynced = true;
        this.onchange('room');
        // The server sends `room` after the missed updates (or the snapshot) and the chat: the
        // table is as the room has it. The same match at the same `seq` means the move never
        // arrived; the person still means it if it is still legal. Anything else: it arrived, or
        // the table moved on and the person sees it as it now is.
        if (this.unsent) {
          const { action, match, seq, retry, then } = this.unsent;
          this.unsent = null;
          const s = this.snapshot;
          if (s && s.match === match && s.seq === seq && this.legal().some((a) => a.action === action)) {
            this.act(action, { retry, then });
          }
        }
        break;
      case 'hint':
        // A practice table's advice for this seat, at the table as it stood when it was searched:
        // kept only while the table still stands there (the next one is on its way otherwise).
        this.hint = frame;
        this.onchange('hint');
        break;
      case 'chat':
        this.chat.push(frame);
        if (this.chat.length > 200) this.chat.shift();
        this.onchange('chat', { frame, live: this.chatSynced });
        break;
      case 'error':
        this.pending = false;
        if (frame.code === 'bad_token' || frame.code === 'no_room') {
          this.closed = true;
          if (frame.code === 'bad_token') saveSeat(this.code, null);
          this.held = null;
          this.notice = { text: frame.message };
          this.ws.close();
          this.onchange('lost');
          return;
        }
        // Another seat moved while this move was on its way (a bot in a simultaneous phase, or
        // someone in a window). If the move is still legal, the person still means it: send it
        // again, once. Otherwise they are told, in words, and see the table as it now is.
        if (frame.code === 'stale' && this.sent && this.snapshot) {
          const still = this.legal().some((a) => a.action === this.sent.action);
          if (still && this.sent.retry) {
            this.act(this.sent.action, { retry: false, then: this.sent.then });
            break;
          }
          // « Trop tard » is for a race lost to someone else; when the move that came first was
          // this seat's own (another tab, or the table playing a forced move), the table as it
          // now is says enough.
          if (!(this.ownMoveAt > this.sent.seq)) {
            this.flash({ fr: 'Trop tard : la table a bougé avant que votre coup n’arrive.', en: 'Too late: the table moved before your move arrived.' });
          }
        } else {
          this.flash({ text: frame.message });
        }
        this.onchange('notice');
        break;
      default:
        break;
    }
  }

  /** Shows `notice` ({fr, en} or {text}; `info: true` for news, not an error) for 5 s. */
  flash(notice) {
    this.notice = notice;
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => { this.notice = null; this.onchange('notice'); }, 5000);
  }

  /** A finished round joins the sheet, once, in order. */
  addRound(summary) {
    if (this.rounds.some((r) => r.round === summary.round)) return;
    this.rounds.push(summary);
    this.rounds.sort((a, b) => a.round - b.round);
  }

  async fetchRounds() {
    try {
      const sheet = await api('GET', `/api/rooms/${encodeURIComponent(this.code)}/rounds`);
      if (this.snapshot && sheet.match === this.snapshot.match) {
        // A round that ended while the sheet was on its way stays on it.
        const newer = this.rounds.filter((r) => !sheet.rounds.some((k) => k.round === r.round));
        this.rounds = sheet.rounds;
        for (const r of newer) this.addRound(r);
        this.onchange('rounds');
      }
    } catch { /* the sheet comes back with the next round */ }
  }
}

// A round's end as its dialog tells it: what happened up to the next round's deal.
function roundEndEvents(events) {
  const next = events.findIndex((e) => ['round_started', 'round_dealt', 'dealt'].includes(e.type));
  return (next < 0 ? events : events.slice(0, next)).filter((e) => e.text);
}
