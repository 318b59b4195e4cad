"""Counter artwork: side colours, unit symbols and text really end up in the pixels."""
from __future__ import annotations

from pathlib import Path

from PIL import Image

from builder.artwork import badge_size
from builder.cache import ImageCache
from builder.counters import (
    COUNTER_SIZE,
    BackArt,
    CounterArt,
    MarkerArt,
    png_bytes,
    render_back,
    render_counter,
    render_marker,
    side_colours,
)
from builder.pieces import badge_layers
from gamedata.systems import Symbol, profile_for, symbol_for
from gamedata.load import load_game

UNION = side_colours("Union")
CONFEDERATE = side_colours("Confederate")


def _ink_pixels(image: Image.Image, box: tuple[int, int, int, int], background: tuple[int, int, int]) -> int:
    region = image.crop(box)
    return sum(1 for x in range(region.width) for y in range(region.height) if region.getpixel((x, y)) != background)


def test_type_codes_printed_in_the_rulebooks_map_to_their_symbols() -> None:
    # Hood Strikes North TYPE column (digest 1.6) and Into the Woods unit names (digest 1.7)
    assert symbol_for("Inf") is Symbol.INFANTRY
    assert symbol_for("Cav") is Symbol.CAVALRY
    assert symbol_for("Ldr") is Symbol.LEADER
    assert symbol_for("Wag") is Symbol.WAGON
    assert symbol_for("Bty") is Symbol.ARTILLERY
    assert symbol_for("Gunboat") is Symbol.GUNBOAT
    assert symbol_for("—") is Symbol.OTHER


