import { BUTTON_COLORS, FONT_COLORS, FONT_STYLES, LANGUAGES, LOGO_MAX_BYTES, LOGO_SPECS, PRIVATE_LABEL_TEXT } from '@ar/rules';
import { PERMISSION_DENIED_TEXT } from '../../src/core/errors/domain-error';
import { q } from '../invoice-marks/support';
import { seedTwoHouses, signIn, SignedIn, TwoHouses } from '../support/fixtures';
import { makeJpeg, makePngHeader } from '../support/jpeg';
import { createTestApp, TestApp } from '../support/test-app';

type Json = Record<string, any>;

/**
 * Private Label Settings over HTTP on real PostgreSQL and the app's FileStorage (spec 001 "Private
 * Label Settings", "Private label logos"; docs/decisions/private-label.md): the lists, the logos
 * checked on their bytes, settings save and read, the house rule (isInstant, connect type i or s)
 * and tenancy.
 */
describe('private label settings', () => {
  let t: TestApp;
  let houses: TwoHouses;
  let owner: SignedIn;
  let ref: string;

  const upload = (path: 'console-logo' | 'logo', bytes: Buffer, name = 'logo.jpg', s = owner, houseRef = ref, type = 'image/jpeg') =>
    s.agent
      .post(`/app/house/${houseRef}/${path}`)
      .set('X-CSRF-Token', s.csrf)
      .field('fileName', name)
      .attach('file', bytes, { filename: name, contentType: type });
  const settings = async (s = owner, houseRef = ref): Promise<Json> => {
    const res = await s.agent.get(`/app/house/${houseRef}/ib-settings`);
    expect(res.status).toBe(200);
    return res.body.data.house;
  };
  const save = (ibSetting: Json, s = owner, houseRef = ref) =>
    s.agent.post(`/app/house/${houseRef}/ib-settings`).set('X-CSRF-Token', s.csrf).send({ ibSetting });
  const choice = (o: Partial<Record<'font' | 'color' | 'button' | 'language', number>> & { past?: unknown } = {}) => ({
    colorStyleSettings: { fontStyle: { id: o.font ?? 2 }, fontColor: { id: o.color ?? 3 }, buttonColor: { id: o.button ?? 2 } },
    defaultLanguage: { id: o.language ?? 2 },
    displayPastAuctions: 'past' in o ? o.past : false,
  });
  const fetchBytes = async (s: SignedIn, url: string) =>
    s.agent
      .get(url)
      .buffer(true)
      .parse((res, cb) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => cb(null, Buffer.concat(parts)));
      });

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    // Both houses instant with connect type s; single tests turn one of them off.
    houses = await seedTwoHouses(t.em(), { isInstant: true, connectType: 's' });
    ref = houses.a.houseRef;
    owner = await signIn(t.server, 'house-a', 'owner');
  });
  afterAll(() => t?.close());

  it('answers the four choice lists from their calls', async () => {
    const get = async (path: string, key: string) => {
      const res = await owner.agent.get(`/app/${path}`);
      expect(res.status).toBe(200);
      return res.body.data[key];
    };
    expect(await get('font-styles', 'fontStyles')).toEqual(FONT_STYLES);
    expect(await get('font-colors', 'fontColors')).toEqual(FONT_COLORS);
    expect(await get('button-colors', 'buttonColors')).toEqual(BUTTON_COLORS);
    expect(await get('languages', 'languages')).toEqual(LANGUAGES);
  });

  it('reads the defaults before anything is saved', async () => {
    const house = await settings();
    expect(house).toEqual({
      houseRef: ref,
      consoleLogoURL: null,
      houseLogoURL: null,
      ibSetting: {
        colorStyleSettings: { fontColor: FONT_COLORS[0], fontStyle: FONT_STYLES[0], buttonColor: BUTTON_COLORS[0] },
        defaultLanguage: LANGUAGES[0],
        displayPastAuctions: true,
      },
    });
  });

  it("refuses a wrong-size JPEG with the spec's exact message, storing nothing", async () => {
    const res = await upload('console-logo', makeJpeg(350, 100));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Console logo must be a JPG with dimensions of 240px x 65px');
    expect(res.body.errors).toEqual({ file: LOGO_SPECS.console.message });
    const site = await upload('logo', makeJpeg(240, 65));
    expect(site.status).toBe(400);
    expect(site.body.message).toBe('Site logo must be a JPG with dimensions of 350px x 100px');
    expect((await settings()).consoleLogoURL).toBeNull();
    expect(await q(t, 'select 1 from house_private_label where house_id = ?', [houses.a.id])).toEqual([]);
  });

  it('refuses a PNG named .jpg and sent as image/jpeg, a file that is not there, and one over the limit', async () => {
    const png = await upload('console-logo', makePngHeader(240, 65), 'console.jpg');
    expect(png.status).toBe(400);
    expect(png.body.message).toBe(LOGO_SPECS.console.message);
    const none = await owner.agent.post(`/app/house/${ref}/logo`).set('X-CSRF-Token', owner.csrf).field('fileName', 'x.jpg');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(PRIVATE_LABEL_TEXT.fileMissing);
    // A right-size JPEG padded past the limit: multer stops reading.
    const big = Buffer.concat([makeJpeg(240, 65), Buffer.alloc(LOGO_MAX_BYTES)]);
    expect((await upload('console-logo', big)).status).toBe(413);
    expect((await settings()).consoleLogoURL).toBeNull();
  });

  it('stores a right-size JPEG whatever its name and type, and serves it through the signed link', async () => {
    const consoleJpeg = makeJpeg(240, 65);
    const res = await upload('console-logo', consoleJpeg, 'logo.png', owner, ref, 'application/octet-stream');
    expect(res.status).toBe(200);
    expect(res.body.httpStatus).toBe(200);
    const url: string = res.body.data.house.consoleLogoURL;
    expect(url).toMatch(new RegExp(`^/app/house/${ref}/console-logo/file\\?v=\\d+&expires=\\d+&signature=`));
    expect(res.body.data.house.houseLogoURL).toBeNull();

    const file = await fetchBytes(owner, url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(file.body as Buffer, consoleJpeg)).toBe(0);
    // The signature is checked: a changed one, or none, finds nothing.
    expect((await owner.agent.get(url.replace(/signature=.*/, 'signature=forged'))).status).toBe(404);
    expect((await owner.agent.get(`/app/house/${ref}/console-logo/file`)).status).toBe(404);
    // The console logo's link does not open the site logo (its own key is signed).
    expect((await owner.agent.get(url.replace('/console-logo/', '/logo/'))).status).toBe(404);

    const siteJpeg = makeJpeg(350, 100);
    const site = await upload('logo', siteJpeg);
    expect(site.status).toBe(200);
    const house = await settings();
    expect(house.consoleLogoURL).toMatch(/console-logo\/file/);
    const siteFile = await fetchBytes(owner, house.houseLogoURL);
    expect(Buffer.compare(siteFile.body as Buffer, siteJpeg)).toBe(0);
    const [row] = await q(t, 'select console_logo_key, site_logo_key from house_private_label where house_id = ?', [houses.a.id]);
    expect(row).toEqual({
      console_logo_key: `house/${houses.a.id}/private-label/console-logo.jpg`,
      site_logo_key: `house/${houses.a.id}/private-label/site-logo.jpg`,
    });
  });

  it('saves and reads the choices, keeping the logos', async () => {
    const res = await save(choice({ font: 2, color: 3, button: 4, language: 3, past: false }));
    expect(res.status).toBe(200);
    expect(res.body.data.success).toBe(true);
    const house = await settings();
    expect(house.ibSetting).toEqual({
      colorStyleSettings: { fontStyle: FONT_STYLES[1], fontColor: FONT_COLORS[2], buttonColor: BUTTON_COLORS[3] },
      defaultLanguage: LANGUAGES[2],
      displayPastAuctions: false,
    });
    expect(house.consoleLogoURL).not.toBeNull();
    expect(house.houseLogoURL).not.toBeNull();
    expect((await save(choice({ past: true }))).status).toBe(200);
    expect((await settings()).ibSetting.displayPastAuctions).toBe(true);
  });

  it('refuses ids outside the lists with a message per field, changing nothing', async () => {
    const before = (await settings()).ibSetting;
    const res = await save(choice({ font: 99, color: 0, button: 77, language: 42, past: 'yes' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PRIVATE_LABEL_TEXT.invalid);
    expect(res.body.errors).toEqual({
      fontStyle: PRIVATE_LABEL_TEXT.fontStyle,
      fontColor: PRIVATE_LABEL_TEXT.fontColor,
      buttonColor: PRIVATE_LABEL_TEXT.buttonColor,
      defaultLanguage: PRIVATE_LABEL_TEXT.language,
      displayPastAuctions: PRIVATE_LABEL_TEXT.displayPastAuctions,
    });
    expect((await settings()).ibSetting).toEqual(before);
  });

  it('keeps houses apart: another house ref is 404, and house B sees only its own settings', async () => {
    expect((await owner.agent.get(`/app/house/${houses.b.houseRef}/ib-settings`)).status).toBe(404);
    expect((await upload('console-logo', makeJpeg(240, 65), 'x.jpg', owner, houses.b.houseRef)).status).toBe(404);
    expect((await save(choice(), owner, houses.b.houseRef)).status).toBe(404);
    const ownerB = await signIn(t.server, 'house-b', 'owner');
    const b = await settings(ownerB, houses.b.houseRef);
    expect(b.consoleLogoURL).toBeNull();
    expect(b.ibSetting.displayPastAuctions).toBe(true);
    // House A's signed link, asked for under house B's path, finds nothing.
    const aUrl: string = (await settings()).consoleLogoURL;
    const query = aUrl.slice(aUrl.indexOf('?'));
    expect((await ownerB.agent.get(`/app/house/${houses.b.houseRef}/console-logo/file${query}`)).status).toBe(404);
  });

  it('is 403 with the permission text for a house that is not instant or whose connect type is not i or s', async () => {
    const ownerB = await signIn(t.server, 'house-b', 'owner');
    const B = houses.b.houseRef;
    const refused = async () => {
      for (const res of [
        await ownerB.agent.get(`/app/house/${B}/ib-settings`),
        await save(choice(), ownerB, B),
        await upload('console-logo', makeJpeg(240, 65), 'c.jpg', ownerB, B),
        await upload('logo', makeJpeg(350, 100), 's.jpg', ownerB, B),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(PERMISSION_DENIED_TEXT);
      }
    };
    await q(t, `update house set connect_type = 'p' where id = ?`, [houses.b.id]);
    await refused();
    await q(t, `update house set connect_type = 'e' where id = ?`, [houses.b.id]);
    await refused();
    await q(t, `update house set connect_type = 's', is_instant = false where id = ?`, [houses.b.id]);
    await refused();
    await q(t, `update house set connect_type = 'i', is_instant = true where id = ?`, [houses.b.id]);
    expect((await ownerB.agent.get(`/app/house/${B}/ib-settings`)).status).toBe(200);
    expect((await upload('logo', makeJpeg(350, 100), 's.jpg', ownerB, B)).status).toBe(200);
    // A logo stored while allowed is not served once the house loses the rule.
    const url: string = (await settings(ownerB, B)).houseLogoURL;
    await q(t, `update house set is_instant = false where id = ?`, [houses.b.id]);
    expect((await ownerB.agent.get(url)).status).toBe(403);
  });

  it('needs a signed-in user', async () => {
    const request = (await import('supertest')).default;
    expect((await request(t.server).get(`/app/house/${ref}/ib-settings`)).status).toBe(401);
    expect((await request(t.server).get('/app/languages')).status).toBe(401);
  });
});
