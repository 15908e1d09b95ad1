import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// Certificate: one self-signed certificate for 127.0.0.1 and localhost per process, made by openssl.

interface Certificate {
  key: string;
  cert: string;
  caFile: string;
}

let certificate: Promise<Certificate> | undefined;

export function selfSignedCertificate(): Promise<Certificate> {
  certificate ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const keyFile = path.join(dir, 'key.pem');
    const caFile = path.join(dir, 'ca.pem');
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '7',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,digitalSignature,keyCertSign',
      '-addext',
      'extendedKeyUsage=serverAuth',
      '-keyout',
      keyFile,
      '-out',
      caFile,
    ]);
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(caFile, 'utf8'), caFile };
  })();
  return certificate;
}
