"""Synthesise the game's sounds into assets/sounds/ (standard library only).

    python tools/make_sounds.py            # write assets/sounds/*.wav
    python tools/make_sounds.py --check    # exit 1 if the committed files differ
    python tools/make_sounds.py --out DIR  # write them elsewhere

Every sound is made here from sine waves, decays and a seeded noise generator
(a fixed linear congruential generator, not ``random``), so the same bytes
come out on every machine and Python version: the committed WAV files are the
output of this script, and tests/ui/test_sound.py checks that they still are.
They are the project's own work, MIT-licensed with the code.
"""

from __future__ import annotations

import argparse
import io
import math
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


class Noise:
    """White noise in -1..1 from a 32-bit LCG (Numerical Recipes constants)."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFF

    def __call__(self) -> float:
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return self.state / 0x7FFFFFFF - 1.0


def _samples(seconds: float) -> range:
    return range(round(seconds * RATE))


def _tone(freq: float, seconds: float, decay: float, start: float = 0.0) -> list[float]:
    """A sine with a 3 ms attack and an exponential decay (``decay`` per second)."""
    out = []
    for i in _samples(seconds):
        t = i / RATE
        attack = min(1.0, t / 0.003)
        out.append(attack * math.exp(-decay * t) * math.sin(2 * math.pi * freq * (t + start)))
    return out


def _noise_burst(seconds: float, decay: float, seed: int, smooth: float) -> list[float]:
    """Decaying noise through a one-pole low-pass (``smooth`` 0..1: more is duller)."""
    noise = Noise(seed)
    out = []
    y = 0.0
    for i in _samples(seconds):
        t = i / RATE
        y = smooth * y + (1 - smooth) * noise()
        out.append(math.exp(-decay * t) * y)
    return out


def _mix(*layers: tuple[list[float], float, float]) -> list[float]:
    """Sum of (samples, gain, start seconds)."""
    length = max(round(start * RATE) + len(s) for s, _, start in layers)
    out = [0.0] * length
    for samples, gain, start in layers:
        offset = round(start * RATE)
        for i, v in enumerate(samples):
            out[offset + i] += gain * v
    return out


def pickup() -> list[float]:
    return _mix((_noise_burst(0.05, 90, 1, 0.3), 0.35, 0), (_tone(1400, 0.05, 80), 0.25, 0))


def place() -> list[float]:
    return _mix((_noise_burst(0.09, 55, 2, 0.6), 0.8, 0), (_tone(190, 0.09, 45), 0.45, 0))


def refuse() -> list[float]:
    return _mix((_tone(240, 0.12, 18), 0.4, 0), (_tone(180, 0.16, 14), 0.4, 0.1))


def redeal() -> list[float]:
    layers = [(_noise_burst(0.05, 70, 10 + k, 0.5), 0.55, 0.045 * k) for k in range(9)]
    return _mix(*layers)


def hint() -> list[float]:
    return _mix((_tone(880, 0.35, 9), 0.35, 0), (_tone(1320, 0.3, 11), 0.2, 0.06))


def win() -> list[float]:
    notes = (523.25, 659.25, 783.99, 1046.5)
    layers = [(_tone(f, 0.9 - 0.1 * k, 5), 0.3, 0.12 * k) for k, f in enumerate(notes)]
    layers.append((_tone(1318.5, 0.8, 5), 0.18, 0.5))
    return _mix(*layers)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "pickup": pickup,
    "place": place,
    "refuse": refuse,
    "redeal": redeal,
    "hint": hint,
    "win": win,
}


def wav_bytes(samples: list[float]) -> bytes:
    """16-bit mono PCM at RATE, peaks limited to 0.9 of full scale, 4 ms fade-out."""
    peak = max(1e-9, max(abs(v) for v in samples))
    gain = min(1.0, 0.9 / peak)
    fade = min(len(samples), round(0.004 * RATE))
    frames = bytearray()
    for i, v in enumerate(samples):
        tail = len(samples) - i
        if tail < fade:
            v *= tail / fade
        frames += struct.pack("<h", round(max(-1.0, min(1.0, v * gain)) * 32767))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return buf.getvalue()


def build() -> dict[str, bytes]:
    return {f"{name}.wav": wav_bytes(make()) for name, make in SOUNDS.items()}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare with the committed files")
    args = parser.parse_args(argv)
    files = build()
    if args.check:
        stale = [
            n
            for n, data in files.items()
            if not (OUT / n).is_file() or (OUT / n).read_bytes() != data
        ]
        for name in stale:
            print(f"assets/sounds/{name} differs from what tools/make_sounds.py makes")
        return 1 if stale else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (args.out / name).write_bytes(data)
        print(f"{args.out / name}: {len(data)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
