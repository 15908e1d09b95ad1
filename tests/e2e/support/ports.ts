/**
 * Where this Playwright worker's e2e server listens. Each worker has a server of its own (its own
 * database, SMTP sink, push service and mailbox: playwright.config.ts starts one per worker), so
 * specs running at the same time never see each other's accounts, emails or lists. Playwright sets
 * TEST_PARALLEL_INDEX in each worker process (0, 1, ...); outside a worker it is the first server.
 */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The port of the e2e server of parallel worker `index`; its side door listens on the next port. */
export const serverPort = (index: number) => FIRST_PORT + 2 * index;

const port = serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** This worker's app. */
export const APP_URL = `http://127.0.0.1:${port}`;

/** This worker's e2e server's side door (port + 1): the mailbox, the push service's controls, the scheduler. */
export const CONTROL_URL = `http://127.0.0.1:${port + 1}`;
