/*******************************************************************************
 The block below describes the properties of this module, and is read by
 the Projucer and JUCE's CMake helpers to add it to a project.

 BEGIN_JUCE_MODULE_DECLARATION

  ID:                 plugin_store_unlock
  vendor:             pluginstore
  version:            1.0.0
  name:               Plug-in Store licence client
  description:        Online unlock, serial-key registration, offline key files and trials against the Plug-in Store licence server
  license:            MIT
  minimumCppStandard: 17

  dependencies:       juce_core, juce_cryptography, juce_events, juce_data_structures, juce_product_unlocking

 END_JUCE_MODULE_DECLARATION

*******************************************************************************/

#pragma once
#define PLUGIN_STORE_UNLOCK_H_INCLUDED

#include <juce_core/juce_core.h>
#include <juce_cryptography/juce_cryptography.h>
#include <juce_events/juce_events.h>
#include <juce_data_structures/juce_data_structures.h>
#include <juce_product_unlocking/juce_product_unlocking.h>

#include "source/plugin_store_unlock_status.h"
#include "source/plugin_store_update_check.h"
