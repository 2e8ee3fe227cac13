#include <stdio.h>
#include <string.h>
#include "CWaylandServerProtocols.h"

#define GLIDE_SERVER_INTERFACE(name) \
    const struct wl_interface *glide_server_##name##_interface(void) { return &name##_interface; }

GLIDE_SERVER_INTERFACE(wl_compositor)
GLIDE_SERVER_INTERFACE(wl_surface)
GLIDE_SERVER_INTERFACE(wl_region)
GLIDE_SERVER_INTERFACE(wl_callback)
GLIDE_SERVER_INTERFACE(wl_subcompositor)
GLIDE_SERVER_INTERFACE(wl_subsurface)
GLIDE_SERVER_INTERFACE(wl_output)
GLIDE_SERVER_INTERFACE(wl_seat)
GLIDE_SERVER_INTERFACE(wl_pointer)
GLIDE_SERVER_INTERFACE(wl_keyboard)
GLIDE_SERVER_INTERFACE(wl_touch)
GLIDE_SERVER_INTERFACE(xdg_wm_base)
GLIDE_SERVER_INTERFACE(xdg_surface)
GLIDE_SERVER_INTERFACE(xdg_toplevel)
GLIDE_SERVER_INTERFACE(wp_viewporter)
GLIDE_SERVER_INTERFACE(wp_viewport)
GLIDE_SERVER_INTERFACE(wp_presentation)
GLIDE_SERVER_INTERFACE(wp_presentation_feedback)
GLIDE_SERVER_INTERFACE(zwp_pointer_gestures_v1)
GLIDE_SERVER_INTERFACE(zwp_pointer_gesture_swipe_v1)
GLIDE_SERVER_INTERFACE(zwp_pointer_gesture_pinch_v1)
GLIDE_SERVER_INTERFACE(zwp_pointer_gesture_hold_v1)

void glide_server_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}

void glide_server_post_implementation_error(struct wl_client *client, const char *message) {
    wl_client_post_implementation_error(client, "%s", message);
}

bool glide_server_describe_error(const struct wl_protocol_logger_message *message,
                                 char *text, size_t size) {
    if (message->message_opcode != WL_DISPLAY_ERROR
        || strcmp(wl_resource_get_class(message->resource), "wl_display") != 0
        || message->arguments_count != 3) {
        return false;
    }
    // The event's first argument is the object at fault; on the server side an object is
    // the wl_resource that begins with it.
    struct wl_resource *culprit = (struct wl_resource *)message->arguments[0].o;
    const char *text_argument = message->arguments[2].s;
    if (culprit != NULL) {
        snprintf(text, size, "%s@%u: error %u: %s", wl_resource_get_class(culprit),
                 wl_resource_get_id(culprit), message->arguments[1].u,
                 text_argument ? text_argument : "");
    } else {
        snprintf(text, size, "error %u: %s", message->arguments[1].u,
                 text_argument ? text_argument : "");
    }
    return true;
}
