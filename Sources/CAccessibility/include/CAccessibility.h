#pragma once
// GObject glue that lets Swift objects appear as ATK accessibles: one AtkObject subclass whose
// interfaces (text, action, component, value, document, window) are chosen per object, and an
// AtkUtil that answers `atk_get_root` for a toolkit that is not GTK. Every question ATK asks is
// forwarded to the Swift node through `GlideAccessibleCallbacks`.
#include <atk/atk.h>
#include <stdint.h>

/// The ATK interfaces an accessible implements besides AtkObject's own.
typedef enum {
    GLIDE_ACCESSIBLE_TEXT = 1 << 0,
    GLIDE_ACCESSIBLE_ACTION = 1 << 1,
    GLIDE_ACCESSIBLE_COMPONENT = 1 << 2,
    GLIDE_ACCESSIBLE_VALUE = 1 << 3,
    GLIDE_ACCESSIBLE_DOCUMENT = 1 << 4,
    GLIDE_ACCESSIBLE_WINDOW = 1 << 5,
} GlideAccessibleInterfaces;

/// The granularities of `text_boundary`, in ATK's order (AtkTextGranularity).
typedef AtkTextGranularity GlideTextGranularity;

/// What ATK asks of a node. `node` is the pointer given to `glide_accessible_new`; it is never
/// NULL here (a detached accessible answers empty without asking). Offsets are in characters
/// (Unicode code points), as ATK counts them; coordinates are logical px in the window.
typedef struct {
    int32_t (*child_count)(void *node);
    /// A new reference to child `index`, or NULL.
    AtkObject *(*ref_child)(void *node, int32_t index);
    int32_t (*index_in_parent)(void *node);
    /// A bit (1 << AtkStateType) per state the node is in now.
    uint64_t (*states)(void *node);

    /// The node's whole text, UTF-8, NUL-terminated, owned by the node (text nodes only).
    const char *(*text)(void *node);
    /// The unit of `granularity` around `offset`, as [start, end) character offsets.
    int (*text_boundary)(void *node, int32_t granularity, int32_t offset, int32_t *start, int32_t *end);
    int32_t (*caret_offset)(void *node);
    int (*set_caret_offset)(void *node, int32_t offset);
    /// The selected range in this node's text, if any: returns 1 and fills start and end.
    int (*selection)(void *node, int32_t *start, int32_t *end);

    /// The box of the character at `offset`; returns 0 when it is not on screen.
    int (*character_extents)(void *node, int32_t offset, int32_t *x, int32_t *y, int32_t *width, int32_t *height);

    /// Returns 0 when the node is not on screen.
    int (*extents)(void *node, int32_t *x, int32_t *y, int32_t *width, int32_t *height);
    int (*grab_focus)(void *node);

    int32_t (*action_count)(void *node);
    const char *(*action_name)(void *node, int32_t index);
    const char *(*action_description)(void *node, int32_t index);
    int (*do_action)(void *node, int32_t index);

    /// The value, its range and its text (owned by the node).
    void (*value)(void *node, double *current, double *minimum, double *maximum, const char **text);
    int (*set_value)(void *node, double value);

    /// The page shown (from 1) and how many there are (document nodes).
    void (*pages)(void *node, int32_t *current, int32_t *count);
} GlideAccessibleCallbacks;

/// Sets the callbacks every accessible forwards to; call once, before the first accessible.
void glide_accessible_set_callbacks(const GlideAccessibleCallbacks *callbacks);

/// A new accessible (floating reference taken: the caller owns one reference) for `node`,
/// implementing `interfaces` (GlideAccessibleInterfaces bits).
AtkObject *glide_accessible_new(uint32_t interfaces, void *node, AtkRole role);

/// Cuts the accessible from its node, which is going away: it answers empty and is defunct.
void glide_accessible_detach(AtkObject *accessible);

/// Adds an object attribute (`level`, `tag`, `href`…), reported by `atk_object_get_attributes`.
void glide_accessible_set_attribute(AtkObject *accessible, const char *name, const char *value);

/// Signals ATK defines, emitted for the bridge to forward.
void glide_accessible_emit_children_changed(AtkObject *parent, int32_t index, AtkObject *child, int added);
void glide_accessible_emit_caret_moved(AtkObject *accessible, int32_t offset);
void glide_accessible_emit_text_selection_changed(AtkObject *accessible);
void glide_accessible_emit_visible_data_changed(AtkObject *accessible);
void glide_accessible_emit_value_changed(AtkObject *accessible, double value, const char *text);
void glide_accessible_emit_page_changed(AtkObject *accessible, int32_t page);
void glide_accessible_emit_bounds_changed(AtkObject *accessible, int32_t x, int32_t y, int32_t width, int32_t height);
/// An AtkWindow signal: "create", "activate", "deactivate", "destroy".
void glide_accessible_emit_window_event(AtkObject *window, const char *signal);
/// Tells ATK's focus trackers (the bridge's "focus:" event) which accessible has focus.
void glide_accessible_notify_focus(AtkObject *accessible);

/// Makes `root` the answer to `atk_get_root` and installs the rest of the AtkUtil a toolkit
/// provides (global event listeners by signal emission hooks, the toolkit's name).
void glide_atk_util_install(AtkObject *root, const char *toolkit_name, const char *toolkit_version);
