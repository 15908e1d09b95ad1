import pg from 'pg';

/**
 * What the rollup triggers add to each event: the same single-row statements timed with the trigger
 * enabled and disabled, in alternating halves (so caches and autovacuum weigh on both alike), on
 * connections with synchronous_commit off (a commit's fsync would otherwise hide the difference).
 */

interface Event {
  label: string;
  table: string;
  trigger: string;
  count: number;
  statement: string;
  values: (i: number) => unknown[];
}

export interface WriteCost {
  label: string;
  count: number;
  enabledUs: number;
  disabledUs: number;
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('SET synchronous_commit = off');
  return client;
}

async function setTrigger(client: pg.Client, event: Pick<Event, 'table' | 'trigger'>, enabled: boolean) {
  await client.query(`ALTER TABLE ${event.table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${event.trigger}`);
}

async function run(client: pg.Client, event: Event, from: number, to: number) {
  const started = performance.now();
  for (let i = from; i < to; i++) {
    await client.query({ name: event.label, text: event.statement, values: event.values(i) });
  }
  return performance.now() - started;
}

async function measure(client: pg.Client, event: Event): Promise<WriteCost> {
  // `count` rows in quarters: enabled, disabled, enabled, disabled; distinct rows every time.
  const quarter = Math.floor(event.count / 4);
  let enabled = 0;
  let disabled = 0;
  for (let round = 0; round < 2; round++) {
    const base = round * 2 * quarter;
    enabled += await run(client, event, base, base + quarter);
    await setTrigger(client, event, false);
    try {
      disabled += await run(client, event, base + quarter, base + 2 * quarter);
    } finally {
      await setTrigger(client, event, true);
    }
  }
  const n = 2 * quarter;
  return { label: event.label, count: n, enabledUs: (enabled * 1000) / n, disabledUs: (disabled * 1000) / n };
}

/** Receipts, follows and notifications of the big establishment, one at a time, then receipts from 4 connections. */
export async function measureWriteCost(
  url: string,
  bigId: string,
  sizes = { receipts: 20_000, follows: 5_000, notifications: 5_000, concurrent: 2_000 },
) {
  const client = await connect(url);
  try {
    // Receipts of the latest notifications first (those arrive right after a send): the newest
    // for the 4 connections, the next for the single connection.
    const concurrentTotal = 4 * sizes.concurrent * 2;
    const { rows: pending } = await client.query<{ n: string; s: string }>(
      `SELECT d.notification_id AS n, d.target_id AS s
       FROM deliveries d JOIN notifications n ON n.id = d.notification_id
       WHERE n.establishment_id = $1 AND d.received_at IS NULL
       ORDER BY n.created_at DESC, d.target_id LIMIT $2`,
      [bigId, concurrentTotal + 2 * sizes.receipts],
    );
    // A small run has fewer pending receipts: both tests get their share of what there is.
    const perConnection = Math.floor(
      (pending.length * sizes.concurrent) / (concurrentTotal + 2 * sizes.receipts),
    );
    const concurrentKeys = pending.slice(0, 8 * perConnection);
    const singleKeys = pending.slice(8 * perConnection);
    const { rows: newcomers } = await client.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, email_verified)
       SELECT 'newcomer' || g || '@bench.test', 'x', 'New', 'Follower ' || g, 'customer', g % 3 <> 0
       FROM generate_series(1, $1::int) g RETURNING id`,
      [2 * sizes.follows],
    );

    const receipt = `UPDATE deliveries SET received_at = now() WHERE notification_id = $1 AND channel = 'push' AND target_id = $2 AND received_at IS NULL`;
    const results: WriteCost[] = [];
    results.push(
      await measure(client, {
        label: 'receipt (UPDATE deliveries SET received_at)',
        table: 'deliveries',
        trigger: 'report_delivery_receipt',
        count: Math.min(2 * sizes.receipts, singleKeys.length),
        statement: receipt,
        values: (i) => [singleKeys[i]!.n, singleKeys[i]!.s],
      }),
    );
    results.push(
      await measure(client, {
        label: 'follow (INSERT INTO memberships)',
        table: 'memberships',
        trigger: 'report_membership_inserted',
        count: 2 * sizes.follows,
        statement: `INSERT INTO memberships (user_id, establishment_id, kind, source) VALUES ($1, $2, 'customer', 'qr')`,
        values: (i) => [newcomers[i]!.id, bigId],
      }),
    );
    results.push(
      await measure(client, {
        label: 'notification (INSERT INTO notifications)',
        table: 'notifications',
        trigger: 'report_notifications_inserted',
        count: 2 * sizes.notifications,
        statement: `INSERT INTO notifications (establishment_id, text, in_feed, status) VALUES ($1, 'Write cost', $2, 'done')`,
        values: (i) => [bigId, i % 2 === 0],
      }),
    );

    // 4 connections with 4 different shards (pid % 4), receipts of the same establishment and days.
    const spare: pg.Client[] = [];
    const workers = new Map<number, pg.Client>();
    while (workers.size < 4 && spare.length < 40) {
      const c = await connect(url);
      const pid = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      if (workers.has(pid % 4)) spare.push(c);
      else workers.set(pid % 4, c);
    }
    await Promise.all(spare.map((c) => c.end()));
    const connections = [...workers.values()];
    const receiptEvent = { label: 'receipt', table: 'deliveries', trigger: 'report_delivery_receipt' };
    const concurrently = async (offset: number) => {
      const started = performance.now();
      await Promise.all(
        connections.map((c, k) =>
          run(
            c,
            {
              ...receiptEvent,
              count: 0,
              statement: receipt,
              values: (i) => [concurrentKeys[i]!.n, concurrentKeys[i]!.s],
            },
            offset + k * perConnection,
            offset + (k + 1) * perConnection,
          ),
        ),
      );
      return performance.now() - started;
    };
    const total = connections.length * perConnection;
    const enabledMs = await concurrently(0);
    await setTrigger(client, receiptEvent, false);
    let disabledMs: number;
    try {
      disabledMs = await concurrently(total);
    } finally {
      await setTrigger(client, receiptEvent, true);
    }
    await Promise.all(connections.map((c) => c.end()));
    return {
      results,
      concurrent: {
        connections: connections.length,
        shards: [...workers.keys()].sort(),
        receipts: total,
        enabledPerSecond: total / (enabledMs / 1000),
        disabledPerSecond: total / (disabledMs / 1000),
      },
    };
  } finally {
    await client.end();
  }
}
