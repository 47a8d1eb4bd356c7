import { millicastWhipUrl } from './millicast-streaming.provider';

describe('millicastWhipUrl', () => {
  it("is Millicast's director beside its API, for the one stream", () => {
    expect(millicastWhipUrl('https://api.millicast.com', 'C1 A/B')).toBe('https://director.millicast.com/api/whip/C1%20A%2FB');
  });
  it('any other API base (a stand-in) serves WHIP itself', () => {
    expect(millicastWhipUrl('http://127.0.0.1:4100/', 'C1')).toBe('http://127.0.0.1:4100/api/whip/C1');
  });
});
