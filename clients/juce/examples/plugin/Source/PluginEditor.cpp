#include "PluginEditor.h"

// JUCE's email-and-password form. It calls attemptWebserverUnlock on its own thread and dismiss() on success. It
// gets the module's form object (createUnlockFormStatus), so the unlock runs through the licence's checks and lock
// and is saved there; dismiss() only closes the form. Closing the editor while the form signs in stops that thread
// (JUCE waits 10 s, then kills it): the module cancels the request, so the thread returns by itself (decision 094).
struct FormStatusHolder   // a base before JUCE's form: made before it, deleted after its unlock thread has stopped
{
    std::unique_ptr<juce::OnlineUnlockStatus> formStatus;
};

class SpaceyAudioProcessorEditor::UnlockForm : private FormStatusHolder,
                                               public juce::OnlineUnlockForm
{
public:
    UnlockForm (SpaceyLicence& licence, std::function<void()> onDismiss)
        : FormStatusHolder { licence.createUnlockFormStatus() },
          OnlineUnlockForm (*formStatus, "Sign in with the email address and password of your customer account."),
          dismissed (std::move (onDismiss))
    {
    }

    void dismiss() override
    {
        juce::MessageManager::callAsync (dismissed);   // the owner deletes the form, after this call has returned
    }

private:
    std::function<void()> dismissed;
};

SpaceyAudioProcessorEditor::SpaceyAudioProcessorEditor (SpaceyAudioProcessor& processorToEdit)
    : AudioProcessorEditor (processorToEdit), audioProcessor (processorToEdit)
{
    for (auto* label : { &statusLabel, &renewalLabel, &deviceIdLabel, &updateLabel })
    {
        label->setJustificationType (juce::Justification::centred);
        addAndMakeVisible (label);
    }

    for (auto* button : { &signInButton, &trialButton, &serialButton, &keyFileButton, &copyButton, &removeButton })
        addAndMakeVisible (button);

    updateLabel.setJustificationType (juce::Justification::centredRight);
    updateLink.setButtonText ("what's new");
    updateLink.setJustificationType (juce::Justification::centredLeft);
    addChildComponent (updateLink);

    signInButton.onClick  = [this] { showSignIn(); };
    trialButton.onClick   = [this] { startTrial(); };
    serialButton.onClick  = [this] { enterSerial(); };
    keyFileButton.onClick = [this] { loadKeyFile(); };
    removeButton.onClick  = [this] { removeFromThisComputer(); };
    copyButton.onClick    = [this] { juce::SystemClipboard::copyTextToClipboard (audioProcessor.getLicence().getDeviceId()); };

    deviceIdLabel.setText ("Device ID: " + audioProcessor.getLicence().getDeviceId(), juce::dontSendNotification);
    refresh();
    setSize (520, 340);

    // The licence renews itself in the background (Licence.h); the editor shows the last outcome and every new one.
    audioProcessor.getLicence().getRenewal().addChangeListener (this);
    showRenewal();
    checkForUpdate();
}

SpaceyAudioProcessorEditor::~SpaceyAudioProcessorEditor()
{
    audioProcessor.getLicence().getRenewal().removeChangeListener (this);
}

void SpaceyAudioProcessorEditor::paint (juce::Graphics& g)
{
    g.fillAll (getLookAndFeel().findColour (juce::ResizableWindow::backgroundColourId));
}

void SpaceyAudioProcessorEditor::resized()
{
    auto area = getLocalBounds().reduced (16);
    auto updateRow = area.removeFromTop (24);
    updateLabel.setBounds (updateRow.removeFromLeft (updateRow.getWidth() * 2 / 3));
    updateLink.setBounds (updateRow);
    statusLabel.setBounds (area.removeFromTop (32));
    renewalLabel.setBounds (area.removeFromTop (40));
    deviceIdLabel.setBounds (area.removeFromTop (24));
    copyButton.setBounds (area.removeFromTop (28).withSizeKeepingCentre (160, 28));
    area.removeFromTop (16);

    auto row = area.removeFromTop (32);
    const auto width = row.getWidth() / 4;
    for (auto* button : { &signInButton, &trialButton, &serialButton, &keyFileButton })
        button->setBounds (row.removeFromLeft (width).reduced (4, 0));

    area.removeFromTop (12);
    removeButton.setBounds (area.removeFromTop (28).withSizeKeepingCentre (220, 28));

    if (unlockForm != nullptr)
        unlockForm->setBounds (getLocalBounds());
}

