import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './app.tsx';
import { installChunkReload } from './lib/chunk-reload.ts';

installChunkReload();

// A data router: forms can then block navigation while they hold unsaved changes (warnWhenUnsavedChanges).
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
