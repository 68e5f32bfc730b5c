/*
    A console program around pluginstore::PluginStoreUnlockStatus: every way a plug-in gets its licence, from the
    command line. The project's tests run it against the real server (apps/server/test/juce-client.api.test.ts).

    plugin_store_example --server URL --product NAME --public-key E,N [--state FILE] [--device-id ID] [--timeout MS]
                         COMMAND

    --timeout sets the connection timeout (LicenceServerConfig::connectionTimeoutMs, 15000 by default).

    COMMAND is one of
        device-id                    print this computer's Device ID
        unlock EMAIL PASSWORD        JUCE's online unlock with the customer's web login
        register SERIAL|FILE [NAME]  register this computer with the licence's serial or serial key file
        apply FILE                   load an offline key file (the module's checks, then JUCE's applyKeyFile)
        apply-stock FILE             JUCE's own applyKeyFile only, as a stock JUCE plug-in would
        trial [EMAIL]                start a trial on this computer
        renew                        renew this computer's expiring key (the module's renewal)
        remove                       delete this computer's key and print its removal code
        status                       print the saved licence state
        save                         save the state this process holds (as any running copy of a plug-in does)
        hold COMMAND [ARGS]          load the state, print "ready: yes", wait for a line on stdin, then run COMMAND
                                     (a second process that held the state while another one changed it)
        outlive FILE                 apply an expiring key, wait (by the clock) until it has expired, print the state
                                     of the same session (session-*) and of the next one (next-*)
        background-renew             start the module's BackgroundRenewal and print its first outcome
        background-stop              start the module's BackgroundRenewal, wait for a line on stdin (the server holds
                                     the renewal meanwhile), stop it and print how long stop() took (stop-ms)
        interrupt WAIT_MS COMMAND [ARGS]
                                     run COMMAND (form-unlock EMAIL PASSWORD: what JUCE's OnlineUnlockForm runs; renew;
                                     trial; register SERIAL) on a juce::Thread, wait for a line on stdin, then stop the
                                     thread with stopThread (WAIT_MS) as JUCE's form does when it closes (stopped:
                                     by-itself, or killed), and print whether a later request is refused as busy
        nesting FILE...              print, for every file, whether nestsDeeperThan() refuses its text (deeper, within)
        stress RENEWALS              renew on a background thread RENEWALS times (and until a concurrent request
                                     was refused), reading the licence on the main thread meanwhile
        update-check VERSION [KEY|FILE|saved]
                                     ask for a build newer than VERSION (with a key, or the saved one: beta too)

    It prints "key: value" lines (result, message, unlocked, licensed, renewable, trial, licence-key, expiry, licence,
    and removal-code after remove) and exits with 0 when the
    command succeeded, 1 when it was refused, 2 on a usage error.
*/

#include <plugin_store_unlock/plugin_store_unlock.h>

#include <iostream>
#include <functional>

namespace
{
    // A plug-in normally keeps the module's Device ID; the example lets the caller pretend to be another computer.
    class ExampleUnlockStatus : public pluginstore::PluginStoreUnlockStatus
    {
    public:
        ExampleUnlockStatus (pluginstore::LicenceServerConfig config, juce::String deviceIdToUse)
            : PluginStoreUnlockStatus (std::move (config)), deviceIdOverride (std::move (deviceIdToUse))
        {
        }

        juce::String getDeviceId() override
        {
            return deviceIdOverride.isNotEmpty() ? deviceIdOverride : PluginStoreUnlockStatus::getDeviceId();
        }

    private:
        juce::String deviceIdOverride;
    };

    // A request on a juce::Thread of its own, as JUCE's OnlineUnlockForm, a ThreadWithProgressWindow or a plug-in's
    // worker runs it: stopThread() asks it to exit.
    class RequestThread : public juce::Thread
    {
    public:
        explicit RequestThread (std::function<pluginstore::LicenceResult()> requestToRun)
            : juce::Thread ("licence request"), request (std::move (requestToRun))
        {
        }

        ~RequestThread() override { stopThread (-1); }

        void run() override
        {
            auto outcome = request();
            const juce::ScopedLock resultGuard (resultLock);
            result = std::move (outcome);
            hasResult = true;
        }

        bool getResult (pluginstore::LicenceResult& resultToFill) const
        {
            const juce::ScopedLock resultGuard (resultLock);
            resultToFill = result;
            return hasResult;
        }

