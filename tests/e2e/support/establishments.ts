import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Establishment, EstablishmentFields } from '../../../src/shared/schemas/establishment.schema';
import { adminToken, apiLogin, createUserAsAdmin, type TestUser, verifyByLink, welcomeOf } from './users';

/** A business name no other test uses. */
export const uniqueName = (tag: string) => `${tag} ${randomUUID().slice(0, 6)}`;

/** A complete, valid establishment profile. */
export function establishmentFields(name: string): EstablishmentFields {
  return {
    name,
    subheader: 'Fresh coffee and cakes every morning',
    email: `hello-${randomUUID().slice(0, 6)}@bistro.e2e.test`,
    phone: '+421 2 5555 1234',
    website: 'https://bistro.example.com',
    address1: 'Hlavná 12',
    address2: '',
    city: 'Bratislava',
    state: 'Bratislavský kraj',
    zip: '811 01',
    country: 'Slovakia',
    businessId: '12345678',
    taxId: '2023456789',
    vatNumber: 'SK2023456789',
    timeZone: 'Europe/Bratislava',
    active: true,
  };
}

/**
 * A real PNG picture (a coloured gradient with a label), written to a fresh temp folder; the path
 * is what a person picks in the file chooser.
 */
export async function makePng(
  name: string,
  {
    width,
    height,
    from,
    to,
    label,
  }: { width: number; height: number; from: string; to: string; label: string },
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.78}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.18}" fill="#ffffff" fill-opacity="0.35"/>
    <text x="50%" y="58%" text-anchor="middle" font-family="sans-serif" font-weight="700"
      font-size="${Math.round(Math.min(width, height) / 5)}" fill="#ffffff">${label}</text>
  </svg>`;
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-pictures-'));
  const file = path.join(dir, name);
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

const authorization = (token: string) => ({ authorization: `Bearer ${token}` });

/** Create an establishment as the admin, through the API. */
export async function createEstablishmentAsAdmin(
  request: APIRequestContext,
  fields: EstablishmentFields,
): Promise<Establishment> {
  const response = await request.post('/api/establishments', {
    headers: authorization(await adminToken(request)),
    data: fields,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { establishment: Establishment }).establishment;
}

/** Upload the logo or the cover through the API (setup). */
export async function uploadPictureByApi(
  request: APIRequestContext,
  token: string,
  establishmentId: string,
  which: 'logo' | 'cover' | 'gallery',
  file: string,
) {
  const response = await request.post(`/api/establishments/${establishmentId}/${which}`, {
    headers: authorization(token),
    multipart: {
      file: { name: path.basename(file), mimeType: 'image/png', buffer: await readFile(file) },
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/**
 * A public establishment with a cover, a logo and two gallery pictures (made as the admin through
 * the API), for the pages a guest sees.
 */
export async function establishmentWithPictures(request: APIRequestContext, tag: string) {
  const establishment = await createEstablishmentAsAdmin(request, establishmentFields(uniqueName(tag)));
  const token = await adminToken(request);
  const pictures = {
    logo: await makePng('logo.png', { width: 400, height: 400, from: '#0d47a1', to: '#26a69a', label: 'B' }),
    cover: await makePng('cover.png', {
      width: 1600,
      height: 600,
      from: '#4a148c',
      to: '#ff7043',
      label: 'Bistro',
    }),
    first: await makePng('cake.png', {
      width: 800,
      height: 600,
      from: '#f9a825',
      to: '#d84315',
      label: 'Cake',
    }),
    second: await makePng('coffee.png', {
      width: 800,
      height: 600,
      from: '#5d4037',
      to: '#a1887f',
      label: 'Coffee',
    }),
  };
  await uploadPictureByApi(request, token, establishment.id, 'logo', pictures.logo);
  await uploadPictureByApi(request, token, establishment.id, 'cover', pictures.cover);
  await uploadPictureByApi(request, token, establishment.id, 'gallery', pictures.first);
  await uploadPictureByApi(request, token, establishment.id, 'gallery', pictures.second);
  return establishment;
}

/**
 * A representative signs up a client with an establishment through the API; the client verifies
 * the emailed link. Returns the client (with the emailed password) and the establishment.
 */
export async function clientWithEstablishment(
  request: APIRequestContext,
  tag: string,
): Promise<{ client: TestUser; establishment: Establishment }> {
  const representant = await createUserAsAdmin(request, 'representant', { verified: true });
  const token = (await apiLogin(request, representant)).accessToken;
  const email = `client-${randomUUID().slice(0, 8)}@e2e.test`;
  const client = { firstName: 'Karol', lastName: 'Klient', email, phone: '+421 903 222 333' };
  const response = await request.post('/api/establishments/client-signup', {
    headers: authorization(token),
    data: { client, establishment: establishmentFields(uniqueName(tag)) },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { establishment } = (await response.json()) as { establishment: Establishment };
  const { password, verifyUrl } = await welcomeOf(email);
  await verifyByLink(request, verifyUrl);
  return { client: { ...client, password, verifyUrl }, establishment };
}

/** A text field of a form by its visible label (required fields carry a " *"). */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', {
    name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( \\*)?$`),
  });

/** Fill the establishment profile fields (labels of establishmentForm.fields in en/common.json). */
export async function fillEstablishmentForm(scope: Page | Locator, fields: EstablishmentFields) {
  const labels: [string, string][] = [
    ['Name', fields.name],
    ['Subheader (a short line under the name)', fields.subheader ?? ''],
    ['Email', fields.email],
    ['Phone', fields.phone],
    ['Website', fields.website ?? ''],
    ['Address', fields.address1],
    ['City', fields.city],
    ['State / region', fields.state],
    ['ZIP', fields.zip],
    ['Country', fields.country],
    ['Business ID', fields.businessId],
    ['Tax ID', fields.taxId],
    ['VAT Reg. No.', fields.vatNumber],
  ];
  for (const [label, value] of labels) await field(scope, label).fill(value);
}
