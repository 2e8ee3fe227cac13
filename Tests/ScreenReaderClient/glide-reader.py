#!/usr/bin/python3
"""A screen-reader client of Glide, asking what Orca asks over AT-SPI (pyatspi).

Usage: glide-reader.py COMMAND [ARGUMENT]; prints one JSON object (or, for `tree`, the tree
as text). Commands:
  tree                 the accessible tree of the application named "glide"
  read                 the document's name, first heading and first paragraph, their words,
                       sentences and lines, the headings present, and the caret
  activate-outline N   activates item N of the outline list
  follow-link N        activates ("jump") link N of the document
  selection            the text blocks with selected text: role, text, selection offsets
  page                 the page control's value and value text
  page-action NAME     performs the page control's action NAME ("next", "previous")
  events N             listens as Orca does (caret moves, focus, window and children
                       events), follows link N, and prints the events that arrive
  walk [SECONDS]       reads every object and all its text, again and again for SECONDS
                       (default: once), turning a page every 0.3 s when there is a page
                       control so the view animates meanwhile; times each walk
Exit status 0, or 1 with a one-line error when Glide or an object is not found.
"""
import json
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402
import pyatspi  # noqa: E402

APPLICATION = "glide"


def fail(message):
    print(f"glide-reader: {message}", file=sys.stderr)
    sys.exit(1)


def application(timeout_seconds=20):
    """Glide's application object on the desktop, once it has registered."""
    deadline = time.monotonic() + timeout_seconds
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == APPLICATION:
                return app
        time.sleep(0.1)
    fail(f"no application named {APPLICATION!r} on the accessibility bus")


def descendants(root):
    """Every object under root, depth first, as a client walking the tree finds them."""
    for child in root:
        if child is None:
            continue
        yield child
        yield from descendants(child)


def find(root, role, name=None, timeout_seconds=10):
    """The first such object under root; parts of the tree (the outline, a page's text) come
    once a worker has read them, which a loaded machine delays, so it is looked for again."""
    deadline = time.monotonic() + timeout_seconds
    while True:
        for node in descendants(root):
            if node.getRole() == role and (name is None or node.name == name):
                return node
        if time.monotonic() >= deadline:
            fail(f"no {pyatspi.Role(role)!s} under {root.name!r}")
        time.sleep(0.2)


def text_of(node):
    try:
        text = node.queryText()
    except NotImplementedError:
        return None
    return text.getText(0, text.characterCount)


def attributes(node):
    return dict(item.split(":", 1) for item in node.getAttributes())


def describe(node, depth=0, lines=None):
    """One line per object: role, name, attributes, states of note, text, actions, value."""
    lines = [] if lines is None else lines
    parts = [node.getRoleName()]
    if node.name:
        parts.append(repr(node.name))
    attrs = attributes(node)
    if attrs:
        parts.append("[" + ", ".join(f"{k}={v}" for k, v in sorted(attrs.items())) + "]")
    text = text_of(node)
    if text and not node.name:
        parts.append(repr(text if len(text) <= 60 else text[:57] + "..."))
    if node.description:
        parts.append(f"description={node.description!r}")
    try:
        action = node.queryAction()
        names = [action.getName(i) for i in range(action.nActions)]
        if names:
            parts.append("actions=" + ",".join(names))
    except NotImplementedError:
        pass
    try:
        node.queryValue()
        parts.append(f"value={Atspi.Value.get_text(node)!r}")
    except NotImplementedError:
        pass
    states = node.getState()
    for state, label in ((pyatspi.STATE_ACTIVE, "active"), (pyatspi.STATE_FOCUSED, "focused"), (pyatspi.STATE_SELECTED, "selected"),
                         (pyatspi.STATE_SHOWING, "showing")):
        if states.contains(state):
            parts.append(label)
    lines.append("  " * depth + " ".join(parts))
    for child in node:
        if child is not None:
            describe(child, depth + 1, lines)
    return lines


