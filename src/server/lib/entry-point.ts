import type { FastifyInstance } from 'fastify';
import { ConfigError, settingError } from '../config/config-error';

/**
 * Runs a process's start. Wrong settings, found while reading them or while opening the database,
 * are printed as the one block ConfigError makes, naming each (a stack trace would point at our
 * code, not at the env file), and the process exits with 1. Anything else is a bug and keeps its
 * stack.
 */
export async function runEntryPoint(start: () => Promise<void>) {
  try {
    await start();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

type ListenProblem = (port: number, host: string, portSetting: string) => [string, string];

/** What a failed listen means for the port's setting or HOST, by the system's error code. */
const LISTEN_PROBLEMS: Record<string, ListenProblem> = {
  EADDRINUSE: (port, host, portSetting) => [
    portSetting,
    `${port} is in use on ${host} by another process: expected a free port`,
  ],
  EACCES: (port, _host, portSetting) => [
    portSetting,
    `${port} needs privileges this process lacks: expected a port above 1023`,
  ],
  EADDRNOTAVAIL: (_port, host) => [
    'HOST',
    `${host} is not an address of this machine: expected one of its addresses, or 0.0.0.0`,
  ],
};

/**
 * Listen on PORT (or the setting named `portSetting`) and HOST; a port taken or an address this
 * machine lacks names its setting.
 */
export async function listenOn(app: FastifyInstance, port: number, host: string, portSetting = 'PORT') {
  try {
    await app.listen({ port, host });
  } catch (error) {
    const problem = LISTEN_PROBLEMS[(error as { code?: string }).code ?? ''];
    if (!problem) throw error;
    // Its job workers and database are running: stopped first, so that the exit is clean.
    await app.close();
    const [setting, message] = problem(port, host, portSetting);
    throw settingError(setting, message, 'Cannot start: the server cannot listen');
  }
}
