import { BROADCAST_RESOLUTIONS, broadcastResolution, isWebRtcMode } from './broadcast';

describe('broadcast rules', () => {
  it('offers the spec resolutions: standard 426x240 and high 854x480', () => {
    expect(BROADCAST_RESOLUTIONS.map((r) => [r.key, r.width, r.height])).toEqual([
      ['240p', 426, 240],
      ['480p', 854, 480],
    ]);
  });

  it('falls back to standard for an unknown choice', () => {
    expect(broadcastResolution('480p').height).toBe(480);
    expect(broadcastResolution('1080p').height).toBe(240);
  });

  it('reads ?isWebRtc: only 0 turns it off', () => {
    expect([isWebRtcMode(null), isWebRtcMode('1'), isWebRtcMode('0')]).toEqual([true, true, false]);
  });
});