def document(app):
    return find(app, pyatspi.ROLE_DOCUMENT_TEXT)


def units(node, boundary):
    """The first three units of text of the given boundary, with their offsets."""
    text = node.queryText()
    found, offset = [], 0
    while len(found) < 3 and offset < text.characterCount:
        unit, start, end = text.getTextAtOffset(offset, boundary)
        if end <= offset:
            break
        found.append({"text": unit, "start": start, "end": end})
        offset = end
    return found


def blocks(app):
    """The document's children: role, whole text and where it is on screen."""
    doc = document(app)
    found = []
    for index in range(doc.childCount):
        child = doc.getChildAtIndex(index)
        extents = child.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        block = {"role": child.getRoleName(), "text": text_of(child),
                 "extents": [extents.x, extents.y, extents.width, extents.height]}
        if block["text"]:
            text = child.queryText()
            block["lines"] = [{**unit, "extents": list(text.getCharacterExtents(unit["start"], pyatspi.DESKTOP_COORDS))}
                              for unit in units(child, pyatspi.TEXT_BOUNDARY_LINE_START)]
        found.append(block)
    return {"document": doc.name, "pages": _pages(doc), "blocks": found}


def read(app):
    doc = document(app)
    heading = find(doc, pyatspi.ROLE_HEADING)
    paragraph = find(doc, pyatspi.ROLE_PARAGRAPH)
    caret = None
    for node in descendants(doc):
        try:
            offset = node.queryText().caretOffset
        except NotImplementedError:
            continue
        if offset >= 0:
            caret = {"role": node.getRoleName(), "text": text_of(node)[:60], "offset": offset}
            break
    return {
        "document": doc.name,
        "pages": _pages(doc),
        "heading": {"text": text_of(heading), "level": attributes(heading).get("level")},
        "paragraph": text_of(paragraph),
        "words": units(paragraph, pyatspi.TEXT_BOUNDARY_WORD_START),
        "sentences": units(paragraph, pyatspi.TEXT_BOUNDARY_SENTENCE_START),
        "lines": units(paragraph, pyatspi.TEXT_BOUNDARY_LINE_START),
        "paragraph_extents": list(paragraph.queryComponent().getExtents(pyatspi.WINDOW_COORDS)),
        "character_extents": {str(unit["start"]): list(paragraph.queryText().getCharacterExtents(
            unit["start"], pyatspi.WINDOW_COORDS)) for unit in units(paragraph, pyatspi.TEXT_BOUNDARY_LINE_START)[:2]},
        "headings": [{"text": text_of(node), "level": attributes(node).get("level")}
                     for node in descendants(doc) if node.getRole() == pyatspi.ROLE_HEADING],
        "children": doc.childCount,
        "caret": caret,
    }


def _pages(doc):
    try:
        iface = doc.queryDocument()
        return {"current": iface.getCurrentPageNumber(), "count": iface.getPageCount()}
    except (NotImplementedError, AttributeError):
        return None


def act(node, name):
    action = node.queryAction()
    for index in range(action.nActions):
        if action.getName(index) == name:
            return action.doAction(index)
    fail(f"{node.getRoleName()} {node.name!r} has no action {name!r}")


def activate_outline(app, index):
    outline = find(app, pyatspi.ROLE_LIST, "Outline")
    item = outline.getChildAtIndex(index)
    return {"item": item.name, "done": bool(act(item, "activate"))}


def follow_link(app, index):
    links = [node for node in descendants(document(app)) if node.getRole() == pyatspi.ROLE_LINK]
    if index >= len(links):
        fail(f"the document shows {len(links)} links")
    link = links[index]
    return {"link": link.name, "target": link.description, "done": bool(act(link, "jump"))}


