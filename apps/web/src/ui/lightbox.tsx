import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type LightboxImage = { src: string; alt?: string };

type LightboxContextValue = { open: (images: LightboxImage[], index?: number) => void };

const LightboxContext = createContext<LightboxContextValue>({ open: () => undefined });

// The viewer (and its stylesheet) loads the first time an image is opened.
const LightboxViewer = lazy(() => import('./lightbox-viewer.tsx'));

/** Makes the image lightbox with zoom and rotate available to every screen (spec §2). */
export function LightboxProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ images: LightboxImage[]; index: number } | null>(null);
  const open = useCallback((images: LightboxImage[], index = 0) => setState({ images, index }), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <LightboxContext.Provider value={value}>
      {children}
      {state ? (
        <Suspense fallback={null}>
          <LightboxViewer images={state.images} index={state.index} onClose={() => setState(null)} />
        </Suspense>
      ) : null}
    </LightboxContext.Provider>
  );
}

export const useLightbox = () => useContext(LightboxContext);
