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

    // JUCE's OnlineUnlockStatus state: its ValueTree, gzipped, in base64 (OnlineUnlockStatus::save()).
    juce::ValueTree decodeState (const juce::String& state)
    {
        juce::MemoryBlock data;
        data.fromBase64Encoding (state);
        return data.isEmpty() ? juce::ValueTree() : juce::ValueTree::readFromGZIPData (data.getData(), data.getSize());
    }

    juce::String encodeState (const juce::ValueTree& tree)
    {
        juce::MemoryOutputStream out;
        {
            juce::GZIPCompressorOutputStream gzip (out, 9);
            tree.writeToStream (gzip);
        }
        return out.getMemoryBlock().toBase64Encoding();
    }

    // The state's properties: JUCE's (OnlineUnlockStatus.cpp) and the removal marker of this module.
    const juce::Identifier keyProperty ("key"), unlockedProperty ("u"), expiryProperty ("t"),
                           removedProperty ("removed"), removedAtProperty ("removedAt");

    juce::String errorReply (const juce::String& message)
    {
        juce::XmlElement error ("ERROR");
        error.setAttribute ("error", message);
        return error.toString (juce::XmlElement::TextFormat().singleLine().withoutHeader());
    }

    juce::String hashOfRemovalSecret (const juce::String& secret)
    {
        return juce::SHA256 (("removal:" + secret).toUTF8()).toHexString();
    }

    // A request made on a juce::Thread ends when the thread is asked to exit (stopThread, a ThreadWithProgressWindow's
    // cancel, JUCE's OnlineUnlockForm closing, BackgroundRenewal::stop()): the thread that asks cancels the stream, so
    // the request's thread returns by itself, never killed while it holds the request lock (decision 094). Once
    // connected that takes about a second; a connection still being made ends at its timeout (libcurl's wait for it
    // cannot be woken). Other threads (std::thread, the main thread) have no such signal: their requests run to the end.
    class CancelWhenThreadShouldExit : private juce::Thread::Listener
    {
    public:
        explicit CancelWhenThreadShouldExit (juce::WebInputStream& streamToCancel)
            : stream (streamToCancel), thread (juce::Thread::getCurrentThread())
        {
            if (thread != nullptr)
                thread->addListener (this);
        }

        ~CancelWhenThreadShouldExit() override
        {
            if (thread != nullptr)
                thread->removeListener (this);   // after a running exitSignalSent(): JUCE calls it under the list's lock
        }

        // Checked after the listener is added, so a signal sent before is seen too.
        bool isCancelled() const { return thread != nullptr && thread->threadShouldExit(); }

    private:
        void exitSignalSent() override { stream.cancel(); }   // on the thread that asks; JUCE's cancel is meant for it

        juce::WebInputStream& stream;
        juce::Thread* const thread;

        JUCE_DECLARE_NON_COPYABLE (CancelWhenThreadShouldExit)
    };
} // namespace

bool readBoundedAnswer (juce::InputStream& stream, juce::String& text, int maxBytes)
{
    text = {};
    const auto declared = stream.getTotalLength();

    if (declared > maxBytes)
        return false;

    juce::MemoryBlock data;
    char buffer[8192];

    while (! stream.isExhausted())
    {
        const auto got = stream.read (buffer, sizeof (buffer));

        if (got <= 0)
            break;

        data.append (buffer, static_cast<size_t> (got));

        if (data.getSize() > static_cast<size_t> (maxBytes))
            return false;
    }

    text = juce::String::fromUTF8 (static_cast<const char*> (data.getData()), static_cast<int> (data.getSize()));
    return true;
}

namespace
{
    using TextPointer = juce::String::CharPointerType;

    bool startsWith (TextPointer p, const char* prefix)
    {
        return juce::CharacterFunctions::compareUpTo (p, juce::CharPointer_ASCII (prefix), static_cast<int> (std::strlen (prefix))) == 0;
    }

    // The characters of JUCE's XML names (XmlIdentifierChars).
    bool isXmlNameChar (juce::juce_wchar c)
    {
        return juce::CharacterFunctions::isLetterOrDigit (c) || c == '_' || c == '-' || c == ':' || c == '.';
    }

    /*  Reads XML as JUCE's XmlDocument does, without recursion, and says whether it nests deeper than maxDepth. It
        follows only well-formed XML without a DOCTYPE (what the server answers): attribute values quoted with ' or ",
        comments, CDATA sections, processing instructions, and the five named and numeric character references.
        Anything else (a DOCTYPE, whose entities JUCE expands into elements; an unknown or unterminated reference,
        which JUCE reads up to the next ';' whatever it crosses; a '<' in an attribute value; an unterminated comment,
        CDATA section or tag) counts as too deep: where this reader could lose its place, JUCE's might differ. JUCE
        reads only the first element, so nothing after it is looked at. */
    class XmlNesting
    {
    public:
        XmlNesting (TextPointer text, int maxDepthToUse) : p (text), maxDepth (maxDepthToUse) {}

