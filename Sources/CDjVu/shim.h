#pragma once
#include <libdjvu/ddjvuapi.h>
#include <libdjvu/miniexp.h>

// miniexp's constants are macros Swift does not import, and ddjvuapi's messages are a union
// Swift reads awkwardly: these give them as functions.

/// The empty list, `()`.
static inline miniexp_t glide_miniexp_nil(void) { return miniexp_nil; }

/// What ddjvuapi returns while the data it was asked for is still being decoded.
static inline miniexp_t glide_miniexp_dummy(void) { return miniexp_dummy; }

/// The text of an error message, or NULL for any other kind of message.
static inline const char *glide_ddjvu_error_message(const ddjvu_message_t *message) {
    if (message == NULL || message->m_any.tag != DDJVU_ERROR) return NULL;
    return message->m_error.message;
}

/// The kind of a message.
static inline ddjvu_message_tag_t glide_ddjvu_message_tag(const ddjvu_message_t *message) {
    return message->m_any.tag;
}

/// `ddjvu_document_get_fileinfo`, a macro over the sized call.
static inline ddjvu_status_t glide_ddjvu_fileinfo(ddjvu_document_t *document, int index, ddjvu_fileinfo_t *info) {
    return ddjvu_document_get_fileinfo(document, index, info);
}

/// `ddjvu_document_get_pageinfo`, a macro over the sized call.
static inline ddjvu_status_t glide_ddjvu_pageinfo(ddjvu_document_t *document, int page, ddjvu_pageinfo_t *info) {
    return ddjvu_document_get_pageinfo(document, page, info);
}

/// `ddjvu_document_decoding_status`, a macro.
static inline ddjvu_status_t glide_ddjvu_document_status(ddjvu_document_t *document) {
    return ddjvu_document_decoding_status(document);
}

/// `ddjvu_page_decoding_status`, a macro.
static inline ddjvu_status_t glide_ddjvu_page_status(ddjvu_page_t *page) {
    return ddjvu_page_decoding_status(page);
}

/// `ddjvu_document_release`, a macro.
static inline void glide_ddjvu_document_release(ddjvu_document_t *document) { ddjvu_document_release(document); }

/// `ddjvu_page_release`, a macro.
static inline void glide_ddjvu_page_release(ddjvu_page_t *page) { ddjvu_page_release(page); }
