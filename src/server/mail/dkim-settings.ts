import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** What nodemailer's `dkim` transport option takes: every email is signed with this key. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  /** The RSA private key, PEM. */
  privateKey: string;
}

export interface DkimEnv {
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
  DKIM_PRIVATE_KEY_FILE?: string;
}

/** A setting that is wrong, and why: config.ts reports it as `SETTING: message`. */
export class DkimSettingError extends Error {
  constructor(
    readonly setting: keyof DkimEnv,
    message: string,
  ) {
    super(message);
  }
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;
const SELECTOR = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** Receivers (and mailauth) refuse RSA keys below 1024 bits; 2048 is what operations.md makes. */
const MIN_BITS = 1024;

/**
 * DKIM from DKIM_DOMAIN, DKIM_SELECTOR and one of DKIM_PRIVATE_KEY (the PEM itself; `\n` escapes
 * as an env file writes them are read as newlines) and DKIM_PRIVATE_KEY_FILE. None set: no
 * signing. Only some set, both key settings, or a key that is not an RSA private key: throws
 * DkimSettingError naming the setting.
 */
export function parseDkimSettings(env: DkimEnv): DkimSettings | undefined {
  const {
    DKIM_DOMAIN: domain,
    DKIM_SELECTOR: selector,
    DKIM_PRIVATE_KEY: key,
    DKIM_PRIVATE_KEY_FILE: file,
  } = env;
  if (!domain && !selector && !key && !file) return undefined;
  if (key && file) {
    throw new DkimSettingError(
      'DKIM_PRIVATE_KEY',
      'set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both (one private key signs the emails)',
    );
  }
  const needs = 'DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE';
  if (!domain) throw new DkimSettingError('DKIM_DOMAIN', `is not set: ${needs}`);
  if (!selector) throw new DkimSettingError('DKIM_SELECTOR', `is not set: ${needs}`);
  if (!key && !file)
    throw new DkimSettingError('DKIM_PRIVATE_KEY', `is not set (nor DKIM_PRIVATE_KEY_FILE): ${needs}`);
  if (!DOMAIN.test(domain)) {
    throw new DkimSettingError('DKIM_DOMAIN', `"${domain}" is not a domain name (e.g. example.com)`);
  }
  if (!SELECTOR.test(selector)) {
    throw new DkimSettingError('DKIM_SELECTOR', `"${selector}" is not a DNS label (e.g. broadcast1)`);
  }
  const setting = key ? 'DKIM_PRIVATE_KEY' : 'DKIM_PRIVATE_KEY_FILE';
  let pem: string;
  if (key) pem = key.replace(/\\n/g, '\n');
  else {
    try {
      pem = readFileSync(file as string, 'utf8');
    } catch (error) {
      throw new DkimSettingError(setting, `cannot read ${file}: ${(error as Error).message}`);
    }
  }
  let bits: number | undefined;
  try {
    const parsed = createPrivateKey(pem);
    if (parsed.asymmetricKeyType !== 'rsa') {
      throw new DkimSettingError(
        setting,
        `is not an RSA key (${parsed.asymmetricKeyType}): DKIM signing here takes an RSA key`,
      );
    }
    bits = parsed.asymmetricKeyDetails?.modulusLength;
  } catch (error) {
    if (error instanceof DkimSettingError) throw error;
    // Never the key itself in the message: it is a secret.
    throw new DkimSettingError(
      setting,
      'is not a PEM private key (openssl genrsa -out dkim.pem 2048 makes one; see docs/operations.md)',
    );
  }
  if (bits !== undefined && bits < MIN_BITS) {
    throw new DkimSettingError(
      setting,
      `is a ${bits}-bit RSA key: receivers refuse fewer than ${MIN_BITS} bits (use 2048)`,
    );
  }
  return { domainName: domain.toLowerCase(), keySelector: selector, privateKey: pem };
}
