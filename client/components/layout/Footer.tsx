import { Link } from 'react-router';
import { APP_ROUTES } from '../../../contracts/routes';

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8 text-slate-800 sm:grid-cols-2">
        <div className="grid gap-2">
          <p className="font-bold">Accessible Journeys</p>
          <p>Veteran- and woman-owned travel planning, in preview.</p>
          <p>
            No travel is sold until our seller-of-travel registration is active. Payments on this
            site are a demonstration.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid gap-1">
            <li>
              <Link
                className="inline-flex min-h-11 items-center underline"
                to={APP_ROUTES.emergencyInfo}
              >
                Emergency and safety information
              </Link>
            </li>
            <li>
              <Link
                className="inline-flex min-h-11 items-center underline"
                to={APP_ROUTES.flightPlan}
              >
                Plan a trip
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
