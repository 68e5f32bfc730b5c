#pragma once

namespace pluginstore
{

/** Where the licence server is, and which product this plug-in is. */
struct LicenceServerConfig
{
    /** The site's address, e.g. "https://shop.example.com". The plug-in endpoints are under its /api path. */
    juce::URL serverUrl;

    /** The product's name exactly as it is spelled in the admin product editor: JUCE compares it with the key
        file's `app` case-sensitively. */
    juce::String productId;

    /** The product's public key in JUCE's text form "e,n" (lower-case hex), from the admin product editor: the
        2048-bit key when the product has "use RSA 2048" set, else the 1024-bit one. */
    juce::String publicKey;

    /** Where the licence state is kept. Empty: "<user application data>/PluginStore/<productId>.licence". */
    juce::File stateFile;

    /** How long to wait for the server to answer a connection (and, once connected, for the answer to move on). A
        request made on a juce::Thread ends sooner when the thread is asked to exit (decision 094). */
    int connectionTimeoutMs = 15000;
};

/** The outcome of a call to the server or of loading a key file: whether it worked, and a text for the customer. */
struct LicenceResult
{
    bool succeeded = false;
    juce::String message;
};

/** What a key file says, read with the product's public key the way JUCE's OnlineUnlockStatus reads it. */
struct KeyFileContent
{
    bool isReadable = false;        // false: not signed with this product's key pair, or not a key file at all
    juce::String user, email, app;
    juce::StringArray machineIds;   // `mach`, or `expiring_mach` for an expiring (trial) key file
    bool isExpiring = false;
    juce::Time expiryTime;
    juce::String licenceId;         // `licence`: an expiring key of this module, renewed while online (not a trial)
    juce::String removalSecret;     // `removal`: the secret of this computer's removal code

    /** An expiring key that names its licence: this module's renewable key, not a trial. */
    bool isRenewable() const { return isExpiring && licenceId.isNotEmpty(); }
};

/** The largest server answer the module reads (the server's largest is a few KB), and the deepest XML or JSON
    nesting it hands to JUCE's recursive parsers (the replies have two levels). */
constexpr int maxServerAnswerBytes = 64 * 1024;
constexpr int maxServerAnswerDepth = 8;

/** Reads at most maxBytes of a stream; false (and nothing) when the stream says or proves it is longer. */
bool readBoundedAnswer (juce::InputStream& stream, juce::String& text, int maxBytes = maxServerAnswerBytes);

/** True when XML (`<a><b>`, text starting with '<') or JSON (`[{`, any other text) nests deeper than maxDepth, checked
    before a recursive parser sees it. XML is followed as JUCE's parser reads it: attribute values quoted with ' or ",
    comments, CDATA sections, processing instructions and character references (`&amp;`, `&#10;`) hide nothing. XML
    it cannot follow safely (a DOCTYPE, whose entities JUCE expands into elements; an unknown character reference; a
    '<' in an attribute value; anything unterminated) counts as too deep: the server's answers never contain it. */
bool nestsDeeperThan (const juce::String& text, int maxDepth = maxServerAnswerDepth);

//==============================================================================
/**
    A ready OnlineUnlockStatus for the Plug-in Store licence server.

    Configure it with the server's address, the product's name and its public key; then
    - unlockWithAccount()       JUCE's online unlock with the customer's web login (email and password),
    - registerWithSerialKey()   registers this computer with the licence's serial number or serial key file,
    - applyOfflineKeyFile()     loads an offline key ({product}_OfflineKey.txt) made in the customer area,
    - startTrial()              asks for a trial key for this computer (no account needed),
    - renewKey()                renews this computer's expiring key (BackgroundRenewal calls it while online),
    - removeFromThisComputer()  deletes this computer's key and answers its removal code,
    and ask isLicensed(), isTrialRunning() and getTrialExpiry() where the plug-in decides what to enable.

    The online unlock tells the server that the plug-in is built on this module (`renewable=1`): for a product whose
    online keys expire, the server then answers an expiring key that names its licence. Stock JUCE leaves
    isUnlocked() false for it; this module counts it as licensed (isLicensed()), and renewKey() replaces it with a
    fresh one while the licence stands.

    Sessions (decision 090): an expiring key (the module's renewable key, or a trial) is judged when a session
    starts, at load() or when a key is applied: a key that works then keeps the product licensed until the next
    load(), so it never ends in the middle of a session. When it has expired, describeLicence() says so and how to
    renew: show it, never fall silent.

    Threads: every member may be called from any thread. The state is guarded by a lock that readers hold only
    briefly (never during a server call), and the requests (the members that call the server, and the ones that
    change the key) run one at a time: a request made while another one runs is refused at once with
    isBusyMessage(). The server calls block: in a plug-in, make them from a background thread, never the message
    or audio thread. A request made on a juce::Thread is cancelled when that thread is asked to exit (stopThread(),
    a ThreadWithProgressWindow's Cancel, JUCE's OnlineUnlockForm closing) and answers
    getMessageForCancelledRequest(): about a second once connected, the connection timeout at most while a
    connection is still being made. Give such a thread that long to stop (stopThread (-1) waits as long as it takes),
    never kill it: a killed thread keeps the request lock, and every later request is refused as busy (decision
    094). Call load() once at start-up to read the saved state. Every helper that changes the licence saves it. The
    members of juce::OnlineUnlockStatus that read or change the state (isUnlocked, getExpiryTime, getUserEmail,
    applyKeyFile, load, save, attemptWebserverUnlock) are hidden by locked ones of the same name; call them on this
    class, and give JUCE's OnlineUnlockForm createUnlockFormStatus(), never the object itself.
*/
class PluginStoreUnlockStatus : public juce::OnlineUnlockStatus
{
public:
    explicit PluginStoreUnlockStatus (LicenceServerConfig serverConfig);
    ~PluginStoreUnlockStatus() override;

