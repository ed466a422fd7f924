"""The SSH gateway (`whitechapel serve --ssh`): players log in with `ssh`
and get the app's lobby of the game server on a terminal of their own.

It sits above the app, which it runs for each session, and beside the game
server, which it reaches like any client (`net/`, which imports nothing
from here).  The only package that needs asyncssh.

- `ssh.py`         the SSH server: authentication, one session a connection
- `session.py`     one session: the client's requests checked, the bytes
                   between channel and pty bounded (`limits.py`)
- `hosts.py`       where the sessions' apps run: session hosts, forked from
- `forkserver.py`  the pre-imported fork server (`wire.py`: what they say)
- `sessionhost.py` many sessions' apps in one process, each on its pty
                   (`driver.py`), under a guard (`guard.py`)
- `sessionapp.py`  the app of one session; `serve.py` `whitechapel serve`
"""

import warnings

# asyncssh names cryptography's DSA key types when it is imported, and
# cryptography warns that DSA is deprecated: a line per name on the
# operator's terminal before the server's first useful line.  The warning
# is about the library, not about this server; it is silenced for
# asyncssh's modules only.
warnings.filterwarnings("ignore", message="DSA is deprecated", module=r"asyncssh(\.|$)")
