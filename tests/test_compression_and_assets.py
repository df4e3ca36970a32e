"""Answers go compressed to clients that take gzip, and static files under addresses that
carry a digest of their content, kept by phones for a year (issue 12: "The server does not
compress and sends static files no-cache")."""

from __future__ import annotations

import gzip
import re

import pytest

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
# A browser that takes gzip but not brotli (static files are offered in brotli first).
GZIP_ONLY = {"Accept-Encoding": "gzip, deflate"}


@pytest.mark.parametrize("path", ["/", "/new", "/referee", "/api/v1/rules",
                                  "/api/v1/openapi.json"])
def test_pages_and_json_are_gzipped_for_clients_that_take_it(client, path):
    plain = client.get(path)
    packed = client.get(path, headers=GZIP_ONLY)
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < 0.6 * len(plain.data)


@pytest.mark.parametrize("path", ["/", "/referee", "/api/v1/rules"])
def test_pages_and_json_go_in_brotli_to_a_browser_that_takes_it(client, path):
    # Issue 24: first load within 30 KB "with gzip or brotli accepted".
    import brotli
    plain = client.get(path)
    packed = client.get(path, headers=GZIP)
    assert packed.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert brotli.decompress(packed.data) == plain.data
    assert len(packed.data) < len(client.get(path, headers=GZIP_ONLY).data)


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
        response = client.get(link, headers=GZIP_ONLY)
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["Content-Encoding"] == "gzip"
        with client.get(link.split("?")[0]) as plain:  # a file answer: close it after
            assert gzip.decompress(response.data) == plain.data


@pytest.mark.parametrize("query", ["", "?v=000000000000"])
def test_a_static_file_asked_without_its_digest_is_checked_again(client, query):
    with client.get(f"/static/style.css{query}") as response:
        assert response.status_code == 200
        assert "immutable" not in response.headers.get("Cache-Control", "")


def test_a_static_file_goes_in_brotli_to_a_browser_that_takes_it(client):
    # Issue 24: "static files are gzipped again on every request and never offered as
    # brotli".
    import brotli
    for link in _static_links(client):
        if link.split("?")[0].endswith(".png"):
            continue
        response = client.get(link, headers=GZIP)
        assert response.headers["Content-Encoding"] == "br"
        assert "Accept-Encoding" in response.headers["Vary"]
        with client.get(link.split("?")[0]) as plain:
            assert brotli.decompress(response.data) == plain.data
        assert len(response.data) < len(client.get(link, headers=GZIP_ONLY).data)


def test_each_encoding_of_a_static_file_has_its_own_tag_and_answers_not_modified(client):
    link = next(link for link in _static_links(client) if "style.css" in link)
    tags = {client.get(link, headers={"Accept-Encoding": accept}).headers["ETag"]
            for accept in ("br", "gzip", "identity")}
    assert len(tags) == 3
    first = client.get(link, headers=GZIP)
    again = client.get(link, headers=GZIP | {"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_our_scripts_and_style_sheet_are_sent_minified(client, app):
    from pathlib import Path
    for name in ("app.js", "style.css"):
        source = (Path(app.static_folder) / name).read_bytes()
        sent = client.get(f"/static/{name}").data
        assert len(sent) < 0.85 * len(source)
        assert b"/*" not in sent and b"\n//" not in sent


def test_a_static_file_changed_on_disk_is_sent_as_it_now_is(client, app, tmp_path):
    import os
    from pathlib import Path
    target = Path(app.static_folder) / f"_changed_on_disk_{os.getpid()}.css"
    try:
        target.write_text("body { color: red; }\n")
        assert b"red" in client.get(f"/static/_changed_on_disk_{os.getpid()}.css").data
        target.write_text("body { color: blue; }\n")
        later = os.stat(target).st_mtime_ns + 10_000_000
        os.utime(target, ns=(later, later))
        assert b"blue" in client.get(f"/static/_changed_on_disk_{os.getpid()}.css").data
    finally:
        target.unlink()


def test_a_static_path_outside_the_folder_or_missing_is_not_found(client):
    for path in ("/static/../scorekeeper/__init__.py", "/static/nothing.js",
                 "/static/%2e%2e/README.md"):
        assert client.get(path).status_code == 404


def test_pages_go_without_their_templates_indentation(client, played):
    # Issue 40: a run of spaces and line breaks shows as one space; one line break will do.
    for path in ("/", "/new", f"/games/{played}", f"/games/{played}/sheet"):
        text = client.get(path).text
        assert not re.search(r"\n[ \t]|[ \t]\n", text), path


def test_the_service_worker_keeps_its_indentation(client):
    # A script, not a page: its text is left as written.
    assert "\n  const cache = await caches.open(STATIC);" in client.get("/sw.js").text
