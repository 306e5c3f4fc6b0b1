"""The app's screens, imported lazily by ``tui.app``."""
