#pragma once
// Linux calls that Swift's Glibc module does not import (they need _GNU_SOURCE).

/// An anonymous, close-on-exec, sealable memory file, or -1 with errno set.
/// The corresponding C function is `memfd_create`.
int glide_memfd_create(const char *name);
