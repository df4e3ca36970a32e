"""The address `make run` prints for phones, with the socket calls faked: nothing is sent."""

import socket

import pytest

from scorekeeper import address


@pytest.fixture
def network(monkeypatch):
    """A fake network: a test sets `.routed` (None: no route) and `.by_hostname` (None:
    the hostname does not resolve)."""

    class Net:
        routed = "192.168.1.20"
        by_hostname = ["127.0.1.1", "192.168.1.20", "10.0.0.7"]
        interfaces: list[str] = ["127.0.0.1"]

    class UDP:
        """The UDP socket whose connect() only picks a route."""

        def __init__(self, family, kind):
            assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def connect(self, target):
            if Net.routed is None:
                raise OSError("Network is unreachable")

        def getsockname(self):
            return (Net.routed, 54321)

    def getaddrinfo(host, port, family=0, *args):
        assert host == "phone-host" and family == socket.AF_INET
        if Net.by_hostname is None:
            raise socket.gaierror("Name or service not known")
        return [(family, socket.SOCK_STREAM, 6, "", (a, 0)) for a in Net.by_hostname]

    monkeypatch.setattr(socket, "socket", UDP)
    monkeypatch.setattr(address, "interface_addresses", lambda: Net.interfaces)
    monkeypatch.setattr(socket, "gethostname", lambda: "phone-host")
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.delenv("NO_QR", raising=False)
    return Net


def test_routed_address_first_then_hostname_ones_without_loopback(network):
    assert address.lan_addresses() == ["192.168.1.20", "10.0.0.7"]


def test_no_route_still_finds_hostname_addresses(network):
    network.routed = None
    assert address.lan_addresses() == ["192.168.1.20", "10.0.0.7"]


def test_unresolvable_hostname_keeps_routed_address(network):
    network.by_hostname = None
    assert address.lan_addresses() == ["192.168.1.20"]


def test_wildcard_host_falls_back_to_loopback_without_network(network):
    network.routed = None
    network.by_hostname = ["127.0.1.1"]
    assert address.hosts("0.0.0.0") == ["127.0.0.1"]


def test_explicit_host_is_printed_as_is(network):
    assert address.hosts("192.168.50.2") == ["192.168.50.2"]
    assert address.url("::1", 8000) == "http://[::1]:8000/"


def test_main_prints_urls_and_qr_code(network, capsys):
    assert address.main(["--host", "0.0.0.0", "--port", "8765"]) == 0
    out = capsys.readouterr().out
    assert "http://192.168.1.20:8765/" in out
    assert "http://10.0.0.7:8765/" in out
    assert "▀" in out or "▄" in out  # the compact terminal QR code


def test_no_qr_leaves_out_the_qr_code(network, capsys, monkeypatch):
    monkeypatch.setenv("NO_QR", "1")
    address.main(["--port", "8000"])
    out = capsys.readouterr().out
    assert "http://192.168.1.20:8000/" in out
    assert "█" not in out and "▀" not in out and "▄" not in out


def test_loopback_only_gets_no_qr_code(network, capsys):
    address.main(["--host", "127.0.0.1", "--port", "8000"])
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8000/" in out
    assert "HOST=0.0.0.0" in out
    assert "█" not in out


def test_a_hotspot_without_mobile_data_is_found_by_its_interface(network):
    # A phone sharing its hotspot, mobile data off: no route out, and Android's hostname
    # names only loopback; the hotspot's interface has the address the others join.
    network.routed = None
    network.by_hostname = ["127.0.0.1"]
    network.interfaces = ["127.0.0.1", "192.168.43.1"]
    assert address.hosts("0.0.0.0") == ["192.168.43.1"]


def test_interfaces_are_asked_only_when_nothing_else_answers(network):
    network.interfaces = ["172.17.0.1"]
    assert "172.17.0.1" not in address.lan_addresses()


def test_this_machines_interfaces_are_read_for_real():
    # Loopback at least, on Linux: the ioctl works here as on Android.
    assert "127.0.0.1" in address.interface_addresses()
