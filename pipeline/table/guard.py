"""The table server's guards, before any route: the Host header must be this machine's name or a
literal IP address (a DNS name that points here — DNS rebinding — is refused); a request whose
Origin or Sec-Fetch-Site says it comes from another site is refused; a POST must be JSON (a
cross-site HTML form cannot send one without the browser asking first)."""

from __future__ import annotations

import ipaddress

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def host_allowed(host_header: str) -> bool:
    """True for this machine's names and literal IP addresses (a DNS name is refused: rebinding)."""
    host = host_header.strip().lower()
    if host.startswith("["):
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    if host in LOOPBACK:
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def guarded(inner, refuse):
    """``inner`` (an ASGI app) behind the guards; ``refuse(key, status, params)`` is the
    response of a refused request (the message ``key`` of the catalogue)."""

    async def guard(scope, receive, send):
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            host = headers.get("host", "")
            problem = None
            if not host_allowed(host):
                problem = ("err.table.host_name", 400, {"host": host[:80]})
            else:
                origin = headers.get("origin")
                site = headers.get("sec-fetch-site", "")
                if origin is not None and origin not in (f"http://{host}", f"https://{host}"):
                    problem = ("err.table.origin", 403, {"origin": origin[:80]})
                elif site in ("cross-site", "same-site"):
                    problem = ("err.table.origin", 403, {"origin": origin or site})
                elif scope["method"] == "POST" and not headers.get("content-type", "").startswith("application/json"):
                    problem = ("err.table.body", 415, {})
            if problem is not None:
                key, status, params = problem
                await refuse(key, status, params)(scope, receive, send)
                return
        await inner(scope, receive, send)

    return guard
