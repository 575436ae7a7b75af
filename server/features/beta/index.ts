import type { Mailer } from '../../adapters/mail/mailer.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import { createBetaRepository } from './repository.js';
import { betaRoutes } from './routes.js';
import { createBetaService } from './service.js';

/**
 * Beta sign-ups and their e-mailed verification links. Hands on the access code of a verified
 * address, for the account page (a beta tester's verified address is their account's).
 */
export async function registerBeta(
  app: HttpServer,
  { config, database }: AppContext,
  { mailer }: { mailer: Mailer },
): Promise<{ betaAccessCode: (email: string) => Promise<string | null> }> {
  const service = createBetaService(createBetaRepository(database.db), {
    appUrl: config.appUrl,
    mailer,
  });
  await app.register(betaRoutes, { service });
  return { betaAccessCode: service.verifiedAccessCode };
}
