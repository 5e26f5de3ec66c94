"""The table's aids, each a part of its own (docs/ARCHITECTURE.md, "The table's parts").

The table scene (:mod:`crescent.ui.table`) turns input into moves on the session and
animates them; everything it offers besides is a part here, told of each change of
the game (:meth:`Part.changed`), with its own update, wake time and, where it shows
something, its drawing: the sentence over the table (:mod:`.banner`), speech
(:mod:`.voice`), hints (:mod:`.hints`), "Still winnable?" (:mod:`.winnable`), Finish
(:mod:`.finish`), "Safe moves home" (:mod:`.safe`), the redeal pointer
(:mod:`.pointer`), the end dialogs (:mod:`.ends`) and the pause (:mod:`.pause`). Each
takes only what it uses, so that a test builds it alone, with no display.
"""
