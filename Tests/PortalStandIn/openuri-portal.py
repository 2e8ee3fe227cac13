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
from gi.repository import Gio, GLib  # noqa: E402

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


def on_get_property(connection, sender, path, interface, name):
    # Version 4 of the interface, as Debian 12's xdg-desktop-portal 1.16 offers.
    return GLib.Variant("u", 4)


def on_bus(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object("/org/freedesktop/portal/desktop", info, on_call, on_get_property, None)


def on_name(connection, name):
    with open(ready_path + ".part", "w", encoding="utf-8") as ready:
        ready.write(f"{os.getpid()} {os.environ['DBUS_SESSION_BUS_ADDRESS']}\n")
    os.rename(ready_path + ".part", ready_path)


def on_lost(connection, name):
    print("openuri-portal.py: cannot own org.freedesktop.portal.Desktop", file=sys.stderr)
    sys.exit(1)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                 on_bus, on_name, on_lost)
GLib.MainLoop().run()
