#!/usr/bin/python3
"""The real xdg-desktop-portal on a private session bus, for Glide's portal tests.

Usage: session-bus.py LOG READY
Run under dbus-run-session, whose bus starts services by D-Bus activation from
/usr/share/dbus-1/services: the real frontend (xdg-desktop-portal) and the backend
gtk.portal names for a GNOME session (xdg-desktop-portal-gtk), which shows its dialogs on
the Wayland display of the environment. Starts the frontend and waits until it offers the
FileChooser and Print interfaces, records every method call of those interfaces, the
frontend's and the backend's (org.freedesktop.impl.portal.*), as dbus-monitor prints them,
in LOG, then writes "PID ADDRESS" to READY. Runs until killed; dbus-run-session then ends
the bus, and with it every service it started.
"""
import os
import subprocess
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

log_path, ready_path = sys.argv[1], sys.argv[2]
address = os.environ["DBUS_SESSION_BUS_ADDRESS"]
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def portal_version(interface):
    """The portal's `version` of `interface`, or None while the frontend does not offer it."""
    try:
        reply = bus.call_sync("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                              "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (interface, "version")),
                              None, Gio.DBusCallFlags.NONE, 5000, None)
        return reply.unpack()[0]
    except GLib.Error:
        return None


# The monitor first, so that no call is missed; its output goes to LOG line by line
# (dbus-monitor flushes after each message).
rules = [f"type='method_call',interface='{interface}'" for interface in (
    "org.freedesktop.portal.FileChooser", "org.freedesktop.portal.Print",
    "org.freedesktop.impl.portal.FileChooser", "org.freedesktop.impl.portal.Print")]
with open(log_path, "w", encoding="utf-8") as log:
    monitor = subprocess.Popen(["/usr/bin/dbus-monitor", "--address", address] + rules,
                               stdout=log, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
deadline = time.monotonic() + 50
while any(portal_version(name) is None for name in ("org.freedesktop.portal.FileChooser", "org.freedesktop.portal.Print")):
    if time.monotonic() > deadline or monitor.poll() is not None:
        print("session-bus.py: xdg-desktop-portal offers no FileChooser and Print", file=sys.stderr)
        sys.exit(1)
    time.sleep(0.1)
# Becoming a monitor loses dbus-monitor its unique name, which it prints (NameLost); calls
# before that are not seen.
while "member=NameLost" not in open(log_path, encoding="utf-8", errors="replace").read():
    if time.monotonic() > deadline:
        print("session-bus.py: dbus-monitor did not start", file=sys.stderr)
        sys.exit(1)
    time.sleep(0.05)

with open(ready_path + ".part", "w", encoding="utf-8") as ready:
    ready.write(f"{os.getpid()} {address}\n")
os.rename(ready_path + ".part", ready_path)
# Killed, this script ends the session: dbus-run-session then ends the bus, and dbus-monitor
# and the services it started leave with it.
GLib.MainLoop().run()
