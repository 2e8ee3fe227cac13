#pragma once
// The server side of the protocol glue, for the test compositor, and the C helpers Swift
// needs: interface addresses (Swift must not take `&wl_seat_interface` itself: under -O it
// passes the address of a stack copy, which libwayland keeps, and release builds crash) and
// wrappers of libwayland's variadic error calls, which Swift cannot import.
#define WL_HIDE_DEPRECATED 1 // as in CWaylandServer's shim.h: opaque wl_resource and wl_client
#include <stdbool.h>
#include <stddef.h>
#include <wayland-server.h>
#include "xdg-shell-server-protocol.h"
#include "viewporter-server-protocol.h"
#include "presentation-time-server-protocol.h"
#include "pointer-gestures-unstable-v1-server-protocol.h"
#include "xdg-decoration-unstable-v1-server-protocol.h"
#include "fractional-scale-v1-server-protocol.h"
#include "primary-selection-unstable-v1-server-protocol.h"
#include "text-input-unstable-v3-server-protocol.h"

const struct wl_interface *glide_server_wl_compositor_interface(void);
const struct wl_interface *glide_server_wl_surface_interface(void);
const struct wl_interface *glide_server_wl_region_interface(void);
const struct wl_interface *glide_server_wl_callback_interface(void);
const struct wl_interface *glide_server_wl_subcompositor_interface(void);
const struct wl_interface *glide_server_wl_subsurface_interface(void);
const struct wl_interface *glide_server_wl_output_interface(void);
const struct wl_interface *glide_server_wl_seat_interface(void);
const struct wl_interface *glide_server_wl_pointer_interface(void);
const struct wl_interface *glide_server_wl_keyboard_interface(void);
const struct wl_interface *glide_server_wl_touch_interface(void);
const struct wl_interface *glide_server_xdg_wm_base_interface(void);
const struct wl_interface *glide_server_xdg_surface_interface(void);
const struct wl_interface *glide_server_xdg_toplevel_interface(void);
const struct wl_interface *glide_server_wp_viewporter_interface(void);
const struct wl_interface *glide_server_wp_viewport_interface(void);
const struct wl_interface *glide_server_wp_presentation_interface(void);
const struct wl_interface *glide_server_wp_presentation_feedback_interface(void);
const struct wl_interface *glide_server_zwp_pointer_gestures_v1_interface(void);
const struct wl_interface *glide_server_zwp_pointer_gesture_swipe_v1_interface(void);
const struct wl_interface *glide_server_zwp_pointer_gesture_pinch_v1_interface(void);
const struct wl_interface *glide_server_zwp_pointer_gesture_hold_v1_interface(void);
const struct wl_interface *glide_server_zxdg_decoration_manager_v1_interface(void);
const struct wl_interface *glide_server_zxdg_toplevel_decoration_v1_interface(void);
const struct wl_interface *glide_server_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *glide_server_wp_fractional_scale_v1_interface(void);
const struct wl_interface *glide_server_wl_data_device_manager_interface(void);
const struct wl_interface *glide_server_wl_data_device_interface(void);
const struct wl_interface *glide_server_wl_data_source_interface(void);
const struct wl_interface *glide_server_wl_data_offer_interface(void);
const struct wl_interface *glide_server_zwp_primary_selection_device_manager_v1_interface(void);
const struct wl_interface *glide_server_zwp_primary_selection_device_v1_interface(void);
const struct wl_interface *glide_server_zwp_primary_selection_source_v1_interface(void);
const struct wl_interface *glide_server_zwp_primary_selection_offer_v1_interface(void);
const struct wl_interface *glide_server_zwp_text_input_manager_v3_interface(void);
const struct wl_interface *glide_server_zwp_text_input_v3_interface(void);

/// Called for every resource a client creates, with the context given to
/// `glide_server_watch_resource_creation`.
typedef void (*glide_server_resource_created_func)(struct wl_resource *resource, void *context);

/// Calls `created` for every resource that any client of `display` creates from now on (every
/// wl_buffer, wl_shm_pool…), through libwayland's per-client resource-created signal, which
/// Swift cannot use directly (`wl_listener` is found from its link with `wl_container_of`).
/// The watch lives as long as the display.
void glide_server_watch_resource_creation(struct wl_display *display,
                                          glide_server_resource_created_func created, void *context);

/// Sends the protocol error `code` about `resource` to its client, which then disconnects.
/// The corresponding C function is `wl_resource_post_error`.
void glide_server_post_error(struct wl_resource *resource, uint32_t code, const char *message);

/// Tells a client that the compositor does not implement what it asked for, and disconnects it.
/// The corresponding C function is `wl_client_post_implementation_error`.
void glide_server_post_implementation_error(struct wl_client *client, const char *message);

/// Whether `message` is a `wl_display.error` event; if it is, writes
/// "interface@id: error code: text" about the object at fault into `text`.
bool glide_server_describe_error(const struct wl_protocol_logger_message *message,
                                 char *text, size_t size);
