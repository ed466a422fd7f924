"""What the web gateway serves over plain HTTP: two pages (the login, the
game) and a fixed list of files -- textual-serve's terminal (textual.js,
xterm.css) and its font, and this package's own script and style.  Nothing
else on the file system is reachable, and nothing is fetched from anywhere
else: the headers (`HEADERS`) forbid the page any other origin."""

from __future__ import annotations

import html
from importlib.resources import files
from pathlib import Path

# Every page may load only what this server serves; textual.js adds its
# styles inline (xterm's), so styles may be inline, scripts may not.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "font-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",  # no-referrer would make a form's Origin "null"
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}

TYPES = {".js": "text/javascript", ".css": "text/css", ".ttf": "font/ttf"}


def static_files() -> dict[str, Path]:
    """The files under /static/, by name: textual-serve's terminal and font
    (from the installed package) and ours."""
    serve = Path(str(files("textual_serve"))) / "static"
    ours = Path(__file__).parent / "static"
    return {
        "textual.js": serve / "js" / "textual.js",
        "xterm.css": serve / "css" / "xterm.css",
        "RobotoMono.ttf": serve / "fonts" / "RobotoMono-VariableFont_wght.ttf",
        "RobotoMono-Italic.ttf": serve / "fonts" / "RobotoMono-Italic-VariableFont_wght.ttf",
        "web.js": ours / "web.js",
        "page.css": ours / "page.css",
    }


def game_page() -> str:
    """The page of a game: textual-serve's terminal, connected by web.js."""
    return """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>whitechapel</title>
<link rel="stylesheet" href="/static/xterm.css">
<link rel="stylesheet" href="/static/page.css">
<script src="/static/web.js"></script>
<script src="/static/textual.js"></script>
</head>
<body>
<div class="dialog-container closed-dialog">
<div class="box"><div id="closed-message">The game has ended.</div>
<button type="button" id="restart">Back to the lobby</button></div>
</div>
<button type="button" id="start">Start</button>
<div id="terminal" class="textual-terminal" data-session-websocket-url="" data-font-size="16"></div>
</body>
</html>
"""


def login_page(*, password: bool, problem: str = "", name: str = "") -> str:
    """The login: a name, and the password when the server asks for one."""
    asked = (
        (
            '<label>Password<input type="password" name="password" required '
            'autocomplete="current-password"></label>'
        )
        if password
        else ""
    )
    shown = f'<div class="problem" role="alert">{html.escape(problem)}</div>' if problem else ""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>whitechapel: log in</title>
<link rel="stylesheet" href="/static/page.css">
</head>
<body>
<div class="dialog-container login">
<form class="box" method="post" action="/login">
<h1>whitechapel</h1>
<div>Jack the Ripper, twice: Mr. Jack Pocket and Letters from Whitechapel.</div>
<label>Your name<input type="text" name="name" maxlength="24" autocomplete="nickname"
 value="{html.escape(name)}" autofocus></label>
{asked}
{shown}
<button type="submit">Play</button>
</form>
</div>
</body>
</html>
"""
