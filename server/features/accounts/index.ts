import type { Mailer } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import { createAccountsRepository } from './repository.js';
import { accountRoutes } from './routes.js';
import { createAccountsService } from './service.js';

/**
 * Passwordless accounts (docs/decisions/024): e-mail codes and links, the claim of what a
 * browser made anonymously, the account page's devices and the sign-outs.
 */
export async function registerAccounts(
  app: HttpServer,
  { config, database, sessionSecret }: AppContext,
  deps: { mailer: Mailer; betaAccessCode: (email: string) => Promise<string | null> },
): Promise<void> {
  const service = createAccountsService({
    repository: createAccountsRepository(database.db),
    mailer: deps.mailer,
    appUrl: config.appUrl,
    secret: sessionSecret,
    betaAccessCode: deps.betaAccessCode,
  });
  await app.register(accountRoutes, { service });
}
