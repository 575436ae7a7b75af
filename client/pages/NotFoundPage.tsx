import { Link } from 'react-router';
import { APP_ROUTES } from '../../contracts/routes';
import { PageShell } from '../components/layout/PageShell';

export default function NotFoundPage() {
  return (
    <PageShell
      title="404 Page Not Found"
      lead="Did you forget to add the page to the router? The address you followed does not match any page of this site."
    >
      <Link
        to={APP_ROUTES.home}
        className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
      >
        Go to the home page
      </Link>
    </PageShell>
  );
}
