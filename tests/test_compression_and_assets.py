"""Answers go compressed to clients that take gzip, and static files under addresses that
carry a digest of their content, kept by phones for a year (issue 12: "The server does not
compress and sends static files no-cache")."""

from __future__ import annotations

import gzip
import re

import pytest

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.mark.parametrize("path", ["/", "/new", "/referee", "/api/v1/rules",
                                  "/api/v1/openapi.json"])
def test_pages_and_json_are_gzipped_for_clients_that_take_it(client, path):
    plain = client.get(path)
    packed = client.get(path, headers=GZIP)
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < 0.6 * len(plain.data)


def test_nothing_is_gzipped_for_a_client_that_does_not_ask(client):
    response = client.get("/")
    assert "Content-Encoding" not in response.headers
    assert "Accept-Encoding" in response.headers["Vary"]


def test_a_not_modified_answer_stays_empty(client, played):
    first = client.get(f"/games/{played}/sheet", headers=GZIP)
    again = client.get(f"/games/{played}/sheet",
                       headers=GZIP | {"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def _static_links(client) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', client.get("/").text)


def test_every_static_link_carries_the_digest_of_its_file(client):
    links = _static_links(client)
    assert links and all(re.search(r"\?v=[0-9a-f]{12}$", link) for link in links)


def test_a_versioned_static_file_is_kept_a_year_and_gzipped(client):
    for link in _static_links(client):
        if link.split("?")[0].endswith(".png"):  # compressed already: sent as it is
            with client.get(link, headers=GZIP) as image:
                assert image.headers["Cache-Control"] == ("public, max-age=31536000, "
                                                          "immutable")
                assert "Content-Encoding" not in image.headers
            continue
        response = client.get(link, headers=GZIP)
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["Content-Encoding"] == "gzip"
        with client.get(link.split("?")[0]) as plain:  # a file answer: close it after
            assert gzip.decompress(response.data) == plain.data


@pytest.mark.parametrize("query", ["", "?v=000000000000"])
def test_a_static_file_asked_without_its_digest_is_checked_again(client, query):
    with client.get(f"/static/style.css{query}") as response:
        assert response.status_code == 200
        assert "immutable" not in response.headers.get("Cache-Control", "")
