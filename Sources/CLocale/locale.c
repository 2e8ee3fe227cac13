#define _GNU_SOURCE
#include "CLocale.h"

#include <langinfo.h>
#include <libintl.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

static const char domain[] = "glide";
static locale_t numeric_locale;

/// The first non-empty of the variables POSIX consults for `category_variable`.
static const char *requested_locale(const char *category_variable) {
    const char *names[] = {"LC_ALL", category_variable, "LANG"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const char *value = getenv(names[i]);
        if (value && *value) return value;
    }
    return NULL;
}

/// "C", "POSIX" and "C.UTF-8" (and its spellings): no language, no numeric conventions.
static int is_c_locale(const char *name) {
    return name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0 || strncmp(name, "C.", 2) == 0;
}

void glide_locale_start(const char *locale_dir) {
    // Glide writes UTF-8 whatever the locale; under plain "C" (ASCII) glibc would transliterate
    // its own translated messages (strerror) to "Net takogo fajla".
    if (is_c_locale(setlocale(LC_CTYPE, ""))) setlocale(LC_CTYPE, "C.UTF-8");
    const char *messages = setlocale(LC_MESSAGES, "");
    if (is_c_locale(messages)) {
        // glibc ignores LANGUAGE under the "C" locale, and finds no catalog when the locale
        // named by LC_MESSAGES is not generated. C.UTF-8 is built into glibc and is not "C",
        // so LANGUAGE (or the requested locale's name, put there) picks the catalog.
        const char *requested = requested_locale("LC_MESSAGES");
        const char *language = getenv("LANGUAGE");
        if ((language == NULL || *language == 0) && !is_c_locale(requested))
            setenv("LANGUAGE", requested, 1);
        language = getenv("LANGUAGE");
        if (language && *language) setlocale(LC_MESSAGES, "C.UTF-8");
    }
    const char *numeric = requested_locale("LC_NUMERIC");
    if (!is_c_locale(numeric)) numeric_locale = newlocale(LC_NUMERIC_MASK, numeric, (locale_t)0);
    bindtextdomain(domain, locale_dir);
    bind_textdomain_codeset(domain, "UTF-8");
}

const char *glide_gettext(const char *message) {
    return dgettext(domain, message);
}

const char *glide_ngettext(const char *singular, const char *plural, unsigned long count) {
    return dngettext(domain, singular, plural, count);
}

const char *glide_pgettext(const char *context, const char *message) {
    // A catalog keys a message with a context as "context\004message" (gettext.h's pgettext).
    size_t context_length = strlen(context), message_length = strlen(message);
    char *key = malloc(context_length + 1 + message_length + 1);
    if (key == NULL) return message;
    memcpy(key, context, context_length);
    key[context_length] = '\004';
    memcpy(key + context_length + 1, message, message_length + 1);
    const char *translation = dgettext(domain, key);
    // gettext returns its argument when there is no translation; the key is ours to free.
    const char *result = translation == key ? message : translation;
    free(key);
    return result;
}

const char *glide_numeric_decimal_point(void) {
    return numeric_locale ? nl_langinfo_l(RADIXCHAR, numeric_locale) : NULL;
}

const char *glide_numeric_thousands_separator(void) {
    return numeric_locale ? nl_langinfo_l(THOUSEP, numeric_locale) : NULL;
}
