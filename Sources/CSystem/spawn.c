#define _GNU_SOURCE
#include <spawn.h>
#include "CSystem.h"

int glide_spawn_close_from(void *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
}
