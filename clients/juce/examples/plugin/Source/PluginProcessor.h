#pragma once

#include <juce_audio_processors/juce_audio_processors.h>
#include <juce_gui_extra/juce_gui_extra.h>
#include "Licence.h"

/** Passes audio through while the product is licensed (unlocked, its key or trial working when the session started),
    and is silent otherwise. The licence (Licence.h) renews its key in the background. */
class SpaceyAudioProcessor : public juce::AudioProcessor,
                             private juce::Timer
{
public:
    SpaceyAudioProcessor();
    ~SpaceyAudioProcessor() override;

    /** Reads the licence again (after an unlock, a key file, a trial or a renewal; and once a minute). An expiring key
        or trial is judged when the session starts (decision 090): it never ends while the plug-in runs, only at the
        next load. */
    void refreshLicence();
    bool isLicensed() const noexcept { return licensed.load(); }
    SpaceyLicence& getLicence() noexcept { return *licence; }

    void prepareToPlay (double, int) override {}
    void releaseResources() override {}
    bool isBusesLayoutSupported (const BusesLayout& layouts) const override;
    void processBlock (juce::AudioBuffer<float>&, juce::MidiBuffer&) override;
    using AudioProcessor::processBlock;

    juce::AudioProcessorEditor* createEditor() override;
    bool hasEditor() const override { return true; }

    const juce::String getName() const override { return JucePlugin_Name; }
    bool acceptsMidi() const override { return false; }
    bool producesMidi() const override { return false; }
    double getTailLengthSeconds() const override { return 0.0; }

    int getNumPrograms() override { return 1; }
    int getCurrentProgram() override { return 0; }
    void setCurrentProgram (int) override {}
    const juce::String getProgramName (int) override { return {}; }
    void changeProgramName (int, const juce::String&) override {}

    void getStateInformation (juce::MemoryBlock&) override {}
    void setStateInformation (const void*, int) override {}

private:
    void timerCallback() override { refreshLicence(); }

    juce::SharedResourcePointer<SpaceyLicence> licence;
    std::atomic<bool> licensed { false };   // read on the audio thread; the licence itself is not real-time safe

    JUCE_DECLARE_NON_COPYABLE_WITH_LEAK_DETECTOR (SpaceyAudioProcessor)
};