        bool isDeeperOrUnreadable()
        {
            if (! skipProlog() || ! isAtStartTag())
                return true;

            for (int depth = 0;;)
            {
                const auto tag = readStartTag();

                if (tag == Tag::unreadable || (tag == Tag::opened && ++depth > maxDepth))
                    return true;

                // The content up to the next child element, or to the end tags that close the root.
                for (;;)
                {
                    if (depth == 0)
                        return false;

                    if (! skipCharacters())
                        return true;

                    if (startsWith (p, "</"))
                    {
                        p += 2;

                        if (! skipName())
                            return true;

                        skipWhitespace();

                        if (*p != '>')
                            return true;

                        ++p;
                        --depth;
                    }
                    else if (startsWith (p, "<![CDATA["))
                    {
                        if (! skipPast (9, "]]>"))
                            return true;
                    }
                    else if (startsWith (p, "<!--"))
                    {
                        if (! skipPast (4, "-->"))
                            return true;
                    }
                    else if (startsWith (p, "<?"))
                    {
                        if (! skipPast (2, "?>"))
                            return true;
                    }
                    else if (isAtStartTag())
                        break;
                    else
                        return true;   // '<!' of a declaration, or a lone '<'
                }
            }
        }

    private:
        enum class Tag { empty, opened, unreadable };

        bool isAtStartTag() const  { return *p == '<' && isXmlNameChar (p[1]); }

        bool skipWhitespace()
        {
            const auto start = p;
            p.incrementToEndOfWhitespace();
            return p != start;
        }

        bool skipName()
        {
            const auto start = p;

            while (isXmlNameChar (*p))
                ++p;

            return p != start;
        }

        // Skips from p + prefixLength past the first `end`; false when there is none.
        bool skipPast (int prefixLength, const char* end)
        {
            p += prefixLength;
            const auto found = p.indexOf (juce::CharPointer_ASCII (end));

            if (found < 0)
                return false;

            p += found + static_cast<int> (std::strlen (end));
            return true;
        }

        // Whitespace, comments and processing instructions before the root (the XML declaration among them).
        bool skipProlog()
        {
            for (;;)
            {
                skipWhitespace();

                if (startsWith (p, "<!--"))
                {
                    if (! skipPast (4, "-->"))
                        return false;
                }
                else if (startsWith (p, "<?"))
                {
                    if (! skipPast (2, "?>"))
                        return false;
                }
                else
                    return true;
            }
        }

        // &amp; &lt; &gt; &quot; &apos; &#N; &#xN;: exactly the characters JUCE's readEntity consumes for them.
        bool skipReference()
        {
            ++p;

            for (auto* name : { "amp;", "lt;", "gt;", "quot;", "apos;" })
            {
                if (startsWith (p, name))
                {
                    p += static_cast<int> (std::strlen (name));
                    return true;
                }
            }

            if (*p != '#')
                return false;

            ++p;
            const auto isHex = *p == 'x';
            const auto maxDigits = isHex ? 6 : 7;   // up to U+10FFFF

            if (isHex)
                ++p;

            int digits = 0;

            while (digits <= maxDigits && (isHex ? juce::CharacterFunctions::getHexDigitValue (*p) >= 0
                                                 : (*p >= '0' && *p <= '9')))
            {
                ++p;
                ++digits;
            }

            if (digits == 0 || digits > maxDigits || *p != ';')
                return false;

            ++p;
            return true;
        }

        // Text up to the next '<'.
        bool skipCharacters()
        {
            while (*p != '<')
            {
                if (*p == 0)
                    return false;

                if (*p == '&')
                {
                    if (! skipReference())
                        return false;
                }
                else
                    ++p;
            }

            return true;
        }

        // From the '<' of a start tag past its '>' or "/>".
        Tag readStartTag()
        {
            ++p;
            skipName();

            for (;;)
            {
                const auto hadWhitespace = skipWhitespace();

                if (startsWith (p, "/>"))
                {
                    p += 2;
                    return Tag::empty;
                }

                if (*p == '>')
                {
                    ++p;
                    return Tag::opened;
                }

                if (! hadWhitespace || ! skipName())
                    return Tag::unreadable;

                skipWhitespace();

                if (*p != '=')
                    return Tag::unreadable;

                ++p;
                skipWhitespace();
                const auto quote = *p;

                if (quote != '"' && quote != '\'')
                    return Tag::unreadable;

                for (++p; *p != quote; )
                {
                    if (*p == 0 || *p == '<')
                        return Tag::unreadable;

                    if (*p == '&')
                    {
                        if (! skipReference())
                            return Tag::unreadable;
                    }
                    else
                        ++p;
                }

                ++p;
            }
        }

