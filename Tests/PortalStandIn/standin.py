"""What Glide's stand-in portals share: owning org.freedesktop.portal.Desktop on the session
bus, serving one interface at /org/freedesktop/portal/desktop, and the ready file
("PID ADDRESS") a test waits for.
"""
import os
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402


def serve(script, interface_xml, on_call, version, ready_path, on_connection=None):
    """Serves `interface_xml` with `on_call` (and the `version` property) until killed;
    `on_connection`, if given, gets the bus connection (for a stand-in that emits signals)."""

    def on_get_property(connection, sender, path, interface, name):
        return GLib.Variant("u", version)

    def on_bus(connection, name):
        info = Gio.DBusNodeInfo.new_for_xml(interface_xml).interfaces[0]
        connection.register_object("/org/freedesktop/portal/desktop", info, on_call, on_get_property, None)
        if on_connection:
            on_connection(connection)

    def on_name(connection, name):
        with open(ready_path + ".part", "w", encoding="utf-8") as ready:
            ready.write(f"{os.getpid()} {os.environ['DBUS_SESSION_BUS_ADDRESS']}\n")
        os.rename(ready_path + ".part", ready_path)

    def on_lost(connection, name):
        print(f"{script}: cannot own org.freedesktop.portal.Desktop", file=sys.stderr)
        sys.exit(1)

    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                     on_bus, on_name, on_lost)
    GLib.MainLoop().run()
