"""Who a request comes from when the web gateway is behind a reverse proxy
(`--trusted-proxy`): the client's address, whether it reached the proxy
over HTTPS, and the Host it asked for.

Behind a proxy every TCP connection comes from the proxy, so the proxy's
headers are the only way to tell its clients apart.  They are believed only
from a peer named as a trusted proxy (an address or a network); from any
other peer they are ignored entirely, whatever they say.

- The client's address: `X-Forwarded-For`'s rightmost address that is not
  itself a trusted proxy (each proxy appends the address it was reached
  from, so whatever a client wrote itself is further left and never read);
  without it, RFC 7239 `Forwarded`'s `for=` read the same way.
- HTTPS: `X-Forwarded-Proto: https` (or `Forwarded`'s `proto=https`) makes
  the login's cookie `Secure`.
- The Host: `X-Forwarded-Host` (or `Forwarded`'s `host=`) is the Host the
  browser asked for, checked as the Host and the Origin of a request are.

A header that a trusted proxy sends malformed (garbage, a `for=` that is
`unknown` or obfuscated, too many hops to walk) leaves the proxy's own
address as the client's, with a problem to log (`Client.problem`).
"""

from __future__ import annotations

import ipaddress
import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from whitechapel.core.errors import WhitechapelError

MAX_HOPS = 32  # proxies walked back through, at most, to find the client
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

# RFC 7239: forwarded-pair = token "=" ( token / quoted-string ), pairs joined
# by ";", elements by ",".
_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_PAIR = re.compile(
    rf'[ \t]*({_TOKEN})[ \t]*=[ \t]*(?:({_TOKEN})|"((?:[^"\\]|\\.)*)")[ \t]*(;|,|\Z)'
)
_SKIP = re.compile(r'(?:[^,"]|"(?:[^"\\]|\\.)*"?)*,?')  # the rest of an element, quotes and all
_EMPTY = re.compile(r"[ \t]*,")
_BLANK = re.compile(r"[ \t]*\Z")
_ESCAPED = re.compile(r"\\(.)")
_PORT = re.compile(r"[0-9]{1,5}")


class Headers(Protocol):
    """A request's headers, a name's values each (aiohttp's `CIMultiDictProxy`)."""

    def getall(self, key: str, default: list[str]) -> list[str]: ...


@dataclass(frozen=True)
class Client:
    """Who a request comes from: `address` (the peer's, or the client's
    behind a trusted proxy), whether it came over HTTPS (`secure`), the
    Host it asked for when a proxy says so (`host`, else None: the
    request's Host header is), and what was wrong with a trusted proxy's
    headers, if anything (`problem`)."""

    address: str
    secure: bool = False
    host: str | None = None
    problem: str | None = None


def ip(text: str | None) -> str | None:
    """The address in a forwarded value -- `192.0.2.7`, `192.0.2.7:4711`,
    `2001:db8::1`, `[2001:db8::1]`, `[2001:db8::1]:4711` -- as a plain
    address; None for anything else (`unknown`, `_hidden`, a name, garbage)."""
    if not text:
        return None
    text = text.strip()
    bracketed = text.startswith("[")
    if bracketed:
        inside, closed, rest = text[1:].partition("]")
        if not closed or (rest and not (rest[0] == ":" and _PORT.fullmatch(rest[1:]))):
            return None
        text = inside
    elif text.count(":") == 1:  # an IPv4 address and a port
        text, _, port = text.partition(":")
        if not _PORT.fullmatch(port):
            return None
    if len(text) > 45 or "%" in text:
        return None
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
    elif bracketed:
        return None
    return str(address)


def forwarded_elements(value: str) -> tuple[list[dict[str, str] | None], bool]:
    """RFC 7239 `Forwarded` as its elements, the last `MAX_HOPS` + 1 of them
    (each a dict of its pairs, names in lower case; None for one that is
    not well formed, a name twice included), and whether earlier ones were
    left out."""
    kept: deque[dict[str, str] | None] = deque(maxlen=MAX_HOPS + 1)
    seen = 0
    pos, end = 0, len(value)
    while pos < end:
        empty = _EMPTY.match(value, pos)
        if empty:
            pos = empty.end()
            continue
        if _BLANK.match(value, pos):
            break
        element: dict[str, str] | None = {}
        while element is not None:
            pair = _PAIR.match(value, pos)
            if pair is None:  # not well formed: the element is skipped, quotes and all
                skip = _SKIP.match(value, pos)
                pos = skip.end() if skip and skip.end() > pos else end
                element = None
                break
            name, token, quoted, after = pair.groups()
            pos = pair.end()
            if name.lower() in element:  # each at most once an element (RFC 7239, 4)
                element = None
                if after == ";":
                    skip = _SKIP.match(value, pos)
                    pos = skip.end() if skip and skip.end() > pos else end
                break
            element[name.lower()] = token if token is not None else _ESCAPED.sub(r"\1", quoted)
            if after != ";":
                break
        kept.append(element)
        seen += 1
    return list(kept), seen > len(kept)


