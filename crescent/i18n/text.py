"""Every player-facing message, as its English gettext msgid.

This module only names the messages; :mod:`crescent.i18n.translator` translates them.
``N_`` and ``N_plural`` (the gettext naming convention) are no-op markers:
they return their argument(s), so a constant here is the English text itself. A plural message is a
:class:`Plural` ``(singular, plural)`` tuple whose texts use ``{n}``.

Placeholders are ``str.format`` names in braces; every translation keeps
exactly the placeholders of its English message (tests/i18n/test_i18n.py checks it).

The catalogs under ``assets/locale/`` hold one entry per message here:
``python tools/compile_catalogs.py extract`` rewrites ``crescent.pot`` from this
module (see that script for updating the ``.po`` files).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, NamedTuple

from crescent.rules.engine import Reason


class Plural(NamedTuple):
    """A message with a singular and a plural English form (gettext ``ngettext``)."""

    singular: str
    plural: str


def N_(message: str) -> str:
    """Mark ``message`` for translation; returns it unchanged."""
    return message


def N_plural(singular: str, plural: str) -> Plural:
    """Mark a plural message for translation; returns ``Plural(singular, plural)``."""
    return Plural(singular, plural)


# The status bar and the toolbar.
TIME: Final = N_("Time")
MOVES: Final = N_("Moves")
REDEAL: Final = N_("Redeal")
NO_REDEALS: Final = N_("No redeals left")
REDEALS_LEFT: Final = N_plural("{n} redeal left", "{n} redeals left")
UNDO: Final = N_("Undo")
HINT: Final = N_("Hint")
NEW_GAME: Final = N_("New game")
SETTINGS: Final = N_("Settings")
STATISTICS: Final = N_("Statistics")
FINISH: Final = N_("Finish")
CODE: Final = N_("Code")
CODE_COPIED: Final = N_("Code copied: {code}")
REDEAL_CONFIRM_TITLE: Final = N_("Redeal now?")
REDEAL_CONFIRM: Final = N_("Moves are still possible. A redeal cannot be undone.")
ABANDON_TITLE: Final = N_("Abandon this game?")
ABANDON_TEXT: Final = N_("It counts as played, not won.")
UNDO_AFTER_REDEAL: Final = N_("The redeal cleared the undo history.")
REDO: Final = N_("Redo")
RESTART: Final = N_("Restart this deal")
RESTART_TITLE: Final = N_("Restart this deal?")
PAUSED: Final = N_("Paused")
PAUSED_TEXT: Final = N_("The clock is stopped.")
RESUME: Final = N_("Resume")
NO_PLACE_TAKES: Final = N_("No place takes the {card}")

# Dialog buttons and the game-code dialog.
ENTER_CODE: Final = N_("Enter a code")
ENTER_CODE_PROMPT: Final = N_("Type a game code, like CR1-N-AAAAAAD")
DEAL: Final = N_("Deal")
DAILY_DEAL: Final = N_("Daily deal")
CANCEL: Final = N_("Cancel")
CLOSE: Final = N_("Close")
OK: Final = N_("OK")
YES: Final = N_("Yes")
NO: Final = N_("No")
QUIT: Final = N_("Quit")

# Why a typed game code is rejected.
CODE_EMPTY: Final = N_("Type a code first")
CODE_SHAPE: Final = N_("A code looks like CR1-N-AAAAAAD")
CODE_TOO_LONG: Final = N_("That is too long for a code")
CODE_VERSION: Final = N_("This code is from another version of the game (codes start with CR1)")
CODE_VARIANT: Final = N_("The variant letter must be N, F, D or L")
CODE_LENGTH: Final = N_("A game code is CR1-, a letter, a dash and 7 letters (A to Z)")
CODE_LETTERS: Final = N_("The deal number uses letters A to Z only")

# End of game and being stuck (RULES.md section 4).
POINT_REDEAL: Final = N_("No move is possible: press Redeal")
BLOCKED_TITLE: Final = N_("Blocked")
BLOCKED_TEXT: Final = N_("No move is possible and no redeal is left.")
UNDO_LAST: Final = N_("Undo last move")
WON_TITLE: Final = N_("You won!")
WON_TIME: Final = N_("Time: {time}")
WON_MOVES: Final = N_plural("{n} move", "{n} moves")
HINTS_USED_LABEL: Final = N_("Hints used")
NEW_BEST_TIME: Final = N_("New best time!")
NEW_FEWEST_MOVES: Final = N_("Fewest moves yet!")
WON_OF_PLAYED: Final = N_("Games won / played")

# Settings.
LANGUAGE: Final = N_("Language")
INTERACTIVE_RULES: Final = N_("Interactive rules")
VARIANT_FOR_NEW: Final = N_("Variant for new games")
VARIANT_N: Final = N_("Standard")
VARIANT_F: Final = N_("Crescent Four")
VARIANT_D: Final = N_("Face-down deal")
VARIANT_L: Final = N_("Levels (timed)")
MODE_NAMES: Final[dict[str, str]] = {
    "standard": VARIANT_N,
    "four": VARIANT_F,
    "face_down": VARIANT_D,
    "levels": VARIANT_L,
}
"""The player-facing name of each mode, by :attr:`crescent.rules.modes.Mode.key`."""
FOUR_COLOUR: Final = N_("Four-colour deck")
WINNABLE_ONLY: Final = N_("Winnable deals only")
FULL_SCREEN: Final = N_("Full screen")
SOUND: Final = N_("Sound")
SHOW_PLAYABLE: Final = N_("Show playable cards")
# . Setting: after each move the table says whether the deal can still be won.
WATCH_SETTING: Final = N_("Still winnable?")
# . Setting: after each move the cards that can never cost a win go to the foundations.
SAFE_MOVES_SETTING: Final = N_("Safe moves home")
# . Setting: the HUD's buttons on the left (a column down the left side, or each row
# . of the bottom bar mirrored), for a left-handed player.
LEFT_HANDED: Final = N_("Left-handed")
# . Under the foundations: the solver found a win from this position.
WATCH_WINNABLE: Final = N_("Still winnable")
# . Under the foundations: the solver proved no win is left; a tap offers to go back.
WATCH_LOST: Final = N_("Cannot be won from here · tap to go back")
# . Under the foundations: the search ran out of time, nothing is claimed.
WATCH_UNKNOWN: Final = N_("Winnable? Not known yet")
SHOW_PILES: Final = N_("Show whole piles")
ON: Final = N_("On")
OFF: Final = N_("Off")
# . The second page of Settings: the theme, the card back, the four-colour deck, Relaxed...
DISPLAY_AND_ACCESS: Final = N_("Display and access")
# . The first page of Settings (a button on the second page goes back to it).
GAME_SETTINGS: Final = N_("Game settings")
# . Setting: the table's colours.
THEME: Final = N_("Theme")
THEME_FELT: Final = N_("Green baize")
THEME_OCEAN: Final = N_("Ocean blue")
THEME_CLARET: Final = N_("Claret")
# . A theme for low vision: black table, white text, thick outlines.
THEME_CONTRAST: Final = N_("High contrast")
THEME_NAMES: Final[dict[str, str]] = {
    "felt": THEME_FELT,
    "ocean": THEME_OCEAN,
    "claret": THEME_CLARET,
    "contrast": THEME_CONTRAST,
}
"""The player-facing name of each theme, by :data:`crescent.themes.THEMES` name."""
# . Setting: the picture on the back of the cards (face-down cards show it).
CARD_BACK: Final = N_("Card back")
BACK_BLUE: Final = N_("Blue")
BACK_RED: Final = N_("Red")
BACK_GREEN: Final = N_("Green")
BACK_BLACK: Final = N_("Black")
BACK_NAMES: Final[dict[str, str]] = {
    "blue": BACK_BLUE,
    "red": BACK_RED,
    "green": BACK_GREEN,
    "black": BACK_BLACK,
}
"""The player-facing name of each card back, by :data:`crescent.themes.BACKS` name."""
# . Setting: how fast cards fly from one place to another (moves, redeals, the win).
ANIMATION: Final = N_("Animation")
ANIMATION_NORMAL: Final = N_("Normal")
ANIMATION_FAST: Final = N_("Fast")
# . No animation: each card is at once where it goes, its place lit a moment.
ANIMATION_NONE: Final = N_("None")
# . Setting: the HUD shows neither the clock nor the number of moves.
RELAXED: Final = N_("Relaxed: no clock, no moves")

# How to play (the rules screen) and the first-run tip.
RULES_TITLE: Final = N_("How to play")
RULES_SHORT: Final = N_("Rules")
RULES_STANDARD: Final = N_("Standard game")
RULES_LEVELS: Final = N_("Levels game")
TIP_TAP: Final = N_("Tap a card: it goes where it can.")
TIP_CHOOSE: Final = N_("If it can go to several places, tap the one you want.")
TIP_RULES: Final = N_("The ? button explains the rules.")
# Issue 46 item 8: where the cards under the top ones are shown ({settings} and
# {setting}: the Settings button's and the setting's own names).
TIP_PILES: Final = N_("Each pile shows only its top card; {settings} → {setting} shows every card.")
GOT_IT: Final = N_("Got it")

# Hints.
HINT_THINKING: Final = N_("Looking for a winning line…")
HINT_MOVE: Final = N_("Hint: {move}. Tap Hint again to play it.")
HINT_REDEAL: Final = N_("Hint: redeal now.")
HINT_UNSURE: Final = N_("No win found; best guess: {move}. This position may be lost.")
HINT_LOST: Final = N_("This position cannot be won.")
HINT_GO_BACK: Final = N_("Undo to the last winnable position")
HINT_NO_WAY_BACK: Final = N_("No earlier position in the undo history can be won.")
HINT_SEARCHING_BACK: Final = N_("Looking for an earlier winnable position…")
# Issue 46 item 4: what the search back found, before "Undo to the last winnable position"
# is offered (it is offered only then).
WINNABLE_BACK: Final = N_plural(
    "The position {n} move back can be won.", "The position {n} moves back can be won."
)

# Statistics.
STATS_TITLE: Final = N_("Statistics")
GAMES_PLAYED: Final = N_("Games played")
GAMES_WON: Final = N_("Games won")
WIN_RATE: Final = N_("Win rate")
CURRENT_STREAK: Final = N_("Current streak")
BEST_STREAK: Final = N_("Best streak")
BEST_TIME: Final = N_("Best time")
FEWEST_MOVES: Final = N_("Fewest moves")
AVERAGE_TIME: Final = N_("Average winning time")
DAILY_WON: Final = N_("Daily deals won")
DAILY_STREAK: Final = N_("Daily streak")
DAILY_BEST: Final = N_("Best daily streak")
RESET_STATS: Final = N_("Reset statistics")
RESET_CONFIRM: Final = N_("Reset all statistics? This cannot be undone.")

# Notices about the save file.
NOTICE_CORRUPT: Final = N_(
    "The saved data was damaged and set aside (a copy stays in the data folder): "
    "statistics, settings and the game start afresh."
)
NOTICE_CORRUPT_FILE: Final = N_(
    "A damaged file of an earlier version was set aside (a copy stays in the data "
    "folder); everything else was kept."
)
NOTICE_CORRUPT_GAME: Final = N_(
    "The game in progress was damaged and could not be resumed; statistics and settings are kept."
)
NOTICE_CORRUPT_SETTINGS: Final = N_(
    "The settings were damaged: the defaults are used; statistics and the game are kept."
)
NOTICE_REPAIRED: Final = N_(
    "The saved data was damaged: what could be read was kept, and the damaged file was set "
    "aside (a copy stays in the data folder)."
)
NOTICE_UNPROVEN_GAME: Final = N_(
    "The game in progress was resumed as it was saved; the record of its moves is missing."
)
NOTICE_CANNOT_SAVE: Final = N_("Progress cannot be saved on this computer.")
NOTICE_NEWER: Final = N_("Your saved game is from a newer version and was left untouched.")

# The levels game (RULES.md section 7; French words from the seed levels-mode-fr.txt).
LEVEL_N: Final = N_("Level {n}")
TIME_LEFT: Final = N_("Time left")
SHUFFLE: Final = N_("Shuffle")
NO_SHUFFLES: Final = N_("No shuffles left")
SHUFFLES_LEFT: Final = N_plural("{n} shuffle left", "{n} shuffles left")
HINTS_LEFT: Final = N_plural("{n} hint left", "{n} hints left")
NO_HINTS_LEFT: Final = N_("No hints left at this level")
POINT_SHUFFLE: Final = N_("No move is possible: press Shuffle")
HINT_SHUFFLE: Final = N_("Hint: shuffle now.")
SHUFFLE_CONFIRM_TITLE: Final = N_("Shuffle the tableau?")
SHUFFLE_CONFIRM: Final = N_(
    "Moves are still possible. A shuffle uses one of the game's five and cannot be undone."
)
LEVEL_COMPLETE: Final = N_("Level {n} complete!")
LEVEL_TIME_LEFT: Final = N_("Time left: {time}")
HINTS_USED: Final = N_plural("{n} hint used", "{n} hints used")
NEXT_LEVEL_INFO: Final = N_("Next: level {n}, {time} on the clock")
NEXT_LEVEL: Final = N_("Next level")
GAME_OVER: Final = N_("Game over")
TIME_UP: Final = N_("Time is up.")
STUCK_NO_SHUFFLE: Final = N_("You are stuck and all five shuffles are used.")
LEVELS_COMPLETED: Final = N_plural("{n} level completed", "{n} levels completed")
LEVEL_TIME_LINE: Final = N_("Level {n}: {time} left")
WON_LEVELS_TITLE: Final = N_("All four levels complete!")
LEVEL_TIMES: Final = N_("Level times (minutes)")
BEST_LEVEL: Final = N_("Furthest level reached")
BEST_TIME_LEFT: Final = N_("Best time left")

# Kiosk mode.
TOUCH_TO_PLAY: Final = N_("Touch to play")
ENTER_PIN: Final = N_("Operator PIN")
WRONG_PIN: Final = N_("Wrong PIN")
PIN_WAIT: Final = N_plural("Try again in {n} second", "Try again in {n} seconds")
GOAL: Final = N_(
    "Build the eight foundations: four up from Ace to King, four down from King to Ace"
)
OPERATOR: Final = N_("Operator")
SET_BY_CONFIG: Final = N_("set by the kiosk config")
IDLE_TIME: Final = N_("Idle time")
SECONDS: Final = N_("{n} s")
VERSION: Final = N_("Version")
VENUE_GAMES: Final = N_("Visitors' games, today / all days")
GAMES_STARTED: Final = N_("Games started")
LEFT_IDLE: Final = N_("Left to the idle timer")
EXPORT_CSV: Final = N_("Export as CSV")
EXPORT_TO: Final = N_("Save the visitors' games as a CSV file in:")
EXPORTED: Final = N_("Saved as {path}")
EXPORT_FAILED: Final = N_("Could not write to {path}")
NO_EXPORT_FOLDER: Final = N_(
    "No folder to save to: plug in a USB drive or set export_dir in the config"
)
QUIT_KIOSK: Final = N_("Quit the kiosk")

# Places, cards and moves.
PILE_N: Final = N_("Pile {n}")
FOUNDATION_N: Final = N_("Foundation {n}")
MOVE_TEXT: Final = N_("{card}: {src} → {dst}")
RANK_NAMES: Final = (
    N_("Ace"),
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    N_("Jack"),
    N_("Queen"),
    N_("King"),
)
"""Rank 1..13 at index 0..12; numerals are the same in every language and not in the catalogs."""
SUIT_NAMES: Final = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
"""Suits in the order of :mod:`crescent.rules.cards` (S H D C)."""
CARD_NAME: Final = N_("{rank} of {suit}")

# Refused moves (RULES.md section 2, the table of reasons).
REASONS: Final[dict[Reason, str]] = {
    Reason.EMPTY_SOURCE: N_("There is no card to move"),
    Reason.BASE_LOCKED: N_("The foundation base is locked"),
    Reason.FOUNDATION_TO_PILE: N_("Cards never go back from a foundation to a pile"),
    Reason.EMPTY_PILE: N_("Cannot place on an empty pile"),
    Reason.FOUNDATION_COMPLETE: N_("This foundation is complete"),
    Reason.WRONG_SUIT: N_("Must be the same suit"),
    Reason.RANK_NOT_ADJACENT: N_("Must be one rank higher or lower"),
    Reason.NOT_NEXT_RANK: N_("Must be the next card of this foundation"),
    Reason.PILE_FULL: N_("This pile is full; choose another destination"),
    Reason.NO_REDEALS_LEFT: N_("No redeals left"),
    Reason.NO_SHUFFLES_LEFT: N_("No shuffles left"),
}
# Issue 46 item 12: a card refused by a foundation, with the card that foundation takes
# ("This foundation takes the 4 of spades next"), where Reason.NOT_NEXT_RANK's sentence
# did not say which.
FOUNDATION_TAKES: Final = N_("This foundation takes the {card} next")


def messages() -> Iterator[str | Plural]:
    """Every message to translate, once each, in the order of this module.

    The catalogs and their tests are built from this: a new constant here
    (a str, a :class:`Plural`, or a tuple/dict of str) is picked up without
    being listed anywhere else. Numerals are skipped.
    """
    seen: set[str | Plural] = set()
    for name, value in globals().items():
        if not name.isupper():
            continue
        items: list[object]
        if isinstance(value, Plural | str):
            items = [value]
        elif isinstance(value, tuple):
            items = list(value)
        elif isinstance(value, dict):
            items = list(value.values())
        else:
            continue
        for item in items:
            if isinstance(item, str) and item.isdigit():
                continue
            if isinstance(item, Plural | str) and item not in seen:
                seen.add(item)
                yield item


# Issue 29: the short second line of Redeal, Shuffle and Hint when the long one does
# not fit its button (at 800x600 in French, Catalan and Dutch), rather than a bare "(3)".
LEFT_SHORT: Final = N_plural("{n} left", "{n} left")

# Issue 29: the short names of places under their cards, in the player's language (the
# first letter of "Pile {n}" and "Foundation {n}" as translated). The move notation of
# the command line and of saves stays P10-P14, P3-F2.
PILE_TAG: Final = N_("P{n}")
FOUNDATION_TAG: Final = N_("F{n}")

# Issue 29: the captions of the pictures of the table on the "How to play" screen.
DIAGRAM_CAPTIONS: Final = {
    "move-10": N_("The table before move 10"),
    "redeal-before": N_("Before the redeal"),
    "redeal-after": N_("After the redeal"),
}

# Issue 29 item 7: the levels game's one-screen intro (its title is RULES_LEVELS), shown
# the first time it is played and again from the "?" screen's "In brief".
INTRO_LEVELS: Final = N_(
    "Four levels, one after another: at each, build the eight foundations before time runs out."
)
INTRO_TIMES: Final = N_("Minutes per level: {times}")
INTRO_SHUFFLES: Final = N_plural(
    "{n} shuffle for the whole game, not per level",
    "{n} shuffles for the whole game, not per level",
)
INTRO_FAIR: Final = N_plural(
    "Every new game can be won with {n} shuffle at most.",
    "Every new game can be won with {n} shuffles at most.",
)
"""Issue 47: new levels games are fair deals (crescent.solver.pools.FAIR_SHUFFLES)."""
INTRO_HINTS: Final = N_plural("{n} hint at each level", "{n} hints at each level")
INTRO_LEVEL4: Final = N_(
    "Empty piles: at levels 1 to 3 any card may go onto one; at level 4 none may, and an "
    "empty pile stays empty after a shuffle."
)
"""What an empty pile takes at each level (issue 47: levels 1-3 too, not level 4 alone)."""
INTRO_AGAIN: Final = N_("To see this again: ?, then “In brief”.")
IN_BRIEF: Final = N_("In brief")

# Issue 29 item 8: Settings' "Level times" changed while a levels game is in progress.
LEVEL_TIMES_NEXT: Final = N_("The new times apply from the next game.")

# Issue 28 item 7: the statistics screen's views, its last games and its charts.
STATS_FIGURES: Final = N_("Figures")
LAST_GAMES: Final = N_("Last games")
CHARTS: Final = N_("Charts")
RESULTS: Final[dict[str, str]] = {
    # By the history's ``result`` column (crescent.play.history.Result).
    "won": N_("Won"),
    "abandoned": N_("Abandoned"),
    "lost": N_("Lost"),
    "time out": N_("Time up"),
}
NO_GAMES_YET: Final = N_("No games yet.")
TAP_FOR_CODE: Final = N_("Tap a game to see its code.")
GAME_CODE_LINE: Final = N_("Code: {code}")
COPY_CODE: Final = N_("Copy the code")
PLAY_AGAIN: Final = N_("Play this deal again")
# Issue 30 item 6: a finished game played back, from its entry of the last games.
WATCH_REPLAY: Final = N_("Watch the replay")
COPY_REPLAY: Final = N_("Copy the replay")
REPLAY_COPIED: Final = N_plural(
    "Replay copied: the code and its {n} move, for --code and --play.",
    "Replay copied: the code and its {n} moves, for --code and --play.",
)
NO_REPLAY: Final = N_("No replay: this game's moves were not kept.")
REPLAY_PLAY: Final = N_("Play")
REPLAY_PAUSE: Final = N_("Pause")
REPLAY_BACK: Final = N_("Back")
REPLAY_NEXT: Final = N_("Next")
REPLAY_SPEED: Final = N_("Speed")
REPLAY_STEP: Final = N_("Step")
REPLAY_STEP_OF: Final = N_("{n} of {total}")
REPLAY_DEAL: Final = N_("The deal")
REPLAY_UNDO: Final = N_("Undo: {move}")
# . Said (never shown) for the replay's speed, which its cell writes "½×", "1×", "2×", "4×".
SPOKEN_SPEEDS: Final = {
    0.5: N_("Half speed"),
    1.0: N_("Normal speed"),
    2.0: N_("Twice as fast"),
    4.0: N_("Four times as fast"),
}
IMPORTED_GAMES: Final = N_plural(
    "Includes {n} game from an earlier version, without details.",
    "Includes {n} games from an earlier version, without details.",
)
WIN_RATE_CHART: Final = N_("Win rate, {games}: {rate}")
LAST_N_GAMES: Final = N_plural("last {n} game", "last {n} games")
TIMES_CHART: Final = N_("Winning times")
BEST_SHORT: Final = N_("Best")
MEDIAN_SHORT: Final = N_("Median")
NO_WINS_YET: Final = N_("No wins yet.")
LEVELS_CHART: Final = N_("Games by the level they reached")

# Issue 31 item 1: speech. The setting, then what is only said, never shown: the table's
# changes in words (crescent/i18n/speech.py), built from the screen's own messages above.
# . Setting: the game says aloud what changes on the table (the focus, moves, refusals...).
SPEECH_SETTING: Final = N_("Speech")
# . Said for the arrow of a move ("{card}: {src} → {dst}"): "Pile 10 to Pile 14".
SPOKEN_TO: Final = N_("to")
# . Said: two sentences one after the other ("Redeal. 2 redeals left").
SPOKEN_JOIN: Final = N_("{first}. {then}")
# . Said when the focus reaches a place: "Pile 10, Ace of spades, 6 cards".
SPOKEN_PLACE: Final = N_("{place}, {card}, {count}")
# . Said when the focus reaches an empty place: "Pile 3, empty".
SPOKEN_EMPTY: Final = N_("{place}, empty")
# . Said: how many cards a place holds.
CARDS_N: Final = N_plural("{n} card", "{n} cards")
# . Said for a duration the screen writes "01:06" or "1:02:03" (issue 46 item 1): a
# . clock time's digits are read as a time of day ("one hour six"), these are not.
HOURS_N: Final = N_plural("{n} hour", "{n} hours")
MINUTES_N: Final = N_plural("{n} minute", "{n} minutes")
SECONDS_N: Final = N_plural("{n} second", "{n} seconds")
# . Said: the parts of a duration one after the other ("1 minute", "6 seconds").
SPOKEN_DURATION: Final = N_("{first} {then}")
# . Said when a card is picked up: "Selected: Ace of spades. It can go to: Pile 3, Pile 7".
SPOKEN_SELECTED: Final = N_("Selected: {card}. It can go to: {places}")
# . Said when the card picked up is put down again (Esc, or Enter on it).
SPOKEN_DESELECTED: Final = N_("Selection cleared")
# . Said after a button's name when it cannot be pressed now (Undo with nothing to undo).
SPOKEN_UNAVAILABLE: Final = N_("unavailable")
# . Said when a dialog closes and the table is back (then the place with the focus).
SPOKEN_TABLE: Final = N_("Back to the table")
# . Said when the Hint button turns into Finish: every card left can go home by itself.
SPOKEN_FINISH_READY: Final = N_("The rest plays itself: press Finish, or H")
# . Issue 46 item 2: a deal is said in short (its kind, the redeals left, what can move);
# . the piles on demand (L). Said: the moves that can be played now, each a card, where
# . it is and where it can go ("5 possible moves. 9 of clubs: Pile 3 to Pile 7. …").
SPOKEN_MOVABLE: Final = N_plural("{n} possible move", "{n} possible moves")
# . Said after the first few cards of a summary that can move: how many more, on M.
SPOKEN_MORE: Final = N_plural("{n} more card can move: press M", "{n} more cards can move: press M")
# . The rules screen's last section (the standard game): the keys, then those of speech.
KEYS_HEADING: Final = N_("Keys")
KEYS_PLAY: Final = N_(
    "Tab and the arrows go from place to place; Enter plays the card or presses the "
    "button. U Undo, Ctrl+Y Redo, R Redeal, N New game, H Hint, T the time and what is "
    "left, P Pause, Esc clears the selection or closes, F11 full screen, Ctrl+Q quits."
)
KEYS_SPEECH: Final = N_(
    "With Speech on (Settings): M says the possible moves, L reads every pile and "
    "foundation; Tab says each place."
)
# . Said when no card can move (a redeal may still be left).
SPOKEN_NO_MOVE: Final = N_("No possible move")
# . Said after the first-run tip with speech on: the keys that read the table aloud.
SPOKEN_KEYS: Final = N_(
    "Keys: M says the possible moves, L reads every pile, Tab goes from place to place, "
    "T says the time."
)

# Issue 49 item 3: the Credits screen (from Settings and the rules screen). The names
# of the works and libraries after each label stay as they are.
CREDITS: Final = N_("Credits")
# . Before the card artist's required credit (kept in English, as he wrote it).
CREDITS_CARDS: Final = N_("Card faces")
CREDITS_FONTS: Final = N_("Fonts")
# . Before the list of the libraries the game is built on (Python, pygame-ce, SDL...).
CREDITS_MADE_WITH: Final = N_("Made with")
CREDITS_LICENCES: Final = N_("The licence of each comes with the game, in its licences folder.")
