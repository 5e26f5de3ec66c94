"""Every player-facing sentence (:mod:`.text`) and the translator (:mod:`.translator`)."""
