"""The ``gangplank`` command line. Engine commands never import Textual.

Errors are one clear line on stderr and a non-zero exit; ``GANGPLANK_DEBUG=1``
shows the traceback of an unexpected one. Each command imports what it needs when it runs
(marked "start-up: per command"), so ``gangplank --help`` starts in a blink.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from engine import runs

if TYPE_CHECKING:
    from engine.core.rules import Event, Rules

EXIT_USAGE = 2
EXIT_FAILED = 1
EXIT_DROPPED = 3  # verify: the file loads, but only after dropping a damaged or torn last record


class CliError(Exception):
    """A one-line message for the user."""


def _games_and_levels() -> str:
    """The games and each one's bot levels, for ``play --help`` (imports every game: only then)."""
    from engine import bots, games  # start-up: only for --help of a command that names a game

    lines = ["games (GAME) and their bot levels (bot:LEVEL; ismcts:N or ismcts:Ns sets its budget):"]
    for g in games.ids():
        rules = games.get(g)
        span = f"{rules.players.start}–{rules.players.stop - 1}"
        lines.append(f"  {g:<14} {rules.title} ({span} players): {', '.join(bots.levels(rules))}")
    return "\n".join(lines)


def _parser(detail: bool = False) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gangplank",
        description="A terminal game table: Shardwake, Shiver Me Timbers, Fractured Sky: Awakening, Shards of Creation.",
        epilog="With no command, gangplank opens the main menu.",
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    listed = _games_and_levels() if detail else None
    play = sub.add_parser("play", help="start a game at the table screen", epilog=listed,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("game", help="the game's id (listed below)")
    play.add_argument("--players", type=int, help="how many players (default: the --seat count, or the fewest)")
    play.add_argument("--seat", action="append", default=[], metavar="person|bot:LEVEL",
                      help="one per seat, in order (default: you, then heuristic bots)")
    play.add_argument("--name", action="append", default=[], metavar="NAME", help="seat names, in order")
    play.add_argument("--seed", type=int, help="the seed that deals every card (default: a new one)")
    play.add_argument("--option", action="append", default=[], metavar="K=V",
                      help="a game option, e.g. variant=calm-skies (repeatable)")
    play.add_argument("--undo", choices=["off", "turn", "practice"],
                      help="takebacks: turn (default) your own move until something is revealed; "
                           "practice anything, reveals included; off none")
    play.add_argument("--bot-delay", type=float, metavar="SECONDS", help="how long bots wait before moving (0–2 s)")

    for name, helptext in (("load", "continue a saved game"), ("replay", "replay a saved game move by move")):
        sp = sub.add_parser(name, help=helptext)
        sp.add_argument("file", help="a .plank save")

    verify = sub.add_parser("verify", help="replay a save and check every recorded hash",
                            description="Exit status: 0 ok; 1 damaged, refused or a hash differs; "
                                        "3 loads only without its damaged or torn last record.")
    verify.add_argument("file", help="a .plank save")

    log = sub.add_parser("log", help="print a save as a move list (or JSON)")
    log.add_argument("file", help="a .plank save")
    log.add_argument("--json", action="store_true", help="the record as JSON (docs/log-json.md)")

    sp = sub.add_parser("selfplay", help="bots play each other; one line (or JSON object) per game",
                        epilog=listed, formatter_class=argparse.RawDescriptionHelpFormatter)
    sp.add_argument("game", help="the game's id")
    sp.add_argument("--games", type=int, default=10, help="how many games (default: 10)")
    sp.add_argument("--players", type=int, help="players per game (default: the fewest)")
    sp.add_argument("--bots", default="random", help="levels, comma separated, one per seat (cycled)")
    sp.add_argument("--seed", type=int, default=1, help="game i is played with seed SEED + i (default: 1)")
    sp.add_argument("--option", action="append", default=[], metavar="K=V", help="a game option (repeatable)")
    sp.add_argument("--json", action="store_true", help="one JSON object per game, then a summary")
    sp.add_argument("--save-dir", metavar="DIR", help="save every game there")
    sp.add_argument("--no-rotate", action="store_true", help="keep each level in its seat (default: rotate seats)")
    runs.add_arguments(sp)

    lab = sub.add_parser("lab", help="playtest statistics for a designer (gangplank lab GAME --help)",
                         add_help=False)
    lab.add_argument("game", help="the game's id")
    lab.add_argument("args", nargs=argparse.REMAINDER, help="the lab's options (gangplank lab GAME --help)")

    tour = sub.add_parser("tournament", help="bots × bots × seats: scores with confidence intervals, Elo",
                          add_help=False)
    tour.add_argument("game", help="the game's id")
    tour.add_argument("args", nargs=argparse.REMAINDER, help="the tournament's options (gangplank tournament GAME --help)")

    bench = sub.add_parser("bench", help="engine speed figures")
    bench.add_argument("game", nargs="?", help="one game (default: every game)")
    bench.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    bench.add_argument("--json", action="store_true", help="the figures as JSON")
    bench.add_argument("--option", action="append", default=[], metavar="K=V",
                       help="a game option (with GAME), e.g. payloads=yes")

    serve = sub.add_parser("serve", help="the SSH server (gangplank serve --help)", add_help=False)
    serve.add_argument("args", nargs=argparse.REMAINDER, help="the server's options (gangplank serve --help)")
    return p


def rules_for(game: str) -> Rules:
    from engine import games  # start-up: per command

    try:
        return games.get(game)
    except KeyError:
        raise CliError(f"unknown game {game!r}; games: {', '.join(games.ids())}") from None


def options_for(rules: Rules, pairs: Sequence[str], players: int) -> Any:
    """The options from ``--option K=V`` pairs, checked against the player count (OptionError)."""
    from engine.core.options import parse_pairs  # start-up: per command

    options = rules.options_from(parse_pairs(list(pairs)))
    rules.check(players, options)
    return options


def check_levels(rules: Rules, levels: Sequence[str]) -> None:
    from engine import bots  # start-up: per command

    if not levels:
        raise CliError("--bots needs at least one level")
    for level in levels:
        try:
            bots.make(level, rules, 0)
        except ValueError as e:
            raise CliError(str(e)) from None


# ------------------------------------------------------------------ commands


def cmd_verify(args: argparse.Namespace) -> int:
    from engine import Match  # start-up: per command

    m = Match.load(args.file, strict=False)
    state = "finished" if m.is_over() else "unfinished"
    if m.problems:
        for p in m.problems:
            print(p)
        print(f"{args.file}: {len(m.problems)} problem(s) in {m.cursor} moves")
        return EXIT_FAILED
    dropped = [w for w in m.warnings if "dropped" in w]
    for w in m.warnings:
        if w not in dropped:
            print(f"warning: {w}", file=sys.stderr)
    what = f"{m.rules.title}, {m.header.players} players, {m.cursor} moves replayed, every hash matches ({state})"
    if dropped:  # a damaged file is never "ok"
        print(f"{args.file}: damaged — {'; '.join(dropped)}; what is left: {what}")
        return EXIT_DROPPED
    print(f"{args.file}: ok — {what}")
    return 0


LOG_FORMAT = 2  # ``gangplank log --json``'s format (docs/log-json.md); 2: events carry kind and data


def cmd_log(args: argparse.Namespace) -> int:
    import msgspec  # start-up: per command

    from engine import Match  # start-up: per command

    m = Match.load(args.file)
    for w in m.warnings:
        print(f"warning: {w}", file=sys.stderr)
    over = m.is_over()
    names = [s.name for s in m.header.seats]

    def visible(events: list[Event]) -> list[Event]:
        return [e for e in events if over or e.to is None]

    def plain(e: Event) -> dict[str, Any]:
        """An event as JSON: its words and its machine form (docs/log-json.md)."""
        return {"text": e.text, "seat": e.seat, "kind": e.kind, "data": e.data or {},
                "to": list(e.to) if e.to is not None else None}

    if args.json:
        moves = []
        for i, p in enumerate(m.moves):
            entry: dict[str, Any] = {"n": i + 1, "seat": p.seat, "name": names[p.seat],
                                     "events": [plain(e) for e in visible(p.events)]}
            if p.by:  # a bot standing in for the seat's absent person made this move
                entry["by"] = p.by
            if over:  # a move may itself be a secret (a bid, a hidden discard) until the game ends
                entry["move"] = {"type": type(p.move).__name__, **msgspec.structs.asdict(p.move)}
            moves.append(entry)
        res = m.result()
        header = msgspec.to_builtins(m.header)
        if not over:  # the seed decides every hidden card, and the start hash would betray a small seed
            header["seed"] = None
            header.pop("start_hash", None)
        doc = {
            "format": LOG_FORMAT,
            "header": header,
            "finished": over,
            "hidden_information": "shown" if over else "withheld until the game ends",
            "setup": [plain(e) for e in visible(m.start_events)],
            "moves": moves,
            "result": msgspec.to_builtins(res) if res else None,
        }
        sys.stdout.write(msgspec.json.encode(doc).decode() + "\n")
        return 0
    h = m.header
    print(f"[Game \"{m.rules.title}\"]")
    print(f"[Players \"{', '.join(names)}\"]")
    print(f"[Seats \"{', '.join(s.kind for s in h.seats)}\"]")
    print(f"[Seed \"{h.seed if over else 'secret until the game ends'}\"]")
    print(f"[Created \"{h.created}\"]")
    print(f"[Rules \"v{h.rules_version}\"]")
    if h.options:
        print(f"[Options \"{', '.join(f'{k}={v}' for k, v in h.options.items())}\"]")
    print(f"[Moves \"{m.cursor}\"]")
    print(f"[Shown \"{'everything (the game is over)' if over else 'public information only'}\"]")
    print()
    for e in visible(m.start_events):
        print(f"     {e.text}")
    covered = [0] * len(names)
    for i, p in enumerate(m.moves):
        evs = visible(p.events)
        first = evs[0].text if evs else "(a hidden choice)"
        stand_in = f" ({p.by[4:]} bot for them)" if p.by else ""
        covered[p.seat] += bool(p.by)
        print(f"{i + 1:4d}. {names[p.seat]}{stand_in}: {first}")
        for e in evs[1:]:
            print(f"      {e.text}")
    res = m.result()
    if res is not None:
        print()
        for place, seats in enumerate(res.ranking, 1):
            for s in seats:
                note = f" (bot covered {covered[s]} move{'s' if covered[s] != 1 else ''})" if covered[s] else ""
                print(f"  {place}. {names[s]}{note} — {res.scores[s]}")
        if res.tiebreak:
            print(f"  {res.tiebreak}")
    return 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    from engine.core.options import parse_pairs  # start-up: per command
    from engine.selfplay import run_selfplay  # start-up: per command

    rules = rules_for(args.game)
    players = args.players or rules.players.start
    if args.games < 1:
        raise CliError("--games must be at least 1")
    options_for(rules, args.option, players)  # checked here; the workers read the pairs
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    check_levels(rules, levels)
    backend = runs.backend_of(args)
    return run_selfplay(rules, players, levels, args.games, args.seed, parse_pairs(list(args.option)), args.json,
                        args.save_dir, backend, not args.no_rotate, args.out, args.resume, args.batch,
                        progress=not args.no_progress and not sys.stdout.isatty())


def cmd_bench(args: argparse.Namespace) -> int:
    from engine.benchmarks import run_bench  # start-up: per command

    options = None
    if args.game:
        rules = rules_for(args.game)
        if args.option:
            options = options_for(rules, args.option, rules.bench_players)
    elif args.option:
        raise CliError("gangplank bench: --option needs a GAME")
    return run_bench(args.game, args.seconds, args.json, options)


def cmd_lab(args: argparse.Namespace) -> int:
    from engine.lab import main as lab_main  # start-up: per command

    rules = rules_for(args.game)
    return lab_main(rules.id, list(args.args))


def lab_usage(argv: list[str]) -> int:
    """``gangplank lab`` with no game: its options, and the games (exit 0 for --help, else 2)."""
    from engine.lab import parser as lab_parser  # start-up: per command

    wanted = any(a in ("-h", "--help") for a in argv)
    if not wanted:
        print("gangplank lab: name a game first: gangplank lab GAME --games N (gangplank lab --help)",
              file=sys.stderr)
        return EXIT_USAGE
    p = lab_parser(None)
    p.usage = "gangplank lab GAME [options]"
    p.epilog = _games_and_levels()
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.print_help()
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from engine.tournament import main as tournament_main  # start-up: per command

    rules = rules_for(args.game)
    return tournament_main(rules.id, list(args.args))


class Front(Protocol):
    """The screens side of the command line, supplied by the ``tui`` package's entry point."""

    def menu(self) -> int: ...
    def play(self, **kw: Any) -> int: ...
    def load(self, path: str) -> int: ...
    def replay(self, path: str) -> int: ...
    def serve(self, argv: list[str]) -> int: ...


_front: Front | None = None


def front() -> Front:
    if _front is None:
        raise CliError("the table screen is not installed (run `make play`)")
    return _front


def cmd_play(args: argparse.Namespace) -> int:
    rules = rules_for(args.game)
    for kind in args.seat:  # a bad seat is named as such, before the player count is looked at
        if kind.startswith("bot:"):
            check_levels(rules, [kind[4:]])
        elif kind != "person":
            raise CliError(f"--seat takes person or bot:LEVEL, not {kind!r}")
    players = args.players or max(len(args.seat), rules.players.start)
    options = options_for(rules, args.option, players)
    if len(args.seat) > players:
        raise CliError(f"{len(args.seat)} --seat given for {players} players")
    return front().play(game=rules.id, players=players, seats=args.seat, names=args.name,
                seed=args.seed, options=options, undo=args.undo, bot_delay=args.bot_delay)


def cmd_load(args: argparse.Namespace) -> int:
    from engine import Match  # start-up: per command

    Match.load(args.file)  # a damaged file is reported here, on one line, before any screen opens
    return front().load(args.file)


def cmd_replay(args: argparse.Namespace) -> int:
    from engine import Match  # start-up: per command

    Match.load(args.file)
    return front().replay(args.file)


def cmd_serve(args: argparse.Namespace) -> int:
    return front().serve(list(args.args))


COMMANDS = {
    "play": cmd_play,
    "load": cmd_load,
    "replay": cmd_replay,
    "verify": cmd_verify,
    "log": cmd_log,
    "selfplay": cmd_selfplay,
    "lab": cmd_lab,
    "tournament": cmd_tournament,
    "bench": cmd_bench,
    "serve": cmd_serve,
}


def main(argv: Sequence[str] | None = None, screens: Front | None = None) -> int:
    """Run the command line. ``screens`` opens the TUI (the ``tui`` entry point passes it)."""
    global _front
    _front = screens
    argv = list(sys.argv[1:] if argv is None else argv)
    # `serve`, `lab` and `tournament` pass their own options on to their own parsers
    if argv[:1] == ["serve"]:
        args = argparse.Namespace(command="serve", args=argv[1:])
    elif argv[:1] == ["lab"] and len(argv) > 1 and not argv[1].startswith("-"):
        args = argparse.Namespace(command="lab", game=argv[1], args=argv[2:])
    elif argv[:1] == ["lab"]:
        return lab_usage(argv[1:])


    elif argv[:1] in (["lab"], ["tournament"]) and len(argv) > 1 and not argv[1].startswith("-"):
        args = argparse.Namespace(command=argv[0], game=argv[1], args=argv[2:])
    else:
        detail = argv[:1] in (["play"], ["selfplay"]) and any(a in ("-h", "--help") for a in argv)
        args = _parser(detail).parse_args(argv)
    if args.command is None:
        try:
            return front().menu()
        except CliError as e:
            print(f"gangplank: {e}", file=sys.stderr)
            return EXIT_USAGE
    from engine import IllegalMove, OptionError, SaveError  # start-up: per command

    try:
        return COMMANDS[args.command](args)
    except (CliError, OptionError, SaveError, IllegalMove, runs.RunError) as e:
        print(f"gangplank {args.command}: {e}", file=sys.stderr)
        return EXIT_USAGE if isinstance(e, CliError | OptionError | runs.RunError) else EXIT_FAILED
    except KeyboardInterrupt:
        print(f"gangplank {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # noqa: BLE001 - never a traceback in the user's face
        if os.environ.get("GANGPLANK_DEBUG"):
            raise
        print(f"gangplank {args.command}: internal error: {type(e).__name__}: {e} "
              "(run with GANGPLANK_DEBUG=1 for details)", file=sys.stderr)
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
