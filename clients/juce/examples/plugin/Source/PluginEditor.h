#pragma once

#include "PluginProcessor.h"

/**
    The licence panel of the example: the licence's state, this computer's Device ID (for offline activation), and
    the four ways to a licence: sign in with the customer account (JUCE's OnlineUnlockForm), start a trial, enter
    the serial, or load a key file (the offline key, a trial key, or the serial key file, which registers online).

    It shows what the licence's background renewal (Licence.h) last said: until when the key works, or why it was
    not renewed; the editor itself never renews. When it opens it asks the server for a newer build: "Spacey 1.3.0 is available: what's new", linking to the download page.
    "Remove from this computer" deletes the key and shows the removal code that frees its place.
*/
class SpaceyAudioProcessorEditor : public juce::AudioProcessorEditor,
                                   private juce::ChangeListener
{
public:
    explicit SpaceyAudioProcessorEditor (SpaceyAudioProcessor&);
    ~SpaceyAudioProcessorEditor() override;

    void paint (juce::Graphics&) override;
    void resized() override;

private:
    class UnlockForm;

    using LicenceRequest = std::function<pluginstore::LicenceResult (SpaceyLicence&)>;

    void showSignIn();
    void startTrial();
    void enterSerial();
    void loadKeyFile();
    void removeFromThisComputer();
    void changeListenerCallback (juce::ChangeBroadcaster*) override;
    void checkForUpdate();
    void showUpdate (const pluginstore::UpdateInfo& update);
    void runInBackground (LicenceRequest request);
    void setButtonsEnabled (bool shouldBeEnabled);
    void showResult (const pluginstore::LicenceResult& result);
    void showRenewal();
    void refresh();

    SpaceyAudioProcessor& audioProcessor;
    juce::Label statusLabel, renewalLabel, deviceIdLabel, updateLabel;
    juce::HyperlinkButton updateLink;   // "what's new": the download page of the newer build
    juce::TooltipWindow tooltipWindow { this };   // shows the update's notes over the link
    juce::TextButton signInButton { "Sign in..." }, trialButton { "Start trial" }, serialButton { "Enter serial..." },
                     keyFileButton { "Load key file..." }, copyButton { "Copy Device ID" },
                     removeButton { "Remove from this computer" };
    std::unique_ptr<UnlockForm> unlockForm;
    std::unique_ptr<juce::FileChooser> fileChooser;
    std::unique_ptr<juce::AlertWindow> serialWindow;

    JUCE_DECLARE_NON_COPYABLE_WITH_LEAK_DETECTOR (SpaceyAudioProcessorEditor)
};
