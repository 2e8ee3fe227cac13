#include "accessible_private.h"

GlideAccessibleCallbacks glide_callbacks;

G_DEFINE_TYPE(GlideAccessible, glide_accessible, ATK_TYPE_OBJECT)

void glide_accessible_set_callbacks(const GlideAccessibleCallbacks *callbacks) {
    glide_callbacks = *callbacks;
}

static gint glide_accessible_get_n_children(AtkObject *object) {
    void *node = glide_node(object);
    return node ? glide_callbacks.child_count(node) : 0;
}

static AtkObject *glide_accessible_ref_child(AtkObject *object, gint index) {
    void *node = glide_node(object);
    return node ? glide_callbacks.ref_child(node, index) : NULL;
}

static gint glide_accessible_get_index_in_parent(AtkObject *object) {
    void *node = glide_node(object);
    return node ? glide_callbacks.index_in_parent(node) : -1;
}

static AtkStateSet *glide_accessible_ref_state_set(AtkObject *object) {
    AtkStateSet *set = ATK_OBJECT_CLASS(glide_accessible_parent_class)->ref_state_set(object);
    void *node = glide_node(object);
    if (!node) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    uint64_t states = glide_callbacks.states(node);
    for (int state = 0; state < ATK_STATE_LAST_DEFINED && state < 64; state++) {
        if (states & ((uint64_t)1 << state)) atk_state_set_add_state(set, (AtkStateType)state);
    }
    return set;
}

static AtkAttributeSet *glide_accessible_get_attributes(AtkObject *object) {
    GlideAccessible *self = (GlideAccessible *)object;
    // The caller frees the list and its attributes (atk_attribute_set_free): hand out copies.
    AtkAttributeSet *copy = NULL;
    for (GSList *item = self->attributes; item; item = item->next) {
        AtkAttribute *attribute = item->data, *duplicate = g_new(AtkAttribute, 1);
        duplicate->name = g_strdup(attribute->name);
        duplicate->value = g_strdup(attribute->value);
        copy = g_slist_prepend(copy, duplicate);
    }
    return g_slist_reverse(copy);
}

static void glide_accessible_finalize(GObject *object) {
    atk_attribute_set_free(((GlideAccessible *)object)->attributes);
    G_OBJECT_CLASS(glide_accessible_parent_class)->finalize(object);
}

static void glide_accessible_class_init(GlideAccessibleClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_n_children = glide_accessible_get_n_children;
    atk->ref_child = glide_accessible_ref_child;
    atk->get_index_in_parent = glide_accessible_get_index_in_parent;
    atk->ref_state_set = glide_accessible_ref_state_set;
    atk->get_attributes = glide_accessible_get_attributes;
    G_OBJECT_CLASS(klass)->finalize = glide_accessible_finalize;
}

static void glide_accessible_init(GlideAccessible *self) {
    self->node = NULL;
    self->attributes = NULL;
}

