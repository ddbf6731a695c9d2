#!/usr/bin/env python3
"""Plays whole matches of `tapis play` in its full-screen table inside tmux, at the keyboard as a
person would (arrow keys to pick a move, Enter to play it or to close a round's summary), and
keeps what the screen showed: a capture in the middle of the match and one at its end, as text
(`.txt`), with colours (`.ansi`, from `tmux capture-pane -e`), as a page (`.html`) and, with
`--png`, as an image drawn by Debian's chromium.

    scripts/terminal_play.py --tapis target/release/tapis --out docs/terminal \\
        --game njet --lang fr --size 80x24 --seed 3 [--level easy] [--png]

It stops with an error when the match has not ended within `--minutes`, or when the screen stops
changing for `--stuck` seconds though keys are pressed (a table that no longer answers). The
moves are drawn from `random.Random(seed)`, so a run can be repeated.
"""

import argparse
import html
import random
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

# The popup that holds the match's result, then the line left once it is closed.
END = ("Fin de la partie", "End of the match", "La partie est finie", "The match is over")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def capture(session: str, colours: bool = False) -> str:
    return tmux("capture-pane", "-p", *(["-e"] if colours else []), "-t", session)


# ----- ANSI (SGR) to HTML, enough for what ratatui writes: 16, 256 and RGB colours, bold,
# dim, italic, underline, reverse.

BASIC = ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5"]
BRIGHT = ["#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]
FG, BG = "#e5e5e5", "#1e1e1e"


def colour_256(n: int) -> str:
    if n < 8:
        return BASIC[n]
    if n < 16:
        return BRIGHT[n - 8]
    if n < 232:
        n -= 16
        levels = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (levels[n // 36], levels[n // 6 % 6], levels[n % 6])
    grey = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (grey, grey, grey)


def sgr(state: dict, params: list[int]) -> None:
    i = 0
    while i < len(params):
        p = params[i]
        if p == 0:
            state.clear()
        elif p in (1, 2, 3, 4, 7):
            state[p] = True
        elif p in (22, 23, 24, 27):
            for q in {22: (1, 2), 23: (3,), 24: (4,), 27: (7,)}[p]:
                state.pop(q, None)
        elif 30 <= p <= 37:
            state["fg"] = BASIC[p - 30]
        elif 90 <= p <= 97:
            state["fg"] = BRIGHT[p - 90]
        elif 40 <= p <= 47:
            state["bg"] = BASIC[p - 40]
        elif 100 <= p <= 107:
            state["bg"] = BRIGHT[p - 100]
        elif p == 39:
            state.pop("fg", None)
        elif p == 49:
            state.pop("bg", None)
        elif p in (38, 48) and i + 1 < len(params):
            key = "fg" if p == 38 else "bg"
            if params[i + 1] == 5 and i + 2 < len(params):
                state[key] = colour_256(params[i + 2])
                i += 2
            elif params[i + 1] == 2 and i + 4 < len(params):
                state[key] = "#%02x%02x%02x" % tuple(params[i + 2 : i + 5])
                i += 4
        i += 1


def style(state: dict) -> str:
    fg, bg = state.get("fg", FG), state.get("bg", BG)
    if state.get(7):
        fg, bg = bg, fg
    css = [f"color:{fg}", f"background:{bg}"]
    if state.get(1):
        css.append("font-weight:bold")
    if state.get(2):
        css.append("opacity:.65")
    if state.get(3):
        css.append("font-style:italic")
    if state.get(4):
        css.append("text-decoration:underline")
    return ";".join(css)


def ansi_to_html(text: str, title: str) -> str:
    state: dict = {}
    out = []
    for piece in re.split(r"(\x1b\[[0-9;]*m)", text):
        if piece.startswith("\x1b["):
            sgr(state, [int(x) if x else 0 for x in piece[2:-1].split(";")])
        elif piece:
            out.append(f'<span style="{style(state)}">{html.escape(piece)}</span>')
    return (
        f"<!doctype html><meta charset=utf-8><title>{html.escape(title)}</title>"
        f"<style>body{{margin:0;background:{BG}}}pre{{margin:0;padding:8px;font:15px/1.2 'DejaVu Sans Mono',"
        f"monospace;color:{FG}}}</style><pre>{''.join(out)}</pre>"
    )


def png(page: Path, image: Path, cols: int, rows: int) -> None:
    width, height = cols * 9 + 16, int(rows * 18) + 16
    subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--hide-scrollbars", f"--window-size={width},{height}", f"--screenshot={image}", page.resolve().as_uri()],
        check=True, capture_output=True, timeout=120,
    )


def keep(session: str, out: Path, stem: str, cols: int, rows: int, with_png: bool) -> None:
    coloured = capture(session, colours=True)
    (out / f"{stem}.ansi").write_text(coloured)
    (out / f"{stem}.txt").write_text(capture(session))
    page = out / f"{stem}.html"
    page.write_text(ansi_to_html(coloured, stem))
    if with_png:
        png(page, out / f"{stem}.png", cols, rows)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tapis", required=True)
    ap.add_argument("--game", required=True)
    ap.add_argument("--lang", choices=["fr", "en"], required=True)
    ap.add_argument("--size", default="80x24")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--out", required=True)
    ap.add_argument("--middle", type=int, default=40, help="keys pressed before the middle capture")
    ap.add_argument("--minutes", type=float, default=20)
    ap.add_argument("--stuck", type=float, default=60)
    ap.add_argument("--png", action="store_true")
    a = ap.parse_args()
    cols, rows = (int(x) for x in a.size.split("x"))
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{a.game}-{a.lang}-{a.size}"
    session = f"tapis-{stem}-{a.seed}".replace(".", "_")
    command = shlex.join([a.tapis, "play", a.game, "--lang", a.lang, "--seed", str(a.seed), "--level", a.level,
                          "--players", str(a.players)])
    subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    tmux("new-session", "-d", "-s", session, "-x", str(cols), "-y", str(rows),
         f"TERM=xterm-256color {command}; echo; echo TAPIS-EXIT $?; sleep 600")
    rng = random.Random(a.seed)
    start = time.monotonic()
    changed_at, last, keys = start, "", 0
    try:
        while True:
            time.sleep(0.25)
            screen = capture(session)
            now = time.monotonic()
            if screen != last:
                changed_at, last = now, screen
            if "TAPIS-EXIT" in screen:
                print(f"{stem}: tapis ended before the match did:\n{screen}", file=sys.stderr)
                return 1
            if any(end in screen for end in END):
                keep(session, out, f"{stem}-end", cols, rows, a.png)
                tmux("send-keys", "-t", session, "q")
                time.sleep(0.5)
                code = re.search(r"TAPIS-EXIT (\d+)", capture(session))
                print(f"{stem}: match played to its end in {now - start:.0f} s, {keys} keys; exit {code and code[1]}")
                return 0 if code and code[1] == "0" else 1
            if now - start > a.minutes * 60 or now - changed_at > a.stuck:
                print(f"{stem}: no end after {now - start:.0f} s ({keys} keys):\n{screen}", file=sys.stderr)
                return 1
            # One move: some steps down the list of moves (or Up, to its last: « done », «
            # stop swapping »), then Enter.
            steps = rng.choice([[], [], ["Down"], ["Down"], ["Down"] * 2, ["Down"] * 3, ["Up"]])
            tmux("send-keys", "-t", session, *steps, "Enter")
            keys += 1
            if keys == a.middle:
                time.sleep(0.5)
                keep(session, out, f"{stem}-middle", cols, rows, a.png)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


if __name__ == "__main__":
    sys.exit(main())
