"""Settings: a placeholder until the settings issue (speed, language, controls, accessibility)."""
from __future__ import annotations

from ..app import App
from .message import MessageScene


class SettingsScene(MessageScene):
    def __init__(self, app: App):
        super().__init__(app, "Settings", "Speed, language, controls and display settings arrive in a later "
                         "version. For now, start the game with --speed slow/normal/fast/instant, --size WxH or "
                         "--fullscreen.")