    private:
        std::function<pluginstore::LicenceResult()> request;
        juce::CriticalSection resultLock;
        pluginstore::LicenceResult result;
        bool hasResult = false;
    };

    void printLine (const juce::String& key, const juce::String& value)
    {
        std::cout << key << ": " << value.replace ("\r", "").replace ("\n", "\\n") << std::endl;
    }

    void printState (const pluginstore::PluginStoreUnlockStatus& status, const juce::String& prefix = {})
    {
        printLine (prefix + "unlocked", static_cast<bool> (status.isUnlocked()) ? "yes" : "no");
        printLine (prefix + "licensed", status.isLicensed() ? "yes" : "no");
        printLine (prefix + "renewable", status.hasRenewableKey() ? "yes" : "no");
        printLine (prefix + "trial", status.hasTrial() ? "yes" : "no");
        printLine (prefix + "licence-key", status.hasLicenceKey() ? "yes" : "no");
        printLine (prefix + "expiry", juce::String (status.getExpiryTime().toMilliseconds()));
        printLine (prefix + "licence", status.describeLicence());
    }

    juce::String readArgumentOrFile (const juce::String& argument)
    {
        const auto file = juce::File::getCurrentWorkingDirectory().getChildFile (argument);
        return file.existsAsFile() ? file.loadFileAsString() : argument;
    }

    int usage (const juce::String& problem)
    {
        std::cerr << problem << "\nusage: plugin_store_example --server URL --product NAME --public-key E,N "
                                "[--state FILE] [--device-id ID] [--timeout MS] COMMAND [ARGS]" << std::endl;
        return 2;
    }

