#pragma once
#include <atk/atk.h>
#include <atk-bridge.h>
#include <glib.h>
