import { describe, expect, it } from 'vitest';
import { fileNameOf } from './file-name';

describe('the name an export is saved under', () => {
  it('is the name as written (filename*) where the server gives one', () => {
    expect(
      fileNameOf(
        `attachment; filename="followers-Zlta-lalia-2026-11-23.csv"; filename*=UTF-8''followers-%C5%BDlt%C3%A1-%C4%BEalia-2026-11-23.csv`,
        'followers',
        'csv',
      ),
    ).toBe('followers-Žltá-ľalia-2026-11-23.csv');
  });

  it('is the ASCII name otherwise, or the kind when the server named none', () => {
    expect(fileNameOf('attachment; filename="customers-2026-11-23.csv"', 'users', 'csv')).toBe(
      'customers-2026-11-23.csv',
    );
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''%E0%A4%A`, 'users', 'csv')).toBe(
      'a.csv',
    );
    expect(fileNameOf(null, 'users', 'json')).toBe('users.json');
  });
});
