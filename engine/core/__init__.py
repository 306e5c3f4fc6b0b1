"""The game-agnostic kernel: rules protocol, match, generator, save format, hashing."""