        TextPointer p;
        const int maxDepth;
    };

    // JSON as JUCE's JSON parser reads it: [ and { deepen outside strings, which are quoted with " or ' and escape one
    // character with a backslash. Where the parser would stop at a syntax error, nothing after matters.
    bool jsonNestsDeeperThan (TextPointer p, int maxDepth)
    {
        int depth = 0;
        juce::juce_wchar quote = 0;

        for (; ! p.isEmpty(); ++p)
        {
            const auto c = *p;

            if (quote != 0)
            {
                if (c == '\\' && p[1] != 0)   ++p;
                else if (c == quote)          quote = 0;
            }
            else if (c == '"' || c == '\'')   quote = c;
            else if (c == '[' || c == '{')
            {
                if (++depth > maxDepth)
                    return true;
            }
            else if (c == ']' || c == '}')    --depth;
        }

        return false;
    }
} // namespace

bool nestsDeeperThan (const juce::String& text, int maxDepth)
{
    // XML starts with '<' (after whitespace), as JUCE's XML parser requires; anything else is read as JSON.
    auto start = text.getCharPointer();
    start.incrementToEndOfWhitespace();

    if (*start == '<')
        return XmlNesting (start, maxDepth).isDeeperOrUnreadable();

    return jsonNestsDeeperThan (start, maxDepth);
}

//==============================================================================
// The object JUCE's OnlineUnlockForm gets: its attemptWebserverUnlock (JUCE's, on the form's thread) asks
// readReplyFromWebserver here, which runs the licence's own checked and locked unlock and answers JUCE a reply that
// says the outcome. JUCE then applies the key to this object's own state, which nobody reads.
class PluginStoreUnlockStatus::FormStatus : public juce::OnlineUnlockStatus
{
public:
    FormStatus (PluginStoreUnlockStatus& ownerToUse, int connectionTimeoutMsToUse)
        : owner (ownerToUse), connectionTimeoutMs (connectionTimeoutMsToUse) {}

    juce::String getProductID() override                          { return owner.getProductID(); }
    bool doesProductIDMatch (const juce::String& id) override     { return owner.doesProductIDMatch (id); }
    juce::RSAKey getPublicKey() override                          { return owner.getPublicKey(); }
    void saveState (const juce::String&) override                 {}
    juce::String getState() override                             { return {}; }
    juce::String getWebsiteName() override                        { return owner.getWebsiteName(); }
    juce::URL getServerAuthenticationURL() override               { return owner.getServerAuthenticationURL(); }
    juce::StringArray getLocalMachineIDs() override               { return owner.getLocalMachineIDs(); }

    juce::String readReplyFromWebserver (const juce::String& email, const juce::String& password) override
    {
        return owner.postUnlock (email, password, connectionTimeoutMs);
    }

private:
    PluginStoreUnlockStatus& owner;
    const int connectionTimeoutMs;
};

// One request at a time: a request made while another runs is refused at once, never waits (decision 090).
class PluginStoreUnlockStatus::RequestGuard
{
public:
    explicit RequestGuard (PluginStoreUnlockStatus& ownerToUse)
        : owner (ownerToUse), entered (owner.requestLock.tryEnter())
    {
        if (entered)
            ++owner.requestsRunning;
    }

    ~RequestGuard()
    {
        if (entered)
        {
            --owner.requestsRunning;
            owner.requestLock.exit();
        }
    }

    bool isRefused() const noexcept { return ! entered; }
    LicenceResult refusal() const { return { false, owner.isBusyMessage() }; }

private:
    PluginStoreUnlockStatus& owner;
    const bool entered;

    JUCE_DECLARE_NON_COPYABLE (RequestGuard)
};

//==============================================================================
PluginStoreUnlockStatus::PluginStoreUnlockStatus (LicenceServerConfig serverConfig)
    : licenceServerConfig (std::move (serverConfig))
{
}

PluginStoreUnlockStatus::~PluginStoreUnlockStatus() = default;

juce::String PluginStoreUnlockStatus::getProductID()                      { return licenceServerConfig.productId; }
bool PluginStoreUnlockStatus::doesProductIDMatch (const juce::String& id) { return id == licenceServerConfig.productId; }
juce::RSAKey PluginStoreUnlockStatus::getPublicKey()                      { return juce::RSAKey (licenceServerConfig.publicKey); }
juce::String PluginStoreUnlockStatus::getWebsiteName()                    { return licenceServerConfig.serverUrl.getDomain(); }
juce::URL PluginStoreUnlockStatus::getServerAuthenticationURL()           { return getApiUrl ("juce/unlock"); }
juce::StringArray PluginStoreUnlockStatus::getLocalMachineIDs()           { return { getDeviceId() }; }

