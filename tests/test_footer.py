"""KeyFooter (ui/widgets/footer.py): the footer shows the keys that work now,
and is rebuilt only when they change."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Label
from textual.widgets._footer import FooterKey

import settle
from whitechapel.ui.widgets.footer import KeyFooter


class Keys(Screen):
    BINDINGS = [Binding("r", "turn", "Rotate"), Binding("x", "other", "Other")]
    can_turn = True

    def compose(self) -> ComposeResult:
        yield Label("board")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return (
            (True if self.can_turn else None) if action == "turn" else True
        )  # None: shown, disabled

    def action_turn(self) -> None:
        pass

    def action_other(self) -> None:
        pass


def shown(app: App) -> list[FooterKey]:
    return list(app.screen.query_one(Footer).query(FooterKey))


async def test_the_footer_keeps_its_keys_until_they_change_then_shows_the_new_ones():
    app = App()
    async with app.run_test(size=(80, 10)) as pilot:
        await app.push_screen(Keys())
        await settle.settle(pilot)
        before = shown(app)
        assert [k.description for k in before][:2] == ["Rotate", "Other"]
        app.screen.refresh_bindings()  # nothing changed: the same widgets stay
        await settle.settle(pilot)
        assert shown(app) == before
        app.screen.can_turn = False  # Rotate no longer works: the footer says so
        app.screen.refresh_bindings()
        await settle.settle(pilot)
        after = shown(app)
        assert after != before
        assert [k.description for k in after if not k.has_class("-disabled")][:1] == ["Other"]
