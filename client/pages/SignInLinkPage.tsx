import { useSearchParams } from 'react-router';
import { PageShell } from '../components/layout/PageShell';
import { LinkRejected, LinkSignIn } from '../features/account/LinkSignIn';

/** Issue 27: the mailed sign-in link, /sign-in/link?token=… (one press signs in; a GET never). */
export default function SignInLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <PageShell title="Sign in">
      {/* A new token is a new sign-in, with its own state. */}
      {token ? <LinkSignIn key={token} token={token} /> : <LinkRejected />}
    </PageShell>
  );
}
