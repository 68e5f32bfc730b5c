#pragma once

#include "PluginProcessor.h"

/**
    The licence panel of the example: the licence's state, this computer's Device ID (for offline activation), and
    the four ways to a licence: sign in with the customer account (JUCE's OnlineUnlockForm), start a trial, enter
    the serial, or load a key file (the offline key, a trial key, or the serial key file, which registers online).
*/
class SpaceyAudioProcessorEditor : public juce::AudioProcessorEditor
{
public:
    explicit SpaceyAudioProcessorEditor (SpaceyAudioProcessor&);
    ~SpaceyAudioProcessorEditor() override;

    void paint (juce::Graphics&) override;
    void resized() override;

private:
    class UnlockForm;

    void showSignIn();
    void startTrial();
    void enterSerial();
    void loadKeyFile();
    void runInBackground (std::function<pluginstore::LicenceResult (SpaceyLicence&)> request);
    void showResult (const pluginstore::LicenceResult& result);
    void refresh();

    SpaceyAudioProcessor& audioProcessor;
    juce::Label statusLabel, deviceIdLabel;
    juce::TextButton signInButton { "Sign in..." }, trialButton { "Start trial" }, serialButton { "Enter serial..." },
                     keyFileButton { "Load key file..." }, copyButton { "Copy Device ID" };
    std::unique_ptr<UnlockForm> unlockForm;
    std::unique_ptr<juce::FileChooser> fileChooser;
    std::unique_ptr<juce::AlertWindow> serialWindow;

    JUCE_DECLARE_NON_COPYABLE_WITH_LEAK_DETECTOR (SpaceyAudioProcessorEditor)
};
