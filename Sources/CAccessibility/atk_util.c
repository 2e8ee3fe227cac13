// The AtkUtil of a toolkit that is not GTK: ATK asks it for the application's root accessible
// and for hooks on accessibles' signals, which the bridge turns into AT-SPI events.
#include "accessible_private.h"
#include <string.h>

static AtkObject *root_accessible;
static char *toolkit_name_string;
static char *toolkit_version_string;

/// A hook the bridge added, so it can be removed by id.
typedef struct {
    guint signal_id;
    gulong hook_id;
} GlideListener;

static GHashTable *listeners;
static guint next_listener_id = 1;

static AtkObject *get_root(void) { return root_accessible; }
static const gchar *get_toolkit_name(void) { return toolkit_name_string; }
static const gchar *get_toolkit_version(void) { return toolkit_version_string; }

/// `event_type` is "Toolkit:Type:signal" ("Gtk:AtkText:text-caret-moved"); the toolkit part
/// is a leftover of GAIL and ignored. The old two-part "window:create" form is refused, so the
/// bridge uses AtkWindow's signals instead.
static guint add_global_event_listener(GSignalEmissionHook listener, const gchar *event_type) {
    gchar **parts = g_strsplit(event_type, ":", 3);
    guint id = 0;
    if (g_strv_length(parts) == 3) {
        GType type = g_type_from_name(parts[1]);
        if (type) {
            // Interface types' signals exist once their default vtable has been made.
            gpointer vtable = G_TYPE_IS_INTERFACE(type) ? g_type_default_interface_ref(type) : NULL;
            guint signal_id = g_signal_lookup(parts[2], type);
            if (signal_id) {
                GlideListener *record = g_new(GlideListener, 1);
                record->signal_id = signal_id;
                record->hook_id = g_signal_add_emission_hook(signal_id, 0, listener, g_strdup(event_type), g_free);
                id = next_listener_id++;
                g_hash_table_insert(listeners, GUINT_TO_POINTER(id), record);
            }
            if (vtable) g_type_default_interface_unref(vtable);
        }
    }
    g_strfreev(parts);
    return id;
}

static void remove_global_event_listener(guint id) {
    GlideListener *record = g_hash_table_lookup(listeners, GUINT_TO_POINTER(id));
    if (!record) return;
    g_signal_remove_emission_hook(record->signal_id, record->hook_id);
    g_hash_table_remove(listeners, GUINT_TO_POINTER(id));
}

void glide_atk_util_install(AtkObject *root, const char *toolkit_name, const char *toolkit_version) {
    if (root_accessible) g_object_unref(root_accessible);
    root_accessible = g_object_ref(root);
    g_free(toolkit_name_string);
    g_free(toolkit_version_string);
    toolkit_name_string = g_strdup(toolkit_name);
    toolkit_version_string = g_strdup(toolkit_version);
    if (!listeners) listeners = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, g_free);
    // ATK reads these from AtkUtil's own class (atk_get_root and friends), so a toolkit
    // fills in that class, as GTK and Clutter do; the class is kept for the process.
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->get_root = get_root;
    util->get_toolkit_name = get_toolkit_name;
    util->get_toolkit_version = get_toolkit_version;
    util->add_global_event_listener = add_global_event_listener;
    util->remove_global_event_listener = remove_global_event_listener;
}
