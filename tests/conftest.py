"""Every test runs headless: no window, no sound device."""

import atexit
import os
import shutil
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Kiosk mode refuses SDL's dummy driver (a real kiosk needs a display); the tests ask for it.
os.environ["CRESCENT_KIOSK_HEADLESS"] = "1"
# Card pictures are kept in a cache folder of the tests' own, never in the player's.
_CACHE = tempfile.mkdtemp(prefix="crescent-test-cache-")
os.environ["CRESCENT_CACHE_DIR"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)

