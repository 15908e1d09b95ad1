import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../tests/support/csv';
import { type CsvCell, csvStream, jsonArrayStream, neutralizeFormula } from './export-streams';

/** Rows without end, counting how many were asked for and whether the reader let go of them. */
function endless() {
  const state = { pulled: 0, closed: false };
  async function* rows(): AsyncGenerator<CsvCell[]> {
    try {
      for (;;) {
        state.pulled++;
        yield [`user${state.pulled}@example.test`, 'Anna', 'Nováková', state.pulled];
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, rows };
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe('export streams', () => {
  it('neutralizes every cell a spreadsheet would run as a formula, and only those', () => {
    for (const cell of ['=1+1', '+421 900', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralizeFormula(cell)).toBe(`'${cell}`);
    for (const cell of ['Anna', 'a=b', '', ' =1', '421']) expect(neutralizeFormula(cell)).toBe(cell);
  });

  it('quotes as RFC 4180 says, and writes booleans, dates and empty cells plainly', async () => {
    const csv = await text(
      csvStream(
        (async function* () {
          yield ['name', 'verified', 'at', 'none'];
          yield ['Kováč, "Jožo"\nline 2', true, new Date('2026-01-02T03:04:05.000Z'), null];
        })(),
      ),
    );
    expect(csv).toBe(
      '\uFEFFname,verified,at,none\r\n"Kováč, ""Jožo""\nline 2",true,2026-01-02T03:04:05.000Z,\r\n',
    );
    expect(parseCsv(csv)[1]).toEqual(['Kováč, "Jožo"\nline 2', 'true', '2026-01-02T03:04:05.000Z', '']);
  });

  it('reads rows only as fast as the client takes them, and stops reading when the client goes', async () => {
    const { state, rows } = endless();
    const stream = csvStream(rows());
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    for (let i = 0; i < 50; i++) await tick();
    // About one 64 KB chunk ahead of the reader, not the endless rest.
    expect(state.pulled).toBeLessThan(5_000);
    const pulled = state.pulled;
    for (let i = 0; i < 50; i++) await tick();
    expect(state.pulled).toBe(pulled);

    // A download cancelled half-way ends the generator, and with it the database reads.
    stream.destroy();
    await tick();
    expect(state.closed).toBe(true);
  });

  it('writes a JSON array one element per line, valid when empty', async () => {
    const none = await text(jsonArrayStream((async function* () {})()));
    expect(JSON.parse(none)).toEqual([]);
    const two = await text(
      jsonArrayStream(
        (async function* () {
          yield { a: 1 };
          yield { b: 'ž' };
        })(),
      ),
    );
    expect(two).toBe('[\n{"a":1},\n{"b":"ž"}\n]\n');
  });
});
