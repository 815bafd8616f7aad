"""The pygame-ce client of Paradise: scenes, rendering, animation and input over the engine's views.

It talks to the engine only through engine's public API and shows only engine.observe() of the player at the
screen (ruling X9). The client is built by the issues that follow the engine's.
"""
