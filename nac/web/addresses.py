"""Where `nac serve` listens and who may use it: loopback or not, the address to open, the
warning for an address others can reach, and the checks of a request's origin and host name."""

from __future__ import annotations

DEFAULT_HOST = "127.0.0.1"
WILDCARD_HOSTS = frozenset({"", "0.0.0.0", "::"})


def is_loopback(host: str) -> bool:
    """Whether `host` names this machine only: localhost or a loopback address (no lookup)."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    import ipaddress

    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def browser_url(host: str, port: int) -> str:
    """The address to open in a browser on this machine."""
    if host in WILDCARD_HOSTS:
        host = "::1" if host == "::" else "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def exposure_warning(host: str, port: int) -> str | None:
    """What listening on `host` exposes, if it is not this machine only."""
    if is_loopback(host):
        return None
    where = "any network this machine is on" if host in WILDCARD_HOSTS else host
    return (
        f"nac: warning: listening on {host or '*'}:{port}, not on this machine only: anyone who "
        f"can reach {where} can open games here, each a process on this machine, without a "
        "password and unencrypted; they cannot read or write your files."
    )


def same_origin(origin: str | None, scheme: str, host: str) -> bool:
    """A browser says where a page came from; a page from elsewhere may not start games."""
    return origin is None or origin == f"{scheme}://{host}"


def allowed(
    origin: str | None, scheme: str, host: str, *, loopback_only: bool, public_name: str = ""
) -> bool:
    """Whether a request (its Origin header, its scheme and Host header) may have a page, a
    game's screen or online play: from this server's own page (or no page: a terminal), and
    on a loopback address only by this machine's names or the reverse proxy's `public_name`
    (not another name pointed here: DNS rebinding)."""
    if not same_origin(origin, scheme, host):
        return False
    name = host_name(host)
    return not loopback_only or is_loopback(name) or (bool(public_name) and name == public_name)


def host_name(host_header: str) -> str:
    """The name in a Host header: `127.0.0.1` from `127.0.0.1:8000`, `::1` from `[::1]:80`."""
    from urllib.parse import urlsplit

    return urlsplit(f"//{host_header}").hostname or ""
