export interface DestinationTable {
  id: string;
  name: string;
  location: string;
  country: string;
  countryCode: string;
  price: string;
  priceBasis: string;
  currency: string;
  category: string;
  description: string;
  imageUrl: string | null;
  safetyLevel: number;
  isAccessible: number;
  isVeteranFriendly: number;
  isNeuroFriendly: number;
  /** JSON array of AccessibilityFeature ids. */
  accessibilityFeatures: string;
  source: string;
  checkedAt: string;
  createdAt: string;
}
