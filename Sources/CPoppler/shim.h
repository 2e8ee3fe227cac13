#pragma once
#include <poppler.h>
// cairo's PDF surface writes the test and benchmark PDFs (outline, links, images), so they
// are generated, never committed.
#include <cairo-pdf.h>

/// The destination of a go-to action (the union's `goto_dest` member), or NULL for any other
/// kind of action: Swift reads C unions awkwardly.
static inline PopplerDest *glide_poppler_action_goto_dest(PopplerAction *action) {
    if (action == NULL || action->type != POPPLER_ACTION_GOTO_DEST) return NULL;
    return action->goto_dest.dest;
}

/// The title of an action, whatever its kind (every member starts with type and title).
static inline const char *glide_poppler_action_title(PopplerAction *action) {
    return action == NULL ? NULL : action->any.title;
}
