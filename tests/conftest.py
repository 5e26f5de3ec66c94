"""Every test runs headless: no window, no sound device."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Kiosk mode refuses SDL's dummy driver (a real kiosk needs a display); the tests ask for it.
os.environ["CRESCENT_KIOSK_HEADLESS"] = "1"
