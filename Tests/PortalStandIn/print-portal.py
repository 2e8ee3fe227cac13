#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Print interface, for Glide's printing test.

Usage: print-portal.py LOG READY
Owns org.freedesktop.portal.Desktop on the session bus and serves
org.freedesktop.portal.Print at /org/freedesktop/portal/desktop as the real portal does:
PreparePrint(s parent_window, s title, a{sv} settings, a{sv} page_setup, a{sv} options)
returns its request object (named by the caller's handle_token) and then answers on it with
Request.Response(0, {settings, page-setup, token}), as if the user pressed Print;
Print(s parent_window, s title, h fd, a{sv} options) copies what the descriptor holds to
LOG's folder as printed-N.pdf and answers Response(0, {}). Each call appends one JSON line
to LOG. Nothing is ever printed. Writes "PID ADDRESS" to READY once the name is owned.
"""
import json
import os
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Print">
    <method name="PreparePrint">
      <arg type="s" name="parent_window" direction="in"/>
      <arg type="s" name="title" direction="in"/>
      <arg type="a{sv}" name="settings" direction="in"/>
      <arg type="a{sv}" name="page_setup" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <method name="Print">
      <arg type="s" name="parent_window" direction="in"/>
      <arg type="s" name="title" direction="in"/>
      <arg type="h" name="fd" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""

TOKEN = 7
log_path, ready_path = sys.argv[1], sys.argv[2]
printed = 0


def log(entry):
    with open(log_path, "a", encoding="utf-8") as file:
        file.write(json.dumps(entry, ensure_ascii=False) + "\n")


def request_path(sender, options):
    token = options.get("handle_token", "t")
    return "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), token)


def respond(connection, path, results):
    # After the method has returned, as the real portal answers once the dialog closes.
    def emit():
        connection.emit_signal(None, path, "org.freedesktop.portal.Request", "Response",
                               GLib.Variant("(ua{sv})", (0, results)))
        return False
    GLib.timeout_add(50, emit)


def on_call(connection, sender, path, interface, method, parameters, invocation):
    global printed
    if method == "PreparePrint":
        parent_window, title, _settings, _page_setup, options = parameters.unpack()
        log({"method": method, "parent_window": parent_window, "title": title})
        handle = request_path(sender, options)
        invocation.return_value(GLib.Variant("(o)", (handle,)))
        respond(connection, handle, {"settings": GLib.Variant("a{sv}", {}), "page-setup": GLib.Variant("a{sv}", {}),
                                     "token": GLib.Variant("u", TOKEN)})
    elif method == "Print":
        parent_window, title, index, options = parameters.unpack()
        fds = invocation.get_message().get_unix_fd_list()
        descriptor = fds.get(index)
        os.lseek(descriptor, 0, os.SEEK_SET)
        printed += 1
        target = os.path.join(os.path.dirname(log_path), "printed-%d.pdf" % printed)
        with open(target, "wb") as out:
            while True:
                chunk = os.read(descriptor, 1 << 16)
                if not chunk:
                    break
                out.write(chunk)
        os.close(descriptor)
        log({"method": method, "parent_window": parent_window, "title": title, "token": options.get("token"),
             "file": target})
        handle = request_path(sender, options)
        invocation.return_value(GLib.Variant("(o)", (handle,)))
        respond(connection, handle, {})


def on_get_property(connection, sender, path, interface, name):
    # Version 2 of the interface, as Debian 12's xdg-desktop-portal 1.16 offers.
    return GLib.Variant("u", 2)


def on_bus(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object("/org/freedesktop/portal/desktop", info, on_call, on_get_property, None)


def on_name(connection, name):
    with open(ready_path + ".part", "w", encoding="utf-8") as ready:
        ready.write(f"{os.getpid()} {os.environ['DBUS_SESSION_BUS_ADDRESS']}\n")
    os.rename(ready_path + ".part", ready_path)


def on_lost(connection, name):
    print("print-portal.py: cannot own org.freedesktop.portal.Desktop", file=sys.stderr)
    sys.exit(1)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                 on_bus, on_name, on_lost)
GLib.MainLoop().run()
