"""A table and its seats in plain words (the lobby, a table waiting for players)."""

from __future__ import annotations

from typing import Any

from engine.hub import protocol as P

# What each takeback policy allows, in one line (New game, the lobby, a table waiting)
UNDO_WORDS = {
    "turn": "own turn — take back your own move until something is revealed or another seat acts",
    "practice": "practice — anyone takes back anything, reveals included (a sandbox, never a real game)",
    "off": "off — no takebacks, every move stands",
}


def seat_words(st: P.SeatStatus, me: str) -> str:
    """A seat in plain words: who sits there and how."""
    letter = (st.colour[:1] or "?").upper()
    if st.kind == "open":
        who = "open"
    elif st.kind.startswith("reserved:"):
        who = f"reserved for {st.kind[9:]}"
    elif st.kind.startswith("bot:"):
        who = f"bot ({st.kind[4:]})"
    else:
        who = st.owner + (" (you)" if st.owner == me else "")
        if st.covered_by:
            who += f", a {st.covered_by} bot plays for now"
        elif not st.online:
            who += ", away"
    if st.kind == f"reserved:{me}":
        who = "reserved for you"
    if st.thinking:
        who += " …thinking"
    if st.kind == "person" and st.name == st.owner:
        return f"[{letter}] {who}"
    return f"[{letter}] {st.name}: {who}"


def options_words(options: dict[str, Any]) -> str:
    """A table's options in words (``variant: calm-skies; fall value: 2``); unset ones left out."""
    return "; ".join(f"{k.replace('_', ' ')}: {', '.join(map(str, v)) if isinstance(v, list) else v}"
                     for k, v in options.items() if v not in ([], None, ""))
