import cluster from 'node:cluster';
import { runClusterPrimary } from './cluster-primary.ts';
import { loadConfig, ConfigError, type Config } from './config.ts';
import type { seedDemoIfEmpty } from './db/seeds/demo-seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    runClusterPrimary(config);
    return;
  }
  await runServer(config);
}

async function runServer(config: Config): Promise<void> {
  // Loaded here, not at the top: a cluster primary never runs the app and need not hold it in memory.
  const { buildApp } = await import('./app.ts');
  const { openMigratedDatabase } = await import('./db/open.ts');
  const { seedDemoIfEmpty } = await import('./db/seeds/demo-seed.ts');
  const database = await openMigratedDatabase(config);
  const app = await buildApp({ config, database });

  // With workers, the first one seeds (it boots alone: cluster-primary.ts); replacements never do.
  if (config.seedDemo && (config.webConcurrency === 1 || cluster.worker?.id === 1)) {
    const accounts = await seedDemoIfEmpty(database, config, app.log, { storage: app.storage });
    if (accounts) printDemoAccounts(accounts);
  }

  // SIGTERM (a supervisor's stop) or SIGINT (Ctrl+C): a graceful drain (docs/production.md, Signals). New requests get
  // Fastify's 503 with `Connection: close` (a load balancer tries another process), websockets are closed with 4200 so
  // pusher-js reconnects to another process at once, the listening socket and idle keep-alive connections close,
  // requests in flight finish (answered with `Connection: close`), then running jobs finish and the database closes:
  // exit 0. What is still running at the deadline is cut off: exit 1. A second signal changes nothing (a cluster's
  // primary passes on the Ctrl+C its workers already got).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, timeoutSeconds: config.shutdownTimeoutMs / 1000 }, 'draining: finishing requests and jobs');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutSeconds: config.shutdownTimeoutMs / 1000 }, 'the drain did not finish in time: closing what is left');
      app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'the drain failed');
      process.exit(1);
    }
    app.log.info('drained: exiting');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  app.log.info(`Partner portal on ${config.appUrl} — database: ${where}`);
}

function printDemoAccounts(accounts: Awaited<ReturnType<typeof seedDemoIfEmpty>>): void {
  if (!accounts) return;
  const lines = ['', 'Demo accounts (seeded because the database was empty):'];
  for (const account of accounts.filter((each) => !each.operatorRole)) {
    lines.push(`  ${account.email.padEnd(34)} ${account.password.padEnd(16)} ${account.description}`);
    if (account.totpSecret) lines.push(`  ${''.padEnd(34)} TOTP secret: ${account.totpSecret}`);
  }
  const operators = accounts.filter((each) => each.operatorRole);
  if (operators.length > 0) {
    lines.push('', 'Demo operators of the console (/console/login; two-factor enrolled, codes from the TOTP secret):');
    for (const operator of operators) lines.push(`  ${operator.email.padEnd(34)} ${operator.password.padEnd(16)} ${operator.description}`);
    lines.push(`  ${''.padEnd(34)} TOTP secret of each: ${operators[0]!.totpSecret}`);
  }
  lines.push('');
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The portal could not start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
