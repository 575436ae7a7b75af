import { ImageOff, ShoppingCart } from 'lucide-react';
import { useId, useState } from 'react';
import type { Destination } from '../../../contracts/destinations';
import { Button } from '../../components/ui/button';
import { SafetyLevelBadge } from '../../components/ui/safety-level-badge';
import { formatDestinationPrice } from '../../lib/format';
import { accessibilityHighlights } from './accessibility-highlights';
import { DestinationDetailsDialog } from './DestinationDetailsDialog';
import { destinationImageSrc } from './images';

export interface DestinationCardProps {
  destination: Destination;
  onAddToCart?: (destination: Destination) => void;
  /** The card's name is a heading one level below the list's own heading. */
  headingLevel?: 'h3' | 'h4';
}

function DestinationImage({ destination }: { destination: Destination }) {
  const src = destinationImageSrc(destination);
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        src={src}
        alt={`${destination.name}, ${destination.location}`}
        loading="lazy"
        decoding="async"
        width={640}
        height={360}
        onError={() => setFailed(true)}
        className="aspect-video w-full object-cover"
      />
    );
  }
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-slate-100 text-slate-700">
      <ImageOff aria-hidden="true" className="size-8" />
      <span className="text-sm font-medium">Authentic Photo Coming Soon</span>
    </div>
  );
}

export function DestinationCard({
  destination,
  onAddToCart,
  headingLevel: Heading = 'h3',
}: DestinationCardProps) {
  const highlights = accessibilityHighlights(destination);
  // The same destination can show twice on a page (search results and the grid).
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm"
    >
      <div className="relative">
        <DestinationImage destination={destination} />
        <SafetyLevelBadge
          level={destination.safetyLevel}
          className="absolute top-3 left-3 shadow"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <Heading id={headingId} className="text-lg font-bold">
            {destination.name}
          </Heading>
          <p className="text-slate-700">
            {destination.location}, {destination.country}
          </p>
        </div>
        <p className="font-semibold">
          {formatDestinationPrice(destination.price, destination.currency)}{' '}
          <span className="font-normal text-slate-700">· {destination.category}</span>
        </p>
        <p className="line-clamp-2 text-slate-800">{destination.description}</p>
        {highlights.length > 0 ? (
          <ul aria-label="Accessibility" className="flex flex-wrap gap-2">
            {highlights.map(({ key, label, Icon }) => (
              <li
                key={key}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-sm text-brand-900"
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">Standard accessibility</p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <DestinationDetailsDialog destination={destination} />
          {onAddToCart ? (
            <Button
              onClick={() => onAddToCart(destination)}
              aria-label={`Add to Cart: ${destination.name}`}
            >
              <ShoppingCart aria-hidden="true" className="size-4" />
              Add to Cart
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
