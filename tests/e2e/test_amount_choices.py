"""An amount with few values is offered as buttons or a select, not a form to type in (issue 26:
20 form submits in 80 Rage actions, even for a bid of 0–1); a wide range keeps the form."""

from __future__ import annotations

from cogs.ui import layout, paging
from games.core.views import AskAmount, Choice

PASS = Choice("pass", "Pass")


def _components(prompt: tuple[object, ...]) -> list[dict[str, object]]:
    view = layout.prompt_view(7, 3, paging.sorted_prompt(prompt, (), "suit"))  # type: ignore[arg-type]
    assert view is not None
    return [item.to_component_dict() for item in view.children]  # type: ignore[attr-defined]


def test_a_bid_of_zero_to_three_is_four_buttons() -> None:
    shown = _components((AskAmount("bid", "Your bid: tricks you will take (0–3)", 0, 3),))
    assert [c["label"] for c in shown] == ["0", "1", "2", "3"]
    assert [c["custom_id"] for c in shown] == [f"cr:a:7:3:bid:{n}" for n in range(4)]


def test_a_bid_of_thirteen_to_thirty_is_one_select_of_its_values() -> None:
    shown = _components((PASS, AskAmount("bid", "Bid (13–30 dollars)", 13, 30)))
    (select,) = [c for c in shown if c["type"] == 3]
    assert select["placeholder"] == "Bid (13–30 dollars)"
    assert [o["value"] for o in select["options"]] == [f"bid:{n}" for n in range(13, 31)]  # type: ignore[union-attr]
    assert not any(str(c.get("custom_id", "")).startswith("cr:m:") for c in shown)  # no form


def test_a_wide_range_keeps_the_form() -> None:
    shown = _components((PASS, AskAmount("raise", "Raise (2–500 chips)", 2, 500)))
    assert any(str(c.get("custom_id", "")).startswith("cr:m:7:3:raise") for c in shown)
