import { createContext, useContext, type ReactNode } from 'react';
import type { Brand } from '@tourdesk/contracts';
import { api } from './api-client.ts';

/** The brand of the host the app is served from (spec §1), loaded before the app renders. */
const BrandContext = createContext<Brand | null>(null);

export const loadBrand = () => api<Brand>('/brand', { anonymous: true });

export function BrandProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand outside BrandProvider');
  return brand;
}
