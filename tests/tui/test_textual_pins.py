"""The one private corner of Textual we rely on, pinned so that an upgrade fails here, loudly.

``tui/widgets/footer.py`` (KeysFooter) rebuilds the footer at most once per refresh, and only
when its keys change; to start each key with its final classes it reaches into
``textual.widgets._footer.FooterKey`` and overrides ``Footer.bindings_changed``. Everything
else in the app uses Textual's public API. If this test fails after upgrading Textual, read
the new ``textual/widgets/_footer.py``, adapt KeysFooter (or drop it for the plain Footer and
accept slower footers), then change the pinned version in pyproject.toml and here.
"""

from __future__ import annotations

import inspect
from importlib.metadata import version

import textual.widgets._footer as footer_module
from textual.widgets import Footer

PINNED = "8.2.8"


def test_textual_is_the_pinned_version():
    assert version("textual") == PINNED, (
        f"Textual {version('textual')} is installed, KeysFooter was written against {PINNED}: "
        "see this test's docstring before upgrading"
    )


def test_the_footer_internals_keys_footer_relies_on_are_there():
    key = footer_module.FooterKey
    assert "compact" in key._reactives, "FooterKey.compact is no longer a reactive"  # noqa: SLF001
    assert "bindings_changed" in Footer.__dict__, "Footer.bindings_changed moved: KeysFooter overrides it"
    assert list(inspect.signature(Footer.bindings_changed).parameters) == ["self", "screen"]
    assert "_bindings_ready" in inspect.getsource(Footer), "KeysFooter sets Footer._bindings_ready"
