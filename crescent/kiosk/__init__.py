"""Kiosk mode's logic (config, PIN guard, idle and attract planning): no pygame."""
