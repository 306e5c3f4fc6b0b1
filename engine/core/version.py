"""Gangplank's version, written into every save header."""

VERSION = "0.1.0"