    //==============================================================================
    // OnlineUnlockStatus
    juce::String getProductID() override;
    bool doesProductIDMatch (const juce::String& returnedIDFromServer) override;
    juce::RSAKey getPublicKey() override;
    void saveState (const juce::String& state) override;
    juce::String getState() override;
    juce::String getWebsiteName() override;
    juce::URL getServerAuthenticationURL() override;
    juce::String readReplyFromWebserver (const juce::String& email, const juce::String& password) override;

    /** Answers { getDeviceId() }, so the online unlock, the offline key and the trial all name this computer by
        the Device ID the customer sees. */
    juce::StringArray getLocalMachineIDs() override;

    //==============================================================================
    // JUCE's state members, locked (they hide OnlineUnlockStatus's own, which are not virtual).

    /** Reads the saved state and starts a session: expiring keys are judged now (decision 090). */
    void load();
    /** Saves the state; refuses (and re-reads the file) when it would bring back a key removed from this computer. */
    void save();
    juce::var isUnlocked() const;
    juce::Time getExpiryTime() const;
    juce::String getUserEmail() const;
    /** JUCE's applyKeyFile without the module's checks (the console's apply-stock); prefer applyOfflineKeyFile(). */
    auto applyKeyFile (const juce::String& keyFileContent)
    {
        const juce::ScopedLock stateGuard (stateLock);
        auto outcome = juce::OnlineUnlockStatus::applyKeyFile (keyFileContent);
        rememberAppliedKey (keyFileContent);
        return outcome;
    }
    /** JUCE's online unlock, through the module's checks and lock (unlockWithAccount() answers a LicenceResult). */
    UnlockResult attemptWebserverUnlock (const juce::String& email, const juce::String& password);

    /** An object to give one juce::OnlineUnlockForm (keep it as long as the form): its unlock runs through this
        object's checks and lock (JUCE's form would otherwise change the state from its own thread, unlocked). Closing
        the form cancels its request; its connection timeout is at most maxFormConnectionTimeoutMs, so the form's
        thread returns before JUCE would kill it (decision 094). */
    std::unique_ptr<juce::OnlineUnlockStatus> createUnlockFormStatus();

    /** JUCE's OnlineUnlockForm waits 10 s for its thread to stop before it kills it: the form's requests connect
        within this time (the configured connectionTimeoutMs when shorter). */
    static constexpr int maxFormConnectionTimeoutMs = 8000;