def selection(app):
    selected = []
    for node in descendants(document(app)):
        try:
            text = node.queryText()
        except NotImplementedError:
            continue
        if node.getRole() == pyatspi.ROLE_LINK:
            continue
        for index in range(text.getNSelections()):
            start, end = text.getSelection(index)
            selected.append({"role": node.getRoleName(), "text": text_of(node)[:40], "start": start, "end": end,
                             "characters": text.characterCount})
    return {"selected": selected}


def page(app):
    control = find(app, pyatspi.ROLE_SLIDER, "Page")
    value = control.queryValue()
    return {"value": value.currentValue, "minimum": value.minimumValue, "maximum": value.maximumValue,
            "text": Atspi.Value.get_text(control)}


def page_action(app, name):
    return {"done": bool(act(find(app, pyatspi.ROLE_SLIDER, "Page"), name))}


def walk_once(app):
    count, characters = 0, 0
    for node in descendants(app):
        node.getRoleName()
        node.getState()
        text = text_of(node)
        count += 1
        characters += len(text or "")
    return count, characters


def events(app, index):
    """The events a screen reader hears while link `index` is followed, until focus lands."""
    from gi.repository import GLib

    heard = []

    def stop():
        pyatspi.Registry.stop()
        return False

    def listener(event):
        source = event.source
        heard.append({"type": event.type, "role": source.getRoleName() if source else None,
                      "name": (source.name or (text_of(source) or "")[:40]) if source else None,
                      "detail1": event.detail1})
        if event.type == "object:state-changed:focused" and event.detail1 == 1:
            GLib.timeout_add(300, stop)

    def follow():
        act([node for node in descendants(document(app)) if node.getRole() == pyatspi.ROLE_LINK][index], "jump")
        return False

    kinds = ["object:text-caret-moved", "object:state-changed:focused", "focus:", "object:children-changed"]
    pyatspi.Registry.registerEventListener(listener, *kinds)
    GLib.timeout_add(300, follow)
    GLib.timeout_add(10000, stop)
    pyatspi.Registry.start()
    pyatspi.Registry.deregisterEventListener(listener, *kinds)
    return {"events": heard}


def monotonic_ms():
    """CLOCK_MONOTONIC in ms, the clock of the commit times in glide's trace."""
    return time.clock_gettime(time.CLOCK_MONOTONIC) * 1000


def walk(app, seconds):
    control = None
    if seconds > 0:
        control = next((node for node in descendants(app) if node.getRole() == pyatspi.ROLE_SLIDER), None)
    started = monotonic_ms()
    walks, slowest, objects, characters, turns = 0, 0.0, 0, 0, 0
    last_turn = -1.0
    while True:
        now = monotonic_ms()
        if control is not None and now - last_turn >= 300:
            act(control, "next")
            last_turn, turns = now, turns + 1
        before = time.monotonic()
        objects, characters = walk_once(app)
        slowest = max(slowest, time.monotonic() - before)
        walks += 1
        if monotonic_ms() - started >= seconds * 1000:
            break
    return {"objects": objects, "characters": characters, "walks": walks, "slowest_walk_seconds": slowest,
            "page_turns": turns, "started_ms": started, "ended_ms": monotonic_ms()}


def main(argv):
    if len(argv) < 2:
        fail("usage: glide-reader.py tree|read|activate-outline N|follow-link N|page|page-action NAME|walk")
    command, argument = argv[1], (argv[2] if len(argv) > 2 else None)
    app = application()
    if command == "tree":
        print("\n".join(describe(app)))
        return
    results = {
        "read": lambda: read(app),
        "blocks": lambda: blocks(app),
        "activate-outline": lambda: activate_outline(app, int(argument or 0)),
        "follow-link": lambda: follow_link(app, int(argument or 0)),
        "selection": lambda: selection(app),
        "page": lambda: page(app),
        "page-action": lambda: page_action(app, argument or "next"),
        "walk": lambda: walk(app, float(argument or 0)),
        "events": lambda: events(app, int(argument or 0)),
    }
    if command not in results:
        fail(f"unknown command {command!r}")
    print(json.dumps(results[command](), ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv)
