#pragma once
// Without it, wayland-server.h also defines deprecated structs that make wl_resource and
// wl_client complete types, which Swift would import as typed pointers, not OpaquePointer.
#define WL_HIDE_DEPRECATED 1
#include <wayland-server.h>
