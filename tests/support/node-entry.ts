/**
 * How tests run the server's entry points and commands in their own processes: `node --import
 * tsx <script>`, as `npm start` and `npm run admin` do. Not the tsx CLI: it stands between us and
 * the server and SIGKILLs it (exit 143) when the server's event loop is too busy to acknowledge a
 * SIGTERM within 60 ms, which a loaded CI runner turns into a failed graceful stop.
 *
 * `--liftoff-only`, for vitest's workers too: V8 compiles PGlite's WebAssembly (the embedded
 * database) with its baseline compiler only. A test's process lives seconds, not days: optimising
 * PGlite's hot functions in the background costs more CPU than it saves, and the suite is bound by
 * CPU on two cores (figures in docs/decisions.md). It changes no outcome, only speed.
 */
export const TEST_PROCESS_V8_FLAGS = ['--liftoff-only'];

const NODE_ENTRY_ARGS = [...TEST_PROCESS_V8_FLAGS, '--import', 'tsx'];

/** Arguments of `process.execPath` running `script` (a path from the repository) with `args`. */
export const nodeEntry = (script: string, args: readonly string[] = []) => [
  ...NODE_ENTRY_ARGS,
  script,
  ...args,
];