std::unique_ptr<juce::OnlineUnlockStatus> PluginStoreUnlockStatus::createUnlockFormStatus()
{
    // Closing JUCE's form while it signs in stops its thread with stopThread (10000), which kills the thread after
    // 10 s. Its request is cancelled then, but a connection still being made waits for its timeout: that timeout
    // stays below the form's 10 s, so the thread always returns by itself (decision 094).
    return std::make_unique<FormStatus> (*this, juce::jmin (licenceServerConfig.connectionTimeoutMs, maxFormConnectionTimeoutMs));
}

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

//==============================================================================
void PluginStoreUnlockStatus::load()
{
    const juce::ScopedLock stateGuard (stateLock);
    sessionStart = juce::Time::getCurrentTime();
    juce::OnlineUnlockStatus::load();
}

// The file's state, as another process may have written it; the session's judgement (sessionStart) stays.
void PluginStoreUnlockStatus::reloadFromFile()
{
    const juce::ScopedLock stateGuard (stateLock);
    juce::OnlineUnlockStatus::load();
}

void PluginStoreUnlockStatus::save()
{
    const juce::ScopedLock stateGuard (stateLock);
    juce::OnlineUnlockStatus::save();
}

juce::var PluginStoreUnlockStatus::isUnlocked() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return juce::OnlineUnlockStatus::isUnlocked();
}

juce::Time PluginStoreUnlockStatus::getExpiryTime() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return juce::OnlineUnlockStatus::getExpiryTime();
}

juce::String PluginStoreUnlockStatus::getUserEmail() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return juce::OnlineUnlockStatus::getUserEmail();
}

juce::String PluginStoreUnlockStatus::getKeyFileText() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return currentKeyFile;
}

juce::String PluginStoreUnlockStatus::getLastRemovalCode() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return lastRemovalCode;
}

bool PluginStoreUnlockStatus::isRequestRunning() const
{
    return requestsRunning.load() > 0;
}

juce::String PluginStoreUnlockStatus::isBusyMessage() const
{
    return "Another licence request of " + licenceServerConfig.productId + " is running. Try again when it has finished.";
}

// Called by JUCE's save() under stateLock. The written state is made consistent first: only the current key's kind
// of JUCE property stays (a permanent key's "u" or an expiring key's "t", J6), and a key whose removal secret was
// removed from this computer (the file's marker) is not written back by a stale copy of the state (J5).
void PluginStoreUnlockStatus::saveState (const juce::String& state)
{
    const juce::ScopedLock stateGuard (stateLock);
    const auto file = getStateFile();
    auto tree = decodeState (state);

    if (! tree.isValid())
        tree = juce::ValueTree ("REG");

    const auto keyText = tree.getProperty (keyProperty).toString();
    const auto key = keyText.isNotEmpty() ? readKeyFile (keyText) : KeyFileContent();

    if (key.isReadable)
        tree.removeProperty (key.isExpiring ? unlockedProperty : expiryProperty, nullptr);

    const auto onFile = decodeState (file.loadFileAsString());
    const auto removed = onFile.isValid() ? onFile.getProperty (removedProperty).toString() : juce::String();

    if (removed.isNotEmpty())
    {
        const auto isRemovedKey = key.removalSecret.isNotEmpty() && hashOfRemovalSecret (key.removalSecret) == removed;

        if (isRemovedKey && ! changeIsExplicit)
        {
            // Removed from this computer while this copy of the state was held: keep the file, take its state.
            juce::OnlineUnlockStatus::load();
            return;
        }

        if (changeIsExplicit)
        {
            tree.removeProperty (removedProperty, nullptr);
            tree.removeProperty (removedAtProperty, nullptr);
        }
        else
        {
            tree.setProperty (removedProperty, removed, nullptr);
            tree.setProperty (removedAtProperty, onFile.getProperty (removedAtProperty), nullptr);
        }
    }

    const auto text = encodeState (tree);
    file.getParentDirectory().createDirectory();
    file.replaceWithText (text);

    if (text != state)
        juce::OnlineUnlockStatus::load();   // JUCE's status as written (it reads it back through getState())
    else
        rememberKeyOfState (text);
}

// After JUCE's applyKeyFile alone (no save): the key it holds now, judged from now.
void PluginStoreUnlockStatus::rememberAppliedKey (const juce::String& keyFileText)
{
    const juce::ScopedLock stateGuard (stateLock);
    sessionStart = juce::Time::getCurrentTime();

    if (static_cast<bool> (juce::OnlineUnlockStatus::isUnlocked()) || juce::OnlineUnlockStatus::getExpiryTime().toMilliseconds() > 0)
    {
        currentKeyFile = keyFileText;
        currentKey = readKeyFile (keyFileText);
    }
}

juce::String PluginStoreUnlockStatus::getState()
{
    const juce::ScopedLock stateGuard (stateLock);
    const auto state = getStateFile().loadFileAsString();
    rememberKeyOfState (state);
    return state;
}

