namespace pluginstore
{

juce::String getUpdatePlatform()
{
    const auto system = juce::SystemStats::getOperatingSystemType();
    if ((system & juce::SystemStats::MacOSX) != 0) return "macos";
    if ((system & juce::SystemStats::Windows) != 0) return "windows";
    return "linux";
}

bool isNewerVersion (const juce::String& candidate, const juce::String& current)
{
    const auto numbersOf = [] (const juce::String& version) { return juce::StringArray::fromTokens (version.upToFirstOccurrenceOf ("-", false, false), ".", ""); };
    const auto a = numbersOf (candidate), b = numbersOf (current);
    for (int i = 0; i < juce::jmax (a.size(), b.size()); ++i)
        if (a[i].getIntValue() != b[i].getIntValue())
            return a[i].getIntValue() > b[i].getIntValue();
    // The same numbers: a release is newer than its pre-release, nothing else is.
    return candidate.containsChar ('-') == false && current.containsChar ('-');
}

UpdateInfo checkForUpdate (const LicenceServerConfig& config, const juce::String& currentVersion,
                           const juce::String& key, bool wantsBeta, int timeoutMs)
{
    auto url = config.serverUrl.getChildURL ("api/plugin/updates");
    std::unique_ptr<juce::InputStream> stream;

    if (key.isEmpty())
    {
        url = url.withParameter ("product", config.productId).withParameter ("platform", getUpdatePlatform());
        stream = url.createInputStream (juce::URL::InputStreamOptions (juce::URL::ParameterHandling::inAddress)
                                            .withConnectionTimeoutMs (timeoutMs));
    }
    else
    {
        auto body = std::make_unique<juce::DynamicObject>();
        body->setProperty ("product", config.productId);
        body->setProperty ("platform", getUpdatePlatform());
        body->setProperty ("channel", wantsBeta ? "beta" : "stable");
        body->setProperty ("key", key);
        url = url.withPOSTData (juce::JSON::toString (juce::var (body.release()), true));
        stream = url.createInputStream (juce::URL::InputStreamOptions (juce::URL::ParameterHandling::inPostData)
                                            .withConnectionTimeoutMs (timeoutMs)
                                            .withExtraHeaders ("Content-Type: application/json"));
    }

    UpdateInfo info;
    if (stream == nullptr)
        return info;

    // At most 64 KB, and no deeper nesting than the answer has (JUCE's JSON parser recurses per level).
    juce::String text;
    if (! readBoundedAnswer (*stream, text) || nestsDeeperThan (text))
        return info;

    const auto answer = juce::JSON::parse (text);
    if (! answer.isObject())
        return info;

    info.checked = true;
    info.version = answer["version"].isString() ? answer["version"].toString() : juce::String();
    info.releaseDate = answer["releaseDate"].isString() ? answer["releaseDate"].toString() : juce::String();
    info.notes = answer["notes"].toString();
    info.channel = answer["channel"].toString();
    info.downloadPage = juce::URL (answer["downloadPage"].toString());
    info.isAvailable = info.version.isNotEmpty() && isNewerVersion (info.version, currentVersion);
    return info;
}

} // namespace pluginstore
