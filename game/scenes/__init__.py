"""One module per scene: title, setup, table, hand-off, end, settings."""
