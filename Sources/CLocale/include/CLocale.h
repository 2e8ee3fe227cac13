#pragma once
// gettext and the locale queries Swift's Glibc module does not import (libintl.h and
// langinfo.h are left out of it).

/// Picks the user's language for messages and binds the "glide" catalog under `locale_dir`
/// (`<dir>/<lang>/LC_MESSAGES/glide.mo`), as UTF-8 whatever the locale's codeset.
/// Only LC_MESSAGES and LC_CTYPE follow the environment (LC_CTYPE is C.UTF-8 where it would be
/// plain ASCII "C"): the numeric locale of the process stays "C", so no C library prints a
/// decimal comma into a trace or a file format.
/// `LANGUAGE` and `LC_ALL`/`LC_MESSAGES`/`LANG` are honoured even when the locale they name
/// is not generated on the machine (glibc alone would then fall back to untranslated text).
void glide_locale_start(const char *locale_dir);

/// The message's translation in the "glide" domain, or `message` itself.
const char *glide_gettext(const char *message);

/// The translation of `singular`/`plural` for `count`, by the catalog's plural rule.
const char *glide_ngettext(const char *singular, const char *plural, unsigned long count);

/// The translation of `message` in `context` (gettext's msgctxt), or `message` itself.
const char *glide_pgettext(const char *context, const char *message);

/// The decimal point and thousands separator of the user's LC_NUMERIC locale, as UTF-8;
/// NULL when that locale is "C", "POSIX", "C.UTF-8" or not installed.
const char *glide_numeric_decimal_point(void);
const char *glide_numeric_thousands_separator(void);