// The applied key file is the state's "key" property.
void PluginStoreUnlockStatus::rememberKeyOfState (const juce::String& state)
{
    const auto tree = decodeState (state);
    currentKeyFile = tree.isValid() ? tree.getProperty (keyProperty).toString() : juce::String();
    currentKey = currentKeyFile.isNotEmpty() ? readKeyFile (currentKeyFile) : KeyFileContent();
}

//==============================================================================
juce::URL PluginStoreUnlockStatus::getApiUrl (const juce::String& path) const
{
    return licenceServerConfig.serverUrl.getChildURL ("api/" + path);
}

PluginStoreUnlockStatus::HttpReply PluginStoreUnlockStatus::post (const juce::URL& url, const juce::String& extraHeaders) const
{
    return post (url, extraHeaders, licenceServerConfig.connectionTimeoutMs);
}

PluginStoreUnlockStatus::HttpReply PluginStoreUnlockStatus::post (const juce::URL& url, const juce::String& extraHeaders,
                                                                  int connectionTimeoutMs) const
{
    // A WebInputStream rather than URL::createInputStream, so refusals (4xx with a text body) are read too.
    juce::WebInputStream stream (url, true);
    stream.withExtraHeaders (extraHeaders).withConnectionTimeout (connectionTimeoutMs);
    const CancelWhenThreadShouldExit cancellation (stream);

    HttpReply reply;
    reply.isConnected = ! cancellation.isCancelled() && stream.connect (nullptr) && ! stream.isError();

    if (reply.isConnected)
    {
        reply.statusCode = stream.getStatusCode();
        reply.isTooLarge = ! readBoundedAnswer (stream, reply.body);
    }

    if (cancellation.isCancelled())
    {
        reply = {};
        reply.isCancelled = true;
    }

    return reply;
}

juce::String PluginStoreUnlockStatus::getMessageForCancelledRequest()
{
    return "The request to " + getWebsiteName() + " was cancelled.";
}

// The request of JUCE's stock TracktionMarketplaceStatus: product, email, pw, os, mach, form-encoded.
juce::String PluginStoreUnlockStatus::readReplyFromWebserver (const juce::String& email, const juce::String& password)
{
    return readUnlockReply (email, password, licenceServerConfig.connectionTimeoutMs);
}

juce::String PluginStoreUnlockStatus::readUnlockReply (const juce::String& email, const juce::String& password, int connectionTimeoutMs)
{
    const auto url = getServerAuthenticationURL()
                         .withParameter ("product", getProductID())
                         .withParameter ("email", email)
                         .withParameter ("pw", password)
                         .withParameter ("os", juce::SystemStats::getOperatingSystemName())
                         .withParameter ("mach", getLocalMachineIDs()[0])
                         .withParameter ("renewable", "1");   // built on this module: it renews expiring keys

    const auto reply = post (url, {}, connectionTimeoutMs);

    if (reply.isCancelled)
        return errorReply (getMessageForCancelledRequest());   // not empty: JUCE would probe the internet first

    return reply.isTooLarge ? errorReply (getMessageForUnexpectedReply()) : reply.body;
}

// The unlock behind unlockWithAccount() and the form: the server call outside the state lock, the key applied
// through the module's checks under it. Answers JUCE a reply that says the outcome (an empty one: no connection,
// so JUCE's own connection message follows).
juce::String PluginStoreUnlockStatus::postUnlock (const juce::String& email, const juce::String& password, int connectionTimeoutMs)
{
    RequestGuard request (*this);

    if (request.isRefused())
        return errorReply (isBusyMessage());

    const auto reply = readUnlockReply (email, password, connectionTimeoutMs);

    if (reply.isEmpty())
        return reply;

    const auto applied = applyServerReplyXml (reply);

    if (! applied.succeeded)
        return errorReply (applied.message);

    juce::XmlElement message ("MESSAGE");
    message.setAttribute ("message", applied.message);
    message.createNewChildElement ("KEY")->addTextElement (getKeyFileText());
    return message.toString (juce::XmlElement::TextFormat().singleLine().withoutHeader());
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

    // A trial never replaces a licence's key (J4): the licence id and the removal secret would be gone.
    if (content.isExpiring && content.licenceId.isEmpty() && hasLicenceKey())
        return "This computer already has " + licenceServerConfig.productId + "'s licence, so a trial is not needed."
               + (hasRenewableKeyExpired() ? " Connect to the internet to renew its key, or unlock " + licenceServerConfig.productId
                                                 + " again with your account."
                                           : juce::String());

    return {};
}

LicenceResult PluginStoreUnlockStatus::applyOfflineKeyFile (const juce::String& keyFileText)
{
    RequestGuard request (*this);

    if (request.isRefused())
        return request.refusal();

    return applyKeyFileLocked (keyFileText, true);
}

