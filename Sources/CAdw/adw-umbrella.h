#include <adwaita.h>
#include <glib-unix.h>