def test_sides_get_distinct_colours_at_the_counter_edge() -> None:
    union = render_counter(CounterArt(UNION, Symbol.INFANTRY, "17 IL", "3/1/T", "7"))
    rebel = render_counter(CounterArt(CONFEDERATE, Symbol.INFANTRY, "6 MS", "2/1/3", "6"))
    assert union.size == (COUNTER_SIZE, COUNTER_SIZE)
    assert union.getpixel((3, COUNTER_SIZE // 2)) == UNION.fill
    assert rebel.getpixel((3, COUNTER_SIZE // 2)) == CONFEDERATE.fill
    assert UNION.fill != CONFEDERATE.fill


def test_name_command_and_strength_are_drawn_where_expected() -> None:
    full = render_counter(CounterArt(UNION, Symbol.CAVALRY, "1 MS a Cav", "2/1", "4"))
    bare = render_counter(CounterArt(UNION, Symbol.CAVALRY, "", "", ""))
    size = COUNTER_SIZE
    command_area = (2, 1, size - 2, size * 22 // 100)
    name_area = (2, size * 50 // 100, size - 2, size * 68 // 100)
    values_area = (2, size * 71 // 100, size - 2, size - 2)
    for area in (command_area, name_area, values_area):
        assert _ink_pixels(full, area, UNION.fill) > 20
        assert _ink_pixels(bare, area, UNION.fill) == 0


def test_unknown_strength_leaves_the_value_line_empty() -> None:
    leader = render_counter(CounterArt(CONFEDERATE, Symbol.LEADER, "Beauregard", "AoM", ""))
    size = COUNTER_SIZE
    assert _ink_pixels(leader, (2, size * 71 // 100, size - 2, size - 2), CONFEDERATE.fill) == 0


def test_back_side_overlay_darkens_the_counter_and_names_the_state() -> None:
    front = render_counter(CounterArt(UNION, Symbol.INFANTRY, "17 IL", "3/1/T", "7"))
    overlay = render_back(BackArt("DISORDERED"))
    assert overlay.mode == "RGBA" and overlay.size == front.size
    flipped = Image.alpha_composite(front.convert("RGBA"), overlay).convert("RGB")
    corner = flipped.getpixel((3, COUNTER_SIZE - 4))
    assert all(c < f for c, f in zip(corner, UNION.fill))                 # darker field
    assert flipped.getpixel((2, COUNTER_SIZE * 30 // 100)) == (200, 30, 30)   # banner
    banner = flipped.crop((4, COUNTER_SIZE * 25 // 100, COUNTER_SIZE - 4, COUNTER_SIZE * 43 // 100))
    assert _ink_pixels(banner, (0, 0, banner.width, banner.height), (200, 30, 30)) > 20   # its text
    name_area = (2, COUNTER_SIZE * 50 // 100, COUNTER_SIZE - 2, COUNTER_SIZE * 68 // 100)
    assert _ink_pixels(flipped, name_area, tuple(int(c * 175 / 255) for c in UNION.fill)) > 20  # name shows


def test_symbols_differ_from_each_other() -> None:
    drawn = {
        symbol: png_bytes(render_counter(CounterArt(UNION, symbol, "X")))
        for symbol in Symbol
    }
    assert len(set(drawn.values())) == len(Symbol)


def test_marker_text_is_drawn() -> None:
    marker = render_marker(MarkerArt("Fatigue\n2", (230, 200, 60)))
    assert _ink_pixels(marker, (4, 4, COUNTER_SIZE - 4, COUNTER_SIZE - 4), (230, 200, 60)) > 50


def test_png_bytes_are_deterministic_and_cached(tmp_path) -> None:
    art = CounterArt(UNION, Symbol.ARTILLERY, "Munch Bty a", "1/6/T", "1")
    first = png_bytes(render_counter(art))
    assert first == png_bytes(render_counter(art))
    cache = ImageCache(tmp_path)
    assert cache.get(art) is None
    cache.put(art, first)
    assert ImageCache(tmp_path).get(art) == first
    assert ImageCache(tmp_path).get(CounterArt(UNION, Symbol.ARTILLERY, "Munch Bty b", "1/6/T", "1")) is None


def test_a_cache_entry_cut_short_is_drawn_again(tmp_path) -> None:
    """Cache entries are renamed into place without a flush to disk: after a crash one may be
    short, and must then be redrawn, never zipped into a module."""
    art = CounterArt(UNION, Symbol.INFANTRY, "12 IA", "1/6/T", "4")
    whole = png_bytes(render_counter(art))
    cache = ImageCache(tmp_path)
    cache.put(art, whole)
    entry = next(tmp_path.glob("*.png"))
    entry.write_bytes(whole[: len(whole) // 2])
    assert ImageCache(tmp_path).get(art) is None
    entry.write_bytes(whole)
    assert ImageCache(tmp_path).get(art) == whole


def test_every_status_badge_of_an_atlanta_counter_has_its_own_place() -> None:
    """Atlanta's game.toml lists 24 statuses (22 CWB ones, attacking and defending: 23 badges on
    an artillery counter, besides the Wrecked back side): no two badges of one counter may cover
    each other, however wide their text makes them."""
    game = load_game(Path(__file__).resolve().parents[1] / "sources" / "atlanta")
    profile = profile_for(game)
    for symbol in Symbol:
        layers = badge_layers(profile, symbol)
        sizes = [badge_size(l) for l in profile.layers if not l.back_side and l.applies_to(symbol)]
        boxes = [(l.x_offset - w / 2, l.y_offset - h / 2, l.x_offset + w / 2, l.y_offset + h / 2)
                 for l, (w, h) in zip(layers, sizes)]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (symbol, a, b)
    assert len(badge_layers(profile, Symbol.ARTILLERY)) == 23
    # The counter's five rows hold the first eight: Line|Column, Mounted|Limbered, Unlimbered
    # and Breastworks a row each (too wide for half a counter), Trenches|Extended.
    on_counter = [l.name for l in badge_layers(profile, Symbol.ARTILLERY)
                  if abs(l.y_offset) + 8 <= COUNTER_SIZE / 2]
    assert on_counter == ["Line", "Column", "Mounted", "Limbered", "Unlimbered", "Breastworks", "Trenches", "Extended"]


