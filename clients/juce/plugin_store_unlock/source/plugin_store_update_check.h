#pragma once

namespace pluginstore
{

/** What the licence server says about the newest build of a product for this platform (docs/plugin-integration.md). */
struct UpdateInfo
{
    /** The request reached the server and its answer was read. */
    bool checked = false;
    /** The server has a build newer than the running one. */
    bool isAvailable = false;
    juce::String version, releaseDate, notes, channel;
    /** Where the owner downloads it: the site's customer area. */
    juce::URL downloadPage;

    /** "Spacey 1.3.0 is available", for a notification's title. */
    juce::String getHeadline (const juce::String& productName) const { return productName + " " + version + " is available"; }
};

/** "macos", "windows" or "linux": the platform the server keeps installers for. */
juce::String getUpdatePlatform();

/** True when the dotted version `candidate` ("1.10.0") is newer than `current` ("1.9.2"); a pre-release tag
    ("-beta1") after equal numbers counts as older. */
bool isNewerVersion (const juce::String& candidate, const juce::String& current);

/** Asks the server for the newest build (blocking: call it off the message and audio threads). Without a key it
    asks GET /api/plugin/updates (stable builds, cacheable); with the licence's key (its serial or a key file) and
    `wantsBeta`, POST /api/plugin/updates, which adds beta builds when the key's owner opted in. An answer longer than
    64 KB or nested deeper than 8 levels is not parsed (`checked` stays false). */
UpdateInfo checkForUpdate (const LicenceServerConfig& config, const juce::String& currentVersion,
                           const juce::String& key = {}, bool wantsBeta = false, int timeoutMs = 10000);

} // namespace pluginstore
