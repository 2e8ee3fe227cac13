#pragma once
// GIO's D-Bus client, for the desktop's portals; file descriptors passed over the bus.
#include <gio/gio.h>
#include <gio/gunixfdlist.h>
