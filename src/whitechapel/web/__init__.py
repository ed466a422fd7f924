"""The web gateway (`whitechapel web`): browsers get the lobby of a game
server, each page a player exactly like an SSH session -- the same app, in
the same session hosts, under the same bounds.

It sits above the app, like `gateway/`, whose session hosts and bounds it
uses; `net/` and `gateway/` import nothing from here.  The only package
that needs aiohttp and textual-serve (the `web` extra).

- `server.py`   the HTTP side: Host and Origin checks, the login, the caps,
                each page's websocket and its messages checked
- `gate.py`     the front door: each connection admitted or closed at once,
                and cut past its deadlines
- `proxy.py`    who a request comes from behind a trusted reverse proxy
- `session.py`  one browser session: its app on a pty in a session host,
                the page attached, dropped and attached again
- `pages.py`    the two pages, the files served, the headers
- `serve.py`    `whitechapel web`
"""
