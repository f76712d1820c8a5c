#!/usr/bin/env python3
"""Checks the internal links of a built HTML site (the user guide: `just docs`).

    python3 scripts/check_links.py docs/guide/book

Every relative `href` and `src` must name a file of the site, and every `#anchor` an `id`
(or `name`) in the page it points to. External links (http, https, mailto, ...) are not
fetched. Prints each broken link with the page it is on; exits 1 if there is any.
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

# Attributes that point at something the browser loads or follows.
LINK_ATTRS = {"a": "href", "img": "src", "link": "href", "script": "src", "iframe": "src"}


class Page(HTMLParser):
    """The anchors a page defines and the links it makes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, int]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if values.get(key):
                self.ids.add(values[key])  # type: ignore[arg-type]
        attr = LINK_ATTRS.get(tag)
        if attr and values.get(attr) is not None:
            self.links.append((values[attr], self.getpos()[0]))  # type: ignore[arg-type]


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def external(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.scheme) or url.startswith("//")


def check(root: Path) -> list[str]:
    root = root.resolve()
    pages = {p.resolve(): parse(p) for p in sorted(root.rglob("*.html"))}
    broken: list[str] = []
    for path, page in pages.items():
        where = path.relative_to(root)
        for url, line in page.links:
            if not url or external(url):
                continue
            parts = urlsplit(url)
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{where}:{line}: {url}: no such file")
                continue
            anchor = unquote(parts.fragment)
            if not anchor:
                continue
            if target.suffix != ".html":
                broken.append(f"{where}:{line}: {url}: an anchor into a file that is not a page")
                continue
            defined = pages[target].ids if target in pages else parse(target).ids
            if anchor not in defined:
                broken.append(f"{where}:{line}: {url}: no anchor #{anchor} in {target.relative_to(root)}")
    return broken


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = Path(argv[1])
    if not (root / "index.html").exists():
        print(f"check_links: {root} has no index.html (build the site first)", file=sys.stderr)
        return 2
    broken = check(root)
    for line in broken:
        print(line)
    pages = sum(1 for _ in root.rglob("*.html"))
    if broken:
        print(f"check_links: {len(broken)} broken link(s) in {pages} pages", file=sys.stderr)
        return 1
    print(f"check_links: {pages} pages, no broken internal links")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
