import { ACCESSIBILITY_FEATURE_LABELS } from '../../../contracts/accessibility';
import type { Destination } from '../../../contracts/destinations';
import { advisoryLevelLabel } from '../../../contracts/advisory-levels';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { SafetyLevelBadge } from '../../components/ui/safety-level-badge';
import { formatDestinationPrice } from '../../lib/format';

export function DestinationDetailsDialog({ destination }: { destination: Destination }) {
  const levelMeaning = advisoryLevelLabel(destination.safetyLevel);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" aria-label={`View Details: ${destination.name}`}>
          View Details
        </Button>
      </DialogTrigger>
      <DialogContent
        title={destination.name}
        description={`${destination.location}, ${destination.country}`}
      >
        <div className="grid gap-4">
          <p>{destination.description}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="font-semibold">Price</dt>
            <dd>
              {formatDestinationPrice(destination.price, destination.currency)}{' '}
              {destination.priceBasis}
            </dd>
            <dt className="font-semibold">Category</dt>
            <dd>{destination.category}</dd>
            <dt className="font-semibold">Travel advisory</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <SafetyLevelBadge level={destination.safetyLevel} />
              {levelMeaning ? <span>{levelMeaning}</span> : null}
            </dd>
          </dl>
          <section aria-labelledby={`features-${destination.id}`}>
            <h3 id={`features-${destination.id}`} className="mb-2 font-semibold">
              Accessibility features
            </h3>
            {destination.accessibilityFeatures.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5">
                {destination.accessibilityFeatures.map((feature) => (
                  <li key={feature}>{ACCESSIBILITY_FEATURE_LABELS[feature]}</li>
                ))}
              </ul>
            ) : (
              <p>Standard accessibility. Contact the venue about your needs before you book.</p>
            )}
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
