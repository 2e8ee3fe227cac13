// AtkText over the node's UTF-8 text; the node finds word, sentence and line boundaries.
#include "accessible_private.h"
#include <string.h>

static const char *node_text(AtkText *text) {
    void *node = glide_node(text);
    const char *string = node ? glide_callbacks.text(node) : NULL;
    return string ? string : "";
}

static gint character_count(AtkText *text) {
    return (gint)g_utf8_strlen(node_text(text), -1);
}

/// The characters [start, end) of the text, clamped; end -1 means to the end.
static gchar *substring(const char *string, gint start, gint end) {
    glong count = g_utf8_strlen(string, -1);
    if (end < 0 || end > count) end = (gint)count;
    if (start < 0) start = 0;
    if (start > end) start = end;
    return g_utf8_substring(string, start, end);
}

static gchar *get_text(AtkText *text, gint start, gint end) {
    return substring(node_text(text), start, end);
}

static gunichar get_character_at_offset(AtkText *text, gint offset) {
    const char *string = node_text(text);
    if (offset < 0 || offset >= g_utf8_strlen(string, -1)) return 0;
    return g_utf8_get_char(g_utf8_offset_to_pointer(string, offset));
}

static gchar *get_string_at_offset(AtkText *text, gint offset, AtkTextGranularity granularity,
                                   gint *start, gint *end) {
    void *node = glide_node(text);
    int32_t first = 0, last = 0;
    if (!node || !glide_callbacks.text_boundary(node, granularity, offset, &first, &last)) {
        *start = *end = offset;
        return g_strdup("");
    }
    *start = first;
    *end = last;
    return substring(node_text(text), first, last);
}

/// The granularity of a boundary type: the start and end variants differ only in where the
/// space between units goes, which screen readers do not rely on for documents.
static AtkTextGranularity granularity_of(AtkTextBoundary boundary) {
    switch (boundary) {
    case ATK_TEXT_BOUNDARY_CHAR: return ATK_TEXT_GRANULARITY_CHAR;
    case ATK_TEXT_BOUNDARY_WORD_START:
    case ATK_TEXT_BOUNDARY_WORD_END: return ATK_TEXT_GRANULARITY_WORD;
    case ATK_TEXT_BOUNDARY_SENTENCE_START:
    case ATK_TEXT_BOUNDARY_SENTENCE_END: return ATK_TEXT_GRANULARITY_SENTENCE;
    default: return ATK_TEXT_GRANULARITY_LINE;
    }
}

static gchar *get_text_at_offset(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return get_string_at_offset(text, offset, granularity_of(boundary), start, end);
}

static gchar *get_text_before_offset(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    AtkTextGranularity granularity = granularity_of(boundary);
    gint unit_start = 0, unit_end = 0;
    g_free(get_string_at_offset(text, offset, granularity, &unit_start, &unit_end));
    if (unit_start <= 0) {
        *start = *end = 0;
        return g_strdup("");
    }
    return get_string_at_offset(text, unit_start - 1, granularity, start, end);
}

static gchar *get_text_after_offset(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    AtkTextGranularity granularity = granularity_of(boundary);
    gint unit_start = 0, unit_end = 0, count = character_count(text);
    g_free(get_string_at_offset(text, offset, granularity, &unit_start, &unit_end));
    if (unit_end >= count) {
        *start = *end = count;
        return g_strdup("");
    }
    return get_string_at_offset(text, unit_end, granularity, start, end);
}

static gint get_caret_offset(AtkText *text) {
    void *node = glide_node(text);
    return node ? glide_callbacks.caret_offset(node) : -1;
}

static gboolean set_caret_offset(AtkText *text, gint offset) {
    void *node = glide_node(text);
    return node && glide_callbacks.set_caret_offset(node, offset);
}

static gint get_n_selections(AtkText *text) {
    void *node = glide_node(text);
    int32_t start = 0, end = 0;
    return node && glide_callbacks.selection(node, &start, &end) ? 1 : 0;
}

static gchar *get_selection(AtkText *text, gint index, gint *start, gint *end) {
    void *node = glide_node(text);
    int32_t first = 0, last = 0;
    if (index != 0 || !node || !glide_callbacks.selection(node, &first, &last)) {
        *start = *end = 0;
        return NULL;
    }
    *start = first;
    *end = last;
    return substring(node_text(text), first, last);
}

// Window coordinates whatever `coords` asks: Wayland does not tell a client where its window is.
static void get_character_extents(AtkText *text, gint offset, gint *x, gint *y, gint *width, gint *height,
                                  AtkCoordType coords) {
    (void)coords;
    void *node = glide_node(text);
    int32_t bx = 0, by = 0, bw = 0, bh = 0;
    if (!node || !glide_callbacks.character_extents(node, offset, &bx, &by, &bw, &bh)) bx = by = bw = bh = -1;
    *x = bx;
    *y = by;
    *width = bw;
    *height = bh;
}

static AtkAttributeSet *get_run_attributes(AtkText *text, gint offset, gint *start, gint *end) {
    (void)offset;
    *start = 0;
    *end = character_count(text);
    return NULL;
}

void glide_text_interface_init(AtkTextIface *iface) {
    iface->get_text = get_text;
    iface->get_character_at_offset = get_character_at_offset;
    iface->get_character_count = character_count;
    iface->get_string_at_offset = get_string_at_offset;
    iface->get_text_at_offset = get_text_at_offset;
    iface->get_text_before_offset = get_text_before_offset;
    iface->get_text_after_offset = get_text_after_offset;
    iface->get_caret_offset = get_caret_offset;
    iface->set_caret_offset = set_caret_offset;
    iface->get_n_selections = get_n_selections;
    iface->get_selection = get_selection;
    iface->get_character_extents = get_character_extents;
    iface->get_run_attributes = get_run_attributes;
}
