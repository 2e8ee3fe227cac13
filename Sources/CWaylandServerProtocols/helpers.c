#include <stdio.h>
#include <stdlib.h>
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
GLIDE_SERVER_INTERFACE(zxdg_decoration_manager_v1)
GLIDE_SERVER_INTERFACE(zxdg_toplevel_decoration_v1)
GLIDE_SERVER_INTERFACE(wp_fractional_scale_manager_v1)
GLIDE_SERVER_INTERFACE(wp_fractional_scale_v1)
GLIDE_SERVER_INTERFACE(wl_data_device_manager)
GLIDE_SERVER_INTERFACE(wl_data_device)
GLIDE_SERVER_INTERFACE(wl_data_source)
GLIDE_SERVER_INTERFACE(wl_data_offer)
GLIDE_SERVER_INTERFACE(zwp_primary_selection_device_manager_v1)
GLIDE_SERVER_INTERFACE(zwp_primary_selection_device_v1)
GLIDE_SERVER_INTERFACE(zwp_primary_selection_source_v1)
GLIDE_SERVER_INTERFACE(zwp_primary_selection_offer_v1)
GLIDE_SERVER_INTERFACE(zwp_text_input_manager_v3)
GLIDE_SERVER_INTERFACE(zwp_text_input_v3)

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

/// The display-wide watch: a listener for new clients, and one for the display's end.
struct glide_resource_watch {
    struct wl_listener client_created;
    struct wl_listener display_destroyed;
    glide_server_resource_created_func created;
    void *context;
};

/// One client's part of a watch: its resource-created listener, freed with the client.
struct glide_client_resource_watch {
    struct wl_listener resource_created;
    struct wl_listener client_destroyed;
    struct glide_resource_watch *watch;
};

static void glide_resource_created(struct wl_listener *listener, void *data) {
    struct glide_client_resource_watch *client_watch =
        wl_container_of(listener, client_watch, resource_created);
    client_watch->watch->created((struct wl_resource *)data, client_watch->watch->context);
}

static void glide_client_destroyed(struct wl_listener *listener, void *data) {
    (void)data;
    struct glide_client_resource_watch *client_watch =
        wl_container_of(listener, client_watch, client_destroyed);
    wl_list_remove(&client_watch->resource_created.link);
    wl_list_remove(&client_watch->client_destroyed.link);
    free(client_watch);
}

static void glide_client_created(struct wl_listener *listener, void *data) {
    struct glide_resource_watch *watch = wl_container_of(listener, watch, client_created);
    struct wl_client *client = data;
    struct glide_client_resource_watch *client_watch = calloc(1, sizeof *client_watch);
    if (client_watch == NULL) return;
    client_watch->watch = watch;
    client_watch->resource_created.notify = glide_resource_created;
    client_watch->client_destroyed.notify = glide_client_destroyed;
    wl_client_add_resource_created_listener(client, &client_watch->resource_created);
    wl_client_add_destroy_listener(client, &client_watch->client_destroyed);
}

static void glide_display_destroyed(struct wl_listener *listener, void *data) {
    (void)data;
    struct glide_resource_watch *watch = wl_container_of(listener, watch, display_destroyed);
    wl_list_remove(&watch->client_created.link);
    wl_list_remove(&watch->display_destroyed.link);
    free(watch);
}

void glide_server_watch_resource_creation(struct wl_display *display,
                                          glide_server_resource_created_func created, void *context) {
    struct glide_resource_watch *watch = calloc(1, sizeof *watch);
    if (watch == NULL) return;
    watch->created = created;
    watch->context = context;
    watch->client_created.notify = glide_client_created;
    watch->display_destroyed.notify = glide_display_destroyed;
    wl_display_add_client_created_listener(display, &watch->client_created);
    wl_display_add_destroy_listener(display, &watch->display_destroyed);
}
