import { type core, z } from 'zod';

/** One wrong setting: its variable and what is expected of it. */
export interface SettingProblem {
  setting: string;
  message: string;
}

/**
 * Wrong settings, every one named with what it expects: the entry points print the message as it
 * is (no stack trace) and exit with 1.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';

  constructor(
    message: string,
    readonly problems: SettingProblem[] = [],
  ) {
    super(message);
  }

  /** One error listing every problem, a line each: `  SETTING: what is expected`. */
  static listing(problems: SettingProblem[], heading = 'Invalid configuration'): ConfigError {
    const lines = problems.map(({ setting, message }) => `  ${setting}: ${message}`);
    return new ConfigError(`${heading}:\n${lines.join('\n')}`, problems);
  }

  /** From `  SETTING: message` lines, as the settings modules with an `invalid` callback give them. */
  static fromLines(lines: string[]): ConfigError {
    return ConfigError.listing(
      lines.map((line) => {
        const [, setting = 'setting', message = line] = /^\s*([A-Z0-9_]+): (.*)$/s.exec(line) ?? [];
        return { setting, message };
      }),
    );
  }
}

/** A single wrong setting; `heading` for one found after reading them (the database is down). */
export const settingError = (setting: string, message: string, heading?: string) =>
  ConfigError.listing([{ setting, message }], heading);

/**
 * Runs one setting's parser: what it throws is recorded under `setting` (or, for a ConfigError,
 * its own problems) and `fallback` returned, so that every other setting is still checked.
 */
export function checked<T>(problems: SettingProblem[], setting: string, parse: () => T, fallback: T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ConfigError && error.problems.length > 0) problems.push(...error.problems);
    else problems.push({ setting, message: (error as Error).message });
    return fallback;
  }
}

/** A yes/no setting: true/false, 1/0, yes/no, on/off. */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** A URL setting: what zod says of a bad one ("Invalid URL") does not say what is wanted. */
export const urlSetting = (example: string) =>
  z.string().url({ message: `expected an absolute URL, like ${example}` });

/**
 * What a zod issue says, for someone editing an env file: what is expected, and the value given
 * when it cannot be a secret (a number, a choice). Never the value of a free-text setting.
 */
export function describeIssue(issue: core.$ZodIssue, value: string | undefined): string {
  const given = value === undefined ? '' : ` (got "${value}")`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number') return `expected a number${given}`;
      if (issue.expected === 'int') return `expected a whole number${given}`;
      return `expected a ${issue.expected}`;
    case 'too_small':
      if (issue.origin === 'string') return issue.message;
      return `expected ${issue.inclusive ? 'at least' : 'more than'} ${issue.minimum}${given}`;
    case 'too_big':
      if (issue.origin === 'string') return issue.message;
      return `expected ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}${given}`;
    case 'invalid_value':
      return `expected one of ${issue.values.join(', ')}${given}`;
    default:
      return issue.message;
  }
}
