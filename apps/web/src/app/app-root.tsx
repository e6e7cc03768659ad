// The composed application: providers around the router.
import { RouterProvider } from '@tanstack/react-router';
import { Providers } from './providers';
import { router } from './router';

export function AppRoot() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
