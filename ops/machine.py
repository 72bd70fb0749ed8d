"""Facts about the machine the venue server runs on: its addresses and a kept secret key.

Plain Python, read by the venue settings before Django is set up, so no Django imports here.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import struct
import sys
from pathlib import Path

LOOPBACK = ("localhost", "127.0.0.1", "[::1]")
SIOCGIFADDR = 0x8915  # Linux ioctl: an interface's IPv4 address


def _interface_ipv4() -> list[str]:
    """Every IPv4 address of this machine's interfaces (Linux), without sending a packet."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl  # noqa: PLC0415 - Unix only

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            with contextlib.suppress(OSError):
                reply = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, request)
                found.append(socket.inet_ntoa(reply[20:24]))
    return found


def machine_addresses() -> list[str]:
    """This machine's host names and IP addresses, loopback first, without duplicates."""
    names = [*LOOPBACK]
    hostname = socket.gethostname()
    names += [hostname, socket.getfqdn()]
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(hostname, None):
            address = info[4][0]
            names.append(f"[{address}]" if ":" in address else address)
    names += _interface_ipv4()
    return list(dict.fromkeys(n for n in names if n))


def lan_address() -> str | None:
    """The address players on the venue's network should use: the first private IPv4 one."""
    for address in machine_addresses():
        parts = address.split(".")
        if len(parts) == 4 and all(p.isdigit() for p in parts) and not address.startswith("127."):
            return address
    return None


def kept_secret_key(folder: Path) -> str:
    """The secret key stored in `folder`, made on first use (readable by this user only).

    Several worker processes may start at once: each writes a candidate to a file of its own
    and links it into place, which succeeds for exactly one, so every process reads the same
    whole key.
    """
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "secret_key"
    if not path.exists():
        candidate = folder / f".secret_key.{os.getpid()}.{secrets.token_hex(8)}"
        fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(50))
        try:
            os.link(candidate, path)
        except FileExistsError:
            pass  # another process won the race; its key is the one
        finally:
            candidate.unlink()
    key = path.read_text().strip()
    if len(key) < 50:
        raise RuntimeError(f"{path} holds no usable secret key; delete it to make a new one.")
    return key