void SpaceyAudioProcessorEditor::refresh()
{
    audioProcessor.refreshLicence();
    auto& licence = audioProcessor.getLicence();
    statusLabel.setText (licence.describeLicence(), juce::dontSendNotification);
    // A trial only where no licence's key is held, expired or not (a trial never replaces it).
    trialButton.setEnabled (! audioProcessor.isLicensed() && ! licence.hasTrial() && ! licence.hasLicenceKey());
    removeButton.setEnabled (audioProcessor.isLicensed() && ! licence.hasTrial());

    // Until when the key works: a renewable key is renewed while online (renewKey), a permanent one never ends.
    if (! licence.hasRenewableKey())
        renewalLabel.setText (static_cast<bool> (licence.isUnlocked()) ? "This computer's key does not expire." : juce::String(),
                              juce::dontSendNotification);
}

void SpaceyAudioProcessorEditor::changeListenerCallback (juce::ChangeBroadcaster*)
{
    showRenewal();
}

// What the licence's background renewal last said, under the licence line, never in a box: a customer whose licence
// stands never has to do anything.
void SpaceyAudioProcessorEditor::showRenewal()
{
    refresh();
    auto& licence = audioProcessor.getLicence();
    const auto outcome = licence.getRenewal().getLastOutcome();

    if (! outcome.hasRun || ! licence.hasRenewableKey())
        return;

    // Renewed: until when the new key works. Refused (refunded, revoked, removed) or offline: the server's or the
    // module's message, which says until when this computer keeps working.
    renewalLabel.setText (outcome.result.succeeded
                              ? "Key renewed. It works until " + licence.getExpiryTime().toString (true, false) + "."
                              : outcome.result.message,
                          juce::dontSendNotification);
}

// Asks for a newer build of this product on its own thread, with copies of the licence's configuration and key: the
// key lets the server offer beta builds when its owner opted in to them in the customer area.
void SpaceyAudioProcessorEditor::checkForUpdate()
{
    juce::Component::SafePointer<SpaceyAudioProcessorEditor> safeThis (this);
    auto& licence = audioProcessor.getLicence();

    juce::Thread::launch ([safeThis, config = licence.getConfig(), key = licence.getKeyFileText()]
    {
        const auto update = pluginstore::checkForUpdate (config, JucePlugin_VersionString, key, key.isNotEmpty());

        juce::MessageManager::callAsync ([safeThis, update]
        {
            if (auto* editor = safeThis.getComponent())
                editor->showUpdate (update);
        });
    });
}

void SpaceyAudioProcessorEditor::showUpdate (const pluginstore::UpdateInfo& update)
{
    if (! update.isAvailable)
        return;

    // "Spacey 1.3.0 is available: what's new", the link opening the download page, the notes in its tooltip.
    updateLabel.setText (update.getHeadline (audioProcessor.getLicence().getConfig().productId) + ":", juce::dontSendNotification);
    updateLink.setURL (update.downloadPage);
    updateLink.setTooltip (update.notes);
    updateLink.setVisible (true);
}

void SpaceyAudioProcessorEditor::removeFromThisComputer()
{
    // No server call: the module deletes the key and computes the code that frees the place in the customer area.
    const auto result = audioProcessor.getLicence().removeFromThisComputer();
    refresh();
    juce::AlertWindow::showMessageBoxAsync (result.succeeded ? juce::MessageBoxIconType::InfoIcon
                                                             : juce::MessageBoxIconType::WarningIcon,
                                            result.succeeded ? "Removal code " + audioProcessor.getLicence().getLastRemovalCode()
                                                             : juce::String ("Spacey was not removed"),
                                            result.message);
}

void SpaceyAudioProcessorEditor::showSignIn()
{
    juce::Component::SafePointer<SpaceyAudioProcessorEditor> safeThis (this);
    unlockForm = std::make_unique<UnlockForm> (audioProcessor.getLicence(), [safeThis]
    {
        if (auto* editor = safeThis.getComponent())
        {
            editor->unlockForm.reset();
            editor->refresh();
        }
    });
    addAndMakeVisible (*unlockForm);
    resized();
}

