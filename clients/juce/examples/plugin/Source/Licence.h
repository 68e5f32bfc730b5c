#pragma once

#include <plugin_store_unlock/plugin_store_unlock.h>

/*
    The product's licence, one per process (every instance of the plug-in shares it through
    juce::SharedResourcePointer). Put your own values here:
      - the shop's address,
      - the product's name exactly as the admin product editor spells it (JUCE compares it case-sensitively),
      - the product's public key from the admin product editor ("Public Key (RSA 2048)" when "use RSA 2048" is set,
        else "Public Key").
*/
class SpaceyLicence : public pluginstore::PluginStoreUnlockStatus
{
public:
    SpaceyLicence()
        : PluginStoreUnlockStatus (makeConfig())
    {
        load();   // the state saved by an earlier unlock or trial
    }

private:
    static pluginstore::LicenceServerConfig makeConfig()
    {
        pluginstore::LicenceServerConfig config;
        config.serverUrl = juce::URL ("https://shop.example.com");
        config.productId = "Spacey";
        config.publicKey = "10001,c3a1...";   // replace with the product's public key
        return config;
    }
};
