import { AUTH_PATHS } from '../../../contracts/auth.values.js';
import { APP_ROUTES } from '../../../contracts/routes.js';
import type { MediaStorage } from '../../adapters/storage/types.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import type { PagePreloads } from '../../plugins/spa.js';
import { createAccountExport } from './export.js';
import { createPasskeys } from './passkeys.js';
import { createPasskeysRepository } from './passkeys-repository.js';
import { createAccountsRepository } from './repository.js';
import { accountRoutes } from './routes.js';
import { createAccountsService, type AccountsServiceDeps } from './service.js';

/**
 * Passwordless accounts (docs/decisions/024): e-mail codes and links, the claim of what a
 * browser made anonymously, the account page's devices and the sign-outs; the download of the
 * account's data and its deletion, after a fresh sign-in; passkeys (decision 027).
 */
export async function registerAccounts(
  app: HttpServer,
  { config, database, sessionSecret }: AppContext,
  deps: Pick<AccountsServiceDeps, 'mailer' | 'betaAccessCode' | 'eraseVisitor'> & {
    /** Where media bytes are, for the export. */
    storage: MediaStorage;
  },
): Promise<{ pagePreloads: PagePreloads }> {
  const repository = createAccountsRepository(database.db);
  const passkeysRepository = createPasskeysRepository(database.db);
  const service = createAccountsService({
    repository,
    passkeys: passkeysRepository,
    mailer: deps.mailer,
    appUrl: config.appUrl,
    secret: sessionSecret,
    betaAccessCode: deps.betaAccessCode,
    eraseVisitor: deps.eraseVisitor,
  });
  const passkeys = createPasskeys({ repository: passkeysRepository, appUrl: config.appUrl });
  const exporter = createAccountExport({
    repository,
    passkeysOf: passkeys.list,
    storage: deps.storage,
    log: app.log,
  });
  await app.register(accountRoutes, { service, exporter, passkeys });
  return {
    pagePreloads: {
      // The account page is sent rendered with its answer, signed in or not: the read starts no
      // session (a newcomer is told they are signed out), so it is made for newcomers too.
      [APP_ROUTES.account]: async () => [{ data: AUTH_PATHS.account }],
    },
  };
}
