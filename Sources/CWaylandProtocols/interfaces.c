#include "CWaylandProtocols.h"

#define GLIDE_INTERFACE(name) \
    const struct wl_interface *glide_##name##_interface(void) { return &name##_interface; }

GLIDE_INTERFACE(wl_compositor)
GLIDE_INTERFACE(wl_subcompositor)
GLIDE_INTERFACE(wl_shm)
GLIDE_INTERFACE(wl_seat)
GLIDE_INTERFACE(wl_output)
GLIDE_INTERFACE(xdg_wm_base)
GLIDE_INTERFACE(zxdg_decoration_manager_v1)
GLIDE_INTERFACE(wp_viewporter)
GLIDE_INTERFACE(wp_fractional_scale_manager_v1)
GLIDE_INTERFACE(wp_presentation)
GLIDE_INTERFACE(zwp_pointer_gestures_v1)
GLIDE_INTERFACE(zwlr_virtual_pointer_manager_v1)
GLIDE_INTERFACE(wl_data_device_manager)
GLIDE_INTERFACE(zwp_primary_selection_device_manager_v1)
GLIDE_INTERFACE(zwp_text_input_manager_v3)

static const char *const glide_surface_tag_value = "glide";

const char *const *glide_surface_tag(void) { return &glide_surface_tag_value; }
