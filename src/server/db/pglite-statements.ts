import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/**
 * Named statements for PGlite, as the PostgreSQL driver has them. PGlite's `query()` always runs an
 * unnamed statement, so PostgreSQL parses and plans it again at every call, most of a short lookup's
 * cost (docs/testing.md has the figures). Here a statement text met a second time is parsed once per
 * database under a name of its own, and each call binds and executes it: the same messages PGlite's
 * own `query()` sends, with the statement's name, under the same locks (a transaction's queries
 * under its query lock only).
 */

/** A text met this often is named; fewer: one-off statements (migrations, DDL) stay unnamed. */
const NAME_AFTER = 2;
/**
 * Named statements kept per database (each holds its plan in the database's memory); beyond this,
 * new texts run unnamed. The app's own statements are a few hundred.
 */
const MAX_NAMED = 1000;
/** Texts met once that are remembered; past this the count starts again. */
const MAX_SEEN = 10_000;

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

interface Named {
  name: string;
  paramTypes: number[];
}

interface Statements {
  seen: Map<string, number>;
  named: Map<string, Named>;
  /** Names are never reused, not even one whose describing failed after it was parsed. */
  lastName: number;
}

const { serialize } = protocol;

/** Runs one protocol message; errors throw (PGlite's DatabaseError), as in PGlite's query(). */
const send = (client: PGlite, message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

/** Parse and describe `text` as `name`: the parameter types its values are serialized by. */
async function prepare(client: PGlite, name: string, text: string): Promise<Named> {
  const messages = [];
  try {
    await send(client, serialize.parse({ name, text }));
    messages.push(...(await send(client, serialize.describe({ type: 'S', name }))));
  } finally {
    await send(client, serialize.sync());
  }
  return { name, paramTypes: parse.parseDescribeStatementResults(messages) };
}

/** Bind and execute a named statement (the lock is the caller's), as PGlite's query() does an unnamed one. */
async function execute<T>(
  client: PGlite,
  statement: Named,
  params: unknown[],
  options?: QueryOptions,
): Promise<Results<T>> {
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const type = statement.paramTypes[i]!;
    const serializer = options?.serializers?.[type] ?? client.serializers[type];
    return serializer ? serializer(value) : String(value);
  });
  const messages = [];
  try {
    messages.push(...(await send(client, serialize.bind({ statement: statement.name, values }))));
    messages.push(...(await send(client, serialize.describe({ type: 'P' }))));
    messages.push(...(await send(client, serialize.execute({}))));
  } finally {
    messages.push(...(await send(client, serialize.sync())));
  }
  return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
}

/** The named statement for `text`, prepared now if it is due; undefined: run it unnamed. */
async function namedFor(
  client: PGlite,
  statements: Statements,
  text: string,
  options?: QueryOptions,
): Promise<Named | undefined> {
  // A file to copy from or to, or types given per call: PGlite's own path, as it comes.
  if (options?.blob || options?.paramTypes) return undefined;
  const named = statements.named.get(text);
  if (named || statements.named.size >= MAX_NAMED) return named;
  if (statements.seen.size >= MAX_SEEN) statements.seen.clear();
  const seen = (statements.seen.get(text) ?? 0) + 1;
  statements.seen.set(text, seen);
  if (seen < NAME_AFTER) return undefined;
  statements.seen.delete(text);
  statements.lastName += 1;
  const prepared = await prepare(client, `s${statements.lastName}`, text);
  statements.named.set(text, prepared);
  return prepared;
}

/** Each database's statements: its names are its own, whoever sets its client up again. */
const statementsOf = new WeakMap<PGlite, Statements>();

/** Make `client` (and the transactions it opens) run repeated statements as named ones. */
export function nameRepeatedStatements(client: PGlite): void {
  const statements = statementsOf.get(client) ?? { seen: new Map(), named: new Map(), lastName: 0 };
  statementsOf.set(client, statements);
  const unnamedQuery = client.query.bind(client) as Query;
  const unnamedTransaction = client.transaction.bind(client);

  /** A statement under the query lock when it is (or is now) named; `named: undefined`: run it unnamed. */
  const run = <T>(text: string, params: unknown[], options: QueryOptions | undefined) =>
    client._runExclusiveQuery(async () => {
      const named = await namedFor(client, statements, text, options);
      return named ? { named: await execute<T>(client, named, params, options) } : { named: undefined };
    });

  const query: Query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    await client._checkReady();
    const result = await client._runExclusiveTransaction(async () => {
      const answer = await run<T>(text, params, options);
      // Outside a transaction PGlite writes its files after each statement (on-disk databases).
      if (answer.named) await client.syncToFs();
      return answer.named;
    });
    return result ?? unnamedQuery<T>(text, params, options);
  };
  client.query = query as PGlite['query'];

  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    unnamedTransaction((tx) => {
      const unnamed = tx.query.bind(tx) as Query;
      const named: Query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
        (await run<T>(text, params, options)).named ?? unnamed<T>(text, params, options);
      return callback(Object.assign(tx, { query: named }));
    });
}
