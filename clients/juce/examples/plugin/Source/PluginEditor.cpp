#include "PluginEditor.h"

// JUCE's email-and-password form. It calls attemptWebserverUnlock on its own thread and dismiss() on success; it
// does not save, so dismiss() saves the state and closes the form.
class SpaceyAudioProcessorEditor::UnlockForm : public juce::OnlineUnlockForm
{
public:
    UnlockForm (SpaceyLicence& licenceToUse, std::function<void()> onDismiss)
        : OnlineUnlockForm (licenceToUse, "Sign in with the email address and password of your customer account."),
          licence (licenceToUse), dismissed (std::move (onDismiss))
    {
    }

    void dismiss() override
    {
        licence.save();
        juce::MessageManager::callAsync (dismissed);   // the owner deletes the form, after this call has returned
    }

private:
    SpaceyLicence& licence;
    std::function<void()> dismissed;
};

SpaceyAudioProcessorEditor::SpaceyAudioProcessorEditor (SpaceyAudioProcessor& processorToEdit)
    : AudioProcessorEditor (processorToEdit), audioProcessor (processorToEdit)
{
    for (auto* label : { &statusLabel, &deviceIdLabel })
    {
        label->setJustificationType (juce::Justification::centred);
        addAndMakeVisible (label);
    }

    for (auto* button : { &signInButton, &trialButton, &serialButton, &keyFileButton, &copyButton })
        addAndMakeVisible (button);

    signInButton.onClick  = [this] { showSignIn(); };
    trialButton.onClick   = [this] { startTrial(); };
    serialButton.onClick  = [this] { enterSerial(); };
    keyFileButton.onClick = [this] { loadKeyFile(); };
    copyButton.onClick    = [this] { juce::SystemClipboard::copyTextToClipboard (audioProcessor.getLicence().getDeviceId()); };

    deviceIdLabel.setText ("Device ID: " + audioProcessor.getLicence().getDeviceId(), juce::dontSendNotification);
    refresh();
    setSize (480, 260);
}

SpaceyAudioProcessorEditor::~SpaceyAudioProcessorEditor() = default;

void SpaceyAudioProcessorEditor::paint (juce::Graphics& g)
{
    g.fillAll (getLookAndFeel().findColour (juce::ResizableWindow::backgroundColourId));
}

void SpaceyAudioProcessorEditor::resized()
{
    auto area = getLocalBounds().reduced (16);
    statusLabel.setBounds (area.removeFromTop (32));
    deviceIdLabel.setBounds (area.removeFromTop (24));
    copyButton.setBounds (area.removeFromTop (28).withSizeKeepingCentre (160, 28));
    area.removeFromTop (16);

    auto row = area.removeFromTop (32);
    const auto width = row.getWidth() / 4;
    for (auto* button : { &signInButton, &trialButton, &serialButton, &keyFileButton })
        button->setBounds (row.removeFromLeft (width).reduced (4, 0));

    if (unlockForm != nullptr)
        unlockForm->setBounds (getLocalBounds());
}

void SpaceyAudioProcessorEditor::refresh()
{
    audioProcessor.refreshLicence();
    statusLabel.setText (audioProcessor.getLicence().describeLicence(), juce::dontSendNotification);
    trialButton.setEnabled (! audioProcessor.isLicensed() && ! audioProcessor.getLicence().hasTrial());
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
// thread. The buttons stay disabled meanwhile, so the licence is not used from two threads at once.
void SpaceyAudioProcessorEditor::runInBackground (std::function<pluginstore::LicenceResult (SpaceyLicence&)> request)
{
    for (auto* button : { &signInButton, &trialButton, &serialButton, &keyFileButton })
        button->setEnabled (false);

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

void SpaceyAudioProcessorEditor::showResult (const pluginstore::LicenceResult& result)
{
    for (auto* button : { &signInButton, &serialButton, &keyFileButton })
        button->setEnabled (true);

    refresh();
    juce::AlertWindow::showMessageBoxAsync (result.succeeded ? juce::MessageBoxIconType::InfoIcon
                                                             : juce::MessageBoxIconType::WarningIcon,
                                            result.succeeded ? "Spacey" : "Spacey could not be unlocked",
                                            result.message);
}
