namespace pluginstore
{

namespace
{
    // JUCE 7.0.5 and older answer applyKeyFile with a bool, JUCE 7.0.6 and newer with a juce::Result.
    template <typename Outcome>
    bool wasApplied (const Outcome& outcome)
    {
        if constexpr (std::is_same_v<Outcome, bool>)
            return outcome;
        else
            return outcome.wasOk();
    }

    juce::String formatTime (juce::Time time)
    {
        return time.toString (true, true, false, true);
    }

    bool containsAnyIgnoringCase (const juce::StringArray& ids, const juce::StringArray& localIds)
    {
        for (auto& id : ids)
            for (auto& localId : localIds)
                if (id.trim().equalsIgnoreCase (localId.trim()))
                    return true;

        return false;
    }
} // namespace

//==============================================================================
PluginStoreUnlockStatus::PluginStoreUnlockStatus (LicenceServerConfig serverConfig)
    : licenceServerConfig (std::move (serverConfig))
{
}

juce::String PluginStoreUnlockStatus::getProductID()                      { return licenceServerConfig.productId; }
bool PluginStoreUnlockStatus::doesProductIDMatch (const juce::String& id) { return id == licenceServerConfig.productId; }
juce::RSAKey PluginStoreUnlockStatus::getPublicKey()                      { return juce::RSAKey (licenceServerConfig.publicKey); }
juce::String PluginStoreUnlockStatus::getWebsiteName()                    { return licenceServerConfig.serverUrl.getDomain(); }
juce::URL PluginStoreUnlockStatus::getServerAuthenticationURL()           { return getApiUrl ("juce/unlock"); }
juce::StringArray PluginStoreUnlockStatus::getLocalMachineIDs()           { return { getDeviceId() }; }

juce::String PluginStoreUnlockStatus::getDeviceId()
{
    static const auto deviceId = juce::MD5 (("PluginStore:" + juce::SystemStats::getUniqueDeviceID()).toUTF8())
                                     .toHexString()
                                     .toUpperCase();
    return deviceId;
}

juce::File PluginStoreUnlockStatus::getStateFile() const
{
    if (licenceServerConfig.stateFile != juce::File())
        return licenceServerConfig.stateFile;

    return juce::File::getSpecialLocation (juce::File::userApplicationDataDirectory)
        .getChildFile ("PluginStore")
        .getChildFile (juce::File::createLegalFileName (licenceServerConfig.productId) + ".licence");
}

void PluginStoreUnlockStatus::saveState (const juce::String& state)
{
    const auto file = getStateFile();
    file.getParentDirectory().createDirectory();
    file.replaceWithText (state);
    rememberKeyOfState (state);
}

juce::String PluginStoreUnlockStatus::getState()
{
    const auto state = getStateFile().loadFileAsString();
    rememberKeyOfState (state);
    return state;
}

// OnlineUnlockStatus::save() writes its ValueTree gzipped in base64; the applied key file is its "key" property.
void PluginStoreUnlockStatus::rememberKeyOfState (const juce::String& state)
{
    juce::MemoryBlock data;
    data.fromBase64Encoding (state);
    const auto tree = data.isEmpty() ? juce::ValueTree() : juce::ValueTree::readFromGZIPData (data.getData(), data.getSize());
    currentKeyFile = tree.isValid() ? tree.getProperty ("key").toString() : juce::String();
    currentKey = currentKeyFile.isNotEmpty() ? readKeyFile (currentKeyFile) : KeyFileContent();
}

//==============================================================================
juce::URL PluginStoreUnlockStatus::getApiUrl (const juce::String& path) const
{
    return licenceServerConfig.serverUrl.getChildURL ("api/" + path);
}

PluginStoreUnlockStatus::HttpReply PluginStoreUnlockStatus::post (const juce::URL& url, const juce::String& extraHeaders) const
{
    // A WebInputStream rather than URL::createInputStream, so refusals (4xx with a text body) are read too.
    juce::WebInputStream stream (url, true);
    stream.withExtraHeaders (extraHeaders).withConnectionTimeout (licenceServerConfig.connectionTimeoutMs);

    HttpReply reply;
    reply.isConnected = stream.connect (nullptr) && ! stream.isError();

    if (reply.isConnected)
    {
        reply.statusCode = stream.getStatusCode();
        reply.body = stream.readEntireStreamAsString();
    }

    return reply;
}

// The request of JUCE's stock TracktionMarketplaceStatus: product, email, pw, os, mach, form-encoded.
juce::String PluginStoreUnlockStatus::readReplyFromWebserver (const juce::String& email, const juce::String& password)
{
    const auto url = getServerAuthenticationURL()
                         .withParameter ("product", getProductID())
                         .withParameter ("email", email)
                         .withParameter ("pw", password)
                         .withParameter ("os", juce::SystemStats::getOperatingSystemName())
                         .withParameter ("mach", getLocalMachineIDs()[0])
                         .withParameter ("renewable", "1");   // built on this module: it renews expiring keys

    return post (url, {}).body;
}

//==============================================================================
KeyFileContent PluginStoreUnlockStatus::readKeyFile (const juce::String& keyFileText)
{
    // KeyFileUtils::getXmlFromKeyFile: the hex after the last '#', through the public key, little-endian UTF-8.
    KeyFileContent content;
    juce::BigInteger value;
    value.parseString (keyFileText.fromLastOccurrenceOf ("#", false, false).trim(), 16);
    const auto key = getPublicKey();

    if (value.isZero() || value.isNegative() || ! key.isValid() || ! key.applyToValue (value))
        return content;

    const auto bytes = value.toMemoryBlock();

    if (! juce::CharPointer_UTF8::isValidString (static_cast<const char*> (bytes.getData()), static_cast<int> (bytes.getSize())))
        return content;

    const auto xml = juce::parseXML (bytes.toString());

    if (xml == nullptr)
        return content;

    content.user = xml->getStringAttribute ("user");
    content.email = xml->getStringAttribute ("email");
    content.app = xml->getStringAttribute ("app");
    content.isExpiring = xml->hasAttribute ("expiryTime") && xml->hasAttribute ("expiring_mach");
    content.expiryTime = juce::Time (xml->getStringAttribute ("expiryTime").getHexValue64());
    content.machineIds.addTokens (xml->getStringAttribute (content.isExpiring ? "expiring_mach" : "mach"), ",; ", {});
    content.machineIds.trim();
    content.machineIds.removeEmptyStrings();
    content.licenceId = xml->getStringAttribute ("licence");
    content.removalSecret = xml->getStringAttribute ("removal");
    content.isReadable = content.user.isNotEmpty() && content.email.isNotEmpty();
    return content;
}

juce::String PluginStoreUnlockStatus::findKeyFileProblem (const KeyFileContent& content)
{
    if (! content.isReadable)
        return "This file is not a key file of " + licenceServerConfig.productId + ".";

    if (! doesProductIDMatch (content.app))
        return "This key file is for " + content.app + ", not for " + licenceServerConfig.productId + ".";

    if (content.machineIds.isEmpty())
        return "This is your licence's serial key file (" + licenceServerConfig.productId + "_SerialKey.txt): it names no computer, "
               "so it cannot unlock one by itself. Register this computer with it while online, or load the offline key ("
               + licenceServerConfig.productId + "_OfflineKey.txt) that the customer area makes for this computer's Device ID "
               + getDeviceId() + ".";

    if (! containsAnyIgnoringCase (content.machineIds, getLocalMachineIDs()))
        return "This key file is for another computer (Device ID " + content.machineIds.joinIntoString (", ")
               + "). This computer's Device ID is " + getDeviceId() + ".";

    if (content.isRenewable() && content.expiryTime <= juce::Time::getCurrentTime())
        return "This key of " + licenceServerConfig.productId + " expired on " + formatTime (content.expiryTime)
               + ". Connect to the internet and renew it, or unlock " + licenceServerConfig.productId + " again with your account.";

    if (content.isExpiring && content.expiryTime <= juce::Time::getCurrentTime())
        return "The trial of " + licenceServerConfig.productId + " on this computer ended on " + formatTime (content.expiryTime) + ".";

    return {};
}

LicenceResult PluginStoreUnlockStatus::applyOfflineKeyFile (const juce::String& keyFileText)
{
    const auto content = readKeyFile (keyFileText);
    const auto problem = findKeyFileProblem (content);

    // JUCE clears the current unlock before it checks the machine: a key that does not fit is never handed to it.
    if (problem.isNotEmpty())
        return { false, problem };

    if (! wasApplied (applyKeyFile (keyFileText)))
        return { false, "This key file could not be applied." };

    save();

    if (content.isExpiring)
        return { true, "Your trial of " + licenceServerConfig.productId + " runs until " + formatTime (content.expiryTime) + "." };

    return { true, licenceServerConfig.productId + " is now unlocked on this computer." };
}

LicenceResult PluginStoreUnlockStatus::applyOfflineKeyFile (const juce::File& keyFile)
{
    if (! keyFile.existsAsFile())
        return { false, "The file " + keyFile.getFullPathName() + " does not exist." };

    return applyOfflineKeyFile (keyFile.loadFileAsString());
}

//==============================================================================
LicenceResult PluginStoreUnlockStatus::unlockWithAccount (const juce::String& email, const juce::String& password)
{
    const auto result = attemptWebserverUnlock (email, password);

    if (result.succeeded)
        save();

    if (result.succeeded && result.errorMessage.isEmpty())
        return { true, result.informativeMessage };

    if (result.errorMessage.isNotEmpty())
        return { false, result.errorMessage };

    // JUCE 7.0.5 reports a key it could not apply (another computer or product) only as a failure with the
    // server's message, which would read as a success.
    return { false, "The server's key did not unlock this computer (Device ID " + getDeviceId() + ")." };
}

LicenceResult PluginStoreUnlockStatus::registerWithSerialKey (const juce::String& serialOrKeyFile, const juce::String& deviceName)
{
    auto* request = new juce::DynamicObject();
    request->setProperty ("ProductName", licenceServerConfig.productId);
    request->setProperty ("Key", serialOrKeyFile);
    request->setProperty ("DeviceIdHash", getDeviceId());
    request->setProperty ("DeviceName", deviceName);
    const juce::var body (request);

    const auto reply = post (getApiUrl ("userinfo/registerproductfordevice").withPOSTData (juce::JSON::toString (body, true)),
                             "Content-Type: application/json\r\n");

    if (! reply.isConnected)
        return { false, "Couldn't connect to " + getWebsiteName() + ". Please check the internet connection and try again." };

    if (reply.statusCode != 200)
        return { false, reply.body.trim().isNotEmpty() ? reply.body.trim() : getMessageForUnexpectedReply() };

    // The answer is the computer's key file as a JSON string.
    const auto keyFile = juce::JSON::fromString (reply.body);

    if (! keyFile.isString())
        return { false, getMessageForUnexpectedReply() };

    return applyOfflineKeyFile (keyFile.toString());
}

LicenceResult PluginStoreUnlockStatus::startTrial (const juce::String& email)
{
    const auto url = getApiUrl ("juce/trial")
                         .withParameter ("product", getProductID())
                         .withParameter ("email", email)
                         .withParameter ("os", juce::SystemStats::getOperatingSystemName())
                         .withParameter ("mach", getDeviceId());
    const auto reply = post (url, {});

    if (! reply.isConnected)
        return { false, "Couldn't connect to " + getWebsiteName() + ". Please check the internet connection and try again." };

    return applyServerReplyXml (reply.body);
}

// The online-unlock reply: <MESSAGE message="…"><KEY>key file</KEY></MESSAGE> or <ERROR error="…"/>.
LicenceResult PluginStoreUnlockStatus::applyServerReplyXml (const juce::String& replyText)
{
    const auto xml = juce::parseXML (replyText);

    if (xml == nullptr)
        return { false, getMessageForUnexpectedReply() };

    if (xml->hasTagName ("ERROR"))
        return { false, xml->getStringAttribute ("error").trim() };

    const auto* keyElement = xml->getChildByName ("KEY");

    if (keyElement == nullptr)
        return { false, getMessageForUnexpectedReply() };

    const auto applied = applyOfflineKeyFile (keyElement->getAllSubText().trim());

    if (! applied.succeeded)
        return applied;

    const auto message = xml->getStringAttribute ("message").trim();
    return { true, message.isNotEmpty() ? message : applied.message };
}

LicenceResult PluginStoreUnlockStatus::renewKey()
{
    if (! currentKey.isRenewable())
        return { true, "This computer's key of " + licenceServerConfig.productId + " does not expire." };

    const auto url = getApiUrl ("juce/renew")
                         .withParameter ("product", getProductID())
                         .withParameter ("mach", getDeviceId())
                         .withParameter ("key", currentKeyFile);
    const auto reply = post (url, {});
    const auto until = " This computer stays unlocked until " + formatTime (currentKey.expiryTime) + ".";

    if (! reply.isConnected)
        return { false, "Couldn't connect to " + getWebsiteName() + " to renew the key." + until };

    return applyServerReplyXml (reply.body);
}

LicenceResult PluginStoreUnlockStatus::removeFromThisComputer()
{
    if (currentKey.removalSecret.isEmpty())
        return { false, "This computer's key has no removal code. Remove the computer in your customer area at "
                            + getWebsiteName() + " instead." };

    const auto code = computeRemovalCode (currentKey.removalSecret, getDeviceId());

    // The key is deleted before the code is shown: the code says that this plug-in removed it here.
    getStateFile().deleteFile();
    load();

    if (currentKeyFile.isNotEmpty() || static_cast<bool> (isUnlocked()))
        return { false, "The key could not be removed from this computer." };

    lastRemovalCode = code;
    return { true, licenceServerConfig.productId + " was removed from this computer. To free its place, enter the removal code "
                       + code + " in your customer area at " + getWebsiteName() + ", or give it to support." };
}

juce::String PluginStoreUnlockStatus::computeRemovalCode (const juce::String& removalSecret, const juce::String& deviceId)
{
    // HMAC-SHA256 (RFC 2104) over JUCE's SHA256, the secret's UTF-8 bytes as the key.
    constexpr size_t blockSize = 64;
    std::vector<uint8_t> key (removalSecret.toRawUTF8(), removalSecret.toRawUTF8() + removalSecret.getNumBytesAsUTF8());

    if (key.size() > blockSize)
    {
        const auto digest = juce::SHA256 (key.data(), key.size()).getRawData();
        key.assign (static_cast<const uint8_t*> (digest.getData()), static_cast<const uint8_t*> (digest.getData()) + digest.getSize());
    }

    key.resize (blockSize, 0);
    const auto message = ("release:" + deviceId.trim().toUpperCase()).toStdString();

    std::vector<uint8_t> inner, outer;
    for (auto byte : key) inner.push_back (static_cast<uint8_t> (byte ^ 0x36));
    for (auto byte : key) outer.push_back (static_cast<uint8_t> (byte ^ 0x5c));

    inner.insert (inner.end(), message.begin(), message.end());
    const auto innerDigest = juce::SHA256 (inner.data(), inner.size()).getRawData();
    outer.insert (outer.end(), static_cast<const uint8_t*> (innerDigest.getData()),
                  static_cast<const uint8_t*> (innerDigest.getData()) + innerDigest.getSize());
    const auto mac = juce::SHA256 (outer.data(), outer.size()).getRawData();

    const auto digits = juce::String::toHexString (mac.getData(), 6, 0).toUpperCase();
    return digits.substring (0, 4) + "-" + digits.substring (4, 8) + "-" + digits.substring (8, 12);
}

//==============================================================================
bool PluginStoreUnlockStatus::isLicensed() const
{
    return static_cast<bool> (isUnlocked()) || (hasRenewableKey() && ! hasRenewableKeyExpired()) || isTrialRunning();
}

bool PluginStoreUnlockStatus::hasRenewableKey() const
{
    return currentKey.isRenewable() && getExpiryTime().toMilliseconds() > 0;
}

bool PluginStoreUnlockStatus::hasRenewableKeyExpired() const
{
    return hasRenewableKey() && getExpiryTime() <= juce::Time::getCurrentTime();
}

bool PluginStoreUnlockStatus::hasTrial() const
{
    return getExpiryTime().toMilliseconds() > 0 && ! currentKey.isRenewable();
}

bool PluginStoreUnlockStatus::isTrialRunning() const
{
    return hasTrial() && getExpiryTime() > juce::Time::getCurrentTime();
}

juce::Time PluginStoreUnlockStatus::getTrialExpiry() const
{
    return getExpiryTime();
}

juce::String PluginStoreUnlockStatus::describeLicence() const
{
    if (static_cast<bool> (isUnlocked()))
        return "Unlocked for " + getUserEmail();

    if (hasRenewableKeyExpired())
        return "Your key expired on " + formatTime (getExpiryTime()) + ". Connect to the internet to renew it, or unlock "
               + licenceServerConfig.productId + " again with your account.";

    if (hasRenewableKey())
        return "Unlocked for " + getUserEmail() + " until " + formatTime (getExpiryTime()) + " (renewed while online)";

    if (isTrialRunning())
        return "Trial until " + formatTime (getTrialExpiry());

    if (hasTrial())
        return "Trial ended on " + formatTime (getTrialExpiry());

    return "Not unlocked";
}

} // namespace pluginstore