/// The subtype of GlideAccessible implementing `interfaces`, registered on first use (one
/// type per combination, as WebKit's ATK layer does, so a client sees only real interfaces).
static GType glide_accessible_type_for(uint32_t interfaces) {
    static GType types[1 << 6];
    interfaces &= (1 << 6) - 1;
    if (types[interfaces]) return types[interfaces];
    char name[40];
    g_snprintf(name, sizeof name, "GlideAccessible%u", interfaces);
    GTypeInfo info = {0};
    GTypeQuery query;
    g_type_query(glide_accessible_get_type(), &query);
    info.class_size = (guint16)query.class_size;
    info.instance_size = (guint16)query.instance_size;
    GType type = g_type_register_static(glide_accessible_get_type(), name, &info, 0);
    struct { uint32_t bit; GType (*type)(void); GInterfaceInitFunc init; } table[] = {
        {GLIDE_ACCESSIBLE_TEXT, atk_text_get_type, (GInterfaceInitFunc)glide_text_interface_init},
        {GLIDE_ACCESSIBLE_ACTION, atk_action_get_type, (GInterfaceInitFunc)glide_action_interface_init},
        {GLIDE_ACCESSIBLE_COMPONENT, atk_component_get_type, (GInterfaceInitFunc)glide_component_interface_init},
        {GLIDE_ACCESSIBLE_VALUE, atk_value_get_type, (GInterfaceInitFunc)glide_value_interface_init},
        {GLIDE_ACCESSIBLE_DOCUMENT, atk_document_get_type, (GInterfaceInitFunc)glide_document_interface_init},
        // AtkWindow has signals only.
        {GLIDE_ACCESSIBLE_WINDOW, atk_window_get_type, NULL},
    };
    for (size_t index = 0; index < G_N_ELEMENTS(table); index++) {
        if (!(interfaces & table[index].bit)) continue;
        GInterfaceInfo interface = {table[index].init, NULL, NULL};
        g_type_add_interface_static(type, table[index].type(), &interface);
    }
    types[interfaces] = type;
    return type;
}

AtkObject *glide_accessible_new(uint32_t interfaces, void *node, AtkRole role) {
    GlideAccessible *self = g_object_new(glide_accessible_type_for(interfaces), NULL);
    self->node = node;
    atk_object_initialize(ATK_OBJECT(self), NULL);
    ATK_OBJECT(self)->role = role;
    return ATK_OBJECT(self);
}

void glide_accessible_detach(AtkObject *accessible) {
    if (!glide_node(accessible)) return;
    ((GlideAccessible *)accessible)->node = NULL;
    atk_object_notify_state_change(accessible, ATK_STATE_DEFUNCT, TRUE);
}

void glide_accessible_set_attribute(AtkObject *accessible, const char *name, const char *value) {
    GlideAccessible *self = (GlideAccessible *)accessible;
    AtkAttribute *attribute = g_new(AtkAttribute, 1);
    attribute->name = g_strdup(name);
    attribute->value = g_strdup(value);
    self->attributes = g_slist_append(self->attributes, attribute);
}

void glide_accessible_emit_children_changed(AtkObject *parent, int32_t index, AtkObject *child, int added) {
    g_signal_emit_by_name(parent, added ? "children-changed::add" : "children-changed::remove", index, child);
}

void glide_accessible_emit_caret_moved(AtkObject *accessible, int32_t offset) {
    g_signal_emit_by_name(accessible, "text-caret-moved", offset);
}

void glide_accessible_emit_text_selection_changed(AtkObject *accessible) {
    g_signal_emit_by_name(accessible, "text-selection-changed");
}

void glide_accessible_emit_visible_data_changed(AtkObject *accessible) {
    g_signal_emit_by_name(accessible, "visible-data-changed");
}

void glide_accessible_emit_value_changed(AtkObject *accessible, double value, const char *text) {
    if (ATK_IS_VALUE(accessible)) g_signal_emit_by_name(accessible, "value-changed", value, text);
    // Older clients follow the "accessible-value" property, which the bridge forwards too.
    g_object_notify(G_OBJECT(accessible), "accessible-value");
}

void glide_accessible_emit_page_changed(AtkObject *accessible, int32_t page) {
    g_signal_emit_by_name(accessible, "page-changed", page);
}

void glide_accessible_emit_bounds_changed(AtkObject *accessible, int32_t x, int32_t y, int32_t width, int32_t height) {
    AtkRectangle rectangle = {x, y, width, height};
    g_signal_emit_by_name(accessible, "bounds-changed", &rectangle);
}

void glide_accessible_emit_window_event(AtkObject *window, const char *signal) {
    g_signal_emit_by_name(window, signal);
}

void glide_accessible_notify_focus(AtkObject *accessible) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    atk_focus_tracker_notify(accessible);
    G_GNUC_END_IGNORE_DEPRECATIONS
}
