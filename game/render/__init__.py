"""Drawing: camera, hex layout and picking, the cached map layers, pieces, HUD and log. Renderers draw from
views and events only (CLIENT.md); tests/game/test_boundaries.py checks that nothing here reads a GameState."""
