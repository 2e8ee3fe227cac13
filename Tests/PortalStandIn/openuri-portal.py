#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's OpenURI interface, for Glide's link tests.

Usage: openuri-portal.py LOG READY
Owns org.freedesktop.portal.Desktop on the session bus and serves
org.freedesktop.portal.OpenURI.OpenURI(s parent_window, s uri, a{sv} options) at
/org/freedesktop/portal/desktop, as the real portal does: each call appends one JSON line
{"parent_window", "uri"} to LOG and returns a request object path. Nothing is ever opened.
Writes "PID ADDRESS" (its process and the bus) to READY once the name is owned. Runs
until killed; dbus-run-session then ends the bus.
"""
import json
import os
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import GLib  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import standin  # noqa: E402

INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.OpenURI">
    <method name="OpenURI">
      <arg type="s" name="parent_window" direction="in"/>
      <arg type="s" name="uri" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""

log_path, ready_path = sys.argv[1], sys.argv[2]
calls = 0


def on_call(connection, sender, path, interface, method, parameters, invocation):
    global calls
    parent_window, uri, _options = parameters.unpack()
    with open(log_path, "a", encoding="utf-8") as log:
        log.write(json.dumps({"parent_window": parent_window, "uri": uri}, ensure_ascii=False) + "\n")
    calls += 1
    invocation.return_value(GLib.Variant("(o)", (f"/org/freedesktop/portal/desktop/request/glide/{calls}",)))


# Version 4 of the interface, as Debian 12's xdg-desktop-portal 1.16 offers.
standin.serve("openuri-portal.py", INTERFACE, on_call, 4, ready_path)
