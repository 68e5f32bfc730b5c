#ifdef PLUGIN_STORE_UNLOCK_H_INCLUDED
 /* Like JUCE's own module files: compile this file on its own, with nothing included before it. */
 #error "Incorrect use of the plugin_store_unlock cpp file"
#endif

#include "plugin_store_unlock.h"

#include "source/plugin_store_unlock_status.cpp"
#include "source/plugin_store_update_check.cpp"
