import { AUTH_MESSAGES, normaliseEmail } from '../../../contracts/auth.values';
import { checkResolver } from '../../components/ui/use-form-kit';

/*
 * The deletion's one check, without zod (the account page loads no schema): the address typed is
 * the account's, compared as the server compares it (trimmed, any case), with the contract's
 * message (contracts/auth.ts deleteAccountSchema). The server's 400 lands on the same field.
 */

export interface DeleteAccountValues {
  confirm: string;
}

export function confirmProblem(typed: string, accountEmail: string): string | undefined {
  return normaliseEmail(typed) === normaliseEmail(accountEmail)
    ? undefined
    : AUTH_MESSAGES.deleteConfirm;
}

export const deleteAccountResolver = (accountEmail: string) =>
  checkResolver<DeleteAccountValues>(({ confirm }) => ({
    confirm: confirmProblem(confirm, accountEmail),
  }));