class Proxies:
    """The trusted proxies (`--trusted-proxy`): addresses or networks
    ("127.0.0.1", "10.0.0.0/8", "::1")."""

    def __init__(self, trusted: Iterable[str] = ()) -> None:
        self.networks: tuple[Network, ...] = tuple(_network(text) for text in trusted)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, address: str) -> bool:
        """Whether `address` is a trusted proxy's."""
        plain = ip(address)
        if plain is None or not self.networks:
            return False
        host = ipaddress.ip_address(plain)
        return any(host in network for network in self.networks)

    def exempt(self, key: str) -> bool:
        """Whether an address as the door counts it (`address_key`: an
        address, or an IPv6 /64) holds a trusted proxy."""
        if not self.networks:
            return False
        try:
            counted = ipaddress.ip_network(key, strict=False)
        except ValueError:
            return False
        return any(
            counted.version == network.version and counted.overlaps(network)
            for network in self.networks
        )

    def client(self, peer: str, headers: Headers) -> Client:
        """Who a request from `peer` with `headers` comes from."""
        if not self.trusts(peer):
            return Client(peer)
        chain = _joined(headers, "X-Forwarded-For")
        if chain is None:
            forwarded = _joined(headers, "Forwarded")
            if forwarded is not None:
                return self._forwarded(peer, forwarded)
        address, hops, problem = peer, 0, None
        if chain is not None:
            entries, cut = _last(chain)
            found = self._walk([ip(entry) for entry in entries], cut)
            if isinstance(found, str):
                problem = f"X-Forwarded-For {chain[:80]!r}: {found}"
            else:
                address, hops = found
        proto = _value(_joined(headers, "X-Forwarded-Proto"), hops)
        host = _value(_joined(headers, "X-Forwarded-Host"), hops)
        return Client(address, (proto or "").lower() == "https", host or None, problem)

    def _forwarded(self, peer: str, value: str) -> Client:
        elements, cut = forwarded_elements(value)
        reached = elements
        found = self._walk([ip((e or {}).get("for")) for e in elements], cut)
        if not isinstance(found, str):
            reached = elements[len(elements) - 1 - found[1] :]
        if any(element is None for element in reached):  # whose element is whose is unknown
            return Client(peer, problem=f"Forwarded {value[:80]!r}: not RFC 7239's")
        if isinstance(found, str):
            # A proxy that hides its client (`for=unknown`, `for=_hidden`):
            # its own address, and what it says of the request.
            element, address, problem = (
                elements[-1] or {},
                peer,
                f"Forwarded {value[:80]!r}: {found}",
            )
        else:
            element, address, problem = reached[0] or {}, found[0], None
        proto = element.get("proto", "").lower()
        return Client(address, proto == "https", element.get("host") or None, problem)

    def _walk(self, addresses: list[str | None], cut: bool) -> tuple[str, int] | str:
        """The client among the hops (the nearest last; `cut`: earlier ones
        left out): the rightmost address that is not a trusted proxy's, and
        how many trusted ones were passed to reach it; or what is wrong."""
        furthest = "no address"
        for hops, address in enumerate(reversed(addresses)):
            if address is None:
                return "not an address where the client's should be"
            if not self.trusts(address):
                return address, hops
            furthest = address
        if cut:
            return f"more than {MAX_HOPS} trusted proxies"
        if not addresses:
            return furthest
        return furthest, len(addresses) - 1  # proxies all the way: the furthest


def _network(text: str) -> Network:
    try:
        return ipaddress.ip_network(text.strip().strip("[]"), strict=False)
    except ValueError:
        raise WhitechapelError(
            f"a trusted proxy is an address or a network (127.0.0.1, 10.0.0.0/8, ::1), not {text!r}"
        ) from None


def _joined(headers: Headers, name: str) -> str | None:
    """A header's values as one list (a header sent twice is one list,
    RFC 9110), None when it is not sent."""
    values = headers.getall(name, [])
    return ", ".join(values) if values else None


def _last(chain: str) -> tuple[list[str], bool]:
    """The last entries of a comma-separated list, at most `MAX_HOPS` + 1,
    and whether earlier ones were left out."""
    entries = chain.rsplit(",", MAX_HOPS)
    if len(entries) > MAX_HOPS and "," in entries[0]:
        return entries[1:], True
    return entries, False


def _value(joined: str | None, hops: int) -> str | None:
    """The value an X-Forwarded-Proto or -Host list holds for the proxy the
    client reached: each proxy appends one, so `hops` from the right (the
    first when there are fewer)."""
    if joined is None:
        return None
    return joined.rsplit(",", hops)[0].rsplit(",", 1)[-1].strip()
