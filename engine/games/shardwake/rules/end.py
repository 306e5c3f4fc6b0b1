"""4. Cleanup, and the end of the game: the Twin Charters discard, Accusations, the reveal.

seed: "The game ends after the Storm Phase of Round 6. It also ends at the end of any round
in which 2 or fewer islands remain standing."
"""

from __future__ import annotations

from engine.core.rules import Event, say
from engine.games.shardwake import content as C
from engine.games.shardwake import scoring
from engine.games.shardwake.rules.order import order_phase
from engine.games.shardwake.state import (
    ACCUSE,
    CALM,
    DISCARD,
    FALLEN,
    NO_TRADE,
    OVER,
    STANDING,
    TWIN,
    VOID,
    State,
)
from engine.games.shardwake.text import who


def record_round(s: State) -> None:
    s.by_round.append(list(s.renown))


def cleanup(s: State, ev: list[Event] | None) -> None:
    # seed: "Return all Airships and the Hired Skiff to their owners."
    s.docks = [-1] * len(s.docks)
    s.harbor = [-2 if h == -2 else -1 for h in s.harbor]
    s.skiff = -1
    for i, f in enumerate(s.fallen):
        if f == FALLEN:
            s.fallen[i] = VOID  # seed: "Then flip the tile to its Void side"
    record_round(s)
    finished = s.round
    # seed: "It also ends at the end of any round in which 2 or fewer islands remain standing."
    ending = sum(1 for f in s.fallen if f == STANDING) <= 2
    if s.variant == TWIN and finished == 3 and min(s.discarded) < 0:
        # seed: "At the end of Round 3, secretly discard one; you score only the one you keep."
        s.phase = DISCARD
        s.ending = ending
        return
    if ending:
        game_end(s, ev)
        return
    # seed: "Advance the Round marker."
    s.round += 1
    order_phase(s, ev)


def keep_agenda(s: State, seat: int, card: int, ev: list[Event] | None) -> None:
    s.discarded[seat] = 1 - card
    if ev is not None:
        say(ev, "keep", f"{who(s, seat)} discards an Agenda face down.", seat)
        kept = C.GUILDS[s.agendas[seat][card]]
        say(ev, "keep", f"{who(s, seat)} keeps {kept}.", seat, (seat,), guild=kept)
    if min(s.discarded) < 0:
        return
    if s.ending or s.round >= C.ROUNDS:
        s.ending = False
        game_end(s, ev)
        return
    if s.round == 3:
        s.round += 1
        order_phase(s, ev)
    else:
        game_end(s, ev)


def game_end(s: State, ev: list[Event] | None) -> None:
    if s.variant == TWIN and min(s.discarded) < 0:
        # designed: a game that ends before Round 3 is over still keeps one Agenda each
        s.phase = DISCARD
        s.ending = True
        return
    s.trade_stage = NO_TRADE
    if s.variant == CALM:
        # seed: "Skip Accusations. Agendas stay hidden until the end."
        finish(s, ev)
        return
    s.phase = ACCUSE
    s.accusations = [-1] * s.players


def accuse(s: State, seat: int, target: int, guild: int, ev: list[Event] | None) -> None:
    # seed: "each player secretly places one Accusation card face-down in front of one opponent"
    s.accusations[seat] = target * 3 + guild
    if ev is not None:
        say(ev, "accuse", f"{who(s, seat)} lays an Accusation face down.", seat)
        say(ev, "accuse", f"{who(s, seat)} accuses {who(s, target)} of being {C.GUILDS[guild]}.", seat, (seat,),
            target=target, guild=C.GUILDS[guild])
    if min(s.accusations) >= 0:
        if ev is not None:
            say(ev, "accusations", "Accusations revealed: " + "; ".join(
                f"{who(s, x)} names {who(s, a // 3)} as {C.GUILD_SHORT[a % 3]}"
                for x, a in enumerate(s.accusations)), reveal=True,
                accusations=[{"target": a // 3, "guild": C.GUILDS[a % 3]} for a in s.accusations])
        finish(s, ev)


def finish(s: State, ev: list[Event] | None) -> None:
    s.phase = OVER
    s.over = True
    if ev is not None:
        kept = [C.GUILDS[scoring.kept(s, x)] for x in range(s.players)]
        say(ev, "agendas", "Agendas revealed: " + "; ".join(f"{who(s, x)} {kept[x]}" for x in range(s.players)),
            reveal=True, agendas=kept)
        r = scoring.result(s)
        say(ev, "score", "Final scores: " + ", ".join(f"{who(s, x)} {r.scores[x]}" for x in range(s.players)),
            scores=list(r.scores))
