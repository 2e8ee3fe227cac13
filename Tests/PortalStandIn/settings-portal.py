#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Settings interface, for Glide's night-page tests.

Usage: settings-portal.py LOG READY
Owns org.freedesktop.portal.Desktop on the session bus and serves
org.freedesktop.portal.Settings at /org/freedesktop/portal/desktop, as the real portal does:
ReadOne(s namespace, s key) -> v, Read(s, s) -> v (the value wrapped in one more variant, as
portals before version 2 answered), ReadAll(as) -> a{sa{sv}}, and the SettingChanged(s, s, v)
signal. It holds one setting, org.freedesktop.appearance color-scheme, from COLOR_SCHEME
(0 no preference, 1 dark, 2 light; default 0). With NO_READ_ONE=1 it is a version 1 portal
without ReadOne. SIGUSR1 sets color-scheme to 1 and SIGUSR2 to 2, each announced with
SettingChanged after an unrelated setting's change (which Glide must ignore). Each call and
each change appends one JSON line to LOG. Writes "PID ADDRESS" to READY once the name is
owned. Runs until killed; dbus-run-session then ends the bus.
"""
import json
import os
import signal
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import GLib  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import standin  # noqa: E402

NAMESPACE, KEY = "org.freedesktop.appearance", "color-scheme"
HAS_READ_ONE = os.environ.get("NO_READ_ONE") != "1"
READ_ONE = """
    <method name="ReadOne">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>""" if HAS_READ_ONE else ""
INTERFACE = f"""
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="ReadAll">
      <arg type="as" name="namespaces" direction="in"/>
      <arg type="a{{sa{{sv}}}}" name="value" direction="out"/>
    </method>
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>{READ_ONE}
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/>
      <arg type="s" name="key"/>
      <arg type="v" name="value"/>
    </signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""

log_path, ready_path = sys.argv[1], sys.argv[2]
state = {"scheme": int(os.environ.get("COLOR_SCHEME", "0")), "connection": None}


def log(entry):
    with open(log_path, "a", encoding="utf-8") as file:
        file.write(json.dumps(entry) + "\n")


def on_call(connection, sender, path, interface, method, parameters, invocation):
    log({"method": method, "arguments": parameters.unpack()})
    if method == "ReadAll":
        invocation.return_value(GLib.Variant("(a{sa{sv}})", ({NAMESPACE: {KEY: GLib.Variant("u", state["scheme"])}},)))
        return
    namespace, key = parameters.unpack()
    if (namespace, key) != (NAMESPACE, KEY):
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "Requested setting not found")
        return
    value = GLib.Variant("u", state["scheme"])
    if method == "Read":
        value = GLib.Variant("v", value)
    invocation.return_value(GLib.Variant("(v)", (value,)))


def change(scheme):
    connection = state["connection"]
    state["scheme"] = scheme
    path, interface = "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings"
    connection.emit_signal(None, path, interface, "SettingChanged",
                           GLib.Variant("(ssv)", ("org.gnome.desktop.interface", "gtk-theme", GLib.Variant("s", "Adwaita"))))
    connection.emit_signal(None, path, interface, "SettingChanged",
                           GLib.Variant("(ssv)", (NAMESPACE, KEY, GLib.Variant("u", scheme))))
    connection.flush_sync(None)
    log({"changed": scheme})
    return GLib.SOURCE_CONTINUE


def on_connection(connection):
    state["connection"] = connection
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, change, 1)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR2, change, 2)


# Version 2 of the interface (ReadOne), as xdg-desktop-portal 1.18 offers; 1 without it.
standin.serve("settings-portal.py", INTERFACE, on_call, 2 if HAS_READ_ONE else 1, ready_path, on_connection)
