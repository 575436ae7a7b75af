import { PageShell } from '../components/layout/PageShell';
import { AccountOverview } from '../features/account/AccountOverview';

/** Issue 27: the account, its devices and the ways out; signed out, the offer to sign in. */
export default function AccountPage() {
  return (
    <PageShell title="Your account">
      <AccountOverview />
    </PageShell>
  );
}
