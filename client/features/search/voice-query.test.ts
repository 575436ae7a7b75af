import { describe, expect, it } from 'vitest';
import { parseVoiceQuery } from './voice-query';

describe('parseVoiceQuery', () => {
  it.each([
    ['from Denver to Banff', { from: 'Denver', to: 'Banff', needs: [] }],
    ['From New York to Paris.', { from: 'New York', to: 'Paris', needs: [] }],
    ['I want to fly from Chicago to Sydney', { from: 'Chicago', to: 'Sydney', needs: [] }],
    ['to Yosemite from San Francisco', { from: 'San Francisco', to: 'Yosemite', needs: [] }],
    ['take me to Banff', { to: 'Banff', needs: [] }],
    ['Grand Canyon', { to: 'Grand Canyon', needs: [] }],
    ['from Boston', { from: 'Boston', needs: [] }],
    [
      'from Denver to Banff with wheelchair access',
      { from: 'Denver', to: 'Banff', needs: ['Mobility Support'] },
    ],
    ['museums for a deaf traveller', { to: 'museums', needs: ['Hearing Support'] }],
    ['wheelchair accessible', { needs: ['Mobility Support'] }],
    ['quiet places for autism', { to: 'quiet places', needs: ['Neurodiversity'] }],
  ])('%j', (transcript, expected) => {
    expect(parseVoiceQuery(transcript)).toEqual(expected);
  });
});
