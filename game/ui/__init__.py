"""Widgets that keyboard and controller can focus: buttons, toggles, choices, text fields, lists."""
