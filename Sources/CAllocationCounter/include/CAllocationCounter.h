#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

/// How many heap allocations (malloc, calloc, realloc and the aligned variants) the process
/// has made since it started. Only an executable that links this target counts anything.
unsigned long allocation_counter_count(void);

#endif