    //==============================================================================
    /** This computer's Device ID: 32 upper-case hex characters (MD5 of JUCE's SystemStats::getUniqueDeviceID()).
        Show it to customers who activate offline. Override it to use an ID of your own; it must not contain
        spaces, commas or semicolons. */
    virtual juce::String getDeviceId();

    //==============================================================================
    /** JUCE's online unlock (attemptWebserverUnlock) with the customer's web login; saves the state on success. */
    LicenceResult unlockWithAccount (const juce::String& email, const juce::String& password);

    /** Registers this computer on the licence that `serialOrKeyFile` proves (its serial number, or the text of
        {product}_SerialKey.txt) and applies the computer's key file that the server answers. */
    LicenceResult registerWithSerialKey (const juce::String& serialOrKeyFile, const juce::String& deviceName);

    /** Loads a key file made for this computer ({product}_OfflineKey.txt, or a trial key). A key file that does
        not fit (another computer, another product, the serial key file, a trial while this computer holds a
        licence's key) is refused with a message that says which, and the current licence stays as it was. */
    LicenceResult applyOfflineKeyFile (const juce::String& keyFileText);
    LicenceResult applyOfflineKeyFile (const juce::File& keyFile);

    /** Asks the server for a trial of this product on this computer (one per computer) and applies the expiring
        key file it answers. `email` is optional: it only tells the vendor who is trying the product. Refused
        without a server call while this computer holds a licence's key (hasLicenceKey()). */
    LicenceResult startTrial (const juce::String& email = {});

    //==============================================================================
    /** Renews this computer's expiring key with the key itself (POST /api/juce/renew) and applies the new one. It
        reads the saved state first, so it renews the key this computer holds now (another process may have renewed
        or removed it). A permanent key needs nothing (success). Refused (the licence was refunded, transferred or
        revoked, or the computer removed), the current key keeps working until its expiry and the message says so. */
    LicenceResult renewKey();

    /** Deletes this computer's key and answers, in the message and in `removalCode`, the code that frees its place
        when entered in the customer area (or given to support). The state keeps a removal marker (the removal
        secret's hash), so no running copy of the plug-in writes the key back. Without a key that carries a removal
        secret (stock keys, offline key files), the key is not deleted and the customer is told to remove the
        computer in the customer area instead. */
    LicenceResult removeFromThisComputer();

    /** The removal code this module shows for a removal secret and a Device ID: HMAC-SHA256(secret,
        "release:" + upper-case Device ID), its first 12 hex digits as XXXX-XXXX-XXXX. */
    static juce::String computeRemovalCode (const juce::String& removalSecret, const juce::String& deviceId);

    /** The removal code shown by the last removeFromThisComputer() (empty before). */
    juce::String getLastRemovalCode() const;

    /** True while a request (a server call or a key change) runs; another one is refused meanwhile. */
    bool isRequestRunning() const;

    /** The refusal of a request made while another one runs. */
    juce::String isBusyMessage() const;

    /** The outcome of a request whose juce::Thread was asked to exit while it ran: "The request to … was cancelled." */
    juce::String getMessageForCancelledRequest();

    //==============================================================================
    /** True when the product is unlocked, or its renewable key or trial worked when this session started (load()
        or the last applied key): an expiring key never ends in the middle of a session (decision 090). */
    bool isLicensed() const;

    /** True when this computer holds this module's renewable (expiring) key, expired or not. */
    bool hasRenewableKey() const;

    /** True when this computer holds a licence's key: the module's renewable key or a permanent key, expired or not.
        A trial is not offered then. */
    bool hasLicenceKey() const;

    /** True when this computer's renewable key had expired when this session started: show describeLicence() and
        offer renewKey(). */
    bool hasRenewableKeyExpired() const;

    /** True when the key this computer holds is a trial's (expiring, no licence), running or over. */
    bool hasTrial() const;

    /** True while the trial licenses: its expiry was in the future when this session started. JUCE itself never
        compares it with the clock. */
    bool isTrialRunning() const;

    /** The trial's end (JUCE's getExpiryTime()); the epoch when there is no trial. */
    juce::Time getTrialExpiry() const;

    /** One line for the plug-in's about box: "Unlocked for joe@example.com", "Trial until 24 Dec 2026 10:15am", … */
    juce::String describeLicence() const;

