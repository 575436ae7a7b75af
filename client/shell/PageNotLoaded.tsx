import { Button } from '../components/ui/button';
import { useOnline } from '../lib/use-online';

/**
 * Where a page would be when its code could not be loaded: offline, it was never opened on this
 * device; online, a new release replaced it (the old files are gone), and a reload fetches the new.
 */
export function PageNotLoaded() {
  const online = useOnline();
  return (
    <div className="mx-auto max-w-2xl p-8 text-slate-900">
      <h1 className="text-2xl font-bold">This page could not be opened</h1>
      <p className="mt-2 text-slate-800">
        {online
          ? 'Its code could not be loaded, perhaps because the site was just updated. Reloading the page fetches it again.'
          : 'It has not been opened on this device before, so it is not saved for use without a connection. It opens when you are back online; pages you have opened before work now.'}
      </p>
      {online ? (
        <Button className="mt-4" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      ) : null}
    </div>
  );
}
