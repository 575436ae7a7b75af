// Builds what is missing or older than its sources: the client (Vite, into dist/client) and the
// server (tsc, into dist/server). `npm start` runs this first, so the one-command start always
// serves what the source says, and a start with a current build runs no compiler or bundler.
// `--force` builds both whatever their age (`npm run build`).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

const TARGETS = [
  {
    name: 'client',
    // Written last by the client build (the prerendered shell).
    marker: 'dist/client/index.html',
    sources: [
      'client',
      'contracts',
      'vite.config.ts',
      'scripts/prerender.ts',
      'scripts/compress.ts',
      'package-lock.json',
    ],
    command: ['npx', ['vite', 'build']],
  },
  {
    name: 'server',
    // Written after tsc succeeds, so a failed build is never taken for a current one.
    marker: 'dist/server/.built',
    sources: [
      'server',
      'contracts',
      'tsconfig.json',
      'tsconfig.base.json',
      'tsconfig.server.json',
      'package-lock.json',
    ],
    command: ['npx', ['tsc', '-p', 'tsconfig.server.json']],
  },
];

function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

for (const target of TARGETS) {
  const marker = path.join(root, target.marker);
  const builtAt = newestMtime(marker);
  const sourcesAt = Math.max(...target.sources.map((s) => newestMtime(path.join(root, s))));
  if (!force && builtAt >= sourcesAt) {
    console.log(`The ${target.name} build is up to date.`);
    continue;
  }
  console.log(
    builtAt && !force
      ? `The ${target.name}'s sources changed: rebuilding…`
      : `Building the ${target.name}…`,
  );
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  if (target.name === 'server') writeFileSync(marker, `${new Date().toISOString()}\n`);
}
