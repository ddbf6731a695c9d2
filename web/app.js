// The browser table's entry: routes on the path to the home page, a room's page (its lobby,
// then the table) or a replay. Each lives in its own module:
//
//   shared.js  the server's routes, the games, seats held here, pieces drawn live and in replays
//   net.js     the connection to a room and its protocol (SERVER.md), reconnection included
//   home.js    the games and the form that creates a table
//   table.js   the lobby and the table frame, patched in place on every update
//   replay.js  the replay viewer
//   alerts.js  your turn: title, icon, sound, notification
//   motion.js  cards that move from where they were to where they go
//
// It speaks only SERVER.md and the client views of docs/client-view.md. It never decides who
// moves or what is legal: every move offered is one of the view's `legal` actions, and whatever
// the game's module does not offer on its drawing is shown as a button with its words.

import { setRouter, navigate } from './shared.js';
import { homePage } from './home.js';
import { roomPage, leaveRoom } from './table.js';
import { replayPage, leaveReplay } from './replay.js';

function route() {
  const path = location.pathname;
  let m;
  leaveReplay();
  if ((m = path.match(/^\/r\/([^/]+)\/replay\/?$/))) {
    leaveRoom();
    return replayPage(decodeURIComponent(m[1]));
  }
  if ((m = path.match(/^\/r\/([^/]+)\/?$/))) return roomPage(decodeURIComponent(m[1]));
  leaveRoom();
  return homePage();
}

setRouter(route);
window.addEventListener('popstate', () => route());

// Links inside the page move without reloading it.
document.addEventListener('click', (e) => {
  const a = e.target.closest('a[href^="/"]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || a.target) return;
  e.preventDefault();
  navigate(a.getAttribute('href'));
});

route();
