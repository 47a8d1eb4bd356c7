import request from 'supertest';
import { DEFAULT_FEEDBACK_MESSAGES, FEEDBACK_TEXT } from '@ar/rules';
import { post, q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/** Default feedback messages over HTTP on real PostgreSQL (spec 001 "Default Feedback Messages"). */
describe('default feedback messages', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ref: string;

  const get = (s = owner, houseRef = ref) => s.agent.get(`/app/house/${houseRef}/defaultFeedbacks`);
  const save = (defaultFeedbacks: unknown, s = owner, houseRef = ref) => post(s, houseRef, 'defaultFeedbacks', { defaultFeedbacks });
  const three = (a: string, b: string, c: string) => [a, b, c].map((message, i) => ({ feedbackID: i + 1, message }));

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    houses = await seedTwoHouses(t.em());
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
  });

  afterAll(() => t?.close());

  it('offers the three defaults until the house saves its own, then answers what it saved', async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.body.data.defaultFeedbacks).toEqual(DEFAULT_FEEDBACK_MESSAGES.map((message, i) => ({ feedbackID: i + 1, message })));

    // Given in any order; saved by feedbackID, whitespace collapsed.
    const res = await save([
      { feedbackID: 3, message: 'Third' },
      { feedbackID: 1, message: '  First   one ' },
      { feedbackID: 2, message: 'Second' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ success: true, defaultFeedbacks: three('First one', 'Second', 'Third') });
    expect((await get()).body.data.defaultFeedbacks).toEqual(three('First one', 'Second', 'Third'));

    expect((await save(three('One', 'Two', 'Three'))).status).toBe(200);
    const rows = await q(t, 'select position, message from house_feedback_message where house_id = ? order by position', [houses.a.id]);
    expect(rows).toEqual([
      { position: 1, message: 'One' },
      { position: 2, message: 'Two' },
      { position: 3, message: 'Three' },
    ]);
  });

  it('refuses a blank or too long message and anything but the three', async () => {
    const blank = await save(three('ok', ' ', 'x'.repeat(251)));
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ message2: FEEDBACK_TEXT.required, message3: FEEDBACK_TEXT.tooLong });
    for (const bad of [three('a', 'b', 'c').slice(0, 2), [...three('a', 'b', 'c'), { feedbackID: 4, message: 'd' }], [1, 2, 3]]) {
      const res = await save(bad);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ defaultFeedbacks: FEEDBACK_TEXT.list });
    }
    const dup = await save([
      { feedbackID: 1, message: 'a' },
      { feedbackID: 1, message: 'b' },
      { feedbackID: 2, message: 'c' },
    ]);
    expect(dup.status).toBe(400);
    expect((await post(owner, ref, 'defaultFeedbacks', {})).status).toBe(400);
    expect((await get()).body.data.defaultFeedbacks).toEqual(three('One', 'Two', 'Three'));
  });

  it('is open to every signed-in user of the house, not to anonymous callers', async () => {
    const none = await signIn(t.server, 'house-a', 'none');
    expect((await get(none)).status).toBe(200);
    expect((await save(three('N1', 'N2', 'N3'), none)).status).toBe(200);
    const anon = await request(t.server).get(`/app/house/${ref}/defaultFeedbacks`);
    expect(anon.status).toBe(401);
  });

  it("keeps each house's messages to itself (404 for another house's houseRef)", async () => {
    const b = await signIn(t.server, 'house-b', 'owner');
    expect((await get(b, ref)).status).toBe(404);
    expect((await save(three('x', 'y', 'z'), b, ref)).status).toBe(404);
    expect((await get(b, houses.b.houseRef)).body.data.defaultFeedbacks.map((f: Json) => f.message)).toEqual([
      ...DEFAULT_FEEDBACK_MESSAGES,
    ]);
    expect((await save(three('B1', 'B2', 'B3'), b, houses.b.houseRef)).status).toBe(200);
    expect((await get()).body.data.defaultFeedbacks.map((f: Json) => f.message)).toEqual(['N1', 'N2', 'N3']);
  });
});