// A request is running (RequestGuard). `isExplicitChange`: the customer applies this key now, so it may replace a
// removal marker; a renewal may not.
LicenceResult PluginStoreUnlockStatus::applyKeyFileLocked (const juce::String& keyFileText, bool isExplicitChange)
{
    const auto content = readKeyFile (keyFileText);
    const juce::ScopedLock stateGuard (stateLock);
    const auto problem = findKeyFileProblem (content);

    // JUCE clears the current unlock before it checks the machine: a key that does not fit is never handed to it.
    if (problem.isNotEmpty())
        return { false, problem };

    if (! wasApplied (juce::OnlineUnlockStatus::applyKeyFile (keyFileText)))
    {
        reloadFromFile();
        return { false, "This key file could not be applied." };
    }

    changeIsExplicit = isExplicitChange;
    juce::OnlineUnlockStatus::save();   // through saveState(): the other kind's property goes (J6), a removal holds (J5)
    changeIsExplicit = false;

    if (currentKeyFile != keyFileText)
        return { false, "This computer's key of " + licenceServerConfig.productId + " was removed from this computer; "
                        "it is not written back." };

    sessionStart = juce::Time::getCurrentTime();

    if (content.isRenewable())
        return { true, licenceServerConfig.productId + " is now unlocked on this computer until " + formatTime (content.expiryTime)
                           + " (renewed while online)." };

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
PluginStoreUnlockStatus::UnlockResult PluginStoreUnlockStatus::attemptWebserverUnlock (const juce::String& email, const juce::String& password)
{
    // Its own JUCE state: JUCE applies the key there too, and nobody else touches it.
    FormStatus once (*this, licenceServerConfig.connectionTimeoutMs);
    return once.attemptWebserverUnlock (email, password);
}

LicenceResult PluginStoreUnlockStatus::unlockWithAccount (const juce::String& email, const juce::String& password)
{
    // JUCE's own unlock (its connection message and probes when the server is down), through the form's object:
    // the key reaches this object only through postUnlock(), checked and locked.
    const auto result = attemptWebserverUnlock (email, password);

    if (result.succeeded && result.errorMessage.isEmpty())
        return { true, result.informativeMessage };

    if (result.errorMessage.isNotEmpty())
        return { false, result.errorMessage };

    return { false, "The server's key did not unlock this computer (Device ID " + getDeviceId() + ")." };
}

LicenceResult PluginStoreUnlockStatus::registerWithSerialKey (const juce::String& serialOrKeyFile, const juce::String& deviceName)
{
    RequestGuard request (*this);

    if (request.isRefused())
        return request.refusal();

    auto* body = new juce::DynamicObject();
    body->setProperty ("ProductName", licenceServerConfig.productId);
    body->setProperty ("Key", serialOrKeyFile);
    body->setProperty ("DeviceIdHash", getDeviceId());
    body->setProperty ("DeviceName", deviceName);
    const juce::var json (body);

    const auto reply = post (getApiUrl ("userinfo/registerproductfordevice").withPOSTData (juce::JSON::toString (json, true)),
                             "Content-Type: application/json\r\n");

    if (reply.isCancelled)
        return { false, getMessageForCancelledRequest() };

    if (! reply.isConnected)
        return { false, "Couldn't connect to " + getWebsiteName() + ". Please check the internet connection and try again." };

    if (reply.isTooLarge || nestsDeeperThan (reply.body))
        return { false, getMessageForUnexpectedReply() };

    if (reply.statusCode != 200)
        return { false, reply.body.trim().isNotEmpty() ? reply.body.trim() : getMessageForUnexpectedReply() };

    // The answer is the computer's key file as a JSON string.
    const auto keyFile = juce::JSON::fromString (reply.body);

    if (! keyFile.isString())
        return { false, getMessageForUnexpectedReply() };

    return applyKeyFileLocked (keyFile.toString(), true);
}

LicenceResult PluginStoreUnlockStatus::startTrial (const juce::String& email)
{
    RequestGuard request (*this);

    if (request.isRefused())
        return request.refusal();

    if (hasLicenceKey())
        return { false, "This computer already has " + licenceServerConfig.productId + "'s licence, so a trial is not needed." };

    const auto url = getApiUrl ("juce/trial")
                         .withParameter ("product", getProductID())
                         .withParameter ("email", email)
                         .withParameter ("os", juce::SystemStats::getOperatingSystemName())
                         .withParameter ("mach", getDeviceId());
    const auto reply = post (url, {});

    if (reply.isCancelled)
        return { false, getMessageForCancelledRequest() };

    if (! reply.isConnected)
        return { false, "Couldn't connect to " + getWebsiteName() + ". Please check the internet connection and try again." };

    if (reply.isTooLarge)
        return { false, getMessageForUnexpectedReply() };

    return applyServerReplyXml (reply.body);
}

// The online-unlock reply: <MESSAGE message="…"><KEY>key file</KEY></MESSAGE> or <ERROR error="…"/>. A request is
// running (RequestGuard).
LicenceResult PluginStoreUnlockStatus::applyServerReplyXml (const juce::String& replyText, bool isExplicitChange)
{
    // JUCE's XML parser recurses once per level: a deeply nested answer would overflow the thread's stack (J7).
    if (nestsDeeperThan (replyText))
        return { false, getMessageForUnexpectedReply() };

    const auto xml = juce::parseXML (replyText);

    if (xml == nullptr)
        return { false, getMessageForUnexpectedReply() };

    if (xml->hasTagName ("ERROR"))
    {
        const auto error = xml->getStringAttribute ("error").trim();
        return { false, error.isNotEmpty() ? error : getMessageForUnexpectedReply() };
    }

    const auto* keyElement = xml->getChildByName ("KEY");

    if (keyElement == nullptr)
        return { false, getMessageForUnexpectedReply() };

    const auto applied = applyKeyFileLocked (keyElement->getAllSubText().trim(), isExplicitChange);

    if (! applied.succeeded)
        return applied;

    const auto message = xml->getStringAttribute ("message").trim();
    return { true, message.isNotEmpty() ? message : applied.message };
}

LicenceResult PluginStoreUnlockStatus::renewKey()
{
    RequestGuard request (*this);

    if (request.isRefused())
        return request.refusal();

    // The key this computer holds now: another process may have renewed it, or removed it (J5).
    juce::String keyFile;
    KeyFileContent key;
    {
        const juce::ScopedLock stateGuard (stateLock);
        reloadFromFile();
        keyFile = currentKeyFile;
        key = currentKey;
    }

    if (! key.isRenewable())
        return { true, keyFile.isEmpty() ? "This computer holds no key of " + licenceServerConfig.productId + " to renew."
                                         : "This computer's key of " + licenceServerConfig.productId + " does not expire." };

    const auto url = getApiUrl ("juce/renew")
                         .withParameter ("product", getProductID())
                         .withParameter ("mach", getDeviceId())
                         .withParameter ("key", keyFile);
    const auto reply = post (url, {});
    // Until when the key works; a key that has expired (it may still work until the plug-in is loaded again) says so.
    const auto until = key.expiryTime > juce::Time::getCurrentTime()
                           ? " This computer stays unlocked until " + formatTime (key.expiryTime) + "."
                           : " This computer's key expired on " + formatTime (key.expiryTime) + ".";

    if (reply.isCancelled)
        return { false, getMessageForCancelledRequest() + until };

    if (! reply.isConnected)
        return { false, "Couldn't connect to " + getWebsiteName() + " to renew the key." + until };

    if (reply.isTooLarge)
        return { false, getMessageForUnexpectedReply() };

    return applyServerReplyXml (reply.body, false);
}

LicenceResult PluginStoreUnlockStatus::removeFromThisComputer()
{
    RequestGuard request (*this);

    if (request.isRefused())
        return request.refusal();

    const juce::ScopedLock stateGuard (stateLock);
    reloadFromFile();   // the file's key, as every running copy of the plug-in shares it

    if (currentKey.removalSecret.isEmpty())
        return { false, "This computer's key has no removal code. Remove the computer in your customer area at "
                            + getWebsiteName() + " instead." };

    const auto code = computeRemovalCode (currentKey.removalSecret, getDeviceId());

    // The key is removed before the code is shown: the code says that this plug-in removed it here. The state keeps
    // a removal marker (the secret's hash), so another running copy's save or renewal cannot write the key back.
    juce::ValueTree removed ("REG");
    removed.setProperty (removedProperty, hashOfRemovalSecret (currentKey.removalSecret), nullptr);
    removed.setProperty (removedAtProperty, juce::Time::getCurrentTime().toMilliseconds(), nullptr);
    const auto file = getStateFile();
    const auto written = file.replaceWithText (encodeState (removed));
    reloadFromFile();

    if (! written || currentKeyFile.isNotEmpty() || static_cast<bool> (isUnlocked()))
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
// The state is read under the lock; nothing here allocates beyond a String for describeLicence().
// An expiring key is judged at sessionStart (load() or the last applied key), never against the running clock, so
// it never ends in the middle of a session (decision 090).
bool PluginStoreUnlockStatus::isLicensed() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return static_cast<bool> (juce::OnlineUnlockStatus::isUnlocked()) || (hasRenewableKey() && ! hasRenewableKeyExpired())
           || isTrialRunning();
}

bool PluginStoreUnlockStatus::hasRenewableKey() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return currentKey.isRenewable() && juce::OnlineUnlockStatus::getExpiryTime().toMilliseconds() > 0;
}