    /** The key file this computer holds (from its unlock, serial registration or offline key; empty without
        one). Pass it to checkForUpdate() to be offered beta builds when its owner opted in to them. */
    juce::String getKeyFileText() const;

    /** Reads a key file with this product's public key, as JUCE's applyKeyFile reads it. */
    KeyFileContent readKeyFile (const juce::String& keyFileText);

    const LicenceServerConfig& getConfig() const noexcept { return licenceServerConfig; }

private:
    struct HttpReply
    {
        bool isConnected = false;
        bool isTooLarge = false;   // longer than maxServerAnswerBytes: not read
        bool isCancelled = false;  // the request's juce::Thread was asked to exit
        int statusCode = 0;
        juce::String body;
    };

    class FormStatus;
    class RequestGuard;

    juce::URL getApiUrl (const juce::String& path) const;
    HttpReply post (const juce::URL& url, const juce::String& extraHeaders) const;
    HttpReply post (const juce::URL& url, const juce::String& extraHeaders, int connectionTimeoutMs) const;
    juce::String readUnlockReply (const juce::String& email, const juce::String& password, int connectionTimeoutMs);
    juce::String postUnlock (const juce::String& email, const juce::String& password, int connectionTimeoutMs);
    juce::File getStateFile() const;
    LicenceResult applyServerReplyXml (const juce::String& replyText, bool isExplicitChange = true);
    LicenceResult applyKeyFileLocked (const juce::String& keyFileText, bool isExplicitChange);
    juce::String findKeyFileProblem (const KeyFileContent& content);
    void rememberKeyOfState (const juce::String& state);
    void reloadFromFile();
    void rememberAppliedKey (const juce::String& keyFileText);

    LicenceServerConfig licenceServerConfig;
    mutable juce::CriticalSection stateLock;   // JUCE's status, and the members below
    juce::CriticalSection requestLock;         // held by the one request that runs
    std::atomic<int> requestsRunning { 0 };
    juce::String currentKeyFile;        // the key file in the saved state, kept in step by getState() and saveState()
    KeyFileContent currentKey;
    juce::String lastRemovalCode;
    juce::Time sessionStart;            // when expiring keys were judged: load(), or the last applied key
    bool changeIsExplicit = false;      // a key the customer applied now may replace a removal marker

    JUCE_DECLARE_NON_COPYABLE_WITH_LEAK_DETECTOR (PluginStoreUnlockStatus)
};

//==============================================================================
/**
    Renews the licence's expiring key on a thread of its own: at start-up and then every `interval` while the
    plug-in runs, so a customer whose licence stands never notices, whether or not the editor is ever opened.
    Own one with the licence (one per process); the editor shows getLastResult() and listens for changes (sent on
    the message thread). A permanent key or a trial is left alone. A renewal that finds the licence busy with the
    customer's own request tries again a minute later.
*/
class BackgroundRenewal : public juce::ChangeBroadcaster,
                          private juce::Thread
{
public:
    explicit BackgroundRenewal (PluginStoreUnlockStatus& licenceToRenew,
                                juce::RelativeTime interval = juce::RelativeTime::hours (4));
    ~BackgroundRenewal() override;

    /** Starts the thread: it renews now and then every interval. */
    void start();

    /** Stops the thread: a renewal that runs is cancelled and waited for (about a second once connected; a connection
        still being made, its connection timeout at most). The thread is never killed (decision 094). */
    void stop();

    /** The outcome of the last renewal; `hasRun` is false before the first. */
    struct Outcome
    {
        bool hasRun = false;
        LicenceResult result;
        juce::Time when;
    };
    Outcome getLastOutcome() const;

    /** Blocks until a renewal has run since `after` (or the timeout passed); for tests and command-line tools. */
    bool waitForOutcomeAfter (juce::Time after, int timeoutMs);

private:
    void run() override;

    PluginStoreUnlockStatus& licence;
    const juce::RelativeTime renewalInterval;
    mutable juce::CriticalSection outcomeLock;
    Outcome lastOutcome;
    juce::WaitableEvent outcomeArrived;
};

} // namespace pluginstore
