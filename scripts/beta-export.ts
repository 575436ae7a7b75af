/**
 * npm run beta:export [-- --out signups.csv]: the beta sign-ups as CSV, from the database the
 * server uses (the same environment variables: DATA_DIR or DATABASE_URL).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { createContext } from '../server/context.js';
import { signupsCsv } from '../server/features/beta/export.js';
import { createBetaRepository } from '../server/features/beta/repository.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const { database } = await createContext(loadConfig(process.env));
try {
  const rows = await createBetaRepository(database.db).all();
  const csv = signupsCsv(rows);
  if (values.out) {
    await writeFile(values.out, csv, { mode: 0o600 });
    console.error(`${rows.length} sign-ups written to ${values.out}`);
  } else {
    process.stdout.write(csv);
  }
} finally {
  await database.close();
}
