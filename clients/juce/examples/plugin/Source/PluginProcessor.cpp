#include "PluginProcessor.h"
#include "PluginEditor.h"

SpaceyAudioProcessor::SpaceyAudioProcessor()
    : AudioProcessor (BusesProperties().withInput ("Input", juce::AudioChannelSet::stereo(), true)
                                       .withOutput ("Output", juce::AudioChannelSet::stereo(), true))
{
    refreshLicence();
    startTimer (60 * 1000);
}

SpaceyAudioProcessor::~SpaceyAudioProcessor()
{
    stopTimer();
}

void SpaceyAudioProcessor::refreshLicence()
{
    licensed.store (licence->isLicensed());
}

bool SpaceyAudioProcessor::isBusesLayoutSupported (const BusesLayout& layouts) const
{
    return layouts.getMainOutputChannelSet() == juce::AudioChannelSet::stereo()
        && layouts.getMainInputChannelSet() == layouts.getMainOutputChannelSet();
}

void SpaceyAudioProcessor::processBlock (juce::AudioBuffer<float>& buffer, juce::MidiBuffer&)
{
    juce::ScopedNoDenormals noDenormals;

    if (! isLicensed())
    {
        buffer.clear();
        return;
    }

    // … the product's processing goes here …
}

juce::AudioProcessorEditor* SpaceyAudioProcessor::createEditor()
{
    return new SpaceyAudioProcessorEditor (*this);
}

juce::AudioProcessor* JUCE_CALLTYPE createPluginFilter()
{
    return new SpaceyAudioProcessor();
}
