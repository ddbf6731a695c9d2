// Cards that move: before the game is drawn again, where every card was; after, each card found
// again (by its `data-card`) slides from its old place to its new one, a card that appeared
// (drawn, or laid by someone whose hand is hidden) comes from the stock or from that seat, and
// a card that went (won in a trick, given, picked up by a hidden hand) flies to the seat that
// took it. Short transforms with the Web Animations API; nothing moves under
// `prefers-reduced-motion`.

const DURATION = 320;
const reduced = window.matchMedia('(prefers-reduced-motion: reduce)');

function motionOff() {
  return reduced.matches;
}

/** Where each card of `root` is now: code -> [{rect, el}] in document order. */
export function measure(root) {
  const places = new Map();
  if (motionOff()) return places;
  for (const el of root.querySelectorAll('[data-card]')) {
    const code = el.dataset.card;
    if (!code) continue;
    const rect = el.getBoundingClientRect();
    if (!rect.width) continue;
    if (!places.has(code)) places.set(code, []);
    places.get(code).push({ rect, el });
  }
  return places;
}

function centre(el) {
  const r = el && el.getBoundingClientRect();
  return r && r.width ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
}

/**
 * Moves the cards of `root` from where `before` saw them. `from(el)` names where a card that was
 * not there comes from, `to(code)` where a card that went goes (elements, or null: no move).
 */
export function animate(before, root, { from = () => null, to = () => null } = {}) {
  if (motionOff() || !before.size) return;
  const used = new Map();
  for (const el of root.querySelectorAll('[data-card]')) {
    const code = el.dataset.card;
    const list = before.get(code);
    const k = used.get(code) || 0;
    used.set(code, k + 1);
    const now = el.getBoundingClientRect();
    if (!now.width) continue;
    let dx;
    let dy;
    if (list && list[k]) {
      dx = list[k].rect.left - now.left;
      dy = list[k].rect.top - now.top;
    } else {
      const source = centre(from(el));
      if (!source) continue;
      dx = source.x - (now.left + now.width / 2);
      dy = source.y - (now.top + now.height / 2);
    }
    if (Math.abs(dx) < 3 && Math.abs(dy) < 3) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }], { duration: DURATION, easing: 'cubic-bezier(.2,.7,.3,1)' });
  }
  // The cards gone from the table fly to whoever took them, as ghosts over the page.
  for (const [code, list] of before) {
    const left = list.slice(used.get(code) || 0);
    for (const { rect, el } of left) {
      const target = centre(to(code));
      if (!target) continue;
      const ghost = el.cloneNode(true);
      ghost.classList.remove('playable');
      ghost.removeAttribute('data-card');
      Object.assign(ghost.style, {
        position: 'fixed', left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px`, height: `${rect.height}px`,
        margin: '0', zIndex: '25', pointerEvents: 'none',
      });
      ghost.setAttribute('aria-hidden', 'true');
      document.body.append(ghost);
      const dx = target.x - (rect.left + rect.width / 2);
      const dy = target.y - (rect.top + rect.height / 2);
      ghost.animate([{ transform: 'none', opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.5)`, opacity: 0.2 }], { duration: DURATION + 80, easing: 'ease-in' })
        .finished.then(() => ghost.remove(), () => ghost.remove());
    }
  }
}

// The events whose cards leave the table for a seat, and which field names that seat: a trick
// won (Njet!), a pile picked up, accepted or given (Battle GUM), a pile taken (Nur Mut).
const TAKES = { trick_won: 'seat', picked_up: 'seat', accepted: 'seat', gave: 'target', pile_taken: 'seat' };

/** The seat the cards that left the table went to, from an update's events. */
export function taker(events) {
  for (const e of events) {
    const key = TAKES[e.type];
    if (key && typeof e[key] === 'number') return e[key];
  }
  return undefined;
}
