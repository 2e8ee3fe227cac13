#pragma once
// The generated protocol glue, and helpers that return the addresses of protocol
// interface globals. Swift must not take `&wl_seat_interface` itself: under -O it
// passes the address of a stack copy, which libwayland keeps, and release builds crash.
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "primary-selection-unstable-v1-client-protocol.h"
#include "text-input-unstable-v3-client-protocol.h"

const struct wl_interface *glide_wl_compositor_interface(void);
const struct wl_interface *glide_wl_subcompositor_interface(void);
const struct wl_interface *glide_wl_shm_interface(void);
const struct wl_interface *glide_wl_seat_interface(void);
const struct wl_interface *glide_wl_output_interface(void);
const struct wl_interface *glide_xdg_wm_base_interface(void);
const struct wl_interface *glide_zxdg_decoration_manager_v1_interface(void);
const struct wl_interface *glide_wp_viewporter_interface(void);
const struct wl_interface *glide_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *glide_wp_presentation_interface(void);
const struct wl_interface *glide_zwp_pointer_gestures_v1_interface(void);
const struct wl_interface *glide_zwlr_virtual_pointer_manager_v1_interface(void);
const struct wl_interface *glide_wl_data_device_manager_interface(void);
const struct wl_interface *glide_zwp_primary_selection_device_manager_v1_interface(void);
const struct wl_interface *glide_zwp_text_input_manager_v3_interface(void);

/// The tag Glide puts on its own surfaces (`wl_proxy_set_tag`), so input aimed at surfaces it
/// did not create (libdecor's decorations) can be told apart and ignored.
const char *const *glide_surface_tag(void);