void SpaceyAudioProcessorEditor::startTrial()
{
    runInBackground ([] (SpaceyLicence& licence) { return licence.startTrial(); });
}

void SpaceyAudioProcessorEditor::enterSerial()
{
    serialWindow = std::make_unique<juce::AlertWindow> ("Register this computer",
                                                        "Enter the serial number of your licence.",
                                                        juce::MessageBoxIconType::NoIcon, this);
    serialWindow->addTextEditor ("serial", {}, "Serial");
    serialWindow->addButton ("Register", 1, juce::KeyPress (juce::KeyPress::returnKey));
    serialWindow->addButton ("Cancel", 0, juce::KeyPress (juce::KeyPress::escapeKey));

    juce::Component::SafePointer<SpaceyAudioProcessorEditor> safeThis (this);
    serialWindow->enterModalState (true, juce::ModalCallbackFunction::create ([safeThis] (int choice)
    {
        auto* editor = safeThis.getComponent();

        if (editor == nullptr)
            return;

        const auto serial = editor->serialWindow->getTextEditorContents ("serial").trim();
        editor->serialWindow.reset();

        if (choice == 1 && serial.isNotEmpty())
            editor->runInBackground ([serial] (SpaceyLicence& licence)
            {
                return licence.registerWithSerialKey (serial, juce::SystemStats::getComputerName());
            });
    }));
}

void SpaceyAudioProcessorEditor::loadKeyFile()
{
    fileChooser = std::make_unique<juce::FileChooser> ("Load a key file", juce::File(), "*.txt");
    juce::Component::SafePointer<SpaceyAudioProcessorEditor> safeThis (this);

    fileChooser->launchAsync (juce::FileBrowserComponent::openMode | juce::FileBrowserComponent::canSelectFiles,
                              [safeThis] (const juce::FileChooser& chooser)
    {
        auto* editor = safeThis.getComponent();
        const auto file = chooser.getResult();

        if (editor == nullptr || ! file.existsAsFile())
            return;

        const auto text = file.loadFileAsString();
        const auto content = editor->audioProcessor.getLicence().readKeyFile (text);

        // The licence's serial key file ({product}_SerialKey.txt) names no computer: it registers this one online.
        if (content.isReadable && content.machineIds.isEmpty())
        {
            editor->runInBackground ([text] (SpaceyLicence& licence)
            {
                return licence.registerWithSerialKey (text, juce::SystemStats::getComputerName());
            });
            return;
        }

        editor->showResult (editor->audioProcessor.getLicence().applyOfflineKeyFile (text));
    });
}

// The licence server's calls block: they run on a thread of their own, and the answer comes back on the message
// thread. The buttons stay disabled meanwhile; the module runs one request at a time and refuses another one at once
// (the background renewal, or another instance's editor), with a message that says so.
void SpaceyAudioProcessorEditor::runInBackground (LicenceRequest request)
{
    setButtonsEnabled (false);

    juce::Component::SafePointer<SpaceyAudioProcessorEditor> safeThis (this);
    juce::SharedResourcePointer<SpaceyLicence> licence;   // keeps the licence alive while the request runs

    juce::Thread::launch ([safeThis, licence, request]() mutable
    {
        const auto result = request (*licence);

        juce::MessageManager::callAsync ([safeThis, result]
        {
            if (auto* editor = safeThis.getComponent())
                editor->showResult (result);
        });
    });
}

void SpaceyAudioProcessorEditor::setButtonsEnabled (bool shouldBeEnabled)
{
    for (auto* button : { &signInButton, &trialButton, &serialButton, &keyFileButton, &removeButton })
        button->setEnabled (shouldBeEnabled);
}

void SpaceyAudioProcessorEditor::showResult (const pluginstore::LicenceResult& result)
{
    setButtonsEnabled (true);
    refresh();
    juce::AlertWindow::showMessageBoxAsync (result.succeeded ? juce::MessageBoxIconType::InfoIcon
                                                             : juce::MessageBoxIconType::WarningIcon,
                                            result.succeeded ? "Spacey" : "Spacey could not be unlocked",
                                            result.message);
}
