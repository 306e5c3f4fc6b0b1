"""Widgets shared by the screens: the table frame's panels and each game's board."""
