"""Every colour pair of both themes meets WCAG AA for text (4.5:1).

The foreground colours are collected from every .tcss file (the shared styles and each
game's), resolved with each theme's variables (the seat colours, the painted components,
a game's own colours, the light theme's overrides), and checked on the background their
rule gives them or, with none, on each of the theme's surfaces (screen, panel, header);
then the theme's own colours and the footer's, and the rules document's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.color import Color

from tui.app import GangplankApp

ROOT = Path(__file__).resolve().parents[2]
AA = 4.5
SURFACES = ("background", "surface", "panel")
LIGHT = "App.-light-mode "


def luminance(c: Color) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def contrast(a: Color, b: Color) -> float:
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def theme_variables(theme: str) -> dict[str, str]:
    app = GangplankApp(settings=None)
    app.theme = theme
    return app.get_css_variables()


def resolve(expr: str, on: Color, variables: dict[str, str]) -> Color:
    """A tcss colour (``$accent``, ``#7fd8ff 20%``, ``auto 87%``) as drawn over ``on``."""
    name, _, pct = expr.strip().partition(" ")
    if name.startswith("$"):
        return resolve(variables[name[1:]] + (f" {pct}" if pct else ""), on, variables)
    alpha = float(pct.strip().rstrip("%")) / 100 if pct.strip() else 1.0
    colour = on.get_contrast_text(alpha) if name == "auto" else Color.parse(name).with_alpha(alpha)
    return on.blend(colour.with_alpha(1.0), colour.a) if colour.a < 1 else colour


def rules_by_selector(theme: str) -> dict[str, dict[str, str]]:
    """Every tcss rule's properties by selector, the light theme's overrides applied in it."""
    out: dict[str, dict[str, str]] = {}
    light: dict[str, dict[str, str]] = {}
    for path in sorted((ROOT / "tui").rglob("*.tcss")):
        text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
        for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", text):
            props = {k.strip(): v.strip() for k, _, v in (p.partition(":") for p in body.split(";")) if v.strip()}
            for sel in (s.strip() for s in selectors.split(",")):
                if sel.startswith(LIGHT):
                    light.setdefault(f"{path.name}: {sel[len(LIGHT):]}", {}).update(props)
                else:
                    out.setdefault(f"{path.name}: {sel}", {}).update(props)
    if theme == "gangplank-light":
        for sel, props in light.items():
            out.setdefault(sel, {}).update(props)
    return out


def pairs(theme: str) -> list[tuple[str, Color, Color]]:
    """(where, foreground, background) for everything the theme draws text with."""
    v = theme_variables(theme)
    surfaces = {name: Color.parse(v[name]) for name in SURFACES}
    out: list[tuple[str, Color, Color]] = []
    for sel, props in rules_by_selector(theme).items():
        if "color" not in props:
            continue
        if "background" in props:
            grounds = {"its own": resolve(props["background"], surfaces["surface"], v)}
        else:
            grounds = surfaces
        for ground_name, ground in grounds.items():
            out.append((f"{sel} {props['color']} on {ground_name}", resolve(props["color"], ground, v), ground))
    for name in ("foreground", "primary", "accent", "warning", "error", "success", "text-muted",
                 "text-primary", "text-accent", "text-warning", "text-error", "text-success"):
        for ground_name, ground in surfaces.items():
            out.append((f"${name} on {ground_name}", resolve(f"${name}", ground, v), ground))
    footer = resolve("$footer-background", surfaces["background"], v)
    for name in ("footer-foreground", "footer-key-foreground", "footer-description-foreground"):
        out.append((f"${name} on the footer", resolve(f"${name}", footer, v), footer))
    return out


@pytest.mark.parametrize("theme", ["gangplank-dark", "gangplank-light"])
def test_every_colour_pair_meets_wcag_aa(theme: str) -> None:
    found = pairs(theme)
    assert len(found) > 200  # the seat colours, the painted components, each game's colours ...
    low = [f"{contrast(fg, bg):.2f}:1  {where}  ({fg.hex} on {bg.hex})" for where, fg, bg in found
           if contrast(fg, bg) < AA]
    assert not low, f"{theme}: below {AA}:1\n" + "\n".join(low)


def test_the_check_can_fail() -> None:
    """The light theme's old Shard colours on its panel (#87d7ff, #ffd75f on #d7d7d7) are caught."""
    grey = Color.parse("#d7d7d7")
    assert contrast(Color.parse("#87d7ff"), grey) < 1.5 and contrast(Color.parse("#ffd75f"), grey) < 1.5
    assert contrast(Color.parse("#000000"), Color.parse("#ffffff")) == pytest.approx(21.0)
