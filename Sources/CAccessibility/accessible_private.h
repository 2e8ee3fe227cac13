#pragma once
// The instance of every Glide accessible, shared by the files that implement its interfaces.
#include "include/CAccessibility.h"

typedef struct {
    AtkObject parent;
    /// The Swift node, or NULL once detached.
    void *node;
    /// Object attributes as AtkAttribute pointers, owned.
    GSList *attributes;
} GlideAccessible;

typedef struct {
    AtkObjectClass parent;
} GlideAccessibleClass;

GType glide_accessible_get_type(void);

/// The callbacks set by `glide_accessible_set_callbacks`.
extern GlideAccessibleCallbacks glide_callbacks;

/// The node behind an ATK object of ours, or NULL (detached, or not ours).
static inline void *glide_node(gpointer object) {
    if (!G_TYPE_CHECK_INSTANCE_TYPE(object, glide_accessible_get_type())) return NULL;
    return ((GlideAccessible *)object)->node;
}

void glide_text_interface_init(AtkTextIface *iface);
void glide_action_interface_init(AtkActionIface *iface);
void glide_component_interface_init(AtkComponentIface *iface);
void glide_value_interface_init(AtkValueIface *iface);
void glide_document_interface_init(AtkDocumentIface *iface);
