#pragma once

#include <plugin_store_unlock/plugin_store_unlock.h>

/*
    The product's licence, one per process (every instance of the plug-in shares it through
    juce::SharedResourcePointer). Put your own values here:
      - the shop's address,
      - the product's name exactly as the admin product editor spells it (JUCE compares it case-sensitively),
      - the product's public key from the admin product editor ("Public Key (RSA 2048)" when "use RSA 2048" is set,
        else "Public Key").

    It renews its expiring key itself, on a thread of its own (pluginstore::BackgroundRenewal): at start-up and then
    every four hours while the plug-in runs, whether or not an editor is ever opened (decision 090). The editor only
    shows the last outcome. Every member of the module may be called from any thread; requests run one at a time.
*/
class SpaceyLicence : public pluginstore::PluginStoreUnlockStatus
{
public:
    SpaceyLicence()
        : PluginStoreUnlockStatus (makeConfig())
    {
        load();            // the state saved by an earlier unlock or trial; the session starts now
        renewal.start();   // renews now, then every few hours
    }

    ~SpaceyLicence() override
    {
        renewal.stop();    // before the licence it renews goes
    }

    /** The background renewal: its last outcome, and a ChangeBroadcaster for the editor. */
    pluginstore::BackgroundRenewal& getRenewal() noexcept { return renewal; }

private:
    static pluginstore::LicenceServerConfig makeConfig()
    {
        pluginstore::LicenceServerConfig config;
        config.serverUrl = juce::URL ("https://shop.example.com");
        config.productId = "Spacey";
        config.publicKey = "10001,c3a1...";   // replace with the product's public key
        return config;
    }

    pluginstore::BackgroundRenewal renewal { *this, juce::RelativeTime::hours (4) };
};