    int runCommand (ExampleUnlockStatus& status, const juce::StringArray& command)
    {
        const auto& name = command[0];
        pluginstore::LicenceResult result;

        if (name == "device-id")
        {
            printLine ("device", status.getDeviceId());
            return 0;
        }

        if (name == "update-check" && (command.size() == 2 || command.size() == 3))
        {
            // update-check CURRENT_VERSION [KEY_OR_FILE|saved]: with a key, asks for beta builds too; "saved" sends
            // the key this computer holds, as the example plug-in's editor does.
            const auto key = command.size() < 3       ? juce::String()
                             : command[2] == "saved" ? status.getKeyFileText()
                                                     : readArgumentOrFile (command[2]);
            const auto update = pluginstore::checkForUpdate (status.getConfig(), command[1], key, key.isNotEmpty());
            if (! update.checked)
                return 1;
            printLine ("update", update.isAvailable ? update.getHeadline (status.getConfig().productId) + ": what's new" : "none");
            printLine ("version", update.version);
            printLine ("channel", update.channel);
            printLine ("notes", update.notes);
            printLine ("download", update.downloadPage.toString (false));
            return 0;
        }

        if (name == "status")
        {
            printState (status);
            return 0;
        }

        if (name == "nesting" && command.size() >= 2)
        {
            for (int i = 1; i < command.size(); ++i)
            {
                const auto file = juce::File::getCurrentWorkingDirectory().getChildFile (command[i]);
                printLine (command[i], pluginstore::nestsDeeperThan (file.loadFileAsString()) ? "deeper" : "within");
            }
            return 0;
        }

        if (name == "hold" && command.size() >= 2)
        {
            printLine ("ready", "yes");
            std::string line;
            std::getline (std::cin, line);
            auto rest = command;
            rest.remove (0);
            return runCommand (status, rest);
        }

        if (name == "outlive" && command.size() == 2)
        {
            // Decision 090: the key is judged when the session starts; it ends at the next one, not in this one.
            result = status.applyOfflineKeyFile (juce::File::getCurrentWorkingDirectory().getChildFile (command[1]));
            printLine ("result", result.succeeded ? "ok" : "refused");
            printLine ("message", result.message);
            printState (status);

            if (! result.succeeded)
                return 1;

            while (juce::Time::getCurrentTime() <= status.getExpiryTime())
                juce::Thread::sleep (20);

            printState (status, "session-");
            ExampleUnlockStatus nextSession (status.getConfig(), status.getDeviceId());
            nextSession.load();
            printState (nextSession, "next-");
            return 0;
        }

        if (name == "background-renew" && command.size() == 1)
        {
            const auto started = juce::Time::getCurrentTime();
            pluginstore::BackgroundRenewal renewal (status);
            renewal.start();
            const auto arrived = renewal.waitForOutcomeAfter (started, 120000);
            renewal.stop();
            const auto outcome = renewal.getLastOutcome();
            printLine ("result", arrived && outcome.result.succeeded ? "ok" : "refused");
            printLine ("message", outcome.result.message);
            printState (status);
            return arrived && outcome.result.succeeded ? 0 : 1;
        }

        if (name == "background-stop" && command.size() == 1)
        {
            // Decision 094: stop() cancels the renewal it waits for, so a host closing the plug-in is not held up.
            pluginstore::BackgroundRenewal renewal (status);
            renewal.start();
            printLine ("started", "yes");
            std::string line;
            std::getline (std::cin, line);
            const auto before = juce::Time::getMillisecondCounterHiRes();
            renewal.stop();
            printLine ("stop-ms", juce::String (juce::roundToInt (juce::Time::getMillisecondCounterHiRes() - before)));
            printLine ("outcome", renewal.getLastOutcome().hasRun ? "recorded" : "none");
            const auto later = status.applyOfflineKeyFile (juce::String());   // a request of its own, no server call
            printLine ("later-request", later.message == status.isBusyMessage() ? "busy" : "ran");
            return 0;
        }

        if (name == "interrupt" && command.size() >= 3)
        {
            // Decision 094: a request's juce::Thread asked to exit (JUCE's form closing: stopThread (10000)) returns by
            // itself, so it is never killed while it holds the request lock.
            const auto waitMs = command[1].getIntValue();
            auto request = command;
            request.removeRange (0, 2);
            std::function<pluginstore::LicenceResult()> call;

            if (request[0] == "form-unlock" && request.size() == 3)
                call = [&status, request]
                {
                    // What JUCE's OnlineUnlockForm runs on its thread: attemptWebserverUnlock of the form's object.
                    const auto formStatus = status.createUnlockFormStatus();
                    const auto outcome = formStatus->attemptWebserverUnlock (request[1], request[2]);
                    return pluginstore::LicenceResult { outcome.succeeded,
                                                        outcome.succeeded ? outcome.informativeMessage : outcome.errorMessage };
                };
            else if (request[0] == "renew" && request.size() == 1)
                call = [&status] { return status.renewKey(); };
            else if (request[0] == "trial" && request.size() == 1)
                call = [&status] { return status.startTrial(); };
            else if (request[0] == "register" && request.size() == 2)
                call = [&status, request] { return status.registerWithSerialKey (request[1], "Example"); };
            else
                return usage ("Unknown request to interrupt: " + request.joinIntoString (" "));

            RequestThread thread (call);
            thread.startThread();
            printLine ("started", "yes");
            std::string line;
            std::getline (std::cin, line);
            const auto before = juce::Time::getMillisecondCounterHiRes();
            const auto stopped = thread.stopThread (waitMs);
            printLine ("stopped", stopped ? "by-itself" : "killed");
            printLine ("stop-ms", juce::String (juce::roundToInt (juce::Time::getMillisecondCounterHiRes() - before)));
            pluginstore::LicenceResult interrupted;
            printLine ("interrupted", thread.getResult (interrupted) ? interrupted.message : juce::String ("(no outcome)"));
            printLine ("request-running", status.isRequestRunning() ? "yes" : "no");
            const auto later = status.applyOfflineKeyFile (juce::String());   // a request of its own, no server call
            printLine ("later-request", later.message == status.isBusyMessage() ? "busy" : "ran");
            return stopped ? 0 : 1;
        }

        if (name == "stress" && command.size() == 2)
        {
            // J1: renewals on a thread of their own (as the plug-in's BackgroundRenewal) while this thread reads what
            // the processor's timer and the editor read, and asks for a request of its own, which must be refused at
            // once while one runs.
            const auto wanted = command[1].getIntValue();
            std::atomic<bool> done { false };
            std::atomic<int> renewed { 0 }, busyRefusals { 0 };
            // A juce::Thread, as the plug-in's BackgroundRenewal: its requests listen for the thread's exit signal.
            RequestThread renewals ([&]
            {
                for (int i = 0; i < 5000 && (i < wanted || busyRefusals.load() == 0); ++i)
                    if (status.renewKey().succeeded)
                        ++renewed;
                done = true;
                return pluginstore::LicenceResult { true, {} };
            });
            renewals.startThread();

            int reads = 0, otherOutcomes = 0;
            double slowestRefusalMs = 0;

            while (! done)
            {
                reads += status.isLicensed() ? 1 : 0;
                const auto line = status.describeLicence();
                const auto key = status.getKeyFileText();
                const auto expiry = status.getExpiryTime();
                juce::ignoreUnused (line, key, expiry, status.isUnlocked(), status.hasTrial());

                if (status.isRequestRunning())
                {
                    const auto before = juce::Time::getMillisecondCounterHiRes();
                    const auto other = status.renewKey();
                    const auto took = juce::Time::getMillisecondCounterHiRes() - before;

                    if (! other.succeeded && other.message == status.isBusyMessage())
                    {
                        ++busyRefusals;
                        slowestRefusalMs = juce::jmax (slowestRefusalMs, took);
                    }
                    else
                        ++otherOutcomes;
                }
            }

            renewals.waitForThreadToExit (-1);
            printLine ("renewed", juce::String (renewed.load()));
            printLine ("reads", juce::String (reads));
            printLine ("busy-refusals", juce::String (busyRefusals.load()));
            printLine ("busy-message", status.isBusyMessage());
            printLine ("slowest-refusal-ms", juce::String (slowestRefusalMs, 3));
            printLine ("other-outcomes", juce::String (otherOutcomes));
            printState (status);
            return renewed.load() >= wanted && busyRefusals.load() > 0 ? 0 : 1;
        }

        if (name == "unlock" && command.size() == 3)
            result = status.unlockWithAccount (command[1], command[2]);
        else if (name == "register" && (command.size() == 2 || command.size() == 3))
            result = status.registerWithSerialKey (readArgumentOrFile (command[1]), command.size() == 3 ? command[2] : "Example");
        else if (name == "apply" && command.size() == 2)
            result = status.applyOfflineKeyFile (juce::File::getCurrentWorkingDirectory().getChildFile (command[1]));
        else if (name == "apply-stock" && command.size() == 2)
        {
            const auto keyFile = juce::File::getCurrentWorkingDirectory().getChildFile (command[1]).loadFileAsString();
            const auto outcome = status.applyKeyFile (keyFile);
            result.succeeded = static_cast<bool> (status.isUnlocked()) || status.getExpiryTime().toMilliseconds() > 0;
            juce::ignoreUnused (outcome);
        }
        else if (name == "trial" && command.size() <= 2)
            result = status.startTrial (command[1]);
        else if (name == "renew" && command.size() == 1)
            result = status.renewKey();
        else if (name == "save" && command.size() == 1)
        {
            status.save();
            result.succeeded = true;
        }
        else if (name == "remove" && command.size() == 1)
        {
            result = status.removeFromThisComputer();
            printLine ("removal-code", status.getLastRemovalCode());
        }
        else
            return usage ("Unknown command or wrong arguments: " + command.joinIntoString (" "));

        printLine ("result", result.succeeded ? "ok" : "refused");
        printLine ("message", result.message);
        printState (status);
        return result.succeeded ? 0 : 1;
    }
} // namespace

