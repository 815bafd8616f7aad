"""The screens of the client. Importing this package registers every scene with the app (`game.app.SCENES`)."""
from . import (
    battle,
    end,
    handoff,
    help,
    lessons,
    message,
    online,
    online_host,
    orders,
    pause,
    recap,
    replay,
    saves,
    settings,
    setup,
    table,
    title,
)

__all__ = ["battle", "end", "handoff", "help", "lessons", "message", "online", "online_host", "orders", "pause",
           "recap", "replay", "saves", "settings", "setup", "table", "title"]
