import { z } from 'zod';

/** A setting that is wrong: its message says which and what is expected. */
export class ConfigError extends Error {}

/** A yes/no setting: true/false, 1/0, yes/no, on/off. */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
