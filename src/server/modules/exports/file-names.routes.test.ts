/**
 * The names downloads are saved under (Content-Disposition): the people export named by the list
 * it was taken from, a business's name transliterated for the ASCII `filename` and kept as written
 * in `filename*` (RFC 6266, which browsers prefer), for its followers export and its QR codes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { actors, Session } from '../../../../tests/support/api-actors';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';

let t: TestApp;
let act: ReturnType<typeof actors>;
let admin: Session;

const fixture = setupRouteFixture();
beforeAll(() => {
  ({ t, a: act, admin } = fixture);
});

const DAY = /\d{4}-\d{2}-\d{2}/.source;
const dispositionOf = async (url: string) => {
  const res = await t.request({ method: 'GET', url, token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.headers['content-disposition'];
};

describe('download file names', () => {
  it.each([
    ['customer', 'customers'],
    ['client', 'clients'],
    ['representant', 'representatives'],
    ['admin', 'admins'],
  ])('the people export of role=%s is %s-DATE.csv', async (role, name) => {
    expect(await dispositionOf(`/api/management/export/users?role=${role}`)).toMatch(
      new RegExp(`^attachment; filename="${name}-${DAY}\\.csv"$`),
    );
  });

  it('the people export of every role is users-DATE (csv and json)', async () => {
    expect(await dispositionOf('/api/management/export/users')).toMatch(
      new RegExp(`^attachment; filename="users-${DAY}\\.csv"$`),
    );
    expect(await dispositionOf('/api/management/export/users?format=json&verified=true')).toMatch(
      new RegExp(`^attachment; filename="users-${DAY}\\.json"$`),
    );
  });

  it("a business's followers export carries its name: ASCII, and as written in filename*", async () => {
    const lily = await act.establishment(admin, 'Žltá ľalia');
    expect(
      await dispositionOf(`/api/management/export/followers?establishmentId=${lily.id}&format=json`),
    ).toMatch(
      new RegExp(
        `^attachment; filename="followers-Zlta-lalia-${DAY}\\.json"; ` +
          `filename\\*=UTF-8''followers-%C5%BDlt%C3%A1-%C4%BEalia-${DAY}\\.json$`,
      ),
    );
  });

  it('QR code downloads are named after the business, transliterated, and as written', async () => {
    const cafe = await act.establishment(admin, 'Café Roma');
    expect(await dispositionOf(`/api/establishments/${cafe.id}/qr?format=png&download=1`)).toBe(
      `attachment; filename="Cafe-Roma-qr.png"; filename*=UTF-8''Caf%C3%A9-Roma-qr.png`,
    );
    const strasse = await act.establishment(admin, 'Große Straße Ærø Łódź');
    expect(await dispositionOf(`/api/establishments/${strasse.publicId}/qr?download=true`)).toBe(
      `attachment; filename="Grosse-Strasse-AEro-Lodz-qr.svg"; ` +
        `filename*=UTF-8''${encodeURIComponent('Große-Straße-Ærø-Łódź-qr.svg')}`,
    );
    // Its page address is made from the same letters.
    expect(strasse.publicId).toMatch(/^grosse-strasse-aero-lodz-[a-z2-9]{4}$/);
  });
});
