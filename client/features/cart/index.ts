export { CartPanel } from './CartPanel';
export { cart, cartItemFromDestination, useCartItems } from './store';
