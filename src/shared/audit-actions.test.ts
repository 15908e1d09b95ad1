import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, writeOutcome } from './audit-actions';

const en = JSON.parse(
  readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'i18n/locales/en/common.json'),
    'utf8',
  ),
) as { auditLog: { actions: Record<string, Record<string, string>> } };
const labelled = Object.entries(en.auditLog.actions).flatMap(([subject, verbs]) =>
  Object.keys(verbs).map((verb) => `${subject}.${verb}`),
);

describe('the audit actions', () => {
  // A new action is named for the log's readers and offered by its filter: one without the other
  // would show as its code, or be refused by the filter (400).
  it('are the actions the web app names, no more and no fewer', () => {
    expect([...AUDIT_ACTIONS].sort()).toEqual([...labelled].sort());
  });

  it('tell a write made, refused or failed from the status it was answered with', () => {
    expect(writeOutcome({ status: 200 })).toBe('made');
    expect(writeOutcome({ status: 204 })).toBe('made');
    expect(writeOutcome({ status: 403 })).toBe('refused');
    expect(writeOutcome({ status: 409 })).toBe('refused');
    expect(writeOutcome({ status: 500 })).toBe('failed');
    expect(writeOutcome({ operation: 'setQuietHours' })).toBeNull();
    expect(writeOutcome({})).toBeNull();
  });
});