bool PluginStoreUnlockStatus::hasLicenceKey() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return currentKey.isReadable && (currentKey.isRenewable() || ! currentKey.isExpiring);
}

bool PluginStoreUnlockStatus::hasRenewableKeyExpired() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return hasRenewableKey() && juce::OnlineUnlockStatus::getExpiryTime() <= sessionStart;
}

bool PluginStoreUnlockStatus::hasTrial() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return currentKey.isReadable && currentKey.isExpiring && currentKey.licenceId.isEmpty()
           && juce::OnlineUnlockStatus::getExpiryTime().toMilliseconds() > 0;
}

bool PluginStoreUnlockStatus::isTrialRunning() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return hasTrial() && juce::OnlineUnlockStatus::getExpiryTime() > sessionStart;
}

juce::Time PluginStoreUnlockStatus::getTrialExpiry() const
{
    const juce::ScopedLock stateGuard (stateLock);
    return hasTrial() ? juce::OnlineUnlockStatus::getExpiryTime() : juce::Time();
}

juce::String PluginStoreUnlockStatus::describeLicence() const
{
    const juce::ScopedLock stateGuard (stateLock);
    const auto& product = licenceServerConfig.productId;
    const auto expiry = juce::OnlineUnlockStatus::getExpiryTime();
    const auto hasRunOut = expiry <= juce::Time::getCurrentTime();

    if (static_cast<bool> (juce::OnlineUnlockStatus::isUnlocked()))
        return "Unlocked for " + juce::OnlineUnlockStatus::getUserEmail();

    if (hasRenewableKeyExpired())
        return "Your key expired on " + formatTime (expiry) + ". Connect to the internet to renew it, or unlock "
               + product + " again with your account.";

    if (hasRenewableKey() && hasRunOut)
        return "Your key expired on " + formatTime (expiry) + ". " + product + " works until it is loaded again; connect to "
               "the internet to renew the key, or unlock " + product + " again with your account.";

    if (hasRenewableKey())
        return "Unlocked for " + juce::OnlineUnlockStatus::getUserEmail() + " until " + formatTime (expiry) + " (renewed while online)";

    if (isTrialRunning() && hasRunOut)
        return "Trial ended on " + formatTime (expiry) + ". " + product + " works until it is loaded again.";

    if (isTrialRunning())
        return "Trial until " + formatTime (expiry);

    if (hasTrial())
        return "Trial ended on " + formatTime (expiry);

    return "Not unlocked";
}

