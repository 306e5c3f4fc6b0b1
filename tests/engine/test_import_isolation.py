"""engine/ must import without Textual (bots, the lab, the hub and selfplay run headless)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_imports_without_textual():
    code = (
        "import sys, engine, engine.cli, engine.bots, engine.bots.ismcts, engine.hub;"
        "from engine import games;"
        "[games.get(g) for g in games.ids()];"
        "bad = [m for m in sys.modules if m == 'textual' or m.startswith(('textual.', 'tui'))];"
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, f"engine pulled in: {out.stdout} {out.stderr}"


def test_no_engine_module_names_textual():
    offenders = []
    for path in (ROOT / "engine").rglob("*.py"):
        for line in path.read_text().splitlines():
            stripped = line.strip()
            if stripped.startswith(("import textual", "from textual", "import tui", "from tui")):
                offenders.append(f"{path.relative_to(ROOT)}: {stripped}")
    assert not offenders, offenders
