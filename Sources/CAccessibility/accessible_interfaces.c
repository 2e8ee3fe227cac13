// AtkAction, AtkComponent, AtkValue and AtkDocument, forwarded to the node.
#include "accessible_private.h"

static gint action_count(AtkAction *action) {
    void *node = glide_node(action);
    return node ? glide_callbacks.action_count(node) : 0;
}

static const gchar *action_name(AtkAction *action, gint index) {
    void *node = glide_node(action);
    return node ? glide_callbacks.action_name(node, index) : NULL;
}

static const gchar *action_description(AtkAction *action, gint index) {
    void *node = glide_node(action);
    return node ? glide_callbacks.action_description(node, index) : NULL;
}

static gboolean do_action(AtkAction *action, gint index) {
    void *node = glide_node(action);
    return node && glide_callbacks.do_action(node, index);
}

void glide_action_interface_init(AtkActionIface *iface) {
    iface->get_n_actions = action_count;
    iface->get_name = action_name;
    iface->get_localized_name = action_name;
    iface->get_description = action_description;
    iface->do_action = do_action;
}

// Wayland does not tell a client where its window is, so screen coordinates are the
// window's, as GTK 4 reports them on Wayland.
static void get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
    (void)coords;
    void *node = glide_node(component);
    int32_t ex = 0, ey = 0, ew = 0, eh = 0;
    if (!node || !glide_callbacks.extents(node, &ex, &ey, &ew, &eh)) ex = ey = ew = eh = -1;
    *x = ex;
    *y = ey;
    *width = ew;
    *height = eh;
}

static gboolean grab_focus(AtkComponent *component) {
    void *node = glide_node(component);
    return node && glide_callbacks.grab_focus(node);
}

static AtkLayer get_layer(AtkComponent *component) {
    (void)component;
    return ATK_LAYER_WIDGET;
}

void glide_component_interface_init(AtkComponentIface *iface) {
    iface->get_extents = get_extents;
    iface->grab_focus = grab_focus;
    iface->get_layer = get_layer;
}

static void read_value(AtkValue *value, double *current, double *minimum, double *maximum, const char **text) {
    void *node = glide_node(value);
    *current = *minimum = *maximum = 0;
    *text = NULL;
    if (node) glide_callbacks.value(node, current, minimum, maximum, text);
}

static void get_value_and_text(AtkValue *value, gdouble *current, gchar **text) {
    double minimum, maximum;
    const char *description;
    read_value(value, current, &minimum, &maximum, &description);
    if (text) *text = g_strdup(description);
}

static AtkRange *get_range(AtkValue *value) {
    double current, minimum, maximum;
    const char *description;
    read_value(value, &current, &minimum, &maximum, &description);
    return atk_range_new(minimum, maximum, NULL);
}

static gdouble get_increment(AtkValue *value) {
    (void)value;
    return 1;
}

static void set_value(AtkValue *value, gdouble new_value) {
    void *node = glide_node(value);
    if (node) glide_callbacks.set_value(node, new_value);
}

/// The GValue forms of the older AtkValue API, which at-spi2-atk still reads.
static void value_component(AtkValue *value, GValue *out, int which) {
    double numbers[3];
    const char *description;
    read_value(value, &numbers[0], &numbers[1], &numbers[2], &description);
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, numbers[which]);
}

static void get_current_value(AtkValue *value, GValue *out) { value_component(value, out, 0); }
static void get_minimum_value(AtkValue *value, GValue *out) { value_component(value, out, 1); }
static void get_maximum_value(AtkValue *value, GValue *out) { value_component(value, out, 2); }

static void get_minimum_increment(AtkValue *value, GValue *out) {
    (void)value;
    g_value_init(out, G_TYPE_DOUBLE);
    g_value_set_double(out, 1);
}

static gboolean set_current_value(AtkValue *value, const GValue *new_value) {
    void *node = glide_node(value);
    if (!node || !G_VALUE_HOLDS_DOUBLE(new_value)) return FALSE;
    return glide_callbacks.set_value(node, g_value_get_double(new_value));
}

void glide_value_interface_init(AtkValueIface *iface) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    iface->get_current_value = get_current_value;
    iface->get_maximum_value = get_maximum_value;
    iface->get_minimum_value = get_minimum_value;
    iface->get_minimum_increment = get_minimum_increment;
    iface->set_current_value = set_current_value;
    G_GNUC_END_IGNORE_DEPRECATIONS
    iface->get_value_and_text = get_value_and_text;
    iface->get_range = get_range;
    iface->get_increment = get_increment;
    iface->set_value = set_value;
}

static gint current_page_number(AtkDocument *document) {
    void *node = glide_node(document);
    int32_t current = -1, count = -1;
    if (node) glide_callbacks.pages(node, &current, &count);
    return current;
}

static gint page_count(AtkDocument *document) {
    void *node = glide_node(document);
    int32_t current = -1, count = -1;
    if (node) glide_callbacks.pages(node, &current, &count);
    return count;
}

static const gchar *document_locale(AtkDocument *document) {
    (void)document;
    return NULL;
}

void glide_document_interface_init(AtkDocumentIface *iface) {
    iface->get_current_page_number = current_page_number;
    iface->get_page_count = page_count;
    iface->get_document_locale = document_locale;
}