int main (int argc, char* argv[])
{
    juce::StringArray arguments;

    for (int i = 1; i < argc; ++i)
        arguments.add (juce::CharPointer_UTF8 (argv[i]));

    pluginstore::LicenceServerConfig config;
    juce::String deviceId;

    while (arguments.size() >= 2 && arguments[0].startsWith ("--"))
    {
        const auto option = arguments[0];
        const auto value = arguments[1];
        arguments.removeRange (0, 2);

        if (option == "--server")          config.serverUrl = juce::URL (value);
        else if (option == "--product")    config.productId = value;
        else if (option == "--public-key") config.publicKey = value;
        else if (option == "--state")      config.stateFile = juce::File::getCurrentWorkingDirectory().getChildFile (value);
        else if (option == "--device-id")  deviceId = value;
        else if (option == "--timeout")    config.connectionTimeoutMs = value.getIntValue();
        else                               return usage ("Unknown option " + option);
    }

    if (arguments.isEmpty() || config.serverUrl.isEmpty() || config.productId.isEmpty() || config.publicKey.isEmpty())
        return usage ("--server, --product, --public-key and a command are required.");

    int exitCode = 0;
    {
        ExampleUnlockStatus status (config, deviceId);
        status.load();
        exitCode = runCommand (status, arguments);
    }

    juce::DeletedAtShutdown::deleteAll();
    juce::MessageManager::deleteInstance();
    return exitCode;
}
