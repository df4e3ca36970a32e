"""Print the address phones on the same network can open, with a QR code of it.

``make run`` runs ``python -m scorekeeper.address --host HOST --port PORT`` just before
waitress starts. NO_QR=1 in the environment leaves out the QR code.
"""

import argparse
import ipaddress
import os
import socket
import struct
import sys

import segno

# Hosts that make waitress listen on every interface: phones need a real address instead.
WILDCARD_HOSTS = {"0.0.0.0", "::", ""}

# Any address outside this machine will do: connecting a UDP socket sends nothing, it only
# makes the kernel choose the route, and so the local address, it would send from.
_PROBE = ("10.254.254.254", 1)


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_unspecified)


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses, the one on the default route first."""
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            found.append(probe.getsockname()[0])
    except OSError:
        pass  # no route at all (no network): the hostname may still know an address
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        found += [info[4][0] for info in infos]
    except OSError:
        pass  # the hostname does not resolve (gaierror is an OSError)
    # Debian maps the hostname to 127.0.1.1, hence the filter after the lookup.
    usable = [a for a in found if _usable(a)]
    if not usable:
        # No route out and a hostname that names only loopback: a phone sharing its
        # hotspot with mobile data off (Termux, docs/phone-host.md). Its hotspot's
        # interface still has an address.
        usable = [a for a in interface_addresses() if _usable(a)]
    return list(dict.fromkeys(usable))


SIOCGIFADDR = 0x8915  # Linux (and Android): an interface's IPv4 address


def interface_addresses() -> list[str]:
    """The IPv4 address of each network interface that has one (Linux and Android; none
    elsewhere)."""
    try:
        import fcntl

        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):
        return []
    found = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for name in names:
                request = struct.pack("256s", name[:15].encode())
                try:
                    answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)
                except OSError:
                    continue  # no IPv4 address on this one
                found.append(socket.inet_ntoa(answer[20:24]))
    except OSError:
        return found
    return found


def hosts(host: str) -> list[str]:
    """The hosts to print for a server listening on ``host``, the best one first."""
    if host in WILDCARD_HOSTS:
        return lan_addresses() or ["127.0.0.1"]
    return [host]


def url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def qr_wanted() -> bool:
    return os.environ.get("NO_QR", "") in ("", "0")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scorekeeper.address", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)

    found = hosts(args.host)
    print("Hand Scorekeeper serving on:")
    for host in found:
        print(f"  {url(host, args.port)}")
    if is_loopback(found[0]):
        # A phone would open its own loopback: no QR code, say how to reach phones instead.
        if args.host in WILDCARD_HOSTS:
            print("No network address found: only this machine can open the app.")
        else:
            print("Only this machine can open that; HOST=0.0.0.0 lets phones in.")
    elif qr_wanted():
        print("Scan it with a phone on the same network (NO_QR=1 leaves this out):")
        segno.make(url(found[0], args.port)).terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
