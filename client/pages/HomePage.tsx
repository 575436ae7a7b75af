import type { Destination } from '../../contracts/destinations';
import { toast } from '../components/ui/use-toast';
import { cart, cartItemFromDestination } from '../features/cart';
import { DestinationsGrid } from '../features/destinations';

function addDestinationToCart(destination: Destination) {
  cart.add(cartItemFromDestination(destination));
  toast({ title: 'Added to cart', description: destination.name });
}

export default function HomePage() {
  return (
    <>
      <title>Accessible Journeys - travel planning for everyone</title>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Travel planning where no one gets left behind
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-800">
            Destinations whose accessibility features are documented by the places themselves, with
            the travel advisory level of each country: for travellers with mobility, visual, hearing
            and neurodiversity needs, and for veterans.
          </p>
        </div>
      </section>
      <section id="destinations" aria-labelledby="destinations-heading" className="scroll-mt-20">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="destinations-heading" className="text-3xl font-bold">
            Featured Destinations
          </h2>
          <p className="mt-2 mb-8 max-w-3xl text-slate-700">
            Each destination lists the accessibility features its operator documents, and the travel
            advisory level of its country.
          </p>
          <DestinationsGrid onAddToCart={addDestinationToCart} />
        </div>
      </section>
    </>
  );
}
