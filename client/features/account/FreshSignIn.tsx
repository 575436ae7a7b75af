import { FormAlert } from '../../components/ui/form-alert';
import { SIGN_IN_AGAIN } from './copy';
import { SignInButton } from './SignInButton';

/**
 * What a refusal for want of a fresh sign-in says (the server's words), what happens after, and
 * the way to sign in again. An alert: it appears where the action was pressed, focus stays there.
 */
export function FreshSignInNeeded({
  message,
  next,
  onSignIn,
}: {
  /** The server's message; nothing is shown without one. */
  message: string | null;
  /** What happens once signed in again. */
  next: string;
  onSignIn: () => void;
}) {
  if (!message) return null;
  return (
    <FormAlert title={message}>
      <p className="mt-1">{next}</p>
      <SignInButton label={SIGN_IN_AGAIN} variant="secondary" className="mt-3" onOpen={onSignIn} />
    </FormAlert>
  );
}
