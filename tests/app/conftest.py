"""Every app test gets its own database directory: nothing touches ./data."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from streamlit import config as streamlit_config

sys.path.insert(0, str(Path(__file__).resolve().parent))  # ui_driver


@pytest.fixture(autouse=True)
def full_error_details():
    """The app hides error details from browsers (.streamlit/config.toml); a test that meets
    an exception wants to read it."""
    streamlit_config.set_option("client.showErrorDetails", "full")
    yield


@pytest.fixture(autouse=True)
def revisions_read_at_every_poll(monkeypatch):
    """App tests stand another device in with a second ``Store`` of this process and want the
    page's next run to follow it: the app's watcher reads at every poll here (its one shared
    read per interval is tested in tests/store/test_watch.py)."""
    from companion.store import watch

    monkeypatch.setattr(watch, "FRESH_SECONDS", 0.0)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.delenv("COMPANION_DB_URL", raising=False)
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    yield tmp_path / "data"
    from companion.ui import saved_games

    saved_games._store_at.clear()


@pytest.fixture
def store(data_dir):
    from companion.store import Store, default_url

    s = Store(default_url())
    yield s
    s.close()


@pytest.fixture
def at():
    from ui_driver import new_app

    return new_app()


@pytest.fixture(scope="module")
def served_app(tmp_path_factory):
    """The app served by a real streamlit for one browser test module: its URL and data
    folder (skipped, or failed in CI, without chromium)."""
    from test_app_browser import require_chromium, running_app

    require_chromium()
    home = tmp_path_factory.mktemp("app")
    with running_app(home / "data", home / "streamlit.log") as (url, _):
        yield url, home / "data"
