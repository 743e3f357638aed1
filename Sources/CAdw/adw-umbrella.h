// SPDX-License-Identifier: GPL-3.0-or-later
#include <adwaita.h>
#include <glib-unix.h>
