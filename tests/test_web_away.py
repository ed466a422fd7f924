"""A browser player who closes the page: the opponent is told (Pocket
tester QG, round 17: "when the browser player closed the tab, the other
side still only saw 'Waiting for Jack…' after 1½ minutes, and the lobby
showed no '(away)'")."""

from __future__ import annotations

from test_web import Page, client, log_in, web  # noqa: F401  (the fixture)


async def test_a_closed_page_leaves_its_seat_away_and_the_opponent_is_told(web):  # noqa: F811
    async with client() as ann, client("127.0.0.2") as bob:
        await log_in(ann, web, "Ann")
        await log_in(bob, web, "Bob")
        a = await Page.open(ann, web)
        await a.wait_for("Connected.")
        await a.keys("n")  # a new Pocket duel: Ann takes the first seat
        await a.wait_for("Action tokens")
        b = await Page.open(bob, web)
        await b.wait_for("Connected.")
        await b.keys("r", "\r")  # the lobby's list anew; Enter joins the room
        await b.wait_for("Action tokens")
        await a.ws.close()  # the tab is closed
        await b.wait_for("disconnected", timeout=30)


def test_a_closed_pages_seat_is_away_within_seconds_by_default():
    """The default wait for a page to come back is a reload's or a network
    blip's, not a minute of the opponent's: QG waited 1½ minutes."""
    from whitechapel.gateway.limits import WebLimits

    assert WebLimits().reconnect_grace <= 15
