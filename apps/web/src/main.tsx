import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/Providers';
import { router } from './app/router';
import { setSessionExpiredHandler } from './lib/api';

setSessionExpiredHandler(() => void router.navigate('/login'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
