from __future__ import annotations

import pytest

from bot.i18n import install_catalogues


@pytest.fixture(autouse=True, scope="session")
def _catalogues() -> None:
    install_catalogues()
