"""Fixtures of the client tests: clients made during a test are closed after it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from crescent.rules.engine import Game
from tests.helpers_ui import Client, MakeClient, close_client, make_client


@pytest.fixture
def clients() -> Iterator[list[Client]]:
    """A list for the clients a test makes; each is closed (and saved) after the test."""
    made: list[Client] = []
    yield made
    for c in made:
        close_client(c)


@pytest.fixture
def client_for(clients: list[Client]) -> MakeClient:
    """Make clients (as :func:`make_client`) that are closed after the test."""

    def make(game: Game | None = None, **kw: Any) -> Client:
        c = make_client(game, **kw)
        clients.append(c)
        return c

    return make
