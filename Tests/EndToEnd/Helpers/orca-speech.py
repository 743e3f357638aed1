#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Orca 43 as a test's screen reader: started in-process with no speech synthesizer, every
utterance written to SPEECH_LOG as it is said ("SPEECH OUTPUT: '…'", one line each, flushed).

usage: orca-speech.py SPEECH_LOG PREFS_DIR [DEBUG_LOG]
PREFS_DIR holds Orca's user-settings.conf. Orca's speech module logs each utterance to the
"speech" logger before it looks for a speech server (orca/speech.py, _speak), so with
speech-dispatcher's module blocked nothing is spoken aloud and everything is still logged.
Orca 43's own --debug-file is block-buffered; a logging handler flushes each line.
"""
import logging
import sys

sys.modules["speechd"] = None  # no speech-dispatcher: Orca says "SPEECH: Not available"
speech_log, prefs_dir = sys.argv[1], sys.argv[2]

from orca import debug  # noqa: E402

if len(sys.argv) > 3:
    debug.debugLevel = debug.LEVEL_ALL
    debug.eventDebugLevel = debug.LEVEL_OFF
    debug.debugFile = open(sys.argv[3], "w", buffering=1)

from orca import orca, speech  # noqa: E402,F401  (speech makes the "speech" logger)

handler = logging.FileHandler(speech_log)
handler.setFormatter(logging.Formatter("%(message)s"))
logging.getLogger("speech").addHandler(handler)

manager = orca.getSettingsManager()
manager.activate(prefs_dir, {})
sys.path.insert(0, manager.getPrefsDir())
sys.exit(orca.main())
