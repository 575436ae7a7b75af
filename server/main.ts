import { enableCompileCache } from 'node:module';

/*
 * Node keeps the machine code it compiles for each module on disk (in the system's temporary
 * directory) and reuses it while the file is unchanged, so every start after the first after a
 * build spends less of its time compiling the server and its libraries (a thousand files). It
 * must be on before they load: they are imported below, not at the top.
 */
enableCompileCache();
const [{ prepareLanguage }, { buildApp }, { ConfigError, loadConfig }, { createContext }] =
  await Promise.all([
    import('./features/chat/assistant/language.js'),
    import('./app.js'),
    import('./config.js'),
    import('./context.js'),
  ]);

/** How long in-flight requests get to finish after SIGTERM/SIGINT before we exit anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How long after listening the assistant's language model is loaded. */
const LANGUAGE_AFTER_LISTEN_MS = 1_000;

async function main() {
  const config = loadConfig(process.env);
  const { database, sessionSecret, migrated } = await createContext(config);
  const app = await buildApp({ config, database, sessionSecret });
  if (migrated.length > 0) app.log.info({ migrated }, 'database migrated');

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (s) => void shutdown(s));
  process.once('SIGINT', (s) => void shutdown(s));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { address, url: config.appUrl, database: database.kind, dataDir: config.dataDir },
    'server ready',
  );
  // The assistant's language model loads soon, rather than on a visitor's first question, but
  // after the first requests (a load balancer's health check, the first page): loading it holds
  // the event loop for a large part of a second. A question asked before then loads it itself.
  setTimeout(prepareLanguage, LANGUAGE_AFTER_LISTEN_MS).unref();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
