#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's FileChooser interface, for Glide's Open… tests.

Usage: filechooser-portal.py LOG READY
Owns org.freedesktop.portal.Desktop on the session bus and serves
org.freedesktop.portal.FileChooser at /org/freedesktop/portal/desktop as the real portal
does: OpenFile(s parent_window, s title, a{sv} options) returns its request object (named by
the caller's handle_token) and then answers on it with Request.Response(0, {uris}), as if
the user chose the files named by the CHOSEN_URIS environment variable (one URI a line;
none answers 1, cancelled). Each call appends one JSON line {"method", "title", "multiple",
"filters"} to LOG. Writes "PID ADDRESS" to READY once the name is owned.
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
  <interface name="org.freedesktop.portal.FileChooser">
    <method name="OpenFile">
      <arg type="s" name="parent_window" direction="in"/>
      <arg type="s" name="title" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""

log_path, ready_path = sys.argv[1], sys.argv[2]
chosen = [uri for uri in os.environ.get("CHOSEN_URIS", "").split("\n") if uri]


def on_call(connection, sender, path, interface, method, parameters, invocation):
    parent_window, title, options = parameters.unpack()
    with open(log_path, "a", encoding="utf-8") as log:
        log.write(json.dumps({"method": method, "title": title, "multiple": options.get("multiple"),
                              "filters": [name for name, _ in options.get("filters", [])]}, ensure_ascii=False) + "\n")
    handle = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"),
                                                               options.get("handle_token", "t"))
    invocation.return_value(GLib.Variant("(o)", (handle,)))
    answer = (0, {"uris": GLib.Variant("as", chosen)}) if chosen else (1, {})

    # After the method has returned, as the real portal answers once the dialog closes.
    def emit():
        connection.emit_signal(None, handle, "org.freedesktop.portal.Request", "Response", GLib.Variant("(ua{sv})", answer))
        return False
    GLib.timeout_add(50, emit)


# Version 3 of the interface, as Debian 12's xdg-desktop-portal 1.16 offers.
standin.serve("filechooser-portal.py", INTERFACE, on_call, 3, ready_path)
