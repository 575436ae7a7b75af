import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx). It does not resolve conflicting Tailwind classes: of two that set the
 * same thing (two background colours, two heights) the stylesheet's order decides, not the order
 * here. So never pass two such classes: make conditional classes exclusive, and have components
 * take variants (a Button's variant and size, a DialogContent's size) instead of overriding
 * their own classes through className.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
