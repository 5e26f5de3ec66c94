"""The rules of Crescent: cards, deal codes and the engine (pure Python, no pygame)."""
