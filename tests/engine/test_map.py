"""The map follows DATA.md's known facts (rules C1, S2, A3, A5) and the Ruleset.map API works."""
from __future__ import annotations

from engine import hexgrid
from engine.hexmap import ISLAND, OCEAN, UNKNOWN


def col(rules, name):
    return rules.map.coords[rules.map.hex_of(name)][0]


def test_C1_tonga_samoa_adjacent_and_fiji_touches_both(rules):
    m = rules.map
    tonga, samoa, fiji = m.hex_of("Tonga"), m.hex_of("Samoa"), m.hex_of("Fiji")
    assert samoa in m.neighbors(tonga)
    assert fiji in m.neighbors(tonga) and fiji in m.neighbors(samoa)
    assert m.distance(tonga, samoa) == 1


def test_C1_homes_are_printed_with_four_green_squares(rules):
    homes = {ig.name: ig for ig in rules.map.islands if ig.home}
    assert set(homes) == {"Tonga", "Samoa"}
    assert all(ig.green == 4 and ig.local_warriors == 0 for ig in homes.values())


def test_C1_every_independent_ig_lies_west_of_tonga_and_samoa(rules):
    west_of = min(col(rules, "Tonga"), col(rules, "Samoa"))
    independents = [ig for ig in rules.map.islands if not ig.home]
    assert len(independents) >= 8
    for ig in independents:
        assert rules.map.coords[ig.hex][0] < west_of, ig.name
        assert 1 <= ig.green + ig.brown <= 4 and 1 <= ig.local_warriors <= 3, ig.name
    for name in ("Fiji", "Bismarck Archipelago", "Solomon Is.", "Santa Cruz", "Vanuatu", "Caroline Is.",
                 "Marshall Is.", "Gilbert Is."):
        assert rules.map.has_name(name) and rules.map.kinds[rules.map.hex_of(name)] == ISLAND


def test_C1_unknown_zone_is_east_of_the_homes(rules):
    m = rules.map
    west_of = min(col(rules, "Tonga"), col(rules, "Samoa"))
    assert all(m.coords[h][0] >= west_of - 3 for h in m.explorable)
    east = sum(1 for h in m.explorable if m.coords[h][0] > west_of)
    assert east > 0.8 * len(m.explorable)


def test_S2_red_setup_hexes(rules):
    m = rules.map
    placed = {t.tile: t for t in m.setup_tiles}
    assert set(placed) == {"Hiva", "Flint Is.", "Niue", "Raiatea"}
    assert placed["Raiatea"].from_players == 4
    assert all(placed[n].from_players == 3 for n in ("Hiva", "Flint Is.", "Niue"))
    samoa, tonga = m.hex_of("Samoa"), m.hex_of("Tonga")
    hiva, flint, niue = placed["Hiva"].hex, placed["Flint Is."].hex, placed["Niue"].hex
    assert m.distance(hiva, samoa) == 5
    assert niue in m.neighbors(tonga)
    assert m.distance(niue, flint) == 2 and m.distance(flint, hiva) == 2
    oceans = [o.hex for o in m.setup_oceans]
    assert len(oceans) == 2 and all(o.from_players == 3 for o in m.setup_oceans)
    between = lambda a, b: [h for h in oceans if a in m.neighbors(h) and b in m.neighbors(h)]  # noqa: E731
    assert len(between(niue, flint)) == 1 and len(between(flint, hiva)) == 1
    for h in (hiva, flint, niue, placed["Raiatea"].hex, *oceans):
        assert m.kinds[h] == UNKNOWN
    # Raiatea lies in the Society Is., east of Niue and toward Flint/Hiva.
    assert m.coords[placed["Raiatea"].hex][0] > m.coords[niue][0]


def test_S2_hiva_and_raiatea_have_home_orientations(rules):
    for t in rules.map.setup_tiles:
        assert 0 <= t.orientation <= 5
    assert {ig.name: ig.orientation for ig in rules.map.islands if ig.home}.keys() == {"Tonga", "Samoa"}


def test_A5_far_east_hexes(rules):
    m = rules.map
    assert len(m.to_south_america) == 2
    for h in (*m.to_south_america, m.galapagos, m.unfortunate, *m.south_america_adjacent):
        assert m.kinds[h] == OCEAN
    for h in m.to_south_america:
        assert any(m.kinds[n] == UNKNOWN for n in m.neighbors(h)), "reachable by pre-move from explored hexes"
    far = max(m.coords[h][0] for h in m.to_south_america)
    assert all(m.coords[h][0] > far for h in m.south_america_adjacent)
    assert m.coords[m.galapagos][0] > far and m.coords[m.unfortunate][0] > far
    assert m.hex_of("Galapagos Islands") == m.galapagos and m.hex_of("Unfortunate Islands") == m.unfortunate


def test_C1_printed_ocean_at_both_edges(rules):
    m = rules.map
    oceans = [m.coords[h][0] for h in range(len(m)) if m.kinds[h] == OCEAN]
    assert min(oceans) == 0 and max(oceans) == m.columns - 1


def test_map_api(rules):
    m = rules.map
    tonga = m.hex_of("Tonga")
    assert m.name_of(tonga) == "Tonga" and m.hex_of(m.labels[tonga]) == tonga
    assert m.labels[tonga] == hexgrid.label(*m.coords[tonga])
    for h in range(len(m)):
        for n in m.neighbors(h):
            assert h in m.neighbors(n) and m.distance(h, n) == 1
    assert m.hex_of("Wake Island") >= 0


def test_hexgrid_directions_are_opposite_pairs():
    for c, r in ((4, 4), (5, 4)):
        for d in range(6):
            assert hexgrid.neighbor(*hexgrid.neighbor(c, r, d), (d + 3) % 6) == (c, r)
            assert hexgrid.distance((c, r), hexgrid.neighbor(c, r, d)) == 1
