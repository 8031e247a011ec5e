"""The rules pages: ``docs/rules/*.md`` rendered as HTML for the lobby's links.

The Markdown files ship inside the package (``fourwinds/web/rules`` is the ``docs/rules``
folder), so an installed fourwinds serves the same pages as a checkout. markdown-it-py renders
them with tables and without raw HTML; a link to another rules page stays a link, a link to any
other file of the docs (which the app does not serve) becomes plain text.

>>> "<table>" in page_html("options", "# Options\\n\\n| a |\\n|---|\\n| 1 |\\n")
True
>>> "/rules/options" in page_html("x", "[the options](options.md)")
True
>>> "<span>the card language</span>" in page_html("x", "[the card language](../card.md)")
True
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

RULES_DOCS = Path(__file__).resolve().parent.parent / "web" / "rules"
PAGE_NAME = re.compile(r"[a-z][a-z0-9-]*")
"""A rules page's name: its file name without ``.md``."""
_SIBLING = re.compile(r"([a-z][a-z0-9-]*)\.md(#[\w-]*)?")

_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")

TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: fourwinds rules</title>
<link rel="icon" href="/favicon.ico" type="image/svg+xml">
<link rel="stylesheet" href="/static/css/fourwinds.css">
<link rel="stylesheet" href="/static/css/friends.css">
</head>
<body class="rules-page">
<header class="bar">
  <a href="/" class="brand">fourwinds</a>
  <span>Rules</span>
</header>
<main class="rules-text">
{body}
<p><a href="/">Back to the lobby</a></p>
</main>
</body>
</html>
"""


def _links(tokens: list[Token]) -> None:
    """Point links to other rules pages at ``/rules/NAME``; unlink the rest of the docs."""
    for inline in (token for token in tokens if token.children):
        kept: list[bool] = []
        for child in inline.children or []:
            if child.type == "link_open":
                href = str(child.attrGet("href") or "")
                sibling = _SIBLING.fullmatch(href)
                if sibling:
                    child.attrSet("href", f"/rules/{sibling[1]}{sibling[2] or ''}")
                keep = bool(sibling) or href.startswith(("http://", "https://", "#"))
                kept.append(keep)
            elif child.type == "link_close":
                keep = kept.pop()
            else:
                continue
            if not keep:
                child.tag = "span"
                child.attrs = {}


def page_html(name: str, text: str) -> str:
    """The whole page for a rules file's Markdown ``text``."""
    tokens = _markdown.parse(text)
    _links(tokens)
    body = _markdown.renderer.render(tokens, _markdown.options, {})
    heading = next((line[2:] for line in text.splitlines() if line.startswith("# ")), name)
    title = html.escape(heading.replace("`", ""))
    return TEMPLATE.format(title=title, body=body)


def rules_page(name: str) -> str | None:
    """The page of ``docs/rules/NAME.md``; None when there is no such page."""
    if not PAGE_NAME.fullmatch(name):
        return None
    path = RULES_DOCS / f"{name}.md"
    if not path.is_file():
        return None
    return page_html(name, path.read_text(encoding="utf-8"))
