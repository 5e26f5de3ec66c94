"""The pause: the table covered and the clock stopped until Resume (not in the kiosk,
whose idle timer covers it)."""

from __future__ import annotations

from collections.abc import Callable

from crescent.ui.scene import Host, Scene, Screen


class Pause:
    """Opens the pause screen once (a second pause while it shows opens no other)."""

    def __init__(self, host: Host, stop: Callable[[], None]) -> None:
        self.host = host
        self._stop = stop
        self.screen: Scene | None = None
        """The pause screen last opened (open while the host shows it)."""

    @property
    def pausable(self) -> bool:
        return not self.host.kit.options.kiosk

    def pause(self) -> None:
        """Stop what plays by itself (``stop``), then cover the table."""
        if self.pausable:
            self._stop()
            self.host.open(Screen.PAUSE)

    def cover(self, make: Callable[[], Scene]) -> None:
        """Push the pause screen ``make`` builds, unless one is showing."""
        if self.screen is None or self.screen not in self.host.scenes:
            self.screen = make()
            self.host.push(self.screen)