//==============================================================================
BackgroundRenewal::BackgroundRenewal (PluginStoreUnlockStatus& licenceToRenew, juce::RelativeTime interval)
    : juce::Thread ("licence renewal"), licence (licenceToRenew), renewalInterval (interval)
{
}

BackgroundRenewal::~BackgroundRenewal()
{
    stop();
}

void BackgroundRenewal::start()
{
    startThread();
}

void BackgroundRenewal::stop()
{
    // Asking the thread to exit cancels the renewal it runs (the request ends within about a second), so the thread is
    // waited for, never killed: a killed thread would keep the licence's request lock for good (decision 094).
    stopThread (-1);
}

BackgroundRenewal::Outcome BackgroundRenewal::getLastOutcome() const
{
    const juce::ScopedLock outcomeGuard (outcomeLock);
    return lastOutcome;
}

bool BackgroundRenewal::waitForOutcomeAfter (juce::Time after, int timeoutMs)
{
    const auto deadline = juce::Time::getMillisecondCounter() + static_cast<juce::uint32> (timeoutMs);

    for (;;)
    {
        {
            const juce::ScopedLock outcomeGuard (outcomeLock);
            if (lastOutcome.hasRun && lastOutcome.when >= after)
                return true;
        }

        const auto now = juce::Time::getMillisecondCounter();
        if (now >= deadline || ! outcomeArrived.wait (static_cast<int> (deadline - now)))
            return false;
    }
}

void BackgroundRenewal::run()
{
    while (! threadShouldExit())
    {
        auto waitMs = static_cast<int> (renewalInterval.inMilliseconds());

        if (licence.hasRenewableKey())
        {
            const auto result = licence.renewKey();
            const auto busy = ! result.succeeded && result.message == licence.isBusyMessage();

            if (threadShouldExit())
                break;   // stopped: the renewal was cancelled, its outcome says nothing

            if (busy)
                waitMs = juce::jmin (waitMs, 60 * 1000);   // the customer's own request: try again a minute later
            else
            {
                {
                    const juce::ScopedLock outcomeGuard (outcomeLock);
                    lastOutcome = { true, result, juce::Time::getCurrentTime() };
                }
                outcomeArrived.signal();
                sendChangeMessage();
            }
        }
        else
        {
            {
                const juce::ScopedLock outcomeGuard (outcomeLock);
                lastOutcome = { true, { true, {} }, juce::Time::getCurrentTime() };
            }
            outcomeArrived.signal();
        }

        wait (waitMs);
    }
}

} // namespace pluginstore
