/**
 * Security headers as a browser receives them: a plain-HTTP address (a LAN IP, a laptop) must not be
 * told to upgrade to an https that does not exist (the web app would stay blank there); an https
 * deployment gets HSTS and the upgrade. Every answer carries a Permissions-Policy.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/test-app';

async function headersFor(publicUrl: string) {
  const t = await startTestApp({ PUBLIC_URL: publicUrl });
  try {
    return (await t.request({ method: 'GET', url: '/api/push/public-key' })).headers;
  } finally {
    await t.close();
  }
}

describe('security headers', () => {
  it('over plain HTTP: no upgrade-insecure-requests and no HSTS', async () => {
    const headers = await headersFor('http://192.168.1.20:3000');
    expect(String(headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(String(headers['permissions-policy'])).toContain('camera=()');
  });

  it('over https: HSTS and upgrade-insecure-requests', async () => {
    const headers = await headersFor('https://broadcast.example');
    expect(String(headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(String(headers['strict-transport-security'])).toMatch(/max-age=\d+/);
    expect(String(headers['permissions-policy'])).toContain('geolocation=()');
  });
});
