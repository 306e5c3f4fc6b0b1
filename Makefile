# `make play` and `make test` are all the set-up there is: they create .venv and
# install Gangplank into it on first use, and reinstall when pyproject.toml changes.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint screenshots bench mutants mutants-game mutants-pending mutants-after clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,cluster]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/gangplank

test: $(STAMP)
	$(BIN)/ruff check engine tui tests benchmarks
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 --dist loadgroup

lint: $(STAMP)
	$(BIN)/ruff check engine tui tests benchmarks
	$(BIN)/lint-imports
	$(BIN)/mypy

screenshots: $(STAMP)
	$(BIN)/python -m tui.screenshots screenshots

bench: $(STAMP)
	$(BIN)/gangplank bench

# Mutation testing of each game's rules and scoring modules ([tool.mutmut] in pyproject.toml),
# slow and not part of `make test`. Narrow it with MUTANTS, a mutant name pattern, e.g.
# `make mutants MUTANTS='engine.games.shards.*'`; JOBS sets the worker count (default 1).
mutants: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,mutation]'
	nice -n 10 $(BIN)/mutmut run --max-children $(or $(JOBS),1) $(MUTANTS)
	$(BIN)/python benchmarks/mutation_scores.py

# One game against its own rule tests, in .mutants-GAME/ (docs/mutation.md), e.g.
# `make mutants-game GAME=fractured_sky` or `make mutants-game GAME=shardwake MODULES=scoring.py`.
mutants-game: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,mutation]'
	$(BIN)/python -m benchmarks.mutants_game $(GAME) $(MODULES) --jobs $(or $(JOBS),1)

# After `make mutants-game`: the mutants of MODULES not run yet, module by module, or the "after" run of
# the survivors against new test files (benchmarks/mutants_more.py, docs/mutation.md), e.g.
# `make mutants-pending GAME=shiver MODULES='rules/family.py scoring.py'`,
# `make mutants-after GAME=shiver TESTS='tests/engine/shiver/test_mut_monsters.py'`.
mutants-pending: $(STAMP)
	$(BIN)/python -m benchmarks.mutants_more pending $(GAME) $(MODULES) --jobs $(or $(JOBS),1)

mutants-after: $(STAMP)
	$(BIN)/python -m benchmarks.mutants_more after $(GAME) $(TESTS) --jobs $(or $(JOBS),1)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .pytest-data mutants .mutants-*
