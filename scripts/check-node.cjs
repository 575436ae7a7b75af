// Runs before `npm install` and `npm start`, on whatever Node the machine has, so it is kept to
// syntax every Node since 8 reads. An older Node would install and then crash inside native modules
// (better-sqlite3 13 needs Node 22): one clear line instead.
'use strict';
var required = [22, 12];
var parts = process.versions.node.split('.').map(Number);
var ok = parts[0] > required[0] || (parts[0] === required[0] && parts[1] >= required[1]);
if (!ok) {
  process.stderr.write(
    '\nAccessible Journeys needs Node.js ' +
      required.join('.') +
      ' or newer (24 LTS recommended); this is Node.js ' +
      process.versions.node +
      '.\n' +
      'Install a current Node (https://nodejs.org, nvm: `nvm install` reads .nvmrc), or without root:\n' +
      '  npm install --prefix ~/.node24 node@24 && export PATH="$HOME/.node24/node_modules/.bin:$PATH"\n\n',
  );
  process.exit(1);
}
