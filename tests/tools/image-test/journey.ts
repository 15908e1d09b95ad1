import type { SmtpSink } from '../../support/smtp-sink';

/** A running server and the SMTP sink its emails go to. */
export interface Api {
  base: string;
  mail: SmtpSink;
}

async function call(api: Api, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${api.base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

async function expectCall(
  api: Api,
  status: number,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) {
  const res = await call(api, method, url, body, token);
  if (res.status !== status)
    throw new Error(`${method} ${url}: ${res.status} (expected ${status}) ${res.text}`);
  return res.json();
}

/**
 * The first minutes of a deployment, through the API: the admin signs in and creates a business; a
 * customer registers following it and confirms the emailed link; the admin sends a post, which
 * reaches the customer as an email. Both emails are sent by jobs, so this passes only when the
 * process running the jobs (the server itself, or a worker) works.
 */
export async function registerAndSend(api: Api, admin: { email: string; password: string }, tag: string) {
  const { accessToken: adminToken } = await expectCall(api, 200, 'POST', '/api/account/login', admin);
  const { establishment } = await expectCall(
    api,
    201,
    'POST',
    '/api/establishments',
    {
      name: `Image Café ${tag}`,
      email: 'hello@cafe.example',
      phone: '+421 2 1234 5678',
      address1: 'Main Street 1',
      city: 'Bratislava',
      state: 'Bratislava Region',
      zip: '811 01',
      country: 'Slovakia',
      businessId: '12345678',
      taxId: '2020123456',
      vatNumber: 'SK2020123456',
    },
    adminToken,
  );

  const email = `follower-${tag}-${Date.now().toString(36)}@image.test`;
  const { accessToken: customerToken } = await expectCall(api, 201, 'POST', '/api/account/register', {
    firstName: 'Ada',
    lastName: 'Image',
    email,
    phone: '+421 900 000 000',
    terms: true,
    marketingConsent: true,
    establishmentId: establishment.id,
  });
  const verification = await api.mail.waitFor(
    email,
    (m) => m.links.some((l) => l.includes('/verify/')),
    30_000,
  );
  const link = verification.links.find((l) => l.includes('/verify/')) ?? '';
  const token = decodeURIComponent(new URL(link).pathname.split('/verify/')[1] ?? '');
  await expectCall(api, 200, 'POST', '/api/account/verify', { token }, customerToken);
  await expectCall(
    api,
    200,
    'PUT',
    `/api/establishments/${establishment.id}/notify`,
    { notify: 'email', marketingConsent: true },
    customerToken,
  );

  const text = `Image test ${tag}: lunch is goulash`;
  const { notification } = await expectCall(
    api,
    202,
    'POST',
    `/api/establishments/${establishment.id}/notifications`,
    { text, post: true },
    adminToken,
  );
  const until = Date.now() + 60_000;
  for (;;) {
    const { post } = await expectCall(
      api,
      200,
      'GET',
      `/api/notifications/${notification.id}`,
      undefined,
      adminToken,
    );
    if (post.delivery?.status === 'done' && post.delivery.completedAt) break;
    if (post.delivery?.status === 'halted' || Date.now() > until) {
      throw new Error(`the send did not finish: ${JSON.stringify(post.delivery)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await api.mail.waitFor(email, (m) => m.subject === text, 30_000);
}
