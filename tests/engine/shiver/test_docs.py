"""The rules document lists the content exactly as the engine has it."""

from __future__ import annotations

from pathlib import Path

from engine.games.shiver import content as C
from engine.games.shiver.text import BEGIN, END, content_tables

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "shiver-me-timbers.md"


def test_the_card_lists_in_the_rules_document_are_the_engines():
    text = DOC.read_text(encoding="utf-8")
    section = text.split(BEGIN, 1)[1].split(END, 1)[0]
    assert section.strip() == content_tables().strip(), (
        "docs/rules/shiver-me-timbers.md is out of date: "
        "python -m engine.games.shiver.text docs/rules/shiver-me-timbers.md")


def test_every_card_is_named_in_the_document():
    text = DOC.read_text(encoding="utf-8")
    for group in (C.LIFE_GOALS, C.TALENTS, C.TREASURES, C.MISSIONS, C.CREW, C.RITUALS):
        for item in group:
            assert item.name in text, item.name


def test_the_document_has_its_designed_here_section():
    text = DOC.read_text(encoding="utf-8")
    assert "## Designed here" in text
