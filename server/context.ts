import { resolveSessionSecret, type Config } from './config.js';
import { createDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

/** What the application is built from: the configuration, the database and the session secret. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  sessionSecret: string;
}

/**
 * Creates the shared services once (database, secrets) and brings the schema up to date.
 * Used by `main.ts` and by the API tests, so both start the same way.
 */
export async function createContext(config: Config): Promise<{
  database: DatabaseHandle;
  sessionSecret: string;
  migrated: string[];
}> {
  const sessionSecret = resolveSessionSecret(config);
  const database = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const migrated = await migrateToLatest(database.db, database.kind);
    return { database, sessionSecret, migrated };
  } catch (error) {
    await database.close();
    throw error;
  }
}
